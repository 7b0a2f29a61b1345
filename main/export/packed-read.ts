/**
 * The CSV export's read of readings: one packed integer per row. Used by the export on its own thread
 * and by the reading thread that reads ahead of it (read-worker.ts).
 */
import type Database from 'better-sqlite3';
import { QH_SEC, dayNumbersAround } from '../time/local-days';
import { BLOCK_SCALE } from '../db/readings-store';
import { snapshot } from '../db/readings-read';

/** The packed read: values in thousandths, times 2^15 above the offset, revised flag and quality. */
export const SCALE = BLOCK_SCALE;
export const META = 32768;

/**
 * The export's read of one series' quarter-hours in [a, b) (a on the quarter-hour grid, at most 4 096
 * quarter-hours), as one integer per row packing everything a row needs: the value in thousandths (kWh
 * with three decimals, checked exactly: m / 1000 must give the stored double, so String() of it prints
 * the same text), the quarter-hour's offset from `a`, the revised flag and the quality — m · 2^15 +
 * offset · 8 + revised · 4 + quality. A row that does not fit (another precision, a quality outside
 * 0–3, off the quarter-hour grid, a value beyond ±10^8 whose packing would pass 2^53) reads as null.
 *
 * Where it can, a whole local day comes from its block in `daily_rollups` (0003_day_blocks.sql: one
 * text per day, written with the rows; since 0007_day_storage.sql most days are stored as that block
 * alone): one row read instead of ~96, which made the read ≈ 9 × faster (docs/performance.md). A day
 * stored as its block alone that `a` or `b` cuts gives the part of its block within the read. The
 * rest — days with rows that are cut, days without a block (incomplete, or with a row that does not
 * pack) — is read row by row, as one plucked integer per row (better-sqlite3's cost is per row and
 * per column).
 */
export function packedChunkReader(db: Database.Database) {
  const rowsStmt = db
    .prepare<[number, number, number, number, number], number | null>(
      `SELECT CASE WHEN quality BETWEEN 0 AND 3 AND (start_sec - ?) % ${QH_SEC} = 0 AND abs(value) < 1e8
         AND round(value * ${SCALE}) / ${SCALE} = value
       THEN CAST(round(value * ${SCALE}) AS INTEGER) * ${META} + ((start_sec - ?) / ${QH_SEC}) * 8
         + (revised_sec IS NOT NULL) * 4 + quality END
       FROM reading_rows WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec`,
    )
    .pluck(true);
  // Every day with a block that overlaps the read; `stored` = the day is stored as its block alone
  // (0007_day_storage.sql), so it has no rows to fall back on.
  const blocksStmt = db
    .prepare<[number, number, number, number, number], [number, number, string, number]>(
      `SELECT day_start_sec, expected, packed, block_source IS NOT NULL AS stored FROM daily_rollups
        WHERE series_id = ? AND day BETWEEN ? AND ? AND packed IS NOT NULL
          AND day_start_sec < ? AND day_start_sec + expected * ${QH_SEC} > ? ORDER BY day`,
    )
    .raw(true);
  const rowsOf = (out: (number | null)[], seriesId: number, a: number, from: number, to: number) => {
    if (from >= to) return;
    for (const p of rowsStmt.all(a, a, seriesId, from, to)) out.push(p);
  };
  // One snapshot for the chunk (readings-read.ts `snapshot`): the sync moves days between the forms.
  return (seriesId: number, a: number, b: number): (number | null)[] =>
    snapshot(db, () => read(seriesId, a, b));
  function read(seriesId: number, a: number, b: number): (number | null)[] {
    const out: (number | null)[] = [];
    let at = a;
    const days = blocksStmt.all(seriesId, ...dayNumbersAround(a, b), b, a);
    for (const [dayStart, expected, packed, stored] of days) {
      const onGrid = (dayStart - a) % QH_SEC === 0;
      const whole = dayStart >= a && dayStart + expected * QH_SEC <= b && onGrid;
      if (!whole && !stored) continue; // its rows are read below
      const mark = out.length;
      rowsOf(out, seriesId, a, at, dayStart);
      const before = out.length;
      if (whole && unpackDay(out, packed, (dayStart - a) / QH_SEC) && out.length - before === expected) {
        at = dayStart + expected * QH_SEC;
        continue;
      }
      if (!stored) {
        out.length = mark; // a damaged or pending ('?') block: this day is read row by row
        continue;
      }
      // A day stored as its block alone that this read cuts: the part of it within [a, b).
      const day: (number | null)[] = [];
      if (onGrid && unpackDay(day, packed, 0) && day.length === expected) {
        out.length = before;
        const first = (dayStart - a) / QH_SEC;
        const slots = (b - a) / QH_SEC;
        for (let i = Math.max(0, -first); i < expected && first + i < slots; i++) {
          const p = day[i]!;
          const m = Math.floor(p / META);
          out.push(m * META + (first + i) * 8 + ((p - m * META) & 7));
        }
        at = Math.min(b, dayStart + expected * QH_SEC);
        continue;
      }
      // Off this read's grid, or a block that does not read here: a null sends the chunk to the
      // export's general read (readings-read.ts), which reads such a day or says that it is damaged.
      out.length = mark;
      out.push(null);
      return out;
    }
    rowsOf(out, seriesId, a, at, b);
    return out;
  }
}

/**
 * Appends a day block's quarter-hours (`thousandths · 8 + revised · 4 + quality`, comma-separated) as
 * packed reads, the first at `offset`. False if the text is not such a list or a value is too large
 * to pack (|value| ≥ 1.25 · 10^8).
 */
function unpackDay(out: (number | null)[], packed: string, offset: number): boolean {
  let v = 0;
  let neg = false;
  let digits = 0;
  let slot = offset;
  for (let i = 0; i <= packed.length; i++) {
    const c = i < packed.length ? packed.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      digits += 1;
    } else if (c === 44) {
      // At most 12 digits: |m| < 1.25 · 10^11, so m · 2^15 + the rest stays below 2^53.
      if (digits === 0 || digits > 12) return false;
      const key = neg ? -v : v;
      const m = Math.floor(key / 8);
      out.push(m * META + slot * 8 + (key - m * 8));
      slot += 1;
      v = 0;
      neg = false;
      digits = 0;
    } else if (c === 45 && digits === 0 && !neg) neg = true;
    else return false;
  }
  return true;
}
