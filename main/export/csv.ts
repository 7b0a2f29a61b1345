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
import { DEFAULT_TZ, QH_SEC, offsetMinutesAt } from '../time/local-days';

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
 * Timestamp strings for millions of rows: the day part is cached and the time of day is plain integer
 * arithmetic, with the zone's UTC offset from the tz database (cached per hour).
 */
function createTimeFormatter(tz: string) {
  const two = (n: number) => (n < 10 ? '0' + n : String(n));
  let lDay = NaN;
  let lIso = '';
  let lDe = '';
  let uDay = NaN;
  let uIso = '';
  const hms = (rem: number) => `${two(Math.floor(rem / 3600))}:${two(Math.floor((rem % 3600) / 60))}`;
  return {
    local(sec: number): { de: string; iso: string } {
      const off = offsetMinutesAt(sec, tz);
      const local = sec + off * 60;
      const d = Math.floor(local / 86_400);
      if (d !== lDay) {
        lDay = d;
        lIso = new Date(d * 86_400_000).toISOString().slice(0, 10);
        lDe = `${lIso.slice(8, 10)}.${lIso.slice(5, 7)}.${lIso.slice(0, 4)}`;
      }
      const t = hms(local - d * 86_400);
      const a = Math.abs(off);
      return {
        de: `${lDe} ${t}`,
        iso: `${lIso}T${t}:00${off < 0 ? '-' : '+'}${two(Math.floor(a / 60))}:${two(a % 60)}`,
      };
    },
    utc(sec: number): string {
      const d = Math.floor(sec / 86_400);
      if (d !== uDay) {
        uDay = d;
        uIso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      }
      return `${uIso}T${hms(sec - d * 86_400)}:00Z`;
    },
  };
}

/**
 * Writes the CSV to `path` (via a temporary file renamed at the end, so a failed export never leaves
 * a half-written file under the chosen name). Returns rows and bytes written.
 *
 * Rows are assembled directly (RFC 4180: a field is quoted only if it holds the separator, a quote or a
 * line break — the same output csv-stringify gives, which the byte-exact tests pin) and written in
 * chunks, so a million rows stream at close to the disk's speed.
 */
export async function exportCsv(
  db: Database.Database,
  req: ExportRequest,
  path: string,
  opts: { tz?: string; onProgress?: (rows: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<{ rows: number; bytes: number }> {
  const tz = opts.tz ?? DEFAULT_TZ;
  const excel = req.profile === 'excel-at';
  const sep = excel ? ';' : ',';
  const needsQuote = excel ? /[;"\r\n]/ : /[,"\r\n]/;
  const field = (v: string) => (needsQuote.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const fmt = createTimeFormatter(tz);
  const tmp = `${path}.partial-${process.pid}`;
  const out = createWriteStream(tmp);
  const finished = once(out, 'finish');
  let bytes = 0;
  let pending: string[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  // Rows are collected synchronously and written once per chunk: no promise per row.
  const line = (text: string) => {
    pending.push(text);
  };
  let rows = 0;
  try {
    line((excel ? '\uFEFF' : '') + headers[req.profile].map(field).join(sep) + '\r\n');
    const from = Math.floor(req.fromSec / QH_SEC) * QH_SEC;
    const to = Math.ceil(req.toSec / QH_SEC) * QH_SEC;
    const total = ((to - from) / QH_SEC) * req.meterIds.length * req.obisCodes.length;
    const meterStmt = db.prepare<[string], { metering_point: string }>(
      'SELECT metering_point FROM meters WHERE id = ?',
    );
    const seriesStmt = db.prepare<[string, string], { id: number; unit: string }>(
      'SELECT id, unit FROM series WHERE meter_id = ? AND obis_code = ?',
    );
    const readStmt = db.prepare<
      [number, number, number],
      { start_sec: number; value: number; quality: number; revised_sec: number | null }
    >(
      'SELECT start_sec, value, quality, revised_sec FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec',
    );
    for (const meterId of req.meterIds) {
      const mp = field(meterStmt.get(meterId)?.metering_point ?? meterId);
      for (const obis of req.obisCodes) {
        const s = seriesStmt.get(meterId, obis);
        if (!s) continue;
        const fixed = `${sep}${mp}${sep}${field(obis)}${sep}`;
        const unit = field(s.unit);
        let next = fmt.local(from);
        let nextUtc = fmt.utc(from);
        const row = (
          startSec: number,
          r: { value: number; quality: number; revised_sec: number | null } | null,
        ) => {
          const start = next;
          const startUtc = nextUtc;
          next = fmt.local(startSec + QH_SEC);
          nextUtc = fmt.utc(startSec + QH_SEC);
          const value = r ? (excel ? String(r.value).replace('.', ',') : String(r.value)) : '';
          const quality = r ? (excel ? `L${r.quality}` : String(r.quality)) : '';
          const revised = r
            ? r.revised_sec !== null
              ? excel
                ? 'ja'
                : 'true'
              : excel
                ? 'nein'
                : 'false'
            : '';
          const a = excel ? start.de : start.iso;
          const b = excel ? next.de : next.iso;
          line(
            `${a}${sep}${b}${sep}${startUtc}${sep}${nextUtc}${fixed}${value}${sep}${unit}${sep}${quality}${sep}${revised}\r\n`,
          );
          rows += 1;
          if (rows % 50_000 === 0) {
            opts.onProgress?.(rows, total);
            if (opts.signal?.aborted) throw new Error('Export cancelled.');
          }
        };
        // Read in chunks rather than holding an open iterator across awaits, which would keep the
        // connection busy and block the sync's writes.
        const chunkSec = 30 * 86_400;
        let t = from;
        for (let c = from; c < to; c += chunkSec) {
          for (const r of readStmt.all(s.id, c, Math.min(to, c + chunkSec))) {
            for (; t < r.start_sec; t += QH_SEC) row(t, null);
            row(r.start_sec, r);
            t = r.start_sec + QH_SEC;
          }
          await flush();
        }
        for (; t < to; t += QH_SEC) row(t, null);
      }
    }
    await flush();
    out.end();
    await finished;
    renameSync(tmp, path);
    opts.onProgress?.(rows, rows);
    return { rows, bytes };
  } catch (err) {
    out.destroy();
    rmSync(tmp, { force: true });
    throw err;
  }
}
