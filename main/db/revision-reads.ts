/** Reads of the revision audit (`reading_revisions`) and the export record, for health and quality. */
import type Database from 'better-sqlite3';

/** Revisions in [fromSec, toSec) whose old value exceeded `minOldKwh`, by start. */
export function revisionsAbove(
  db: Database.Database,
  seriesId: number,
  fromSec: number,
  toSec: number,
  minOldKwh: number,
) {
  return db
    .prepare<
      [number, number, number, number],
      { start_sec: number; old_value: number; new_value: number; new_updated_sec: number }
    >(
      'SELECT start_sec, old_value, new_value, new_updated_sec FROM reading_revisions WHERE series_id = ? AND start_sec >= ? AND start_sec < ? AND old_value > ? ORDER BY start_sec',
    )
    .all(seriesId, fromSec, toSec, minOldKwh);
}

/** The latest 1 000 revisions in [fromSec, toSec), newest first. */
export function latestRevisions(db: Database.Database, seriesId: number, fromSec: number, toSec: number) {
  return db
    .prepare<
      [number, number, number],
      {
        start_sec: number;
        old_value: number;
        old_quality: number;
        new_value: number;
        new_quality: number;
        new_updated_sec: number;
      }
    >(
      `SELECT start_sec, old_value, old_quality, new_value, new_quality, new_updated_sec FROM reading_revisions
        WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY new_updated_sec DESC, start_sec LIMIT 1000`,
    )
    .all(seriesId, fromSec, toSec);
}

/** How many revisions touched [fromSec, toSec). */
export function revisionCount(
  db: Database.Database,
  seriesId: number,
  fromSec: number,
  toSec: number,
): number {
  return (
    db
      .prepare<[number, number, number], { n: number }>(
        'SELECT count(*) AS n FROM reading_revisions WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
      )
      .get(seriesId, fromSec, toSec)?.n ?? 0
  );
}

/** How many revisions were recorded after `sinceSec`. */
export function revisionsRecordedSince(db: Database.Database, seriesId: number, sinceSec: number): number {
  return (
    db
      .prepare<[number, number], { n: number }>(
        'SELECT count(*) AS n FROM reading_revisions WHERE series_id = ? AND recorded_sec > ?',
      )
      .get(seriesId, sinceSec)?.n ?? 0
  );
}

/** When a meter was last exported, or null. */
export function lastExportSec(db: Database.Database, meterId: string): number | null {
  return (
    db
      .prepare<[string], { s: number | null }>(
        'SELECT max(exported_sec) AS s FROM exports WHERE meter_id = ?',
      )
      .get(meterId)?.s ?? null
  );
}

interface RecentRow {
  start_sec: number;
  old_value: number;
  new_value: number;
  recorded_sec: number;
  revised_sec: number;
}
/** Prepared once per connection: the watch list asks it for every meter. */
const recentStatements = new WeakMap<
  Database.Database,
  Database.Statement<[number, number, number], RecentRow>
>();

/**
 * The watch list's revised days (issue 45): revisions the operator made since `revisedSince` (the
 * revision's own time, `new_updated_sec`: a first sync records weeks of old revisions at once, and
 * those were not "recent", issue 64) of quarter-hours from `startFrom` on, each quarter-hour's first
 * old and last new value (a value revised twice counts once, from where it was to where it is), by start.
 */
export function recentRevisions(
  db: Database.Database,
  seriesId: number,
  startFrom: number,
  revisedSince: number,
) {
  let st = recentStatements.get(db);
  if (!st) {
    st = db.prepare<[number, number, number], RecentRow>(
      'SELECT start_sec, old_value, new_value, recorded_sec, new_updated_sec AS revised_sec FROM reading_revisions WHERE series_id = ? AND start_sec >= ? AND new_updated_sec >= ? ORDER BY start_sec, id',
    );
    recentStatements.set(db, st);
  }
  const rows = st.all(seriesId, startFrom, revisedSince);
  const out: {
    startSec: number;
    oldValue: number;
    newValue: number;
    recordedSec: number;
    revisedSec: number;
  }[] = [];
  for (const r of rows) {
    const last = out.at(-1);
    if (last && last.startSec === r.start_sec) {
      last.newValue = r.new_value;
      last.recordedSec = Math.max(last.recordedSec, r.recorded_sec);
      last.revisedSec = Math.max(last.revisedSec, r.revised_sec);
    } else
      out.push({
        startSec: r.start_sec,
        oldValue: r.old_value,
        newValue: r.new_value,
        recordedSec: r.recorded_sec,
        revisedSec: r.revised_sec,
      });
  }
  return out;
}
