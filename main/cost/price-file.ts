/**
 * Spot price files → prices in €/MWh per interval start (UTC). The common shapes:
 * - CSV `timestamp;price` (any of `;` `,` tab; decimal comma or point), the time as ISO with an offset
 *   or `Z` (UTC), or as local Austrian time (`dd.MM.yyyy HH:mm`, `yyyy-MM-dd HH:mm`);
 * - the day-ahead market's exports: a time range per row (`01.01.2025 00:00 - 01.01.2025 01:00`,
 *   hourly or quarter-hourly), with `(CET)`/`(CEST)` marking the repeated October hour where given;
 * - JSON: an array (or `{data: […]}`) of objects with a start (`start_timestamp` ms, `timestamp`,
 *   `start`, `time`) and a price (`marketprice`, `price`, `value`), €/MWh — aWATTar's market data;
 * - Energy-Charts JSON: `{unix_seconds: […], price: […], unit: "EUR / MWh"}`;
 * - smartENERGY JSON: `{tariff, unit: "ct/kWh", interval, data: [{date, value}]}`, prices **gross**
 *   (with 20 % VAT): stored net (÷ 1.2), and said;
 * - APG market data (markt.apg.at, day-ahead export): `Zeit von [CET/CEST];Zeit bis [CET/CEST];Preis
 *   MC Auktion [EUR/MWh]` (German: `;`, decimal comma, `dd.MM.yyyy HH:mm:ss`) or `Time from [CET/CEST]` …
 *   `Price MC Auction [EUR/MWh]` (English: `,`, decimal point, `yyyy-MM-dd HH:mm:ss`); the MC auction's
 *   column is read whatever else the export holds, the repeated October hour by its `2A`/`2B` hour
 *   (`2025-10-26 2A:15:00`, `02B`) or else by row order;
 * - ENTSO-E Transparency XML (`Publication_MarketDocument`): each TimeSeries' Period with its start
 *   and resolution (PT15M/PT60M), Points by position; curveType A03 leaves out a point that repeats the
 *   one before, filled forward; of several classification sequences the first (said).
 * Local labels become instants through the tz database; the repeated October hour without a marker is
 * resolved by row order, as in the readings import. Prices in ct/kWh or €/kWh (said in the header)
 * are converted. Anything else is refused with the line.
 */
import { jsonShapeIssue, PRICE_JSON_LIMITS } from '../doors/json-bytes';
import { cleanText } from '../../common/rules';
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
import { isoWithOffset } from '../time/local-days';
import { XMLParser } from 'fast-xml-parser';
import { systemClock } from '../time/clock';

/** The longest ENTSO-E Period read (a year and a day): the market publishes one a day. */
const MAX_PERIOD_SEC = 367 * 86_400;

export interface PricePoint {
  startSec: number;
  eurPerMwh: number;
}

/** What a reader decided about a file, said with its import. */
let readerNotes: string[] = [];
let readerFormat = 'CSV';

/** A refusal; what it quotes of the file is cut (a 20 MB cell was echoed whole) and cleaned. */
function fail(message: string): never {
  throw new AppError('invalid_input', cleanText(message, 400), { reason: 'price_file_refused' });
}

/** A cell of the file as a refusal quotes it: at most 60 characters (a 20 MB cell was echoed whole). */
const quote = (cell: unknown) => {
  const text = String(cell);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

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
  const shape = jsonShapeIssue(text, PRICE_JSON_LIMITS);
  if (shape) fail(`The file holds ${shape}; no price file of three years does.`);
  try {
    doc = JSON.parse(text);
  } catch (err) {
    fail(`The file is not valid JSON: ${(err as Error).message}`);
  }
  const o = (doc ?? {}) as Record<string, unknown>;
  // Energy-Charts: columns of unix seconds and prices.
  if (Array.isArray(o.unix_seconds) && Array.isArray(o.price)) {
    readerFormat = 'Energy-Charts JSON';
    const times = o.unix_seconds as unknown[];
    const prices = o.price as unknown[];
    if (times.length !== prices.length)
      fail(`Energy-Charts JSON: ${times.length} times but ${prices.length} prices.`);
    const factor = unitFactor(String(o.unit ?? 'EUR / MWh'));
    const out: PricePoint[] = [];
    times.forEach((t, i) => {
      const p = prices[i];
      if (typeof t !== 'number' || !Number.isFinite(t))
        fail(`Energy-Charts JSON: time ${i + 1} is not a unix time.`);
      if (p === null) return; // no price published for that interval: none, not 0
      if (typeof p !== 'number' || !Number.isFinite(p))
        fail(`Energy-Charts JSON: price ${i + 1} is not a number.`);
      out.push({ startSec: t, eurPerMwh: p * factor });
    });
    return out;
  }
  // smartENERGY: local ISO times with offset, ct/kWh gross (20 % VAT).
  if (
    typeof o.tariff === 'string' &&
    Array.isArray(o.data) &&
    (o.data as { date?: unknown }[])[0]?.date !== undefined
  ) {
    readerFormat = 'smartENERGY JSON';
    const factor = unitFactor(String(o.unit ?? 'ct/kWh'));
    readerNotes.push('smartENERGY publishes gross prices (with 20 % VAT): stored net, divided by 1.2.');
    return (o.data as { date?: unknown; value?: unknown }[]).map((x, i) => {
      const at = typeof x.date === 'string' ? parseIsoOffset(x.date)?.sec : undefined;
      if (at === undefined)
        fail(`smartENERGY entry ${i + 1}: "${quote(x.date)}" is not a time with a UTC offset.`);
      if (typeof x.value !== 'number' || !Number.isFinite(x.value))
        fail(`smartENERGY entry ${i + 1}: the price "${quote(x.value)}" is not a number.`);
      return { startSec: at, eurPerMwh: (x.value * factor) / 1.2 };
    });
  }
  const list = Array.isArray(doc) ? doc : (doc as { data?: unknown }).data;
  if (Array.isArray(list) && (list[0] as { marketprice?: unknown } | undefined)?.marketprice !== undefined)
    readerFormat = 'aWATTar JSON';
  else readerFormat = 'JSON';
  if (!Array.isArray(list)) fail('The JSON holds no list of prices (an array, or {"data": [...]}).');
  return list.map((item, i) => {
    const o = item as Record<string, unknown>;
    const t = o.start_timestamp ?? o.timestamp ?? o.start ?? o.time;
    const p = o.marketprice ?? o.price ?? o.value;
    let startSec: number | null = null;
    if (typeof t === 'number') startSec = t > 1e11 ? Math.round(t / 1000) : t;
    else if (typeof t === 'string') startSec = parseIsoOffset(t)?.sec ?? null;
    if (startSec === null)
      fail(`Entry ${i + 1}: "${quote(t)}" is not a time with a UTC offset or a unix time.`);
    if (typeof p !== 'number' || !Number.isFinite(p))
      fail(`Entry ${i + 1}: the price "${quote(p)}" is not a number.`);
    const unit = typeof o.unit === 'string' ? unitFactor(o.unit) : 1;
    return { startSec, eurPerMwh: p * unit };
  });
}

/** ENTSO-E Transparency day-ahead prices (documentType A44) as XML. */
function fromEntsoe(text: string): PricePoint[] {
  readerFormat = 'ENTSO-E XML';
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      isArray: (name) => ['TimeSeries', 'Period', 'Point'].includes(name),
    }).parse(text) as Record<string, unknown>;
  } catch (err) {
    fail(`The ENTSO-E file is not valid XML: ${(err as Error).message}`);
  }
  const root = doc.Publication_MarketDocument as Record<string, unknown> | undefined;
  if (!root) fail('The XML is not an ENTSO-E Publication_MarketDocument.');
  const all = (root.TimeSeries ?? []) as Record<string, unknown>[];
  if (all.length === 0) fail('The ENTSO-E document holds no TimeSeries (no prices for the period asked).');
  // The element's name holds a dot: it is one key, not a nested object.
  const seqOf = (ts: Record<string, unknown>) =>
    Number(ts['classificationSequence_AttributeInstanceComponent.position'] ?? 1);
  const sequences = [...new Set(all.map(seqOf))].sort((a, b) => a - b);
  if (sequences.length > 1)
    readerNotes.push(
      `The document holds ${sequences.length} price sequences; sequence ${sequences[0]} is read.`,
    );
  const out: PricePoint[] = [];
  let filled = 0;
  for (const ts of all.filter((x) => seqOf(x) === sequences[0])) {
    const a03 = ts.curveType === 'A03';
    for (const period of (ts.Period ?? []) as Record<string, unknown>[]) {
      const interval = period.timeInterval as { start?: unknown; end?: unknown } | undefined;
      const start = typeof interval?.start === 'string' ? Date.parse(interval.start) / 1000 : NaN;
      const end = typeof interval?.end === 'string' ? Date.parse(interval.end) / 1000 : NaN;
      const res = period.resolution === 'PT15M' ? 900 : period.resolution === 'PT60M' ? 3600 : 0;
      if (!Number.isFinite(start) || !Number.isFinite(end) || res === 0)
        fail(
          `An ENTSO-E Period has no start/end or a resolution other than PT15M/PT60M (${String(period.resolution)}).`,
        );
      // The date rules before any position is filled: a Period is a day of the market (a few at most),
      // never one that ends in 9999 — its positions would be filled forward by the billion.
      const latest = systemClock.nowSec() + PRICE_AHEAD_SEC;
      if (
        start < EARLIEST_PLAUSIBLE_SEC ||
        end > latest + 86_400 ||
        end <= start ||
        end - start > MAX_PERIOD_SEC
      )
        fail(
          `An ENTSO-E Period from ${String(interval?.start)} to ${String(interval?.end)} lies outside 2000 … tomorrow or spans more than ${MAX_PERIOD_SEC / 86_400} days; a price file holds day-ahead prices.`,
        );
      const byPos = new Map<number, number>();
      for (const pt of (period.Point ?? []) as Record<string, unknown>[]) {
        const pos = Number(pt.position);
        const price = Number(pt['price.amount']);
        if (!Number.isInteger(pos) || !Number.isFinite(price))
          fail('An ENTSO-E Point has no position or price.amount.');
        byPos.set(pos, price);
      }
      const n = Math.round((end - start) / res);
      let last: number | null = null;
      for (let pos = 1; pos <= n; pos++) {
        let price = byPos.get(pos);
        if (price === undefined) {
          // A03: a point equal to the one before is left out; anything else missing is no price.
          if (!a03 || last === null) continue;
          price = last;
          filled++;
        }
        last = price;
        out.push({ startSec: start + (pos - 1) * res, eurPerMwh: price });
      }
    }
  }
  if (filled > 0)
    readerNotes.push(
      `${filled} prices the file leaves out (curveType A03: same as the one before) were filled forward.`,
    );
  return out;
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
  const header = hasHeader ? rows[0]!.map((h) => h.replace(/^\uFEFF/, '')) : [];
  const ti = Math.max(
    0,
    header.findIndex((h) => TIME_HEADER.test(h)),
  );
  // APG's day-ahead export: the market-coupling auction's column by its name.
  const apg = header.findIndex((h) => /^(Preis MC Auktion|Price MC Auction)\b/i.test(h));
  if (apg >= 0) readerFormat = 'APG CSV';
  const piFound = apg >= 0 ? apg : header.findIndex((h, i) => i !== ti && PRICE_HEADER.test(h));
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
    if (!/^[+-]?\d+(\.\d+)?$/.test(num))
      fail(`Line ${line}: the price "${quote(priceCell)}" is not a number.`);
    // A range ("a - b"): its start. A "(CET)"/"(CEST)" marker, or APG's "2A"/"2B" hour (the repeated
    // October hour's first and second time: "2025-10-26 2A:15:00", "26.10.2025 02B:00:00"), picks the
    // instant in the repeated hour.
    const range = timeCell.split(/\s+-\s+/)[0]!;
    const ab = /\b(\d{1,2})([AB]):/.exec(range);
    const marker = ab
      ? ab[2] === 'A'
        ? 'CEST'
        : 'CET'
      : (/\((CEST|CET|MESZ|MEZ)\)/i.exec(timeCell)?.[1]?.toUpperCase() ?? null);
    const label = range
      .replace(/\s*\((CEST|CET|MESZ|MEZ)\)/gi, '')
      .replace(/\b(\d{1,2})[AB]:/, '$1:')
      .trim();
    let startSec: number | null = parseIsoOffset(label)?.sec ?? null;
    if (startSec === null) {
      const naive = parseDateTime(label);
      if (naive === null) fail(`Line ${line}: "${quote(timeCell)}" is not a date and time.`);
      const at = instantsOf(naive, tz);
      if (at.length === 0) fail(`Line ${line}: ${label} does not exist in Austrian time (the March change).`);
      if (ab && at.length === 1)
        fail(
          `Line ${line}: "${quote(timeCell)}" marks the repeated October hour (${ab[1]}${ab[2]}), but ${label} is not repeated in Austrian time.`,
        );
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
): { resolutionSec: number; points: PricePoint[]; format: string; notes: string[] } {
  if (bytes.length === 0) fail('The price file is empty.');
  if (bytes.length > MAX_PRICE_FILE_BYTES)
    fail(
      `The price file is ${Math.round(bytes.length / 1024 / 1024)} MB; Meterdesk reads price files up to ${MAX_PRICE_FILE_BYTES / 1024 / 1024} MB (a year of quarter-hour prices is about 1.5 MB).`,
    );
  const { text } = decodeText(bytes);
  readerNotes = [];
  readerFormat = 'CSV';
  const points = /^\s*[[{]/.test(text)
    ? fromJson(text)
    : /^\s*(<\?xml[^>]*>\s*)?<([\w-]+:)?Publication_MarketDocument/.test(text)
      ? fromEntsoe(text)
      : fromCsv(text, tz);
  if (points.length === 0) fail('The file holds no prices.');
  points.sort((a, b) => a.startSec - b.startSec);
  // Day files put together (aWATTar's days fetched one by one around a clock change) list the hour where
  // they meet twice: the same price twice is one price, kept once and said; two prices are refused.
  let repeats = 0;
  for (let i = points.length - 1; i > 0; i--) {
    const [a, b] = [points[i - 1]!, points[i]!];
    if (a.startSec !== b.startSec) continue;
    if (a.eurPerMwh !== b.eurPerMwh)
      fail(
        `Two prices for ${isoWithOffset(b.startSec, tz)} (${a.eurPerMwh} and ${b.eurPerMwh} €/MWh): the file lists an interval twice, with different prices.`,
      );
    points.splice(i, 1);
    repeats += 1;
  }
  if (repeats > 0)
    readerNotes.push(
      `${repeats} interval${repeats === 1 ? ' is' : 's are'} listed twice with the same price (files put together): kept once.`,
    );
  // The rules for every price (common/rules.ts): within the market's bounds, from 2000 to the next day.
  const latest = systemClock.nowSec() + PRICE_AHEAD_SEC;
  for (const p of points) {
    const at = isoWithOffset(p.startSec, tz);
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
        `The price for ${isoWithOffset(p.startSec, tz)} does not start on the ${resolutionSec / 60}-minute grid.`,
      );
  return { resolutionSec, points, format: readerFormat, notes: readerNotes };
}
