/**
 * A home battery simulated on a site's real quarter-hours: the consumption meter's grid import and the
 * feed-in meter's grid export. Per quarter-hour it either charges from that quarter-hour's net surplus
 * (export − import, when positive) or discharges against its net deficit (import − export), never
 * both: a battery cannot charge and discharge at full power within one quarter-hour, and where a
 * site's data holds import and export together (not netted per quarter-hour) only the net is the
 * battery's to move. Within its power and between its minimum state of charge and its capacity; the
 * round-trip efficiency is split evenly between charging and discharging. Guarantees, step by step:
 * import_before − import_after = discharged; export_before − export_after = charged; the state of charge
 * changes by charged × √η − discharged ÷ √η and stays within [minimum, capacity].
 * What grid meters cannot show: the PV's own direct use inside the house; the battery only sees what
 * would have crossed the grid connection, so the self-consumption gained is a lower bound.
 */
import type Database from 'better-sqlite3';
import type { BatteryResult, BatteryRun } from '../../preload/contract';
import { loadRows } from '../analysis/analysis';
import { frameBeside, frameFor } from '../analysis/frame';
import { siteRegisters } from '../db/site-registers';
import { AppError } from '../errors';
import { QH_SEC } from '../time/local-days';
import { dataSpan, monthsOf } from './cost';
import type { Pricing } from './pricing';

export interface BatteryParams {
  capacityKwh: number;
  powerKw: number;
  /** Round-trip efficiency, 0.5…1. */
  efficiency: number;
  minSocPercent: number;
}

export interface BatterySteps {
  importAfter: Float64Array;
  exportAfter: Float64Array;
  charged: Float64Array;
  discharged: Float64Array;
  soc: Float64Array;
}

/** One run over aligned quarter-hours (kWh each); `steps` are filled when given. */
export function simulate(
  imp: Float64Array,
  exp: Float64Array,
  p: BatteryParams,
  steps?: BatterySteps,
): { importAfter: number; exportAfter: number; charged: number; discharged: number } {
  const eta = Math.sqrt(p.efficiency);
  const step = p.powerKw * (QH_SEC / 3600);
  const socMin = (p.capacityKwh * p.minSocPercent) / 100;
  let soc = socMin;
  let importAfter = 0;
  let exportAfter = 0;
  let charged = 0;
  let discharged = 0;
  for (let t = 0; t < imp.length; t++) {
    const surplus = exp[t]!;
    const need = imp[t]!;
    const net = surplus - need;
    const c = net > 0 ? Math.max(0, Math.min(net, step, (p.capacityKwh - soc) / eta)) : 0;
    soc += c * eta;
    const d = net < 0 ? Math.max(0, Math.min(-net, step, (soc - socMin) * eta)) : 0;
    soc -= d / eta;
    importAfter += need - d;
    exportAfter += surplus - c;
    charged += c;
    discharged += d;
    if (steps) {
      steps.importAfter[t] = need - d;
      steps.exportAfter[t] = surplus - c;
      steps.charged[t] = c;
      steps.discharged[t] = d;
      steps.soc[t] = soc;
    }
  }
  return { importAfter, exportAfter, charged, discharged };
}

/**
 * The site's consumption and feed-in meters with their total registers, aligned on the grid of the
 * range narrowed to the local days where both hold readings.
 */
export function siteSeries(
  db: Database.Database,
  siteId: string,
  askedFromSec: number,
  askedToSec: number,
  tz: string,
  nowSec: number,
) {
  // Import and export registers on two meters or on one that carries both (db/site-registers.ts).
  const { consumption: cons, feedIn: feed } = siteRegisters(db, siteId);
  if (!cons || !feed)
    throw new AppError(
      'invalid_input',
      'A battery needs grid import and export of the site (a consumption and a feed-in register, on one meter or two); this site lacks one.',
      { reason: 'battery_needs_both' },
    );
  // Both registers over the requested span up to now: each is narrowed to its own data below.
  const consFrame = frameFor(
    db,
    { meterId: cons.meterId, obisCode: cons.obisCode, fromSec: askedFromSec, toSec: askedToSec },
    nowSec,
    tz,
  );
  const consRows = loadRows(db, consFrame);
  const feedRows = loadRows(
    db,
    frameBeside(db, consFrame, {
      meterId: feed.meterId,
      obisCode: feed.obisCode,
      fromSec: askedFromSec,
      toSec: Math.min(askedToSec, Math.max(consFrame.toSec, askedFromSec)),
    }),
  );
  const a = dataSpan(consRows, askedFromSec, askedToSec, tz);
  const b = dataSpan(feedRows, askedFromSec, askedToSec, tz);
  const fromSec = Math.max(a.fromSec, b.fromSec);
  const toSec = Math.max(fromSec, Math.min(a.toSec, b.toSec));
  const n = Math.max(0, Math.floor((toSec - fromSec) / QH_SEC));
  const imp = new Float64Array(n);
  const exp = new Float64Array(n);
  const seen = new Uint8Array(n);
  for (const [rows, into, bit] of [
    [consRows, imp, 1],
    [feedRows, exp, 2],
  ] as const) {
    for (const r of rows) {
      const i = (r.start - fromSec) / QH_SEC;
      if (i >= 0 && i < n && Number.isInteger(i)) {
        into[i] = r.value;
        seen[i]! |= bit;
      }
    }
  }
  let missing = 0;
  for (let i = 0; i < n; i++) if (seen[i] !== 3) missing++;
  return { consumptionMeterId: cons.meterId, feedInMeterId: feed.meterId, imp, exp, missing, fromSec, toSec };
}

export function batteryRun(
  imp: Float64Array,
  exp: Float64Array,
  p: BatteryParams,
  prices: { importCents: Float64Array | null; exportCents: Float64Array | null },
): BatteryRun {
  const steps: BatterySteps | undefined =
    prices.importCents || prices.exportCents
      ? {
          importAfter: new Float64Array(imp.length),
          exportAfter: new Float64Array(imp.length),
          charged: new Float64Array(imp.length),
          discharged: new Float64Array(imp.length),
          soc: new Float64Array(imp.length),
        }
      : undefined;
  const r = simulate(imp, exp, p, steps);
  let savings: number | null = null;
  if (steps) {
    let s = 0;
    for (let t = 0; t < imp.length; t++) {
      if (prices.importCents) s += (steps.discharged[t]! * prices.importCents[t]!) / 100;
      if (prices.exportCents) s -= (steps.charged[t]! * prices.exportCents[t]!) / 100;
    }
    savings = Math.round(s * 100) / 100;
  }
  const usable = p.capacityKwh * (1 - p.minSocPercent / 100);
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    capacityKwh: p.capacityKwh,
    powerKw: p.powerKw,
    importBeforeKwh: round3(imp.reduce((a, b) => a + b, 0)),
    importAfterKwh: round3(r.importAfter),
    exportBeforeKwh: round3(exp.reduce((a, b) => a + b, 0)),
    exportAfterKwh: round3(r.exportAfter),
    selfConsumptionGainedKwh: round3(r.discharged),
    fullCycles: usable > 0 ? Math.round((r.discharged / usable) * 10) / 10 : 0,
    savingsEur: savings,
  };
}

/** A quarter-hour counts as holding import and export together when both exceed this (kWh). */
const BOTH_KWH = 0.05;
/** Beyond this share of such quarter-hours the data is not netted per quarter-hour (real: 1.6 %). */
export const NOT_NETTED_SHARE = 0.05;
/**
 * More full cycles a year than netted household data gives even a small battery (a lossless 1 kWh
 * battery on a real Netz NÖ year with PV: ≈ 494; a battery is cycled at most about once or twice a day).
 */
export const MAX_PLAUSIBLE_CYCLES_PER_YEAR = 550;

/** Prices per quarter-hour of the range (cents per kWh, all in; 0 where a tariff has none). */
export function priceArray(pricing: Pricing | null, fromSec: number, n: number): Float64Array | null {
  if (!pricing) return null;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = pricing.marginalCents(fromSec + i * QH_SEC) ?? 0;
  return out;
}

/** The size after which one more kWh of capacity gains less than a quarter of what the first did. */
export function kneeOf(sweep: readonly BatteryRun[], byValue: (r: BatteryRun) => number): number | null {
  if (sweep.length < 3) return null;
  const gain = (i: number) =>
    (byValue(sweep[i]!) - byValue(sweep[i - 1]!)) / (sweep[i]!.capacityKwh - sweep[i - 1]!.capacityKwh);
  const first = gain(1);
  if (!(first > 0)) return null;
  for (let i = 2; i < sweep.length; i++) if (gain(i) < first / 4) return sweep[i - 1]!.capacityKwh;
  return null;
}

export function battery(
  db: Database.Database,
  q: BatteryParams & { siteId: string; fromSec: number; toSec: number; sweepMaxKwh: number; nowSec: number },
  pricing: { consumption: Pricing | null; feedIn: Pricing | null },
  tz: string,
): BatteryResult {
  const s = siteSeries(db, q.siteId, q.fromSec, q.toSec, tz, q.nowSec);
  const prices = {
    importCents: priceArray(pricing.consumption, s.fromSec, s.imp.length),
    exportCents: priceArray(pricing.feedIn, s.fromSec, s.imp.length),
  };
  const run = batteryRun(s.imp, s.exp, q, prices);
  // The sweep keeps the chosen battery's ratio of power to capacity (0.5 kW per kWh without one).
  const ratio = q.capacityKwh > 0 ? q.powerKw / q.capacityKwh : 0.5;
  const stepKwh = Math.max(0.5, Math.round((q.sweepMaxKwh / 20) * 2) / 2);
  const sweep: BatteryRun[] = [];
  for (let c = 0; c <= q.sweepMaxKwh + 1e-9; c += stepKwh)
    sweep.push(batteryRun(s.imp, s.exp, { ...q, capacityKwh: c, powerKw: c * ratio }, prices));
  const monthly = monthsOf(s.fromSec, s.toSec, tz).map((m) => {
    const a = Math.max(0, Math.round((m.fromSec - s.fromSec) / QH_SEC));
    const b = Math.min(s.imp.length, Math.round((m.toSec - s.fromSec) / QH_SEC));
    return { month: m.month, a, b };
  });
  // Month by month with one run (the battery carries its charge over month ends).
  const steps = {
    importAfter: new Float64Array(s.imp.length),
    exportAfter: new Float64Array(s.imp.length),
    charged: new Float64Array(s.imp.length),
    discharged: new Float64Array(s.imp.length),
    soc: new Float64Array(s.imp.length),
  };
  simulate(s.imp, s.exp, q, steps);
  const sum = (arr: Float64Array, a: number, b: number) => {
    let x = 0;
    for (let i = a; i < b; i++) x += arr[i]!;
    return Math.round(x * 1000) / 1000;
  };
  // Data that is not netted per quarter-hour: import and export together in more than a few
  // quarter-hours (a real household with PV, netted by its meter: 1.6 % with both above 0.05 kWh).
  let both = 0;
  for (let i = 0; i < s.imp.length; i++) if (s.imp[i]! > BOTH_KWH && s.exp[i]! > BOTH_KWH) both++;
  const bothShare = s.imp.length > 0 ? both / s.imp.length : 0;
  const years = (s.toSec - s.fromSec) / (365 * 86_400);
  const cyclesPerYear = years > 0 ? run.fullCycles / years : 0;
  const warnings: BatteryResult['warnings'] = [];
  if (bothShare > NOT_NETTED_SHARE)
    warnings.push({ code: 'not_netted', share: Math.round(bothShare * 1000) / 1000, quarterHours: both });
  if (years >= 0.25 && cyclesPerYear > MAX_PLAUSIBLE_CYCLES_PER_YEAR)
    warnings.push({ code: 'implausible_cycles', cyclesPerYear: Math.round(cyclesPerYear) });
  // A period the data covers little of (a file of March, a year asked before it): every figure is
  // near 0 for want of data, not for want of a battery's use — said, with the numbers.
  if (s.imp.length === 0 || s.missing > s.imp.length / 2)
    warnings.push({ code: 'little_data', quarterHours: s.imp.length, missing: s.missing });
  return {
    ...run,
    warnings,
    importExportShare: Math.round(bothShare * 1000) / 1000,
    siteId: q.siteId,
    consumptionMeterId: s.consumptionMeterId,
    feedInMeterId: s.feedInMeterId,
    fromSec: s.fromSec,
    toSec: s.toSec,
    efficiency: q.efficiency,
    minSocPercent: q.minSocPercent,
    quarterHours: s.imp.length,
    missingQuarterHours: s.missing,
    sweep,
    kneeCapacityKwh: kneeOf(sweep, (r) =>
      prices.importCents || prices.exportCents ? r.savingsEur! : r.selfConsumptionGainedKwh,
    ),
    monthly: monthly.map((m) => ({
      month: m.month,
      importBeforeKwh: sum(s.imp, m.a, m.b),
      importAfterKwh: sum(steps.importAfter, m.a, m.b),
      exportBeforeKwh: sum(s.exp, m.a, m.b),
      exportAfterKwh: sum(steps.exportAfter, m.a, m.b),
    })),
  };
}
