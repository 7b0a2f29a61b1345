/**
 * What the horizon (analysis/horizon.ts) reads: each meter's kind (synced or imported), the newest day
 * of each of its series with data, the end of its files, and the profile's delivery delay. One
 * statement over every series (index seeks on daily_rollups' key), cached by the caller per state of the
 * database (`dataStamp`).
 */
import type Database from 'better-sqlite3';
import { lastReading } from './readings-read';

export interface HorizonSeriesRow {
  series_id: number;
  meter_id: string;
  status: string;
  /** The meter's latest data as an import of an earlier build left it (its file's end). */
  latest_data_sec: number | null;
  /** The newest local day with readings, or null. */
  last_day: number | null;
  last_day_start_sec: number | null;
  /** That day's readings and slots: a full day ends at the next midnight without reading it. */
  last_count: number | null;
  last_expected: number | null;
  /** The end of the meter's files (imports not undone), or null. */
  files_to_sec: number | null;
}

const statements = new WeakMap<Database.Database, Database.Statement<[], HorizonSeriesRow>>();

/** Every series with its meter's kind, its newest day with data and its files' end. */
export function horizonRows(db: Database.Database): HorizonSeriesRow[] {
  let st = statements.get(db);
  if (!st) {
    st = db.prepare<[], HorizonSeriesRow>(
      `SELECT s.id AS series_id, s.meter_id, m.status, m.latest_data_sec,
              d.day AS last_day, d.day_start_sec AS last_day_start_sec, d.count AS last_count,
              d.expected AS last_expected,
              (SELECT max(i.span_to_sec) FROM imports i WHERE i.meter_id = s.meter_id AND i.undone_sec IS NULL)
                AS files_to_sec
         FROM series s JOIN meters m ON m.id = s.meter_id
         LEFT JOIN daily_rollups d ON d.series_id = s.id AND d.day =
              (SELECT x.day FROM daily_rollups x WHERE x.series_id = s.id AND x.count > 0 ORDER BY x.day DESC LIMIT 1)`,
    );
    statements.set(db, st);
  }
  return st.all();
}

/** The end of a series' latest reading, or null. */
export function lastEndOf(db: Database.Database, seriesId: number): number | null {
  return lastReading(db, seriesId)?.endSec ?? null;
}

/** The days after a day's end until the operator owes it (the `delivery_delay_days` setting), or null. */
export function storedDeliveryDelay(db: Database.Database): number | null {
  const row = db.prepare("SELECT value FROM account WHERE key = 'delivery_delay_days'").get() as
    { value: string } | undefined;
  const n = row ? Number(row.value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 7 ? n : null;
}

/** Sets the profile's delivery delay in days (0–7). */
export function writeDeliveryDelay(db: Database.Database, days: number): void {
  db.prepare(
    "INSERT INTO account (key, value) VALUES ('delivery_delay_days', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(String(days));
}

/**
 * A stamp of the database's state as this connection sees it: it changes when this connection or
 * another one commits a change, so a cache keyed by it is never stale.
 */
export function dataStamp(db: Database.Database): string {
  let st = stamps.get(db);
  if (!st) {
    st = {
      version: db.prepare('PRAGMA data_version').pluck() as Database.Statement<[], number>,
      changes: db.prepare('SELECT total_changes()').pluck() as Database.Statement<[], number>,
    };
    stamps.set(db, st);
  }
  return `${st.version.get()}:${st.changes.get()}`;
}
const stamps = new WeakMap<
  Database.Database,
  { version: Database.Statement<[], number>; changes: Database.Statement<[], number> }
>();
