/**
 * Reads stored readings in either of their two forms (0007_day_storage.sql): rows in `reading_rows`,
 * and complete regular days stored as their block alone (`daily_rollups.packed` with
 * `block_updated_sec` and `block_source`). The view `readings` is both forms in SQL, for queries where
 * speed does not matter; it decodes every block of a series for a range query, so the app's range reads
 * (charts, analysis, export, the sync's own checks) come through here, which reads only the days of the
 * range. A stored day is in exactly one form, so the two never overlap.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { QH_SEC, dayNumbersAround } from '../time/local-days';

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

/** Block values are thousandths (0003_day_blocks.sql). */
const SCALE = 1000;

/**
 * Decodes a day block (`thousandths · 8 + revised · 4 + quality`, comma-separated) as the readings it
 * stores, appended to `out`; only called for days stored as blocks, whose text the store wrote, so
 * text that is not such a list is damage and said so (never read as fewer readings).
 */
export function decodeBlock(
  out: StoredReading[],
  dayStart: number,
  packed: string,
  updatedSec: number,
  source: string,
  from = -Infinity,
  to = Infinity,
): void {
  let slot = 0;
  for (const part of packed.split(',')) {
    const key = part === '' ? NaN : Number(part);
    if (!Number.isSafeInteger(key))
      throw new AppError(
        'local_data',
        `A stored day of readings (starting ${new Date(dayStart * 1000).toISOString()}) is damaged; nothing was changed. Sync again from the start or restore a backup of this profile.`,
      );
    const start = dayStart + slot * QH_SEC;
    slot += 1;
    if (start < from || start >= to) continue;
    const m = Math.floor(key / 8);
    const flags = key - m * 8;
    out.push([
      start,
      start + QH_SEC,
      m / SCALE,
      flags & 3,
      updatedSec,
      flags & 4 ? updatedSec : null,
      source,
    ]);
  }
}

/** The first or last day stored as its block that overlaps a range: its start and quarter-hours. */
const blockDayIn = (db: Database.Database, order: 'ASC' | 'DESC') =>
  db
    .prepare<[number, number, number, number, number], [number, number]>(
      `SELECT day_start_sec, expected FROM daily_rollups
        WHERE series_id = ? AND day BETWEEN ? AND ? AND block_source IS NOT NULL
          AND day_start_sec < ? AND day_start_sec + expected * ${QH_SEC} > ? ORDER BY day ${order} LIMIT 1`,
    )
    .raw(true);

const readers = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
function prepare(db: Database.Database) {
  return {
    rows: db
      .prepare<[number, number, number], StoredReading>(
        `SELECT start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM reading_rows
          WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec`,
      )
      .raw(true),
    blocks: db
      .prepare<[number, number, number, number, number], [number, string, number, string]>(
        `SELECT day_start_sec, packed, block_updated_sec, block_source FROM daily_rollups
          WHERE series_id = ? AND day BETWEEN ? AND ? AND block_source IS NOT NULL
            AND day_start_sec < ? AND day_start_sec + expected * ${QH_SEC} > ? ORDER BY day`,
      )
      .raw(true),
    firstRowIn: db
      .prepare<[number, number, number], number | null>(
        'SELECT min(start_sec) FROM reading_rows WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
      )
      .pluck(true),
    lastRowIn: db
      .prepare<[number, number, number], [number, number]>(
        'SELECT start_sec, end_sec FROM reading_rows WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec DESC LIMIT 1',
      )
      .raw(true),
    firstBlockDayIn: blockDayIn(db, 'ASC'),
    lastBlockDayIn: blockDayIn(db, 'DESC'),
    seriesOfMeter: db.prepare<[string], number>('SELECT id FROM series WHERE meter_id = ?').pluck(true),
    seriesOfRegister: db
      .prepare<[string, string | null, string | null], number>(
        'SELECT id FROM series WHERE meter_id = ? AND (? IS NULL OR obis_code = ?)',
      )
      .pluck(true),
    lastRow: db
      .prepare<[number], [number, number]>(
        'SELECT start_sec, end_sec FROM reading_rows WHERE series_id = ? ORDER BY start_sec DESC LIMIT 1',
      )
      .raw(true),
    lastBlock: db
      .prepare<[number], [number, number]>(
        `SELECT day_start_sec + (expected - 1) * ${QH_SEC}, day_start_sec + expected * ${QH_SEC} FROM daily_rollups
          WHERE series_id = ? AND block_source IS NOT NULL ORDER BY day DESC LIMIT 1`,
      )
      .raw(true),
  };
}
function readerOf(db: Database.Database) {
  let r = readers.get(db);
  if (!r) readers.set(db, (r = prepare(db)));
  return r;
}

/** The readings of one series with start in [from, to), in time order, whichever form they are in. */
export function readRange(
  db: Database.Database,
  seriesId: number,
  from: number,
  to: number,
): StoredReading[] {
  const r = readerOf(db);
  // Both reads in one snapshot: the sync (on another connection) moves days between the two forms.
  const [rows, blocks] = snapshot(db, () => [
    r.rows.all(seriesId, from, to),
    r.blocks.all(seriesId, ...dayNumbersAround(from, to), to, from),
  ]);
  if (blocks.length === 0) return rows;
  const out: StoredReading[] = [];
  let i = 0;
  for (const [dayStart, packed, updated, source] of blocks) {
    while (i < rows.length && rows[i]![0] < dayStart) out.push(rows[i++]!);
    decodeBlock(out, dayStart, packed, updated, source, from, to);
  }
  while (i < rows.length) out.push(rows[i++]!);
  return out;
}

/**
 * Runs reads in one read transaction (one snapshot of the database), or in the caller's transaction.
 * A day moves between rows and its block in one write transaction, so reads of both forms that share a
 * snapshot see every reading exactly once.
 */
export function snapshot<T>(db: Database.Database, read: () => T): T {
  if (db.inTransaction) return read();
  // One transaction function per connection: making one per call costs ≈ 40 µs (an export reads ~400
  // chunks).
  let run = runners.get(db);
  if (!run) runners.set(db, (run = db.transaction((f: () => unknown) => f())));
  return run(read) as T;
}
const runners = new WeakMap<Database.Database, (f: () => unknown) => unknown>();

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
  const [row, block] = snapshot(db, () => [r.lastRow.get(seriesId), r.lastBlock.get(seriesId)]);
  const last = !row ? block : !block ? row : row[0] > block[0] ? row : block;
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

/**
 * The first start and the end of the last reading (the one with the greatest start) of a series among
 * the readings that start in [from, to); null if none.
 */
export function spanIn(
  db: Database.Database,
  seriesId: number,
  from: number,
  to: number,
): { firstStartSec: number; lastStartSec: number; lastEndSec: number } | null {
  const r = readerOf(db);
  const days = dayNumbersAround(from, to);
  const [firstRow, lastRow, firstDay, lastDay] = snapshot(db, () => [
    r.firstRowIn.get(seriesId, from, to),
    r.lastRowIn.get(seriesId, from, to),
    r.firstBlockDayIn.get(seriesId, ...days, to, from),
    r.lastBlockDayIn.get(seriesId, ...days, to, from),
  ]);
  let first = firstRow ?? Infinity;
  let last = lastRow ?? [-Infinity, -Infinity];
  // In a day stored as its block every quarter-hour of the day is a reading.
  if (firstDay) {
    const start = firstDay[0] + Math.max(0, Math.ceil((from - firstDay[0]) / QH_SEC)) * QH_SEC;
    if (start < to) first = Math.min(first, start);
  }
  if (lastDay) {
    const slots = Math.ceil((Math.min(to, lastDay[0] + lastDay[1] * QH_SEC) - lastDay[0]) / QH_SEC);
    const start = lastDay[0] + (slots - 1) * QH_SEC;
    if (start >= from && start > last[0]) last = [start, start + QH_SEC];
  }
  return first === Infinity ? null : { firstStartSec: first, lastStartSec: last[0], lastEndSec: last[1] };
}
