/**
 * The change feed of one meter: followed page by page with its cursor, started without one (or by a
 * window read, or not at all: window reads only), re-baselined once on an invalid cursor.
 */
import { ApiError } from '../api/client';
import type { ApiPage } from '../api/schemas';
import { apply, cancelled, readWindows, type SyncCtx } from './sync-pages';
import {
  DAY_SEC,
  DEFAULT_PAGE_SIZE,
  HISTORY_DAYS,
  MAX_FEED_PAGES,
  REBASELINE_DAYS,
  type Tally,
} from './sync-types';

/**
 * Follows the change feed from `cursor` (`first`: a page already fetched for it), writing each page
 * with the cursor that follows it. A stored cursor the service calls invalid or expired (422) is
 * re-baselined once.
 */
export async function followFeed(
  c: SyncCtx,
  meterId: string,
  t: Tally,
  start: { cursor: string | null; first?: ApiPage; fromSec?: number },
  report: () => void,
  signal?: AbortSignal,
): Promise<void> {
  const limit = c.deps.pageSize ?? DEFAULT_PAGE_SIZE;
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
      else page = await c.deps.api.feed(meterId, cursor, { limit, fromSec });
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
        const since = c.now() - REBASELINE_DAYS * DAY_SEC;
        const b = await readWindows(
          c,
          meterId,
          t,
          since,
          c.now(),
          (a, z, cur) => c.deps.api.windowRead(meterId, a, z, { cursor: cur }),
          signal,
        );
        await c.deps.store.clearCursor(meterId);
        report();
        if (b.feedCursor) {
          cursor = b.feedCursor;
          fromSec = undefined;
        } else {
          const s = await startFeed(c, meterId, t, since, signal);
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
      const p = c.deps.api.feed(meterId, next, { limit });
      p.catch(() => undefined); // a failure surfaces when the page is awaited
      ahead = { cursor: next, page: p };
    }
    // Let other work (IPC, rendering events) run between parsing a page and writing it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // The cursor to resume from: the page's, or (none handed out on an empty page) the one used.
    await apply(c, meterId, t, page.readings, 'cursor', next ?? cursor);
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
export async function startFeed(
  c: SyncCtx,
  meterId: string,
  t: Tally,
  sinceSec: number | null,
  signal?: AbortSignal,
): Promise<
  { cursor: string | null; first: ApiPage } | { cursor: string; first?: undefined } | 'window-only'
> {
  const limit = c.deps.pageSize ?? DEFAULT_PAGE_SIZE;
  let first: ApiPage;
  try {
    first = await c.deps.api.feed(meterId, null, { limit, fromSec: sinceSec ?? undefined });
    return { cursor: null, first };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 404 || err.status === 405) {
      await windowSync(c, meterId, t, signal);
      return 'window-only';
    }
    if (err.status !== 400) throw err;
    const refusal = err.message;
    // A first sync by windows resumes after the last window an earlier run finished.
    const progress = (await c.deps.store.syncStateOf(meterId)).backfill;
    const from = progress?.untilSec ?? sinceSec ?? c.now() - HISTORY_DAYS * DAY_SEC;
    let w;
    try {
      w = await readWindows(
        c,
        meterId,
        t,
        from,
        c.now() + DAY_SEC,
        (a, b, cursor) => c.deps.api.feedWindow(meterId, a, b, { cursor, limit }),
        signal,
        (untilSec, cursor) => c.deps.store.writeBackfill(meterId, untilSec, progress?.feedCursor ?? cursor),
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
    await c.deps.store.writeCursor(meterId, feedCursor, c.now());
    return { cursor: feedCursor };
  }
}

/** A meter of a service without a change feed: window reads since the last ones, less the revision window. */
export async function windowSync(c: SyncCtx, meterId: string, t: Tally, signal?: AbortSignal): Promise<void> {
  const state = await c.deps.store.syncStateOf(meterId);
  // Again from the last read less the revision window; a first read resumes after its last window.
  const since =
    state.mode === 'window' && state.windowSyncedSec !== null
      ? state.windowSyncedSec - REBASELINE_DAYS * DAY_SEC
      : (state.backfill?.untilSec ?? c.now() - HISTORY_DAYS * DAY_SEC);
  const asOf = c.now();
  const w = await readWindows(
    c,
    meterId,
    t,
    since,
    c.now() + DAY_SEC,
    (a, b, cursor) => c.deps.api.windowRead(meterId, a, b, { cursor }),
    signal,
    state.mode === 'window' ? undefined : (untilSec) => c.deps.store.writeBackfill(meterId, untilSec, null),
  );
  // Days older than the revision window cannot change: what a resumed read got earlier stays right.
  await c.deps.store.writeWindowSynced(meterId, Math.min(w.servedSec ?? asOf, asOf), c.now());
}
