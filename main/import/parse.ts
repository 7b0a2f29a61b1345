/**
 * Reads a file's rows as its format describes them (types.ts `FormatSpec`) into readings in UTC.
 * Guarantees:
 * - Never invents or drops a quarter-hour: an empty cell is no reading (and counted), a value that is
 *   not a number, a time that does not exist or repeats where it cannot, a row cut short, are errors
 *   naming the line and column; nothing of the file is then kept.
 * - Local labels become instants through the tz database; the repeated October hour is resolved by
 *   order (the n-th row with a label is the n-th instant showing it), so 100 rows give 100 readings.
 * - Hourly and daily files are refused, never spread into quarter-hours.
 * - Meter readings (Zählerstand) are never readings: they only check the consumption.
 */
import { sniffDecimal } from './numbers';
import { joined, refusal } from './parse-layout';
import { finishSeries, settlePlaceholders } from './parse-finish';
import {
  cellNotes,
  changeDayNotes,
  dayTotalNotes,
  dropZeroSeries,
  formatNotes,
  headerTotalNotes,
  magnitudeIssue,
} from './parse-notes';
import { dataRow, startBlock } from './parse-row';
import { newParseState, type ParseOptions, type ParseState, type SourceRow } from './parse-state';
import type { ImportNote } from './notes';
import { ImportError, type FormatSpec, type ParsedFile } from './types';

export { joined } from './parse-layout';
export type { ParseOptions, SourceRow } from './parse-state';

/** The decimal mark of a file that does not name it: sniffed from its first 500 data rows. */
function decideDecimal(st: ParseState): void {
  const l = (st.layout ?? st.layouts[0])!;
  st.decimal = sniffDecimal(st.pending.flatMap((r) => l.series.map((s) => r.cells[s.value])));
  st.decimalDecided = true;
  for (const r of st.pending.splice(0)) dataRow(st, r);
}

/** One row of the file: preamble, a header that starts a block, or data. */
function readRow(st: ParseState, row: SourceRow): void {
  const { spec, opts } = st;
  if (st.phase === 'preamble') {
    if (spec.header.test(joined(row.cells, opts.delimiter))) startBlock(st, row);
    else {
      st.preamble.push(row.cells);
      if (st.preamble.length > (spec.preambleMax ?? 0) + (spec.blocks ? 2 : 0))
        throw new ImportError(
          'unknown_format',
          `No ${spec.operator} header found in the first lines.`,
          row.line,
        );
    }
    return;
  }
  // A second block (its own preamble and header) further down.
  if (spec.blocks && spec.preamble?.[0]?.test(joined(row.cells, opts.delimiter))) {
    st.preamble = [row.cells];
    st.phase = 'preamble';
    return;
  }
  if (!st.decimalDecided) {
    st.pending.push(row);
    if (st.pending.length >= 500) decideDecimal(st);
    return;
  }
  dataRow(st, row);
}

/** Reads the rows of a file in the given format. */
export async function parseRows(
  rows: Iterable<SourceRow>,
  spec: FormatSpec,
  encoding: string,
  opts: ParseOptions,
): Promise<ParsedFile> {
  if (spec.refuse === 'eda_report') throw refusal(spec, 'eda_report');
  const st = newParseState(spec, opts);
  let n = 0;
  for (const row of rows) {
    if (++n % 5000 === 0) await opts.onRows?.(n);
    readRow(st, row);
  }
  if (st.phase === 'preamble' && st.header.length === 0)
    throw new ImportError('unknown_format', `No ${spec.operator} header found in the file.`, 1);
  if (!st.decimalDecided && st.pending.length > 0) decideDecimal(st);
  await opts.onRows?.(n);

  settlePlaceholders(st);
  const out = finishSeries(st);
  const notes: ImportNote[] = [];
  dropZeroSeries(st, out, notes);
  formatNotes(st, out, notes);
  changeDayNotes(st, out, notes);
  cellNotes(st, notes);
  let suspicious = headerTotalNotes(st, out, notes);
  dayTotalNotes(st, notes);
  suspicious ??= magnitudeIssue(out, opts.tz);
  if (out.every((s) => s.startSec.length === 0))
    throw new ImportError(
      'no_readings',
      st.dataRows === 0
        ? 'The file has a header but no readings.'
        : `The file has ${st.dataRows} rows but no values in them (every value cell is empty).`,
    );
  return {
    format: spec,
    encoding,
    meteringPoint: [...st.meteringPoints][0] ?? null,
    direction: st.direction,
    series: out.filter((s) => s.startSec.length > 0),
    notes,
    rows: st.dataRows,
    suspicious,
  };
}
