/**
 * A page of readings read from the response's bytes straight into columns (reading-columns.ts): no
 * text of the whole body (≈ 1.5 MB a page, which V8 keeps in its large-object space until a full
 * collection) and no object per reading. During a full sync those two made most of the fetch thread's
 * memory: garbage, but collected late.
 *
 * It reads a strict subset of JSON only: the page an object, its `data` an array of flat reading
 * objects in the canonical shape `fastReading` (schemas.ts) takes — string timestamps, a numeric value,
 * a non-empty register, an integer quality 1–3, an optional unit and `updated_at` — with the texts it
 * uses in ASCII without escapes. Anything else (escapes, `data_quality`, a quality in words, a missing
 * register, a repeated field, a value that is not a number, anything that is not JSON) returns null, and
 * the page goes the general way (JSON.parse and the zod schemas), which reads every variant the service
 * is known to send and words every error. What this reader accepts, the general way reads to the same
 * readings: test/integration/page-bytes.test.ts checks that on every contract generation's pages and on
 * thousands of mutated ones.
 *
 * The page's other fields (cursor, `has_more`, `meta`, …) and fields of a reading it does not use are
 * cut out as text and read with JSON.parse, so they are exactly what the general way sees.
 */
import { daysInMonth, parseIsoSec, utcSec } from '../time/local-days';
import type { ReadingColumns } from './reading-columns';

const Q = 0x22; // "
const BS = 0x5c; // \
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

/** Thrown inside the reader when the bytes leave the subset; caught once, at the top. */
const LEAVE = new Error('not in the byte reader’s subset');

const isWs = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function latin1(buf: Uint8Array, a: number, b: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + a, b - a).toString('latin1');
}
function utf8(buf: Uint8Array, a: number, b: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + a, b - a).toString('utf8');
}

/** Two decimal digits at `i`, or NaN. */
function d2(buf: Uint8Array, i: number): number {
  const x = buf[i]! - 0x30;
  const y = buf[i + 1]! - 0x30;
  return x >= 0 && x <= 9 && y >= 0 && y <= 9 ? x * 10 + y : NaN;
}

/** The keys a reading's fields are known by, as bytes with the closing quote. */
const KEYS = [
  'timestamp',
  'value',
  'obis_code',
  'quality',
  'timestamp_end',
  'updated_at',
  'unit',
  'data_quality',
].map((k) => Uint8Array.from(Buffer.from(`${k}"`, 'latin1')));
const K_START = 0;
const K_VALUE = 1;
const K_OBIS = 2;
const K_QUALITY = 3;
const K_END = 4;
const K_UPDATED = 5;
const K_UNIT = 6;
const K_DATA_QUALITY = 7;
const K_OTHER = 8;

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** The reader: the page's bytes, the position, and the last string's text [a, b). */
class Reader {
  i = 0;
  a = 0;
  b = 0;
  private readonly days = new Map<number, number>();
  constructor(readonly buf: Uint8Array) {}

  ws(): number {
    const buf = this.buf;
    let i = this.i;
    while (isWs(buf[i])) i++;
    this.i = i;
    return buf[i] ?? -1;
  }

  expect(c: number): void {
    if (this.ws() !== c) throw LEAVE;
    this.i++;
  }

  /** `,` (true) or the closing `close` (false). */
  more(close: number): boolean {
    const c = this.ws();
    this.i++;
    if (c === COMMA) return true;
    if (c === close) return false;
    throw LEAVE;
  }

  /** A string of printable ASCII without escapes: its text is [this.a, this.b). */
  str(): void {
    if (this.ws() !== Q) throw LEAVE;
    const buf = this.buf;
    const a = this.i + 1;
    let i = a;
    for (;;) {
      const c = buf[i];
      if (c === Q) break;
      if (c === undefined || c < 0x20 || c >= 0x80 || c === BS) throw LEAVE;
      i++;
    }
    this.a = a;
    this.b = i;
    this.i = i + 1;
  }

  /** A reading's key (K_…), with its colon read. */
  key(): number {
    if (this.ws() !== Q) throw LEAVE;
    const buf = this.buf;
    const a = this.i + 1;
    for (let k = 0; k < KEYS.length; k++) {
      const key = KEYS[k]!;
      let j = 0;
      while (j < key.length && buf[a + j] === key[j]) j++;
      if (j === key.length) {
        this.i = a + j;
        this.expect(COLON);
        return k;
      }
    }
    this.str();
    this.expect(COLON);
    return K_OTHER;
  }

  /** `null` (true, read) or not (false, nothing read). */
  atNull(): boolean {
    const buf = this.buf;
    const i = this.i;
    if (buf[i] === 0x6e && buf[i + 1] === 0x75 && buf[i + 2] === 0x6c && buf[i + 3] === 0x6c) {
      this.i = i + 4;
      return true;
    }
    return false;
  }

  /**
   * A timestamp string, as parseIsoSec reads its text. The service's own forms (`YYYY-MM-DDTHH:MM:SSZ`
   * and `…SS±HH:MM`) are read from the bytes — each one validated to the last character, so no quote
   * or escape can hide in it; any other text is read as text.
   */
  stamp(): number {
    if (this.ws() !== Q) throw LEAVE;
    const buf = this.buf;
    const a = this.i + 1;
    const n = buf[a + 20] === Q ? 20 : buf[a + 25] === Q ? 25 : 0;
    if (n > 0) {
      const sec = this.stampBytes(a, n);
      if (sec === sec) {
        this.i = a + n + 1;
        return sec;
      }
    }
    this.str();
    return parseIsoSec(latin1(buf, this.a, this.b));
  }

  /** parseIsoSec's fast path on bytes [a, a + n): the same checks, the same seconds, or NaN. */
  private stampBytes(a: number, n: number): number {
    const buf = this.buf;
    if (
      n === 20
        ? buf[a + 19] !== 0x5a
        : (buf[a + 19] !== 0x2b && buf[a + 19] !== 0x2d) || buf[a + 22] !== COLON
    )
      return NaN;
    if (
      buf[a + 4] !== 0x2d ||
      buf[a + 7] !== 0x2d ||
      buf[a + 10] !== 0x54 ||
      buf[a + 13] !== COLON ||
      buf[a + 16] !== COLON
    )
      return NaN;
    const y = d2(buf, a) * 100 + d2(buf, a + 2);
    const mo = d2(buf, a + 5);
    const d = d2(buf, a + 8);
    const h = d2(buf, a + 11);
    const mi = d2(buf, a + 14);
    const se = d2(buf, a + 17);
    if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && se <= 59))
      return NaN;
    // A page's timestamps fall on a few days (readings and their updated_at): each day computed once.
    const key = (y * 16 + mo) * 32 + d;
    let day = this.days.get(key);
    if (day === undefined) {
      if (this.days.size > 4096) this.days.clear();
      this.days.set(key, (day = utcSec(y, mo, d, 0, 0, 0)));
    }
    let sec = day + h * 3600 + mi * 60 + se;
    if (n === 25) {
      const off = (d2(buf, a + 20) * 60 + d2(buf, a + 23)) * 60;
      sec += buf[a + 19] === 0x2b ? -off : off;
    }
    return sec;
  }

  /** A JSON number, exactly as JSON.parse reads it. */
  num(): number {
    this.ws();
    const buf = this.buf;
    const start = this.i;
    let i = start;
    const neg = buf[i] === 0x2d;
    if (neg) i++;
    let m = 0;
    let digits = 0;
    let c = buf[i]! - 0x30;
    if (c === 0) {
      i++;
      digits = 1;
    } else {
      while (c >= 0 && c <= 9) {
        m = m * 10 + c;
        digits++;
        c = buf[++i]! - 0x30;
      }
      if (digits === 0) throw LEAVE;
    }
    let frac = 0;
    if (buf[i] === 0x2e) {
      const f0 = ++i;
      c = buf[i]! - 0x30;
      while (c >= 0 && c <= 9) {
        m = m * 10 + c;
        digits++;
        c = buf[++i]! - 0x30;
      }
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
    this.i = i;
    // Up to 15 digits and no exponent: the digits and 10^k are both exact, so the one division rounds
    // correctly, as JSON.parse does. Otherwise the number's text decides.
    if (!exponent && digits <= 15 && frac < POW10.length) {
      const v = frac === 0 ? m : m / POW10[frac]!;
      return neg ? -v : v;
    }
    return Number(latin1(buf, start, i));
  }

  /** Skips any JSON value: its text is [this.a, this.b); its syntax is for JSON.parse to check. */
  skip(): void {
    this.ws();
    const buf = this.buf;
    const a = this.i;
    let i = a;
    let depth = 0;
    do {
      const c = buf[i];
      if (c === undefined) throw LEAVE;
      if (c === Q) {
        i++;
        for (;;) {
          const d = buf[i];
          if (d === undefined) throw LEAVE;
          if (d === BS) i += 2;
          else if (d === Q) break;
          else i++;
        }
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
        while (
          buf[i] !== undefined &&
          buf[i] !== COMMA &&
          buf[i] !== RBRACE &&
          buf[i] !== RBRACKET &&
          !isWs(buf[i])
        )
          i++;
        if (i === a) throw LEAVE;
      } else i++;
    } while (depth > 0);
    this.a = a;
    this.b = i;
    this.i = i;
  }
}

/** A table of texts (registers, units) found by their bytes; the last one found is tried first. */
class ByteTable {
  readonly texts: (string | null)[] = [];
  private readonly bytes: Uint8Array[] = [];
  private last = -1;
  private noneAt = -1;
  constructor(private readonly max: number) {}
  index(buf: Uint8Array, a: number, b: number): number {
    if (this.last >= 0 && equal(this.bytes[this.last]!, buf, a, b)) return this.last;
    for (let k = 0; k < this.bytes.length; k++)
      if (k !== this.noneAt && equal(this.bytes[k]!, buf, a, b)) return (this.last = k);
    // More than a page may hold: the general way refuses the page with its own words.
    if (this.texts.length >= this.max) throw LEAVE;
    this.bytes.push(Uint8Array.prototype.slice.call(buf, a, b)); // a copy (a Buffer’s slice is a view)
    this.texts.push(latin1(buf, a, b));
    return (this.last = this.bytes.length - 1);
  }
  /** The index standing for "no text" (a reading without a unit). */
  none(): number {
    if (this.noneAt < 0) {
      this.texts.push(null);
      this.bytes.push(new Uint8Array(0));
      this.noneAt = this.texts.length - 1;
    }
    return this.noneAt;
  }
}

function equal(x: Uint8Array, buf: Uint8Array, a: number, b: number): boolean {
  if (x.length !== b - a) return false;
  for (let k = 0; k < x.length; k++) if (x[k] !== buf[a + k]) return false;
  return true;
}

export interface BytesPage {
  /** The page without `data`, as JSON.parse reads it. */
  envelope: Record<string, unknown>;
  /** The readings; `unit` null where a reading names none (the page's unit applies). */
  columns: ReadingColumns;
}

/**
 * The page in `buf` as its envelope and columns of readings, or null when it is not in the subset this
 * reader takes (the caller then reads it the general way). More distinct registers than
 * `maxRegisters` return null as well (the general way refuses them with its message).
 */
export function readPageBytes(buf: Uint8Array, maxRegisters: number): BytesPage | null {
  try {
    return read(new Reader(buf), maxRegisters);
  } catch (err) {
    if (err === LEAVE) return null;
    throw err;
  }
}

function read(r: Reader, maxRegisters: number): BytesPage {
  const buf = r.buf;
  r.expect(LBRACE);
  const envelopeParts: string[] = [];
  const keys = new Set<string>();
  let columns: ReadingColumns | null = null;
  if (r.ws() === RBRACE) throw LEAVE; // no data: the general way says so
  do {
    r.str();
    const key = latin1(buf, r.a, r.b);
    if (keys.has(key)) throw LEAVE;
    keys.add(key);
    r.expect(COLON);
    if (key === 'data') columns = readings(r, maxRegisters);
    else {
      r.skip();
      envelopeParts.push(`${JSON.stringify(key)}:${utf8(buf, r.a, r.b)}`);
    }
  } while (r.more(RBRACE));
  r.ws();
  if (r.i !== buf.length || columns === null) throw LEAVE;
  let envelope: unknown;
  try {
    envelope = JSON.parse(`{${envelopeParts.join(',')}}`);
  } catch {
    throw LEAVE;
  }
  return { envelope: envelope as Record<string, unknown>, columns };
}

function readings(r: Reader, maxRegisters: number): ReadingColumns {
  const buf = r.buf;
  r.expect(LBRACKET);
  // A reading takes at least 60 bytes of the page: room for all of them, trimmed at the end.
  const cap = Math.ceil(buf.length / 60) + 1;
  const startSec = new Float64Array(cap);
  const endSec = new Float64Array(cap);
  const value = new Float64Array(cap);
  const updatedSec = new Float64Array(cap);
  const quality = new Uint8Array(cap);
  const register = new Uint16Array(cap);
  const unit = new Uint16Array(cap);
  const registers = new ByteTable(maxRegisters);
  const units = new ByteTable(64);
  let n = 0;
  if (r.ws() === RBRACKET) r.i++;
  else
    do {
      if (n === cap) throw LEAVE;
      r.expect(LBRACE);
      let seen = 0;
      let s = NaN;
      let e = NaN;
      let v = NaN;
      let q = 0;
      let reg = 0;
      let u = -1;
      let up = NaN;
      if (r.ws() === RBRACE) throw LEAVE;
      do {
        const k = r.key();
        if (k === K_OTHER) {
          // A field this reader does not use: ignored, as the general way ignores it, once it is JSON.
          r.skip();
          try {
            JSON.parse(utf8(buf, r.a, r.b));
          } catch {
            throw LEAVE;
          }
          continue;
        }
        // A repeated field, or one only the general way reads (`data_quality`): the general way decides.
        if (seen & (1 << k) || k === K_DATA_QUALITY) throw LEAVE;
        seen |= 1 << k;
        switch (k) {
          case K_START:
            s = r.stamp();
            break;
          case K_VALUE:
            v = r.num();
            break;
          case K_OBIS:
            r.str();
            if (r.a === r.b) throw LEAVE;
            reg = registers.index(buf, r.a, r.b);
            break;
          case K_QUALITY:
            q = r.num();
            if (q !== 1 && q !== 2 && q !== 3) throw LEAVE;
            break;
          case K_END:
            e = r.stamp();
            break;
          case K_UPDATED:
            r.ws();
            if (!r.atNull()) {
              up = r.stamp();
              if (up !== up) throw LEAVE;
            }
            break;
          case K_UNIT:
            r.str();
            u = units.index(buf, r.a, r.b);
            break;
          default:
            throw LEAVE;
        }
      } while (r.more(RBRACE));
      const need = (1 << K_START) | (1 << K_VALUE) | (1 << K_QUALITY) | (1 << K_OBIS);
      if ((seen & need) !== need || s !== s || !Number.isFinite(v)) throw LEAVE;
      if (seen & (1 << K_END)) {
        if (!(e > s)) throw LEAVE;
      } else e = s + 900;
      startSec[n] = s;
      endSec[n] = e;
      value[n] = v;
      updatedSec[n] = up;
      quality[n] = q;
      register[n] = reg;
      unit[n] = u < 0 ? units.none() : u;
      n++;
    } while (r.more(RBRACKET));
  return {
    length: n,
    startSec: startSec.slice(0, n),
    endSec: endSec.slice(0, n),
    value: value.slice(0, n),
    updatedSec: updatedSec.slice(0, n),
    quality: quality.slice(0, n),
    register: register.slice(0, n),
    registers: registers.texts as string[],
    unit: unit.slice(0, n),
    units: units.texts,
  };
}
