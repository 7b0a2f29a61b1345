/**
 * One file's bytes → its readings: container (text, XLSX, XLS), encoding, format, then the parser.
 * Files over 64 MB are refused before they are read (three years of any portal's quarter-hours are a
 * fraction of that), so memory stays bounded whatever is dropped on the window.
 */
import { csvRows, firstLines } from './csv-rows';
import { containerOf, decodeText } from './decode';
import { detectSheet, detectText } from './detect';
import { FORMATS } from './formats/index';
import { parseRows } from './parse';
import { readWorkbook } from './sheet-rows';
import { checkXlsx } from './zip-check';
import { ImportError, type Direction, type FormatSpec, type ParsedFile } from './types';

export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export interface ReadOptions {
  tz: string;
  direction?: Direction | null;
  /** Formats the person defined, tried after the catalogue. */
  custom?: readonly FormatSpec[];
  /** Use this format instead of detecting one (a mapping being tried). */
  format?: FormatSpec;
  /** Share of the file read, 0…1. */
  onProgress?: (fraction: number) => void | Promise<void>;
  /** "Now" for the plausible window of times; this computer's clock by default. */
  nowSec?: number;
}

/** What an unknown file starts with, for the mapping dialog. */
export interface UnknownFileStart {
  lines: string[];
  encoding: string;
}

export function fileStart(bytes: Uint8Array, n = 15): UnknownFileStart {
  const { text, encoding } = decodeText(bytes);
  return { lines: firstLines(text, n).map((l) => l.slice(0, 500)), encoding };
}

export function tooLarge(bytes: number): ImportError {
  return new ImportError(
    'too_large',
    `The file is ${Math.round(bytes / 1024 / 1024)} MB; Meterdesk imports files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB. A portal export of three years of quarter-hours is far smaller: this is not one, or several joined together.`,
  );
}

export async function readImportFile(bytes: Uint8Array, opts: ReadOptions): Promise<ParsedFile> {
  if (bytes.length > MAX_IMPORT_BYTES) throw tooLarge(bytes.length);
  const formats = [...FORMATS, ...(opts.custom ?? [])];
  const container = containerOf(bytes);
  if (container !== 'text') {
    if (container === 'xlsx') await checkXlsx(bytes);
    const sheets = await readWorkbook(bytes);
    const found = opts.format ? { spec: opts.format, sheet: sheets[0]! } : detectSheet(sheets, formats);
    if (!found)
      throw new ImportError(
        'unknown_format',
        `This spreadsheet is not a portal export Meterdesk knows (sheets: ${sheets.map((s) => s.name).join(', ')}). Save the sheet as CSV and define its columns under "Define format".`,
        1,
      );
    const total = found.sheet.rows.length;
    return parseRows(found.sheet.rows, found.spec, container.toUpperCase(), {
      tz: opts.tz,
      direction: opts.direction,
      nowSec: opts.nowSec,
      isText: false,
      delimiter: ';',
      onRows: (n) => opts.onProgress?.(Math.min(1, n / Math.max(total, 1))),
    });
  }
  const { text, encoding } = decodeText(bytes);
  const spec = opts.format ?? detectText(text, formats);
  if (!spec) {
    const first = firstLines(text, 1)[0] ?? '';
    throw new ImportError(
      'unknown_format',
      `This is not a portal export Meterdesk knows: its first line is "${first.slice(0, 120)}". Define its columns once under "Define format", and Meterdesk will recognise it from then on.`,
      1,
    );
  }
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  const cutOff = (err: unknown): never => {
    // A file that ends in the middle of a line, and fails on that line: the download was cut off.
    if (err instanceof ImportError && err.line === lines && !/[\r\n]\s*$/.test(text.slice(-4)))
      throw new ImportError(
        'short_row',
        `Line ${lines} is cut off: the file ends in the middle of it, so the download was incomplete. Download the export from the portal again.`,
        lines,
      );
    throw err;
  };
  return parseRows(csvRows(text, spec.delimiter ?? ';'), spec, encoding, {
    tz: opts.tz,
    direction: opts.direction,
    nowSec: opts.nowSec,
    isText: true,
    delimiter: spec.delimiter ?? ';',
    onRows: (n) => opts.onProgress?.(Math.min(1, n / lines)),
  }).catch(cutOff);
}
