/**
 * CSV text → rows, with csv-parse, a few thousand lines at a time: memory stays bounded by the chunk
 * (not the file), and the caller can yield to the event loop between chunks. Portal exports never put
 * a line break inside a field, so a chunk always ends at a line end; a quote left open is a damaged file.
 */
import { parse } from 'csv-parse/sync';
import { ImportError } from './types';

const CHUNK_LINES = 4000;
/** Cells a line may hold (as an XLSX sheet's columns): a 50 MB line of separators took 3 GB and 46 s. */
export const MAX_CELLS_PER_LINE = 1000;

/** Refuses a line of more than MAX_CELLS_PER_LINE cells, counted before csv-parse builds them. */
function assertCellCounts(chunk: string, delimiter: string, firstLine: number): void {
  let start = 0;
  for (let line = firstLine; start < chunk.length; line++) {
    const nl = chunk.indexOf('\n', start);
    const end = nl < 0 ? chunk.length : nl;
    let n = 1;
    for (let i = chunk.indexOf(delimiter, start); i !== -1 && i < end; i = chunk.indexOf(delimiter, i + 1))
      if (++n > MAX_CELLS_PER_LINE)
        throw new ImportError(
          'too_many_cells',
          `Line ${line} has more than ${MAX_CELLS_PER_LINE} cells: no portal export has that many columns, so the file is damaged or not one.`,
          line,
        );
    start = end + 1;
  }
}

export interface Row {
  cells: string[];
  /** 1-based line in the file. */
  line: number;
}

/** The first lines of a text, for detection (a BOM is already gone). */
export function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (out.length < n && at <= text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    out.push(text.slice(at, end).replace(/\r$/, ''));
    if (nl < 0) break;
    at = nl + 1;
  }
  return out;
}

/** Rows of the whole text, in order; `onChunk` gets the characters read so far (progress). */
export function* csvRows(text: string, delimiter: string): Generator<Row, void, void> {
  let at = 0;
  let firstLine = 1;
  while (at < text.length) {
    let end = at;
    for (let i = 0; i < CHUNK_LINES && end < text.length; i++) {
      const nl = text.indexOf('\n', end);
      end = nl < 0 ? text.length : nl + 1;
    }
    const chunk = text.slice(at, end);
    assertCellCounts(chunk, delimiter, firstLine);
    let records: { record: string[]; info: { lines: number } }[];
    try {
      records = parse(chunk, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
        info: true,
      }) as unknown as { record: string[]; info: { lines: number } }[];
    } catch (err) {
      const e = err as { lines?: number; message: string; code?: string };
      const line = firstLine + (e.lines ?? 1) - 1;
      throw new ImportError(
        'csv_syntax',
        e.code === 'CSV_QUOTE_NOT_CLOSED'
          ? `A quotation mark opened on line ${line} is never closed: the file is cut off or damaged.`
          : `The file is not valid CSV at line ${line}: ${e.message}`,
        line,
      );
    }
    for (const r of records) yield { cells: r.record, line: firstLine + r.info.lines - 1 };
    // Lines in this chunk: one per line break (a last line without one counts too).
    let lines = 0;
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) lines++;
    firstLine += lines;
    at = end;
  }
}
