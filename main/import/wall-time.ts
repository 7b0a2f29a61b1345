/**
 * Local wall-clock labels → UTC instants, with the tz database (local-days.ts), never with hand-made
 * DST rules. A label is read to "naive" seconds (the clock's reading as if it were UTC); the zone then
 * gives 0 instants (the skipped March hour), 1, or 2 (the repeated October hour, earlier first).
 */
import { offsetMinutesAt } from '../time/local-days';

const DAY_SEC = 86_400;

/** Naive seconds of a calendar date and clock time; null when the date does not exist (31.02.). */
export function naiveOf(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (h === 24 && (mi !== 0 || s !== 0)) return null;
  return ms / 1000 + h * 3600 + mi * 60 + s;
}

const DATE_DE = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/;
const DATE_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** `dd.MM.yyyy` (or `dd.MM.yy`) or `yyyy-MM-dd`: naive seconds of midnight, or null. */
export function parseDate(text: string): number | null {
  let m = DATE_DE.exec(text);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return naiveOf(y, Number(m[2]), Number(m[1]));
  }
  m = DATE_ISO.exec(text);
  if (m) return naiveOf(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/** `HH:mm` or `HH:mm:ss`: seconds after midnight, or null. */
export function parseClock(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const s = Number(m[3] ?? 0);
  if (h > 24 || mi > 59 || s > 59 || (h === 24 && (mi > 0 || s > 0))) return null;
  return h * 3600 + mi * 60 + s;
}

/** A date with or without a time in one text (`dd.MM.yyyy HH:mm[:ss]`, `yyyy-MM-dd HH:mm:ss`). */
export function parseDateTime(text: string): number | null {
  const t = text.trim();
  const cut = t.search(/[ T]/);
  if (cut < 0) return parseDate(t);
  const day = parseDate(t.slice(0, cut));
  const clock = parseClock(t.slice(cut + 1).trim());
  return day === null || clock === null ? null : day + clock;
}

/**
 * The UTC instants (seconds) at which the zone's clocks show a naive time: none in the skipped hour,
 * two (earlier first) in the repeated one.
 */
export function instantsOf(naiveSec: number, tz: string): number[] {
  const offsets = new Set<number>([
    offsetMinutesAt(naiveSec - DAY_SEC, tz),
    offsetMinutesAt(naiveSec, tz),
    offsetMinutesAt(naiveSec + DAY_SEC, tz),
  ]);
  const out: number[] = [];
  for (const off of offsets) {
    const sec = naiveSec - off * 60;
    if (offsetMinutesAt(sec, tz) === off) out.push(sec);
  }
  return out.sort((a, b) => a - b);
}

const ISO_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 with `Z` or an offset → unix seconds, or null (no offset, or a date that does not exist). */
export function parseIsoOffset(text: string): { sec: number; offsetMin: number } | null {
  const m = ISO_OFFSET.exec(text.trim());
  if (!m) return null;
  const naive = naiveOf(
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  if (naive === null || Number(m[7] ?? 0) !== 0) return null;
  const z = m[8]!;
  const offsetMin =
    z === 'Z' ? 0 : (z[0] === '-' ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(-2)));
  return { sec: naive - offsetMin * 60, offsetMin };
}

/** `dd.MM.yyyy HH:mm` of naive seconds (for messages). */
export function naiveText(naiveSec: number): string {
  const iso = new Date(naiveSec * 1000).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}
