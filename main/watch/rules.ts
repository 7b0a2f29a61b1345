/**
 * The watch list's rules (issue 45), evaluated over every meter's total register from the daily
 * rollups (no reading is read one by one: fast at 1 000 meters), each with its threshold and the frame
 * it looked at in its figures:
 * - `peak_new`: this month's highest quarter-hour above every one of the twelve months before (with at
 *   least eleven of them held: a winter measured against last winter, not against the summer);
 * - `base_step`: the base load (mean of the daily 5 % values) of the last 14 complete days against
 *   the 8 weeks before them — a step up to 1.5× or down to 2/3, and at least 0.1 kW (like with like:
 *   the same meter, adjacent weeks, so the seasons move little; electricity only: gas follows the
 *   heating season week by week);
 * - `data_stopped`, `days_missing`: data owed and not there, from the register's frame (owed-rules.ts);
 * - `feed_in_drop`: a feed-in register whose 5 best days of the last 14 give less than 70 % of the
 *   5 best days of the same weeks a year earlier (an inverter fault a household would find on its bill).
 * - `year_change`: this month and this year so far against the same days a year earlier (year-rule.ts);
 * - `day_revised`: a day the operator revised by 10 % and 1 kWh or more, lately (revision-rule.ts).
 * - `peak_cap`: this month's highest quarter-hour above a kW cap the person set.
 * Each rule's threshold can be set per meter, site or customer (thresholds.ts); the figures say which.
 * - the community rules: G.03 over G.02, members lacking days, coverage dropped (community-rules.ts).
 */
import type Database from 'better-sqlite3';
import { lastDataDay, monthPeaks, watchDays } from '../db/series-reads';
import { thresholdRows, watchedSeries, type Finding } from '../db/watch-store';
import { thresholdResolver, type Resolved } from './thresholds';
import { dayKey, dayNumberOf, dayNumberOfKey } from '../time/local-days';
import { dayCalendar, yearChange } from './year-rule';
import { owedRules, withSpan } from './owed-rules';
import { horizonOfMeter } from '../analysis/horizon';
import { dayRevised } from './revision-rule';
import { communityRules } from './community-rules';

export const WATCH_RULES = [
  'peak_new',
  'base_step',
  'data_stopped',
  'days_missing',
  'feed_in_drop',
  'year_change',
  'day_revised',
  'peak_cap',
  'community_g03_over_g02',
  'community_days',
  'community_coverage',
] as const;

const r2 = (v: number) => Math.round(v * 100) / 100;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : null);

export function evaluateWatch(db: Database.Database, nowSec: number, tz: string): Finding[] {
  const today = dayNumberOf(nowSec, tz);
  const cal = dayCalendar();
  const keyOf = cal.key;
  const thresholdsOf = thresholdResolver(thresholdRows(db));
  const out: Finding[] = [];
  for (const s of watchedSeries(db)) {
    const th = thresholdsOf({ meterId: s.meter_id, siteId: s.site_id, customerId: s.customer_id });
    const last = lastDataDay(db, s.id);
    if (last === null) continue;
    // 90 days of daily figures (revisions, base load, missing days); older ones as needed below.
    const days = last >= today - 90 ? watchDays(db, s.id, today - 90, today) : [];
    const at = (f: Omit<Finding, 'meterId' | 'obisCode'>) =>
      out.push({ meterId: s.meter_id, obisCode: s.obis_code, ...f });
    const perHour = 3600 / (s.resolution_sec || 900);
    // data_stopped and days_missing: what is owed, from the register's frame (owed-rules.ts).
    owedRules(db, s, last, th.data_stopped, nowSec, tz, at);
    dayRevised(db, s.id, days, today, nowSec, tz, keyOf, at, th.day_revised);
    if (s.direction === 'feed_in')
      feedInDrop(days, watchDays(db, s.id, today - 379, today - 366), today, at, th.feed_in_drop);
    else {
      yearChange(db, s.id, today, at, cal, th.year_change);
      // Each month's peak of this month and the twelve before (a winter against last winter).
      const peaks = monthPeaks(
        db,
        s.id,
        dayNumberOfKey(`${Number(keyOf(today).slice(0, 4)) - 1}${keyOf(today).slice(4, 8)}01`),
        today,
      );
      peakNew(peaks, keyOf(today).slice(0, 7), tz, perHour, at);
      if (th.peak_cap.value !== null) peakCap(peaks, keyOf(today).slice(0, 7), perHour, at, th.peak_cap);
      // Gas follows the heating season week by week: a step in its base says the weather, not a fault.
      if (s.obis_code.startsWith('1-')) baseStep(days, today, perHour, at, th.base_step);
    }
  }
  communityRules(
    db,
    today,
    keyOf,
    (f) => out.push(f),
    (meterId) => dayNumberOf(horizonOfMeter(db, meterId, nowSec, tz).toSec - 1, tz),
  );
  // Each finding names the span it rests on and whether its data are complete.
  return out.map((f) => withSpan(db, f, nowSec, tz));
}

type Days = ReturnType<typeof watchDays>;
type Emit = (f: Omit<Finding, 'meterId' | 'obisCode'>) => void;
type Threshold = Resolved[keyof Resolved];

type Peaks = ReturnType<typeof monthPeaks>;

function peakNew(peaks: Peaks, month: string, tz: string, perHour: number, at: Emit): void {
  const byMonth = new Map(peaks.map((p) => [p.month, { kw: p.max * perHour, atSec: p.at }]));
  const now = byMonth.get(month);
  const before = [...byMonth].filter(([m]) => m < month).slice(-12);
  // A year of months before it, so that a winter month is measured against last winter too: over a few
  // months every first cold month was a "new peak" on the demo.
  if (!now || before.length < 11) return;
  const highest = Math.max(...before.map(([, x]) => x.kw));
  if (now.kw > highest)
    at({
      rule: 'peak_new',
      key: month,
      figures: {
        month,
        kw: r2(now.kw),
        atSec: now.atSec,
        earlierMaxKw: r2(highest),
        months: before.length,
        tz,
      },
    });
}

/** `peak_cap`: this month's highest quarter-hour above the kW cap the person set (contracted power, a target). */
function peakCap(peaks: Peaks, month: string, perHour: number, at: Emit, t: Threshold): void {
  const p = peaks.find((x) => x.month === month);
  if (p && t.value !== null && p.max * perHour > t.value)
    at({
      rule: 'peak_cap',
      key: month,
      figures: { month, kw: r2(p.max * perHour), atSec: p.at, capKw: t.value, scope: t.scope },
    });
}

function baseStep(days: Days, today: number, perHour: number, at: Emit, t: Threshold): void {
  const up = t.value ?? 1.5;
  const p5 = (from: number, to: number) =>
    mean(
      days
        .filter((d) => d.day >= from && d.day <= to && d.p5 !== null && d.count > 0)
        .map((d) => d.p5! * perHour),
    );
  const recent = p5(today - 14, today - 1);
  const before = p5(today - 70, today - 15);
  if (recent === null || before === null || before <= 0) return;
  const ratio = recent / before;
  if ((ratio >= up || ratio <= 1 / up) && Math.abs(recent - before) >= 0.1)
    at({
      rule: 'base_step',
      key: ratio > 1 ? 'up' : 'down',
      figures: {
        recentKw: r2(recent),
        beforeKw: r2(before),
        ratio: r2(ratio),
        recentFrom: dayKey(today - 14),
        beforeFrom: dayKey(today - 70),
        thresholds: { up, down: r2(1 / up), minKw: 0.1 },
        scope: t.scope,
      },
    });
}

function feedInDrop(days: Days, yearAgo: Days, today: number, at: Emit, t: Threshold): void {
  const share = (t.value ?? 70) / 100;
  const best5 = (from: number, to: number) => {
    const xs = [...yearAgo, ...days]
      .filter((d) => d.day >= from && d.day <= to && d.count > 0)
      .map((d) => d.sum);
    return xs.length >= 5 ? mean(xs.sort((a, b) => b - a).slice(0, 5)) : null;
  };
  const recent = best5(today - 14, today - 1);
  const lastYear = best5(today - 365 - 14, today - 365 - 1);
  if (recent === null || lastYear === null || lastYear <= 0.5) return;
  if (recent / lastYear < share)
    at({
      rule: 'feed_in_drop',
      key: 'feed_in_drop',
      figures: {
        recentKwh: r2(recent),
        lastYearKwh: r2(lastYear),
        ratio: r2(recent / lastYear),
        threshold: share,
        bestDays: 5,
        scope: t.scope,
      },
    });
}
