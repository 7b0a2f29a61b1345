/**
 * Peak shaving on a consumption register's real quarter-hours: what a battery needs to keep every
 * quarter-hour's power at or below a cap, and what that saves on the grid fee's power component.
 * The battery discharges the energy above the cap and recharges from the grid only below the cap (so
 * recharging never makes a new peak), with the round-trip efficiency split evenly. The energy it needs
 * is the deepest it is ever drawn down by that rule with unlimited capacity; the power, the largest
 * excess. With a battery of at least that energy and power, no quarter-hour exceeds the cap.
 */
import type Database from 'better-sqlite3';
import type { PeakShavingResult } from '../../preload/contract';
import { loadRows } from '../analysis/analysis';
import { frameFor } from '../analysis/frame';
import { QH_SEC } from '../time/local-days';
import { monthsOf } from './cost';

const H = QH_SEC / 3600; // hours per quarter-hour

/**
 * The draw-down with unlimited capacity: the energy and power a battery needs for the cap. The power is
 * the largest excess; recharging is limited by the room under the cap and by that power.
 */
export function requiredForCap(
  kwh: readonly number[],
  capKw: number,
  efficiency: number,
): { energyKwh: number; powerKw: number } {
  const eta = Math.sqrt(efficiency);
  let power = 0;
  for (const e of kwh) power = Math.max(power, e / H - capKw);
  let owed = 0; // energy the battery has given and not yet got back (as stored energy)
  let deepest = 0;
  for (const e of kwh) {
    const kw = e / H;
    if (kw > capKw) owed += ((kw - capKw) * H) / eta;
    else owed = Math.max(0, owed - Math.min((capKw - kw) * H, power * H) * eta);
    deepest = Math.max(deepest, owed);
  }
  return { energyKwh: deepest, powerKw: power };
}

/** The series after a battery of `capacityKwh`/`powerKw` shaves it to the cap (kWh per quarter-hour). */
export function shave(
  kwh: readonly number[],
  capKw: number,
  b: { capacityKwh: number; powerKw: number; efficiency: number },
): number[] {
  const eta = Math.sqrt(b.efficiency);
  const step = b.powerKw * H;
  let soc = b.capacityKwh;
  return kwh.map((e) => {
    const kw = e / H;
    if (kw > capKw) {
      const d = Math.min((kw - capKw) * H, step, soc * eta);
      soc -= d / eta;
      return e - d;
    }
    const c = Math.min((capKw - kw) * H, step, (b.capacityKwh - soc) / eta);
    soc += c * eta;
    return e + c;
  });
}

export function peakShaving(
  db: Database.Database,
  q: {
    meterId: string;
    obisCode: string;
    fromSec: number;
    toSec: number;
    capKw: number;
    battery: { capacityKwh: number; powerKw: number; efficiency: number } | null;
    gridPowerEurPerKwYear: number | null;
    /** Net → gross for the power price: (1 + percentage levies) × (1 + VAT), as the cost view bills it. */
    grossFactor?: number;
    /** "Now" from the services' clock (the frame). */
    nowSec: number;
  },
  tz: string,
): PeakShavingResult {
  const rows = loadRows(db, frameFor(db, q, q.nowSec, tz));
  // Months up to the newest reading: a year's range lists no month that has not happened yet.
  const endSec = rows.length > 0 ? Math.min(q.toSec, rows[rows.length - 1]!.start + QH_SEC) : q.fromSec;
  const kwh = rows.map((r) => r.value);
  const efficiency = q.battery?.efficiency ?? 0.9;
  const need = requiredForCap(kwh, q.capKw, efficiency);
  const battery = q.battery
    ? { ...q.battery, sizedToNeed: false }
    : { capacityKwh: need.energyKwh, powerKw: need.powerKw, efficiency, sizedToNeed: true };
  const after = shave(kwh, q.capKw, battery);
  const months = monthsOf(q.fromSec, endSec, tz).map((m) => {
    let before = 0;
    let aft = 0;
    let n = 0;
    rows.forEach((r, i) => {
      if (r.start < m.fromSec || r.start >= m.toSec) return;
      n++;
      before = Math.max(before, r.value / H);
      aft = Math.max(aft, after[i]! / H);
    });
    const expected = (m.toSec - m.fromSec) / QH_SEC;
    return {
      month: m.month,
      peakBeforeKw: Math.round(before * 1000) / 1000,
      peakAfterKw: Math.round(aft * 1000) / 1000,
      partial: m.share < 1 || n < expected,
    };
  });
  const complete = months.filter((m) => !m.partial);
  const basis = complete.length > 0 ? complete : months;
  const mean = (k: 'peakBeforeKw' | 'peakAfterKw') =>
    basis.length > 0 ? Math.round((basis.reduce((a, m) => a + m[k], 0) / basis.length) * 1000) / 1000 : null;
  const meanBefore = mean('peakBeforeKw');
  const meanAfter = mean('peakAfterKw');
  const share = monthsOf(q.fromSec, endSec, tz).reduce((a, m) => a + m.share, 0);
  const above = kwh.filter((e) => e / H > q.capKw);
  return {
    meterId: q.meterId,
    obisCode: q.obisCode,
    fromSec: q.fromSec,
    toSec: q.toSec,
    capKw: q.capKw,
    requiredEnergyKwh: Math.round(need.energyKwh * 1000) / 1000,
    requiredPowerKw: Math.round(need.powerKw * 1000) / 1000,
    quarterHoursAbove: above.length,
    energyAboveKwh: Math.round(above.reduce((a, e) => a + (e - q.capKw * H), 0) * 1000) / 1000,
    battery: {
      capacityKwh: Math.round(battery.capacityKwh * 1000) / 1000,
      powerKw: Math.round(battery.powerKw * 1000) / 1000,
      efficiency: battery.efficiency,
      sizedToNeed: battery.sizedToNeed,
    },
    months,
    meanMonthlyMaxBeforeKw: meanBefore,
    meanMonthlyMaxAfterKw: meanAfter,
    savingsEur:
      q.gridPowerEurPerKwYear === null || meanBefore === null || meanAfter === null
        ? null
        : Math.round(
            ((q.gridPowerEurPerKwYear * (q.grossFactor ?? 1) * (meanBefore - meanAfter) * share) / 12) * 100,
          ) / 100,
    quarterHoursStillAbove: after.filter((e) => e / H > q.capKw + 1e-9).length,
  };
}
