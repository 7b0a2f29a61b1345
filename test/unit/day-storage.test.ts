// Day storage (0007_day_storage.sql): a complete, regular local day is stored as its day block alone,
// without its rows. Against real SQLite files: which days are stored so, that every reader sees exactly
// the readings that were written (checked against the readings as the test wrote them, not against the
// store's own view), that changes move a day back to rows first (revisions, imports, replays), the
// background move of profiles synced before 0007, damaged blocks, and the bytes it saves.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { loadMigrations, migrate } from '../../main/db/migrate';
import {
  countReadings,
  lastReading,
  latestOfMeters,
  readAll,
  readRange,
  spanIn,
  type StoredReading,
} from '../../main/db/readings-read';
import { createReadingsStore, fillPendingBlocks, type IncomingReading } from '../../main/db/readings-store';
import { exportCsv } from '../../main/export/csv';
import { closeReadAhead } from '../../main/export/read-ahead';
import { dayNumberOfKey, dayStartSec } from '../../main/time/local-days';
import { DST_DAYS, digest, fullDay, storeAllAsRows } from '../readings-fixture';

const OBIS = '1-1:1.9.0 G.01';
const tmp = () => join(mkdtempSync(join(tmpdir(), 'md-daystore-')), 'meterdesk.sqlite');

/** Values of all signs and sizes, every one exact in thousandths. */
const v = (i: number) =>
  Math.round(([0.25, -0.5, 123_456.789, 0.001, 65.535][i % 5]! + (i % 7) / 1000) * 1000) / 1000;
const day = (key: string, updatedSec = 100, valueOf = v) =>
  fullDay(key, valueOf, { quality: (i) => 1 + (i % 3), updatedSec, obisCode: OBIS });

/** What the store must hold for readings written once each by a source: the test's own model. */
function expected(
  rows: IncomingReading[],
  source: string,
  revisedAt = new Map<number, number>(),
): StoredReading[] {
  return [...rows]
    .sort((a, b) => a.startSec - b.startSec)
    .map((r) => [
      r.startSec,
      r.endSec,
      r.value,
      r.quality,
      r.updatedSec!,
      revisedAt.get(r.startSec) ?? null,
      source,
    ]);
}

/** Every reading through the view, as the tuples readRange gives. */
const viaView = (db: Database.Database, sid = 1): StoredReading[] =>
  db
    .prepare(
      'SELECT start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM readings WHERE series_id = ? ORDER BY start_sec',
    )
    .raw(true)
    .all(sid) as StoredReading[];

const storedDays = (db: Database.Database) =>
  (
    db
      .prepare('SELECT day FROM daily_rollups WHERE block_source IS NOT NULL ORDER BY day')
      .pluck(true)
      .all() as number[]
  ).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const rowCount = (db: Database.Database) =>
  db.prepare('SELECT count(*) FROM reading_rows').pluck(true).get() as number;

function meter(db: Database.Database, id = 'm1') {
  db.prepare(
    "INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES (?, 'AT001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
  ).run(id);
}

describe('days stored as their block alone', () => {
  it('are the complete regular days, DST days included, and every reader gives the readings as written', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const complete = DST_DAYS.flatMap(([key]) => day(key));
    const gap = day('2025-06-11').filter((_, i) => i !== 40);
    const mixed = day('2025-06-12').map((r, i) => (i === 7 ? { ...r, updatedSec: 101 } : r));
    const inexact = day('2025-06-13').map((r, i) => (i === 9 ? { ...r, value: 0.0001 } : r));
    const written = [...complete, ...gap, ...mixed, ...inexact];
    // In pages that cut days, as a sync's pages do.
    for (let i = 0; i < written.length; i += 150)
      store.applyPage('m1', written.slice(i, i + 150), 'cursor', 1);

    expect(storedDays(db)).toEqual(DST_DAYS.map(([key]) => key));
    expect(rowCount(db)).toBe(95 + 96 + 96);
    const all = expected(written, 'cursor');
    expect(viaView(db)).toEqual(all);
    expect(readAll(db, 1)).toEqual(all);
    // Ranges that cut stored days, start in gaps, lie inside one day or hold nothing.
    const first = all[0]![0];
    const last = all.at(-1)![0];
    for (const [a, b] of [
      [first + 13 * 900, last - 7 * 900],
      [first + 5 * 900, first + 9 * 900],
      [dayStartSec(dayNumberOfKey('2025-10-26')) + 450, last + 900],
      [first - 86_400, first],
      [0, 2 ** 33],
    ] as const) {
      const inRange = all.filter((r) => r[0] >= a && r[0] < b);
      expect(readRange(db, 1, a, b), `${a}–${b}`).toEqual(inRange);
      expect(spanIn(db, 1, a, b)).toEqual(
        inRange.length === 0
          ? null
          : {
              firstStartSec: inRange[0]![0],
              lastStartSec: inRange.at(-1)![0],
              lastEndSec: inRange.at(-1)![1],
            },
      );
      expect(countReadings(db, 'm1', a, b)).toBe(inRange.length);
    }
    expect(lastReading(db, 1)).toEqual({ startSec: last, endSec: last + 900 });
    expect(latestOfMeters(db, ['m1', 'nobody'])).toEqual({ startSec: last, endSec: last + 900 });
  });

  it('have the rollup figures SQLite computes from their readings, to the last bit', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    // Values of every size and sign (exact in thousandths) whose sums round differently by order.
    let seed = 7;
    const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const keys = Array.from({ length: 60 }, (_, i) =>
      new Date(Date.UTC(2025, 2, 1 + i)).toISOString().slice(0, 10),
    );
    for (const key of keys)
      store.applyPage(
        'm1',
        day(key, 100, () => Math.round((rnd() - 0.3) * 10 ** Math.floor(rnd() * 9)) / 1000),
        'cursor',
        1,
      );
    expect(storedDays(db)).toEqual(keys);
    const rollups = db
      .prepare(
        'SELECT day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable FROM daily_rollups ORDER BY day',
      )
      .all() as { day_start_sec: number; expected: number }[];
    const fromReadings = db.prepare(
      `SELECT count(*) AS count, sum(value) AS sum, max(value) AS max, start_sec AS max_start_sec,
              sum(quality = 1) AS n_measured, sum(quality = 2) AS n_estimated, sum(quality = 3) AS n_unreliable
         FROM readings WHERE series_id = 1 AND start_sec >= ? AND start_sec < ?`,
    );
    for (const r of rollups)
      expect(r).toEqual({
        day_start_sec: r.day_start_sec,
        expected: r.expected,
        ...(fromReadings.get(r.day_start_sec, r.day_start_sec + r.expected * 900) as object),
      });
  });

  it('are only days whose readings share one updated_sec and source: a page with one apart keeps its rows', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const rows = day('2025-06-10').map((r, i) => (i === 13 ? { ...r, updatedSec: 101 } : r));
    store.applyPage('m1', rows, 'cursor', 1);
    expect(storedDays(db)).toEqual([]);
    expect(rowCount(db)).toBe(96);
    expect(viaView(db)).toEqual(expected(rows, 'cursor'));
    // Without an updated_at from the source, "now" is stored for each: one time for the page.
    const noTimes = day('2025-06-11').map((r) => ({ ...r, updatedSec: null }));
    store.applyPage('m1', noTimes, 'cursor', 5);
    expect(storedDays(db)).toEqual(['2025-06-11']);
    expect(viaView(db).slice(96)).toEqual(
      expected(
        noTimes.map((r) => ({ ...r, updatedSec: 5 })),
        'cursor',
      ),
    );
  });

  it('move back to rows to be revised, keep the audit trail, and are stored so again when regular', () => {
    const db = openDatabase(tmp());
    const store = createReadingsStore(db);
    const rows = day('2025-06-10');
    store.applyPage('m1', rows, 'cursor', 1);
    expect(storedDays(db)).toEqual(['2025-06-10']);
    const sumBefore = db.prepare('SELECT sum FROM daily_rollups').pluck(true).get();

    // A replay changes nothing, and the day stays stored as its block.
    const changes = db.prepare('SELECT total_changes()').pluck(true);
    const before = changes.get() as number;
    const replay = store.applyPage('m1', rows, 'cursor', 2);
    expect(changes.get()).toBe(before); // not a row written, not even moved
    expect(replay).toMatchObject({ inserted: 0, updated: 0, unchanged: 96, revisions: 0 });
    expect(storedDays(db)).toEqual(['2025-06-10']);
    expect(rowCount(db)).toBe(0);

    // One revised reading: a different updated_sec, so the day keeps its rows.
    const w = store.applyPage('m1', [{ ...rows[5]!, value: 9.5, updatedSec: 300 }], 'cursor', 3);
    expect(w).toMatchObject({ updated: 1, revisions: 1 });
    expect(storedDays(db)).toEqual([]);
    expect(rowCount(db)).toBe(96);
    const revised = expected(rows, 'cursor', new Map([[rows[5]!.startSec, 300]]));
    revised[5] = [rows[5]!.startSec, rows[5]!.endSec, 9.5, rows[5]!.quality, 300, 300, 'cursor'];
    expect(viaView(db)).toEqual(revised);
    expect(db.prepare('SELECT old_value, new_value, old_updated_sec FROM reading_revisions').all()).toEqual([
      { old_value: rows[5]!.value, new_value: 9.5, old_updated_sec: 100 },
    ]);

    // The whole day revised at one time: regular again, stored as its block with its revised flags.
    const again = rows.map((r) => ({
      ...r,
      value: Math.round(r.value * 1000 + 1000) / 1000,
      updatedSec: 400,
    }));
    store.applyPage('m1', again, 'cursor', 4);
    expect(storedDays(db)).toEqual(['2025-06-10']);
    expect(rowCount(db)).toBe(0);
    expect(viaView(db)).toEqual(expected(again, 'cursor', new Map(again.map((r) => [r.startSec, 400]))));
    expect(db.prepare('SELECT sum FROM daily_rollups').pluck(true).get()).not.toBe(sumBefore);
    expect(db.prepare('SELECT count(*) FROM reading_revisions').pluck(true).get()).toBe(1 + 96);
  });

  it("keep the service's readings when a file imports the same day, and take a file's day as the import it is", () => {
    const db = openDatabase(tmp());
    meter(db);
    const store = createReadingsStore(db);
    const service = day('2025-06-10');
    store.applyPage('m1', service, 'cursor', 1);
    const w = store.applyPage(
      'm1',
      day('2025-06-10', 100, () => 7),
      'import',
      2,
    );
    expect(w).toMatchObject({ kept: 96, inserted: 0, updated: 0 });
    expect(viaView(db)).toEqual(expected(service, 'cursor'));
    expect(storedDays(db)).toEqual(['2025-06-10']);
    expect(countReadings(db, 'm1', 0, 2 ** 33, { except: 'import' })).toBe(96);

    const file = day('2025-06-11', 100, () => 7);
    store.applyPage('m1', file, 'import', 3);
    expect(storedDays(db)).toEqual(['2025-06-10', '2025-06-11']);
    expect(readRange(db, 1, file[0]!.startSec, file.at(-1)!.endSec)).toEqual(expected(file, 'import'));
    expect(countReadings(db, 'm1', 0, 2 ** 33, { except: 'import' })).toBe(96);
    // The service's reading replaces the imported one.
    store.applyPage('m1', [{ ...file[3]!, value: 1.5, updatedSec: 500 }], 'cursor', 4);
    expect(readRange(db, 1, file[3]!.startSec, file[3]!.endSec)[0]!.slice(2)).toEqual([
      1.5,
      file[3]!.quality,
      500,
      500,
      'cursor',
    ]);
    expect(storedDays(db)).toEqual(['2025-06-10']);
  });

  it('of profiles synced before 0007 are stored so in the background, reading the same throughout', async () => {
    // A profile at schema 6 with rows and blocks, as the version before this one wrote it.
    const fresh = openDatabase(tmp());
    const store = createReadingsStore(fresh);
    const written = [...DST_DAYS.flatMap(([key]) => day(key)), ...day('2025-06-11').slice(1)];
    store.applyPage('m1', written, 'cursor', 1);
    const oldPath = tmp();
    const old = new Database(oldPath);
    migrate(old, loadMigrations().slice(0, 6));
    old.exec(`ATTACH '${fresh.name}' AS f`);
    old.exec('INSERT INTO series SELECT * FROM f.series');
    old.exec('INSERT INTO readings SELECT * FROM f.readings');
    old.exec(
      'INSERT INTO daily_rollups SELECT series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, packed FROM f.daily_rollups',
    );
    old.exec('DETACH f');
    old.close();

    const migrated = openDatabase(oldPath);
    expect(storedDays(migrated)).toEqual([]);
    expect(viaView(migrated)).toEqual(expected(written, 'cursor'));
    expect(await fillPendingBlocks(migrated, createReadingsStore(migrated), { batchDays: 2 })).toBe(3);
    expect(storedDays(migrated)).toEqual(DST_DAYS.map(([key]) => key));
    expect(rowCount(migrated)).toBe(95);
    expect(viaView(migrated)).toEqual(expected(written, 'cursor'));
    expect(migrated.prepare('SELECT * FROM daily_rollups ORDER BY day').all()).toEqual(
      fresh.prepare('SELECT * FROM daily_rollups ORDER BY day').all(),
    );
  });

  it('hold exactly what rows would hold, through 200 random writes (differential against rows only)', () => {
    // The same writes into two stores: A as the app runs it (days stored as blocks), B moved back to
    // rows after every write (the form before 0007, whose logic the store had before). After each
    // write both must hold the same readings, audit, rollup figures and write results.
    const a = openDatabase(tmp());
    const b = openDatabase(tmp());
    const sa = createReadingsStore(a);
    const sb = createReadingsStore(b);
    let seed = 4242;
    const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const keys = ['2025-03-29', '2025-03-30', '2025-03-31', '2025-10-25', '2025-10-26', '2025-10-27'];
    // Days never written before come now and then: a page can write them whole, the sync's path.
    const fresh = Array.from({ length: 80 }, (_, i) =>
      new Date(Date.UTC(2025, 4, 1 + i)).toISOString().slice(0, 10),
    );
    const figures = (db: Database.Database) =>
      db
        .prepare(
          'SELECT series_id, day, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, packed FROM daily_rollups ORDER BY 1, 2',
        )
        .all();
    const audit = (db: Database.Database) => db.prepare('SELECT * FROM reading_revisions ORDER BY id').all();
    let updated = 100;
    let withBlocks = 0;
    for (let op = 0; op < 200; op++) {
      const key = rnd() < 0.25 && fresh.length > 0 ? fresh.pop()! : pick(keys);
      const kind = rnd();
      updated += rnd() < 0.7 ? 1 : 0;
      const at = rnd() < 0.15 ? updated - 5 : updated; // sometimes older than what is stored
      const values = rnd() < 0.5 ? () => 0.25 : () => Math.round((rnd() * 3 - 0.2) * 1000) / 1000;
      let rows = day(key, at, values);
      // Now and then a page with something a block cannot hold or that the store treats apart.
      const odd = rnd();
      if (odd < 0.05) rows = rows.map((r, i) => (i === 7 ? { ...r, value: 0.0001 } : r));
      else if (odd < 0.1) rows = rows.map((r, i) => (i === 9 ? { ...r, updatedSec: null } : r));
      else if (odd < 0.15) rows = rows.map((r, i) => (i === 11 ? { ...r, endSec: r.endSec + 60 } : r));
      else if (odd < 0.2) rows = rows.map((r, i) => (i === 13 ? { ...r, updatedSec: at + 1 } : r));
      if (kind < 0.3)
        rows = rows.filter(() => rnd() < 0.4); // a part of the day
      else if (kind < 0.45) rows = rows.filter(() => rnd() < 0.05); // a few revisions
      if (rnd() < 0.05) rows = [...rows, ...rows.slice(0, 3).map((r) => ({ ...r, value: r.value + 1 }))];
      const source = rnd() < 0.15 ? 'import' : pick(['cursor', 'cursor', 'window', 'mqtt']);
      const now = 10_000 + op;
      const wa = sa.applyPage('m1', rows, source, now);
      const wb = sb.applyPage('m1', rows, source, now);
      storeAllAsRows(b);
      const { touchedDays: _a, ...ra } = wa;
      const { touchedDays: _b, ...rb } = wb;
      expect(ra, `write ${op}`).toEqual(rb);
      expect(digest(a), `readings after write ${op}`).toEqual(digest(b));
      expect(audit(a), `audit after write ${op}`).toEqual(audit(b));
      expect(figures(a), `rollups after write ${op}`).toEqual(figures(b));
      if (storedDays(a).length > 0) withBlocks += 1;
    }
    // Both forms were exercised: days stored as blocks (after most writes) and days with rows.
    expect(withBlocks).toBeGreaterThan(50);
    expect(rowCount(a)).toBeGreaterThan(0);
  });

  describe('read by the CSV export', () => {
    afterAll(() => closeReadAhead());

    it('exports the same bytes from blocks alone as from rows, and says so when a stored block is damaged', async () => {
      const db = openDatabase(tmp());
      meter(db);
      const store = createReadingsStore(db);
      const written = ['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27'].flatMap((k) => day(k));
      store.applyPage('m1', written, 'cursor', 1);
      expect(storedDays(db)).toHaveLength(4);
      const rowsCopy = tmp();
      db.exec(`VACUUM INTO '${rowsCopy}'`);
      const rowsDb = openDatabase(rowsCopy);
      rowsDb.exec(`INSERT INTO reading_rows SELECT * FROM readings WHERE true ON CONFLICT DO NOTHING;
                   UPDATE daily_rollups SET block_updated_sec = NULL, block_source = NULL, packed = NULL`);
      const from = written[0]!.startSec;
      const out = async (d: Database.Database, a: number, b: number, profile: 'excel-at' | 'iso') => {
        const path = join(mkdtempSync(join(tmpdir(), 'md-daystore-out-')), 'x.csv');
        await exportCsv(d, { meterIds: ['m1'], obisCodes: [OBIS], fromSec: a, toSec: b, profile }, path);
        return readFileSync(path);
      };
      for (const profile of ['excel-at', 'iso'] as const)
        for (const [a, b] of [
          [from, from + 400 * 900],
          [from + 37 * 900, from + 250 * 900], // cut days
        ] as const) {
          const got = await out(db, a, b, profile);
          expect(got.equals(await out(rowsDb, a, b, profile)), `${profile} ${a}`).toBe(true);
          const held = written.filter((r) => r.startSec >= a && r.startSec < b).length;
          expect(got.toString('utf8').split('\r\n')).toHaveLength(1 + held + 1);
        }

      db.prepare("UPDATE daily_rollups SET packed = packed || ',x' WHERE day = ?").run(
        dayNumberOfKey('2025-10-25'),
      );
      await expect(out(db, from, from + 400 * 900, 'iso')).rejects.toThrow(/is damaged; nothing was changed/);
      expect(() => readAll(db, 1)).toThrow(/is damaged/);
    });
  });

  it('take less than a fifth of the bytes of rows on disk', () => {
    const sizeOf = (store: boolean) => {
      const db = openDatabase(tmp());
      const s = createReadingsStore(db);
      const keys = Array.from({ length: 120 }, (_, i) =>
        new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
      );
      for (const key of keys)
        s.applyPage(
          'm1',
          day(key, 100, (i) => (100 + (i % 50)) / 1000),
          'cursor',
          1,
        );
      if (!store)
        db.exec(`INSERT INTO reading_rows SELECT * FROM readings WHERE true ON CONFLICT DO NOTHING;
                           UPDATE daily_rollups SET block_updated_sec = NULL, block_source = NULL`);
      db.exec('VACUUM');
      const bytes = db
        .prepare("SELECT sum(pgsize) FROM dbstat WHERE name IN ('reading_rows', 'daily_rollups')")
        .pluck(true)
        .get() as number;
      return bytes / (120 * 96);
    };
    const asRows = sizeOf(false);
    const asBlocks = sizeOf(true);
    expect(asRows).toBeGreaterThan(30);
    expect(asBlocks).toBeGreaterThan(0);
    expect(asBlocks).toBeLessThan(asRows / 5);
  });
});
