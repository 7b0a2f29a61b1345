/**
 * The real profile against a standard one (issue 47): over a register's frame, the standard profile
 * scaled to the meter's energy on the same quarter-hours (where the meter has a reading), then compared
 * — the share of energy in the night, the day and the SNAP window, the peaks, each month, each hour ×
 * day type — and what the difference is worth on each spot tariff of the profile: the energy-weighted
 * spot price of the real profile against the standard one's (× the tariff's factor; its markup is the
 * same for both).
 */
import type Database from 'better-sqlite3';
import type { SlpCompareResult, Tariff } from '../../preload/contract';
import { loadRows } from '../analysis/analysis';
import { frameFor } from '../analysis/frame';
import { siteRegisters } from '../db/site-registers';
import { meterRow, usageClassOf } from '../db/meter-reads';
import { dayKey, dayNumberOf, offsetMinutesAt } from '../time/local-days';
import {
  dayTypeOf,
  seasonOf,
  SLP_SOURCE,
  slpSeries,
  slpYear,
  type Season,
  type SlpId,
} from './standard-profile';
import { CLASS_CANDIDATES, shapeFit } from './fit';
import { clientOf, tariffsOfClient } from '../cost/client-tariffs';
import { createTariffStore } from '../db/tariff-store';
import { AppError } from '../errors';
import { spotDifference, tariffDifference } from './slp-cost';

type DayTypeName = 'workday' | 'saturday' | 'sunday_holiday';

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Yearly energy above which an unmarked meter is taken for a business (a household with a heat pump stays under it). */
export const BUSINESS_KWH_PER_YEAR = 30_000;

/**
 * The profile a meter is compared with unless one is chosen (fit.ts), within its class (issue 60): the
 * class the person marked (`meters.usage_class`), else household or business by its yearly energy
 * (under or over 30 000 kWh; a farm only when marked); a household at a site with PV P25; else the
 * class's profile of the closest shape. The suggestion says the class and where it came from.
 */
export function suggestedSlp(
  db: Database.Database,
  meterId: string,
  rows: readonly { start: number; value: number }[],
  frame: { fromSec: number; toSec: number },
  tz: string,
): SlpCompareResult['suggestion'] {
  const marked = usageClassOf(db, meterId);
  const days = Math.max(1, (frame.toSec - frame.fromSec) / 86_400);
  const kwhPerYear = Math.round((rows.reduce((a, r) => a + r.value, 0) * 365) / days);
  const usageClass = marked ?? (kwhPerYear > BUSINESS_KWH_PER_YEAR ? 'business' : 'household');
  const base = { usageClass, classFrom: marked ? ('marked' as const) : ('energy' as const), kwhPerYear };
  const site = meterRow(db, meterId)?.site_id;
  if (usageClass === 'household' && site && siteRegisters(db, site).feedIn)
    return { profile: 'P25', reason: 'pv_site', fit: [], ...base };
  const fit = shapeFit(rows, frame.fromSec, frame.toSec, tz, CLASS_CANDIDATES[usageClass]);
  const fallback = CLASS_CANDIDATES[usageClass][0]!;
  return { profile: fit[0]?.profile ?? fallback, reason: 'closest_shape', fit, ...base };
}

/**
 * Whether a register can be set beside a standard load profile: the profiles describe electricity
 * drawn from the grid, so only an electricity consumption meter's consumption register (1-1:1.x).
 * A gas meter or a feed-in register against H0 would be a comparison of unlike things (issue 61).
 */
export function slpApplies(db: Database.Database, meterId: string, obisCode: string): boolean {
  const m = meterRow(db, meterId);
  return (
    !!m &&
    m.commodity === 'electricity' &&
    m.energy_direction === 'consumption' &&
    !obisCode.startsWith('1-1:2.')
  );
}

export function compareSlp(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number; profile: SlpId | null },
  nowSec: number,
  tz: string,
  /** The tariffs to weigh the difference on: the client's (a report passes its own list). */
  tariffs?: readonly Tariff[],
): SlpCompareResult {
  if (!slpApplies(db, q.meterId, q.obisCode))
    throw new AppError(
      'invalid_input',
      'Standard load profiles describe electricity drawn from the grid: a gas meter or a feed-in register has none to compare with.',
      { reason: 'slp_not_consumption', params: { register: q.obisCode } },
    );
  const offered = tariffs ?? tariffsOfClient(createTariffStore(db).list(), clientOf(db, q.meterId), true);
  const framed = frameFor(db, q, nowSec, tz);
  const { fromSec, toSec } = framed.frame;
  const rows = toSec > fromSec ? loadRows(db, framed) : [];
  const suggestion = suggestedSlp(db, q.meterId, rows, framed.frame, tz);
  const profile = q.profile ?? suggestion.profile;
  const std = slpSeries(profile, fromSec, toSec, tz);
  let realSum = 0;
  let stdSum = 0;
  for (const r of rows) {
    realSum += r.value;
    stdSum += std[(r.start - fromSec) / 900] ?? 0;
  }
  const scale = stdSum > 0 ? realSum / stdSum : 0;
  const shares = { night: [0, 0], day: [0, 0], snap: [0, 0] };
  const months = new Map<string, [number, number]>();
  const grid = new Map<string, [number, number, number]>(); // dayType|hour → real, std, quarter-hours
  const seasonal = new Map<string, [number, number, number]>(); // season|dayType|hour → the same
  let realPeak = 0;
  let stdPeak = 0;
  for (const r of rows) {
    const s = (std[(r.start - fromSec) / 900] ?? 0) * scale;
    const local = r.start + offsetMinutesAt(r.start, tz) * 60;
    const hour = Math.floor((((local % 86_400) + 86_400) % 86_400) / 3600);
    const key = dayKey(dayNumberOf(r.start, tz));
    const month = Number(key.slice(5, 7));
    const add = (x: number[]) => ((x[0]! += r.value), (x[1]! += s));
    add(hour >= 22 || hour < 6 ? shares.night : shares.day);
    if (month >= 4 && month <= 9 && hour >= 10 && hour < 16) add(shares.snap);
    const m = months.get(key.slice(0, 7)) ?? [0, 0];
    add(m);
    months.set(key.slice(0, 7), m);
    const type = dayTypeOf(key);
    const g = `${type === 7 ? 'sunday_holiday' : type === 6 ? 'saturday' : 'workday'}|${hour}`;
    const season = seasonOf(month, Number(key.slice(8, 10)));
    for (const [map, k] of [
      [grid, g],
      [seasonal, `${season}|${g}`],
    ] as const) {
      const cell = map.get(k) ?? [0, 0, 0];
      cell[0] += r.value;
      cell[1] += s;
      cell[2] += 1;
      map.set(k, cell);
    }
    realPeak = Math.max(realPeak, r.value * 4);
    stdPeak = Math.max(stdPeak, s * 4);
  }
  // Shares to the millionth: each surface rounds them once, to what it shows (14,9465 % was rounded
  // to 0,1495 here and then to 15,0 % on screen, 14,9 % in the CLI).
  const share = (x: number[]) => ({
    real: realSum > 0 ? r6(x[0]! / realSum) : null,
    standard: realSum > 0 ? r6(x[1]! / realSum) : null,
  });
  return {
    profile,
    source: SLP_SOURCE[slpYear(profile)],
    frame: { ...framed.frame },
    readings: rows.length,
    kwh: r3(realSum),
    scale: r4(scale * 1000), // the standard profile's yearly kWh that matches this meter (per 1 000 kWh of the table)
    shares: { night: share(shares.night), day: share(shares.day), snap: share(shares.snap) },
    peakKw: { real: r3(realPeak), standard: r3(stdPeak) },
    months: [...months].map(([month, [real, standard]]) => ({
      month,
      real: r3(real),
      standard: r3(standard),
    })),
    hours: [...grid].map(([k, [real, standard, n]]) => {
      const [dayType, hour] = k.split('|') as [string, string];
      return {
        dayType: dayType as DayTypeName,
        hour: Number(hour),
        realKw: r3((real * 4) / n),
        standardKw: r3((standard * 4) / n),
      };
    }),
    seasonHours: [...seasonal].map(([k, [real, standard, n]]) => {
      const [season, dayType, hour] = k.split('|') as [Season, DayTypeName, string];
      return {
        season,
        dayType,
        hour: Number(hour),
        realKw: r3((real * 4) / n),
        standardKw: r3((standard * 4) / n),
      };
    }),
    spot: spotDifference(db, offered, rows, std, scale, fromSec, toSec),
    tariffs: tariffDifference(
      db,
      offered,
      rows,
      std,
      scale,
      framed.frame,
      meterRow(db, q.meterId)?.commodity ?? 'electricity',
      tz,
    ),
    suggestion,
  };
}
