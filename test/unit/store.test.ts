// The local store against real SQLite files: migrations, schema snapshot, revision-guarded upserts,
// the audit trail and the per-local-day rollups (including DST days).
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { toContractError, type AppError } from '../../main/errors';
import { createReadingsStore, type IncomingReading } from '../../main/db/readings-store';
import { dayNumberOfKey } from '../../main/time/local-days';
import { DST_DAYS, fullDay } from '../readings-fixture';

const tmp = () => join(mkdtempSync(join(tmpdir(), 'md-store-')), 'meterdesk.sqlite');
const reg = '1-1:1.9.0 G.01';

const day = (key: string, valueOf: (slot: number) => number, quality = 1, updatedSec = 1_000_000) =>
  fullDay(key, valueOf, { quality, updatedSec, obisCode: reg });

describe('migrations', () => {
  it('are numbered without gaps, and the schema matches the checked-in snapshot', () => {
    const files = readdirSync('main/db/migrations')
      .filter((f) => f.endsWith('.sql'))
      .sort();
    files.forEach((f, i) => expect(f.startsWith(String(i + 1).padStart(4, '0') + '_')).toBe(true));
    const db = openDatabase(tmp());
    expect(db.pragma('user_version', { simple: true })).toBe(files.length);
    const schema =
      (
        db.prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name').all() as {
          sql: string;
        }[]
      )
        .map((r) => r.sql)
        .join(';\n') + ';\n';
    const snap = 'test/fixtures/schema.sql';
    if (!existsSync(snap) && process.env.UPDATE_SNAPSHOTS) writeFileSync(snap, schema);
    expect(schema).toBe(readFileSync(snap, 'utf8'));
    db.close();
  });

  it('refuses a database written by a newer Meterdesk and leaves it untouched', () => {
    const path = tmp();
    openDatabase(path).close();
    const raw = new Database(path);
    raw.pragma('user_version = 999');
    raw.close();
    expect(() => openDatabase(path)).toThrow(/newer Meterdesk/);
    expect(refusalOf(() => openDatabase(path))).toMatchObject({
      reason: 'db_newer',
      params: {
        schema: 999,
        knows: readdirSync('main/db/migrations').filter((f) => f.endsWith('.sql')).length,
      },
    });
    const again = new Database(path);
    expect(again.pragma('user_version', { simple: true })).toBe(999);
    again.close();
  });
});

/**
 * A profile as the builds before the storage redesign wrote it (issue 43, item 3): readings as rows of
 * `readings` (schema 1–6 of the earlier numbering) or `reading_rows` (schema 7), no day records, WAL.
 */
function earlierProfile(schema: number, table: 'readings' | 'reading_rows'): string {
  const path = tmp();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE meters (id TEXT PRIMARY KEY);
    CREATE TABLE ${table} (series_id INTEGER, start_sec INTEGER, value REAL);
    INSERT INTO ${table} VALUES (1, 1700000000, 0.25);
    CREATE TABLE imports (id INTEGER PRIMARY KEY, file_name TEXT, imported_sec INTEGER);
    INSERT INTO imports (file_name, imported_sec) VALUES ('netzooe-2024.csv', 1), ('wn-2025.xlsx', 2), ('wn-2025.xlsx', 3);`);
  db.pragma(`user_version = ${schema}`);
  db.close();
  return path;
}

const refusalOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return toContractError(err as AppError);
  }
  throw new Error('not refused');
};

const filesOf = (path: string) => {
  const dir = join(path, '..');
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
};

describe('profiles of another generation', () => {
  for (const [schema, table] of [
    [7, 'reading_rows'],
    [4, 'readings'],
    [2, 'readings'],
  ] as const)
    it(`a profile from before the storage redesign (schema ${schema}, ${table}) is refused as earlier, with the files to import again, and not one byte changes`, () => {
      const path = earlierProfile(schema, table);
      const before = filesOf(path);
      const e = refusalOf(() => openDatabase(path));
      expect(e).toMatchObject({
        code: 'local_data',
        reason: 'db_before_redesign',
        params: { schema, files: 'wn-2025.xlsx, netzooe-2024.csv' },
      });
      expect(e.message).toMatch(/earlier Meterdesk/);
      expect(e.message).not.toMatch(/newer/);
      expect(filesOf(path)).toEqual(before);
      // The read path (the CLI's) refuses it the same way; the file itself stays as it was (SQLite may
      // leave its empty -wal and -shm beside a file opened read-only in WAL mode).
      expect(refusalOf(() => openDatabase(path, { readonly: true }))).toMatchObject({
        reason: 'db_before_redesign',
      });
      expect(filesOf(path)[basename(path)]).toEqual(before[basename(path)]);
    });
});

describe('readings store', () => {
  it('inserts, then treats a replay as a no-op', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const rows = day('2025-06-10', (i) => i / 100);
    expect(store.applyPage('m1', rows, 'cursor', 1).inserted).toBe(96);
    const again = store.applyPage('m1', rows, 'cursor', 2);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 96, revisions: 0 });
    expect((db.prepare('SELECT count(*) AS n FROM readings').get() as { n: number }).n).toBe(96);
  });

  it('applies a newer revision once, records it in the audit trail, and ignores an older one', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    store.applyPage(
      'm1',
      day('2025-06-10', () => 1, 2, 100),
      'cursor',
      1,
    );
    const revised = day('2025-06-10', (i) => (i === 5 ? 3 : 1), 1, 200);
    expect(store.applyPage('m1', revised, 'cursor', 2)).toMatchObject({ updated: 96, revisions: 96 });
    expect(store.applyPage('m1', revised, 'mqtt', 3)).toMatchObject({ updated: 0, revisions: 0 });
    expect(
      store.applyPage(
        'm1',
        day('2025-06-10', () => 9, 3, 150),
        'window',
        4,
      ),
    ).toMatchObject({ updated: 0 });
    const trail = db
      .prepare(
        'SELECT old_value, old_quality, new_value, new_quality FROM reading_revisions ORDER BY start_sec LIMIT 6',
      )
      .all();
    expect(trail[5]).toEqual({ old_value: 1, old_quality: 2, new_value: 3, new_quality: 1 });
    expect((db.prepare('SELECT count(*) AS n FROM reading_revisions').get() as { n: number }).n).toBe(96);
    const r = db
      .prepare('SELECT value, quality, revised_sec FROM readings WHERE start_sec = ?')
      .get(revised[5]!.startSec);
    expect(r).toEqual({ value: 3, quality: 1, revised_sec: 200 });
  });

  it('gives one page the same result as applying its rows one at a time (duplicates, revisions, new and stored rows, two registers)', () => {
    // A page mixing stored rows, new rows (more than one multi-row insert), a reading and its revision
    // in the same page, an older version after a newer one, and a second register interleaved.
    const base = day('2025-06-10', (i) => i / 10, 2, 100);
    const other = base.map((r) => ({ ...r, obisCode: '1-1:2.9.0 G.01', value: r.value * 2 }));
    const page: IncomingReading[] = [];
    for (let i = 0; i < 96; i++) page.push(base[i]!, other[i]!);
    page.push(...day('2025-06-11', (i) => i, 2, 100)); // 96 new rows of the next day
    page.push({ ...base[7]!, value: 42, quality: 1, updatedSec: 300 }); // revision of row 7 in the page
    page.push({ ...base[7]!, value: 41, quality: 1, updatedSec: 200 }); // older: ignored
    page.push({ ...base[8]!, updatedSec: 300 }); // newer, same value: only updated_sec moves
    page.push({ ...other[9]!, value: 7, quality: 3, updatedSec: 400 });

    const stored = day('2025-06-10', (i) => i / 10, 2, 100).slice(0, 40); // already there before the page

    const paged = openDatabase(tmp());
    const a = createReadingsStore(paged);
    a.applyPage('m1', stored, 'cursor', 1);
    const wa = a.applyPage('m1', page, 'cursor', 2);

    const single = openDatabase(tmp());
    const b = createReadingsStore(single);
    b.applyPage('m1', stored, 'cursor', 1);
    const total = { inserted: 0, updated: 0, unchanged: 0, revisions: 0 };
    for (const r of page) {
      const w = b.applyPage('m1', [r], 'cursor', 2);
      total.inserted += w.inserted;
      total.updated += w.updated;
      total.unchanged += w.unchanged;
      total.revisions += w.revisions;
    }
    expect(wa).toMatchObject(total);
    expect(total).toEqual({ inserted: 96 - 40 + 96 + 96, updated: 2, unchanged: 40 + 2, revisions: 2 });
    const dump = (db: Database.Database) => [
      db.prepare('SELECT * FROM readings ORDER BY series_id, start_sec').all(),
      db.prepare('SELECT * FROM reading_revisions ORDER BY id').all(),
      db.prepare('SELECT * FROM daily_rollups ORDER BY series_id, day').all(),
    ];
    expect(dump(paged)).toEqual(dump(single));
    const r7 = paged.prepare(
      'SELECT value, quality, updated_sec FROM readings WHERE start_sec = ? AND series_id = 1',
    );
    expect(r7.get(base[7]!.startSec)).toEqual({ value: 42, quality: 1, updated_sec: 300 });
    expect(r7.get(base[8]!.startSec)).toEqual({ value: 0.8, quality: 2, updated_sec: 300 });
  });

  it('without updated_at, replaces only when value or quality differ', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const rows = day('2025-06-10', () => 1).map((r) => ({ ...r, updatedSec: null }));
    store.applyPage('m1', rows, 'mqtt', 10);
    expect(store.applyPage('m1', rows, 'mqtt', 11)).toMatchObject({ unchanged: 96, revisions: 0 });
    expect(
      store.applyPage(
        'm1',
        rows.map((r) => ({ ...r, value: 2 })),
        'mqtt',
        12,
      ),
    ).toMatchObject({ revisions: 96 });
  });

  it('keeps per-local-day rollups exact, with 92/96/100 expected quarter-hours on DST days', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    for (const [key, n] of DST_DAYS) {
      const rows = day(key, (i) => (i % 7) / 10, 1);
      expect(rows).toHaveLength(n);
      rows[3]!.quality = 2;
      store.applyPage(
        'm1',
        rows.filter((_, i) => i !== 10),
        'cursor',
        1,
      );
      const r = db
        .prepare('SELECT expected, count, sum, max, n_measured, n_estimated FROM daily_rollups WHERE day = ?')
        .get(dayNumberOfKey(key)) as Record<string, number>;
      const values = rows.filter((_, i) => i !== 10).map((x) => x.value);
      expect(r.expected).toBe(n);
      expect(r.count).toBe(n - 1);
      expect(r.sum).toBeCloseTo(
        values.reduce((a, b) => a + b, 0),
        9,
      );
      expect(r.max).toBe(Math.max(...values));
      expect(r.n_estimated).toBe(1);
      expect(r.n_measured).toBe(n - 2);
    }
    // A revision lowering the day's maximum is reflected in the rollup.
    const d = day('2025-06-10', () => 0.05, 1, 2_000_000);
    store.applyPage('m1', d, 'cursor', 5);
    const r = db
      .prepare('SELECT count, max, sum FROM daily_rollups WHERE day = ?')
      .get(dayNumberOfKey('2025-06-10')) as Record<string, number>;
    expect(r.count).toBe(96);
    expect(r.max).toBe(0.05);
    expect(r.sum).toBeCloseTo(4.8, 9);
  });

  it('refuses a page with a value that is not finite, whole (an empty slot is NaN while a day is written)', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    store.applyPage(
      'm1',
      day('2025-06-10', () => 0.5),
      'cursor',
      1,
    );
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const rows = day('2025-06-10', (i) => (i === 40 ? bad : 0.25), 1, 5);
      expect(() => store.applyPage('m1', rows, 'cursor', 5)).toThrow(/no finite value/);
    }
    // Said in words even when the time is broken too (no RangeError of an invalid date).
    const broken = { ...day('2025-06-10', () => Number.NaN)[0]!, startSec: Number.NaN };
    expect(() => store.applyPage('m1', [broken], 'cursor', 5)).toThrow(/at NaN has no finite value/);
    // Nothing of either page: every quarter-hour still holds its first value.
    expect(db.prepare('SELECT count(*) AS n, sum(value) AS s FROM readings').get()).toEqual({ n: 96, s: 48 });
  });

  it('writes the cursor in the same transaction as its page (a failing page leaves neither)', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    expect(() =>
      store.applyPage(
        'm1',
        day('2025-06-10', () => 1),
        'cursor',
        1,
        () => {
          db.prepare("INSERT INTO sync_state (meter_id, cursor) VALUES ('m1', 'c1')").run();
          throw new Error('crash between rows and cursor');
        },
      ),
    ).toThrow();
    expect((db.prepare('SELECT count(*) AS n FROM readings').get() as { n: number }).n).toBe(0);
    expect(db.prepare('SELECT * FROM sync_state').all()).toEqual([]);
  });
});
