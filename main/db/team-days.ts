/** A stored day as PostgreSQL hands it over (BIGINT as text), and the starts of the readings it holds. */
import { decodeDay } from './day-record';

export interface PgStoredDay {
  day_start_sec: string;
  first_slot_sec: string;
  vals: string;
  flags: string;
  updated: string;
}

/** The start of each slot of the day that holds a reading, in time order. */
export function readingStarts(r: PgStoredDay, resolutionSec: number): number[] {
  const first = Number(r.first_slot_sec);
  const d = decodeDay(Number(r.day_start_sec), first, resolutionSec, null, r);
  const out: number[] = [];
  for (let i = 0; i < d.vals.length; i++)
    if (d.vals[i] !== null && d.vals[i] !== undefined) out.push(first + i * resolutionSec);
  return out;
}
