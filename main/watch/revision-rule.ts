/**
 * The watch list's `day_revised` rule (issue 45): the operator revised a day (within its ~60 days of
 * revisions) by 10 % or more and at least 1 kWh — revised by the operator in the last 14 days (the
 * revision's own time, not when a sync recorded it), of days of the last 90. A day's figures: its energy before and after the revisions (each quarter-hour from its first old
 * to its last new value), the change, how many quarter-hours.
 */
import type Database from 'better-sqlite3';
import { recentRevisions } from '../db/revision-reads';
import type { watchDays } from '../db/series-reads';
import { dayNumberOf, dayStartSec } from '../time/local-days';

type Days = ReturnType<typeof watchDays>;
type Emit = (f: { rule: string; key: string; figures: Record<string, unknown> }) => void;

export const DAY_REVISED = { percent: 10, minKwh: 1, recordedDays: 14, dayWindow: 90 };

const r2 = (v: number) => Math.round(v * 100) / 100;

export function dayRevised(
  db: Database.Database,
  seriesId: number,
  days: Days,
  today: number,
  nowSec: number,
  tz: string,
  keyOf: (day: number) => string,
  at: Emit,
  t: { value: number | null; scope: string } = { value: DAY_REVISED.percent, scope: 'default' },
): void {
  const percent = t.value ?? DAY_REVISED.percent;
  const revs = recentRevisions(
    db,
    seriesId,
    dayStartSec(today - DAY_REVISED.dayWindow, tz),
    nowSec - DAY_REVISED.recordedDays * 86_400,
  );
  if (revs.length === 0) return;
  const byDay = new Map<number, { delta: number; n: number; recordedSec: number; revisedSec: number }>();
  for (const r of revs) {
    const d = dayNumberOf(r.startSec, tz);
    const x = byDay.get(d) ?? { delta: 0, n: 0, recordedSec: 0, revisedSec: 0 };
    x.delta += r.newValue - r.oldValue;
    x.n += 1;
    x.recordedSec = Math.max(x.recordedSec, r.recordedSec);
    x.revisedSec = Math.max(x.revisedSec, r.revisedSec);
    byDay.set(d, x);
  }
  const sums = new Map(days.map((d) => [d.day, d.sum]));
  for (const [d, x] of byDay) {
    const after = sums.get(d);
    if (after === undefined) continue;
    const before = after - x.delta;
    if (before <= 0 || Math.abs(x.delta) < DAY_REVISED.minKwh) continue;
    const change = (x.delta / before) * 100;
    if (Math.abs(change) < percent) continue;
    at({
      rule: 'day_revised',
      key: keyOf(d),
      figures: {
        day: keyOf(d),
        beforeKwh: r2(before),
        afterKwh: r2(after),
        changePercent: r2(change),
        quarterHours: x.n,
        recordedSec: x.recordedSec,
        revisedSec: x.revisedSec,
        threshold: { percent, minKwh: DAY_REVISED.minKwh },
        scope: t.scope,
      },
    });
  }
}
