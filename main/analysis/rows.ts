/**
 * What every figure reads: a register's readings in its frame (quarter-hours unless a view works at any
 * interval), and the small helpers the figures share (quality counts, months, wall-clock slots).
 */
import type Database from 'better-sqlite3';
import { seriesOf as seriesRow } from '../db/series-reads';
import type { QualityCounts } from '../../preload/contract';
import { AppError } from '../errors';
import { readRange } from '../db/readings-read';
import {
  QH_SEC,
  dayKey,
  dayNumberOf,
  dayNumberOfKey,
  dayStartSec,
  offsetMinutesAt,
} from '../time/local-days';
import type { Framed } from './frame';

export interface Row {
  start: number;
  value: number;
  quality: number;
}

/** A figure's span: always a frame (frame.ts `frameFor`); a raw request span does not compile here. */
export type Scope = Framed;

/** A register's series (id and interval), or null. */
export function seriesOf(db: Database.Database, meterId: string, obisCode: string) {
  return seriesRow(db, meterId, obisCode);
}
export function seriesId(db: Database.Database, meterId: string, obisCode: string): number | null {
  return seriesOf(db, meterId, obisCode)?.id ?? null;
}

/** The interval of a register's series: 900 (quarter-hours) or 3600 (an hourly series). */
export function intervalOf(db: Database.Database, meterId: string, obisCode: string): 900 | 3600 {
  return seriesOf(db, meterId, obisCode)?.resolution_sec === 3600 ? 3600 : 900;
}

/**
 * A register's readings in a range. Views built on quarter-hours (peaks as the grid bills them, load
 * shape, duration, battery, cost) refuse an hourly series with the reason instead of reading an hour
 * as a quarter-hour; the few that work at any interval pass `anyInterval`.
 */
export function loadRows(db: Database.Database, s: Scope, anyInterval = false): Row[] {
  const series = seriesOf(db, s.meterId, s.obisCode);
  if (series === null) return [];
  if (series.resolution_sec !== QH_SEC && !anyInterval)
    throw new AppError(
      'invalid_input',
      `${s.meterId} holds hourly values of ${s.obisCode} (an hourly series, e.g. from an hourly portal export). This view needs quarter-hours: the chart, the quality and the period comparison work on hourly values.`,
      { reason: 'needs_quarter_hours' },
    );
  return readRange(db, series.id, s.fromSec, s.toSec).map((r) => ({
    start: r[0],
    value: r[2],
    quality: r[3],
  }));
}

export const emptyQ = (): QualityCounts => ({ measured: 0, estimated: 0, unreliable: 0 });
export function addQ(q: QualityCounts, quality: number): void {
  if (quality === 1) q.measured += 1;
  else if (quality === 2) q.estimated += 1;
  else q.unreliable += 1;
}
export const monthOf = (sec: number, tz: string) => dayKey(dayNumberOf(sec, tz)).slice(0, 7);
/** Wall-clock quarter-hour of the day (0–95); on the autumn DST day two intervals share 02:00–02:45. */
export const slotOfDay = (sec: number, tz: string) =>
  Math.floor(((((sec + offsetMinutesAt(sec, tz) * 60) % 86_400) + 86_400) % 86_400) / QH_SEC);
export const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Quarter-hours of the calendar month `YYYY-MM` (its local days' real lengths). */
export function monthQuarterHours(
  month: string,
  tz: string,
): { fromSec: number; toSec: number; expected: number } {
  const first = dayNumberOfKey(`${month}-01`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = dayNumberOfKey(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`);
  const fromSec = dayStartSec(first, tz);
  const toSec = dayStartSec(next, tz);
  return { fromSec, toSec, expected: (toSec - fromSec) / QH_SEC };
}
