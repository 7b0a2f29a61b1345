/**
 * A column mapping a person defines for a text file the importer does not know (import:tryMapping,
 * import:saveFormat): the header line's cells, and the columns checked against them.
 */
import { parse } from 'csv-parse/sync';
import type { ImportMapping } from '../../preload/contract';
import { AppError } from '../errors';
import { firstLines } from './csv-rows';
import { containerOf, decodeText } from './decode';

/** The header cells of a text file's line `headerLine` split by `delimiter`. */
export function headerOf(bytes: Uint8Array, m: ImportMapping): string[] {
  if (containerOf(bytes) !== 'text')
    throw new AppError(
      'invalid_input',
      'Columns can be defined for text (CSV) files only; save the sheet as CSV.',
      { reason: 'mapping_text_only' },
    );
  const line = firstLines(decodeText(bytes).text, m.headerLine)[m.headerLine - 1] ?? '';
  try {
    return (
      (
        parse(line, { delimiter: m.delimiter, relax_column_count: true, relax_quotes: true }) as string[][]
      )[0] ?? []
    ).map((h) => h.trim());
  } catch {
    return [line];
  }
}

export function checkColumns(m: ImportMapping, header: string[]): void {
  const cols = [m.dateColumn, m.timeColumn, m.valueColumn, m.qualityColumn].filter(
    (c): c is number => c !== null,
  );
  for (const c of cols)
    if (c >= header.length)
      throw new AppError(
        'invalid_input',
        `Line ${m.headerLine} has ${header.length} columns; column ${c + 1} does not exist.`,
        {
          reason: 'mapping_column_missing',
          params: { line: m.headerLine, columns: header.length, column: c + 1 },
        },
      );
  const names = cols.map((c) => header[c]);
  if (new Set(names).size !== names.length)
    throw new AppError('invalid_input', 'Choose different columns for date, time, value and quality.', {
      reason: 'mapping_columns_distinct',
    });
}
