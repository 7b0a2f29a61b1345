/**
 * The rules for outside data, in one place. Every door calls them: service pages and meter lists
 * (main/api), MQTT messages (main/push), imported files (main/import), tariff and price files
 * (main/cost), and what the CLI prints. docs/security.md lists each case with its rule and test.
 *
 * - a reading: after 2000, not after the next day, on the quarter-hour grid, of a length a meter
 *   measures, a finite value, not negative, below a physical bound (`readingImplausibility`);
 * - text: identifiers (metering points, ids, registers, units, cursors) are refused when too long or
 *   when they hold control characters; free text (labels, names, messages) has control and bidi
 *   characters removed and is cut to its cap (`cleanText`, `identifierIssue`);
 * - money: prices and tariff values finite and within market bounds, dates real and near (`priceIssue`,
 *   `dateIssue`).
 *
 * Pure TypeScript (no Node, no DOM): the renderer may use it too.
 */

/** 2000-01-01T00:00:00Z: readings, revisions, prices and tariffs before it are not smart-meter data. */
export const EARLIEST_PLAUSIBLE_SEC = 946_684_800;
/**
 * How far ahead of "now" a reading may start or be updated: the rest of today and the next day (an
 * interval in progress, a day's delivery, clock skew). "Now" is this computer's clock, or the service's
 * clock (its `Date`) when that is behind (test services run their own past clocks), never ahead by more.
 */
export const FUTURE_SKEW_SEC = 86_400;
/** Interval lengths a reading may have: a quarter-hour, an hour, or a local day of 23, 24 or 25 hours. */
export const INTERVALS_SEC: ReadonlySet<number> = new Set([900, 3600, 82_800, 86_400, 90_000]);
/** The most energy an interval may hold per hour of its length (1 GWh: far above any metering point). */
export const MAX_KWH_PER_HOUR = 1_000_000;

/** Text caps, in characters (UTF-16 code units). */
export const TEXT_CAPS = {
  /** Meter ids, metering points (an Austrian Zählpunkt has 33), site and customer ids. */
  identifier: 64,
  /** An OBIS code with its suffix (`1-1:1.9.0 G.01`), a unit. */
  register: 64,
  /** Status words: energy direction, commodity, granularity, status, consent state, quality. */
  word: 32,
  /** Labels, names, addresses, file and format names. */
  label: 200,
  /** A user's notes and conclusions. */
  note: 4000,
  /** A change feed's cursor (opaque, sent back in a URL). */
  cursor: 2048,
  /** A service's error or validation message, as shown, printed or stored. */
  message: 300,
} as const;

/** The most meters one account's meter list may hold (a consultant's portfolio is hundreds). */
export const MAX_METERS = 10_000;

// ESC sequences (CSI, OSC, two-character), then any other C0/C1 control and bidi override characters.
// Control characters are what these patterns exist to match.
/* eslint-disable no-control-regex */
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-_])/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

/**
 * Free text from outside (a label, a service's message) as it may be shown, printed or stored: escape
 * sequences and other control characters removed, whitespace folded to single spaces, cut to `maxChars`
 * (with an ellipsis), so it cannot repaint a terminal, fake lines or fill a file.
 */
export function cleanText(text: string, maxChars: number = TEXT_CAPS.message): string {
  const short = text.length > maxChars * 4 ? text.slice(0, maxChars * 4) : text;
  const clean = short.replace(ANSI, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return clean.length <= maxChars ? clean : `${clean.slice(0, maxChars - 1)}…`;
}

// Every control character but tab and line feed (carriage return is handled apart).
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text as it may reach a terminal: escape sequences and control characters removed, lines and tabs kept,
 * a carriage return only at the very start (a progress line redrawn by the program itself).
 */
export function terminalText(text: string): string {
  const lead = text.startsWith('\r') ? '\r' : '';
  return (
    lead +
    text
      .slice(lead.length)
      .replace(ANSI, '')
      .replace(/\r(?!\n)/g, '')
      .replace(TERMINAL_CONTROL, '')
  );
}

/** Why an identifier from outside is refused (too long, empty, control characters), or null. */
export function identifierIssue(text: string, maxChars: number = TEXT_CAPS.identifier): string | null {
  if (text.length === 0) return 'is empty';
  if (text.length > maxChars) return `has ${text.length} characters (at most ${maxChars})`;
  if (HAS_CONTROL.test(text)) return 'holds control characters';
  // What a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+cmd|…`): no metering point, register,
  // unit or id starts so, and refused here it reaches no export in any profile.
  if (/^[=+\-@]/.test(text)) return `starts with "${text[0]}", as a spreadsheet formula does`;
  return null;
}

/** The instant a reading, revision or price may lie up to: "now" and the next day. */
export function latestPlausibleSec(nowSec: number): number {
  return nowSec + FUTURE_SKEW_SEC;
}

/** "Now" as a service's clock says it, believed only as far as this computer's clock and its skew. */
export function believedServiceNow(servedSec: number | null, localSec: number): number {
  return Math.min(servedSec ?? localSec, localSec + FUTURE_SKEW_SEC);
}

const isoOf = (sec: number) => (Number.isFinite(sec) ? new Date(sec * 1000).toISOString() : String(sec));

/**
 * Whether a reading can be real (`readingImplausibility` says why not), from its numbers alone:
 * `updatedSec` NaN when the source does not say. The sync asks this of every reading (issue 46): no
 * object, no word, no closure.
 */
export function readingPlausible(
  startSec: number,
  endSec: number,
  value: number,
  updatedSec: number,
  nowSec: number,
): boolean {
  const length = endSec - startSec;
  const latest = latestPlausibleSec(nowSec);
  return (
    startSec >= EARLIEST_PLAUSIBLE_SEC &&
    startSec <= latest &&
    startSec % 900 === 0 &&
    INTERVALS_SEC.has(length) &&
    value >= 0 &&
    value <= (MAX_KWH_PER_HOUR * length) / 3600 &&
    (Number.isNaN(updatedSec) || (updatedSec >= EARLIEST_PLAUSIBLE_SEC && updatedSec <= latest))
  );
}

/**
 * Why a reading cannot be real, or null if it can: times after 2000 and not beyond the next day of
 * `nowSec`, intervals on the quarter-hour grid of a length a meter measures, values finite, not negative
 * and below a physical bound, an `updated_at` in the same window.
 */
export function readingImplausibility(
  r: { startSec: number; endSec: number; value: number; updatedSec: number | null },
  nowSec: number,
): string | null {
  if (readingPlausible(r.startSec, r.endSec, r.value, r.updatedSec ?? NaN, nowSec)) return null;
  const length = r.endSec - r.startSec;
  const at = () => isoOf(r.startSec);
  if (!Number.isFinite(r.startSec) || r.startSec < EARLIEST_PLAUSIBLE_SEC)
    return `timestamp ${at()} is before 2000`;
  if (r.startSec > latestPlausibleSec(nowSec))
    return `timestamp ${at()} is in the future (now is ${isoOf(nowSec)})`;
  if (r.startSec % 900 !== 0) return `timestamp ${at()} is not on the quarter-hour grid`;
  if (!INTERVALS_SEC.has(length))
    return `the interval from ${at()} lasts ${length} s; a meter measures quarter-hours, hours or days`;
  if (!Number.isFinite(r.value)) return `value at ${at()} is not a finite number`;
  if (r.value < 0) return `value ${r.value} at ${at()} is negative (interval energy cannot be)`;
  const max = (MAX_KWH_PER_HOUR * length) / 3600;
  if (r.value > max)
    return `value ${r.value} at ${at()} is beyond any metering point (${max} for the interval)`;
  if (r.updatedSec !== null) {
    if (r.updatedSec < EARLIEST_PLAUSIBLE_SEC) return `updated_at of ${at()} is before 2000`;
    if (r.updatedSec > latestPlausibleSec(nowSec))
      return `updated_at ${isoOf(r.updatedSec)} of ${at()} is in the future`;
  }
  return null;
}

/**
 * Market bounds of an energy price in €/MWh: the EU day-ahead market's harmonised minimum and maximum
 * clearing prices (−500 and +4 000 €/MWh, SDAC), with room for a gross supplier price (×1.2 VAT) and
 * a markup. A price beyond them is a unit error (ct vs € vs €/MWh), not a price.
 */
export const PRICE_EUR_MWH = { min: -1000, max: 10_000 } as const;
/** Bounds of a tariff's charge per kWh, in ct/kWh (the price bounds in ct), and per kW and month, in €. */
export const TARIFF_CT_KWH = { min: PRICE_EUR_MWH.min / 10, max: PRICE_EUR_MWH.max / 10 } as const;
export const TARIFF_EUR_PER_KW_MONTH = { min: 0, max: 1000 } as const;
/** A fixed charge per month or year, in €. */
export const TARIFF_EUR_FIXED = { min: 0, max: 1_000_000 } as const;
/** How many years ahead a tariff's validity may start. */
export const TARIFF_YEARS_AHEAD = 10;

/** How far ahead of "now" a price may lie: the day-ahead auction publishes the next local day at noon. */
export const PRICE_AHEAD_SEC = 2 * 86_400;
/** The largest tariff or price file any door reads (a year of quarter-hour prices as CSV is ~1.5 MB). */
export const MAX_PRICE_FILE_BYTES = 30 * 1024 * 1024;

/** Why a number is not within [min, max] (or not finite), or null. */
export function boundIssue(value: number, bounds: { min: number; max: number }, unit: string): string | null {
  if (!Number.isFinite(value)) return `${value} is not a finite number`;
  if (value < bounds.min || value > bounds.max)
    return `${value} ${unit} lies outside ${bounds.min} … ${bounds.max} ${unit}`;
  return null;
}

/** Why a calendar date `YYYY-MM-DD` is not a real date between 2000 and `yearsAhead` years from now. */
export function dateIssue(
  text: string,
  nowSec: number,
  yearsAhead: number = TARIFF_YEARS_AHEAD,
): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return `"${cleanText(text, 40)}" is not a date (YYYY-MM-DD)`;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return `${text} is not a day of the calendar`;
  const lastYear = new Date(nowSec * 1000).getUTCFullYear() + yearsAhead;
  if (y < 2000 || y > lastYear) return `${text} lies outside 2000 … ${lastYear}`;
  return null;
}
