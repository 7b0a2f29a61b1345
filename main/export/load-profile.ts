/**
 * The load profile other tools import (issue 33, item 5; AUSTRIA-2026.md §2.3): E-Control's
 * Tarifkalkulator upload (kWh ≥ 0, at most 5 decimals, decimal comma) and PV/battery design tools such
 * as SMA Sunny Design and Tesvolt (35 040 values, decimal comma). One value per line, no header, CRLF:
 * the 35 040 quarter-hours of a calendar year on the fixed grid those tools assume — standard time
 * (UTC+1) all year, 96 a day, no clock change; in a leap year 29 February is left out (said). A year
 * with any quarter-hour missing is refused with the count and the first gap: the tools need every
 * value, and Meterdesk does not invent one.
 */
import { writeWholeFile } from './whole-file';
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { readRange } from '../db/readings-read';
import { seriesOf } from '../db/series-reads';

export const LOAD_PROFILE_VALUES = 35_040;

export interface LoadProfile {
  text: string;
  values: number;
  leapDayLeftOut: boolean;
  kwh: number;
}

/** `0,21` / `12,34567`: at most five decimals, trailing zeros dropped, decimal comma. */
export function loadProfileNumber(v: number): string {
  return (Math.round(v * 1e5) / 1e5)
    .toFixed(5)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
}

export function loadProfileOf(
  db: Database.Database,
  meterId: string,
  obisCode: string,
  year: number,
): LoadProfile {
  const s = seriesOf(db, meterId, obisCode);
  if (!s)
    throw new AppError('not_found', `Meter ${meterId} has no register ${obisCode}.`, {
      reason: 'register_missing',
      params: { meterId, obisCode },
    });
  if (s.resolution_sec !== 900)
    throw new AppError(
      'invalid_input',
      'This register holds hourly values; the load-profile tools need quarter-hours (35 040 a year).',
      { reason: 'needs_quarter_hours' },
    );
  // The year on standard time: 1 January 00:00 UTC+1 to 1 January 00:00 UTC+1.
  const from = Date.UTC(year, 0, 1) / 1000 - 3600;
  const to = Date.UTC(year + 1, 0, 1) / 1000 - 3600;
  const leap = (to - from) / 900 > LOAD_PROFILE_VALUES;
  const leapFrom = leap ? Date.UTC(year, 1, 29) / 1000 - 3600 : 0;
  const leapTo = leapFrom + 86_400;
  const byStart = new Map<number, number>();
  for (const r of readRange(db, s.id, from, to)) byStart.set(r[0], r[2]);
  const lines: string[] = [];
  let missing = 0;
  let firstMissing: number | null = null;
  let kwh = 0;
  for (let t = from; t < to; t += 900) {
    if (leap && t >= leapFrom && t < leapTo) continue;
    const v = byStart.get(t);
    if (v === undefined) {
      missing++;
      firstMissing ??= t;
      continue;
    }
    kwh += v;
    lines.push(loadProfileNumber(Math.max(0, v)));
  }
  if (missing > 0) {
    const at = new Date((firstMissing! + 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    throw new AppError(
      'invalid_input',
      `${missing} of the ${LOAD_PROFILE_VALUES} quarter-hours of ${year} have no reading (the first at ${at} standard time). The load-profile tools need every quarter-hour and Meterdesk does not invent any: complete the year (sync or import) or choose a complete year.`,
      { reason: 'load_profile_incomplete', params: { missing, year } },
    );
  }
  return { text: lines.join('\r\n') + '\r\n', values: lines.length, leapDayLeftOut: leap, kwh };
}

/** Writes the profile to `path` (whole, or not at all). */
export function writeLoadProfile(path: string, p: LoadProfile): number {
  return writeWholeFile(path, Buffer.from(p.text, 'utf8'));
}
