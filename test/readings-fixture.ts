// Readings for tests: whole local days of one register, as the sync hands them to the readings store.
import type { IncomingReading } from '../main/db/readings-store';
import { dayNumberOfKey, dayStartSec } from '../main/time/local-days';

/** Every quarter-hour of the local day `key` (YYYY-MM-DD; 92/96/100 of them in Europe/Vienna). */
export function fullDay(
  key: string,
  valueOf: (slot: number) => number,
  opts: { quality?: number | ((slot: number) => number); updatedSec?: number; obisCode?: string } = {},
): IncomingReading[] {
  const d = dayNumberOfKey(key);
  const start = dayStartSec(d);
  const n = (dayStartSec(d + 1) - start) / 900;
  const quality = opts.quality ?? 1;
  return Array.from({ length: n }, (_, i) => ({
    obisCode: opts.obisCode ?? '1-1:1.9.0 G.01',
    unit: 'kWh',
    startSec: start + i * 900,
    endSec: start + (i + 1) * 900,
    value: valueOf(i),
    quality: typeof quality === 'number' ? quality : quality(i),
    updatedSec: opts.updatedSec ?? 1_000_000,
  }));
}

/** A spring-forward, an ordinary and a fall-back day in Europe/Vienna, with their quarter-hours. */
export const DST_DAYS = [
  ['2025-03-30', 92],
  ['2025-06-10', 96],
  ['2025-10-26', 100],
] as const;

/** Every stored reading of a database as one comparable text (through the view `readings`). */
export function digest(db: { prepare(sql: string): { all(): unknown[] } }): string {
  return JSON.stringify(
    db
      .prepare(
        'SELECT series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM readings ORDER BY series_id, start_sec',
      )
      .all(),
  );
}
