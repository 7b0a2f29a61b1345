/**
 * Reads stored readings: the day records of a range (main/db/day-record.ts) and the irregular readings
 * in it, merged in time order, in one snapshot. Every range read of the app (charts, analysis, export,
 * the sync's own checks) comes through here; the view `readings` is the same in SQL, for queries where
 * speed does not matter.
 */
import Database from 'better-sqlite3';
import { SOURCES, decodeDay, decodeVals } from './day-record';
import { dayNumbersAround } from '../time/local-days';

/** One stored reading: start, end, value (kWh), quality, updated_sec, revised_sec, source. */
export type StoredReading = [
  startSec: number,
  endSec: number,
  value: number,
  quality: number,
  updatedSec: number,
  revisedSec: number | null,
  source: string,
];

type DayRow = [dayStart: number, firstSlot: number, vals: string, flags: string, updated: string];

const readers = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
function prepare(db: Database.Database) {
  return {
    resolution: db.prepare<[number], number>('SELECT resolution_sec FROM series WHERE id = ?').pluck(true),
    days: db
      .prepare<[number, number, number], DayRow>(
        `SELECT day_start_sec, first_slot_sec, vals, flags, updated FROM reading_days
          WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day`,
      )
      .raw(true),
    irregular: db
      .prepare<[number, number, number], StoredReading>(
        `SELECT start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM irregular_readings
          WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec`,
      )
      .raw(true),
    lastDay: db
      .prepare<[number], DayRow>(
        `SELECT day_start_sec, first_slot_sec, vals, flags, updated FROM reading_days
          WHERE series_id = ? ORDER BY day DESC LIMIT 1`,
      )
      .raw(true),
    lastIrregular: db
      .prepare<[number], [number, number]>(
        'SELECT start_sec, end_sec FROM irregular_readings WHERE series_id = ? ORDER BY start_sec DESC LIMIT 1',
      )
      .raw(true),
    // Values only, with the other two texts' shape checked in SQL (readGridValues: no strings moved).
    dayValues: db
      .prepare<[number, number, number], [number, number, string, number]>(
        `SELECT day_start_sec, first_slot_sec, vals, (flags LIKE '[%]' AND updated LIKE '[%]') FROM reading_days
          WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day`,
      )
      .raw(true),
    seriesOfMeter: db.prepare<[string], number>('SELECT id FROM series WHERE meter_id = ?').pluck(true),
    seriesOfRegister: db
      .prepare<[string, string | null, string | null], number>(
        'SELECT id FROM series WHERE meter_id = ? AND (? IS NULL OR obis_code = ?)',
      )
      .pluck(true),
  };
}
function readerOf(db: Database.Database) {
  let r = readers.get(db);
  if (!r) readers.set(db, (r = prepare(db)));
  return r;
}

/** Appends a stored day's readings with start in [from, to) to `out`, in time order. */
function pushDay(out: StoredReading[], row: DayRow, resolutionSec: number, from: number, to: number): void {
  const [dayStart, firstSlot] = row;
  const d = decodeDay(dayStart, firstSlot, resolutionSec, null, {
    vals: row[2],
    flags: row[3],
    updated: row[4],
  });
  for (let i = 0; i < d.vals.length; i++) {
    const v = d.vals[i];
    if (v === null || v === undefined) continue;
    const start = firstSlot + i * resolutionSec;
    if (start < from || start >= to) continue;
    const f = d.flags[i]!;
    const updated = dayStart + d.updated[i]!;
    out.push([
      start,
      start + resolutionSec,
      v,
      f & 3,
      updated,
      f & 4 ? updated : null,
      SOURCES[f >> 3] ?? 'sync',
    ]);
  }
}

/** The readings of one series with start in [from, to), in time order. */
export function readRange(
  db: Database.Database,
  seriesId: number,
  from: number,
  to: number,
): StoredReading[] {
  const r = readerOf(db);
  const [res, days, irregular] = snapshot(db, () => [
    r.resolution.get(seriesId) ?? 900,
    r.days.all(seriesId, ...dayNumbersAround(from, to)),
    r.irregular.all(seriesId, from, to),
  ]);
  const out: StoredReading[] = [];
  for (const day of days) pushDay(out, day, res, from, to);
  if (irregular.length === 0) return out;
  return [...out, ...irregular].sort((a, b) => a[0] - b[0]);
}

/**
 * The values of one series with start in [from, to) on a grid of `gridSec` from `from` (NaN where none),
 * in one snapshot: what a pass over many members' years needs (the community, issue 46), without a
 * reading's array each (readRange made 7 M of them for 200 members × a year). Readings off the grid
 * are left out, as a grid of them has no place for them.
 */
export function readGridValues(
  db: Database.Database,
  seriesId: number,
  from: number,
  to: number,
  gridSec = 900,
): Float64Array {
  const r = readerOf(db);
  const out = new Float64Array(Math.max(0, Math.ceil((to - from) / gridSec))).fill(Number.NaN);
  const place = (start: number, v: number) => {
    if (start < from || start >= to) return;
    const k = (start - from) / gridSec;
    if (Number.isInteger(k)) out[k] = v;
  };
  snapshot(db, () => {
    const res = r.resolution.get(seriesId) ?? 900;
    for (const [dayStart, firstSlot, vals, shaped] of r.dayValues.iterate(
      seriesId,
      ...dayNumbersAround(from, to),
    )) {
      const v = decodeVals(dayStart, vals, shaped === 1);
      const k0 = (firstSlot - from) / gridSec;
      if (res === gridSec && Number.isInteger(k0)) {
        // A day on the grid (all of them, as a sync or an import writes them): straight into place.
        const a = Math.max(0, -k0);
        const b = Math.min(v.length, out.length - k0);
        for (let i = a; i < b; i++) {
          const x = v[i];
          if (x !== null && x !== undefined) out[k0 + i] = x;
        }
        continue;
      }
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (x !== null && x !== undefined) place(firstSlot + i * res, x);
      }
    }
    for (const x of r.irregular.iterate(seriesId, from, to)) place(x[0], x[2]);
  });
  return out;
}

/** A range of one series on its own grid: value (NaN: none), quality and the revised mark per slot. */
export interface GridChunk {
  values: Float64Array;
  quality: Int32Array;
  revised: Uint8Array;
}

/**
 * The readings of one series with start in [from, to) on the grid `resolutionSec` from `from` (the
 * series' own), in one snapshot, as arrays (the CSV export's rows, issue 46: a reading's array each
 * made 2.1 M of them for 20 meters × 3 years, a third of the export in garbage collection). Readings
 * off the grid are left out, as the export leaves them out.
 */
export function readGridChunk(
  db: Database.Database,
  seriesId: number,
  from: number,
  to: number,
  resolutionSec: number,
): GridChunk {
  const r = readerOf(db);
  const n = Math.max(0, Math.ceil((to - from) / resolutionSec));
  const out: GridChunk = {
    values: new Float64Array(n).fill(Number.NaN),
    quality: new Int32Array(n),
    revised: new Uint8Array(n),
  };
  const place = (start: number, v: number, q: number, rev: boolean) => {
    if (start < from || start >= to) return;
    const k = (start - from) / resolutionSec;
    if (!Number.isInteger(k)) return;
    out.values[k] = v;
    out.quality[k] = q;
    out.revised[k] = rev ? 1 : 0;
  };
  snapshot(db, () => {
    const res = r.resolution.get(seriesId) ?? 900;
    for (const row of r.days.iterate(seriesId, ...dayNumbersAround(from, to))) {
      const [dayStart, firstSlot] = row;
      const d = decodeDay(dayStart, firstSlot, res, null, { vals: row[2], flags: row[3], updated: row[4] });
      for (let i = 0; i < d.vals.length; i++) {
        const v = d.vals[i];
        if (v === null || v === undefined) continue;
        const f = d.flags[i]!;
        place(firstSlot + i * res, v, f & 3, (f & 4) !== 0);
      }
    }
    for (const x of r.irregular.iterate(seriesId, from, to)) place(x[0], x[2], x[3], x[5] !== null);
  });
  return out;
}

/**
 * Runs reads in one read transaction (one snapshot of the database), or in the caller's transaction,
 * so that the sync (on another connection) never shows a read half of a page.
 */
export function snapshot<T>(db: Database.Database, read: () => T): T {
  if (db.inTransaction) return read();
  let run = runners.get(db);
  if (!run) runners.set(db, (run = db.transaction((f: () => unknown) => f())));
  return run(read) as T;
}
const runners = new WeakMap<Database.Database, (f: () => unknown) => unknown>();

/**
 * Runs a long, awaiting read (an export of millions of rows) on one snapshot of the file: a connection
 * of its own, read-only, in one read transaction from the first read to the end, so that a meter
 * deleted or a sync written meanwhile changes nothing of what it reads, and nothing of the app's own
 * connection is held. An in-memory database (tests) is read directly.
 */
export async function withReadSnapshot<T>(
  db: Database.Database,
  read: (snap: Database.Database) => Promise<T>,
): Promise<T> {
  // As better-sqlite3 says it for its own connection: a closed one reads nothing.
  if (!db.open) throw new TypeError('The database connection is not open');
  if (db.memory || !db.name) return read(db);
  const snap = new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    snap.pragma('busy_timeout = 15000');
    snap.exec('BEGIN');
    const out = await read(snap);
    snap.exec('COMMIT');
    return out;
  } finally {
    snap.close();
  }
}

/** Every reading of a series, in time order. */
export function readAll(db: Database.Database, seriesId: number): StoredReading[] {
  return readRange(db, seriesId, -ALL_TIME_SEC, ALL_TIME_SEC);
}
const ALL_TIME_SEC = 2 ** 40;

/** Start and end of the latest reading of a series (the one with the greatest start), or null. */
export function lastReading(
  db: Database.Database,
  seriesId: number,
): { startSec: number; endSec: number } | null {
  const r = readerOf(db);
  const [res, day, irregular] = snapshot(db, () => [
    r.resolution.get(seriesId) ?? 900,
    r.lastDay.get(seriesId),
    r.lastIrregular.get(seriesId),
  ]);
  let last: [number, number] | null = irregular ?? null;
  if (day) {
    const out: StoredReading[] = [];
    pushDay(out, day, res, -ALL_TIME_SEC, ALL_TIME_SEC);
    const l = out[out.length - 1];
    if (l && (!last || l[0] > last[0])) last = [l[0], l[1]];
  }
  return last ? { startSec: last[0], endSec: last[1] } : null;
}

/** The latest reading's start and the latest end over every series of these meters, or null. */
export function latestOfMeters(
  db: Database.Database,
  meterIds: readonly string[],
): { startSec: number; endSec: number } | null {
  const series = readerOf(db).seriesOfMeter;
  let out: { startSec: number; endSec: number } | null = null;
  for (const meterId of meterIds)
    for (const sid of series.all(meterId)) {
      const last = lastReading(db, sid);
      if (!last) continue;
      if (!out) out = { ...last };
      else {
        out.startSec = Math.max(out.startSec, last.startSec);
        out.endSec = Math.max(out.endSec, last.endSec);
      }
    }
  return out;
}

/** How many readings of the series of a meter (of one register, if given) start in [from, to). */
export function countReadings(
  db: Database.Database,
  meterId: string,
  from: number,
  to: number,
  opts: { obisCode?: string; except?: string } = {},
): number {
  const obis = opts.obisCode ?? null;
  const series = readerOf(db).seriesOfRegister.all(meterId, obis, obis);
  let n = 0;
  for (const sid of series)
    for (const r of readRange(db, sid, from, to))
      if (opts.except === undefined || r[6] !== opts.except) n += 1;
  return n;
}

/** Each local day's sum and count of a series between two day numbers (inclusive), from its rollups. */
export function dailySums(
  db: Database.Database,
  seriesId: number,
  fromDay: number,
  toDay: number,
): { day: number; sum: number; count: number }[] {
  return db
    .prepare<[number, number, number], { day: number; sum: number; count: number }>(
      'SELECT day, sum, count FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ?',
    )
    .all(seriesId, fromDay, toDay);
}
