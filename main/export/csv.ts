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
 * per export and shared by every series (they are the same for each), as bytes: quarter-hour k's
 * fields are `bytes[at[k], at[k + 1])`. Written byte by byte from the day's prefix (made once per day)
 * and the clock's digits: the texts `localDateTimeDe`, `isoWithOffset` and `isoUtc` give, pinned by a
 * test over three years in several zones. Building them as strings took ≈ 20 % of an export of three
 * years; a view object per quarter-hour (105 000 for three years) ≈ 20 ms of the first export.
 */
export function timeColumns(
  from: number,
  slots: number,
  tz: string,
  excel: boolean,
  sep: string,
): { bytes: Uint8Array; at: Int32Array } {
  const S = sep.charCodeAt(0);
  const starts = new Int32Array(slots + 1);
  // The last local and UTC day, hour and offset seen, with their texts (the buffer and the write
  // position stay local variables: captured by closures, every byte written cost ≈ 4 × as much).
  let localDay = NaN;
  let localPrefix = EMPTY;
  let utcDay = NaN;
  let utcPrefix = EMPTY;
  let hour = NaN;
  let offset = 0;
  let offsetBytes = EMPTY;
  // Excel's four fields take 75 bytes, ISO's 93 (years beyond 9999 more: the buffer grows).
  let buf = new Uint8Array(Math.max(1, slots) * (excel ? 76 : 94));
  let at = 0;
  for (let k = 0; k < slots; k++) {
    // Room for the row's four fields (prefixes of years beyond 9999 are longer: 64 bytes a field).
    if (at + 4 * 64 > buf.length) {
      const more = new Uint8Array(buf.length * 2 + 4 * 64);
      more.set(buf.subarray(0, at));
      buf = more;
    }
    starts[k] = at;
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
  }
  starts[slots] = at;
  return { bytes: buf.subarray(0, at), at: starts };
}

const EMPTY: Uint8Array = new Uint8Array(0);

/** The day prefix (`dd.MM.yyyy ` or `YYYY-MM-DDT`) of a day number since 1970, as bytes. */
function dayPrefix(day: number, de: boolean): Uint8Array {
  const iso = new Date(day * 86_400_000).toISOString();
  return Buffer.from(
    de ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ` : iso.slice(0, 11),
    'latin1',
  );
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
 * Where rows are assembled: one buffer holding the time fields of every quarter-hour (timeColumns)
 * followed by a ring of output chunks, so a row's time fields are copied within it (`copyWithin`)
 * and its rest from a ready part (`set`); either copy costs ≈ 15 ns whatever its length, ≈ 4 × less
 * than concatenating the row strings, joining and encoding them. The filled part of a chunk is handed
 * to the file's stream as it is (`take`) and the chunk's memory serves new rows once everything handed
 * out of it is written (`recycle`), so an export of 150 MB cycles through a few chunks instead of
 * allocating 150 of 1 MB, whose garbage made ≈ 15 % of the first export's time. Should the stream hold
 * every chunk, the ring is doubled (a new buffer; the chunks still being written are let go).
 */
export class RowBuffer {
  private bytes: Buffer;
  /** Where the ring starts (after the time fields), and its chunks. */
  private readonly base: number;
  private chunks: number;
  /** Per chunk: pieces handed out and not yet written (a chunk is free at 0, unless it is `current`). */
  private pending: Int32Array;
  private current = 0;
  /** The current chunk's first byte not handed out yet, the next byte to fill and its end. */
  private start: number;
  private pos: number;
  private end: number;
  private readonly done: Buffer[] = [];

  constructor(
    time: { bytes: Uint8Array; at: Int32Array },
    /** The longest row that can come (the chunks are at least twice that). */
    longestRow: number,
    private readonly timeAt = time.at,
    private readonly chunkSize = Math.max(1 << 20, 2 * longestRow),
  ) {
    this.base = time.bytes.length;
    this.chunks = 8;
    this.bytes = Buffer.allocUnsafe(this.base + this.chunks * chunkSize);
    this.bytes.set(time.bytes, 0);
    this.pending = new Int32Array(this.chunks);
    this.start = this.pos = this.base;
    this.end = this.base + chunkSize;
  }
  /** Makes room for `n` more bytes (at most the longest row). */
  reserve(n: number): void {
    if (this.pos + n <= this.end) return;
    this.handOut();
    let free = -1;
    for (let i = 0; i < this.chunks && free < 0; i++)
      if (i !== this.current && this.pending[i] === 0) free = i;
    if (free < 0) {
      // Every chunk is still being written: a ring twice the size (the time fields copied along).
      const bigger = Buffer.allocUnsafe(this.base + 2 * this.chunks * this.chunkSize);
      bigger.set(this.bytes.subarray(0, this.base), 0);
      this.bytes = bigger;
      free = this.chunks;
      this.chunks *= 2;
      this.pending = new Int32Array(this.chunks);
    }
    this.current = free;
    this.start = this.pos = this.base + free * this.chunkSize;
    this.end = this.start + this.chunkSize;
  }
  /** Appends a packed row: quarter-hour `k`'s time fields and `rest`. The export's hot path. */
  row(k: number, rest: Uint8Array): void {
    const a = this.timeAt[k]!;
    const b = this.timeAt[k + 1]!;
    const n = b - a + rest.length;
    if (this.pos + n > this.end) this.reserve(n);
    const bytes = this.bytes;
    const pos = this.pos;
    bytes.copyWithin(pos, a, b);
    bytes.set(rest, pos + b - a);
    this.pos = pos + n;
  }
  /** Appends quarter-hour `k`'s time fields; the caller has reserved the room. */
  time(k: number): void {
    const a = this.timeAt[k]!;
    const b = this.timeAt[k + 1]!;
    this.bytes.copyWithin(this.pos, a, b);
    this.pos += b - a;
  }
  /** Appends `part`; the caller has reserved the room. */
  put(part: Uint8Array): void {
    this.bytes.set(part, this.pos);
    this.pos += part.length;
  }
  /** The bytes filled since the last call, to be written; each comes back through `recycle`. */
  take(): Buffer[] {
    this.handOut();
    return this.done.splice(0);
  }
  /** A piece `take` handed out, written. */
  recycle(written: Buffer): void {
    if (written.buffer !== this.bytes.buffer) return; // of a ring since doubled
    this.pending[Math.floor((written.byteOffset - this.bytes.byteOffset - this.base) / this.chunkSize)]! -= 1;
  }
  private handOut(): void {
    if (this.pos === this.start) return;
    this.done.push(this.bytes.subarray(this.start, this.pos));
    this.pending[this.current]! += 1;
    this.start = this.pos;
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
 * copies (RowBuffer): its time fields and, made once per series and distinct value, quality and flag,
 * the rest of the row. Parts live in Buffers, off the V8 heap: made as small on-heap Uint8Arrays, the
 * two copies measured slower than three from Buffers. Rows are written in chunks, while the next are
 * assembled.
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
  /** Where written chunks go back to (the export's RowBuffer), once the stream has written them. */
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
    const yes = excel ? 'ja' : 'true';
    const no = excel ? 'nein' : 'false';
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
    // The time fields of the range, and after them where rows are assembled, in chunks that hold the
    // longest row that can come (a value's text has at most 24 characters, a quality's 11).
    const time = timeColumns(from, targets.length > 0 ? slots : 0, tz, excel, sep);
    let longestTime = 0;
    for (let q = 0; q + 1 < time.at.length; q++)
      longestTime = Math.max(longestTime, time.at[q + 1]! - time.at[q]!);
    let longestRest = 0;
    for (const { mp, obis, s } of targets)
      longestRest = Math.max(
        longestRest,
        Buffer.byteLength(
          `${sep}${mp}${sep}${textField(obis)}${sep}${sep}${textField(s.unit)}${sep}${sep}${no}\r\n`,
        ),
      );
    const sink = new RowBuffer(time, longestTime + longestRest + 64);
    recycle = (b) => sink.recycle(b);
    for (const { mp, obis, s } of targets) {
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
        for (; k < i; k++) sink.row(k, gapRest);
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
            sink.row(k, rowRest(m * 8 + (meta & 7)));
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
            sink.time(k);
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
        // export of a million rows took 0.26–0.52 s instead of 0.24–0.26 s.
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
