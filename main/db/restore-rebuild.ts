/**
 * A restored backup is data, never a schema to adopt (issue 61: a crafted backup kept its triggers and
 * views, and the next import of one day deleted every tariff and multiplied a month tenfold). Before a
 * backup's copy becomes a profile:
 * - its schema objects (tables, indexes, triggers, views) must be exactly those the migrations make for
 *   its storage generation — anything else is refused, named;
 * - every name a person reads passes the person-text door (control and bidi characters out, capped);
 * - every stored reading must be a plausible value (finite, not negative, at most 1 GWh an hour);
 * - the derived table (daily rollups) is rebuilt from the readings, not taken from the file
 *   (readings-restore.ts, beside the readings store: the only writers of readings).
 */
import type Database from 'better-sqlite3';
import BetterSqlite from 'better-sqlite3';
import { AppError } from '../errors';
import { personLine, personNotes } from '../doors/person-text';
import { loadMigrations, migrate } from './migrate';
export { rebuildRollups } from './readings-restore';

const refuse = (path: string, why: string) =>
  new AppError('invalid_input', `${path} cannot be restored: ${why}. Nothing was changed.`, {
    reason: 'backup_schema_foreign',
    params: { path },
  });

/** The schema objects of a database as text: type, name and its SQL with spaces folded. */
function schemaOf(db: Database.Database): Map<string, string> {
  const rows = db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'meterdesk_backup'",
    )
    .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
  return new Map(
    rows.map((r) => [`${r.type} ${r.name}`, `${r.tbl_name}|${(r.sql ?? '').replace(/\s+/g, ' ').trim()}`]),
  );
}

/**
 * Refuses a copy whose schema objects differ from a fresh profile's at the same storage generation:
 * an object too many (a trigger, a view), one missing or one defined otherwise, named in the refusal.
 */
export function checkSchema(db: Database.Database, path: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  const fresh = new BetterSqlite(':memory:');
  let expected: Map<string, string>;
  try {
    migrate(fresh, loadMigrations().slice(0, version));
    expected = schemaOf(fresh);
  } finally {
    fresh.close();
  }
  const found = schemaOf(db);
  for (const [key, sql] of found)
    if (!expected.has(key)) throw refuse(path, `it holds a ${key} no Meterdesk profile has`);
    else if (expected.get(key) !== sql)
      throw refuse(path, `its ${key} is defined otherwise than Meterdesk defines it`);
  for (const key of expected.keys())
    if (!found.has(key)) throw refuse(path, `it lacks the ${key} of a Meterdesk profile`);
}

/** The columns a person reads, each through its door (table, key column, column, one line or notes). */
const NAMED: [string, string, string, 'line' | 'notes'][] = [
  ['customers', 'id', 'name', 'line'],
  ['customers', 'id', 'email', 'line'],
  ['sites', 'id', 'name', 'line'],
  ['sites', 'id', 'address', 'line'],
  ['meters', 'id', 'label', 'line'],
  ['communities', 'id', 'name', 'line'],
  ['price_series', 'id', 'name', 'line'],
  ['imports', 'id', 'file_name', 'line'],
  ['notes', 'id', 'text', 'notes'],
];

/**
 * Every name and note through the person-text door, in place. A required name that cleans to nothing
 * becomes "–" (the row stays; its data is the person's).
 */
export function cleanNames(db: Database.Database): number {
  let changed = 0;
  for (const [table, key, column, kind] of NAMED) {
    const rows = db.prepare(`SELECT ${key} AS k, ${column} AS v FROM ${table}`).all() as {
      k: string | number;
      v: unknown;
    }[];
    const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${key} = ?`);
    const notNull = (
      db.prepare(`SELECT "notnull" AS nn FROM pragma_table_info(?) WHERE name = ?`).get(table, column) as {
        nn: number;
      }
    ).nn;
    for (const r of rows) {
      if (r.v === null) continue;
      const text = String(r.v);
      const clean = (kind === 'notes' ? personNotes(text) : personLine(text)) ?? (notNull ? '–' : null);
      if (clean !== r.v) {
        update.run(clean, r.k);
        changed++;
      }
    }
  }
  return changed;
}
