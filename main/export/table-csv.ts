/**
 * CSV of analysis tables in the same two profiles as the readings export: "excel-at" (UTF-8 BOM, `;`,
 * decimal comma, CRLF, German headers) and "iso" (RFC 4180, `.`, English headers). Written to a
 * temporary file and renamed, so a failure never leaves a half-written file.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { ExportProfile } from '../../preload/contract';
import { excelText } from './cells';
import type { PartialTracker } from './partials';

export type Cell = string | number | null;

/** A cell's text: numbers as numbers (decimal comma for Excel), text never a formula in Excel (cells.ts). */
export function formatCell(v: Cell, profile: ExportProfile): string {
  if (v === null) return '';
  if (typeof v === 'number') return profile === 'excel-at' ? String(v).replace('.', ',') : String(v);
  return profile === 'excel-at' ? excelText(v) : v;
}

export function tableCsv(
  header: { de: string; en: string }[],
  rows: Cell[][],
  profile: ExportProfile,
): string {
  const excel = profile === 'excel-at';
  const body = stringify(
    [header.map((h) => (excel ? h.de : h.en)), ...rows.map((r) => r.map((c) => formatCell(c, profile)))],
    {
      delimiter: excel ? ';' : ',',
      record_delimiter: '\r\n',
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
): { rows: number; bytes: number } {
  const text = tableCsv(header, rows, profile);
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
