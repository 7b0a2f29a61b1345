/**
 * What a register's real quarter-hours cost under each of several tariffs, per calendar month and in
 * total. Guarantees:
 * - The kWh are the register's readings over the range (the chart's sum).
 * - Components are rounded to the cent per month and the totals are their sums: they always add up.
 * - Fees count for the share of each calendar month inside the range; the power component is counted
 *   on the mean of the monthly peaks as the peaks view computes it (complete months where there are).
 * - A quarter-hour without a price (a spot series not covering it) or outside the tariff's validity is
 *   not priced, and counted: such a tariff is not declared the cheapest. Outside its validity nothing
 *   of the tariff is charged: no grid energy, no levies, no base fee or power price for those days.
 * Percentage levies apply to the net amount (energy, base fee, grid energy and power) but not to a fixed
 * charge that is itself a levy; VAT to all.
 */
import type Database from 'better-sqlite3';
import type { CostBillPart, CostComponents, CostMonth, CostResult, Tariff } from '../../preload/contract';
import { loadRows, peaks, type Row } from '../analysis/analysis';
import { monthOf } from '../analysis/rows';
import { frameBeside, frameFor } from '../analysis/frame';
import { readRange } from '../db/readings-read';
import { meterRow } from '../db/meter-reads';
import { registersOf } from '../db/series-reads';
import { dayKey, dayNumberOf, dayStartSec } from '../time/local-days';
import { asNet, pricingOf, type Pricing } from './pricing';
import { spotShift } from './spot-shift';
import type { TariffStore } from '../db/tariff-store';
import { bestOf } from './cost-merge';
import { monthParts, sumParts } from './bill-parts';

export { combineSite } from './cost-merge';

const cents = (eur: number) => Math.round(eur * 100) / 100;

/** Calendar months (local) touched by [fromSec, toSec), with the share of each inside the range. */
export function monthsOf(
  fromSec: number,
  toSec: number,
  tz: string,
): { month: string; fromSec: number; toSec: number; share: number }[] {
  const out: { month: string; fromSec: number; toSec: number; share: number }[] = [];
  let day = dayNumberOf(fromSec, tz);
  while (dayStartSec(day, tz) < toSec) {
    const key = dayKey(day).slice(0, 7);
    const [y, m] = key.split('-').map(Number) as [number, number];
    const first = Math.round(Date.UTC(y, m - 1, 1) / 86_400_000);
    const next = Math.round(Date.UTC(y, m, 1) / 86_400_000);
    const mFrom = dayStartSec(first, tz);
    const mTo = dayStartSec(next, tz);
    const a = Math.max(mFrom, fromSec);
    const b = Math.min(mTo, toSec);
    out.push({ month: key, fromSec: a, toSec: b, share: (b - a) / (mTo - mFrom) });
    day = next;
  }
  return out;
}

/** [from, to) narrowed to the local days from the first to the last reading (unchanged without any). */
export function dataSpan(
  rows: readonly { start: number }[],
  fromSec: number,
  toSec: number,
  tz: string,
): { fromSec: number; toSec: number } {
  if (rows.length === 0) return { fromSec, toSec };
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    if (r.start < first) first = r.start;
    if (r.start > last) last = r.start;
  }
  return {
    fromSec: Math.max(fromSec, dayStartSec(dayNumberOf(first, tz), tz)),
    toSec: Math.min(toSec, dayStartSec(dayNumberOf(last, tz) + 1, tz)),
  };
}

function meterDirection(db: Database.Database, meterId: string, obisCode: string): 'consumption' | 'feed_in' {
  if (obisCode.startsWith('1-1:2.')) return 'feed_in';
  if (obisCode.startsWith('1-1:1.')) return 'consumption';
  return meterRow(db, meterId)?.energy_direction === 'feed_in' ? 'feed_in' : 'consumption';
}

/** The reduced grid energy price of community energy, by the community's kind (AUSTRIA-2026.md §2.1). */
export const COMMUNITY_GRID_REDUCTION = { local: 0.57, regional: 0.28, beg: 0 } as const;

export type CostQuery = {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  tariffs: Tariff[];
  shiftPercent: number;
  /** "Now" from the services' clock: the rows are read in the register's frame (analysis/frame.ts). */
  nowSec: number;
  /**
   * Expected quarter-hours to price instead of the stored ones (the bill ahead's rest of the year,
   * cost/bill-ahead.ts): priced by the tariff as readings are, each under the prices valid then.
   */
  expected?: readonly Row[];
};

/** The months' peaks of expected quarter-hours, as `peaks` gives them of stored ones (kW). */
function peaksOfRows(rows: readonly Row[], tz: string) {
  const byMonth = new Map<string, number>();
  for (const r of rows) {
    const m = monthOf(r.start, tz);
    byMonth.set(m, Math.max(byMonth.get(m) ?? 0, r.value * 4));
  }
  const kw = [...byMonth.values()];
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : null);
  return {
    meanMonthlyMaxKw: mean(kw),
    meanTop3MonthlyMaxKw: mean([...kw].sort((a, b) => b - a).slice(0, 3)),
    monthly: [...byMonth].map(([month, powerKw]) => ({ month, powerKw })),
    meanBasis: 'all' as const,
  };
}

/** What one month's quarter-hours summed to (`acc`), priced: the month's cost components and total. */
interface MonthSums {
  kwh: number;
  /** kWh of quarter-hours inside the tariff's validity: grid and levies are charged on these only. */
  validKwh: number;
  energy: number;
  unpriced: number;
  unpricedKwh: number;
  grid: number;
  community: number;
}

/** The share of a month's span inside the tariff's validity (its quarter-hours, as the rows are priced). */
function validShare(pricing: Pricing, m: { fromSec: number; toSec: number }): number {
  if (m.toSec <= m.fromSec) return 0;
  let inside = 0;
  for (let s = m.fromSec; s < m.toSec; s += 900) if (pricing.isValid(s)) inside++;
  return inside / Math.ceil((m.toSec - m.fromSec) / 900);
}

/** A month's bill lines under one tariff: energy, pro-rated fees, grid energy and power, levies, VAT. */
function costMonth(
  t: Tariff,
  pricing: Pricing,
  m: ReturnType<typeof monthsOf>[number],
  a: MonthSums,
  perRowGrid: boolean,
  power: { meanMaxKw: number | null; top3Kw: number | null; monthPeakKw: Map<string, number> },
): { month: CostMonth; parts: CostBillPart[] } {
  const { kwh: mKwh, validKwh, energy, unpriced, unpricedKwh, grid, community: mCommunity } = a;
  // The base fee and the fixed charges, pro rata: a month's share of a monthly charge, its days of
  // the year's for a yearly one — of the part of the month inside the tariff's validity.
  const valid = validShare(pricing, m);
  const days = ((m.toSec - m.fromSec) / 86_400) * valid;
  const yearDays = Number(m.month.slice(0, 4)) % 4 === 0 ? 366 : 365;
  const proRata = (c: Tariff['fixedCharges'][number]) =>
    c.per === 'month' ? c.eur * m.share * valid : (c.eur * Math.round(days)) / yearDays;
  // Each fixed charge rounded to the cent as a bill lists it, and added by where the bill lists it (the
  // supplier's, the grid's, a levy): the base fee line less the other two is the supplier's, to the cent.
  const fixedOf = (kind: 'supplier' | 'grid' | 'levy') =>
    (t.fixedCharges ?? []).reduce((a, c) => ((c.kind ?? 'supplier') !== kind ? a : a + cents(proRata(c))), 0);
  const fixedGrid = cents(fixedOf('grid'));
  const fixedLevies = cents(fixedOf('levy'));
  const base = cents(
    cents(t.baseFeeEurPerMonth * m.share * valid) + fixedOf('supplier') + fixedGrid + fixedLevies,
  );
  let c: CostComponents;
  let parts: CostBillPart[] = [];
  if (t.direction === 'feed_in') {
    // What the feed-in pays: the energy, less a monthly fee; VAT where the tariff has one.
    const energyEur = cents(energy);
    c = {
      energyEur,
      baseFeeEur: -cents(base),
      fixedGridEur: -cents(fixedGrid),
      fixedLeviesEur: -cents(fixedLevies),
      gridEnergyEur: 0,
      gridPowerEur: 0,
      leviesEur: 0,
      vatEur: cents(energy * (t.vatPercent / 100)),
    };
  } else {
    const gridEnergy = perRowGrid
      ? grid
      : (validKwh * (t.gridEnergyCentsPerKwh + (t.gridLossCentsPerKwh ?? 0))) / 100;
    const basisKw =
      t.powerBasis === 'monthly_peak'
        ? (power.monthPeakKw.get(m.month) ?? null)
        : t.powerBasis === 'mean_top3'
          ? power.top3Kw
          : power.meanMaxKw;
    const kwYears = basisKw === null ? 0 : (basisKw * m.share * valid) / 12;
    const gridPower = t.gridPowerEurPerKwYear * kwYears;
    const net = cents(energy) + cents(base) + cents(gridEnergy) + cents(gridPower);
    const perKwLevies = t.levies.reduce((a, l) => a + (l.eurPerKwYear ?? 0), 0) * kwYears;
    // Community energy carries no per-kWh levies (Elektrizitätsabgabe, Erneuerbaren-Förderbeitrag); a
    // percentage levy (Gebrauchsabgabe) is charged on energy, fees and grid, not on a levy (issue 44, 5).
    const levies =
      ((validKwh - mCommunity) * pricing.perKwhLeviesCents) / 100 +
      (net - cents(fixedLevies)) * pricing.percentLevies +
      perKwLevies;
    parts = monthParts(t, {
      validKwh,
      communityKwh: mCommunity,
      gridEnergy,
      gridPower,
      kwYears,
      percentBase: net - cents(fixedLevies),
      fixed: proRata,
    });
    c = {
      energyEur: cents(energy),
      baseFeeEur: cents(base),
      fixedGridEur: cents(fixedGrid),
      fixedLeviesEur: cents(fixedLevies),
      gridEnergyEur: cents(gridEnergy),
      gridPowerEur: cents(gridPower),
      leviesEur: cents(levies),
      vatEur: cents((net + cents(levies)) * (t.vatPercent / 100)),
    };
  }
  const totalEur = cents(
    c.energyEur + c.baseFeeEur + c.gridEnergyEur + c.gridPowerEur + c.leviesEur + c.vatEur,
  );
  const month = {
    month: m.month,
    kwh: Math.round(mKwh * 1000) / 1000,
    ...c,
    totalEur,
    meanCentsPerKwh: mKwh > 0 ? Math.round((totalEur / mKwh) * 100 * 100) / 100 : null,
    monthShare: Math.round(m.share * 10_000) / 10_000,
    unpricedQuarterHours: unpriced,
    unpricedKwh: Math.round(unpricedKwh * 1000) / 1000,
  };
  return { month, parts };
}

export function costOfPlainTariffs(
  db: Database.Database,
  store: TariffStore,
  q: CostQuery,
  tz: string,
): CostResult & { rowCount: number } {
  const framed = frameFor(db, q, q.nowSec, tz);
  const rows = q.expected
    ? q.expected.filter((r) => r.start >= q.fromSec && r.start < q.toSec)
    : loadRows(db, framed);
  // Counted over the local days that hold readings: fees for months without data would be no answer.
  // Without any reading in the range there is nothing to bill: no fee is counted for empty months.
  const span =
    rows.length === 0 ? { fromSec: q.fromSec, toSec: q.fromSec } : dataSpan(rows, q.fromSec, q.toSec, tz);
  const scope = frameBeside(db, framed, span);
  const direction = meterDirection(db, q.meterId, q.obisCode);
  // The meter's community share (`… G.03`, the first of its communities), by quarter-hour start.
  const communityOf = (meterId: string): Map<number, number> | null => {
    // Its first register (by OBIS code) holding G.03, in any case as SQL's LIKE matched it.
    const s = registersOf(db, meterId)
      .filter((r) => /g\.03/i.test(r.obis_code))
      .sort((a, b) => (a.obis_code < b.obis_code ? -1 : a.obis_code > b.obis_code ? 1 : 0))[0];
    if (!s || !/G\.01$/.test(q.obisCode) || q.expected) return null;
    return new Map(readRange(db, s.id, span.fromSec, span.toSec).map((x) => [x[0], x[2]]));
  };
  const pk =
    direction !== 'consumption' ? null : q.expected ? peaksOfRows(rows, tz) : peaks(db, scope, 1, tz);
  const meanMaxKw = pk?.meanMonthlyMaxKw ?? null;
  const top3Kw = pk?.meanTop3MonthlyMaxKw ?? null;
  const monthPeakKw = new Map((pk?.monthly ?? []).map((m) => [m.month, m.powerKw]));
  const months = monthsOf(span.fromSec, span.toSec, tz);
  const kwh = rows.reduce((a, r) => a + r.value, 0);

  const tariffs = q.tariffs.map((entered) => {
    // Prices typed gross are taken back to net first (VAT is added once, below).
    const t = asNet(entered);
    const pricing = pricingOf(t, store, q.fromSec, q.toSec, tz);
    // One pass over the rows (in time order), adding into their month.
    const acc: MonthSums[] = months.map(() => ({
      kwh: 0,
      validKwh: 0,
      energy: 0,
      unpriced: 0,
      unpricedKwh: 0,
      grid: 0,
      community: 0,
    }));
    // Energy from a community (the meter's G.03), where the tariff prices it: per quarter-hour.
    const community = t.community && direction === 'consumption' ? communityOf(q.meterId) : null;
    const reduction = t.community ? COMMUNITY_GRID_REDUCTION[t.community.kind] : 0;
    const perRowGrid = pricing.gridByTime || community !== null;
    let mi = 0;
    for (const r of rows) {
      while (mi < months.length - 1 && r.start >= months[mi]!.toSec) mi++;
      const a = acc[mi]!;
      a.kwh += r.value;
      // Outside the tariff's validity nothing is charged: no energy (unpriced, counted), no grid, no
      // levies (issue 44: only the energy price was left out there).
      if (!pricing.isValid(r.start)) {
        a.unpriced++;
        a.unpricedKwh += r.value;
        continue;
      }
      a.validKwh += r.value;
      const c = community ? Math.min(r.value, community.get(r.start) ?? 0) : 0;
      const rest = r.value - c;
      a.community += c;
      // Grid energy by time of use (SNAP), and the community's share at its reduced price without SNAP.
      if (perRowGrid)
        a.grid +=
          (rest * pricing.gridEnergyCents(r.start) +
            c * (t.gridEnergyCentsPerKwh * (1 - reduction) + (t.gridLossCentsPerKwh ?? 0))) /
          100;
      const p = pricing.energyCents(r.start);
      if (p === null) {
        a.unpriced++;
        a.unpricedKwh += r.value;
      } else a.energy += (rest * p + c * (t.community?.centsPerKwh ?? p)) / 100;
    }
    const power = { meanMaxKw, top3Kw, monthPeakKw };
    const priced = months.map((m, i) => costMonth(t, pricing, m, acc[i]!, perRowGrid, power));
    const out: CostMonth[] = priced.map((p) => p.month);
    const sum = (k: keyof CostComponents | 'totalEur') => cents(out.reduce((a, m) => a + m[k], 0));
    const total = {
      energyEur: sum('energyEur'),
      baseFeeEur: sum('baseFeeEur'),
      fixedGridEur: sum('fixedGridEur'),
      fixedLeviesEur: sum('fixedLeviesEur'),
      gridEnergyEur: sum('gridEnergyEur'),
      gridPowerEur: sum('gridPowerEur'),
      leviesEur: sum('leviesEur'),
      vatEur: sum('vatEur'),
      totalEur: sum('totalEur'),
      meanCentsPerKwh: kwh > 0 ? Math.round((sum('totalEur') / kwh) * 100 * 100) / 100 : null,
    };
    const outside = rows.filter((r) => !pricing.isValid(r.start)).length;
    let spot: { expensiveShare: number; shiftPercent: number; shiftSavingsEur: number } | null = null;
    if (t.energy.type === 'spot' && t.direction === 'consumption') {
      const s = spotShift(rows, pricing, q.shiftPercent, tz);
      spot = {
        expensiveShare: Math.round(s.expensiveShare * 10_000) / 10_000,
        shiftPercent: q.shiftPercent,
        shiftSavingsEur: cents(s.savingsNetEur * (1 + pricing.percentLevies) * (1 + t.vatPercent / 100)),
      };
    }
    return {
      tariffId: t.id,
      name: t.name,
      isExample: t.isExample,
      months: out,
      total,
      unpricedQuarterHours: out.reduce((a, m) => a + m.unpricedQuarterHours, 0),
      outsideValidity: outside,
      spot,
      series: pricing.series,
      billParts: sumParts(
        priced.map((p) => p.parts),
        true,
      ),
    };
  });
  return {
    rowCount: rows.length,
    meterId: q.meterId,
    obisCode: q.obisCode,
    direction,
    fromSec: span.fromSec,
    toSec: span.toSec,
    clampedToData: span.fromSec !== q.fromSec || span.toSec !== q.toSec,
    site: null,
    kwh: Math.round(kwh * 1000) / 1000,
    tariffs,
    bestTariffId: bestOf(tariffs, direction),
    meanMonthlyMaxKw: meanMaxKw,
    meanBasis: pk?.meanBasis ?? 'all',
  };
}
