/**
 * A mark on a watch finding ("seen", "not now") made on the state the person saw (issue 63): when the
 * finding was marked meanwhile — in another window, or by a colleague on a team profile — the mark is
 * refused, saying what it is now and since when, and the list is read again. Without `was` (the command
 * line, an earlier window) a mark is made as before.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { localStamp } from '../time/local-days';

/** A finding's marks as the person saw them (the watch list's row). */
export interface MarkSeen {
  acknowledgedSec: number | null;
  snoozedUntilSec: number | null;
}

/** The finding's marks as a local profile stores them, or null when there is no such finding. */
export function storedMark(db: Database.Database, id: number): MarkSeen | null {
  const r = db
    .prepare('SELECT acknowledged_sec AS a, snoozed_until AS s FROM watch_findings WHERE id = ?')
    .get(id) as { a: number | null; s: number | null } | undefined;
  return r ? { acknowledgedSec: r.a, snoozedUntilSec: r.s } : null;
}

/** The refusal of a mark made on `was` when the finding now holds `now`, or null when they agree. */
export function staleMark(now: MarkSeen | null, was: MarkSeen | undefined, tz: string): AppError | null {
  if (!was || !now) return null;
  if (now.acknowledgedSec === was.acknowledgedSec && now.snoozedUntilSec === was.snoozedUntilSec) return null;
  if (now.acknowledgedSec !== null) {
    const at = localStamp(now.acknowledgedSec, tz);
    return new AppError(
      'conflict',
      `This finding was marked seen meanwhile (${at}, in another window or on another computer). The list shows it now; your mark was not saved.`,
      { reason: 'finding_seen_elsewhere', params: { at } },
    );
  }
  if (now.snoozedUntilSec !== null) {
    const until = localStamp(now.snoozedUntilSec, tz);
    return new AppError(
      'conflict',
      `This finding was set to "not now" meanwhile, until ${until} (in another window or on another computer). The list shows it now; your mark was not saved.`,
      { reason: 'finding_snoozed_elsewhere', params: { until } },
    );
  }
  return new AppError(
    'conflict',
    'This finding was marked meanwhile (in another window or on another computer). The list shows it now; your mark was not saved.',
    { reason: 'finding_changed_elsewhere' },
  );
}
