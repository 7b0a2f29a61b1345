/**
 * Number and date formatting for the chosen locale (de-AT by default) and time zone (Europe/Vienna).
 */
export interface FormatPrefs {
  locale: string;
  timeZone: string;
}

export function fmtNumber(v: number | null | undefined, prefs: FormatPrefs, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return new Intl.NumberFormat(prefs.locale, {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  }).format(v);
}

export function fmtPercent(v: number | null | undefined, prefs: FormatPrefs): string {
  if (v === null || v === undefined) return '–';
  return new Intl.NumberFormat(prefs.locale, { style: 'percent', maximumFractionDigits: 1 }).format(v);
}

export function fmtDateTime(sec: number | null | undefined, prefs: FormatPrefs): string {
  if (sec === null || sec === undefined) return '–';
  return new Intl.DateTimeFormat(prefs.locale, {
    timeZone: prefs.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(sec * 1000));
}

export function fmtDate(sec: number, prefs: FormatPrefs): string {
  return new Intl.DateTimeFormat(prefs.locale, { timeZone: prefs.timeZone, dateStyle: 'medium' }).format(
    new Date(sec * 1000),
  );
}

/** Local midnight (unix seconds) of the day containing `sec` in the time zone, via Intl (DST-safe). */
export function localMidnight(sec: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
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
    const p2 = new Intl.DateTimeFormat('en-CA', {
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
