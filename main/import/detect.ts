/**
 * Which format a file is: the header signature of each description, tested on the first lines (CSV)
 * or the first rows of each sheet, after its preamble lines matched. No sample file is consulted.
 */
import { parse } from 'csv-parse/sync';
import { firstLines } from './csv-rows';
import { joined, type SourceRow } from './parse';
import type { Cell, FormatSpec } from './types';

const LOOK_AHEAD = 16;

function matches(spec: FormatSpec, rows: readonly Cell[][], delimiter: string): boolean {
  const max = Math.min(spec.preambleMax ?? 0, rows.length - 1);
  for (let h = 0; h <= max; h++) {
    if (!spec.header.test(joined(rows[h]!, delimiter))) continue;
    const pre = spec.preamble ?? [];
    if (pre.length > h) continue;
    if (pre.every((re, j) => re.test(joined(rows[j]!, delimiter)))) return true;
  }
  return false;
}

/** Characters of a line format detection reads. */
const MAX_DETECT_LINE = 4000;

/** The format of a CSV text, or null. */
export function detectText(text: string, formats: readonly FormatSpec[]): FormatSpec | null {
  // The start of each line only: a portal's header and preamble lines are short, and a 50 MB line of
  // separators parsed once per candidate delimiter took 3 GB (issue 43, item 9).
  const lines = firstLines(text, LOOK_AHEAD).map((l) => l.slice(0, MAX_DETECT_LINE));
  const byDelimiter = new Map<string, Cell[][]>();
  const rowsFor = (d: string) => {
    let rows = byDelimiter.get(d);
    if (!rows) {
      rows = lines.map((l) => {
        try {
          return (
            (parse(l, { delimiter: d, relax_column_count: true, relax_quotes: true }) as string[][])[0] ?? [
              '',
            ]
          );
        } catch {
          return [l];
        }
      });
      byDelimiter.set(d, rows);
    }
    return rows;
  };
  for (const spec of formats) {
    if (spec.container === 'sheet') continue;
    const d = spec.delimiter ?? ';';
    if (matches(spec, rowsFor(d), d)) return spec;
  }
  return null;
}

/** The format of a workbook and the sheet it is on, or null. */
export function detectSheet(
  sheets: readonly { name: string; rows: SourceRow[] }[],
  formats: readonly FormatSpec[],
): { spec: FormatSpec; sheet: { name: string; rows: SourceRow[] } } | null {
  for (const spec of formats) {
    if (spec.container === 'text') continue;
    for (const sheet of sheets) {
      if (spec.sheet && !spec.sheet.test(sheet.name)) continue;
      const first = sheet.rows.slice(0, LOOK_AHEAD).map((r) => r.cells);
      if (matches(spec, first, ';')) return { spec, sheet };
    }
  }
  return null;
}
