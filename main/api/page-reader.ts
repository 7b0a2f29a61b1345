/**
 * A page of readings read from the response's bytes (issue 46): no text of the whole body and no
 * object per reading — the readings go straight into columns (reading-columns.ts), where JSON.parse
 * and the schema built six objects each (the raw reading, four strings, the reading). With JSON.parse
 * the sync took 3.2–3.5 µs of CPU per reading; the target is 1.7.
 *
 * It reads a strict subset of JSON only: the page an object whose `data` is an array of flat reading
 * objects in the canonical shape `fastReading` (schemas.ts) takes — string timestamps in the service's
 * own forms, a numeric value, a register, an integer quality 1–3, an optional unit and `updated_at` —
 * with the texts it uses in printable ASCII without escapes. Anything else (escapes, `data_quality`, a
 * quality in words, a missing register, a field it does not know, a repeated field, anything that is
 * not JSON) returns null, and the page goes the general way (JSON.parse and the zod schemas), which
 * reads every variant the service is known to send and words every error. What this reader accepts,
 * the general way reads to the same page: test/integration/page-reader.test.ts checks that on every
 * contract generation's pages and on thousands of mutated ones.
 *
 * The page's other fields (cursor, `has_more`, `meta`, …) are cut out as text and read through the
 * door for outside JSON (doors/json-bytes.ts, the same limits), so they are what the general way sees.
 *
 * Written for speed, as plain functions over a local position: each helper returns where it stopped
 * and leaves what it read in `got` (no object per call).
 */
import { identifierIssue, TEXT_CAPS } from '../../common/rules';
import { parseJsonBounded, type JsonLimits } from '../doors/json-bytes';
import { isoSecOfBytes } from '../time/local-days';
import { ReadingColumns } from './reading-columns';

const Q = 0x22; // "
const BS = 0x5c; // \
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

/** Thrown inside the reader when the bytes leave the subset; caught once, at the top. */
const LEAVE = new Error('not in the page reader’s subset');

/** What the last helper read: seconds or a text's index (small integers, kept unboxed). */
let got = 0;
/** The last number numAt read: a double kept here, where `got` would box each one (issue 46). */
const NUM = new Float64Array(1);

/** The keys a reading's fields are known by, as bytes with the closing quote (their index: K_…). */
const KEYS = ['timestamp', 'value', 'obis_code', 'quality', 'timestamp_end', 'updated_at', 'unit'].map((k) =>
  Uint8Array.from(Buffer.from(`${k}"`, 'latin1')),
);
/** Bytes looked for at a position: as little-endian 32-bit words and the bytes after them. */
interface Pattern {
  length: number;
  words: Int32Array;
  tail: Uint8Array;
}
function patternOf(bytes: Uint8Array): Pattern {
  const b = Uint8Array.from(bytes);
  const view = new DataView(b.buffer);
  const words = Int32Array.from({ length: b.length >> 2 }, (_, w) => view.getInt32(w * 4, true));
  return { length: b.length, words, tail: b.subarray(words.length * 4) };
}
/** Each key with its closing quote and colon. */
const KEYS_COLON = KEYS.map((key) => patternOf(Uint8Array.from([...key, COLON])));
const [K_START, K_VALUE, K_OBIS, K_QUALITY, K_END, K_UPDATED, K_UNIT] = [0, 1, 2, 3, 4, 5, 6] as const;
const NEEDED = (1 << K_START) | (1 << K_VALUE) | (1 << K_QUALITY) | (1 << K_OBIS);
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

const decode = (buf: Uint8Array, enc: 'latin1' | 'utf8', a: number, b: number) =>
  Buffer.from(buf.buffer, buf.byteOffset + a, b - a).toString(enc);

function ws(buf: Uint8Array, i: number): number {
  let c = buf[i];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = buf[++i];
  return i;
}

/** Past `c` (after whitespace), or leaves. */
function past(buf: Uint8Array, i: number, c: number): number {
  i = ws(buf, i);
  if (buf[i] !== c) throw LEAVE;
  return i + 1;
}

/** The end of a string of printable ASCII without escapes whose text starts at `a` (its closing quote). */
function strEnd(buf: Uint8Array, a: number): number {
  let i = a;
  for (let c = buf[i]; c !== Q; c = buf[++i])
    if (c === undefined || c < 0x20 || c > 0x7e || c === BS) throw LEAVE;
  return i;
}

/** Whether the bytes at `a` are the pattern's, compared four at a time (a third of the reader's work). */
function matchAt(view: DataView, buf: Uint8Array, a: number, p: Pattern): boolean {
  const { length, words, tail } = p;
  if (a + length > buf.length) return false;
  for (let w = 0; w < words.length; w++) if (view.getInt32(a + 4 * w, true) !== words[w]) return false;
  const t = a + 4 * words.length;
  for (let j = 0; j < tail.length; j++) if (buf[t + j] !== tail[j]) return false;
  return true;
}

/** Whether the bytes at `a` are KEYS[k] with its closing quote. */
function keyIs(buf: Uint8Array, a: number, k: number): boolean {
  const key = KEYS[k]!;
  for (let j = 0; j < key.length; j++) if (buf[a + j] !== key[j]) return false;
  return true;
}

/** A timestamp string at `i` (its opening quote) in the service's own forms: seconds in `got`. */
function stampAt(buf: Uint8Array, i: number): number {
  if (buf[i] !== Q) throw LEAVE;
  const b = buf[i + 21] === Q ? i + 21 : buf[i + 26] === Q ? i + 26 : -1;
  // Each character checked (digits, separators), so no quote or escape hides in it; other forms leave.
  if (b < 0 || (got = isoSecOfBytes(buf, i + 1, b)) !== got) throw LEAVE;
  return b + 1;
}

/** A JSON number at `i`, exactly as JSON.parse reads it, in `NUM[0]`. */
function numAt(buf: Uint8Array, i: number): number {
  const start = i;
  const neg = buf[i] === 0x2d;
  if (neg) i++;
  let m = 0;
  let digits = 0;
  let c = buf[i]! - 0x30;
  if (c === 0) {
    i++;
    digits = 1;
  } else {
    for (; c >= 0 && c <= 9; c = buf[++i]! - 0x30, digits++) m = m * 10 + c;
    if (digits === 0) throw LEAVE;
  }
  let frac = 0;
  if (buf[i] === 0x2e) {
    const f0 = ++i;
    for (c = buf[i]! - 0x30; c >= 0 && c <= 9; c = buf[++i]! - 0x30, digits++) m = m * 10 + c;
    frac = i - f0;
    if (frac === 0) throw LEAVE;
  }
  let exponent = false;
  if (buf[i] === 0x65 || buf[i] === 0x45) {
    exponent = true;
    i++;
    if (buf[i] === 0x2b || buf[i] === 0x2d) i++;
    const e0 = i;
    while (buf[i]! >= 0x30 && buf[i]! <= 0x39) i++;
    if (i === e0) throw LEAVE;
  }
  // Up to 15 digits and no exponent: the digits and 10^k are both exact, so the one division rounds
  // correctly, as JSON.parse does. Otherwise the number's text decides.
  if (!exponent && digits <= 15 && frac < POW10.length) NUM[0] = neg ? -(m / POW10[frac]!) : m / POW10[frac]!;
  else NUM[0] = Number(decode(buf, 'latin1', start, i));
  return i;
}

/** Texts (registers, units) found by their bytes, each checked once as the schemas check it. */
class Texts {
  readonly texts: string[] = [];
  /** Each text with its closing quote. */
  private readonly patterns: Pattern[] = [];
  private last = -1;
  constructor(private readonly max: number) {}
  /** The text at `i` (its opening quote): its index in `got`; returns the position after it. */
  at(view: DataView, buf: Uint8Array, i: number): number {
    if (buf[i] !== Q) throw LEAVE;
    const a = i + 1;
    const last = this.patterns[this.last];
    if (last !== undefined && matchAt(view, buf, a, last)) {
      got = this.last;
      return a + last.length;
    }
    const b = strEnd(buf, a);
    for (let k = 0; k < this.patterns.length; k++)
      if (this.patterns[k]!.length === b + 1 - a && matchAt(view, buf, a, this.patterns[k]!)) {
        got = this.last = k;
        return b + 1;
      }
    // More than a page may hold, or a text the schemas refuse: the general way says so in its words.
    const text = decode(buf, 'latin1', a, b);
    if (this.texts.length >= this.max || identifierIssue(text, TEXT_CAPS.register)) throw LEAVE;
    this.patterns.push(patternOf(buf.subarray(a, b + 1)));
    this.texts.push(text);
    got = this.last = this.texts.length - 1;
    return b + 1;
  }
}

export interface ReadLimits extends JsonLimits {
  /** The most readings a page may hold. */
  readings: number;
  /** The most registers (and units) a page may name. */
  registers: number;
}

/**
 * The page in `buf` as its envelope (the other fields, as JSON.parse reads them) and its readings, or
 * null when it is not in the subset this reader takes (the caller then reads it the general way).
 */
export function readPageBytes(
  buf: Uint8Array,
  limits: ReadLimits,
): { envelope: Record<string, unknown>; readings: ReadingColumns } | null {
  try {
    return page(new Uint8Array(buf.buffer, buf.byteOffset, buf.length), limits);
  } catch (err) {
    if (err === LEAVE) return null;
    throw err;
  }
}

function page(buf: Uint8Array, limits: ReadLimits) {
  let i = past(buf, 0, LBRACE);
  const parts: string[] = [];
  const keys = new Set<string>();
  let readings: ReadingColumns | null = null;
  do {
    i = ws(buf, i);
    if (buf[i] !== Q) throw LEAVE; // also an empty page: the general way says what is missing
    const b = strEnd(buf, i + 1);
    const key = decode(buf, 'latin1', i + 1, b);
    if (keys.has(key)) throw LEAVE;
    keys.add(key);
    i = ws(buf, past(buf, b + 1, COLON));
    if (key === 'data') {
      // Room for the readings the bytes can hold at the service's ≈ 180 bytes each; grown if more.
      const out = new ReadingColumns(Math.min(limits.readings, Math.ceil(buf.length / 150)));
      i = readingsAt(buf, i, limits, out);
      readings = out;
    } else {
      const end = valueEnd(buf, i);
      parts.push(`${JSON.stringify(key)}:${decode(buf, 'utf8', i, end)}`);
      i = end;
    }
    i = ws(buf, i);
  } while (buf[i++] === COMMA);
  if (buf[i - 1] !== RBRACE || ws(buf, i) !== buf.length || readings === null) throw LEAVE;
  // The other fields through the door for outside JSON, within the same limits (and the page's bytes).
  try {
    const envelope = parseJsonBounded(Buffer.from(`{${parts.join(',')}}`), buf.length + 2, limits);
    return { envelope: envelope as Record<string, unknown>, readings };
  } catch {
    throw LEAVE;
  }
}

/** The end of any JSON value at `a`; its syntax is for JSON.parse to check. */
function valueEnd(buf: Uint8Array, a: number): number {
  let i = a;
  let depth = 0;
  do {
    const c = buf[i];
    if (c === undefined) throw LEAVE;
    if (c === Q) {
      for (i++; buf[i] !== Q; i += buf[i] === BS ? 2 : 1) if (buf[i] === undefined) throw LEAVE;
      i++;
    } else if (c === LBRACE || c === LBRACKET) {
      depth++;
      i++;
    } else if (c === RBRACE || c === RBRACKET) {
      if (depth === 0) throw LEAVE;
      depth--;
      i++;
    } else if (depth === 0) {
      // A scalar: up to the next delimiter or whitespace.
      for (let d = buf[i]; d !== undefined && d !== COMMA && d !== RBRACE && d > 0x20; d = buf[++i]);
      if (i === a) throw LEAVE;
    } else i++;
  } while (depth > 0);
  return i;
}

function readingsAt(buf: Uint8Array, i: number, limits: ReadLimits, out: ReadingColumns): number {
  const registers = new Texts(limits.registers);
  const units = new Texts(limits.registers);
  /** The column register of each register and unit (unit + 1; 0: none given), -1 until met. */
  const pairs = new Int32Array(limits.registers * (limits.registers + 1)).fill(-1);
  /** The key that followed each key (index KEYS.length: a reading's first) in the last reading. */
  const next = new Array<number>(KEYS.length + 1).fill(0);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  i = ws(buf, past(buf, i, LBRACKET));
  if (buf[i] === RBRACKET) return i + 1;
  do {
    if (out.length === limits.readings) throw LEAVE;
    i = past(buf, i, LBRACE);
    let seen = 0;
    let k = KEYS.length;
    let startSec = NaN;
    let endSec = NaN;
    let value = NaN;
    let quality = 0;
    let obis = 0;
    let unit = -1;
    let updatedSec = NaN;
    do {
      i = ws(buf, i);
      if (buf[i] !== Q) throw LEAVE;
      // The service writes its fields in one order and without spaces: the key (with its colon) that
      // followed this one last time is tried first.
      const guess = next[k]!;
      let found = guess;
      if (matchAt(view, buf, i + 1, KEYS_COLON[guess]!)) i += 1 + KEYS_COLON[guess]!.length;
      else {
        found = KEYS.findIndex((_, j) => keyIs(buf, i + 1, j));
        if (found < 0) throw LEAVE; // a field it does not know: the general way decides
        i = past(buf, i + 1 + KEYS[found]!.length, COLON);
      }
      if (seen & (1 << found)) throw LEAVE; // a repeated field: the general way decides
      next[k] = k = found;
      seen |= 1 << k;
      i = ws(buf, i);
      switch (k) {
        case K_START:
          i = stampAt(buf, i);
          startSec = got;
          break;
        case K_VALUE:
          i = numAt(buf, i);
          value = NUM[0]!;
          break;
        case K_OBIS:
          i = registers.at(view, buf, i);
          obis = got;
          break;
        case K_QUALITY:
          i = numAt(buf, i);
          if ((quality = NUM[0]!) !== 1 && quality !== 2 && quality !== 3) throw LEAVE;
          break;
        case K_END:
          i = stampAt(buf, i);
          endSec = got;
          break;
        case K_UNIT:
          i = units.at(view, buf, i);
          unit = got;
          break;
        case K_UPDATED:
          if (buf[i] === 0x6e && buf[i + 1] === 0x75 && buf[i + 2] === 0x6c && buf[i + 3] === 0x6c) i += 4;
          else {
            i = stampAt(buf, i);
            updatedSec = got;
          }
      }
      i = ws(buf, i);
    } while (buf[i++] === COMMA);
    if (buf[i - 1] !== RBRACE || (seen & NEEDED) !== NEEDED || !Number.isFinite(value)) throw LEAVE;
    if (!(seen & (1 << K_END))) endSec = startSec + 900;
    else if (!(endSec > startSec)) throw LEAVE;
    const pair = obis * (limits.registers + 1) + unit + 1;
    let reg = pairs[pair]!;
    if (reg < 0) pairs[pair] = reg = out.addRegister(registers.texts[obis]!, units.texts[unit]);
    out.push(startSec, endSec, value, quality, updatedSec, reg);
    i = ws(buf, i);
  } while (buf[i++] === COMMA);
  if (buf[i - 1] !== RBRACKET) throw LEAVE;
  return i;
}
