/**
 * Analysis figures for consultants, computed in main from the local store (never by shipping
 * millions of rows to the renderer). One register at a time — registers are never summed. Power of a
 * quarter-hour is kW = kWh × 4. Local days, months and times of day follow the time zone (default
 * Europe/Vienna) with real DST days (92/100 quarter-hours). Every figure says which quality its
 * underlying values had.
 */
import type Database from 'better-sqlite3';
import type {
  BaseLoadResult,
  CarpetResult,
  DurationResult,
  PeaksResult,
  ProfilesResult,
} from '../../preload/contract';
import { AppError } from '../errors';
import { percentile } from '../../common/percentile';
import {
  DEFAULT_TZ,
  QH_SEC,
  dayKey,
  dayNumberOf,
  dayNumberOfKey,
  dayStartSec,
  quarterHoursInDay,
} from '../time/local-days';
import {
  type Row,
  type Scope,
  loadRows,
  emptyQ,
  addQ,
  monthOf,
  slotOfDay,
  round,
  mean,
  monthQuarterHours,
} from './rows';

export { percentile } from '../../common/percentile';
export { intervalOf, loadRows, slotOfDay, type Row, type Scope } from './rows';
export { compare } from './compare';
export { health } from './health';
export { portfolio } from './portfolio';

/**
 * Monthly maximum quarter-hour power with its time (calendar months), top-N, and the means the grid
 * fees use. A month cut by the range, or missing readings, is marked partial: its peak may not be the
 * month's. The means are over the complete months where there are any, and say so.
 */
export function peaks(db: Database.Database, s: Scope, topN = 10, tz = DEFAULT_TZ): PeaksResult {
  const rows = loadRows(db, s);
  const months = new Map<string, { peak: Row; n: number }>();
  for (const r of rows) {
    const m = monthOf(r.start, tz);
    const cur = months.get(m);
    if (!cur) months.set(m, { peak: r, n: 1 });
    else {
      cur.n += 1;
      if (r.value > cur.peak.value) cur.peak = r;
    }
  }
  const monthly = [...months.entries()].map(([month, { peak, n }]) => {
    const cal = monthQuarterHours(month, tz);
    const cut = s.fromSec > cal.fromSec || s.toSec < cal.toSec;
    // The quarter-hours of the month inside the frame: a month cut by "now" owes none of its future.
    const expected = (Math.min(cal.toSec, s.toSec) - Math.max(cal.fromSec, s.fromSec)) / QH_SEC;
    return {
      month,
      startSec: peak.start,
      powerKw: round(peak.value * 4),
      quality: peak.quality,
      expected,
      received: n,
      partial: cut || n < cal.expected,
    };
  });
  const top = [...rows]
    .sort((a, b) => b.value - a.value || a.start - b.start)
    .slice(0, topN)
    .map((r) => ({ startSec: r.start, powerKw: round(r.value * 4), quality: r.quality }));
  const complete = monthly.filter((m) => !m.partial);
  const basis = complete.length > 0 ? complete : monthly;
  const maxima = basis.map((m) => m.powerKw);
  const top3 = [...maxima].sort((a, b) => b - a).slice(0, 3);
  return {
    monthly,
    top,
    meanMonthlyMaxKw: maxima.length ? round(mean(maxima)!) : null,
    meanTop3MonthlyMaxKw: top3.length ? round(mean(top3)!) : null,
    meanBasis: complete.length > 0 ? 'complete' : 'all',
    monthsComplete: complete.length,
    peakQualityNote: monthly.some((m) => m.quality !== 1)
      ? 'some monthly peaks are estimated or unreliable values'
      : null,
  };
}

/** Base load: per local day the 5th-percentile quarter-hour power and the night (00:00–05:00) minimum. */
export function baseLoad(db: Database.Database, s: Scope, tz = DEFAULT_TZ): BaseLoadResult {
  const rows = loadRows(db, s);
  const byDay = new Map<number, Row[]>();
  for (const r of rows) {
    const d = dayNumberOf(r.start, tz);
    let list = byDay.get(d);
    if (!list) byDay.set(d, (list = []));
    list.push(r);
  }
  const days: BaseLoadResult['days'] = [];
  for (const [d, list] of [...byDay.entries()].sort((a, b) => a[0] - b[0])) {
    const kw = list.map((r) => r.value * 4).sort((a, b) => a - b);
    const night = list.filter((r) => slotOfDay(r.start, tz) < 20).map((r) => r.value * 4);
    const q = emptyQ();
    list.forEach((r) => addQ(q, r.quality));
    days.push({
      day: dayKey(d),
      p5Kw: round(percentile(kw, 0.05)),
      nightMinKw: night.length ? round(Math.min(...night)) : null,
      quality: q,
    });
  }
  const months = new Map<string, number[]>();
  for (const d of days) {
    const m = d.day.slice(0, 7);
    months.set(m, [...(months.get(m) ?? []), d.p5Kw]);
  }
  const monthly = [...months.entries()].map(([month, xs]) => ({ month, meanP5Kw: round(mean(xs)!) }));
  // Trend, only where it means something: a least-squares slope over at least two years of days, or
  // else the mean change of each month against the same month a year earlier; over less, a year that
  // starts in winter would read one seasonal swing as a trend.
  let trendKwPerYear: number | null = null;
  let trendBasis: BaseLoadResult['trendBasis'] = null;
  const spanDays =
    days.length > 1 ? dayNumberOfKey(days[days.length - 1]!.day) - dayNumberOfKey(days[0]!.day) : 0;
  if (spanDays >= 730) {
    const xs = days.map((d) => dayNumberOfKey(d.day));
    const ys = days.map((d) => d.p5Kw);
    const mx = mean(xs)!;
    const my = mean(ys)!;
    let num = 0;
    let den = 0;
    for (let i = 0; i < xs.length; i++) {
      num += (xs[i]! - mx) * (ys[i]! - my);
      den += (xs[i]! - mx) ** 2;
    }
    trendKwPerYear = den ? round((num / den) * 365) : 0;
    trendBasis = 'regression';
  } else {
    const byMonth = new Map(monthly.map((m) => [m.month, m.meanP5Kw]));
    const changes: number[] = [];
    for (const m of monthly) {
      const before = `${Number(m.month.slice(0, 4)) - 1}${m.month.slice(4)}`;
      const b = byMonth.get(before);
      if (b !== undefined) changes.push(m.meanP5Kw - b);
    }
    if (changes.length > 0) {
      trendKwPerYear = round(mean(changes)!);
      trendBasis = 'same_month';
    }
  }
  return { days, monthly, trendKwPerYear, trendBasis };
}

/** Linear-interpolated percentile of sorted values (p in 0..1). */
/**
 * Load duration curve: quarter-hour power sorted descending (sampled to ≤ maxPoints), hours above a
 * threshold. Without a threshold it is the meter's own 90th percentile (to the watt): the hours
 * of its highest tenth, whatever the meter's size.
 */
export function duration(
  db: Database.Database,
  s: Scope,
  thresholdKw: number | null,
  maxPoints = 1000,
): DurationResult {
  const rows = loadRows(db, s);
  const kw = rows.map((r) => r.value * 4).sort((a, b) => b - a);
  const n = kw.length;
  // Unrounded (to the watt): the label says "90th percentile", and 1.4 for 1.448 would not be it.
  const threshold = thresholdKw ?? (n ? Math.round(percentile([...kw].reverse(), 0.9) * 1000) / 1000 : 0);
  const points: DurationResult['points'] = [];
  const step = Math.max(1, Math.ceil(n / maxPoints));
  for (let i = 0; i < n; i += step)
    points.push({ hours: round((i * QH_SEC) / 3600, 2), powerKw: round(kw[i]!) });
  if (n > 0 && (n - 1) % step !== 0)
    points.push({ hours: round(((n - 1) * QH_SEC) / 3600, 2), powerKw: round(kw[n - 1]!) });
  const above = kw.filter((v) => v > threshold).length;
  const q = emptyQ();
  rows.forEach((r) => addQ(q, r.quality));
  return {
    points,
    totalHours: round((n * QH_SEC) / 3600, 2),
    hoursAbove: round((above * QH_SEC) / 3600, 2),
    shareAbove: n ? round(above / n, 4) : 0,
    thresholdKw: threshold,
    thresholdFromData: thresholdKw === null,
    quality: q,
  };
}

/** Carpet plot data: one row per local day with its real number of slots (92/96/100). */
export function carpet(db: Database.Database, s: Scope, tz = DEFAULT_TZ): CarpetResult {
  const rows = loadRows(db, s);
  const firstDay = dayNumberOf(s.fromSec, tz);
  const lastDay = dayNumberOf(s.toSec - 1, tz);
  if (lastDay - firstDay > 400)
    throw new AppError('invalid_input', 'A carpet plot shows at most 400 days; choose a shorter range.', {
      reason: 'carpet_too_long',
      params: { maxDays: 400 },
    });
  const byStart = new Map(rows.map((r) => [r.start, r]));
  const days: CarpetResult['days'] = [];
  let max = 0;
  for (let d = firstDay; d <= lastDay; d++) {
    const start = dayStartSec(d, tz);
    const slots = quarterHoursInDay(d, tz);
    const values: (number | null)[] = [];
    const quality: (number | null)[] = [];
    for (let i = 0; i < slots; i++) {
      const r = byStart.get(start + i * QH_SEC);
      values.push(r ? r.value : null);
      quality.push(r ? r.quality : null);
      if (r && r.value > max) max = r.value;
    }
    days.push({ day: dayKey(d), startSec: start, slots, values, quality });
  }
  return { days, maxKwh: max };
}

/** Mean day profiles (kW by wall-clock quarter-hour): weekday vs weekend, and by season. */
export function profiles(db: Database.Database, s: Scope, tz = DEFAULT_TZ): ProfilesResult {
  const rows = loadRows(db, s);
  const groups = {
    weekday: { sum: new Array<number>(96).fill(0), n: new Array<number>(96).fill(0) },
    weekend: { sum: new Array<number>(96).fill(0), n: new Array<number>(96).fill(0) },
    winter: { sum: new Array<number>(96).fill(0), n: new Array<number>(96).fill(0) },
    spring: { sum: new Array<number>(96).fill(0), n: new Array<number>(96).fill(0) },
    summer: { sum: new Array<number>(96).fill(0), n: new Array<number>(96).fill(0) },
    autumn: { sum: new Array<number>(96).fill(0), n: new Array<number>(96).fill(0) },
  };
  const q = emptyQ();
  for (const r of rows) {
    const d = dayNumberOf(r.start, tz);
    const wd = (((d + 3) % 7) + 7) % 7; // 0 = Monday
    const month = Number(dayKey(d).slice(5, 7));
    const season =
      month === 12 || month <= 2 ? 'winter' : month <= 5 ? 'spring' : month <= 8 ? 'summer' : 'autumn';
    const slot = slotOfDay(r.start, tz);
    for (const g of [wd >= 5 ? groups.weekend : groups.weekday, groups[season]]) {
      g.sum[slot] = (g.sum[slot] ?? 0) + r.value * 4;
      g.n[slot] = (g.n[slot] ?? 0) + 1;
    }
    addQ(q, r.quality);
  }
  const avg = (g: { sum: number[]; n: number[] }) =>
    g.n.some((x) => x > 0) ? g.sum.map((v, i) => (g.n[i] ? round(v / g.n[i]!) : null)) : null;
  return {
    slots: 96,
    weekday: avg(groups.weekday),
    weekend: avg(groups.weekend),
    seasons: {
      winter: avg(groups.winter),
      spring: avg(groups.spring),
      summer: avg(groups.summer),
      autumn: avg(groups.autumn),
    },
    quality: q,
  };
}
