/**
 * The one stored form of readings: a record per series and local day (`reading_days`), the unit grid
 * operators deliver. Its slots are the day's intervals on the series' grid (quarter-hours: 92/96/100 a
 * day in Europe/Vienna; hours: 23/24/25), each empty or holding one reading. A reading that does not
 * fit a slot (off the grid, another length, a quality outside 1–3) is a row of `irregular_readings`.
 *
 * The codec is JSON, three arrays of the day's slot count, each parsed by `JSON.parse` and read in SQL
 * by `json_each` (the view `readings`):
 * - `vals`: the value (kWh, any double, exactly as received), `null` for an empty slot;
 * - `flags`: quality (1–3) + 4 · revised + 8 · source code (SOURCES), `null` for an empty slot;
 * - `updated`: `updated_sec − day_start_sec` of the reading (the service's `updated_at`), `null` for an
 *   empty slot.
 */
import { AppError } from '../errors';

/** Where a reading came from, by its code in `flags` (the order is part of the stored form: append only). */
export const SOURCES = ['cursor', 'window', 'mqtt', 'import', 'sync'] as const;
export type ReadingSource = (typeof SOURCES)[number];

export function sourceCode(source: string): number {
  const code = (SOURCES as readonly string[]).indexOf(source);
  if (code < 0) throw new Error(`Unknown readings source "${source}"`);
  return code;
}

/** One local day of one series, decoded: parallel arrays of `n` slots. */
export interface DaySlots {
  dayStartSec: number;
  /** Start of slot 0: the first grid instant at or after the day's start. */
  firstSlotSec: number;
  resolutionSec: number;
  vals: (number | null)[];
  flags: (number | null)[];
  updated: (number | null)[];
}

/** The grid of a local day [dayStart, dayEnd): the first slot's start and the number of slots. */
export function slotGrid(dayStart: number, dayEnd: number, resolutionSec: number) {
  const first = Math.ceil(dayStart / resolutionSec);
  return { firstSlotSec: first * resolutionSec, n: Math.ceil(dayEnd / resolutionSec) - first };
}

/**
 * A day's slots while the readings store writes them (open-day.ts): `vals` holds NaN for an empty slot.
 * An array of doubles keeps its values unboxed — a boxed number per value was a seventh of the first
 * sync's garbage (issue 46) — and JSON.stringify writes NaN as null, the stored form's empty slot.
 * A value is finite (readingImplausibility, the importer's checks), so NaN means nothing else.
 */
export interface OpenSlots extends Omit<DaySlots, 'vals'> {
  vals: number[];
}

export function emptyDay(dayStart: number, dayEnd: number, resolutionSec: number): OpenSlots {
  const { firstSlotSec, n } = slotGrid(dayStart, dayEnd, resolutionSec);
  const blank = () => new Array<number | null>(n).fill(null);
  return {
    dayStartSec: dayStart,
    firstSlotSec,
    resolutionSec,
    vals: new Array<number>(n).fill(NaN),
    flags: blank(),
    updated: blank(),
  };
}

/** A stored day, decoded, opened for writing: its empty slots' values NaN. */
export function openSlots(day: DaySlots): OpenSlots {
  const vals = new Array<number>(day.vals.length).fill(NaN);
  for (let i = 0; i < vals.length; i++) if (day.vals[i] !== null) vals[i] = day.vals[i]!;
  return { ...day, vals };
}

/**
 * A stored day's three texts as arrays; `slots` is how many the day has (null: as many as stored).
 * Text that is not such a record is damage, said so (never read as fewer readings).
 */
export function decodeDay(
  dayStart: number,
  firstSlotSec: number,
  resolutionSec: number,
  slots: number | null,
  text: { vals: string; flags: string; updated: string },
): DaySlots {
  const day: DaySlots = {
    dayStartSec: dayStart,
    firstSlotSec,
    resolutionSec,
    vals: [],
    flags: [],
    updated: [],
  };
  try {
    day.vals = JSON.parse(text.vals) as (number | null)[];
    day.flags = JSON.parse(text.flags) as (number | null)[];
    day.updated = JSON.parse(text.updated) as (number | null)[];
  } catch {
    throw damaged(dayStart);
  }
  const n = slots ?? (Array.isArray(day.vals) ? day.vals.length : -1);
  if (
    !Array.isArray(day.vals) ||
    !Array.isArray(day.flags) ||
    !Array.isArray(day.updated) ||
    day.vals.length !== n ||
    day.flags.length !== n ||
    day.updated.length !== n
  )
    throw damaged(dayStart);
  return day;
}

/**
 * Only the values of a stored day (a reader that needs no quality or times: the community's pass over
 * every member's year, issue 46); `othersShaped`: the other two texts are lists (checked by the query).
 */
export function decodeVals(dayStart: number, vals: string, othersShaped: boolean): (number | null)[] {
  let v: unknown;
  try {
    v = JSON.parse(vals);
  } catch {
    throw damaged(dayStart);
  }
  if (!Array.isArray(v) || !othersShaped) throw damaged(dayStart);
  return v as (number | null)[];
}

export function encodeDay(day: OpenSlots): { vals: string; flags: string; updated: string } {
  return {
    vals: JSON.stringify(day.vals),
    flags: JSON.stringify(day.flags),
    updated: JSON.stringify(day.updated),
  };
}

const damaged = (dayStart: number) =>
  new AppError(
    'local_data',
    `A stored day of readings (starting ${new Date(dayStart * 1000).toISOString()}) is damaged; nothing was changed. Sync again from the start or restore a backup of this profile.`,
    { reason: 'day_damaged' },
  );
