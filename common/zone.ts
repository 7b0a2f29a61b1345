/**
 * Time zones for main and renderer alike: UTC offsets, local days and local midnights of any IANA zone
 * at quarter-hour resolution, from the tz database through `Intl` (no Node, no DOM: this folder runs on
 * both sides). Never hand-rolled DST rules: a local day is whatever lies between two local midnights,
 * so it has 92, 96 or 100 quarter-hours in Europe/Vienna, 94 or 98 on Lord Howe Island.
 *
 * How: per zone and UTC day, the offsets at the day's start and end are asked once; where they differ,
 * the quarter-hour the offset changes at is found by bisection (every zone changes on a quarter-hour).
 * Tested against Luxon at every quarter-hour of 2020–2026 in Europe/Vienna, America/St_Johns,
 * Australia/Lord_Howe and Asia/Kathmandu (test/unit/zone.test.ts).
 *
 * A "day number" is the count of calendar days since 1970-01-01 of the *local* date, which makes day
 * arithmetic plain integer arithmetic.
 */

export const DEFAULT_TZ = 'Europe/Vienna';
export const QH_SEC = 900;
const DAY_SEC = 86_400;

interface ZoneDays {
  format: Intl.DateTimeFormat;
  /** Per UTC day: the offset all day, or [offset before, change instant, offset after]. */
  days: Map<number, number | [number, number, number]>;
  dayStart: Map<number, number>;
}
const zones = new Map<string, ZoneDays>();

function zoneOf(tz: string): ZoneDays {
  let z = zones.get(tz);
  if (!z) {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
    } catch {
      throw new RangeError(`Unknown time zone "${tz}"`);
    }
    z = { format, days: new Map(), dayStart: new Map() };
    zones.set(tz, z);
  }
  return z;
}

/** The offset in minutes at an instant (ms), read from the tz database (`GMT+05:45`, `GMT-03:30`, `GMT`). */
function askOffset(z: ZoneDays, ms: number): number {
  const text = z.format.format(ms);
  const at = text.lastIndexOf('GMT');
  const m = /^([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.slice(at + 3));
  if (!m) {
    if (at >= 0 && text.length === at + 3) return 0;
    throw new RangeError(`Unexpected time zone offset "${text}"`);
  }
  // Local mean times before 1900 have seconds.
  const minutes = Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) / 60;
  return m[1] === '-' ? -minutes : minutes;
}

/** The zone's UTC offset in minutes at an instant (unix seconds). */
export function offsetMinutesAt(sec: number, tz = DEFAULT_TZ): number {
  const z = zoneOf(tz);
  const utcDay = Math.floor(sec / DAY_SEC);
  let d = z.days.get(utcDay);
  if (d === undefined) {
    const a = askOffset(z, utcDay * DAY_SEC * 1000);
    const b = askOffset(z, ((utcDay + 1) * DAY_SEC - QH_SEC) * 1000);
    if (a === b) d = a;
    else {
      // The first quarter-hour of the day with the later offset.
      let lo = 0;
      let hi = DAY_SEC / QH_SEC - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (askOffset(z, (utcDay * DAY_SEC + mid * QH_SEC) * 1000) === a) lo = mid + 1;
        else hi = mid;
      }
      d = [a, utcDay * DAY_SEC + lo * QH_SEC, b];
    }
    if (z.days.size > 50_000) z.days.clear();
    z.days.set(utcDay, d);
  }
  return typeof d === 'number' ? d : sec < d[1] ? d[0] : d[2];
}

/** The local day number of an instant. */
export function dayNumberOf(sec: number, tz = DEFAULT_TZ): number {
  return Math.floor((sec + offsetMinutesAt(sec, tz) * 60) / DAY_SEC);
}

/**
 * Unix seconds of the first instant of a local day: its midnight, or where a zone skips midnight, the
 * first quarter-hour that belongs to the day.
 */
export function dayStartSec(dayNumber: number, tz = DEFAULT_TZ): number {
  const z = zoneOf(tz);
  let t = z.dayStart.get(dayNumber);
  if (t === undefined) {
    const wall = dayNumber * DAY_SEC;
    t = wall - offsetMinutesAt(wall, tz) * 60;
    t = wall - offsetMinutesAt(t, tz) * 60;
    if (dayNumberOf(t, tz) !== dayNumber || dayNumberOf(t - 1, tz) >= dayNumber) {
      // Midnight is skipped or repeated: the first quarter-hour of the day (offsets change by at most
      // a few hours, so a few quarter-hours either way settle it).
      t = Math.floor(t / QH_SEC) * QH_SEC;
      for (let i = 0; i < 64 && dayNumberOf(t, tz) < dayNumber; i++) t += QH_SEC;
      for (let i = 0; i < 64 && dayNumberOf(t - QH_SEC, tz) >= dayNumber; i++) t -= QH_SEC;
    }
    if (z.dayStart.size > 50_000) z.dayStart.clear();
    z.dayStart.set(dayNumber, t);
  }
  return t;
}

/** How many quarter-hours a local day has (92/96/100 in Europe/Vienna). */
export function quarterHoursInDay(dayNumber: number, tz = DEFAULT_TZ): number {
  return (dayStartSec(dayNumber + 1, tz) - dayStartSec(dayNumber, tz)) / QH_SEC;
}

/**
 * The local day numbers an instant range [from, to) can touch in any time zone: a local day number is
 * within one of the UTC day number (offsets stay below a day).
 */
export function dayNumbersAround(from: number, to: number): [first: number, last: number] {
  return [Math.floor(from / DAY_SEC) - 1, Math.floor((to - 1) / DAY_SEC) + 1];
}

/** The local wall clock of an instant: its fields, read as if the local time were UTC. */
export function wallClock(sec: number, tz = DEFAULT_TZ): Date {
  return new Date((sec + offsetMinutesAt(sec, tz) * 60) * 1000);
}

/** The first instant of the local calendar date y-m-d (month 13 = January of the next year, day 0 = the last of the month before). */
export function localDateStart(y: number, m: number, d: number, tz = DEFAULT_TZ): number {
  return dayStartSec(Math.floor(Date.UTC(y, m - 1, d) / 1000 / DAY_SEC), tz);
}
