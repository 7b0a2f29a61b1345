/**
 * The cells and sheets of Meterdesk's Excel workbooks (export/workbook.ts, workbook-many.ts): typed
 * cells — numbers as numbers, local wall-clock times as Excel dates in de-AT formats, text as shared
 * strings (never a formula) — sheets with a header row and column widths, the header rows frozen.
 */
import type * as XLSXTypes from '@e965/xlsx';
import { offsetMinutesAt } from '../time/local-days';

export type Cell = XLSXTypes.CellObject;
export const DATE_TIME = 'dd.mm.yyyy hh:mm';
export const DATE = 'dd.mm.yyyy';
export const MONTH = 'mmm yyyy';
export const QUALITY = {
  de: ['', 'gemessen', 'geschätzt', 'unsicher'],
  en: ['', 'measured', 'estimated', 'unreliable'],
};

/** A local wall-clock time as an Excel date serial (Excel's dates have no zone: the wall clock is what shows). */
export const serial = (sec: number, tz: string) => (sec + offsetMinutesAt(sec, tz) * 60) / 86_400 + 25_569;
export const date = (sec: number, tz: string, z = DATE_TIME): Cell => ({ t: 'n', v: serial(sec, tz), z });
export const num = (v: number | null, z?: string): Cell =>
  v === null ? { t: 'z' } : { t: 'n', v, ...(z ? { z } : {}) };
export const text = (v: string): Cell => ({ t: 's', v });

export function sheet(
  X: typeof XLSXTypes,
  head: string[],
  rows: Cell[][],
  widths: number[],
): XLSXTypes.WorkSheet {
  const ws: XLSXTypes.WorkSheet = {};
  const all = [head.map(text), ...rows];
  all.forEach((row, r) =>
    row.forEach((c, k) => {
      ws[X.utils.encode_cell({ r, c: k })] = c;
    }),
  );
  ws['!ref'] = X.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(0, all.length - 1), c: head.length - 1 },
  });
  ws['!cols'] = widths.map((wch) => ({ wch }));
  return ws;
}

/**
 * Frozen header rows: the library writes no panes, so each sheet's view gets one (the first row stays
 * in sight while scrolling), by rewriting the sheet views inside the package.
 */
export function freezeHeaders(X: typeof XLSXTypes, bytes: Buffer): Uint8Array {
  const zip = X.CFB.read(bytes, { type: 'buffer' });
  for (const path of zip.FullPaths) {
    if (!/xl\/worksheets\/sheet\d+\.xml$/.test(path)) continue;
    const entry = X.CFB.find(zip, path);
    if (!entry?.content) continue;
    const xml = Buffer.from(entry.content as Uint8Array).toString('utf8');
    const frozen = xml.replace(
      /<sheetView workbookViewId="0"\/>/,
      '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView>',
    );
    entry.content = Buffer.from(frozen, 'utf8');
    entry.size = entry.content.length;
  }
  return X.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Uint8Array;
}
