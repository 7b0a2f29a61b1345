/**
 * Periods from the data (issue 59): what a view, the battery, the report or the CLI open on when no
 * period is given, and which periods a picker offers. A default is the last twelve complete calendar
 * months the data covers (never a month it covers two days of, never a year before it began); data of
 * less than a whole month opens on its own span (a file of ten days: those ten days). Each register
 * owes data up to its horizon (horizon.ts), so a yesterday not yet delivered does not cut a month.
 */
import type Database from 'better-sqlite3';
import { monthsWithData, registersOf } from '../db/series-reads';
import { lastReading } from '../db/readings-read';
import { dayKey, dayNumberOf, dayNumberOfKey, dayStartSec } from '../time/local-days';
import { frameFor, MAX_SPAN_SEC } from './frame';

export interface DataExtent {
  /** The first reading's start over the meters' registers. */
  firstSec: number;
  /** The end of what the data covers: each register's latest reading, within what it owes. */
  lastSec: number;
}

export interface DataPeriod {
  fromSec: number;
  toSec: number;
  /** `months`: whole calendar months; `span`: the data's own span (less than a month); `none`: no data. */
  kind: 'months' | 'span' | 'none';
  /** Calendar months of a `months` period. */
  months: number;
}

/** The span the meters' data covers, each register framed (analysis/frame.ts), or null without data. */
export function dataExtent(
  db: Database.Database,
  meterIds: readonly string[],
  nowSec: number,
  tz: string,
): DataExtent | null {
  let first = Infinity;
  let last = -Infinity;
  // The longest span a frame holds, ending a day after now (later readings are no data yet).
  const span = { toSec: nowSec + 86_400, fromSec: nowSec + 86_400 - MAX_SPAN_SEC };
  for (const meterId of meterIds)
    for (const s of registersOf(db, meterId)) {
      const f = frameFor(db, { meterId, obisCode: s.obis_code, ...span }, nowSec, tz);
      if (f.frame.toSec <= f.frame.fromSec) continue;
      // The frame runs to what is owed; the data to its latest reading (a meter that stopped in 2024).
      const end = Math.min(f.frame.toSec, lastReading(db, s.id)?.endSec ?? f.frame.toSec);
      if (end <= f.frame.fromSec) continue;
      first = Math.min(first, f.frame.fromSec);
      last = Math.max(last, end);
    }
  return first < last ? { firstSec: first, lastSec: last } : null;
}

/** The first local midnight of the calendar month of day `d`, moved by `k` months. */
function monthStartDay(d: number, k = 0): number {
  const [y, m] = dayKey(d).split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + k, 1));
  return dayNumberOfKey(t.toISOString().slice(0, 10));
}

/** The last twelve complete months of data, or the data's own span when it covers no whole month. */
export function dataPeriod(
  db: Database.Database,
  meterIds: readonly string[],
  nowSec: number,
  tz: string,
  maxMonths = 12,
): DataPeriod {
  const e = dataExtent(db, meterIds, nowSec, tz);
  if (!e) {
    const today = dayStartSec(dayNumberOf(nowSec, tz), tz);
    return {
      fromSec: dayStartSec(monthStartDay(dayNumberOf(nowSec, tz), -maxMonths), tz),
      toSec: today,
      kind: 'none',
      months: 0,
    };
  }
  // The end: the start of the month the data's end lies in (a data end at a midnight of the 1st ends
  // the month before); the start: the first month that begins at or after the first reading.
  const lastDay = dayNumberOf(e.lastSec - 1, tz);
  const endDay =
    dayStartSec(monthStartDay(lastDay, 1), tz) === e.lastSec
      ? monthStartDay(lastDay, 1)
      : monthStartDay(lastDay);
  const firstDay = dayNumberOf(e.firstSec, tz);
  const startDay =
    dayStartSec(monthStartDay(firstDay), tz) === e.firstSec
      ? monthStartDay(firstDay)
      : monthStartDay(firstDay, 1);
  if (endDay <= startDay) return { fromSec: e.firstSec, toSec: e.lastSec, kind: 'span', months: 0 };
  let from = endDay;
  let months = 0;
  while (months < maxMonths && monthStartDay(from, -1) >= startDay) {
    from = monthStartDay(from, -1);
    months++;
  }
  return { fromSec: dayStartSec(from, tz), toSec: dayStartSec(endDay, tz), kind: 'months', months };
}

/** Days with data per calendar month of the meters (every register), for the pickers. */
export function monthsOfData(
  db: Database.Database,
  meterIds: readonly string[],
): { month: string; days: number }[] {
  return monthsWithData(
    db,
    meterIds.flatMap((m) => registersOf(db, m).map((s) => s.id)),
  );
}
