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
  CompareResult,
  DurationResult,
  HealthResult,
  PeaksResult,
  PeriodSummary,
  PortfolioResult,
  PortfolioRow,
  PortfolioTotal,
  ProfilesResult,
  QualityCounts,
} from '../../preload/contract';
import { AppError } from '../errors';
import { lastReading, readAll, readRange } from '../db/readings-read';
import { percentile } from '../../common/percentile';
import { frameFor, sameSpan, type Framed } from './frame';
export { percentile };
import {
  DEFAULT_TZ,
  QH_SEC,
  dayKey,
  dayNumberOf,
  dayNumberOfKey,
  dayStartSec,
  offsetMinutesAt,
  quarterHoursInDay,
} from '../time/local-days';

export interface Row {
  start: number;
  value: number;
  quality: number;
}

/** A figure's span: always a frame (frame.ts `frameFor`); a raw request span does not compile here. */
export type Scope = Framed;

function seriesOf(
  db: Database.Database,
  meterId: string,
  obisCode: string,
): { id: number; resolution_sec: number } | null {
  return (
    db
      .prepare<[string, string], { id: number; resolution_sec: number }>(
        'SELECT id, resolution_sec FROM series WHERE meter_id = ? AND obis_code = ?',
      )
      .get(meterId, obisCode) ?? null
  );
}
function seriesId(db: Database.Database, meterId: string, obisCode: string): number | null {
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

const emptyQ = (): QualityCounts => ({ measured: 0, estimated: 0, unreliable: 0 });
function addQ(q: QualityCounts, quality: number): void {
  if (quality === 1) q.measured += 1;
  else if (quality === 2) q.estimated += 1;
  else q.unreliable += 1;
}
const monthOf = (sec: number, tz: string) => dayKey(dayNumberOf(sec, tz)).slice(0, 7);
/** Wall-clock quarter-hour of the day (0–95); on the autumn DST day two intervals share 02:00–02:45. */
export const slotOfDay = (sec: number, tz: string) =>
  Math.floor(((((sec + offsetMinutesAt(sec, tz) * 60) % 86_400) + 86_400) % 86_400) / QH_SEC);
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Quarter-hours of the calendar month `YYYY-MM` (its local days' real lengths). */
function monthQuarterHours(month: string, tz: string): { fromSec: number; toSec: number; expected: number } {
  const first = dayNumberOfKey(`${month}-01`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = dayNumberOfKey(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`);
  const fromSec = dayStartSec(first, tz);
  const toSec = dayStartSec(next, tz);
  return { fromSec, toSec, expected: (toSec - fromSec) / QH_SEC };
}

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
    throw new AppError('invalid_input', 'A carpet plot shows at most 400 days; choose a shorter range.');
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

/**
 * This range against the same range shifted back by a week, a month or a year, like with like: the
 * difference is given only for equal, non-overlapping, fully covered periods. Otherwise it says why
 * (overlap, no data, partly covered) and, for partly covered periods, compares the mean energy per
 * covered quarter-hour instead (scaled by coverage, and labelled so).
 */
export function compare(
  db: Database.Database,
  s: Scope,
  shift: 'week' | 'month' | 'year',
  tz = DEFAULT_TZ,
): CompareResult {
  const shiftRange = (sec: number) => {
    const d = dayNumberOf(sec, tz);
    const key = dayKey(d);
    if (shift === 'week') return dayStartSec(d - 7, tz) + (sec - dayStartSec(d, tz));
    const y = Number(key.slice(0, 4));
    const m = Number(key.slice(5, 7));
    const target =
      shift === 'year'
        ? `${y - 1}-${key.slice(5)}`
        : `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, '0')}-${key.slice(8)}`;
    const ms = Date.parse(`${target}T00:00:00Z`);
    const td = Number.isFinite(ms) ? Math.round(ms / 86_400_000) : d - (shift === 'year' ? 365 : 30);
    return dayStartSec(td, tz) + (sec - dayStartSec(d, tz));
  };
  const prev: Scope = sameSpan(db, s, { fromSec: shiftRange(s.fromSec), toSec: shiftRange(s.toSec) });
  // Totals and coverage at the series' own interval: an hourly series compares as well.
  const step = intervalOf(db, s.meterId, s.obisCode);
  const perHour = 3600 / step;
  const summary = (sc: Scope): PeriodSummary => {
    const rows = loadRows(db, sc, true);
    const q = emptyQ();
    rows.forEach((r) => addQ(q, r.quality));
    const peak = rows.reduce<Row | null>((a, r) => (!a || r.value > a.value ? r : a), null);
    const expected = Math.max(0, Math.floor(sc.toSec / step) - Math.ceil(sc.fromSec / step));
    return {
      fromSec: sc.fromSec,
      toSec: sc.toSec,
      totalKwh: round(rows.reduce((a, r) => a + r.value, 0)),
      peakKw: peak ? round(peak.value * perHour) : null,
      readings: rows.length,
      expected,
      coverage: expected ? round(rows.length / expected, 4) : 0,
      kwhPerDay: rows.length
        ? round((rows.reduce((a, r) => a + r.value, 0) / rows.length) * (86_400 / step))
        : null,
      quality: q,
    };
  };
  const current = summary(s);
  const previous = summary(prev);
  // Mean day profile over all days of a range (kW by wall-clock quarter-hour).
  const profileOf = (sc: Scope) => {
    const sums = new Array<number>(96).fill(0);
    const ns = new Array<number>(96).fill(0);
    for (const r of loadRows(db, sc, true)) {
      // An hour's mean power stands for each of its quarter-hours on the wall-clock axis (the line
      // of a mean power, not invented quarter-hour values).
      const slot = slotOfDay(r.start, tz);
      for (let k = 0; k < 4 / perHour; k++) {
        sums[slot + k] = (sums[slot + k] ?? 0) + r.value * perHour;
        ns[slot + k] = (ns[slot + k] ?? 0) + 1;
      }
    }
    return sums.map((v, i) => (ns[i] ? round(v / ns[i]!) : null));
  };
  const reason: CompareResult['reason'] =
    prev.toSec > s.fromSec
      ? 'overlap'
      : current.readings === 0 || previous.readings === 0
        ? 'no_data'
        : current.coverage < 0.999 || previous.coverage < 0.999
          ? 'partial'
          : null;
  const like = reason === null;
  const perQh = (p: PeriodSummary) => p.totalKwh / p.readings;
  return {
    shift,
    intervalSec: step,
    current,
    previous,
    reason,
    differenceKwh: like ? round(current.totalKwh - previous.totalKwh) : null,
    differenceShare:
      like && previous.totalKwh ? round((current.totalKwh - previous.totalKwh) / previous.totalKwh, 4) : null,
    scaledDifferenceShare:
      reason === 'partial' && perQh(previous) ? round(perQh(current) / perQh(previous) - 1, 4) : null,
    currentProfile: profileOf(s),
    previousProfile: profileOf(prev),
  };
}

/** Data health: completeness and quality per day, gaps, implausible values, revisions since the last export. */
export function health(db: Database.Database, s: Scope, tz = DEFAULT_TZ): HealthResult {
  const id = seriesId(db, s.meterId, s.obisCode);
  const perQh = intervalOf(db, s.meterId, s.obisCode) / QH_SEC;
  const firstDay = dayNumberOf(s.fromSec, tz);
  const lastDay = dayNumberOf(s.toSec - 1, tz);
  const roll = new Map(
    (id === null
      ? []
      : db
          .prepare<
            [number, number, number],
            { day: number; count: number; n_estimated: number; n_unreliable: number }
          >(
            'SELECT day, count, n_estimated, n_unreliable FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ?',
          )
          .all(id, firstDay, lastDay)
    ).map((r) => [r.day, r]),
  );
  const days: HealthResult['days'] = [];
  for (let d = firstDay; d <= lastDay; d++) {
    const r = roll.get(d);
    const expected = quarterHoursInDay(d, tz) / perQh;
    days.push({
      day: dayKey(d),
      expected,
      received: r?.count ?? 0,
      estimated: r?.n_estimated ?? 0,
      unreliable: r?.n_unreliable ?? 0,
    });
  }
  // Implausible: far above the meter's own history (more than 10 × its 99.9th percentile and > 1 kWh).
  const all =
    id === null
      ? []
      : readAll(db, id)
          .map((r) => r[2])
          .sort((a, b) => a - b);
  const p999 = percentile(all, 0.999);
  const limit = Math.max(1, p999 * 10);
  const implausible =
    id === null
      ? []
      : readRange(db, id, s.fromSec, s.toSec)
          .filter((r) => r[2] > limit)
          .map((r) => ({ startSec: r[0], valueKwh: r[2], quality: r[3] }));
  const corrected =
    id === null
      ? []
      : db
          .prepare<
            [number, number, number, number],
            { start_sec: number; old_value: number; new_value: number; new_updated_sec: number }
          >(
            'SELECT start_sec, old_value, new_value, new_updated_sec FROM reading_revisions WHERE series_id = ? AND start_sec >= ? AND start_sec < ? AND old_value > ? ORDER BY start_sec',
          )
          .all(id, s.fromSec, s.toSec, limit)
          .map((r) => ({
            startSec: r.start_sec,
            oldValueKwh: r.old_value,
            newValueKwh: r.new_value,
            correctedSec: r.new_updated_sec,
          }));
  const lastExport = (db
    .prepare<[string], { s: number | null }>('SELECT max(exported_sec) AS s FROM exports WHERE meter_id = ?')
    .get(s.meterId)?.s ?? null) as number | null;
  const changedSinceExport =
    lastExport === null || id === null
      ? null
      : (db
          .prepare<[number, number], { n: number }>(
            'SELECT count(*) AS n FROM reading_revisions WHERE series_id = ? AND recorded_sec > ?',
          )
          .get(id, lastExport)?.n ?? 0);
  // Gaps lie between the first and the last day with readings: days before the meter's data begins
  // (or after it ends) are "no data", shown as such in the calendar, not a list of gaps.
  const firstWith = days.findIndex((d) => d.received > 0);
  const lastWith = days.findLastIndex((d) => d.received > 0);
  return {
    days,
    gapDays:
      firstWith < 0
        ? []
        : days
            .slice(firstWith, lastWith + 1)
            .filter((d) => d.received < d.expected)
            .map((d) => d.day),
    implausible,
    corrected,
    implausibleLimitKwh: round(limit),
    lastExportSec: lastExport,
    changedSinceExport,
  };
}

/**
 * One row per meter (all, or one customer's): the last 365 days of its primary register (G.01 where
 * it has one). Totals are per commodity, direction and register: gas, feed-in and consumption, or a
 * G.01 and a P.01, are never added into one number.
 */
export function portfolio(
  db: Database.Database,
  nowSec: number,
  customerId: string | null,
  tz = DEFAULT_TZ,
): PortfolioResult {
  const today = dayNumberOf(nowSec, tz);
  const from = today - 365;
  const meters = db
    .prepare<
      [string | null, string | null],
      {
        id: string;
        label: string | null;
        metering_point: string;
        customer: string | null;
        commodity: string;
        energy_direction: string;
      }
    >(
      `SELECT m.id, m.label, m.metering_point, c.name AS customer, m.commodity, m.energy_direction FROM meters m
         LEFT JOIN sites s ON s.id = m.site_id LEFT JOIN customers c ON c.id = s.customer_id
        WHERE (? IS NULL OR c.id = ?) ORDER BY c.name, m.label`,
    )
    .all(customerId, customerId);
  const seriesOf = db.prepare<[string], { id: number; obis_code: string; unit: string }>(
    "SELECT id, obis_code, unit FROM series WHERE meter_id = ? ORDER BY (obis_code LIKE '%G.01') DESC, obis_code",
  );
  // Base load: the mean of the days' P5 (the base-load view's daily figure), kept with each day's rollup.
  const agg = db.prepare<
    [number, number, number],
    { kwh: number | null; peak: number | null; n: number | null; expected: number | null; p5: number | null }
  >(
    'SELECT sum(sum) AS kwh, max(max) AS peak, sum(count) AS n, sum(expected) AS expected, avg(p5) AS p5 FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ?',
  );
  const rows: PortfolioRow[] = meters.map((m) => {
    const all = seriesOf.all(m.id);
    const s = all[0];
    // The last 365 days up to "now", in the register's frame (frame.ts): clipped to its first reading
    // and to today; days without any data inside it are gaps, not left out.
    const frame = s
      ? frameFor(
          db,
          {
            meterId: m.id,
            obisCode: s.obis_code,
            fromSec: dayStartSec(from, tz),
            toSec: dayStartSec(today, tz),
          },
          nowSec,
          tz,
        ).frame
      : null;
    const a =
      s && frame && frame.toSec > frame.fromSec
        ? agg.get(s.id, dayNumberOf(frame.fromSec, tz), dayNumberOf(frame.toSec - 1, tz))
        : undefined;
    const base = a?.p5 ?? null;
    let last: number | null = null;
    for (const x of all) {
      const e = lastReading(db, x.id)?.endSec ?? null;
      if (e !== null && (last === null || e > last)) last = e;
    }
    return {
      meterId: m.id,
      label: m.label,
      meteringPoint: m.metering_point,
      customer: m.customer,
      commodity: m.commodity,
      energyDirection: m.energy_direction,
      obisCode: s?.obis_code ?? null,
      unit: s?.unit ?? null,
      annualKwh: a?.kwh != null ? round(a.kwh) : null,
      peakKw: a?.peak != null ? round(a.peak * 4) : null,
      baseLoadKw: base != null ? round(base * 4) : null,
      completeness: frame && frame.expected > 0 ? round((a?.n ?? 0) / frame.expected, 4) : null,
      lastDataSec: last,
      fromSec: frame && frame.toSec > frame.fromSec ? frame.fromSec : null,
      toSec: frame && frame.toSec > frame.fromSec ? frame.toSec : null,
      isPartial: !!frame && frame.toSec > frame.fromSec && frame.clippedToData,
    };
  });
  const totals = new Map<string, PortfolioTotal>();
  for (const r of rows) {
    if (r.obisCode === null || r.annualKwh === null) continue;
    const key = `${r.commodity}|${r.energyDirection}|${r.obisCode}|${r.unit}`;
    let t = totals.get(key);
    if (!t)
      totals.set(
        key,
        (t = {
          commodity: r.commodity,
          energyDirection: r.energyDirection,
          obisCode: r.obisCode,
          unit: r.unit ?? 'kWh',
          meters: 0,
          annualKwh: 0,
          partialMeters: 0,
        }),
      );
    t.meters += 1;
    if (r.isPartial) t.partialMeters += 1;
    t.annualKwh = round(t.annualKwh + r.annualKwh);
  }
  return { rows, totals: [...totals.values()] };
}
