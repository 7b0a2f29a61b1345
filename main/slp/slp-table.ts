/**
 * The standard-profile comparison as a table for its CSV export (headers in German and English): each
 * hour by day type, real and standard kW, then the shares of night, day and SNAP window — the figures
 * the view shows (slp/compare.ts), in the same frame.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { Cell } from '../export/table-csv';
import { compareSlp } from './compare';
import { SLP_IDS, type SlpId } from './standard-profile';

type Header = { de: string; en: string }[];

export function slpTable(
  db: Database.Database,
  params: Record<string, string | number | null>,
  nowSec: number,
  tz: string,
): { name: string; header: Header; rows: Cell[][] } {
  const { meterId, obisCode, fromSec, toSec, profile } = params;
  if (
    typeof meterId !== 'string' ||
    typeof obisCode !== 'string' ||
    typeof fromSec !== 'number' ||
    typeof toSec !== 'number'
  )
    throw new AppError('invalid_input', 'This export needs meterId, obisCode, fromSec and toSec.', {
      reason: 'export_request_incomplete',
    });
  const chosen =
    typeof profile === 'string' && (SLP_IDS as readonly string[]).includes(profile)
      ? (profile as SlpId)
      : null;
  const r = compareSlp(db, { meterId, obisCode, fromSec, toSec, profile: chosen }, nowSec, tz);
  return {
    name: `slp-${r.profile.toLowerCase()}`,
    header: [
      { de: 'Tagesart', en: 'day_type' },
      { de: 'Stunde', en: 'hour' },
      { de: 'Zähler kW', en: 'real_kw' },
      { de: `${r.profile} kW`, en: 'standard_kw' },
    ],
    rows: [
      ...r.hours.map((x): Cell[] => [x.dayType, x.hour, x.realKw, x.standardKw]),
      ...(['night', 'day', 'snap'] as const).map((w): Cell[] => [
        `share_${w}`,
        null,
        r.shares[w].real,
        r.shares[w].standard,
      ]),
    ],
  };
}
