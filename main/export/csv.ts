/**
 * CSV export of readings, streamed row by row (a year of many meters never sits in memory).
 *
 * Profiles (DOMAIN.md "CSV that opens right"):
 * - excel-at: UTF-8 BOM, `;` separator, decimal comma, no digit grouping (Excel de-AT parses
 *   "1234,5" as a number; a narrow no-break space grouping would turn it into text), CRLF,
 *   local times as `dd.MM.yyyy HH:mm`, German headers, quality L1/L2/L3, revised ja/nein.
 * - iso: RFC 4180 (`,`, CRLF, quotes where needed), no BOM, `.` decimals, ISO 8601 times.
 * Both carry start and end in local time and as ISO 8601 UTC, the register, unit, quality and whether
 * the value was revised. Missing quarter-hours are written as rows with an empty value, so gaps and
 * DST days (92/100 rows) are visible.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type Database from 'better-sqlite3';
import type { ExportProfile } from '../../preload/contract';
import {
  DEFAULT_TZ,
  QH_SEC,
  dayNumberOf,
  dayNumbersAround,
  dayStartSec,
  offsetMinutesAt,
} from '../time/local-days';
import { AppError } from '../errors';
import { excelText } from './cells';
import { META, SCALE, packedChunkReader } from './packed-read';
import { readRange, spanIn } from '../db/readings-read';
import type { PartialTracker } from './partials';
import { readAhead, type ChunkStream } from './read-ahead';

/** Row-rest keys below this (values up to 65.535 with any quality and flag) are cached in an array. */
const DENSE_KEYS = 1 << 19;
/** Quarter-hours per read chunk at most: 30 days (the packed read carries offsets below 4 096). */
const CHUNK_SLOTS = 30 * 96;
/**
 * Exports that read at least this many rows row by row (days without a block) have their chunks read
 * ahead by a thread. Days with blocks read ≈ 9 × faster than rows, and with them the thread measured
 * no gain (docs/performance.md).
 */
const READ_AHEAD_MIN_ROWS = 200_000;

export interface ExportRequest {
  meterIds: string[];
  obisCodes: string[];
  fromSec: number;
  toSec: number;
  profile: ExportProfile;
}

const headers: Record<ExportProfile, string[]> = {
  'excel-at': [
    'Beginn (lokal)',
    'Ende (lokal)',
    'Beginn (UTC)',
    'Ende (UTC)',
    'Zählpunkt',
    'Register',
    'Wert',
    'Einheit',
    'Qualität',
    'Revidiert',
  ],
  iso: [
    'start_local',
    'end_local',
    'start_utc',
    'end_utc',
    'metering_point',
    'obis_code',
    'value',
    'unit',
    'quality',
    'revised',
  ],
};

/**
 * The four timestamp fields of every quarter-hour of the range, joined by the separator, built once
 * per export and shared by every series (they are the same for each), as bytes: one buffer with a
 * view per quarter-hour. Written byte by byte from the day's prefix (made once per day) and the
 * clock's digits: the texts `localDateTimeDe`, `isoWithOffset` and `isoUtc` give, pinned by a test
 * over three years in several zones. Building them as strings took ≈ 20 % of an export of three
 * years; with a table lookup and a copy per field, ≈ 40 ms of the first export of a million rows.
 */
export function timeColumns(
  from: number,
  slots: number,
  tz: string,
  excel: boolean,
  sep: string,
): Uint8Array[] {
  const S = sep.charCodeAt(0);
  const views = new Array<Uint8Array>(slots);
  // The last local and UTC day, hour and offset seen, with their texts (the buffer and the write
  // position stay local variables: captured by closures, every byte written cost ≈ 4 × as much).
  let localDay = NaN;
  let localPrefix = EMPTY;
  let utcDay = NaN;
  let utcPrefix = EMPTY;
  let hour = NaN;
  let offset = 0;
  let offsetBytes = EMPTY;
  let buf = Buffer.allocUnsafe(0);
  let at = 0;
  for (let k = 0; k < slots; k++) {
    // Room for the row's four fields (prefixes of years beyond 9999 are longer: 64 bytes a field).
    if (at + 4 * 64 > buf.length) {
      buf = Buffer.allocUnsafe(1 << 20);
      at = 0;
    }
    const a = at;
    const start = from + k * QH_SEC;
    for (let e = 0; e < 2; e++) {
      // Local time of the start, then the end (Excel: to the minute; ISO: to the second, with the offset).
      const sec = start + e * QH_SEC;
      const h = Math.floor(sec / 3600);
      if (h !== hour) {
        hour = h;
        const off = offsetMinutesAt(sec, tz);
        if (off !== offset || offsetBytes === EMPTY) offsetBytes = Buffer.from(offsetText(off), 'latin1');
        offset = off;
      }
      const clock = sec + offset * 60;
      const day = Math.floor(clock / 86_400);
      if (day !== localDay) {
        localDay = day;
        localPrefix = dayPrefix(day, excel);
      }
      at = clockText(buf, at, localPrefix, clock - day * 86_400, !excel);
      if (!excel) at = put(buf, at, offsetBytes);
      buf[at++] = S;
    }
    for (let e = 0; e < 2; e++) {
      const sec = start + e * QH_SEC;
      const day = Math.floor(sec / 86_400);
      if (day !== utcDay) {
        utcDay = day;
        utcPrefix = dayPrefix(day, false);
      }
      at = clockText(buf, at, utcPrefix, sec - day * 86_400, true);
      buf[at++] = 0x5a; // Z
      if (e === 0) buf[at++] = S;
    }
    views[k] = new Uint8Array(buf.buffer, buf.byteOffset + a, at - a);
  }
  return views;
}

const EMPTY = new Uint8Array(0);

/** The day prefix (`dd.MM.yyyy ` or `YYYY-MM-DDT`) of a day number since 1970, as bytes. */
function dayPrefix(day: number, de: boolean): Uint8Array {
  const iso = new Date(day * 86_400_000).toISOString();
  return Buffer.from(de ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ` : iso.slice(0, 11), 'latin1');
}

/** Writes `part` into `buf` at `at`; returns the position after it. */
function put(buf: Uint8Array, at: number, part: Uint8Array): number {
  for (let i = 0; i < part.length; i++) buf[at + i] = part[i]!;
  return at + part.length;
}

/** Writes the day's prefix and the time of day `t` (seconds): `HH:mm`, or `HH:mm:ss` with seconds. */
function clockText(buf: Uint8Array, at: number, prefix: Uint8Array, t: number, seconds: boolean): number {
  at = put(buf, at, prefix);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t - h * 3600) / 60);
  buf[at] = 0x30 + ((h / 10) | 0);
  buf[at + 1] = 0x30 + (h % 10);
  buf[at + 2] = COLON;
  buf[at + 3] = 0x30 + ((m / 10) | 0);
  buf[at + 4] = 0x30 + (m % 10);
  if (!seconds) return at + 5;
  const s = t - h * 3600 - m * 60;
  buf[at + 5] = COLON;
  buf[at + 6] = 0x30 + ((s / 10) | 0);
  buf[at + 7] = 0x30 + (s % 10);
  return at + 8;
}

const COLON = 0x3a;

/** `+01:00` for an offset in minutes. */
function offsetText(off: number): string {
  const a = Math.abs(off);
  return `${off < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/**
 * Rows are copied into chunk buffers as bytes (`Uint8Array.set` of ready parts is ≈ 4 × faster than
 * concatenating the row strings, joining and encoding them). A full buffer is handed to the stream
 * as it is and the next one taken; a buffer comes back (`recycle`) once the stream has written it, so
 * an export of 150 MB cycles through a few buffers instead of allocating 150 of 1 MB, whose garbage
 * made ≈ 15 % of the first export's time.
 */
class ByteChunks {
  private buf: Buffer;
  private pos = 0;
  private readonly done: Buffer[] = [];
  private readonly free: Buffer[] = [];
  constructor(private readonly size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }
  private next(n: number): Buffer {
    const i = this.free.findIndex((b) => b.length >= n);
    return i >= 0 ? this.free.splice(i, 1)[0]! : Buffer.allocUnsafe(Math.max(this.size, n));
  }
  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    if (this.pos > 0) this.done.push(this.buf.subarray(0, this.pos));
    this.buf = this.next(n);
    this.pos = 0;
  }
  /** Appends a row of two parts (time fields and the rest): the export's hot path, one call a row. */
  row(a: Uint8Array, b: Uint8Array): void {
    const n = a.length + b.length;
    if (this.pos + n > this.buf.length) this.reserve(n);
    const buf = this.buf;
    const pos = this.pos;
    buf.set(a, pos);
    buf.set(b, pos + a.length);
    this.pos = pos + n;
  }
  /** Appends `part`; the caller has reserved the room. */
  put(part: Uint8Array): void {
    this.buf.set(part, this.pos);
    this.pos += part.length;
  }
  /** The filled buffers so far (each a view from the start of its own buffer); the next rows go to a new one. */
  take(): Buffer[] {
    if (this.pos > 0) {
      this.done.push(this.buf.subarray(0, this.pos));
      this.buf = this.next(this.size);
      this.pos = 0;
    }
    return this.done.splice(0);
  }
  /** A buffer `take` handed out, written: its memory serves the next rows. */
  recycle(written: Buffer): void {
    if (this.free.length < 16)
      this.free.push(
        Buffer.from(written.buffer, written.byteOffset, written.buffer.byteLength - written.byteOffset),
      );
  }
}

/**
 * Writes the CSV to `path` (via a temporary file renamed at the end, so a failed export never leaves
 * a half-written file under the chosen name). Returns rows and bytes written.
 *
 * Rows are assembled directly (RFC 4180: a field is quoted only if it holds the separator, a quote or a
 * line break — the same output csv-stringify gives, which the byte-exact tests pin) from parts encoded
 * once: the timestamp fields per quarter-hour of the range, the meter/register fields per series, the
 * unit/quality/revised tail per quality, and the text of each distinct value. A packed row is two
 * copies: its time fields and, made once per series and distinct value, quality and flag, the rest of
 * the row (each copy costs ≈ 40 ns whatever its length). Parts live in Buffers, off the V8 heap: made
 * as small on-heap Uint8Arrays, the two copies measured slower than three from Buffers. Rows are
 * written in chunks.
 */
export async function exportCsv(
  db: Database.Database,
  req: ExportRequest,
  path: string,
  opts: {
    tz?: string;
    onProgress?: (rows: number, total: number) => void;
    signal?: AbortSignal;
    /** Read chunks ahead in a thread (read-ahead.ts); by default for exports of 200 000 rows and more. */
    readAhead?: boolean;
    /** Lists the partial file while it exists, so a killed export's file is removed at the next start. */
    partials?: PartialTracker;
  } = {},
): Promise<{ rows: number; bytes: number }> {
  const tz = opts.tz ?? DEFAULT_TZ;
  const excel = req.profile === 'excel-at';
  const sep = excel ? ';' : ',';
  const needsQuote = excel ? /[;"\r\n]/ : /[,"\r\n]/;
  const field = (v: string) => (needsQuote.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  // Text from the service: never a formula in Excel (cells.ts).
  const textField = (v: string) => field(excel ? excelText(v) : v);
  const utf8 = (v: string) => Buffer.from(v, 'utf8');
  const tmp = `${path}.partial-${process.pid}`;
  const untrack = opts.partials?.track(tmp);
  const out = createWriteStream(tmp, { highWaterMark: 8 << 20 });
  const finished = once(out, 'finish');
  let bytes = 0;
  /** Where written chunks go back to (the export's ByteChunks), once the stream has written them. */
  let recycle: ((b: Buffer) => void) | null = null;
  const write = async (bufs: Buffer[]) => {
    for (const buf of bufs) {
      bytes += buf.length;
      const back = recycle;
      if (!out.write(buf, back ? (err) => !err && back(buf) : undefined)) await once(out, 'drain');
    }
  };
  const valueString = (v: number) => (excel ? String(v).replace('.', ',') : String(v));
  // Distinct values are few (kWh with three decimals): their text is made once.
  const valueText = new Map<number, Uint8Array>();
  const text = (v: number): Uint8Array => {
    let t = valueText.get(v);
    if (t === undefined) {
      t = utf8(valueString(v));
      if (valueText.size > 200_000) valueText.clear();
      valueText.set(v, t);
    }
    return t;
  };
  // Per series: the fixed fields, value and tail of a packed row as one part, made once per distinct
  // value, quality and revised flag (key: thousandths · 8 + revised · 4 + quality), so that a row is
  // two copies, its time fields and this; cleared for each series (only what was set).
  const rowRests: (Uint8Array | undefined)[] = new Array(DENSE_KEYS);
  const rowRestKeys: number[] = [];
  const rowRestsSparse = new Map<number, Uint8Array>();
  let rows = 0;
  let stream: ChunkStream | null = null;
  try {
    await write([utf8((excel ? '\uFEFF' : '') + headers[req.profile].map(field).join(sep) + '\r\n')]);
    if (req.toSec - req.fromSec > MAX_EXPORT_RANGE_SEC)
      throw new AppError('invalid_input', 'An export covers at most 10 years; choose a shorter range.', {
        reason: 'range_too_long',
      });
    const meterStmt = db.prepare<[string], { metering_point: string }>(
      'SELECT metering_point FROM meters WHERE id = ?',
    );
    const seriesStmt = db.prepare<[string, string], { id: number; unit: string }>(
      'SELECT id, unit FROM series WHERE meter_id = ? AND obis_code = ?',
    );
    // The range, clamped to the local days that hold readings of these series: rows run from the
    // first such day to the last (gaps within them as empty rows), never over empty centuries.
    const held = dataSpan(
      db,
      req.meterIds
        .flatMap((m) => req.obisCodes.map((o) => seriesStmt.get(m, o)?.id))
        .filter((x) => x !== undefined),
      req.fromSec,
      req.toSec,
    );
    const from = held
      ? Math.floor(Math.max(req.fromSec, dayStartSec(dayNumberOf(held.fromSec, tz), tz)) / QH_SEC) * QH_SEC
      : 0;
    const to = held
      ? Math.ceil(Math.min(req.toSec, dayStartSec(dayNumberOf(held.toSec - 1, tz) + 1, tz)) / QH_SEC) * QH_SEC
      : 0;
    const slots = Math.max(0, (to - from) / QH_SEC);
    const total = slots * req.meterIds.length * req.obisCodes.length;
    const readPacked = packedChunkReader(db);
    let times: Uint8Array[] | null = null;
    let longestTime = 0;
    const yes = excel ? 'ja' : 'true';
    const no = excel ? 'nein' : 'false';
    const sink = new ByteChunks(1 << 20);
    recycle = (b) => sink.recycle(b);
    // The series to write, in file order; a large export has its chunks read ahead by a thread.
    const targets: { mp: string; obis: string; s: { id: number; unit: string } }[] = [];
    for (const meterId of req.meterIds) {
      const mp = textField(meterStmt.get(meterId)?.metering_point ?? meterId);
      for (const obis of req.obisCodes) {
        const s = seriesStmt.get(meterId, obis);
        if (s) targets.push({ mp, obis, s });
      }
    }
    const bounds = chunkBounds(from, slots, tz);
    const readsRows = () =>
      rowsWithoutBlocks(
        db,
        targets.map((t) => t.s.id),
        from,
        to,
      ) >= READ_AHEAD_MIN_ROWS;
    if (slots > 0 && (opts.readAhead ?? readsRows())) {
      const plan = new Float64Array(targets.length * (bounds.length - 1) * 3);
      let k = 0;
      for (const { s } of targets)
        for (let n = 0; n + 1 < bounds.length; n++) {
          plan[k++] = s.id;
          plan[k++] = from + bounds[n]! * QH_SEC;
          plan[k++] = from + bounds[n + 1]! * QH_SEC;
        }
      stream = readAhead(db, plan);
    }
    for (const { mp, obis, s } of targets) {
      if (times === null) {
        times = timeColumns(from, slots, tz, excel, sep);
        for (const t of times) longestTime = Math.max(longestTime, t.length);
      }
      const time = times;
      const fixedText = `${sep}${mp}${sep}${textField(obis)}${sep}`;
      const fixed = utf8(fixedText);
      const unit = textField(s.unit);
      const tailText = (q: number, revised: boolean) =>
        `${sep}${unit}${sep}${excel ? `L${q}` : String(q)}${sep}${revised ? yes : no}\r\n`;
      // `;kWh;L2;nein\r\n` per quality (index) and revised (0/1); a gap row's tail has empty fields.
      const tails = [0, 1, 2, 3].map((q) => [false, true].map((r) => utf8(tailText(q, r))));
      const gapTailText = `${sep}${unit}${sep}${sep}\r\n`;
      const tailOf = (q: number, revised: boolean) =>
        tails[q]?.[revised ? 1 : 0] ?? utf8(tailText(q, revised));
      for (const key of rowRestKeys) rowRests[key] = undefined;
      rowRestKeys.length = 0;
      rowRestsSparse.clear();
      const rowRest = (key: number): Uint8Array => {
        const dense = key >= 0 && key < DENSE_KEYS;
        let t = dense ? rowRests[key] : rowRestsSparse.get(key);
        if (t === undefined) {
          const m = Math.floor(key / 8);
          t = utf8(fixedText + valueString(m / SCALE) + tailText(key & 3, (key & 4) !== 0));
          if (dense) {
            rowRests[key] = t;
            rowRestKeys.push(key);
          } else {
            if (rowRestsSparse.size > 200_000) rowRestsSparse.clear();
            rowRestsSparse.set(key, t);
          }
        }
        return t;
      };
      // Room for a row: the longest time fields and the fixed fields; its value and tail come on top.
      const row = longestTime + fixed.length;
      const gapRest = utf8(fixedText + gapTailText);
      let k = 0;
      const gapsTo = (i: number) => {
        for (; k < i; k++) sink.row(time[k]!, gapRest);
      };
      // Read in chunks rather than holding an open iterator across awaits, which would keep the
      // connection busy and block the sync's writes.
      for (let n = 0; n + 1 < bounds.length; n++) {
        const c = bounds[n]!;
        const end = bounds[n + 1]!;
        const before = k;
        const a = from + c * QH_SEC;
        const b = from + end * QH_SEC;
        const packed = (stream ? await stream.next() : null) ?? readPacked(s.id, a, b);
        // A chunk with a row that does not pack goes through the row-by-row read.
        if (allPacked(packed)) {
          for (let j = 0; j < packed.length; j++) {
            const p = packed[j] as number;
            const m = Math.floor(p / META);
            const meta = p - m * META;
            const i = c + (meta >> 3);
            if (i > k) gapsTo(i);
            sink.row(time[k]!, rowRest(m * 8 + (meta & 7)));
            k = i + 1;
          }
        } else {
          for (const r of readRange(db, s.id, a, b)) {
            const i = (r[0] - from) / QH_SEC;
            if (i % 1 !== 0) continue; // not on the quarter-hour grid
            gapsTo(i);
            const value = text(r[2]);
            const tail = tailOf(r[3], r[5] !== null);
            sink.reserve(row + value.length + tail.length);
            sink.put(time[k]!);
            sink.put(fixed);
            sink.put(value);
            sink.put(tail);
            k = i + 1;
          }
        }
        gapsTo(end);
        rows += k - before;
        await write(sink.take());
        // A turn of the event loop: the stream learns that its last write finished and starts the next,
        // so the file is written while the next chunk is assembled. Without it (the write above resolves
        // at once while under the high-water mark) the writes waited for the next drain, and the first
        // export of a million rows spent ≈ 30 % longer.
        await new Promise<void>((r) => setImmediate(r));
        opts.onProgress?.(rows, total);
        if (opts.signal?.aborted) throw new Error('Export cancelled.');
      }
    }
    out.end();
    await finished;
    renameSync(tmp, path);
    opts.onProgress?.(rows, rows);
    return { rows, bytes };
  } catch (err) {
    out.destroy();
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    untrack?.();
    stream?.close();
  }
}

/** The longest range an export covers (10 years of 366 days). */
export const MAX_EXPORT_RANGE_SEC = 10 * 366 * 86_400;

/** First start and last end of the readings of these series within [fromSec, toSec); null if none. */
export function dataSpan(
  db: Database.Database,
  seriesIds: number[],
  fromSec: number,
  toSec: number,
): { fromSec: number; toSec: number } | null {
  let a = Infinity;
  let b = -Infinity;
  for (const id of seriesIds) {
    const span = spanIn(db, id, fromSec, toSec);
    if (span === null) continue;
    a = Math.min(a, span.firstStartSec);
    b = Math.max(b, Math.min(toSec, span.lastEndSec));
  }
  return a < b ? { fromSec: Math.max(fromSec, a), toSec: b } : null;
}

/**
 * How many readings of these series in [from, to) lie in days without a day block (or whose block is
 * not computed yet, '?'), which the export reads row by row (days overlapping the range count whole).
 */
export function rowsWithoutBlocks(
  db: Database.Database,
  seriesIds: number[],
  from: number,
  to: number,
): number {
  const stmt = db
    .prepare<[number, number, number], number>(
      "SELECT coalesce(sum(count), 0) FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? AND coalesce(packed, '?') = '?'",
    )
    .pluck(true);
  const [first, last] = dayNumbersAround(from, to);
  let n = 0;
  for (const id of seriesIds) n += stmt.get(id, first, last) ?? 0;
  return n;
}

/**
 * The read chunks of an export as slot indices from 0 to `slots`: about 30 days each, ending at a local
 * midnight where there is one, so that whole days are read from their day blocks (packed-read.ts).
 */
export function chunkBounds(from: number, slots: number, tz: string): number[] {
  const bounds = [0];
  for (let c = 0; c < slots;) {
    let end = Math.min(slots, c + CHUNK_SLOTS);
    if (end < slots) {
      const midnight = (dayStartSec(dayNumberOf(from + end * QH_SEC, tz), tz) - from) / QH_SEC;
      if (Number.isInteger(midnight) && midnight > c) end = midnight;
    }
    bounds.push(end);
    c = end;
  }
  return bounds;
}

/** Whether every row of a chunk's packed read packed (null, or NaN from the reading thread: one did not). */
function allPacked(packed: ArrayLike<number | null>): boolean {
  for (let i = 0; i < packed.length; i++) {
    const p = packed[i];
    if (p === null || p !== p) return false;
  }
  return true;
}
