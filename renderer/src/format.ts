/**
 * Number and date formatting for the chosen locale (de-AT by default) and time zone (Europe/Vienna).
 */
export interface FormatPrefs {
  locale: string;
  timeZone: string;
}

// Building an Intl formatter costs far more than using one (tenths of a millisecond): chart axes, tables
// and exports format thousands of values, so formatters are built once per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

export function fmtNumber(v: number | null | undefined, prefs: FormatPrefs, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return numberFormat(prefs.locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(v);
}

export function fmtPercent(v: number | null | undefined, prefs: FormatPrefs): string {
  if (v === null || v === undefined) return '–';
  return numberFormat(prefs.locale, { style: 'percent', maximumFractionDigits: 1 }).format(v);
}

export function fmtDateTime(sec: number | null | undefined, prefs: FormatPrefs): string {
  if (sec === null || sec === undefined) return '–';
  return dateFormat(prefs.locale, {
    timeZone: prefs.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(sec * 1000));
}

export function fmtDate(sec: number, prefs: FormatPrefs): string {
  return dateFormat(prefs.locale, { timeZone: prefs.timeZone, dateStyle: 'medium' }).format(
    new Date(sec * 1000),
  );
}

/** tz → (15-minute slot → the zone's UTC offset in ms then). Every zone changes offset on a quarter-hour. */
const zoneOffsets = new Map<string, Map<number, number>>();

/**
 * A Date whose local fields show the wall-clock time of `ms` in `timeZone` — what uPlot's `tzDate`
 * expects. uPlot's own helper builds an Intl formatter on every call (hundreds per chart); here the
 * zone's offset is looked up once per quarter-hour slot and the rest is plain Date arithmetic.
 */
export function zonedDate(ms: number, timeZone: string): Date {
  let offsets = zoneOffsets.get(timeZone);
  if (!offsets) zoneOffsets.set(timeZone, (offsets = new Map()));
  const slot = Math.floor(ms / 900_000);
  let off = offsets.get(slot);
  if (off === undefined) {
    const at = slot * 900_000;
    const f = dateFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(at)) p[part.type] = Number(part.value);
    off = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(slot, off);
  }
  const w = new Date(ms + off); // its UTC fields are the wall clock in the zone
  return new Date(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
    w.getUTCMilliseconds(),
  );
}

/** Local midnight (unix seconds) of the day containing `sec` in the time zone, via Intl (DST-safe). */
export function localMidnight(sec: number, timeZone: string): number {
  const parts = dateFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(sec * 1000));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const sinceMidnight = get('hour') * 3600 + get('minute') * 60 + get('second');
  let guess = sec - sinceMidnight;
  // Across a DST change the wall-clock distance differs from elapsed seconds by the offset change.
  for (let i = 0; i < 2; i++) {
    const p2 = dateFormat('en-CA', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(guess * 1000));
    const h = Number(p2.find((p) => p.type === 'hour')?.value);
    const m = Number(p2.find((p) => p.type === 'minute')?.value);
    const off = h * 3600 + m * 60;
    if (off === 0) break;
    guess -= off > 12 * 3600 ? off - 86_400 : off;
  }
  return guess;
}

/** Adds whole local days (DST-safe). */
export function addLocalDays(midnightSec: number, days: number, timeZone: string): number {
  return localMidnight(midnightSec + days * 86_400 + 12 * 3600, timeZone);
}
