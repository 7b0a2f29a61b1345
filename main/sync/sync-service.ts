/**
 * Cursor sync of a profile's meters into its database. Guarantees:
 * - each page and the cursor that follows it are committed in one transaction, so a crash at any
 *   point resumes from the last committed page and never loses or duplicates a reading;
 * - pages are followed until the service says none remain;
 * - an invalid or expired cursor (422) is recovered by re-baselining: window reads over the revision
 *   window (62 days) on the team surface, then the feed restarts from that point in time;
 * - a first sync works whether the service accepts a missing cursor or demands a starting point;
 * - one sync per meter at a time; a sync can be cancelled; progress is reported per page;
 * - a cancelled or failed run returns only once every meter has stopped, so the next run syncs them all.
 */
import type Database from 'better-sqlite3';
import { ApiError, type ApiClient } from '../api/client';
import type { ApiFeedPage, ApiReading } from '../api/schemas';
import type { AccountStore } from '../db/account-store';
import type { ReadingsStore } from '../db/readings-store';
import { AppError } from '../errors';

export const REBASELINE_DAYS = 62;
/**
 * Readings per feed page: the service's maximum (SERVICE-CONTRACT §4). Fewer requests and larger
 * transactions; the app runs the sync in a worker thread, so a page's write never blocks the UI.
 */
export const DEFAULT_PAGE_SIZE = 10_000;
const WINDOW_CHUNK_DAYS = 90;

export interface SyncProgress {
  meterId: string | null;
  meterIndex: number;
  meterCount: number;
  pages: number;
  readings: number;
  revisions: number;
  etaSec: number | null;
  done: boolean;
}

export interface SyncSummary {
  meters: number;
  readingsWritten: number;
  revisions: number;
  pages: number;
  durationMs: number;
  errors: { meterId: string; code: string; message: string }[];
}

export interface SyncDeps {
  db: Database.Database;
  api: ApiClient;
  account: AccountStore;
  readings: ReadingsStore;
  now?: () => number;
  onProgress?: (p: SyncProgress) => void;
  onReadingsChanged?: (meterIds: string[]) => void;
  /** Readings per feed page requested from the service (the service's default when unset). */
  pageSize?: number;
  concurrency?: number;
  /** On a meter's first sync, read this many recent days by window first (0 = off; default 14). */
  recentFirstDays?: number;
}

/** Readings pass to the store as they are (its unit defaults to kWh): no per-reading copies. */
const toIncoming = (rows: ApiReading[]) => rows;

export function createSyncService(deps: SyncDeps) {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const running = new Set<string>();
  let controller: AbortController | null = null;

  function applyFeedPage(
    meterId: string,
    readings: ApiReading[],
    nextCursor: string | null,
    prevCursor: string | null,
  ) {
    return deps.readings.applyPage(meterId, toIncoming(readings), 'cursor', now(), () => {
      deps.account.writeCursor(meterId, nextCursor ?? prevCursor, now());
    });
  }

  /** Window reads over [fromSec, toSec) on the team surface, following truncation cursors. */
  async function backfill(
    meterId: string,
    fromSec: number,
    toSec: number,
    signal?: AbortSignal,
  ): Promise<{ readings: number; revisions: number; pages: number }> {
    const total = { readings: 0, revisions: 0, pages: 0 };
    for (let start = fromSec; start < toSec; start += WINDOW_CHUNK_DAYS * 86_400) {
      const end = Math.min(toSec, start + WINDOW_CHUNK_DAYS * 86_400);
      let cursor: string | null = null;
      for (;;) {
        if (signal?.aborted) throw new AppError('cancelled', 'Sync was cancelled.');
        const page = await deps.api.windowRead(meterId, start, end, { cursor });
        const w = deps.readings.applyPage(meterId, toIncoming(page.readings), 'window', now());
        total.readings += w.inserted + w.updated;
        total.revisions += w.revisions;
        total.pages += 1;
        if (!page.isTruncated || !page.nextCursor) break;
        cursor = page.nextCursor;
      }
    }
    return total;
  }

  async function syncMeter(
    meterId: string,
    report: (pages: number, readings: number, revisions: number) => void,
    signal?: AbortSignal,
  ) {
    if (running.has(meterId)) return { pages: 0, readings: 0, revisions: 0, skipped: true };
    running.add(meterId);
    const t = { pages: 0, readings: 0, revisions: 0, skipped: false };
    try {
      let cursor = deps.account.cursorOf(meterId);
      let fromSec: number | undefined;
      if (cursor === null && (deps.recentFirstDays ?? 14) > 0) {
        // First sync: fetch the recent days first so the meter is useful at once; the feed then
        // brings the full history (overlaps are no-ops thanks to the revision guard).
        const b = await backfill(meterId, now() - (deps.recentFirstDays ?? 14) * 86_400, now(), signal);
        t.readings += b.readings;
        t.pages += b.pages;
        if (b.readings > 0) deps.onReadingsChanged?.([meterId]);
      }
      const limit = deps.pageSize ?? DEFAULT_PAGE_SIZE;
      // The next page is requested while the current one is written (prefetch), so the service and the
      // database work at the same time. A prefetched page is only ever applied after its predecessor.
      const prefetch: { ahead: { cursor: string; page: Promise<ApiFeedPage> } | null } = { ahead: null };
      for (let guard = 0; guard < 100_000; guard++) {
        if (signal?.aborted) throw new AppError('cancelled', 'Sync was cancelled.');
        let page;
        try {
          const ahead = prefetch.ahead;
          prefetch.ahead = null;
          page =
            ahead && ahead.cursor === cursor
              ? await ahead.page
              : await deps.api.feed(meterId, cursor, { limit, fromSec });
        } catch (err) {
          if (err instanceof ApiError && err.status === 422 && cursor !== null) {
            // Invalid or expired cursor: re-baseline the revision window, then restart the feed there.
            const since = now() - REBASELINE_DAYS * 86_400;
            const b = await backfill(meterId, since, now(), signal);
            t.readings += b.readings;
            t.revisions += b.revisions;
            t.pages += b.pages;
            deps.account.clearCursor(meterId);
            cursor = null;
            fromSec = since;
            continue;
          }
          if (err instanceof ApiError && err.status === 400 && cursor === null && fromSec === undefined) {
            // This service wants a starting point for a first sync: start at the longest history.
            fromSec = now() - 3 * 366 * 86_400;
            continue;
          }
          throw err;
        }
        if (page.hasMore && page.readings.length > 0 && page.nextCursor) {
          const next = deps.api.feed(meterId, page.nextCursor, { limit });
          next.catch(() => undefined); // a failure surfaces when the page is awaited
          prefetch.ahead = { cursor: page.nextCursor, page: next };
        }
        // Let other work (IPC, rendering events) run between parsing a page and writing it.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const w = applyFeedPage(meterId, page.readings, page.nextCursor, cursor);
        cursor = page.nextCursor ?? cursor;
        fromSec = undefined;
        t.pages += 1;
        t.readings += w.inserted + w.updated;
        t.revisions += w.revisions;
        report(t.pages, t.readings, t.revisions);
        if (w.inserted + w.updated > 0) deps.onReadingsChanged?.([meterId]);
        if (page.readings.length === 0 || !page.hasMore) break;
      }
      return t;
    } finally {
      running.delete(meterId);
    }
  }

  /** Refreshes the meter list (and customers/sites where the service offers them). */
  async function refreshAccount(): Promise<void> {
    const meters = await deps.api.listMeters();
    deps.account.saveMeters(meters, now());
    try {
      const [customers, sites] = await Promise.all([deps.api.customers(), deps.api.sites()]);
      deps.account.saveStructure(customers, sites);
    } catch (err) {
      // Services without these endpoints still sync; anything else is a real error.
      if (!(err instanceof ApiError && (err.status === 404 || err.status === 403))) throw err;
    }
  }

  /** Syncs every meter that can have data. Resolves with a summary; per-meter errors are collected. */
  async function syncAll(o: { meterIds?: string[] } = {}): Promise<SyncSummary> {
    if (controller) throw new AppError('conflict', 'A sync is already running.');
    controller = new AbortController();
    const signal = controller.signal;
    const started = Date.now();
    const summary: SyncSummary = {
      meters: 0,
      readingsWritten: 0,
      revisions: 0,
      pages: 0,
      durationMs: 0,
      errors: [],
    };
    try {
      await refreshAccount();
      const all = deps.db
        .prepare("SELECT id FROM meters WHERE status = 'connected' OR is_demo = 1 ORDER BY id")
        .all() as { id: string }[];
      const ids = all.map((r) => r.id).filter((id) => !o.meterIds || o.meterIds.includes(id));
      summary.meters = ids.length;
      let doneCount = 0;
      let next = 0;
      const progress = (meterId: string | null, done: boolean) => {
        const elapsed = (Date.now() - started) / 1000;
        const eta = doneCount > 0 && !done ? (elapsed / doneCount) * (ids.length - doneCount) : null;
        deps.onProgress?.({
          meterId,
          meterIndex: doneCount,
          meterCount: ids.length,
          pages: summary.pages,
          readings: summary.readingsWritten,
          revisions: summary.revisions,
          etaSec: eta,
          done,
        });
      };
      const worker = async () => {
        while (next < ids.length) {
          const meterId = ids[next++]!;
          let last = { pages: 0, readings: 0, revisions: 0 };
          try {
            await syncMeter(
              meterId,
              (pages, readings, revisions) => {
                summary.pages += pages - last.pages;
                summary.readingsWritten += readings - last.readings;
                summary.revisions += revisions - last.revisions;
                last = { pages, readings, revisions };
                progress(meterId, false);
              },
              signal,
            );
          } catch (err) {
            if (err instanceof AppError && err.code === 'cancelled') throw err;
            const e = err instanceof AppError ? err : new AppError('internal', (err as Error).message);
            deps.account.recordError(meterId, e.message);
            summary.errors.push({ meterId, code: e.code, message: e.message });
            if (e.code === 'unauthenticated' || e.code === 'unreachable') throw err;
          }
          doneCount += 1;
          progress(meterId, false);
        }
      };
      // Settles only when every meter has stopped: a meter still between a download and its write when
      // a cancelled run returned would be skipped, unsynced, by the next run ("already running"). A
      // fatal error (cancel, token, network) stops the other meters at their next page.
      const fatal: unknown[] = [];
      await Promise.allSettled(
        Array.from({ length: Math.min(deps.concurrency ?? 4, Math.max(1, ids.length)) }, () =>
          worker().catch((error: unknown) => {
            fatal.push(error);
            controller?.abort();
          }),
        ),
      );
      if (fatal.length > 0) throw fatal[0];
      summary.durationMs = Date.now() - started;
      progress(null, true);
      return summary;
    } finally {
      controller = null;
    }
  }

  return {
    syncAll,
    syncMeter: (meterId: string) => syncMeter(meterId, () => undefined),
    backfill,
    refreshAccount,
    isRunning: () => controller !== null,
    cancel(): boolean {
      if (!controller) return false;
      controller.abort();
      return true;
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
