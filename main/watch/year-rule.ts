/**
 * The watch list's `year_change` rule (issue 45): a consumption register's energy of this month so
 * far and of this year so far against the same calendar days a year earlier — like with like: only
 * days complete in both years are compared (a missing day here or there is left out of both, and the
 * days compared are said), a 29 February has no counterpart and is left out. Summed in SQLite
 * (db/series-reads.ts yearPairs). It fires when the change
 * is 20 % or more and at least 20 kWh (month) or 100 kWh (year) apart; gas too (the heating season is
 * the same months a year earlier; a colder winter shows, and is what the person should hear).
 */
import type Database from 'better-sqlite3';
import { yearPairs } from '../db/series-reads';
import { dayKey, dayNumberOfKey } from '../time/local-days';

type Emit = (f: { rule: string; key: string; figures: Record<string, unknown> }) => void;

export const YEAR_CHANGE = { percent: 20, minKwh: { month: 20, year: 100 }, minDays: { month: 7, year: 28 } };

const r1 = (v: number) => Math.round(v * 10) / 10;

/** Day keys, each worked out once per evaluation. */
export function dayCalendar() {
  const keys = new Map<number, string>();
  const key = (d: number) => {
    let k = keys.get(d);
    if (k === undefined) keys.set(d, (k = dayKey(d)));
    return k;
  };
  return { key };
}
export type DayCalendar = ReturnType<typeof dayCalendar>;

export function yearChange(
  db: Database.Database,
  seriesId: number,
  today: number,
  at: Emit,
  cal: DayCalendar,
  t: { value: number | null; scope: string } = { value: YEAR_CHANGE.percent, scope: 'default' },
): void {
  const percent = t.value ?? YEAR_CHANGE.percent;
  const yesterday = cal.key(today - 1);
  const year = Number(yesterday.slice(0, 4));
  for (const span of ['month', 'year'] as const) {
    const first = span === 'month' ? `${yesterday.slice(0, 7)}-01` : `${year}-01-01`;
    let now = 0;
    let before = 0;
    let compared = 0;
    // Before and after 29 February the same date a year earlier lies a fixed number of days back.
    for (const [a, b] of [
      [first, `${year}-02-28`],
      [`${year}-03-01`, yesterday],
    ] as const) {
      const from = dayNumberOfKey(a > first ? a : first);
      const to = Math.min(dayNumberOfKey(b), today - 1);
      if (to < from) continue;
      const key = cal.key(from);
      const offset = from - dayNumberOfKey(`${year - 1}${key.slice(4)}`);
      const r = yearPairs(db, seriesId, from, to, offset);
      now += r.now;
      before += r.before;
      compared += r.n;
    }
    if (compared < YEAR_CHANGE.minDays[span] || before <= 0) continue;
    const change = ((now - before) / before) * 100;
    if (Math.abs(change) < percent || Math.abs(now - before) < YEAR_CHANGE.minKwh[span]) continue;
    at({
      rule: 'year_change',
      key: span === 'month' ? yesterday.slice(0, 7) : String(year),
      figures: {
        span,
        from: first,
        to: yesterday,
        kwh: r1(now),
        lastYearKwh: r1(before),
        changePercent: r1(change),
        daysCompared: compared,
        threshold: { percent, minKwh: YEAR_CHANGE.minKwh[span] },
        scope: t.scope,
      },
    });
  }
}
