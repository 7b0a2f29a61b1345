/**
 * CSV of analysis tables in the same two profiles as the readings export: "excel-at" (UTF-8 BOM, `;`,
 * decimal comma, CRLF, German headers) and "iso" (RFC 4180, `.`, English headers). Written to a
 * temporary file and renamed, so a failure never leaves a half-written file.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { ExportProfile } from '../../preload/contract';
import { excelText, FORMULA_START } from './cells';
import type { PartialTracker } from './partials';
import { DEFAULT_TZ, isoWithOffset, localDateTimeDe } from '../time/local-days';

/**
 * A table cell: text, a number, nothing, or a time a spreadsheet should read as one: an instant, a
 * local day (`YYYY-MM-DD`) or a month (`YYYY-MM`).
 */
export type Cell = string | number | null | { at: number } | { day: string } | { month: string };

/**
 * A cell's text. Numbers as numbers (decimal comma for Excel); text never a formula in Excel
 * (cells.ts); times as Excel (de-AT) parses them (`dd.MM.yyyy HH:mm` local, `dd.MM.yyyy`, a month as
 * its first day) or as ISO 8601 (with the zone's offset, `YYYY-MM-DD`, `YYYY-MM`).
 */
export function formatCell(v: Cell, profile: ExportProfile, tz = DEFAULT_TZ): string {
  if (v === null) return '';
  const excel = profile === 'excel-at';
  if (typeof v === 'number') return excel ? String(v).replace('.', ',') : String(v);
  if (typeof v === 'string') return excel ? excelText(v) : v;
  if ('at' in v) return excel ? localDateTimeDe(v.at, tz) : isoWithOffset(v.at, tz);
  const key = 'day' in v ? v.day : `${v.month}-01`;
  return excel ? `${key.slice(8, 10)}.${key.slice(5, 7)}.${key.slice(0, 4)}` : 'day' in v ? v.day : v.month;
}

export function tableCsv(
  header: { de: string; en: string }[],
  rows: Cell[][],
  profile: ExportProfile,
  tz = DEFAULT_TZ,
): string {
  const excel = profile === 'excel-at';
  const body = stringify(
    [header.map((h) => (excel ? h.de : h.en)), ...rows.map((r) => r.map((c) => formatCell(c, profile, tz)))],
    {
      delimiter: excel ? ';' : ',',
      record_delimiter: '\r\n',
      // ISO: text that starts like a formula is quoted (Excel's profile adds an apostrophe instead).
      ...(excel ? {} : { quoted_match: FORMULA_START }),
    },
  );
  return (excel ? '\uFEFF' : '') + body;
}

export function writeTableCsv(
  path: string,
  header: { de: string; en: string }[],
  rows: Cell[][],
  profile: ExportProfile,
  partials?: PartialTracker,
  tz = DEFAULT_TZ,
): { rows: number; bytes: number } {
  const text = tableCsv(header, rows, profile, tz);
  const tmp = `${path}.partial-${process.pid}`;
  const untrack = partials?.track(tmp);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    untrack?.();
  }
  return { rows: rows.length, bytes: Buffer.byteLength(text) };
}
