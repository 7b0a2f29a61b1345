/**
 * The cursor sync in a worker thread (sync-worker.ts), behind the same calls the services use:
 * `syncAll`, `cancel`, `isRunning`. Progress, "readings changed" and rate-limit updates arrive as events.
 *
 * Why: a full sync parses and writes millions of readings. On the main thread that work delays IPC and
 * window events (the event-loop lag benchmark); in the worker it runs beside them, and HTTP + JSON
 * parsing overlap with the main thread's own work. Both threads use the same SQLite file in WAL mode:
 * readers on the main thread never wait for the worker's page transactions.
 *
 * The token reaches the worker in memory only (workerData); it is never written anywhere.
 */
import type { Worker } from 'node:worker_threads';
import type { ApiClientOptions, RateLimitState } from '../api/client';
import { AppError } from '../errors';
import type { ContractError } from '../../preload/contract';
import type { SyncProgress, SyncSummary } from './sync-service';
import { startWorker } from '../start-worker';

export interface SyncWorkerData {
  dbPath: string;
  tz: string;
  connection: { baseUrl: string; team: string; token: string };
  apiOptions?: Pick<ApiClientOptions, 'timeoutMs' | 'maxRetries' | 'baseDelayMs' | 'maxDelayMs'>;
  pageSize?: number;
  concurrency?: number;
  recentFirstDays?: number;
}

export type ToWorker =
  { type: 'syncAll'; id: number; meterIds?: string[] } | { type: 'cancel' } | { type: 'close' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'changed'; meterIds: string[] }
  | { type: 'rateLimit'; rateLimit: RateLimitState }
  | { type: 'done'; id: number; summary: SyncSummary }
  | { type: 'failed'; id: number; error: ContractError }
  | { type: 'closed' };

export interface WorkerSyncOptions extends SyncWorkerData {
  onProgress?: (p: SyncProgress) => void;
  onReadingsChanged?: (meterIds: string[]) => void;
  onRateLimit?: (r: RateLimitState) => void;
}

export function createWorkerSync(o: WorkerSyncOptions) {
  const { onProgress, onReadingsChanged, onRateLimit, ...data } = o;
  const pending = new Map<number, { resolve: (s: SyncSummary) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let running = 0;
  let closed: Promise<void> | null = null;

  interface Thread {
    worker: Worker;
    ready: Promise<void>;
    /** Set once the thread has ended (crashed, or been stopped). */
    exited: AppError | null;
  }

  const failAll = (err: AppError) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    running = 0;
  };

  /** Starts a worker thread; a thread that ended is replaced by the next `syncAll`. */
  function start(): Thread {
    const worker = startWorker('sync-worker', data);
    let markReady: () => void = () => undefined;
    const t: Thread = { worker, ready: new Promise<void>((r) => (markReady = r)), exited: null };
    worker.on('message', (m: FromWorker) => {
      switch (m.type) {
        case 'ready':
          markReady();
          break;
        case 'progress':
          onProgress?.(m.progress);
          break;
        case 'changed':
          onReadingsChanged?.(m.meterIds);
          break;
        case 'rateLimit':
          onRateLimit?.(m.rateLimit);
          break;
        case 'done':
        case 'failed': {
          const p = pending.get(m.id);
          pending.delete(m.id);
          running = Math.max(0, running - 1);
          if (m.type === 'done') p?.resolve(m.summary);
          else
            p?.reject(
              new AppError(m.error.code, m.error.message, {
                retryAtSec: m.error.retryAtSec,
                reason: m.error.reason,
                serviceText: m.error.serviceText,
              }),
            );
          break;
        }
        default:
          break;
      }
    });
    worker.on('error', (err) => {
      t.exited = new AppError('internal', `The sync stopped unexpectedly: ${err.message}`);
      failAll(t.exited);
      markReady();
    });
    worker.on('exit', () => {
      t.exited ??= new AppError('internal', 'The sync stopped unexpectedly. The next sync starts it again.');
      failAll(t.exited);
      markReady();
    });
    return t;
  }

  let thread = start();

  return {
    /** Resolves once the worker has loaded and opened the database (or has failed to). */
    ready: () => thread.ready,
    /** Syncs every meter that can have data (or the given ones), in the worker. */
    syncAll(opts: { meterIds?: string[] } = {}): Promise<SyncSummary> {
      if (closed) return Promise.reject(new AppError('internal', 'The sync is closed.'));
      if (running > 0) return Promise.reject(new AppError('conflict', 'A sync is already running.'));
      // A thread that crashed does not take the sync down for the rest of the session.
      if (thread.exited) thread = start();
      const id = nextId++;
      running += 1;
      const w = thread.worker;
      return new Promise<SyncSummary>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ type: 'syncAll', id, meterIds: opts.meterIds } satisfies ToWorker);
      });
    },
    isRunning: () => running > 0,
    cancel(): boolean {
      if (running === 0 || thread.exited) return false;
      thread.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
      return true;
    },
    /** Stops the thread at once (a running sync fails; committed pages stay). The next sync restarts it. */
    terminate: async (): Promise<void> => {
      await thread.worker.terminate();
    },
    /** Cancels a running sync, lets it settle, closes the worker's database and ends the thread. */
    close(): Promise<void> {
      closed ??= (async () => {
        const { worker, exited } = thread;
        if (exited) return;
        const done = new Promise<void>((resolve) => {
          worker.on('message', (m: FromWorker) => {
            if (m.type === 'closed') resolve();
          });
          worker.once('exit', () => resolve());
        });
        worker.postMessage({ type: 'close' } satisfies ToWorker);
        const timer = setTimeout(() => void worker.terminate(), 10_000);
        await done;
        clearTimeout(timer);
        await worker.terminate();
      })();
      return closed;
    },
  };
}

export type WorkerSync = ReturnType<typeof createWorkerSync>;
