/**
 * The cursor sync in a worker thread (sync-worker.ts), behind the same calls the services use:
 * `syncAll`, `cancel`, `isRunning`. Progress, "readings changed" and rate-limit updates arrive as the
 * request's events, in the one message shape of threads/rpc.ts.
 *
 * Why: a full sync parses and writes millions of readings. On the main thread that work delays IPC and
 * window events (the event-loop lag benchmark); in the worker it runs beside them, and HTTP + JSON
 * parsing overlap with the main thread's own work. Both threads use the same SQLite file in WAL mode:
 * readers on the main thread never wait for the worker's page transactions.
 *
 * The token reaches the worker in memory only (workerData); it is never written anywhere.
 */
import type { ApiClientOptions, RateLimitState } from '../api/client';
import { AppError } from '../errors';
import { startWorker } from '../start-worker';
import { createThreadClient } from '../threads/rpc';
import type { SyncProgress, SyncSummary } from './sync-service';
import type { SyncCalls, SyncEvent } from './sync-thread-calls';

export interface SyncWorkerData {
  dbPath: string;
  tz: string;
  connection: { baseUrl: string; team: string; token: string };
  apiOptions?: Pick<ApiClientOptions, 'timeoutMs' | 'maxRetries' | 'baseDelayMs' | 'maxDelayMs'>;
  pageSize?: number;
  concurrency?: number;
  recentFirstDays?: number;
}

export interface WorkerSyncOptions extends SyncWorkerData {
  onProgress?: (p: SyncProgress) => void;
  onReadingsChanged?: (meterIds: string[]) => void;
  onRateLimit?: (r: RateLimitState) => void;
}

export function createWorkerSync(o: WorkerSyncOptions) {
  const { onProgress, onReadingsChanged, onRateLimit, ...data } = o;
  const thread = createThreadClient<SyncCalls>(() => startWorker('sync-worker', data), 'The sync');
  let running = 0;
  let closed: Promise<void> | null = null;
  const onEvent = (e: unknown) => {
    const ev = e as SyncEvent;
    if (ev.type === 'progress') onProgress?.(ev.progress);
    else if (ev.type === 'changed') onReadingsChanged?.(ev.meterIds);
    else onRateLimit?.(ev.rateLimit);
  };

  return {
    /** Resolves once the worker has loaded and opened the database (or has failed to). */
    ready: async (): Promise<void> => {
      await thread.run('ping').catch(() => undefined);
    },
    /** Syncs every meter that can have data (or the given ones), in the worker. */
    syncAll(opts: { meterIds?: string[] } = {}): Promise<SyncSummary> {
      if (closed)
        return Promise.reject(new AppError('internal', 'The sync is closed.', { reason: 'sync_closed' }));
      if (running > 0)
        return Promise.reject(
          new AppError('conflict', 'A sync is already running.', { reason: 'sync_running' }),
        );
      // A thread that crashed does not take the sync down for the rest of the session: the next
      // request starts a new one (threads/rpc.ts).
      running += 1;
      return thread.runWithEvents('syncAll', onEvent, opts.meterIds ?? null).finally(() => {
        running = Math.max(0, running - 1);
      });
    },
    isRunning: () => running > 0,
    cancel(): boolean {
      if (running === 0 || closed) return false;
      void thread.run('cancel').catch(() => false);
      return true;
    },
    /** Stops the thread at once (a running sync fails; committed pages stay). The next sync restarts it. */
    terminate: (): Promise<void> => thread.terminate(),
    /** Cancels a running sync, lets it settle, closes the worker's database and ends the thread. */
    close(): Promise<void> {
      closed ??= (async () => {
        if (running > 0) await thread.run('cancel').catch(() => false);
        await thread.close();
      })();
      return closed;
    },
  };
}

export type WorkerSync = ReturnType<typeof createWorkerSync>;
