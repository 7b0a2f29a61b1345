/**
 * Which standard profile a meter resembles (issue 47: "suggested from the meter — household, business,
 * farm, PV"): a site with PV is compared with P25 (households with PV, BDEW 2025); any other meter with
 * the VDEW profile whose shape is closest to its own — each profile scaled to the meter's energy on the
 * same quarter-hours, then the mean kW of every season × day type × hour cell against the meter's, as
 * the squared deviation over the meter's own (0: the same shape). The fit of each is said with it.
 */
import { dayKey, dayNumberOf, offsetMinutesAt } from '../time/local-days';
import { dayTypeOf, seasonOf, slpSeries, type SlpId } from './standard-profile';

/** The VDEW 1999 profiles a meter without PV is matched against: households, trade, farms. */
export const FIT_CANDIDATES: SlpId[] = ['H0', 'G0', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'L0', 'L1', 'L2'];

/**
 * The profiles of each class a meter may be matched against (issue 60): a household never gets a
 * business profile (a heat pump household was suggested G3), a flat never a farm's (L1).
 */
export const CLASS_CANDIDATES: Record<'household' | 'business' | 'agriculture', SlpId[]> = {
  household: ['H0', 'H25'],
  business: ['G0', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G25'],
  agriculture: ['L0', 'L1', 'L2', 'L25'],
};

const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** The cell of a reading: season × day type (workday, Saturday, Sunday/holiday) × local hour. */
export function cellsOf(rows: readonly { start: number }[], tz: string): Int16Array {
  const cells = new Int16Array(rows.length);
  let lastDay = Number.NaN;
  let base = 0;
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!.start;
    const day = dayNumberOf(t, tz);
    if (day !== lastDay) {
      lastDay = day;
      const key = dayKey(day);
      const type = dayTypeOf(key);
      const season = seasonOf(Number(key.slice(5, 7)), Number(key.slice(8, 10)));
      base =
        (['winter', 'transition', 'summer'].indexOf(season) * 3 + (type === 7 ? 2 : type === 6 ? 1 : 0)) * 24;
    }
    const local = t + offsetMinutesAt(t, tz) * 60;
    cells[i] = base + Math.floor((((local % 86_400) + 86_400) % 86_400) / 3600);
  }
  return cells;
}

/** Each candidate's deviation from the meter's shape, closest first. */
export function shapeFit(
  rows: readonly { start: number; value: number }[],
  fromSec: number,
  toSec: number,
  tz: string,
  candidates: readonly SlpId[] = FIT_CANDIDATES,
): { profile: SlpId; deviation: number }[] {
  if (rows.length === 0) return [];
  const cells = cellsOf(rows, tz);
  const real = new Float64Array(216);
  for (let i = 0; i < rows.length; i++) real[cells[i]!] = real[cells[i]!]! + rows[i]!.value;
  const realSq = real.reduce((a, x) => a + x * x, 0);
  const realSum = real.reduce((a, x) => a + x, 0);
  if (realSq <= 0) return [];
  return candidates
    .map((profile) => {
      const std = slpSeries(profile, fromSec, toSec, tz);
      const cell = new Float64Array(216);
      let stdSum = 0;
      for (let i = 0; i < rows.length; i++) {
        const s = std[(rows[i]!.start - fromSec) / 900] ?? 0;
        cell[cells[i]!] = cell[cells[i]!]! + s;
        stdSum += s;
      }
      const k = stdSum > 0 ? realSum / stdSum : 0;
      let dev = 0;
      for (let c = 0; c < 216; c++) dev += (real[c]! - cell[c]! * k) ** 2;
      return { profile, deviation: r4(dev / realSq) };
    })
    .sort((a, b) => a.deviation - b.deviation);
}
