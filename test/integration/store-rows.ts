/**
 * A store's rows as the team tests compare them (issue 63): the same queries run on a local profile's
 * SQLite file and on a team's PostgreSQL schema, each row as text (numbers, BIGINTs and nulls alike),
 * sorted — so two stores' rows compare with toEqual, whatever order or ids they were written in.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

/** Readings per day, rollups, revisions, meters, notes and imports, by meter and register (not by id). */
export const STORE_ROWS = {
  days: `SELECT s.meter_id, s.obis_code, d.day, d.day_start_sec, d.first_slot_sec, d.vals, d.flags, d.updated
           FROM reading_days d JOIN series s ON s.id = d.series_id`,
  rollups: `SELECT s.meter_id, s.obis_code, r.day, r.expected, r.count, r.sum, r.max, r.max_start_sec, r.n_measured, r.n_estimated, r.n_unreliable, r.p5
              FROM daily_rollups r JOIN series s ON s.id = r.series_id`,
  revisions: `SELECT s.meter_id, s.obis_code, v.start_sec, v.old_value, v.new_value, v.old_quality, v.new_quality, v.new_updated_sec
                FROM reading_revisions v JOIN series s ON s.id = v.series_id`,
  meters: 'SELECT id, metering_point, commodity, status, latest_data_sec FROM meters',
  notes: 'SELECT meter_id, from_sec, to_sec, text, created_sec, version, changed_sec, changed_by FROM notes',
  imports:
    'SELECT meter_id, file_name, sha256, format, imported_sec, readings, inserted, span_from_sec, span_to_sec, imported_by FROM imports',
};

type Queries = Record<string, string>;

const sorted = (rows: unknown[][]) =>
  rows.map((r) => JSON.stringify(r.map((x) => (x === null ? null : String(x))))).sort();

/** The rows of a local profile's database. */
export function localStoreRows(path: string, queries: Queries = STORE_ROWS): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(
      Object.entries(queries).map(([k, sql]) => [k, sorted(db.prepare(sql).raw(true).all() as unknown[][])]),
    );
  } finally {
    db.close();
  }
}

/** The same rows from a team's schema. */
export async function teamStoreRows(
  connection: pg.ClientConfig,
  queries: Queries = STORE_ROWS,
): Promise<Record<string, string[]>> {
  const c = new pg.Client(connection);
  await c.connect();
  try {
    await c.query('SET search_path TO meterdesk');
    const out: Record<string, string[]> = {};
    for (const [k, sql] of Object.entries(queries))
      out[k] = sorted((await c.query({ text: sql, rowMode: 'array' })).rows as unknown[][]);
    return out;
  } finally {
    await c.end();
  }
}
