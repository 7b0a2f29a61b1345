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
import { stringify } from 'csv-stringify';
import type Database from 'better-sqlite3';
import type { ExportProfile } from '../../preload/contract';
import { DEFAULT_TZ, QH_SEC, isoUtc, isoWithOffset, localParts } from '../time/local-days';

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

function localDe(sec: number, tz: string): string {
  const p = localParts(sec, tz);
  return `${p.date.slice(8, 10)}.${p.date.slice(5, 7)}.${p.date.slice(0, 4)} ${p.time}`;
}

export function formatRow(
  profile: ExportProfile,
  tz: string,
  mp: string,
  obis: string,
  unit: string,
  startSec: number,
  r: { value: number; quality: number; revised: boolean } | null,
): string[] {
  const endSec = startSec + QH_SEC;
  if (profile === 'excel-at') {
    return [
      localDe(startSec, tz),
      localDe(endSec, tz),
      isoUtc(startSec),
      isoUtc(endSec),
      mp,
      obis,
      r ? String(r.value).replace('.', ',') : '',
      unit,
      r ? `L${r.quality}` : '',
      r ? (r.revised ? 'ja' : 'nein') : '',
    ];
  }
  return [
    isoWithOffset(startSec, tz),
    isoWithOffset(endSec, tz),
    isoUtc(startSec),
    isoUtc(endSec),
    mp,
    obis,
    r ? String(r.value) : '',
    unit,
    r ? String(r.quality) : '',
    r ? (r.revised ? 'true' : 'false') : '',
  ];
}

/**
 * Writes the CSV to `path` (via a temporary file renamed at the end, so a failed export never leaves
 * a half-written file under the chosen name). Returns rows and bytes written.
 */
export async function exportCsv(
  db: Database.Database,
  req: ExportRequest,
  path: string,
  opts: { tz?: string; onProgress?: (rows: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<{ rows: number; bytes: number }> {
  const tz = opts.tz ?? DEFAULT_TZ;
  const excel = req.profile === 'excel-at';
  const tmp = `${path}.partial-${process.pid}`;
  const out = createWriteStream(tmp);
  const csv = stringify({
    delimiter: excel ? ';' : ',',
    record_delimiter: '\r\n',
    quoted_match: excel ? /;|"|\r|\n/ : undefined,
  });
  let bytes = 0;
  csv.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  csv.pipe(out);
  const finished = once(out, 'finish');
  if (excel) {
    out.write('\uFEFF');
    bytes += 3;
  }
  const write = async (row: string[]) => {
    if (!csv.write(row)) await once(csv, 'drain');
  };
  let rows = 0;
  try {
    await write(headers[req.profile]);
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
      const mp = meterStmt.get(meterId)?.metering_point ?? meterId;
      for (const obis of req.obisCodes) {
        const s = seriesStmt.get(meterId, obis);
        if (!s) continue;
        let t = from;
        // Read in chunks rather than holding an open iterator across awaits, which would keep the
        // connection busy and block the sync's writes.
        const chunkSec = 30 * 86_400;
        for (let c = from; c < to; c += chunkSec) {
          for (const r of readStmt.all(s.id, c, Math.min(to, c + chunkSec))) {
            for (; t < r.start_sec; t += QH_SEC) {
              await write(formatRow(req.profile, tz, mp, obis, s.unit, t, null));
              rows += 1;
            }
            await write(
              formatRow(req.profile, tz, mp, obis, s.unit, r.start_sec, {
                value: r.value,
                quality: r.quality,
                revised: r.revised_sec !== null,
              }),
            );
            rows += 1;
            t = r.start_sec + QH_SEC;
            if (rows % 10_000 === 0) {
              opts.onProgress?.(rows, total);
              if (opts.signal?.aborted) throw new Error('Export cancelled.');
            }
          }
        }
        for (; t < to; t += QH_SEC) {
          await write(formatRow(req.profile, tz, mp, obis, s.unit, t, null));
          rows += 1;
        }
      }
    }
    csv.end();
    await finished;
    renameSync(tmp, path);
    opts.onProgress?.(rows, rows);
    return { rows, bytes };
  } catch (err) {
    csv.destroy();
    out.destroy();
    rmSync(tmp, { force: true });
    throw err;
  }
}
