/**
 * The sync's writes and window reads: a page (and its cursor) in one transaction, tallied; window reads
 * in chunks, a silently cut chunk read again in halves. Shared by the feed and the service (sync-service.ts).
 */
import { ApiError } from '../api/client';
import type { ApiPage } from '../api/schemas';
import type { ReadingColumns } from '../api/reading-columns';
import { AppError } from '../errors';
import { dayNumberOf, isoWithOffset } from '../time/local-days';
import { readWindow } from './window-read';
import { DAY_SEC, HISTORY_DAYS, WINDOW_CHUNK_DAYS, type SyncDeps, type Tally } from './sync-types';

/** What every step of a run reads: the dependencies, the clock and the time zone. */
export interface SyncCtx {
  deps: SyncDeps;
  now: () => number;
  tz: string;
}

export const cancelled = () => new AppError('cancelled', 'Sync was cancelled.', { reason: 'sync_cancelled' });

export function newTally(): Tally {
  return { pages: 0, readings: 0, revisions: 0, firstDay: null, lastDay: null };
}

/** Writes a page (and, for the feed, its cursor in the same transaction), and tallies it. */
export async function apply(
  c: SyncCtx,
  meterId: string,
  t: Tally,
  readings: ReadingColumns,
  source: 'cursor' | 'window',
  cursor?: string | null,
): Promise<void> {
  const w = await c.deps.store.applyPage(meterId, readings, source, c.now(), cursor);
  t.pages += 1;
  t.readings += w.inserted + w.updated;
  t.revisions += w.revisions;
  if (readings.length > 0) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < readings.length; i++) {
      const start = readings.startSec[i]!;
      if (start < lo) lo = start;
      if (start > hi) hi = start;
    }
    const a = dayNumberOf(lo, c.tz);
    const b = dayNumberOf(hi, c.tz);
    t.firstDay = t.firstDay === null ? a : Math.min(t.firstDay, a);
    t.lastDay = t.lastDay === null ? b : Math.max(t.lastDay, b);
  }
  if (w.inserted + w.updated > 0) c.deps.onReadingsChanged?.([meterId]);
}

/**
 * Window reads over [fromSec, toSec) in chunks, oldest first, with `read` (the team surface, or the
 * feed endpoint's window). A chunk the service cuts without saying so (no flag, fewer readings than
 * its `total_records`) is read again in halves. Returns the first `data_window` feed cursor handed
 * out (the earliest point the feed can continue from) and the service's clock at the first page.
 */
export async function readWindows(
  c: SyncCtx,
  meterId: string,
  t: Tally,
  fromSec: number,
  toSec: number,
  read: (fromSec: number, toSec: number, cursor: string | null) => Promise<ApiPage>,
  signal?: AbortSignal,
  onChunk?: (untilSec: number, feedCursor: string | null) => Promise<void> | void,
): Promise<{ feedCursor: string | null; servedSec: number | null }> {
  const result = { feedCursor: null as string | null, servedSec: null as number | null };
  const chunk = async (a: number, b: number): Promise<void> => {
    const o = await readWindow(
      `the window ${isoWithOffset(a, c.tz)} – ${isoWithOffset(b, c.tz)}`,
      (cursor) => read(a, b, cursor),
      (page) => apply(c, meterId, t, page.readings, 'window'),
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
    await onChunk?.(end, result.feedCursor);
  }
  return result;
}

/** Window reads over [fromSec, toSec) on the team surface, clamped to what any plan can hold. */
export async function backfill(
  c: SyncCtx,
  meterId: string,
  fromSec: number,
  toSec: number,
  signal?: AbortSignal,
): Promise<{ readings: number; revisions: number; pages: number }> {
  const t: Tally = { pages: 0, readings: 0, revisions: 0, firstDay: null, lastDay: null };
  const from = Math.max(fromSec, c.now() - HISTORY_DAYS * DAY_SEC);
  const to = Math.min(toSec, c.now() + DAY_SEC);
  if (to > from)
    await readWindows(
      c,
      meterId,
      t,
      from,
      to,
      (a, b, cursor) => c.deps.api.windowRead(meterId, a, b, { cursor }),
      signal,
    );
  return { readings: t.readings, revisions: t.revisions, pages: t.pages };
}
