// Migrations are additive: each one, applied after its predecessors, may add tables, columns, indexes
// and views, but never drop or rename a table or a column, change a column's type, or add a NOT NULL
// column without a default to a table that may hold rows (a database of the previous version would
// lose data or refuse to open). The guard diffs the real schema SQLite reports before and after each
// migration (after Actual Budget's additive-migrations test), and the cases below prove it fires.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, type Migration } from '../../main/db/migrate';

interface Column {
  type: string;
  notnull: number;
  dflt_value: string | null;
}
type Schema = Map<string, Map<string, Column>>;

function schemaOf(db: Database.Database): Schema {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  return new Map(
    tables.map((t) => [
      t,
      new Map(
        (db.pragma(`table_info(${JSON.stringify(t)})`) as (Column & { name: string })[]).map((c) => [
          c.name,
          c,
        ]),
      ),
    ]),
  );
}

/** What a migration did that is not additive, in words that say what to do instead. */
function nonAdditive(before: Schema, after: Schema): string[] {
  const problems: string[] = [];
  for (const [table, cols] of before) {
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} was dropped or renamed: keep it (add a new table beside it instead)`);
      continue;
    }
    for (const [name, col] of cols) {
      const c = now.get(name);
      if (!c) problems.push(`column ${table}.${name} was dropped or renamed: keep it and add a new column`);
      else if (c.type !== col.type)
        problems.push(`column ${table}.${name} changed type ${col.type} → ${c.type}`);
    }
    for (const [name, c] of now)
      if (!cols.has(name) && c.notnull && c.dflt_value === null)
        problems.push(`new column ${table}.${name} is NOT NULL without a default: give it one`);
  }
  return problems;
}

/** Applies migrations one at a time to a new database; the problems of each, by name. */
function check(migrations: Migration[]): Record<string, string[]> {
  const db = new Database(':memory:');
  const out: Record<string, string[]> = {};
  for (const m of migrations) {
    const before = schemaOf(db);
    db.exec(m.sql);
    const problems = nonAdditive(before, schemaOf(db));
    if (problems.length > 0) out[m.name] = problems;
  }
  db.close();
  return out;
}

const base: Migration = {
  version: 1,
  name: '0001_base.sql',
  sql: 'CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size REAL) STRICT;',
};
const next = (sql: string): Migration => ({ version: 2, name: '0002_next.sql', sql });

describe('migrations', () => {
  it('are additive, every one of them', () => {
    expect(check(loadMigrations())).toEqual({});
  });

  it('lets additions through: a table, a nullable column, a NOT NULL column with a default, an index', () => {
    expect(
      check([
        base,
        next(`CREATE TABLE more (id INTEGER PRIMARY KEY) STRICT;
              ALTER TABLE things ADD COLUMN note TEXT;
              ALTER TABLE things ADD COLUMN kind TEXT NOT NULL DEFAULT 'a';
              CREATE INDEX things_name ON things (name);`),
      ]),
    ).toEqual({});
  });

  it('fires on a dropped table, a renamed table, a dropped and a renamed column', () => {
    expect(check([base, next('DROP TABLE things;')])['0002_next.sql']).toEqual([
      expect.stringMatching(/table things was dropped or renamed/),
    ]);
    expect(check([base, next('ALTER TABLE things RENAME TO stuff;')])['0002_next.sql']).toEqual([
      expect.stringMatching(/table things was dropped or renamed/),
    ]);
    expect(check([base, next('ALTER TABLE things DROP COLUMN size;')])['0002_next.sql']).toEqual([
      expect.stringMatching(/column things.size was dropped or renamed/),
    ]);
    expect(check([base, next('ALTER TABLE things RENAME COLUMN size TO bytes;')])['0002_next.sql']).toEqual([
      expect.stringMatching(/column things.size was dropped or renamed/),
    ]);
  });

  it('fires on a table rebuilt with a changed type or a new NOT NULL column without a default', () => {
    const rebuilt = check([
      base,
      next(`CREATE TABLE things_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size INTEGER, owner TEXT NOT NULL) STRICT;
            INSERT INTO things_new SELECT id, name, size, '' FROM things;
            DROP TABLE things;
            ALTER TABLE things_new RENAME TO things;`),
    ])['0002_next.sql'];
    expect(rebuilt).toEqual([
      expect.stringMatching(/things.size changed type REAL → INTEGER/),
      expect.stringMatching(/new column things.owner is NOT NULL without a default/),
    ]);
  });
});
