/**
 * Reading one window (a range of time) page by page, by what each page says: follow `next_cursor`
 * while a page says more follow; stop when it says none do, or says nothing. A page that says more
 * follow but gives no new cursor (none, the one just used, or one seen before) is an error, never a
 * loop; so is a window that does not end within `maxPages`.
 */
import { ApiError } from '../api/client';
import type { ApiPage } from '../api/schemas';
import { AppError } from '../errors';

export interface WindowOutcome {
  pages: number;
  /** Readings the pages held. */
  received: number;
  /** Readings the service says the range holds (`meta.total_records` of the first page), if it says. */
  stated: number | null;
  /** A `data_window`'s last cursor, which continues as the change feed; null otherwise. */
  feedCursor: string | null;
  /** The service's clock when the first page was served (null if unknown). */
  servedSec: number | null;
}

export const MAX_WINDOW_PAGES = 10_000;

export async function readWindow<P extends Omit<ApiPage, 'readings'> & { readings: { length: number } }>(
  what: string,
  fetchPage: (cursor: string | null) => Promise<P>,
  onPage: (page: P) => void | Promise<void>,
  signal?: AbortSignal,
  maxPages = MAX_WINDOW_PAGES,
): Promise<WindowOutcome> {
  const out: WindowOutcome = { pages: 0, received: 0, stated: null, feedCursor: null, servedSec: null };
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    if (signal?.aborted) throw new AppError('cancelled', 'Sync was cancelled.', { reason: 'sync_cancelled' });
    const page = await fetchPage(cursor);
    if (out.pages === 0) {
      out.stated = page.totalRecords;
      out.servedSec = page.servedSec;
    }
    await onPage(page);
    out.pages += 1;
    out.received += page.readings.length;
    if (page.more !== true) {
      if (page.more === false && page.isDataWindow) out.feedCursor = page.nextCursor;
      return out;
    }
    const next = page.nextCursor;
    if (!next || next === cursor || seen.has(next))
      throw new ApiError(
        'bad_response',
        `The service said more pages of ${what} follow but ${next ? 'handed out a cursor it had handed out before' : 'gave no cursor to fetch them'}; stopped after ${out.pages} page(s) so as not to loop. Report this to the service.`,
        200,
      );
    if (out.pages >= maxPages)
      throw new ApiError(
        'bad_response',
        `${what} did not end after ${maxPages} pages; stopped. Report this to the service.`,
        200,
      );
    if (cursor !== null) seen.add(cursor);
    cursor = next;
  }
}
