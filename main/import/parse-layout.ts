/**
 * The layout of a portal file: which column holds what (types.ts `FormatSpec` applied to a header),
 * the preamble's fields, and the words that name a column in a refusal.
 */
import {
  ImportError,
  type Cell,
  type ColumnRef,
  type Direction,
  type FormatSpec,
  type LocalRef,
  type SeriesSpec,
} from './types';
import { naiveText } from './wall-time';

export const MP = /AT[0-9A-Z]{31}/;

/** Cell as text, trimmed ('' for none); spreadsheet numbers as written. */
export function text(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'string') return c.trim();
  if (typeof c === 'number') return String(c);
  return naiveText(c.naiveSec);
}

/** A header or data row as one line, for the format's patterns: trailing separators dropped. */
export function joined(cells: readonly Cell[], delimiter: string): string {
  const parts = cells.map(text);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(delimiter);
}

/** `Name;Value` lines and name rows followed by a value row: the preamble's fields. */
export function preambleFields(rows: readonly Cell[][]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!.map(text);
    const next = rows[i + 1]?.map(text);
    const names = r.filter((x) => x !== '');
    if (next && names.length > 2 && names.every((x) => !/\d/.test(x))) {
      r.forEach((name, j) => {
        if (name && !(name in fields)) fields[name] = next[j] ?? '';
      });
    } else if (r[0] && r[1] !== undefined && r[1] !== '') fields[r[0].replace(/:$/, '')] ??= r[1];
  }
  return fields;
}

export interface SeriesColumn {
  spec: SeriesSpec;
  header: string;
  obis: string;
  value: number;
  quality: number;
  substitute: number;
  meter: number;
}

export interface Layout {
  startDate: number;
  startTime: number;
  endDate: number;
  endTime: number;
  at: number;
  series: SeriesColumn[];
  obis: number;
  mp: number;
  unit: number;
  /** Highest column a row must have. */
  need: number;
}

export function columnOf(header: readonly string[], re: RegExp | undefined, from = 0): number {
  if (!re) return -1;
  for (let i = from; i < header.length; i++) if (re.test(header[i]!)) return i;
  return -1;
}

export function mustColumn(header: readonly string[], re: RegExp, spec: FormatSpec, line: number): number {
  const i = columnOf(header, re);
  if (i < 0)
    throw new ImportError(
      'unknown_format',
      `The header on line ${line} looks like ${spec.operator} (${spec.product}) but lacks the column ${re.source.replace(/^\^|\$$/g, '')}.`,
      line,
    );
  return i;
}

export function layoutOf(
  header: string[],
  spec: FormatSpec,
  direction: Direction,
  fields: Record<string, string>,
  line: number,
  group: number,
): Layout {
  const t = spec.time;
  const at = (ref: LocalRef | undefined, key: 'date' | 'time') => {
    const re = ref?.[key];
    if (!re) return -1;
    // Side-by-side tables: the n-th match belongs to the n-th table.
    let i = -1;
    for (let g = 0; g <= group; g++) i = columnOf(header, re, i + 1);
    if (i < 0) mustColumn(header, re, spec, line);
    return i;
  };
  const series: SeriesColumn[] = [];
  for (const s of spec.series) {
    const idx: number[] = [];
    for (let i = columnOf(header, s.value); i >= 0; i = columnOf(header, s.value, i + 1)) {
      idx.push(i);
      if (!s.each) break;
    }
    if (spec.sideBySide)
      idx.splice(
        0,
        idx.length,
        columnOf(header, s.value, at(t.kind === 'local' ? t.start : undefined, 'date')),
      );
    if (idx.length === 0 || idx[0]! < 0) {
      if (s.optional) continue;
      mustColumn(header, s.value, spec, line);
    }
    for (const i of idx) {
      const h = header[i]!;
      series.push({
        spec: s,
        header: h,
        obis: typeof s.obis === 'string' ? s.obis : s.obis(h, direction, fields),
        value: i,
        quality: s.qualityNext
          ? /status/i.test(header[i + 1] ?? '')
            ? i + 1
            : -1
          : columnOf(header, s.quality),
        substitute: columnOf(header, s.substitute),
        meter: columnOf(header, s.meterReading),
      });
    }
  }
  if (series.length === 0 && !spec.refuse)
    throw new ImportError('unknown_format', `The header on line ${line} names no column of readings.`, line);
  const l: Layout = {
    startDate: t.kind === 'local' ? at(t.start, 'date') : -1,
    startTime: t.kind === 'local' ? at(t.start, 'time') : -1,
    endDate: t.kind === 'local' ? at(t.end, 'date') : -1,
    endTime: t.kind === 'local' ? at(t.end, 'time') : -1,
    at: t.kind === 'offset' ? mustColumn(header, t.at, spec, line) : -1,
    series,
    obis: spec.obisColumn ? mustColumn(header, spec.obisColumn.header, spec, line) : -1,
    mp: columnOf(header, spec.meteringPointColumn),
    unit: columnOf(header, spec.unitColumn),
    need: 0,
  };
  l.need = Math.max(l.startDate, l.startTime, l.endDate, l.endTime, l.at, ...series.map((s) => s.value));
  return l;
}

/** Column name for messages: the header text, or its number/letter. */
export function colName(header: readonly string[], i: number): string {
  const h = header[i];
  return h ? `column ${i + 1} ("${h}")` : `column ${i + 1}`;
}

/** A column for the person: its number (1-based) and header text. */
export function colRef(header: readonly string[], i: number): ColumnRef {
  return { index: i + 1, name: header[i] || null };
}

/** Most frequent value (the interval of a file). */
export function modeOf(values: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  let n = 0;
  for (const [v, c] of counts)
    if (c > n) {
      best = v;
      n = c;
    }
  return best;
}

export function refusal(spec: FormatSpec, why: 'daily' | 'eda_report'): ImportError {
  const msg =
    why === 'eda_report'
      ? `This is an EDA-Portal "Energie Report" (${spec.operator}): a whole energy community's metering points on a grid that is not Austrian wall-clock time. Import it as a community: Communities → "Import an EDA report" (meterdesk community import FILE), which brings its members and their community registers in one step.`
      : `This ${spec.operator} export holds daily values. Meterdesk keeps quarter-hours and hours and does not spread a day over them (that would invent readings). Download the quarter-hour (15-minute) or hourly export from the portal instead.`;
  return new ImportError(why === 'eda_report' ? 'refused_report' : 'refused_daily', msg);
}
