/**
 * Number and date formatting for the chosen locale (de-AT by default) and time zone (Europe/Vienna).
 */
import {
  dayNumberOf,
  dayStartSec,
  localDateStart as zoneDateStart,
  offsetMinutesAt,
  wallClock,
} from '../../common/zone';

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

/**
 * What a figure is, and so how it is written, everywhere in the UI: the energy of one interval with
 * three decimals (the meter's resolution), totals with one, power with two, hours with one, shares as
 * percent with one, counts whole. Fixed decimals, so figures of one kind line up.
 */
export type QuantityKind = 'kwh' | 'kwhTotal' | 'kw' | 'hours' | 'percent' | 'count' | 'cents';
const QUANTITY: Record<QuantityKind, { digits: number; unit: string }> = {
  kwh: { digits: 3, unit: 'kWh' },
  kwhTotal: { digits: 1, unit: 'kWh' },
  kw: { digits: 2, unit: 'kW' },
  hours: { digits: 1, unit: 'h' },
  percent: { digits: 1, unit: '' },
  count: { digits: 0, unit: '' },
  cents: { digits: 2, unit: 'ct/kWh' },
};

/** A figure with its unit, by kind (QuantityKind); '–' for none. `withUnit: false` leaves the unit out. */
export function fmtQuantity(
  v: number | null | undefined,
  kind: QuantityKind,
  prefs: FormatPrefs,
  withUnit = true,
): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const q = QUANTITY[kind];
  if (kind === 'percent')
    return numberFormat(prefs.locale, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(v);
  const text = numberFormat(prefs.locale, {
    minimumFractionDigits: q.digits,
    maximumFractionDigits: q.digits,
  }).format(v);
  return withUnit && q.unit ? `${text} ${q.unit}` : text;
}

export function fmtNumber(v: number | null | undefined, prefs: FormatPrefs, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return numberFormat(prefs.locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(v);
}

export function fmtPercent(v: number | null | undefined, prefs: FormatPrefs): string {
  if (v === null || v === undefined) return '–';
  return numberFormat(prefs.locale, { style: 'percent', maximumFractionDigits: 1 }).format(v);
}

/**
 * Whether the local wall-clock time of `sec` happens twice that day (the hour the clocks go back, e.g.
 * 02:00–02:59 on the last Sunday of October in Vienna): then a time alone does not say which one.
 */
export function isRepeatedLocalTime(sec: number, timeZone: string): boolean {
  const ms = sec * 1000;
  const off = zoneOffsetMs(ms, timeZone);
  return (
    zoneOffsetMs(ms + 3_600_000, timeZone) - off === -3_600_000 ||
    zoneOffsetMs(ms - 3_600_000, timeZone) - off === 3_600_000
  );
}

/** The zone's short name at an instant (MESZ/MEZ in German, CEST/CET in English for Vienna). */
export function zoneName(sec: number, prefs: FormatPrefs): string {
  const parts = dateFormat(prefs.locale, {
    timeZone: prefs.timeZone,
    timeZoneName: 'short',
    hour: '2-digit',
  }).formatToParts(new Date(sec * 1000));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Date and time; a time of the repeated hour says which one (`02:00 MESZ` / `02:00 MEZ`). */
export function fmtDateTime(sec: number | null | undefined, prefs: FormatPrefs): string {
  if (sec === null || sec === undefined) return '–';
  const text = dateFormat(prefs.locale, {
    timeZone: prefs.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(sec * 1000));
  return isRepeatedLocalTime(sec, prefs.timeZone) ? `${text} ${zoneName(sec, prefs)}` : text;
}

/** Time of day only (HH:mm), marked like fmtDateTime in the repeated hour. */
export function fmtTime(sec: number, prefs: FormatPrefs): string {
  const text = dateFormat(prefs.locale, {
    timeZone: prefs.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(sec * 1000));
  return isRepeatedLocalTime(sec, prefs.timeZone) ? `${text} ${zoneName(sec, prefs)}` : text;
}

export function fmtDate(sec: number, prefs: FormatPrefs): string {
  return dateFormat(prefs.locale, { timeZone: prefs.timeZone, dateStyle: 'medium' }).format(
    new Date(sec * 1000),
  );
}

/** A local day key (`2026-11-27`) in the person's date format, never as ISO in the UI. */
export function fmtDayKey(day: string, prefs: FormatPrefs): string {
  return dateFormat(prefs.locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** A month key (`2026-11`) as the person reads months (`Nov. 2026`). */
export function fmtMonthKey(month: string, prefs: FormatPrefs): string {
  return dateFormat(prefs.locale, { timeZone: 'UTC', month: 'short', year: 'numeric' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/**
 * A Date whose local fields show the wall-clock time of `ms` in `timeZone` — what uPlot's `tzDate`
 * expects (uPlot's own helper builds an Intl formatter on every call, hundreds per chart).
 */
export function zonedDate(ms: number, timeZone: string): Date {
  const w = new Date(ms + zoneOffsetMs(ms, timeZone)); // its UTC fields are the wall clock in the zone
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

/** The zone's UTC offset in ms at an instant (common/zone.ts, the same code as the core's). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  return offsetMinutesAt(Math.floor(ms / 1000), timeZone) * 60_000;
}

/** The first instant (unix seconds) of the local day containing `sec` (DST-safe). */
export function localMidnight(sec: number, timeZone: string): number {
  return dayStartSec(dayNumberOf(sec, timeZone), timeZone);
}

/** Adds whole local days (DST-safe). */
export function addLocalDays(midnightSec: number, days: number, timeZone: string): number {
  return dayStartSec(dayNumberOf(midnightSec, timeZone) + days, timeZone);
}

/** The local calendar date of an instant. */
export function localYmd(sec: number, timeZone: string): { y: number; m: number; d: number } {
  const w = wallClock(sec, timeZone);
  return { y: w.getUTCFullYear(), m: w.getUTCMonth() + 1, d: w.getUTCDate() };
}

/** Local midnight starting the calendar date y-m-d (month 13 = January of the next year, day 0 = the last of the month before). */
export function localDateStart(y: number, m: number, d: number, timeZone: string): number {
  return zoneDateStart(y, m, d, timeZone);
}

/**
 * The span a frame's figures describe, as a person reads it: whole days as dates
 * ("01.11.2026–23.11.2026"), a span cut inside a day with its times ("03.11.2026 08:15–05.11.2026 14:30").
 * The end is exclusive in the frame and shown inclusive for whole days.
 */
export function fmtFrameSpan(fromSec: number, toSec: number, prefs: FormatPrefs): string {
  if (toSec <= fromSec) return '–';
  const wholeDays =
    localMidnight(fromSec, prefs.timeZone) === fromSec && localMidnight(toSec, prefs.timeZone) === toSec;
  if (wholeDays) {
    const a = fmtDate(fromSec, prefs);
    const b = fmtDate(toSec - 1, prefs);
    return a === b ? a : `${a}–${b}`;
  }
  return `${fmtDateTime(fromSec, prefs)}–${fmtDateTime(toSec, prefs)}`;
}
