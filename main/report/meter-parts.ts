/**
 * The parts of a meter's report (model.ts `meterReport`), each from the meter's frame: its months with
 * the year before, its days, the mean day per day type, the carpet by hour, the base load and the
 * measures (peak shaving, a battery, shifting). Every part reads the same framed span.
 */
import type Database from 'better-sqlite3';
import type { BatteryResult, CostResult, QualityBreakdown, Tariff } from '../../preload/contract';
import { baseLoad, carpet, loadRows } from '../analysis/analysis';
import { monthQuarterHours } from '../analysis/rows';
import { figuresOf, frameFor, type Figures, type Frame, type Framed } from '../analysis/frame';
import { createCostService } from '../cost/cost-service';
import { dailySums } from '../db/readings-read';
import { siteRegisters } from '../db/site-registers';
import { fixedClock } from '../time/clock';
import { isAustrianHoliday } from '../time/holidays';
import { dayKey, dayNumberOf, dayNumberOfKey, dayStartSec, offsetMinutesAt } from '../time/local-days';
import type { MeterReport, MonthRow } from './model';

/** Calendar months (`YYYY-MM`) whose start lies in [from, to), with their local spans. */
export function monthsIn(
  fromSec: number,
  toSec: number,
  tz: string,
): { month: string; fromSec: number; toSec: number }[] {
  const out: { month: string; fromSec: number; toSec: number }[] = [];
  let d = dayNumberOf(fromSec, tz);
  const last = dayNumberOf(toSec - 1, tz);
  while (d <= last) {
    const key = dayKey(d).slice(0, 7);
    let e = d;
    while (e <= last && dayKey(e).slice(0, 7) === key) e++;
    out.push({
      month: key,
      fromSec: Math.max(fromSec, dayStartSec(d, tz)),
      toSec: Math.min(toSec, dayStartSec(e, tz)),
    });
    d = e;
  }
  return out;
}

/** The same local date a year earlier (29 Feb → 28 Feb), at the same time of day. */
const YEAR = (sec: number, tz: string) => {
  const key = dayKey(dayNumberOf(sec, tz));
  const y = Number(key.slice(0, 4)) - 1;
  const md = key.slice(5) === '02-29' ? '02-28' : key.slice(5);
  const t = Date.parse(`${y}-${md}T00:00:00Z`) / 1000;
  return dayStartSec(Math.round(t / 86_400), tz) + (sec - dayStartSec(dayNumberOf(sec, tz), tz));
};

/** Each month of the frame, framed on its own, beside the same month a year earlier. */
export function monthRows(
  db: Database.Database,
  meterId: string,
  obisCode: string,
  frame: Frame,
  nowSec: number,
  tz: string,
): MonthRow[] {
  const month = (fromSec: number, toSec: number) =>
    figuresOf(db, frameFor(db, { meterId, obisCode, fromSec, toSec }, nowSec, tz));
  return monthsIn(frame.fromSec, frame.toSec, tz).map((mo) => {
    const f = month(mo.fromSec, mo.toSec);
    const prev = month(YEAR(mo.fromSec, tz), YEAR(mo.toSec, tz));
    const whole = monthQuarterHours(mo.month, tz);
    return {
      month: mo.month,
      // The month's own frame: a month the data begins or ends in (or the horizon cuts) is partial and
      // says from or until when.
      cutFromSec: f.frame.toSec > f.frame.fromSec && f.frame.fromSec > whole.fromSec ? f.frame.fromSec : null,
      cutToSec: f.frame.toSec > f.frame.fromSec && f.frame.toSec < whole.toSec ? f.frame.toSec : null,
      kwh: f.kwh,
      readings: f.readings,
      expected: f.expected,
      completeness: f.completeness,
      peakKw: f.peakKw,
      quality: f.quality,
      previousKwh: prev.readings > 0 ? prev.kwh : null,
    };
  });
}

/** The frame's days (from data health) with their energy and the same calendar date a year earlier. */
export function dayRows(
  db: Database.Database,
  seriesId: number,
  healthDays: NonNullable<QualityBreakdown['days']>,
): MeterReport['days'] {
  const days = healthDays.map((d) => {
    const received = d.measured + d.estimated + d.unreliable;
    return {
      day: d.day,
      kwh: null as number | null,
      completeness: d.expected ? received / d.expected : 0,
      previousKwh: null as number | null,
    };
  });
  if (days.length === 0) return days;
  const byDay = (a: number, b: number) =>
    new Map(dailySums(db, seriesId, a, b).map((r) => [dayKey(r.day), r]));
  const first = dayNumberOfKey(days[0]!.day);
  const last = dayNumberOfKey(days[days.length - 1]!.day);
  const now = byDay(first, last);
  for (const d of days) {
    const r = now.get(d.day);
    if (r && r.count > 0) d.kwh = r.sum;
  }
  // The same calendar date a year earlier (28 February for a 29th), for the overlay of two years.
  const prevKey = (k: string) =>
    `${Number(k.slice(0, 4)) - 1}-${k.slice(5) === '02-29' ? '02-28' : k.slice(5)}`;
  const prev = byDay(
    dayNumberOfKey(prevKey(days[0]!.day)),
    dayNumberOfKey(prevKey(days[days.length - 1]!.day)),
  );
  for (const d of days) {
    const r = prev.get(prevKey(d.day));
    if (r && r.count > 0) d.previousKwh = r.sum;
  }
  return days;
}

/** The mean kW per quarter-hour of the day, for workdays, Saturdays and Sundays/holidays. */
export function dayTypesOf(db: Database.Database, scope: Framed, tz: string): MeterReport['dayTypes'] {
  const zero = () => new Array<number>(96).fill(0);
  const sums = { workday: zero(), saturday: zero(), sundayHoliday: zero() };
  const ns = { workday: zero(), saturday: zero(), sundayHoliday: zero() };
  for (const r of loadRows(db, scope)) {
    const day = dayNumberOf(r.start, tz);
    const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
    const kind =
      weekday === 0 || isAustrianHoliday(dayKey(day))
        ? 'sundayHoliday'
        : weekday === 6
          ? 'saturday'
          : 'workday';
    const slot = Math.floor(((r.start + offsetMinutesAt(r.start, tz) * 60) % 86_400) / 900);
    sums[kind][slot]! += r.value * 4;
    ns[kind][slot]! += 1;
  }
  const mean = (k: keyof typeof sums) => sums[k].map((v, i) => (ns[k][i] ? v / ns[k][i]! : null));
  return { workday: mean('workday'), saturday: mean('saturday'), sundayHoliday: mean('sundayHoliday') };
}

/** The carpet by wall-clock hour: mean kW of the hour's quarter-hours present, per day. */
export function carpetHours(db: Database.Database, scope: Framed, tz: string): MeterReport['carpet'] {
  const c = carpet(db, scope, tz);
  const hours: (number | null)[][] = [];
  let maxKw = 0;
  for (const d of c.days) {
    const sum = new Array<number>(24).fill(0);
    const n = new Array<number>(24).fill(0);
    for (let i = 0; i < d.values.length; i++) {
      const v = d.values[i];
      if (v === null || v === undefined) continue;
      const at = d.startSec + i * 900;
      const h = Math.floor(((((at + offsetMinutesAt(at, tz) * 60) % 86_400) + 86_400) % 86_400) / 3600);
      sum[h]! += v * 4;
      n[h]! += 1;
    }
    const row = sum.map((x, h) => (n[h] ? x / n[h]! : null));
    for (const x of row) if (x !== null && x > maxKw) maxKw = x;
    hours.push(row);
  }
  return { days: c.days.map((d) => d.day), hours, maxKw };
}

/**
 * The base load: mean of the daily 5 % values, the night level, its share, the off-hours share; and the
 * share in the SNAP window (the cost section's time-of-use figure, from the same pass over the readings).
 */
export function baseLoadOf(
  db: Database.Database,
  scope: Framed,
  figures: Figures,
  intervalSec: number,
  tz: string,
): MeterReport['baseLoad'] {
  const b = baseLoad(db, scope, tz);
  const p5 = b.days.map((d) => d.p5Kw);
  const nights = b.days.map((d) => d.nightMinKw).filter((x): x is number => x !== null);
  const meanP5 = p5.length ? p5.reduce((a, x) => a + x, 0) / p5.length : null;
  const hoursCovered = figures.readings * (intervalSec / 3600);
  let off = 0;
  let all = 0;
  let snap = 0;
  for (const r of loadRows(db, scope)) {
    all += r.value;
    const local = r.start + offsetMinutesAt(r.start, tz) * 60;
    const dow = (Math.floor(local / 86_400) + 4) % 7; // 0 = Sunday (1970-01-01 was a Thursday)
    const hour = Math.floor((local % 86_400) / 3600);
    if (dow === 0 || dow === 6 || hour < 7 || hour >= 19) off += r.value;
    // The SNAP window (SNE-V 2018 § 5: 1 April – 30 September, 10:00–16:00 local, every day).
    const month = new Date(local * 1000).getUTCMonth() + 1;
    if (month >= 4 && month <= 9 && hour >= 10 && hour < 16) snap += r.value;
  }
  return {
    meanP5Kw: meanP5,
    nightMinMeanKw: nights.length ? nights.reduce((a, x) => a + x, 0) / nights.length : null,
    shareOfEnergy: meanP5 !== null && figures.kwh > 0 ? (meanP5 * hoursCovered) / figures.kwh : null,
    offHoursShare: all > 0 ? off / all : null,
    snapShare: all > 0 ? snap / all : null,
    snapKwh: snap,
  };
}

/**
 * What would pay: peak shaving to 80 % of the peak (as the app's view starts), a battery where the site has import and export
 * (on one meter or two: db/site-registers.ts), and shifting on the spot tariffs.
 */
export function measuresOf(
  db: Database.Database,
  siteId: string | null,
  scope: Framed,
  peakKw: number,
  cost: CostResult | null,
  /** The client's own tariffs (cost/client-tariffs.ts): nothing else prices a measure. */
  clientTariffs: readonly Tariff[],
  nowSec: number,
  tz: string,
): MeterReport['measures'] {
  const svc = createCostService(db, tz, fixedClock(nowSec));
  const best = cost?.tariffs.find((t) => t.tariffId === cost.bestTariffId) ?? null;
  // Electricity tariffs only (a battery and a cap on peaks are electricity's), as the views offer them.
  const all = svc.store.list();
  const electricity = clientTariffs.filter((t) => (t.commodity ?? 'electricity') === 'electricity');
  // A power price only where the client's grid row has one (a household on "nicht gemessene Leistung"
  // pays none in 2026): a combination's grid part counts.
  const hasPower = (t: Tariff) =>
    t.gridPowerEurPerKwYear > 0 ||
    (t.parts ?? []).some((p) => (all.find((x) => x.id === p.tariffId)?.gridPowerEurPerKwYear ?? 0) > 0);
  const powerTariff = electricity.find((t) => t.direction === 'consumption' && hasPower(t)) ?? null;
  const bestTariff = best ? (electricity.find((t) => t.id === best.tariffId) ?? null) : null;
  const peakShaving = svc.peakShaving({
    ...scope,
    capKw: Math.round(peakKw * 0.8 * 10) / 10,
    battery: null,
    tariffId: powerTariff?.id ?? null,
  });
  let battery: BatteryResult | null = null;
  const regs = siteId ? siteRegisters(db, siteId) : null;
  if (siteId && regs?.consumption && regs.feedIn) {
    const feedTariff = electricity.find((t) => t.direction === 'feed_in') ?? null;
    try {
      battery = svc.battery({
        siteId,
        fromSec: scope.frame.fromSec,
        toSec: scope.frame.toSec,
        capacityKwh: 5,
        powerKw: 2.5,
        efficiency: 0.9,
        minSocPercent: 10,
        sweepMaxKwh: 10,
        consumptionTariffId: best?.tariffId ?? null,
        feedInTariffId: feedTariff?.id ?? null,
      });
    } catch {
      battery = null; // a site without both directions' readings in the period
    }
  }
  const shifting = (cost?.tariffs ?? []).flatMap((t) =>
    t.spot
      ? [
          {
            tariff: t.name,
            shiftPercent: t.spot.shiftPercent,
            savingsEur: t.spot.shiftSavingsEur,
            expensiveShare: t.spot.expensiveShare,
          },
        ]
      : [],
  );
  const named = (t: Tariff | null) => (t ? { name: t.name, isExample: t.isExample } : null);
  return {
    peakShaving,
    battery,
    shifting,
    pricedOn: {
      peakShaving: named(powerTariff),
      battery: battery?.savingsEur != null ? named(bestTariff) : null,
    },
  };
}

/** Totals per commodity, direction and register of the report's meters (never one across them). */
export function totalsOf(
  meters: readonly {
    meter: { commodity: string; direction: string };
    register: string;
    figures: { kwh: number };
  }[],
): { commodity: string; direction: string; register: string; meters: number; kwh: number }[] {
  const totals = new Map<
    string,
    { commodity: string; direction: string; register: string; meters: number; kwh: number }
  >();
  for (const m of meters) {
    const key = `${m.meter.commodity}|${m.meter.direction}|${m.register}`;
    const t = totals.get(key) ?? {
      commodity: m.meter.commodity,
      direction: m.meter.direction,
      register: m.register,
      meters: 0,
      kwh: 0,
    };
    t.meters += 1;
    t.kwh += m.figures.kwh;
    totals.set(key, t);
  }
  return [...totals.values()];
}
