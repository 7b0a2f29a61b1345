/**
 * CSV export of readings, streamed in chunks of days (a year of many meters never sits in memory).
 *
 * Profiles (DOMAIN.md "CSV that opens right"):
 * - excel-at: UTF-8 BOM, `;` separator, decimal comma, no digit grouping (Excel de-AT parses
 *   "1234,5" as a number; a narrow no-break space grouping would turn it into text), CRLF,
 *   local times as `dd.MM.yyyy HH:mm` (` MESZ`/` MEZ` on the hour October repeats), German headers,
 *   quality as `L1 gemessen` / `L2 geschätzt` / `L3 unsicher`, revised ja/nein.
 * - iso: RFC 4180 (`,`, CRLF, quotes where needed), no BOM, `.` decimals, ISO 8601 times.
 * Both carry start and end in local time and as ISO 8601 UTC, the register, unit, quality and whether
 * the value was revised, and the meter's notes on the rows they cover (`note`; db/notes.ts). Missing
 * intervals are written as rows with an empty value, so gaps and DST
 * days (92/100 rows) are visible. The file is written as `<path>.partial-<pid>` and renamed at the end.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type Database from 'better-sqlite3';
import type { ExportProfile } from '../../preload/contract';
import {
  DEFAULT_TZ,
  dayNumberOf,
  dayStartSec,
  isoUtc,
  isoWithOffset,
  localDateTimeDe,
  offsetMinutesAt,
} from '../time/local-days';
import { AppError } from '../errors';
import { excelText, FORMULA_START } from './cells';
import { RowBuffer } from './row-buffer';
import { readGridChunk, withReadSnapshot } from '../db/readings-read';
import { meterRow } from '../db/meter-reads';
import { spanNotes } from '../db/notes';
import { rollupSpan, seriesOf } from '../db/series-reads';
import type { PartialTracker } from './partials';

export interface ExportRequest {
  meterIds: string[];
  obisCodes: string[];
  fromSec: number;
  toSec: number;
  profile: ExportProfile;
}

/** The longest range an export covers (10 years of 366 days). */
export const MAX_EXPORT_RANGE_SEC = 10 * 366 * 86_400;
/** Readings are read and written 30 days at a time. */
const CHUNK_SEC = 30 * 86_400;

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
    'Notiz',
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
    'note',
  ],
};

/** Quality as the Excel profile writes it: the portals' code (Netz NÖ: L1–L3) and its word. */
const QUALITY_DE: Record<number, string> = { 1: 'L1 gemessen', 2: 'L2 geschätzt', 3: 'L3 unsicher' };

/** ` MESZ` / ` MEZ` on a local time the clock shows twice (the hour October repeats), else nothing. */
export function repeatedHourMark(sec: number, tz: string): string {
  const off = offsetMinutesAt(sec, tz);
  if (offsetMinutesAt(sec + 3600, tz) === off - 60) return ' MESZ';
  if (offsetMinutesAt(sec - 3600, tz) === off + 60) return ' MEZ';
  return '';
}

/** The cell texts of a profile: separators, quoting, formula-safe text, times, numbers, yes/no. */
function csvFormat(profile: ExportRequest['profile'], tz: string) {
  const excel = profile === 'excel-at';
  const sep = excel ? ';' : ',';
  const needsQuote = excel ? /[;"\r\n]/ : /[,"\r\n]/;
  const field = (v: string) => (needsQuote.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const quoted = (v: string) => `"${v.replaceAll('"', '""')}"`;
  // Text from outside: never a formula in Excel (cells.ts); in the ISO profile kept as it is, and quoted
  // when it starts like a formula, so a program reads it as text.
  const textField = (v: string) =>
    excel ? field(excelText(v)) : FORMULA_START.test(v) ? quoted(v) : field(v);
  // Excel's local time names the clock on the hour October repeats (issue 42, item 19): the first
  // 02:00–03:00 is summer time (MESZ), the second winter time (MEZ); ISO times carry their offset.
  const local = (sec: number) =>
    excel ? localDateTimeDe(sec, tz) + repeatedHourMark(sec, tz) : isoWithOffset(sec, tz);
  // Values repeat (kWh with three decimals): each one's text is made once, ≈ 0.1 s of 1 M rows.
  const numberTexts = new Map<number, string>();
  const number = (v: number) => {
    let text = numberTexts.get(v);
    if (text === undefined) {
      text = excel ? String(v).replace('.', ',') : String(v);
      if (numberTexts.size >= 100_000) numberTexts.clear();
      numberTexts.set(v, text);
    }
    return text;
  };
  const [yes, no] = excel ? ['ja', 'nein'] : ['true', 'false'];

  return { excel, sep, field, textField, local, number, yes, no };
}

/**
 * What the export writes: each asked meter's register that exists, and the range clamped to the local
 * days that hold readings of these series (their rollups): rows run from the first such day to the
 * last (gaps within them as empty rows), never over empty centuries.
 */
function exportPlan(db: Database.Database, req: ExportRequest, tz: string) {
  const notesOf = (meterId: string) => spanNotes(db, meterId);
  const targets = req.meterIds.flatMap((meterId) =>
    req.obisCodes.flatMap((obis) => {
      const found = seriesOf(db, meterId, obis);
      const s = found && { ...found, resolution_sec: found.resolution_sec ?? 900 };
      return s ? [{ mp: meterRow(db, meterId)?.metering_point ?? meterId, obis, s }] : [];
    }),
  );
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const { s } of targets) {
    const d = rollupSpan(db, s.id, dayNumberOf(req.fromSec, tz), dayNumberOf(req.toSec - 1, tz));
    if (d.a == null || d.b == null) continue;
    firstDay = Math.min(firstDay, d.a);
    lastDay = Math.max(lastDay, d.b);
  }
  const held = firstDay <= lastDay;
  const from = held ? Math.max(req.fromSec, dayStartSec(firstDay, tz)) : 0;
  const to = held ? Math.min(req.toSec, dayStartSec(lastDay + 1, tz)) : 0;
  const gridOf = (res: number) => [Math.floor(from / res) * res, Math.ceil(to / res) * res] as const;
  const total = targets.reduce((n, { s }) => {
    const [a, b] = gridOf(s.resolution_sec);
    return n + Math.max(0, (b - a) / s.resolution_sec);
  }, 0);

  return { targets, gridOf, total, notesOf };
}

interface ExportOptions {
  tz?: string;
  onProgress?: (rows: number, total: number) => void;
  signal?: AbortSignal;
  /** Lists the partial file while it exists, so a killed export's file is removed at the next start. */
  partials?: PartialTracker;
}

/**
 * Writes the export from one snapshot of the profile (db/readings-read.ts `withReadSnapshot`): a meter
 * deleted or readings written while it runs change nothing of it (it wrote 146 016 of 350 496 rows
 * blank when the meter was deleted meanwhile).
 */
export async function exportCsv(
  db: Database.Database,
  req: ExportRequest,
  path: string,
  opts: ExportOptions = {},
): Promise<{ rows: number; bytes: number }> {
  return withReadSnapshot(db, (snap) => writeExport(snap, req, path, opts));
}

async function writeExport(
  db: Database.Database,
  req: ExportRequest,
  path: string,
  opts: ExportOptions,
): Promise<{ rows: number; bytes: number }> {
  const tz = opts.tz ?? DEFAULT_TZ;
  const { excel, sep, field, textField, local, number, yes, no } = csvFormat(req.profile, tz);
  if (req.toSec - req.fromSec > MAX_EXPORT_RANGE_SEC)
    throw new AppError('invalid_input', 'An export covers at most 10 years; choose a shorter range.', {
      reason: 'range_too_long',
    });
  const { targets, gridOf, total, notesOf } = exportPlan(db, req, tz);

  const tmp = `${path}.partial-${process.pid}`;
  const untrack = opts.partials?.track(tmp);
  const out = createWriteStream(tmp, { highWaterMark: 4 << 20 });
  const finished = once(out, 'finish');
  let bytes = 0;
  const write = async (text: string | Buffer[]) => {
    for (const buf of typeof text === 'string' ? [Buffer.from(text, 'utf8')] : text) {
      bytes += buf.length;
      if (!out.write(buf)) await once(out, 'drain');
    }
  };
  const rowBytes = new RowBuffer();
  const enc = (t: string) => Buffer.from(t, 'utf8');
  const CRLF = enc('\r\n');
  const numberBytes = new Map<number, Buffer>();
  let rows = 0;
  const timeTexts: Record<number, Buffer[]> = {};
  try {
    await write((excel ? '\uFEFF' : '') + headers[req.profile].map(field).join(sep) + '\r\n');
    for (const { mp, obis, s } of targets) {
      const res = s.resolution_sec;
      const fixed = enc(`${sep}${textField(mp)}${sep}${textField(obis)}${sep}`);
      const unit = textField(s.unit);
      const tails = new Map<number, Buffer>();
      const tail = (q: number, revised: boolean) => {
        let x = tails.get(q * 2 + (revised ? 1 : 0));
        if (x === undefined) {
          x = enc(
            `${sep}${unit}${sep}${excel ? (QUALITY_DE[q] ?? `L${q}`) : q}${sep}${revised ? yes : no}${sep}`,
          );
          tails.set(q * 2 + (revised ? 1 : 0), x);
        }
        return x;
      };
      const gapTail = enc(`${sep}${unit}${sep}${sep}${sep}`);
      // The meter's notes on spans (db/notes.ts), written on the rows they cover.
      const spans = notesOf(s.meter_id).map((n) => ({ ...n, field: textField(n.text) }));
      const noteAt = (t: number) => {
        if (spans.length === 0) return CRLF;
        const on = spans.filter((n) => n.from_sec <= t && t < n.to_sec);
        return on.length === 0
          ? CRLF
          : enc(`${on.length === 1 ? on[0]!.field : textField(on.map((n) => n.text).join(' | '))}\r\n`);
      };
      const valueBytes = (v: number) => {
        let x = numberBytes.get(v);
        if (x === undefined) {
          if (numberBytes.size >= 100_000) numberBytes.clear();
          numberBytes.set(v, (x = enc(number(v))));
        }
        return x;
      };
      const [a, b] = gridOf(res);
      const timeText = (timeTexts[res] ??= []);
      for (let chunk = a; chunk < b; chunk += CHUNK_SEC) {
        const end = Math.min(b, chunk + CHUNK_SEC);
        const g = readGridChunk(db, s.id, chunk, end, res);
        for (let t = chunk, j = 0; t < end; t += res, j++) {
          // The time fields of an interval are the same for every series: made once per export.
          const slot = (t - a) / res;
          let times = timeText[slot];
          if (times === undefined) {
            times = enc(`${local(t)}${sep}${local(t + res)}${sep}${isoUtc(t)}${sep}${isoUtc(t + res)}`);
            timeText[slot] = times;
          }
          const v = g.values[j]!;
          rowBytes.put(times);
          rowBytes.put(fixed);
          if (v === v) {
            rowBytes.put(valueBytes(v));
            rowBytes.put(tail(g.quality[j]!, g.revised[j] === 1));
          } else rowBytes.put(gapTail);
          rowBytes.put(noteAt(t));
          rows += 1;
        }
        await write(rowBytes.take());
        // A turn of the event loop between chunks: the app's other requests are answered during an
        // export of millions of rows (it runs on the main process).
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
  }
}
