/**
 * The quarter-hours the rest of a billing year is expected to hold (issue 60, item 4): the bill ahead
 * prices them by the tariff itself, each under the prices valid then (SNAP only April–September, a
 * part from the day it starts), instead of at the year so far's mean price per kWh — which counted the
 * quarter-hours a part left unpriced as 0 € and the summer's SNAP as if it held in December (13 % low).
 * - `last_year`: each quarter-hour as the same local time a year earlier (29 February → 28 February),
 *   times this year's trend; a quarter-hour missing then takes that time of day's mean of last year's
 *   same weeks;
 * - `recent_days`: each quarter-hour as the mean of the same weekday and time of day over the last four
 *   weeks.
 */
import type Database from 'better-sqlite3';
import { frameFor } from '../analysis/frame';
import { loadRows, slotOfDay, type Row } from '../analysis/rows';
import { dayNumberOf, dayStartSec, QH_SEC } from '../time/local-days';
import { localDateStart } from '../../common/zone';

const DAY = 86_400;

/** The same local wall-clock time a year earlier (29 February → 28 February). */
export function yearBefore(sec: number, tz: string): number {
  const day = dayNumberOf(sec, tz);
  const d = new Date(day * DAY * 1000);
  const y = d.getUTCFullYear() - 1;
  const m = d.getUTCMonth() + 1;
  const dd = Math.min(d.getUTCDate(), m === 2 ? 28 : 31);
  return localDateStart(y, m, dd, tz) + (sec - dayStartSec(day, tz));
}

function readPast(
  db: Database.Database,
  reg: { meterId: string; obisCode: string },
  fromSec: number,
  toSec: number,
  nowSec: number,
  tz: string,
): Row[] {
  if (toSec <= fromSec) return [];
  return loadRows(db, frameFor(db, { ...reg, fromSec, toSec, clip: 'horizon' }, nowSec, tz));
}

/** The expected quarter-hours of [fromSec, toSec): by last year × trend, or by the recent weeks. */
export function expectedRows(
  db: Database.Database,
  reg: { meterId: string; obisCode: string },
  method: 'last_year' | 'recent_days' | 'none',
  span: { fromSec: number; toSec: number },
  trend: number | null,
  /** The end of the data so far: the recent weeks end here. */
  soFarEndSec: number,
  nowSec: number,
  tz: string,
): Row[] {
  const from = Math.ceil(span.fromSec / QH_SEC) * QH_SEC;
  if (method === 'none' || span.toSec <= from) return [];
  const out: Row[] = [];
  if (method === 'last_year') {
    const past = readPast(db, reg, yearBefore(from, tz), yearBefore(span.toSec, tz), nowSec, tz);
    const at = new Map(past.map((r) => [r.start, r.value]));
    const slotMean = meanBy(past, (r) => slotOfDay(r.start, tz));
    const k = trend ?? 1;
    for (let t = from; t < span.toSec; t += QH_SEC) {
      const v = at.get(yearBefore(t, tz)) ?? slotMean.get(slotOfDay(t, tz));
      if (v !== undefined) out.push({ start: t, value: v * k, quality: 1 });
    }
    return out;
  }
  // The last four weeks before the data's end, by weekday and time of day.
  const end = dayStartSec(dayNumberOf(soFarEndSec - 1, tz) + 1, tz);
  const past = readPast(db, reg, end - 28 * DAY, end, nowSec, tz);
  const key = (sec: number) =>
    `${new Date(dayNumberOf(sec, tz) * DAY * 1000).getUTCDay()}|${slotOfDay(sec, tz)}`;
  const profile = meanBy(past, (r) => key(r.start));
  for (let t = from; t < span.toSec; t += QH_SEC) {
    const v = profile.get(key(t));
    if (v !== undefined) out.push({ start: t, value: v, quality: 1 });
  }
  return out;
}

function meanBy<K>(rows: readonly Row[], keyOf: (r: Row) => K): Map<K, number> {
  const sums = new Map<K, { s: number; n: number }>();
  for (const r of rows) {
    const k = keyOf(r);
    const x = sums.get(k) ?? { s: 0, n: 0 };
    x.s += r.value;
    x.n += 1;
    sums.set(k, x);
  }
  return new Map([...sums].map(([k, x]) => [k, x.s / x.n]));
}
