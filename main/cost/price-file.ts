/**
 * Spot price files → prices in €/MWh per interval start (UTC). The common shapes:
 * - CSV `timestamp;price` (any of `;` `,` tab; decimal comma or point), the time as ISO with an offset
 *   or `Z` (UTC), or as local Austrian time (`dd.MM.yyyy HH:mm`, `yyyy-MM-dd HH:mm`);
 * - the day-ahead market's exports: a time range per row (`01.01.2025 00:00 - 01.01.2025 01:00`,
 *   hourly or quarter-hourly), with `(CET)`/`(CEST)` marking the repeated October hour where given;
 * - JSON: an array (or `{data: […]}`) of objects with a start (`start_timestamp` ms, `timestamp`,
 *   `start`, `time`) and a price (`marketprice`, `price`, `value`), €/MWh.
 * Local labels become instants through the tz database; the repeated October hour without a marker is
 * resolved by row order, as in the readings import. Prices in ct/kWh or €/kWh (said in the header)
 * are converted. Anything else is refused with the line.
 */
import { parse } from 'csv-parse/sync';
import {
  boundIssue,
  EARLIEST_PLAUSIBLE_SEC,
  MAX_PRICE_FILE_BYTES,
  PRICE_AHEAD_SEC,
  PRICE_EUR_MWH,
} from '../../common/rules';
import { AppError } from '../errors';
import { decodeText } from '../import/decode';
import { instantsOf, parseDateTime, parseIsoOffset } from '../import/wall-time';

export interface PricePoint {
  startSec: number;
  eurPerMwh: number;
}

function fail(message: string): never {
  throw new AppError('invalid_input', message);
}

const TIME_HEADER = /time|zeit|datum|date|mtu|start|beginn|von|from/i;
const PRICE_HEADER = /price|preis|eur|ct|value|wert|marketprice/i;

/** €/MWh per unit the header names. */
function unitFactor(header: string): number {
  if (/ct\s*\/\s*kwh|cent/i.test(header)) return 10;
  if (/eur\s*\/\s*kwh|€\s*\/\s*kwh/i.test(header)) return 1000;
  return 1;
}

function resolutionOf(starts: number[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < Math.min(starts.length, 500); i++) {
    const d = starts[i]! - starts[i - 1]!;
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best = 0;
  let n = 0;
  for (const [d, c] of counts) if (c > n) [best, n] = [d, c];
  if (starts.length === 1) return 3600;
  if (best !== 900 && best !== 3600)
    fail(`The prices are ${best / 60} minutes apart; a price file holds hourly or quarter-hourly prices.`);
  return best;
}

function fromJson(text: string): PricePoint[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    fail(`The file is not valid JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { data?: unknown }).data;
  if (!Array.isArray(list)) fail('The JSON holds no list of prices (an array, or {"data": [...]}).');
  return list.map((item, i) => {
    const o = item as Record<string, unknown>;
    const t = o.start_timestamp ?? o.timestamp ?? o.start ?? o.time;
    const p = o.marketprice ?? o.price ?? o.value;
    let startSec: number | null = null;
    if (typeof t === 'number') startSec = t > 1e11 ? Math.round(t / 1000) : t;
    else if (typeof t === 'string') startSec = parseIsoOffset(t)?.sec ?? null;
    if (startSec === null)
      fail(`Entry ${i + 1}: "${String(t)}" is not a time with a UTC offset or a unix time.`);
    if (typeof p !== 'number' || !Number.isFinite(p))
      fail(`Entry ${i + 1}: the price "${String(p)}" is not a number.`);
    return { startSec, eurPerMwh: p };
  });
}

function fromCsv(text: string, tz: string): PricePoint[] {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  const delimiter = count('\t') > 0 ? '\t' : count(';') >= count(',') ? ';' : ',';
  const rows = parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  if (rows.length === 0) fail('The file is empty.');
  const hasHeader = rows[0]!.some((c) => /[a-z]/i.test(c) && !/^\d/.test(c));
  const header = hasHeader ? rows[0]! : [];
  const ti = Math.max(
    0,
    header.findIndex((h) => TIME_HEADER.test(h)),
  );
  const piFound = header.findIndex((h, i) => i !== ti && PRICE_HEADER.test(h));
  const pi = piFound >= 0 ? piFound : ti === 0 ? 1 : 0;
  const factor = unitFactor(header[pi] ?? '');
  const occurrences = new Map<number, number>();
  const out: PricePoint[] = [];
  rows.slice(hasHeader ? 1 : 0).forEach((r, k) => {
    const line = k + (hasHeader ? 2 : 1);
    const timeCell = (r[ti] ?? '').trim();
    const priceCell = (r[pi] ?? '').trim();
    if (priceCell === '' || priceCell === '-' || /^n\/?a$/i.test(priceCell)) return; // no price for this interval
    const num = delimiter === ',' ? priceCell : priceCell.replace(',', '.');
    if (!/^[+-]?\d+(\.\d+)?$/.test(num)) fail(`Line ${line}: the price "${priceCell}" is not a number.`);
    // A range ("a - b"): its start. A "(CET)"/"(CEST)" marker picks the instant in the repeated hour.
    const marker = /\((CEST|CET|MESZ|MEZ)\)/i.exec(timeCell)?.[1]?.toUpperCase() ?? null;
    const label = timeCell
      .replace(/\s*\((CEST|CET|MESZ|MEZ)\)/gi, '')
      .split(/\s+-\s+/)[0]!
      .trim();
    let startSec: number | null = parseIsoOffset(label)?.sec ?? null;
    if (startSec === null) {
      const naive = parseDateTime(label);
      if (naive === null) fail(`Line ${line}: "${timeCell}" is not a date and time.`);
      const at = instantsOf(naive, tz);
      if (at.length === 0) fail(`Line ${line}: ${label} does not exist in Austrian time (the March change).`);
      if (at.length === 1) startSec = at[0]!;
      else if (marker) startSec = marker === 'CEST' || marker === 'MESZ' ? at[0]! : at[1]!;
      else {
        const n = occurrences.get(naive) ?? 0;
        occurrences.set(naive, n + 1);
        if (n > 1) fail(`Line ${line}: ${label} appears a third time.`);
        startSec = at[n]!;
      }
    }
    out.push({ startSec, eurPerMwh: Number(num) * factor });
  });
  return out;
}

/** Reads a price file; the points come back sorted, with their resolution (900 or 3600 s). */
export function readPriceFile(
  bytes: Uint8Array,
  tz: string,
): { resolutionSec: number; points: PricePoint[] } {
  if (bytes.length === 0) fail('The price file is empty.');
  if (bytes.length > MAX_PRICE_FILE_BYTES)
    fail(
      `The price file is ${Math.round(bytes.length / 1024 / 1024)} MB; Meterdesk reads price files up to ${MAX_PRICE_FILE_BYTES / 1024 / 1024} MB (a year of quarter-hour prices is about 1.5 MB).`,
    );
  const { text } = decodeText(bytes);
  const points = /^\s*[[{]/.test(text) ? fromJson(text) : fromCsv(text, tz);
  if (points.length === 0) fail('The file holds no prices.');
  points.sort((a, b) => a.startSec - b.startSec);
  for (let i = 1; i < points.length; i++)
    if (points[i]!.startSec === points[i - 1]!.startSec)
      fail(
        `Two prices for ${new Date(points[i]!.startSec * 1000).toISOString()}: the file lists an interval twice.`,
      );
  // The rules for every price (common/rules.ts): within the market's bounds, from 2000 to the next day.
  const latest = Math.floor(Date.now() / 1000) + PRICE_AHEAD_SEC;
  for (const p of points) {
    const at = new Date(p.startSec * 1000).toISOString();
    if (p.startSec < EARLIEST_PLAUSIBLE_SEC || p.startSec > latest)
      fail(
        `The price for ${at} lies ${p.startSec < EARLIEST_PLAUSIBLE_SEC ? 'before 2000' : 'beyond the next day'}; a price file holds day-ahead prices up to tomorrow.`,
      );
    const why = boundIssue(p.eurPerMwh, PRICE_EUR_MWH, '€/MWh');
    if (why)
      fail(`The price for ${at}: ${why}. Check the unit (€/MWh, ct/kWh or €/kWh, said in the header).`);
  }
  const resolutionSec = resolutionOf(points.map((p) => p.startSec));
  for (const p of points)
    if (p.startSec % resolutionSec !== 0)
      fail(
        `The price for ${new Date(p.startSec * 1000).toISOString()} does not start on the ${resolutionSec / 60}-minute grid.`,
      );
  return { resolutionSec, points };
}
