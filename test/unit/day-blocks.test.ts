// Day blocks (0003_day_blocks.sql): each complete local day's quarter-hours as one text in
// daily_rollups, written by the readings store with the rows and read by the CSV export. Against real
// SQLite files: what the store writes (DST days, order, revisions, days that must get none), the
// migration's backfill, the export's reader (blocks, cut days, damaged blocks) and the exported bytes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { loadMigrations, migrate } from '../../main/db/migrate';
import { createReadingsStore, fillPendingBlocks, type IncomingReading } from '../../main/db/readings-store';
import { exportCsv, rowsWithoutBlocks } from '../../main/export/csv';
import { META, packedChunkReader } from '../../main/export/packed-read';
import { closeReadAhead } from '../../main/export/read-ahead';
import { dayNumberOfKey, dayStartSec } from '../../main/time/local-days';
import { DST_DAYS, fullDay, storeAllAsRows } from '../readings-fixture';

const OBIS = '1-1:1.9.0 G.01';
const tmp = () => join(mkdtempSync(join(tmpdir(), 'md-blocks-')), 'meterdesk.sqlite');

/** Every quarter-hour of a local day, qualities 1, 2, 3 in turn. */
const day = (key: string, valueOf: (slot: number) => number, updatedSec = 100) =>
  fullDay(key, valueOf, { quality: (i) => 1 + (i % 3), updatedSec, obisCode: OBIS });

/** The day rollups of a database, and which of them have a block. */
const rollups = (db: Database.Database) =>
  db.prepare('SELECT * FROM daily_rollups ORDER BY series_id, day').all() as { packed: string | null }[];
const withBlock = (db: Database.Database) => rollups(db).map((r) => r.packed !== null);

/** The block the format promises for these rows (thousandths · 8 + revised · 4 + quality). */
const blockOf = (rows: IncomingReading[], revised: (i: number) => boolean = () => false) =>
  rows.map((r, i) => Math.round(r.value * 1000) * 8 + (revised(i) ? 4 : 0) + r.quality).join(',');

const blockFor = (db: Database.Database, key: string) =>
  (
    db
      .prepare('SELECT packed FROM daily_rollups WHERE series_id = 1 AND day = ?')
      .get(dayNumberOfKey(key)) as { packed: string | null } | undefined
  )?.packed;

/** Values of all signs and sizes, every one exact in thousandths. */
const v = (i: number) =>
  Math.round(([0, -0.5, 123_456.789, 0.001, 65.535, 3.1][i % 6]! + (i % 10) / 1000) * 1000) / 1000;

/** Writes the rows as one page, with one of them changed. */
const writeChanged = (
  store: ReturnType<typeof createReadingsStore>,
  rows: IncomingReading[],
  slot: number,
  change: Partial<IncomingReading>,
) =>
  store.applyPage(
    'm1',
    rows.map((r, i) => (i === slot ? { ...r, ...change } : r)),
    'cursor',
    1,
  );

describe('day blocks written by the readings store', () => {
  it('hold every quarter-hour of complete days in time order, DST days included, whatever the arrival order', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    for (const [key, n] of DST_DAYS) {
      const rows = day(key, v);
      expect(rows).toHaveLength(n);
      store.applyPage('m1', [...rows].reverse(), 'cursor', 1); // newest first
      expect(blockFor(db, key)).toBe(blockOf(rows));
    }
  });

  it('are the same whether a page inserts the day whole (built in JS) or its rows come one by one (built in SQL)', () => {
    const whole = openDatabase(tmp());
    const single = openDatabase(tmp());
    const rows = [
      ...day('2025-03-30', v),
      ...day('2025-10-26', v),
      ...day('2025-06-10', v).map((r, i) => (i === 4 ? { ...r, value: 1e-7 } : r)), // no block
      ...day('2025-06-11', v).map((r, i) => (i === 4 ? { ...r, value: -0 } : r)),
    ];
    createReadingsStore(whole).applyPage('m1', rows, 'cursor', 1);
    const one = createReadingsStore(single);
    for (const r of rows) one.applyPage('m1', [r], 'cursor', 1);
    expect(rollups(whole)).toEqual(rollups(single));
    expect(withBlock(whole)).toEqual([true, false, true, true]);
  });

  it('appear when a gap is filled, and follow a revision of value and flag', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const rows = day('2025-06-10', v);
    store.applyPage(
      'm1',
      rows.filter((_, i) => i !== 40),
      'cursor',
      1,
    );
    expect(blockFor(db, '2025-06-10')).toBeNull();
    store.applyPage('m1', [rows[40]!], 'cursor', 2);
    expect(blockFor(db, '2025-06-10')).toBe(blockOf(rows));

    const revised = rows.map((r, i) => (i === 7 ? { ...r, value: 9.25, updatedSec: 300 } : r));
    store.applyPage('m1', [revised[7]!], 'cursor', 3);
    expect(blockFor(db, '2025-06-10')).toBe(blockOf(revised, (i) => i === 7));
  });

  it('are left out for a value not exact in thousandths and a quality outside 1–3, and come back with a fix', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const rows = day('2025-06-10', v);
    writeChanged(store, rows, 5, { value: 0.12345 });
    expect(blockFor(db, '2025-06-10')).toBeNull();
    const fixed = { ...rows[5]!, updatedSec: 200 };
    store.applyPage('m1', [fixed], 'cursor', 2);
    expect(blockFor(db, '2025-06-10')).toBe(blockOf(rows, (i) => i === 5));

    const other = day('2025-06-11', v);
    writeChanged(store, other, 9, { quality: 7 });
    expect(blockFor(db, '2025-06-11')).toBeNull();
    // A reading off the grid makes the day's count wrong for its quarter-hours: no block either.
    const offGrid = day('2025-06-12', v);
    writeChanged(store, offGrid, 3, { startSec: offGrid[3]!.startSec + 60 });
    expect(blockFor(db, '2025-06-12')).toBeNull();
  });

  it('of days synced before 0003 are marked by the migration and filled in later, the same as the store writes them', async () => {
    const fresh = openDatabase(tmp());
    const store = createReadingsStore(fresh);
    const complete = [...day('2025-03-30', v), ...day('2025-10-26', v)];
    const gap = day('2025-06-10', v).filter((_, i) => i !== 3);
    const odd = day('2025-06-11', v).map((r, i) => (i === 2 ? { ...r, value: 1e-7 } : r));
    store.applyPage('m1', [...complete, ...gap, ...odd], 'cursor', 1);
    store.applyPage('m1', [{ ...complete[11]!, value: 4.5, updatedSec: 500 }], 'cursor', 2);

    const oldPath = tmp();
    const old = new Database(oldPath);
    migrate(old, loadMigrations().slice(0, 2));
    old.exec(`ATTACH '${fresh.name}' AS f`);
    old.exec('INSERT INTO readings SELECT * FROM f.readings');
    old.exec(
      'INSERT INTO daily_rollups SELECT series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable FROM f.daily_rollups',
    );
    old.exec('DETACH f');
    old.close();

    // The migration marks complete days '?'; the background fill gives them the store's blocks.
    const migrated = openDatabase(oldPath);
    expect(rollups(migrated).map((r) => r.packed)).toEqual(['?', null, '?', '?']);
    expect(rowsWithoutBlocks(migrated, [1], 0, 2 ** 31)).toBe(92 + 95 + 96 + 100);
    const days = await fillPendingBlocks(migrated, createReadingsStore(migrated), { batchDays: 2 });
    expect(days).toBe(3);
    expect(rollups(migrated)).toEqual(rollups(fresh));
    expect(withBlock(migrated)).toEqual([true, false, false, true]);
    expect(await fillPendingBlocks(migrated, createReadingsStore(migrated))).toBe(0);
  });
});

describe("the CSV export's read of day blocks", () => {
  afterAll(() => closeReadAhead());

  /** Three complete days, a day with a gap and a complete DST day, in one series. */
  function setup() {
    const db = openDatabase(tmp());
    db.prepare(
      "INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES ('m1', 'AT001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
    ).run();
    const store = createReadingsStore(db);
    const keys = ['2025-10-23', '2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27'];
    const rows = keys.flatMap((k) => day(k, (i) => v(i + k.length)));
    store.applyPage(
      'm1',
      rows.filter((r) => r.startSec !== dayStartSec(dayNumberOfKey('2025-10-25')) + 30 * 900),
      'cursor',
      1,
    );
    store.applyPage('m1', [{ ...rows[20]!, value: 2.5, updatedSec: 200 }], 'cursor', 2);
    const from = dayStartSec(dayNumberOfKey(keys[0]!));
    const to = dayStartSec(dayNumberOfKey('2025-10-28'));
    return { db, from, to };
  }
  /** A copy of the database whose days have no blocks: everything is read row by row. */
  const withoutBlocks = (db: Database.Database) => {
    const path = tmp();
    db.exec(`VACUUM INTO '${path}'`);
    const nb = openDatabase(path);
    storeAllAsRows(nb);
    nb.exec('UPDATE daily_rollups SET packed = NULL');
    return nb;
  };

  it('gives what the row read gives, over whole days, cut days and days without a block', () => {
    const { db, from, to } = setup();
    const nb = withoutBlocks(db);
    expect(db.prepare('SELECT count(*) AS n FROM daily_rollups WHERE packed IS NOT NULL').get()).toEqual({
      n: 4,
    });
    const read = packedChunkReader(db);
    const rows = packedChunkReader(nb);
    for (const [a, b] of [
      [from, to],
      [from + 13 * 900, to - 7 * 900], // first and last day cut
      [from + 96 * 900, from + 2 * 96 * 900], // exactly one day
      [from + 5 * 900, from + 9 * 900], // inside one day
      [from + 2 * 96 * 900 + 30 * 900, to], // starts at the gap
    ] as const) {
      const got = read(1, a, b);
      expect(got, `${a}–${b}`).toEqual(rows(1, a, b));
      expect(got.length).toBeGreaterThan(0);
      expect(got.every((p) => p !== null)).toBe(true);
    }
    // The first row, from its block: v(10) in thousandths · 2^15, slot 0, not revised, quality 1.
    expect(read(1, from, to)[0]).toBe(Math.round(v(10) * 1000) * META + 1);
  });

  it('reads a day from its block, not its rows, and a damaged block from its rows', () => {
    const { db, from } = setup();
    storeAllAsRows(db); // rows and blocks both, as before 0007 (day-storage.test.ts: blocks alone)
    const dayTwo = from + 96 * 900;
    const before = packedChunkReader(db)(1, from, from + 3 * 96 * 900);
    // Rows removed behind the store's back (no refresh): the block still has the day.
    db.prepare('DELETE FROM reading_rows WHERE start_sec >= ? AND start_sec < ?').run(
      dayTwo,
      dayTwo + 96 * 900,
    );
    expect(packedChunkReader(db)(1, from, from + 3 * 96 * 900)).toEqual(before);

    const day1 = (
      db.prepare('SELECT packed FROM daily_rollups WHERE day_start_sec = ?').get(from) as { packed: string }
    ).packed;
    const rowsOfDay1 = packedChunkReader(db)(1, from, from + 96 * 900);
    for (const damaged of [
      day1.replace(',', ',x'),
      day1.slice(0, day1.lastIndexOf(',')), // one quarter-hour short
      `${day1},8`, // one too many
      day1.replace(/^\d+/, '9999999999999'), // 13 digits: beyond what packs below 2^53
      day1.replace(',', ',,'),
      day1.replace(',', ',--'),
      '?', // not computed yet (migration 0003)
    ]) {
      db.prepare('UPDATE daily_rollups SET packed = ? WHERE day_start_sec = ?').run(damaged, from);
      expect(packedChunkReader(db)(1, from, from + 96 * 900), damaged.slice(0, 40)).toEqual(rowsOfDay1);
    }
  });

  it('counts the readings an export would read row by row (what decides on the reading thread)', () => {
    const { db, from, to } = setup();
    expect(rowsWithoutBlocks(db, [1], from, to)).toBe(95); // the day with the gap
    expect(rowsWithoutBlocks(db, [1, 99], from, to)).toBe(95);
    expect(rowsWithoutBlocks(withoutBlocks(db), [1], from, to)).toBe(4 * 96 + 100 - 1);
  });

  it('exports the same bytes with and without blocks, read ahead or not, in both profiles', async () => {
    const { db, from, to } = setup();
    const nb = withoutBlocks(db);
    for (const profile of ['excel-at', 'iso'] as const)
      for (const readAhead of [false, true]) {
        const bytes = async (d: Database.Database) => {
          const path = join(mkdtempSync(join(tmpdir(), 'md-blocks-out-')), 'x.csv');
          await exportCsv(
            d,
            { meterIds: ['m1'], obisCodes: [OBIS], fromSec: from, toSec: to, profile },
            path,
            {
              readAhead,
            },
          );
          return readFileSync(path);
        };
        const a = await bytes(db);
        expect(a.equals(await bytes(nb)), `${profile} ${readAhead}`).toBe(true);
        const lines = a.toString('utf8').split('\r\n');
        expect(lines).toHaveLength(1 + 5 * 96 + 4 + 1);
        expect(lines[21]).toContain(profile === 'iso' ? ',2.5,' : ';2,5;');
      }
  });
});
