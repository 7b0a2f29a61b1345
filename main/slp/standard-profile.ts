/**
 * The standard load profiles (issue 47): the VDEW 1999 profiles Austria settles unmetered customers
 * on (H0, G0–G6, L0–L2) and the BDEW 2025 ones (H25, G25, L25, P25), read from their published tables
 * (main/slp/data, README there) and laid over real local days: the season or month, the day type (an
 * Austrian public holiday counts as a Sunday, 24 and 31 December as a Saturday unless a Sunday), the
 * dynamisation of the household profiles, and the clock changes (a day's wall-clock quarter-hours: the
 * March day lacks 02:00–03:00, the October day has it twice).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { slpIds } from '../../preload/contract-plain';
import { AppError } from '../errors';
import { isAustrianHoliday } from '../time/holidays';
import { dayKey, dayNumberOf, dayStartSec, offsetMinutesAt } from '../time/local-days';
import { localDateStart } from '../../common/zone';

export const SLP_IDS = slpIds;
export type SlpId = (typeof SLP_IDS)[number];

/** Where a profile comes from, said with it. */
export const SLP_SOURCE: Record<'1999' | '2025', string> = {
  '1999': 'VDEW 1999 (M-28/99); BDEW tables via oemof/demandlib',
  '2025': 'BDEW 2025; tables via oemof/demandlib',
};
export const slpYear = (id: SlpId): '1999' | '2025' => (id.endsWith('25') ? '2025' : '1999');

function dataDir(): string {
  for (const rel of ['./data', './slp']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}/selp_series.csv`)) return dir;
  }
  throw new AppError('internal', 'The standard load profiles are missing from this installation.', {
    reason: 'slp_missing',
  });
}

export type Season = 'winter' | 'summer' | 'transition';
/** VDEW 1999: season → weekday (1–7) → 96 values in kW for 1 000 kWh a year. */
type Vdew = Map<string, Float64Array>;
/** BDEW 2025: month (1–12) and day type → 96 values in kWh per quarter-hour for 1 000 000 kWh a year. */
type Bdew = Map<string, Float64Array>;

let vdew: Map<string, Vdew> | null = null;
const bdew = new Map<string, Bdew>();

function loadVdew(): Map<string, Vdew> {
  if (vdew) return vdew;
  const lines = readFileSync(`${dataDir()}/selp_series.csv`, 'utf8').trim().split(/\r?\n/);
  const head = lines[0]!.split(',');
  const out = new Map<string, Vdew>();
  const counters = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const c = line.split(',');
    const key = `${c[1]}|${c[2]}`;
    const slot = counters.get(key) ?? 0;
    counters.set(key, slot + 1);
    for (let k = 3; k < head.length; k++) {
      const id = head[k]!.toUpperCase();
      let table = out.get(id);
      if (!table) out.set(id, (table = new Map()));
      let day = table.get(key);
      if (!day) table.set(key, (day = new Float64Array(96)));
      day[slot] = Number(c[k]);
    }
  }
  vdew = out;
  return out;
}

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

function loadBdew(id: SlpId): Bdew {
  const cached = bdew.get(id);
  if (cached) return cached;
  const lines = readFileSync(`${dataDir()}/${id.toLowerCase()}.csv`, 'utf8').trim().split(/\r?\n/);
  const months = lines[0]!.split(',');
  const types = lines[1]!.split(',');
  const out: Bdew = new Map();
  lines.slice(2).forEach((line, slot) => {
    const c = line.split(',');
    for (let k = 1; k < c.length; k++) {
      const key = `${MONTHS.indexOf(months[k]!) + 1}|${types[k]}`;
      let day = out.get(key);
      if (!day) out.set(key, (day = new Float64Array(96)));
      day[slot] = Number(c[k]);
    }
  });
  bdew.set(id, out);
  return out;
}

export function seasonOf(month: number, day: number): Season {
  const md = month * 100 + day;
  if (md >= 1101 || md <= 320) return 'winter';
  if (md >= 515 && md <= 914) return 'summer';
  return 'transition';
}

/** The day type of a local day: 1–7 (Monday–Sunday), a holiday a Sunday, 24/31 December a Saturday. */
export function dayTypeOf(key: string): number {
  const weekday = ((new Date(`${key}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  if (weekday === 7 || isAustrianHoliday(key)) return 7;
  if (key.endsWith('-12-24') || key.endsWith('-12-31')) return 6;
  return weekday;
}

/** F(t) of the dynamised household profiles, t = day of the year (1–366). */
export function dynamisation(t: number): number {
  return -3.92e-10 * t ** 4 + 3.2e-7 * t ** 3 - 7.02e-5 * t ** 2 + 2.1e-3 * t + 1.24;
}

/**
 * The profile's energy in each quarter-hour of a local day (kWh, in the profile's own scale: per
 * 1 000 kWh a year), by the real instants of that day: its wall-clock quarter-hour's value.
 */
export function slpDay(id: SlpId, dayNumber: number, tz: string): Float64Array {
  const key = dayKey(dayNumber);
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const type = dayTypeOf(key);
  let values: Float64Array;
  if (slpYear(id) === '1999') {
    const table = loadVdew().get(id);
    values = table?.get(`${seasonOf(m, d)}|${type}`) ?? new Float64Array(96);
    values = values.map((kw) => kw * 0.25);
  } else {
    const t = type === 7 ? 'FT' : type === 6 ? 'SA' : 'WT';
    values = (loadBdew(id).get(`${m}|${t}`) ?? new Float64Array(96)).map((kwh) => kwh / 1000);
  }
  const dynamised = id === 'H0' || id === 'H25' || id === 'P25';
  const f = dynamised
    ? dynamisation(Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1)
    : 1;
  const start = dayStartSec(dayNumber, tz);
  const end = dayStartSec(dayNumber + 1, tz);
  const out = new Float64Array((end - start) / 900);
  for (let i = 0; i < out.length; i++) {
    const at = start + i * 900;
    const wall = Math.floor(((((at + offsetMinutesAt(at, tz) * 60) % 86_400) + 86_400) % 86_400) / 900);
    out[i] = values[wall]! * f;
  }
  return out;
}

/** The profile over [fromSec, toSec) (whole quarter-hours), by quarter-hour start. */
export function slpSeries(id: SlpId, fromSec: number, toSec: number, tz: string): Float64Array {
  const out = new Float64Array(Math.max(0, Math.ceil((toSec - fromSec) / 900)));
  for (let d = dayNumberOf(fromSec, tz); dayStartSec(d, tz) < toSec; d++) {
    const start = dayStartSec(d, tz);
    const day = slpDay(id, d, tz);
    for (let i = 0; i < day.length; i++) {
      const k = (start + i * 900 - fromSec) / 900;
      if (k >= 0 && k < out.length) out[k] = day[i]!;
    }
  }
  return out;
}

/**
 * A calendar year of the profile for a customer of `kwh` a year: the table's values × kwh / 1 000,
 * normalised so that the year sums to `kwh` (the dynamisation and the calendar leave the table's year a
 * little off 1 000 kWh: H0 2025 is 998.85).
 */
export function slpForYear(id: SlpId, year: number, kwh: number, tz: string): Float64Array {
  const from = localDateStart(year, 1, 1, tz);
  const raw = slpSeries(id, from, localDateStart(year + 1, 1, 1, tz), tz);
  const sum = raw.reduce((a, x) => a + x, 0);
  return raw.map((x) => (sum > 0 ? (x * kwh) / sum : 0));
}
