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
    ctx.emit = emit;
    try {
      return await ctx.sync.syncAll(meterIds ? { meterIds } : {});
    } finally {
      ctx.emit = null;
    }
  },
  cancel: (ctx: SyncThreadContext): boolean => ctx.sync.cancel(),
};

export type SyncCalls = typeof syncCalls;
