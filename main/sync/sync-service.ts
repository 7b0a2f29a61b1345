/**
 * Sync of a profile's meters into its database. Guarantees:
 * - each feed page and the cursor that follows it are committed in one transaction, so a crash at any
 *   point resumes from the last committed page and never loses or duplicates a reading;
 * - pages are followed by what they say, never by what they leave out: on while a page has readings
 *   and hands out a new cursor; done on an empty page or when the page says no more follow; a cursor
 *   that does not move or comes back is an error for that meter, never a loop (feed.ts);
 * - a first sync works whether the service starts the feed without a cursor, wants a window read
 *   (`from`, `to`, `order=asc`; its last cursor continues as the feed), or has no feed at all (then the
 *   meter is kept current by window reads on the team surface); each fallback is tried once;
 * - an invalid or expired cursor (422) is recovered by re-baselining once per run: window reads over
 *   the revision window (62 days), then the feed restarts there; a second 422 is an error;
 * - a sync never claims a completeness it did not check: after each meter's run, what the service says
 *   it has for the synced days (verify.ts) is compared with the local copy; a shortfall is fetched and
 *   reported as a warning with its numbers;
 * - one sync per meter at a time; a sync can be cancelled; progress is reported per page;
 * - a cancelled or failed run returns only once every meter has stopped, so the next run syncs them all;
 *   a run stops (all meters) on a bad token, an unreachable service or a long rate-limit wait, whose end
 *   it reports (`retryAtSec`).
 */
import type Database from 'better-sqlite3';
import { ApiError, type ApiClient } from '../api/client';
import type { ApiPage } from '../api/schemas';
import type { AccountStore } from '../db/account-store';
import type { IncomingReading, ReadingsStore } from '../db/readings-store';
import { AppError } from '../errors';
import { DEFAULT_TZ, dayNumberOf } from '../time/local-days';
import { verifyMeter, type MeterCheck, type SyncWarning } from './verify';
import { readWindow } from './window-read';
import { systemClock } from '../time/clock';

export type { SyncWarning, MeterCheck } from './verify';

export const REBASELINE_DAYS = 62;
/** The longest history any plan reaches (3 years): how far back a first sync by window reads goes. */
export const HISTORY_DAYS = 3 * 366;
/**
 * Readings per feed page: the service's maximum (SERVICE-CONTRACT §4). Fewer requests and larger
 * transactions; the app runs the sync in a worker thread, so a page's write never blocks the UI.
 */
export const DEFAULT_PAGE_SIZE = 10_000;
/** Pages one meter's feed may take in one run before the run calls it a service fault. */
export const MAX_FEED_PAGES = 20_000;
const WINDOW_CHUNK_DAYS = 90;
const DAY_SEC = 86_400;

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
  /** Shortfalls the checks against the service found (and what they fetched), per meter. */
  warnings: SyncWarning[];
  /** What was checked against the service, per meter. */
  checks: MeterCheck[];
}

export interface SyncDeps {
  db: Database.Database;
  api: ApiClient;
  account: AccountStore;
  readings: ReadingsStore;
  tz?: string;
  now?: () => number;
  onProgress?: (p: SyncProgress) => void;
  onReadingsChanged?: (meterIds: string[]) => void;
  /** Readings per feed page requested from the service (the service's default when unset). */
  pageSize?: number;
  concurrency?: number;
  /** On a meter's first sync, read this many recent days by window first (0 = off; default 14). */
  recentFirstDays?: number;
  /** Check each meter's synced days against the service after its run (default true). */
  verify?: boolean;
}

interface Tally {
  pages: number;
  readings: number;
  revisions: number;
  /** Local days this run wrote readings into (the range the check covers). */
  firstDay: number | null;
  lastDay: number | null;
}

/** A run that has done nothing yet (or, for a profile without an account, has nothing to do). */
export function emptySummary(): SyncSummary {
  return {
    meters: 0,
    readingsWritten: 0,
    revisions: 0,
    pages: 0,
    durationMs: 0,
    errors: [],
    warnings: [],
    checks: [],
  };
}

export function createSyncService(deps: SyncDeps) {
  const tz = deps.tz ?? DEFAULT_TZ;
  const now = deps.now ?? (() => systemClock.nowSec());
  const running = new Set<string>();
  let controller: AbortController | null = null;

  const cancelled = () => new AppError('cancelled', 'Sync was cancelled.');

  /** Writes a page (and, for the feed, its cursor in the same transaction), and tallies it. */
  function apply(
    meterId: string,
    t: Tally,
    readings: readonly IncomingReading[],
    source: 'cursor' | 'window',
    cursor?: string | null,
  ): void {
    const w = deps.readings.applyPage(
      meterId,
      readings,
      source,
      now(),
      cursor === undefined ? undefined : () => deps.account.writeCursor(meterId, cursor, now()),
    );
    t.pages += 1;
    t.readings += w.inserted + w.updated;
    t.revisions += w.revisions;
    if (readings.length > 0) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < readings.length; i++) {
        const start = readings[i]!.startSec;
        if (start < lo) lo = start;
        if (start > hi) hi = start;
      }
      const a = dayNumberOf(lo, tz);
      const b = dayNumberOf(hi, tz);
      t.firstDay = t.firstDay === null ? a : Math.min(t.firstDay, a);
      t.lastDay = t.lastDay === null ? b : Math.max(t.lastDay, b);
    }
    if (w.inserted + w.updated > 0) deps.onReadingsChanged?.([meterId]);
  }

  /**
   * Window reads over [fromSec, toSec) in chunks, oldest first, with `read` (the team surface, or the
   * feed endpoint's window). A chunk the service cuts without saying so (no flag, fewer readings than
   * its `total_records`) is read again in halves. Returns the first `data_window` feed cursor handed
   * out (the earliest point the feed can continue from) and the service's clock at the first page.
   */
  async function readWindows(
    meterId: string,
    t: Tally,
    fromSec: number,
    toSec: number,
    read: (fromSec: number, toSec: number, cursor: string | null) => Promise<ApiPage>,
    signal?: AbortSignal,
    onChunk?: (untilSec: number, feedCursor: string | null) => void,
  ): Promise<{ feedCursor: string | null; servedSec: number | null }> {
    const result = { feedCursor: null as string | null, servedSec: null as number | null };
    const chunk = async (a: number, b: number): Promise<void> => {
      const o = await readWindow(
        `the window ${new Date(a * 1000).toISOString()} – ${new Date(b * 1000).toISOString()}`,
        (cursor) => read(a, b, cursor),
        (page) => apply(meterId, t, page.readings, 'window'),
        signal,
      );
      result.servedSec ??= o.servedSec;
      if (o.stated !== null && o.received < o.stated && o.pages === 1) {
        // Cut without a word: half the range at a time, down to a day.
        if (b - a <= DAY_SEC)
          throw new ApiError(
            'bad_response',
            `The service says ${o.stated} readings lie in one day but sent ${o.received}, and offers no next page.`,
            200,
          );
        const mid = a + Math.ceil((b - a) / 2 / 900) * 900;
        await chunk(a, mid);
        await chunk(mid, b);
        return;
      }
      result.feedCursor ??= o.feedCursor;
    };
    for (let start = fromSec; start < toSec; start += WINDOW_CHUNK_DAYS * DAY_SEC) {
      if (signal?.aborted) throw cancelled();
      const end = Math.min(toSec, start + WINDOW_CHUNK_DAYS * DAY_SEC);
      await chunk(start, end);
      onChunk?.(end, result.feedCursor);
    }
    return result;
  }

  /** Window reads over [fromSec, toSec) on the team surface, clamped to what any plan can hold. */
  async function backfill(
    meterId: string,
    fromSec: number,
    toSec: number,
    signal?: AbortSignal,
  ): Promise<{ readings: number; revisions: number; pages: number }> {
    const t: Tally = { pages: 0, readings: 0, revisions: 0, firstDay: null, lastDay: null };
    const from = Math.max(fromSec, now() - HISTORY_DAYS * DAY_SEC);
    const to = Math.min(toSec, now() + DAY_SEC);
    if (to > from)
      await readWindows(
        meterId,
        t,
        from,
        to,
        (a, b, cursor) => deps.api.windowRead(meterId, a, b, { cursor }),
        signal,
      );
    return { readings: t.readings, revisions: t.revisions, pages: t.pages };
  }

  /**
   * Follows the change feed from `cursor` (`first`: a page already fetched for it), writing each page
   * with the cursor that follows it. A stored cursor the service calls invalid or expired (422) is
   * re-baselined once.
   */
  async function followFeed(
    meterId: string,
    t: Tally,
    start: { cursor: string | null; first?: ApiPage; fromSec?: number },
    report: () => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const limit = deps.pageSize ?? DEFAULT_PAGE_SIZE;
    let cursor = start.cursor;
    let pending: ApiPage | undefined = start.first;
    let fromSec = start.fromSec;
    let rebaselined = false;
    const seen = new Set<string>();
    // The next page is requested while the current one is written (prefetch), so the service and the
    // database work at the same time. A prefetched page is only ever applied after its predecessor.
    let ahead: { cursor: string; page: Promise<ApiPage> } | null = null;
    for (let pages = 0; ; pages++) {
      if (signal?.aborted) throw cancelled();
      if (pages >= MAX_FEED_PAGES)
        throw new ApiError(
          'bad_response',
          `The change feed did not end after ${MAX_FEED_PAGES} pages; stopped. Report this to the service.`,
          200,
        );
      let page: ApiPage;
      try {
        if (pending) page = pending;
        else if (ahead && ahead.cursor === cursor) page = await ahead.page;
        else page = await deps.api.feed(meterId, cursor, { limit, fromSec });
        pending = undefined;
        ahead = null;
      } catch (err) {
        ahead = null;
        if (err instanceof ApiError && err.status === 422 && cursor !== null) {
          if (rebaselined)
            throw new ApiError(
              'bad_response',
              "The service refused the change feed's cursor again right after a re-baseline; stopped this meter so as not to loop. Sync again later, or report this to the service.",
              422,
            );
          rebaselined = true;
          // Invalid or expired cursor: re-baseline the revision window, then restart the feed there.
          const since = now() - REBASELINE_DAYS * DAY_SEC;
          const b = await readWindows(
            meterId,
            t,
            since,
            now(),
            (a, z, c) => deps.api.windowRead(meterId, a, z, { cursor: c }),
            signal,
          );
          deps.account.clearCursor(meterId);
          report();
          if (b.feedCursor) {
            cursor = b.feedCursor;
            fromSec = undefined;
          } else {
            const s = await startFeed(meterId, t, since, signal);
            if (s === 'window-only') return;
            ({ cursor, first: pending } = s);
            fromSec = undefined;
          }
          seen.clear();
          continue;
        }
        throw err;
      }
      const next = page.nextCursor;
      const moves = next !== null && next !== cursor && !seen.has(next);
      if (page.readings.length > 0 && page.more !== false && moves) {
        const p = deps.api.feed(meterId, next, { limit });
        p.catch(() => undefined); // a failure surfaces when the page is awaited
        ahead = { cursor: next, page: p };
      }
      // Let other work (IPC, rendering events) run between parsing a page and writing it.
      await new Promise<void>((resolve) => setImmediate(resolve));
      // The cursor to resume from: the page's, or (none handed out on an empty page) the one used.
      apply(meterId, t, page.readings, 'cursor', next ?? cursor);
      fromSec = undefined;
      report();
      if (page.readings.length === 0 || page.more === false) return;
      if (!moves)
        throw new ApiError(
          'bad_response',
          next === null
            ? `The service sent a page of ${page.readings.length} readings without a cursor to continue from, so Meterdesk cannot tell whether more follow; stopped this meter. Report this to the service.`
            : `The change feed's cursor ${next === cursor ? 'did not move' : 'came back to one handed out before'} after a page of ${page.readings.length} readings; stopped this meter so as not to loop. Report this to the service.`,
          200,
        );
      if (cursor !== null) seen.add(cursor);
      cursor = next;
    }
  }

  /**
   * Starts the change feed for a meter without a cursor (`sinceSec` null: from the beginning of the
   * plan's retention). Tries, in order, each once: the feed without a cursor (with `from` when given);
   * on 400, a window read on the feed's endpoint, whose last cursor continues as the feed; on 404/405,
   * no feed at all: the meter is kept current by window reads (`'window-only'`).
   */
  async function startFeed(
    meterId: string,
    t: Tally,
    sinceSec: number | null,
    signal?: AbortSignal,
  ): Promise<
    { cursor: string | null; first: ApiPage } | { cursor: string; first?: undefined } | 'window-only'
  > {
    const limit = deps.pageSize ?? DEFAULT_PAGE_SIZE;
    let first: ApiPage;
    try {
      first = await deps.api.feed(meterId, null, { limit, fromSec: sinceSec ?? undefined });
      return { cursor: null, first };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 404 || err.status === 405) {
        await windowSync(meterId, t, signal);
        return 'window-only';
      }
      if (err.status !== 400) throw err;
      const refusal = err.message;
      // A first sync by windows resumes after the last window an earlier run finished.
      const progress = deps.account.syncStateOf(meterId).backfill;
      const from = progress?.untilSec ?? sinceSec ?? now() - HISTORY_DAYS * DAY_SEC;
      let w;
      try {
        w = await readWindows(
          meterId,
          t,
          from,
          now() + DAY_SEC,
          (a, b, cursor) => deps.api.feedWindow(meterId, a, b, { cursor, limit }),
          signal,
          (untilSec, cursor) => deps.account.writeBackfill(meterId, untilSec, progress?.feedCursor ?? cursor),
        );
      } catch (err2) {
        if (err2 instanceof ApiError && (err2.status === 400 || err2.status === 422))
          throw new ApiError(
            'bad_response',
            `The service refused both ways to start its change feed: without a cursor ("${refusal}") and as a window read with from, to and order=asc ("${err2.message}"). Report this to the service.`,
            err2.status,
          );
        throw err2;
      }
      // The earliest cursor handed out: the feed continues from before any window was read.
      const feedCursor = progress?.feedCursor ?? w.feedCursor;
      if (!feedCursor)
        throw new ApiError(
          'bad_response',
          'The service asked for a window read to start its change feed, but its window read handed out no cursor to continue from. Report this to the service.',
          200,
        );
      deps.db.transaction(() => deps.account.writeCursor(meterId, feedCursor, now())).immediate();
      return { cursor: feedCursor };
    }
  }

  /** A meter of a service without a change feed: window reads since the last ones, less the revision window. */
  async function windowSync(meterId: string, t: Tally, signal?: AbortSignal): Promise<void> {
    const state = deps.account.syncStateOf(meterId);
    // Again from the last read less the revision window; a first read resumes after its last window.
    const since =
      state.mode === 'window' && state.windowSyncedSec !== null
        ? state.windowSyncedSec - REBASELINE_DAYS * DAY_SEC
        : (state.backfill?.untilSec ?? now() - HISTORY_DAYS * DAY_SEC);
    const asOf = now();
    const w = await readWindows(
      meterId,
      t,
      since,
      now() + DAY_SEC,
      (a, b, cursor) => deps.api.windowRead(meterId, a, b, { cursor }),
      signal,
      state.mode === 'window' ? undefined : (untilSec) => deps.account.writeBackfill(meterId, untilSec, null),
    );
    // Days older than the revision window cannot change: what a resumed read got earlier stays right.
    deps.db
      .transaction(() => deps.account.writeWindowSynced(meterId, Math.min(w.servedSec ?? asOf, asOf), now()))
      .immediate();
  }

  async function syncMeter(
    meterId: string,
    report: (t: Tally) => void,
    signal?: AbortSignal,
  ): Promise<Tally & { skipped: boolean }> {
    const t: Tally = { pages: 0, readings: 0, revisions: 0, firstDay: null, lastDay: null };
    if (running.has(meterId)) return { ...t, skipped: true };
    running.add(meterId);
    try {
      const state = deps.account.syncStateOf(meterId);
      if (state.mode === 'window') {
        await windowSync(meterId, t, signal);
        report(t);
        return { ...t, skipped: false };
      }
      let start: { cursor: string | null; first?: ApiPage } = { cursor: state.cursor };
      if (state.cursor === null) {
        const recent = deps.recentFirstDays ?? 14;
        if (recent > 0) {
          // First sync: the recent days first, so the meter is useful at once; the feed then brings the
          // full history (overlaps are no-ops thanks to the revision guard).
          await readWindows(
            meterId,
            t,
            now() - recent * DAY_SEC,
            now(),
            (a, b, cursor) => deps.api.windowRead(meterId, a, b, { cursor }),
            signal,
          );
          report(t);
        }
        const s = await startFeed(meterId, t, null, signal);
        if (s === 'window-only') {
          report(t);
          return { ...t, skipped: false };
        }
        start = s;
        report(t);
      }
      await followFeed(meterId, t, start, () => report(t), signal);
      return { ...t, skipped: false };
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
      if (!(err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 405)))
        throw err;
    }
  }

  /** Syncs every meter that can have data. Resolves with a summary; per-meter errors are collected. */
  async function syncAll(o: { meterIds?: string[] } = {}): Promise<SyncSummary> {
    if (controller) throw new AppError('conflict', 'A sync is already running.');
    controller = new AbortController();
    const signal = controller.signal;
    const started = systemClock.nowMs();
    const summary = emptySummary();
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
        const elapsed = (systemClock.nowMs() - started) / 1000;
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
          const count = (t: Tally) => {
            summary.pages += t.pages - last.pages;
            summary.readingsWritten += t.readings - last.readings;
            summary.revisions += t.revisions - last.revisions;
            last = { pages: t.pages, readings: t.readings, revisions: t.revisions };
          };
          try {
            const t = await syncMeter(
              meterId,
              (tally) => {
                count(tally);
                progress(meterId, false);
              },
              signal,
            );
            if (!t.skipped) deps.account.inferCommodity(meterId);
            if (!t.skipped && (deps.verify ?? true)) {
              const v = await verifyMeter(
                {
                  db: deps.db,
                  api: deps.api,
                  readings: deps.readings,
                  tz,
                  now,
                  onReadingsChanged: deps.onReadingsChanged,
                },
                meterId,
                t.firstDay === null || t.lastDay === null
                  ? null
                  : { firstDay: t.firstDay, lastDay: t.lastDay },
                signal,
              );
              summary.readingsWritten += v.written;
              summary.checks.push(v.check);
              summary.warnings.push(...v.warnings);
              deps.account.recordWarning(meterId, v.warnings.map((w) => w.message).join(' ') || null);
            }
          } catch (err) {
            if (err instanceof AppError && err.code === 'cancelled') throw err;
            const e = err instanceof AppError ? err : new AppError('internal', (err as Error).message);
            deps.account.recordError(meterId, e.message);
            summary.errors.push({ meterId, code: e.code, message: e.message });
            if (e.code === 'unauthenticated' || e.code === 'unreachable' || e.code === 'rate_limited')
              throw err;
          }
          doneCount += 1;
          progress(meterId, false);
        }
      };
      // Settles only when every meter has stopped: a meter still between a download and its write when
      // a cancelled run returned would be skipped, unsynced, by the next run ("already running"). A
      // fatal error (cancel, token, network, a long rate limit) stops the other meters at their next page.
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
      summary.durationMs = systemClock.nowMs() - started;
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
