/**
 * Local calendar days and the texts of local times. The zone arithmetic itself (offsets, local days and
 * midnights of any IANA zone) is common/zone.ts, shared with the renderer; this module adds what the
 * core needs on top of it: day keys, ISO and German texts, and a strict ISO 8601 parser.
 */
import { DEFAULT_TZ, offsetMinutesAt } from '../../common/zone';

export {
  DEFAULT_TZ,
  QH_SEC,
  dayNumberOf,
  dayNumbersAround,
  dayStartSec,
  offsetMinutesAt,
  quarterHoursInDay,
} from '../../common/zone';

const DAY_SEC = 86_400;

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

/** Two decimal digits at bytes [i, i + 2), or NaN. A plain function: no closure per call. */
function d2(buf: Uint8Array, i: number): number {
  const x = buf[i]! - 48;
  const y = buf[i + 1]! - 48;
  return x >= 0 && x <= 9 && y >= 0 && y <= 9 ? x * 10 + y : NaN;
}

// The first second of the last two dates read: a page's readings and their updated_at fall on few days.
const ymdKeys = [-1, -1];
const ymdSecs = [0, 0];

/** Unix seconds of 00:00:00 UTC on a valid date, from the two-entry cache above. */
function dateSec(y: number, mo: number, d: number): number {
  const ymd = (y * 100 + mo) * 100 + d;
  const slot = d & 1;
  if (ymdKeys[slot] !== ymd) {
    ymdKeys[slot] = ymd;
    ymdSecs[slot] = utcSec(y, mo, d, 0, 0, 0);
  }
  return ymdSecs[slot]!;
}

/**
 * Unix seconds of the service's own forms, `YYYY-MM-DDTHH:MM:SSZ` and `…SS±HH:MM`, in bytes [a, b):
 * every character checked; NaN for any other text (parseIsoSec then reads it the general way). Millions
 * per sync: the page reader reads them from the response's bytes, parseIsoSec from its text.
 */
export function isoSecOfBytes(buf: Uint8Array, a: number, b: number): number {
  const n = b - a;
  const sign = buf[a + 19];
  if (n === 20 ? sign !== 90 : n !== 25 || (sign !== 43 && sign !== 45) || buf[a + 22] !== 58) return NaN;
  if (
    buf[a + 4] !== 45 ||
    buf[a + 7] !== 45 ||
    buf[a + 10] !== 84 ||
    buf[a + 13] !== 58 ||
    buf[a + 16] !== 58
  )
    return NaN;
  const y = d2(buf, a) * 100 + d2(buf, a + 2);
  const mo = d2(buf, a + 5);
  const d = d2(buf, a + 8);
  const h = d2(buf, a + 11);
  const mi = d2(buf, a + 14);
  const se = d2(buf, a + 17);
  if (!(
    y >= 0 &&
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= daysInMonth(y, mo) &&
    h <= 23 &&
    mi <= 59 &&
    se <= 59
  ))
    return NaN;
  const sec = dateSec(y, mo, d) + h * 3600 + mi * 60 + se;
  if (n === 20) return sec;
  const offH = d2(buf, a + 20);
  const offM = d2(buf, a + 23);
  if (!(offH <= 18 && offM <= 59)) return NaN;
  const off = (offH * 60 + offM) * 60;
  return sign === 43 ? sec - off : sec + off;
}

const isoScratch = new Uint8Array(25);

/**
 * Parses an ISO 8601 timestamp (with Z or an offset) to unix seconds; NaN if it is not one. Strict: a
 * date that does not exist (`2025-02-31`, `2025-02-29`) is not one, and year 0000 stays year 0000.
 */
export function parseIsoSec(text: string): number {
  // The service's own forms through isoSecOfBytes (one implementation), ASCII only.
  if (text.length === 20 || text.length === 25) {
    let ascii = true;
    for (let i = 0; i < text.length && ascii; i++) ascii = (isoScratch[i] = text.charCodeAt(i)) < 128;
    const sec = ascii ? isoSecOfBytes(isoScratch, 0, text.length) : NaN;
    if (sec === sec) return sec;
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

/**
 * Unix seconds of a UTC wall clock (a valid date: month 1–12), years 0–99 as those years. Integer
 * arithmetic (days from the civil calendar, H. Hinnant's algorithm), no `Date`: the sync parses two
 * times per reading, and a `Date` each was 10 % of its CPU (issue 46).
 */
export function utcSec(y: number, mo: number, d: number, h: number, mi: number, se: number): number {
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * ((mo + 9) % 12) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return (era * 146_097 + doe - 719_468) * 86_400 + h * 3_600 + mi * 60 + se;
}

/** An instant as Austria writes it in a sentence: "30.11.2026, 14:02" in `tz` (a refusal's "when"). */
export function localStamp(sec: number, tz: string): string {
  return new Intl.DateTimeFormat('de-AT', {
    timeZone: tz,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(sec * 1000));
}
