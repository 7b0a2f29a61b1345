/**
 * Local calendar days in an IANA time zone (default Europe/Vienna), from the tz database via Luxon
 * (local midnights) and Intl (UTC offsets).
 * Never hand-rolled DST rules: a local day is whatever lies between two local midnights, so it has
 * 92, 96 or 100 quarter-hours. Results are cached because sync and rollups ask per reading.
 *
 * A "day number" is the count of calendar days since 1970-01-01 of the *local* date, which makes day
 * arithmetic plain integer arithmetic.
 */
import { DateTime } from 'luxon';

export const DEFAULT_TZ = 'Europe/Vienna';
export const QH_SEC = 900;
const DAY_SEC = 86_400;

interface ZoneCache {
  dayStart: Map<number, number>;
  offsetByHour: Map<number, number>;
  /** Per UTC day: the offset of all its hours, or NaN when it changes within the day (then per hour). */
  offsetByDay: Map<number, number>;
  /** Formats an instant as e.g. `1/31/2022, GMT+01:00`: the zone's UTC offset from the tz database. */
  offsetFormat: Intl.DateTimeFormat;
}
const caches = new Map<string, ZoneCache>();
function cacheFor(tz: string): ZoneCache {
  let c = caches.get(tz);
  if (!c) {
    // Intl knows the zones Luxon knows (Luxon asks it); asking Luxon first cost ≈ 12 ms at the first
    // call of a process (its locale set-up), on every app start and export.
    let offsetFormat: Intl.DateTimeFormat;
    try {
      offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
    } catch {
      throw new RangeError(`Unknown time zone "${tz}"`);
    }
    c = { dayStart: new Map(), offsetByHour: new Map(), offsetByDay: new Map(), offsetFormat };
    caches.set(tz, c);
  }
  return c;
}

/**
 * The zone's UTC offset in minutes at an instant, read from the tz database through Intl (the data
 * Luxon uses too, ≈ 5 × faster than asking Luxon: a cold cache over years of hours asks tens of
 * thousands of times). `GMT` alone is offset 0; local mean times before 1900 have seconds.
 */
function zoneOffsetMinutes(c: ZoneCache, ms: number): number {
  const text = c.offsetFormat.format(ms);
  const at = text.lastIndexOf('GMT');
  if (at < 0) throw new RangeError(`Unexpected time zone offset "${text}"`);
  const m = /^([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.slice(at + 3));
  if (!m) {
    if (text.length === at + 3) return 0;
    throw new RangeError(`Unexpected time zone offset "${text}"`);
  }
  const minutes = Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) / 60;
  return m[1] === '-' ? -minutes : minutes;
}

// The last hour asked for: callers ask per reading, and consecutive readings share their hour.
let lastTz = '';
let lastHour = NaN;
let lastOffset = 0;

/** UTC offset in minutes at a UTC instant. Offsets only change on whole hours in every zone we serve. */
export function offsetMinutesAt(sec: number, tz = DEFAULT_TZ): number {
  const hour = Math.floor(sec / 3600);
  if (hour === lastHour && tz === lastTz) return lastOffset;
  const c = cacheFor(tz);
  // A zone changes its offset at most once a day: a UTC day that starts and ends on the same offset has
  // it all day (two questions to the tz database instead of 24; a CSV export over three years asks for
  // every hour of them).
  const utcDay = Math.floor(hour / 24);
  let off = c.offsetByDay.get(utcDay);
  if (off === undefined) {
    const a = zoneOffsetMinutes(c, utcDay * 86_400_000);
    const b = zoneOffsetMinutes(c, (utcDay + 1) * 86_400_000 - 3_600_000);
    off = a === b ? a : NaN;
    c.offsetByDay.set(utcDay, off);
  }
  if (Number.isNaN(off)) {
    off = c.offsetByHour.get(hour);
    if (off === undefined) {
      off = zoneOffsetMinutes(c, hour * 3_600_000);
      c.offsetByHour.set(hour, off);
    }
  }
  lastTz = tz;
  lastHour = hour;
  lastOffset = off;
  return off;
}

/**
 * Local midnight from the zone's offsets (two tz-database questions per UTC day, cached), exact where
 * no offset change lies within an hour of it; null there (a skipped or repeated midnight), for Luxon to
 * resolve. ≈ 10 × faster than asking Luxon: a chart of all of a meter's three years needs 1 100–1 500
 * day starts, ≈ 40 ms through Luxon at the first zoom after a start.
 */
function localMidnight(dayNumber: number, tz: string): number | null {
  const wall = dayNumber * DAY_SEC; // the local midnight's wall clock, read as if it were UTC
  let t = wall - offsetMinutesAt(wall, tz) * 60;
  t = wall - offsetMinutesAt(t, tz) * 60;
  const off = offsetMinutesAt(t, tz);
  if (t + off * 60 !== wall) return null;
  if (offsetMinutesAt(t - 3600, tz) !== off || offsetMinutesAt(t + 3600, tz) !== off) return null;
  return t;
}

/** Unix seconds of local midnight that starts the given local day number. */
export function dayStartSec(dayNumber: number, tz = DEFAULT_TZ): number {
  const c = cacheFor(tz);
  let s = c.dayStart.get(dayNumber);
  if (s === undefined) {
    s = localMidnight(dayNumber, tz) ?? luxonDayStart(dayNumber, tz);
    c.dayStart.set(dayNumber, s);
  }
  return s;
}

function luxonDayStart(dayNumber: number, tz: string): number {
  const d = new Date(dayNumber * DAY_SEC * 1000);
  return DateTime.fromObject(
    { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
    { zone: tz },
  ).toSeconds();
}

export function dayNumberOf(sec: number, tz = DEFAULT_TZ): number {
  return Math.floor((sec + offsetMinutesAt(sec, tz) * 60) / DAY_SEC);
}

/**
 * The local day numbers an instant range [from, to) can touch in any time zone: a local day number is
 * within one of the UTC day number (offsets stay below a day).
 */
export function dayNumbersAround(from: number, to: number): [first: number, last: number] {
  return [Math.floor(from / DAY_SEC) - 1, Math.floor((to - 1) / DAY_SEC) + 1];
}

/** Number of quarter-hours of a local day: 92, 96 or 100 in zones with DST. */
export function quarterHoursInDay(dayNumber: number, tz = DEFAULT_TZ): number {
  return Math.round((dayStartSec(dayNumber + 1, tz) - dayStartSec(dayNumber, tz)) / QH_SEC);
}

/** `YYYY-MM-DD` of a local day number. */
export function dayKey(dayNumber: number): string {
  return new Date(dayNumber * DAY_SEC * 1000).toISOString().slice(0, 10);
}

/** Local day number of a `YYYY-MM-DD` key. */
export function dayNumberOfKey(key: string): number {
  const ms = Date.parse(`${key}T00:00:00Z`);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(key)) throw new RangeError(`Not a date: "${key}"`);
  return Math.round(ms / 1000 / DAY_SEC);
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
/** `YYYY-MM-DDT` per day number since 1970 (a few thousand entries at most). */
const dayPrefixes = new Map<number, string>();
/** `+01:00` per offset in minutes. */
const offsetSuffixes = new Map<number, string>();

/**
 * ISO 8601 with the zone's UTC offset, e.g. `2025-10-26T02:00:00+01:00`. Called per reading by the demo
 * service and exports (millions of rows): the date part and the offset are cached, the time is integer
 * arithmetic.
 */
export function isoWithOffset(sec: number, tz = DEFAULT_TZ): string {
  const off = offsetMinutesAt(sec, tz);
  let suffix = offsetSuffixes.get(off);
  if (suffix === undefined) {
    const a = Math.abs(off);
    suffix = `${off < 0 ? '-' : '+'}${TWO_DIGITS[Math.floor(a / 60)]}:${TWO_DIGITS[a % 60]}`;
    offsetSuffixes.set(off, suffix);
  }
  return wallClockText(Math.floor(sec) + off * 60) + suffix;
}

/** ISO 8601 in UTC with `Z`, without milliseconds (like `toISOString`, cut to seconds). */
export function isoUtc(sec: number): string {
  return wallClockText(Math.floor(sec)) + 'Z';
}

/** `YYYY-MM-DDTHH:MM:SS` of whole seconds since 1970 on a clock (UTC or shifted to local time). */
function wallClockText(clockSec: number): string {
  const day = Math.floor(clockSec / DAY_SEC);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_SEC * 1000).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const t = clockSec - day * DAY_SEC;
  const h = Math.floor(t / 3600);
  const m = Math.floor((t - h * 3600) / 60);
  return prefix + TWO_DIGITS[h]! + ':' + TWO_DIGITS[m]! + ':' + TWO_DIGITS[t - h * 3600 - m * 60]!;
}

/** `dd.MM.yyyy ` per local day number (a few thousand entries at most). */
const deDayPrefixes = new Map<number, string>();

/**
 * Local date and time as `dd.MM.yyyy HH:mm` (German, as Excel de-AT reads it). Called per quarter-hour
 * of a CSV export's range: the date part is cached per day, the time is integer arithmetic.
 */
export function localDateTimeDe(sec: number, tz = DEFAULT_TZ): string {
  const clock = Math.floor(sec) + offsetMinutesAt(sec, tz) * 60;
  const day = Math.floor(clock / DAY_SEC);
  let prefix = deDayPrefixes.get(day);
  if (prefix === undefined) {
    const iso = new Date(day * DAY_SEC * 1000).toISOString();
    prefix = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} `;
    deDayPrefixes.set(day, prefix);
  }
  const t = clock - day * DAY_SEC;
  const h = Math.floor(t / 3600);
  return prefix + TWO_DIGITS[h]! + ':' + TWO_DIGITS[Math.floor((t - h * 3600) / 60)]!;
}

/** Local wall-clock parts of an instant (for CSV and labels). */
export function localParts(sec: number, tz = DEFAULT_TZ): { date: string; time: string; offsetMin: number } {
  const off = offsetMinutesAt(sec, tz);
  const iso = new Date((sec + off * 60) * 1000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), offsetMin: off };
}

/** The decimal number in text[a, b) (digits only), or NaN. A plain function: no closure per call. */
function digits(text: string, a: number, b: number): number {
  let v = 0;
  for (let i = a; i < b; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
}

/**
 * Parses an ISO 8601 timestamp (with Z or an offset) to unix seconds; NaN if it is not one. Strict: a
 * date that does not exist (`2025-02-31`, `2025-02-29`) is not one, and year 0000 stays year 0000.
 */
export function parseIsoSec(text: string): number {
  // Fast path for the service's own forms, `YYYY-MM-DDTHH:MM:SSZ` and `…SS±HH:MM` (millions per sync).
  if (
    (text.length === 20 && text.charCodeAt(19) === 90) ||
    (text.length === 25 &&
      (text.charCodeAt(19) === 43 || text.charCodeAt(19) === 45) &&
      text.charCodeAt(22) === 58)
  ) {
    if (
      text.charCodeAt(4) === 45 &&
      text.charCodeAt(7) === 45 &&
      text.charCodeAt(10) === 84 &&
      text.charCodeAt(13) === 58 &&
      text.charCodeAt(16) === 58
    ) {
      const mo = digits(text, 5, 7);
      const d = digits(text, 8, 10);
      const h = digits(text, 11, 13);
      const mi = digits(text, 14, 16);
      const se = digits(text, 17, 19);
      const y = digits(text, 0, 4);
      if (mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && se <= 59) {
        let sec = utcSec(y, mo, d, h, mi, se);
        if (text.length === 25) {
          const off = (digits(text, 20, 22) * 60 + digits(text, 23, 25)) * 60;
          sec += text.charCodeAt(19) === 43 ? -off : off;
        }
        if (Number.isFinite(sec)) return sec;
      }
    }
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/.exec(
    text,
  );
  if (!m) return NaN;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Strict: no rollover (2025-02-31 is not 03-03), hours to 23 (24:00 is the next day, not this one).
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || se > 59) return NaN;
  const offH = Number(m[10] ?? 0);
  const offM = Number(m[11] ?? 0);
  if (offH > 18 || offM > 59) return NaN;
  const off = (offH * 60 + offM) * 60 * (m[9] === '-' ? -1 : 1);
  return utcSec(y, mo, d, h, mi, se) - off;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Unix seconds of a UTC wall clock; years 0–99 are those years, not 1900–1999 as in `Date.UTC`. */
export function utcSec(y: number, mo: number, d: number, h: number, mi: number, se: number): number {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, se));
  date.setUTCFullYear(y);
  return date.getTime() / 1000;
}
