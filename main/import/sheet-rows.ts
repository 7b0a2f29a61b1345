/**
 * XLSX/XLS workbooks → rows of cells, with SheetJS (@e965/xlsx, the SheetJS release published to npm;
 * reads both the zip-based XLSX and the old BIFF XLS that Netz OÖ gave out). Date cells become naive
 * local times straight from the serial number (no time zone on the way); text and numbers stay as
 * they are.
 */
import type * as XLSXTypes from '@e965/xlsx';
import type { Cell } from './types';
import { ImportError } from './types';
import { MAX_SHEET_ROWS } from './zip-check';
import type { SourceRow } from './parse';

export interface Sheet {
  name: string;
  rows: SourceRow[];
}

const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as a 1900-system serial
const EPOCH_1904_DAYS = 24_107; // 1970-01-01 as a 1904-system serial

/** Loaded when a workbook arrives (the library takes ~0.2 s to load; CSV imports never need it). */
export async function readWorkbook(bytes: Uint8Array): Promise<Sheet[]> {
  const XLSX = await import('@e965/xlsx');
  let wb: XLSXTypes.WorkBook;
  try {
    // The rows cap again here: zip-check.ts trusts a sheet's stated dimension, SheetJS reads what is there.
    wb = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellDates: false,
      sheetRows: MAX_SHEET_ROWS + 1,
    });
  } catch (err) {
    throw new ImportError(
      'unreadable',
      `The spreadsheet cannot be read (${(err as Error).message}). Open it in Excel and save it again, or choose the CSV export.`,
    );
  }
  const epoch = wb.Workbook?.WBProps?.date1904 ? EPOCH_1904_DAYS : EXCEL_EPOCH_DAYS;
  return wb.SheetNames.map((name) => {
    const ws = wb.Sheets[name];
    const data = (ws?.['!data'] ?? []) as (XLSXTypes.CellObject | undefined)[][];
    if (data.length > MAX_SHEET_ROWS)
      throw new ImportError(
        'too_large',
        `The sheet "${name.slice(0, 60)}" has more than ${MAX_SHEET_ROWS} rows. A portal export of ten years of quarter-hours has fewer: this is not one.`,
      );
    const rows: SourceRow[] = [];
    for (let r = 0; r < data.length; r++) {
      const row = data[r] ?? [];
      const cells: Cell[] = [];
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (!cell || cell.t === 'z' || cell.t === 'e') cells.push(null);
        else if (cell.t === 'n' && typeof cell.v === 'number' && cell.z && XLSX.SSF.is_date(String(cell.z)))
          cells.push({ naiveSec: Math.round((cell.v - epoch) * 86_400) });
        else if (cell.t === 'n') cells.push(cell.v as number);
        else if (cell.t === 'd' && cell.v instanceof Date)
          cells.push({ naiveSec: Math.round(cell.v.getTime() / 1000) - cell.v.getTimezoneOffset() * 60 });
        else cells.push(String(cell.v ?? ''));
      }
      rows.push({ cells, line: r + 1 });
    }
    return { name, rows };
  });
}
