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
import { DEFAULT_TZ, QH_SEC, isoUtc, isoWithOffset } from '../time/local-days';

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
 * per export and shared by every series (they are the same for each). Local times come from
 * `isoWithOffset` (tz database offsets); Excel gets them as `dd.MM.yyyy HH:mm`.
 */
function timeColumns(from: number, slots: number, tz: string, excel: boolean, sep: string): string[] {
  const local = (sec: number): string => {
    const iso = isoWithOffset(sec, tz); // YYYY-MM-DDTHH:MM:SS+hh:mm
    return excel ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}` : iso;
  };
  const out = new Array<string>(slots);
  let startLocal = local(from);
  let startUtc = isoUtc(from);
  for (let k = 0; k < slots; k++) {
    const end = from + (k + 1) * QH_SEC;
    const endLocal = local(end);
    const endUtc = isoUtc(end);
    out[k] = startLocal + sep + endLocal + sep + startUtc + sep + endUtc;
    startLocal = endLocal;
    startUtc = endUtc;
  }
  return out;
}

/**
 * Writes the CSV to `path` (via a temporary file renamed at the end, so a failed export never leaves
 * a half-written file under the chosen name). Returns rows and bytes written.
 *
 * Rows are assembled directly (RFC 4180: a field is quoted only if it holds the separator, a quote or a
 * line break — the same output csv-stringify gives, which the byte-exact tests pin) from parts made
 * once: the timestamp fields per quarter-hour of the range, the meter/register fields per series, the
 * unit/quality/revised tail per quality, and the text of each distinct value. Rows are written in chunks.
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
  const tmp = `${path}.partial-${process.pid}`;
  const out = createWriteStream(tmp);
  const finished = once(out, 'finish');
  let bytes = 0;
  const write = async (chunk: string) => {
    if (chunk.length === 0) return;
    const buf = Buffer.from(chunk, 'utf8'); // encoded once (its length is the byte count)
    bytes += buf.length;
    if (!out.write(buf)) await once(out, 'drain');
  };
  // Distinct values are few (kWh with three decimals): their text is made once.
  const valueText = new Map<number, string>();
  const text = (v: number): string => {
    let t = valueText.get(v);
    if (t === undefined) {
      t = excel ? String(v).replace('.', ',') : String(v);
      if (valueText.size > 200_000) valueText.clear();
      valueText.set(v, t);
    }
    return t;
  };
  let rows = 0;
  try {
    await write((excel ? '\uFEFF' : '') + headers[req.profile].map(field).join(sep) + '\r\n');
    const from = Math.floor(req.fromSec / QH_SEC) * QH_SEC;
    const to = Math.ceil(req.toSec / QH_SEC) * QH_SEC;
    const slots = Math.max(0, (to - from) / QH_SEC);
    const total = slots * req.meterIds.length * req.obisCodes.length;
    const meterStmt = db.prepare<[string], { metering_point: string }>(
      'SELECT metering_point FROM meters WHERE id = ?',
    );
    const seriesStmt = db.prepare<[string, string], { id: number; unit: string }>(
      'SELECT id, unit FROM series WHERE meter_id = ? AND obis_code = ?',
    );
    const readStmt = db
      .prepare<[number, number, number]>(
        'SELECT start_sec, value, quality, revised_sec FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec',
      )
      .raw(true);
    let times: string[] | null = null;
    const yes = excel ? 'ja' : 'true';
    const no = excel ? 'nein' : 'false';
    for (const meterId of req.meterIds) {
      const mp = field(meterStmt.get(meterId)?.metering_point ?? meterId);
      for (const obis of req.obisCodes) {
        const s = seriesStmt.get(meterId, obis);
        if (!s) continue;
        times ??= timeColumns(from, slots, tz, excel, sep);
        const fixed = `${sep}${mp}${sep}${field(obis)}${sep}`;
        const unit = field(s.unit);
        // `;kWh;L2;nein\r\n` per quality (index) and revised (0/1); a gap row's tail has empty fields.
        const tails = [0, 1, 2, 3].map((q) =>
          [no, yes].map((r) => `${sep}${unit}${sep}${excel ? `L${q}` : String(q)}${sep}${r}\r\n`),
        );
        const gapTail = `${sep}${unit}${sep}${sep}\r\n`;
        const tailOf = (q: number, revised: boolean) =>
          tails[q]?.[revised ? 1 : 0] ??
          `${sep}${unit}${sep}${excel ? `L${q}` : String(q)}${sep}${revised ? yes : no}\r\n`;
        // Read in chunks rather than holding an open iterator across awaits, which would keep the
        // connection busy and block the sync's writes.
        const chunkSlots = 30 * 96;
        let k = 0;
        for (let c = 0; c < slots; c += chunkSlots) {
          const end = Math.min(slots, c + chunkSlots);
          const parts: string[] = [];
          const rs = readStmt.all(s.id, from + c * QH_SEC, from + end * QH_SEC) as [
            number,
            number,
            number,
            number | null,
          ][];
          for (const r of rs) {
            const i = (r[0] - from) / QH_SEC;
            if (i % 1 !== 0) continue; // not on the quarter-hour grid
            for (; k < i; k++) parts.push(times[k]! + fixed + gapTail);
            parts.push(times[k]! + fixed + text(r[1]) + tailOf(r[2], r[3] !== null));
            k = i + 1;
          }
          for (; k < end; k++) parts.push(times[k]! + fixed + gapTail);
          rows += parts.length;
          await write(parts.join(''));
          opts.onProgress?.(rows, total);
          if (opts.signal?.aborted) throw new Error('Export cancelled.');
        }
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
  }
}
