/**
 * The sync's downloads in a thread of their own (fetch-worker.ts): feed pages and window reads are
 * requested, received, parsed and validated there, and arrive here as columns of typed arrays whose
 * buffers are transferred, not copied. The sync thread is left with writing pages into SQLite, so on a
 * machine with a core to spare the two halves of a sync run side by side (docs/performance.md).
 *
 * The client it returns is the ordinary API client with its readings downloads (`feedColumns`,
 * `windowReadColumns`, `feedWindowColumns`, and the object forms over them) routed through the
 * thread; errors keep their class, code, HTTP status and retry time, so the sync treats them exactly
 * as before (an expired cursor still re-baselines). A thread that dies fails the requests it held; the next
 * request starts a new one.
 */
import type { Worker } from 'node:worker_threads';
import {
  ApiError,
  asObjects,
  type ApiClient,
  type ApiClientOptions,
  type ColumnsPage,
  type RateLimitState,
} from '../api/client';
import type { ReadingColumns } from '../api/reading-columns';
import type { ApiPage } from '../api/schemas';
import { AppError } from '../errors';
import type { ErrorCode } from '../../preload/contract';
import { startWorker } from '../start-worker';

export type FetchWorkerData = Pick<
  ApiClientOptions,
  'baseUrl' | 'team' | 'token' | 'timeoutMs' | 'maxRetries' | 'baseDelayMs' | 'maxDelayMs'
>;

export type FetchRequest =
  | { type: 'feed'; id: number; meterId: string; cursor: string | null; limit?: number; fromSec?: number }
  | {
      /** `window`: the team surface; `feedWindow`: a window on the change feed's endpoint. */
      type: 'window' | 'feedWindow';
      id: number;
      meterId: string;
      fromSec: number;
      toSec: number;
      quality?: string;
      cursor?: string | null;
      limit?: number;
    };

/** `T` without its id, for each member of a union. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface SentError {
  apiError: boolean;
  code: ErrorCode;
  message: string;
  status: number | null;
  serviceCode: string | null;
  retryAtSec: number | null;
  serviceText: string | null;
}

export type FetchReply =
  | { type: 'page'; id: number; page: Omit<ApiPage, 'readings'>; columns: ReadingColumns }
  | { type: 'error'; id: number; error: SentError }
  | { type: 'rateLimit'; rateLimit: RateLimitState }
  | { type: 'ready' };

/** An error as it crosses the thread boundary, and back. */
export function sendError(err: unknown): SentError {
  if (err instanceof ApiError)
    return {
      apiError: true,
      code: err.code,
      message: err.message,
      status: err.status,
      serviceCode: err.serviceCode,
      retryAtSec: err.retryAtSec,
      serviceText: err.serviceText,
    };
  const code: ErrorCode = err instanceof AppError ? err.code : 'internal';
  return {
    apiError: false,
    code,
    message: (err as Error)?.message ?? String(err),
    status: null,
    serviceCode: null,
    retryAtSec: null,
    serviceText: null,
  };
}

function receiveError(e: SentError): AppError {
  return e.apiError
    ? new ApiError(e.code, e.message, e.status, e.serviceCode, e.retryAtSec, e.serviceText)
    : new AppError(e.code, e.message);
}

/**
 * `api` with its downloads of readings run by a fetch thread made from `data`. Call `close()` when the
 * sync is done for good.
 */
export function withFetchThread(
  api: ApiClient,
  data: FetchWorkerData,
  onRateLimit?: (r: RateLimitState) => void,
): {
  api: ApiClient;
  ready: () => Promise<void>;
  close: () => Promise<void>;
} {
  type Pending = { resolve: (m: FetchReply) => void; reject: (e: Error) => void };
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | null = null;
  /** Settles once the current thread has loaded (or has died trying). */
  let loaded: Promise<void> = Promise.resolve();
  let rateLimit: RateLimitState | null = null;

  function thread(): Worker {
    if (worker) return worker;
    const w = startWorker('fetch-worker', data);
    let markLoaded: () => void = () => undefined;
    loaded = new Promise<void>((resolve) => (markLoaded = resolve));
    const died = (why: string) => {
      markLoaded();
      if (worker === w) worker = null;
      const err = new AppError('internal', `The download thread of the sync stopped (${why}). Sync again.`);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    w.on('message', (m: FetchReply) => {
      if (m.type === 'ready') {
        markLoaded();
        return;
      }
      if (m.type === 'rateLimit') {
        rateLimit = m.rateLimit;
        onRateLimit?.(m.rateLimit);
        return;
      }
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!p) return;
      if (m.type === 'error') p.reject(receiveError(m.error));
      else p.resolve(m);
    });
    w.on('error', (err) => died(err.message));
    w.on('exit', (code) => died(`exit code ${code}`));
    // Only requests in flight keep this thread's event loop alive.
    w.unref();
    worker = w;
    return w;
  }

  function ask(req: WithoutId<FetchRequest>): Promise<FetchReply> {
    const id = nextId++;
    const w = thread();
    if (pending.size === 0) w.ref();
    return new Promise<FetchReply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ ...req, id } as FetchRequest);
    }).finally(() => {
      if (pending.size === 0) worker?.unref();
    });
  }

  const threaded: ApiClient = Object.defineProperty({ ...api }, 'rateLimit', {
    get: () => rateLimit ?? api.rateLimit,
    enumerable: true,
  });
  const page = (m: FetchReply): ColumnsPage => {
    if (m.type !== 'page') throw new AppError('internal', 'The download thread answered out of turn.');
    return { ...m.page, readings: m.columns };
  };
  threaded.feedColumns = async (meterId, cursor, o = {}) =>
    page(await ask({ type: 'feed', meterId, cursor, limit: o.limit, fromSec: o.fromSec }));
  threaded.windowReadColumns = async (meterId, fromSec, toSec, o = {}) =>
    page(await ask({ type: 'window', meterId, fromSec, toSec, ...o }));
  threaded.feedWindowColumns = async (meterId, fromSec, toSec, o = {}) =>
    page(await ask({ type: 'feedWindow', meterId, fromSec, toSec, ...o }));
  // The same downloads as objects, for callers that want them.
  threaded.feed = async (...a) => asObjects(await threaded.feedColumns(...a));
  threaded.windowRead = async (...a) => asObjects(await threaded.windowReadColumns(...a));
  threaded.feedWindow = async (...a) => asObjects(await threaded.feedWindowColumns(...a));

  return {
    api: threaded,
    /**
     * Starts the thread now rather than on the first download, and resolves once it has loaded (a
     * thread that fails to load resolves it too: the first download then reports the failure).
     */
    ready(): Promise<void> {
      thread();
      return loaded;
    },
    /** Ends the thread at once: the requests it held fail, and a later request starts a new one. */
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
