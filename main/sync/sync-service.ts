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
import { ApiError } from '../api/client';
import type { ApiPage } from '../api/schemas';
import { unexpected, AppError, toContractError } from '../errors';
import { DEFAULT_TZ } from '../time/local-days';
import { noteOf, verifyMeter } from './verify';
import { systemClock } from '../time/clock';
import { backfill, newTally, type SyncCtx } from './sync-pages';
import { followFeed, startFeed, windowSync } from './sync-feed';
import { emptySummary, type SyncDeps, type SyncProgress, type SyncSummary, type Tally } from './sync-types';
import { readWindows } from './sync-pages';

export type { SyncWarning, MeterCheck } from './verify';
export * from './sync-types';

/** A meter's run: a tally the caller sees grow (`report`), or `skipped` when the meter was running. */
type MeterRun = (
  meterId: string,
  report: (t: Tally) => void,
  signal?: AbortSignal,
) => Promise<Tally & { skipped: boolean }>;

export function createSyncService(deps: SyncDeps) {
  const c: SyncCtx = {
    deps,
    tz: deps.tz ?? DEFAULT_TZ,
    now: deps.now ?? (() => systemClock.nowSec()),
  };
  const running = new Set<string>();
  let controller: AbortController | null = null;

  const syncMeter: MeterRun = async (meterId, report, signal) => {
    const t = newTally();
    if (running.has(meterId)) return { ...t, skipped: true };
    running.add(meterId);
    try {
      await runMeter(c, meterId, t, () => report(t), signal);
      return { ...t, skipped: false };
    } finally {
      running.delete(meterId);
    }
  };

  /** Syncs every meter that can have data. Resolves with a summary; per-meter errors are collected. */
  async function syncAll(o: { meterIds?: string[] } = {}): Promise<SyncSummary> {
    if (controller) throw new AppError('conflict', 'A sync is already running.', { reason: 'sync_running' });
    controller = new AbortController();
    const ctl = controller;
    try {
      await refreshAccount(c);
      const ids = (await deps.store.syncableMeterIds()).filter(
        (id) => !o.meterIds || o.meterIds.includes(id),
      );
      return await runAll(c, ids, syncMeter, ctl);
    } finally {
      controller = null;
    }
  }

  return {
    syncAll,
    syncMeter: (meterId: string) => syncMeter(meterId, () => undefined),
    backfill: (meterId: string, fromSec: number, toSec: number, signal?: AbortSignal) =>
      backfill(c, meterId, fromSec, toSec, signal),
    refreshAccount: () => refreshAccount(c),
    isRunning: () => controller !== null,
    cancel(): boolean {
      if (!controller) return false;
      controller.abort();
      return true;
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;

/** One meter's run: window reads for a meter without a feed, else (first: recent days, start) the feed. */
async function runMeter(c: SyncCtx, meterId: string, t: Tally, report: () => void, signal?: AbortSignal) {
  const state = await c.deps.store.syncStateOf(meterId);
  if (state.mode === 'window') {
    await windowSync(c, meterId, t, signal);
    report();
    return;
  }
  let start: { cursor: string | null; first?: ApiPage } = { cursor: state.cursor };
  if (state.cursor === null) {
    const recent = c.deps.recentFirstDays ?? 14;
    if (recent > 0) {
      // First sync: the recent days first, so the meter is useful at once; the feed then brings the
      // full history (overlaps are no-ops thanks to the revision guard).
      await readWindows(
        c,
        meterId,
        t,
        c.now() - recent * 86_400,
        c.now(),
        (a, b, cursor) => c.deps.api.windowRead(meterId, a, b, { cursor }),
        signal,
      );
      report();
    }
    const s = await startFeed(c, meterId, t, null, signal);
    report();
    if (s === 'window-only') return;
    start = s;
  }
  await followFeed(c, meterId, t, start, report, signal);
}

/** Refreshes the meter list (and customers/sites where the service offers them). */
async function refreshAccount(c: SyncCtx): Promise<void> {
  const meters = await c.deps.api.listMeters();
  await c.deps.store.saveMeters(meters, c.now());
  try {
    const [customers, sites] = await Promise.all([c.deps.api.customers(), c.deps.api.sites()]);
    await c.deps.store.saveStructure(customers, sites);
  } catch (err) {
    // Services without these endpoints still sync; anything else is a real error.
    if (!(err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 405)))
      throw err;
  }
}

/**
 * Runs `ids` with `concurrency` workers into one summary. Settles only when every meter has stopped: a
 * meter still between a download and its write when a cancelled run returned would be skipped, unsynced,
 * by the next run ("already running"). A fatal error (cancel, token, network, a long rate limit) stops
 * the other meters at their next page.
 */
async function runAll(c: SyncCtx, ids: string[], syncMeter: MeterRun, ctl: AbortController) {
  const started = systemClock.nowMs();
  const summary = emptySummary();
  summary.meters = ids.length;
  let doneCount = 0;
  let next = 0;
  const progress = (meterId: string | null, done: boolean) => {
    const elapsed = (systemClock.nowMs() - started) / 1000;
    const eta = doneCount > 0 && !done ? (elapsed / doneCount) * (ids.length - doneCount) : null;
    c.deps.onProgress?.({
      meterId,
      meterIndex: doneCount,
      meterCount: ids.length,
      pages: summary.pages,
      readings: summary.readingsWritten,
      revisions: summary.revisions,
      etaSec: eta,
      done,
    } satisfies SyncProgress);
  };
  const worker = async () => {
    while (next < ids.length) {
      const meterId = ids[next++]!;
      await runOne(c, meterId, summary, syncMeter, () => progress(meterId, false), ctl.signal);
      doneCount += 1;
      progress(meterId, false);
    }
  };
  const fatal: unknown[] = [];
  await Promise.allSettled(
    Array.from({ length: Math.min(c.deps.concurrency ?? 4, Math.max(1, ids.length)) }, () =>
      worker().catch((error: unknown) => {
        fatal.push(error);
        ctl.abort();
      }),
    ),
  );
  if (fatal.length > 0) throw fatal[0];
  summary.durationMs = systemClock.nowMs() - started;
  progress(null, true);
  return summary;
}

/** One meter within a run: synced, checked against the service, its error recorded (fatal ones rethrown). */
async function runOne(
  c: SyncCtx,
  meterId: string,
  summary: SyncSummary,
  syncMeter: MeterRun,
  onPage: () => void,
  signal: AbortSignal,
): Promise<void> {
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
        onPage();
      },
      signal,
    );
    if (t.skipped) return;
    await c.deps.store.inferCommodity(meterId);
    if (c.deps.verify ?? true) await checkMeter(c, meterId, t, summary, signal);
  } catch (err) {
    if (err instanceof AppError && err.code === 'cancelled') throw err;
    const e = err instanceof AppError ? err : unexpected(err);
    const error = toContractError(e);
    await c.deps.store.recordError(meterId, error);
    summary.errors.push({ meterId, code: e.code, message: e.message, error });
    if (e.code === 'unauthenticated' || e.code === 'unreachable' || e.code === 'rate_limited') throw err;
  }
}

/** What the service says it has for the days this run wrote, against the local copy (verify.ts). */
async function checkMeter(c: SyncCtx, meterId: string, t: Tally, summary: SyncSummary, signal: AbortSignal) {
  const { store, api, onReadingsChanged } = c.deps;
  const v = await verifyMeter(
    { store, api, tz: c.tz, now: c.now, onReadingsChanged },
    meterId,
    t.firstDay === null || t.lastDay === null ? null : { firstDay: t.firstDay, lastDay: t.lastDay },
    signal,
  );
  summary.readingsWritten += v.written;
  summary.checks.push(v.check);
  summary.warnings.push(...v.warnings);
  await c.deps.store.recordWarning(meterId, v.warnings.length > 0 ? v.warnings.map(noteOf) : null);
}
