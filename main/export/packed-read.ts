/**
 * The CSV export's read of readings: one plucked integer per row. Used by the export on its own thread
 * and by the reading thread that reads ahead of it (read-worker.ts).
 */
import type Database from 'better-sqlite3';
import { QH_SEC } from '../time/local-days';

/** The packed read: values in thousandths, times 2^15 above the offset, revised flag and quality. */
export const SCALE = 1000;
export const META = 32768;
/**
 * The export's read of one series' quarter-hours in [a, b): one plucked integer per row (no array and
 * no heap number per row: better-sqlite3's cost is per row and per column), packing everything a row
 * needs — the value in thousandths (kWh with three decimals, checked exactly: m / 1000 must give the
 * stored double, so String() of it prints the same text), the quarter-hour's offset from `a`, the
 * revised flag and the quality. A row that does not fit (another precision, a quality outside 0–3,
 * off the quarter-hour grid, a value beyond ±10^8 whose packing would pass 2^53) reads as null.
 */
export function packedChunkReader(db: Database.Database) {
  const stmt = db
    .prepare<[number, number, number, number, number], number | null>(
      `SELECT CASE WHEN quality BETWEEN 0 AND 3 AND (start_sec - ?) % ${QH_SEC} = 0 AND abs(value) < 1e8
         AND round(value * ${SCALE}) / ${SCALE} = value
       THEN CAST(round(value * ${SCALE}) AS INTEGER) * ${META} + ((start_sec - ?) / ${QH_SEC}) * 8
         + (revised_sec IS NOT NULL) * 4 + quality END
       FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec`,
    )
    .pluck(true);
  return (seriesId: number, a: number, b: number) => stmt.all(a, a, seriesId, a, b);
}
