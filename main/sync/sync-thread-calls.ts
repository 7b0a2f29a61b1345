/**
 * What the sync's thread answers (threads/rpc.ts): `syncAll` with its events (progress, readings
 * changed, rate limit) and `cancel`. The thread's context is its own sync service over its own
 * connection and API client (sync-worker.ts); this file only names the calls, so the main side can
 * type them without loading the thread's code.
 */
import type { RateLimitState } from '../api/client';
import type { SyncProgress, SyncService, SyncSummary } from './sync-service';

export type SyncEvent =
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'changed'; meterIds: string[] }
  | { type: 'rateLimit'; rateLimit: RateLimitState };

export interface SyncThreadContext {
  sync: SyncService;
  /** Where the running sync's events go: set for the length of one `syncAll`. */
  emit: ((e: SyncEvent) => void) | null;
}

export const syncCalls = {
  /** Answers once the thread has opened the file and built its client. */
  ping: (_ctx: SyncThreadContext): true => true,
  async syncAll(
    ctx: SyncThreadContext,
    meterIds: string[] | null,
    emit: (e: SyncEvent) => void,
  ): Promise<SyncSummary> {
    const events = coalesced(emit);
    ctx.emit = events.emit;
    try {
      return await ctx.sync.syncAll(meterIds ? { meterIds } : {});
    } finally {
      ctx.emit = null;
      events.flush(); // before the answer: a message sent after it would reach no one
    }
  },
  cancel: (ctx: SyncThreadContext): boolean => ctx.sync.cancel(),
};

export type SyncCalls = typeof syncCalls;

/** How often a running sync's events are passed on to the main side. */
const EVERY_MS = 100;

/**
 * A running sync's events, at most every 100 ms: the latest progress, the meters whose readings
 * changed since the last time (gathered), the latest rate limit. Each page sent all three (a rate limit
 * per request, a progress and its meter per page): ≈ 4 % of the first sync's CPU went to posting them
 * (issue 46). The end of a run (progress `done`) is passed on at once, after what changed.
 */
export function coalesced(emit: (e: SyncEvent) => void) {
  const changed = new Set<string>();
  let progress: SyncProgress | null = null;
  let rateLimit: RateLimitState | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (changed.size > 0) emit({ type: 'changed', meterIds: [...changed] });
    changed.clear();
    if (rateLimit) emit({ type: 'rateLimit', rateLimit });
    if (progress) emit({ type: 'progress', progress });
    rateLimit = progress = null;
  };
  return {
    emit(e: SyncEvent): void {
      if (e.type === 'changed') for (const id of e.meterIds) changed.add(id);
      else if (e.type === 'rateLimit') rateLimit = e.rateLimit;
      else progress = e.progress;
      if (e.type === 'progress' && e.progress.done) flush();
      else timer ??= setTimeout(flush, EVERY_MS);
    },
    flush,
  };
}
