/**
 * The real profile against a standard one (issue 47): over a register's frame, the standard profile
 * scaled to the meter's energy on the same quarter-hours (where the meter has a reading), then compared
 * — the share of energy in the night, the day and the SNAP window, the peaks, each month, each hour ×
 * day type — and what the difference is worth on each spot tariff of the profile: the energy-weighted
 * spot price of the real profile against the standard one's (× the tariff's factor; its markup is the
 * same for both).
 */
import type Database from 'better-sqlite3';
import type { SlpCompareResult } from '../../preload/contract';
import { loadRows } from '../analysis/analysis';
import { frameFor } from '../analysis/frame';
import { createTariffStore } from '../db/tariff-store';
import { siteRegisters } from '../db/site-registers';
import { meterRow } from '../db/meter-reads';
import { dayKey, dayNumberOf, offsetMinutesAt } from '../time/local-days';
import { dayTypeOf, SLP_SOURCE, slpSeries, slpYear, type SlpId } from './standard-profile';

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** The profile a meter is compared with unless one is chosen: P25 at a site with PV, else H0. */
export function suggestedSlp(db: Database.Database, meterId: string): SlpId {
  const site = meterRow(db, meterId)?.site_id;
  return site && siteRegisters(db, site).feedIn ? 'P25' : 'H0';
}

export function compareSlp(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number; profile: SlpId | null },
  nowSec: number,
  tz: string,
): SlpCompareResult {
  const profile = q.profile ?? suggestedSlp(db, q.meterId);
  const framed = frameFor(db, q, nowSec, tz);
  const { fromSec, toSec } = framed.frame;
  const rows = toSec > fromSec ? loadRows(db, framed) : [];
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
    const cell = grid.get(g) ?? [0, 0, 0];
    cell[0] += r.value;
    cell[1] += s;
    cell[2] += 1;
    grid.set(g, cell);
    realPeak = Math.max(realPeak, r.value * 4);
    stdPeak = Math.max(stdPeak, s * 4);
  }
  const share = (x: number[]) => ({
    real: realSum > 0 ? r4(x[0]! / realSum) : null,
    standard: realSum > 0 ? r4(x[1]! / realSum) : null,
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
        dayType: dayType as 'workday' | 'saturday' | 'sunday_holiday',
        hour: Number(hour),
        realKw: r3((real * 4) / n),
        standardKw: r3((standard * 4) / n),
      };
    }),
    spot: spotDifference(db, rows, std, scale, fromSec, toSec),
  };
}

/** Each spot tariff: the energy-weighted spot price of the real and of the standard profile (ct/kWh). */
function spotDifference(
  db: Database.Database,
  rows: readonly { start: number; value: number }[],
  std: Float64Array,
  scale: number,
  fromSec: number,
  toSec: number,
): SlpCompareResult['spot'] {
  const store = createTariffStore(db);
  return store
    .list()
    .filter((t) => t.direction === 'consumption' && t.energy.type === 'spot')
    .flatMap((t) => {
      const e = t.energy as { priceSeriesId: string; factor: number };
      let prices: ReturnType<typeof store.prices>;
      try {
        prices = store.prices(e.priceSeriesId, fromSec, toSec);
      } catch {
        return []; // the series is not in this profile: said by the cost view, left out here
      }
      let real = 0;
      let realKwh = 0;
      let standard = 0;
      let stdKwh = 0;
      for (const r of rows) {
        const p = prices.byStart.get(r.start - (r.start % prices.resolutionSec));
        if (p === undefined) continue;
        const s = (std[(r.start - fromSec) / 900] ?? 0) * scale;
        real += r.value * p;
        realKwh += r.value;
        standard += s * p;
        stdKwh += s;
      }
      if (realKwh <= 0 || stdKwh <= 0) return [];
      // €/MWh → ct/kWh is ÷ 10; the tariff bills factor × spot (its markup is the same for both).
      const realCt = (real / realKwh / 10) * e.factor;
      const stdCt = (standard / stdKwh / 10) * e.factor;
      return [
        {
          tariffId: t.id,
          tariff: t.name,
          realCtPerKwh: r3(realCt),
          standardCtPerKwh: r3(stdCt),
          differenceCtPerKwh: r3(realCt - stdCt),
          pricedKwh: r3(realKwh),
        },
      ];
    });
}
