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
import {
  EARLIEST_PLAUSIBLE_SEC,
  identifierIssue,
  latestPlausibleSec,
  MAX_KWH_PER_HOUR,
  TEXT_CAPS,
} from '../../common/rules';
import { offsetMinutesAt, QH_SEC } from '../time/local-days';
import { note, type ImportNote } from './notes';
import { parseNumber, sniffDecimal } from './numbers';
import { qualityOf } from './quality';
import {
  ImportError,
  type Cell,
  type Direction,
  type FormatSpec,
  type LocalRef,
  type ParsedFile,
  type ParsedSeries,
  type SeriesSpec,
  type ColumnRef,
} from './types';
import { instantsOf, naiveText, parseClock, parseDate, parseDateTime, parseIsoOffset } from './wall-time';
import { systemClock } from '../time/clock';

export interface SourceRow {
  cells: Cell[];
  line: number;
}

export interface ParseOptions {
  tz: string;
  /** The person's choice where the file does not say (consumption or feed-in). */
  direction?: Direction | null;
  /** Text files: cells are text and may not be missing; spreadsheets drop empty trailing cells. */
  isText: boolean;
  /** The file's delimiter (for matching header lines), `;` for spreadsheets. */
  delimiter: string;
  /** Rows read so far, every few thousand rows; may be async (the caller yields to the event loop). */
  onRows?: (rows: number) => void | Promise<void>;
  /** "Now" for the plausible window of times (common/rules.ts); this computer's clock by default. */
  nowSec?: number;
}

const MP = /AT[0-9A-Z]{31}/;

/** Cell as text, trimmed ('' for none); spreadsheet numbers as written. */
function text(c: Cell | undefined): string {
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
function preambleFields(rows: readonly Cell[][]): Record<string, string> {
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

interface SeriesColumn {
  spec: SeriesSpec;
  header: string;
  obis: string;
  value: number;
  quality: number;
  substitute: number;
  meter: number;
}

interface Layout {
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

function columnOf(header: readonly string[], re: RegExp | undefined, from = 0): number {
  if (!re) return -1;
  for (let i = from; i < header.length; i++) if (re.test(header[i]!)) return i;
  return -1;
}

function mustColumn(header: readonly string[], re: RegExp, spec: FormatSpec, line: number): number {
  const i = columnOf(header, re);
  if (i < 0)
    throw new ImportError(
      'unknown_format',
      `The header on line ${line} looks like ${spec.operator} (${spec.product}) but lacks the column ${re.source.replace(/^\^|\$$/g, '')}.`,
      line,
    );
  return i;
}

function layoutOf(
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
function colName(header: readonly string[], i: number): string {
  const h = header[i];
  return h ? `column ${i + 1} ("${h}")` : `column ${i + 1}`;
}

/** A column for the person: its number (1-based) and header text. */
function colRef(header: readonly string[], i: number): ColumnRef {
  return { index: i + 1, name: header[i] || null };
}

/** Most frequent value (the interval of a file). */
function modeOf(values: readonly number[]): number | null {
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

function refusal(spec: FormatSpec, why: 'daily' | 'eda_report'): ImportError {
  const msg =
    why === 'eda_report'
      ? `This is an EDA-Portal "Energie Report" (${spec.operator}): a whole energy community's metering points on a grid that is not Austrian wall-clock time. Import it as a community: Communities → "Import an EDA report" (meterdesk community import FILE), which brings its members and their community registers in one step.`
      : `This ${spec.operator} export holds daily values. Meterdesk keeps quarter-hours and hours and does not spread a day over them (that would invent readings). Download the quarter-hour (15-minute) or hourly export from the portal instead.`;
  return new ImportError(why === 'eda_report' ? 'refused_report' : 'refused_daily', msg);
}

/** Reads the rows of a file in the given format. */
export async function parseRows(
  rows: Iterable<SourceRow>,
  spec: FormatSpec,
  encoding: string,
  opts: ParseOptions,
): Promise<ParsedFile> {
  if (spec.refuse === 'eda_report') throw refusal(spec, 'eda_report');
  const notes: ImportNote[] = [];
  const series = new Map<string, ParsedSeries>();
  const seriesOf = (obis: string, column: string): ParsedSeries => {
    let s = series.get(obis);
    if (!s)
      series.set(
        obis,
        (s = { obisCode: obis, column, intervalSec: 900, startSec: [], valueKwh: [], quality: [], line: [] }),
      );
    return s;
  };
  // Per value column: meter readings seen and the consumption between the first and the last.
  const meterChecks = new Map<
    SeriesColumn['header'],
    {
      column: string;
      count: number;
      first: number | null;
      last: number | null;
      running: number;
      sumAtLast: number;
      silentLines: number[];
    }
  >();
  let phase: 'preamble' | 'data' = 'preamble';
  let preamble: Cell[][] = [];
  let preambleText = '';
  let header: string[] = [];
  let layouts: Layout[] = [];
  let layout: Layout | null = null;
  let fields: Record<string, string> = {};
  let direction: Direction = opts.direction ?? 'consumption';
  let directionKnown = !!opts.direction;
  let decimal: ',' | '.' = spec.decimal === 'auto' ? '.' : spec.decimal;
  let decimalDecided = spec.decimal !== 'auto';
  const pending: SourceRow[] = [];
  const meteringPoints = new Set<string>();
  const occurrences = new Map<string, number>();
  /** Change-day labels seen only once: `naive` → line. */
  const onceLabels = new Map<number, number>();
  /** Lines whose end label is the March jump's start (02:00): the same instant as 03:00. */
  const jumpAliasLines = new Set<number>();
  const jumpDuplicates: { day: string; lines: string }[] = [];
  /** Rows whose meter reading is 0 and consumption 0: placeholders unless the column is all zeros. */
  const pendingZeros: {
    target: ParsedSeries;
    header: string;
    startSec: number;
    q: 1 | 2 | 3;
    line: number;
  }[] = [];
  /**
   * Per value column and register: cells with a value and empty cells. By register too, so a second
   * block of the same column (Netz Burgenland v2's feed-in block, all `-`) is said as an empty column
   * of its register, not as "values missing" in the first block's complete one.
   */
  const filled = new Map<string, { column: string; obis: string; values: number; empty: number }>();
  const counts = {
    noStatus: 0,
    unknownQuality: new Map<string, number>(),
    notEnergy: new Map<string, number>(),
    power: 0,
    placeholder: 0,
    placeholderLine: 0,
    skipped: 0,
    skippedLine: 0,
    offsetMismatch: 0,
    offsetLine: 0,
  };
  const dayTotals: { naiveDay: number; obis: string; value: number }[] = [];
  let dataRows = 0;
  /** A per-row OBIS column named a register: the direction is the file's, not assumed. */
  let obisFromFile = false;
  let interval: number | null = null;
  /**
   * The length of a reading: declared by an hourly format, or found from the first row that labels
   * both ends (an hour); until then a quarter-hour. Hourly values stay hourly.
   */
  let step: 900 | 3600 = spec.intervalSec ?? QH_SEC;
  let stepFrom: number | null = spec.intervalSec ? 0 : null;
  /** October rows whose one label pair spans both repeated hours (Kufstein's `02:00 - 03:00`). */
  const mergedHours: { day: string; kwh: number; line: number; column: string }[] = [];

  const startRange = spec.time.kind === 'local' ? spec.time.start?.range : undefined;
  const endRange = spec.time.kind === 'local' ? spec.time.end?.range : undefined;
  const headerTest = (cells: Cell[]) => spec.header.test(joined(cells, opts.delimiter));

  function startBlock(headerRow: SourceRow): void {
    header = headerRow.cells.map(text);
    fields = preambleFields(preamble);
    preambleText = [
      ...preamble.map((r) => joined(r, opts.delimiter)),
      joined(headerRow.cells, opts.delimiter),
    ].join('\n');
    if (!opts.direction && Array.isArray(spec.direction)) {
      // Direction words in any case: Kärnten writes `Energierichtung;Netzbezug` / `Netzeinspeisung`.
      const rule = spec.direction.find(([re]) =>
        new RegExp(re.source, re.flags.includes('i') ? re.flags : `${re.flags}i`).test(preambleText),
      );
      if (rule) {
        direction = rule[1];
        directionKnown = true;
      }
    } else if (!opts.direction && spec.direction !== 'unknown' && !Array.isArray(spec.direction)) {
      direction = spec.direction;
      directionKnown = true;
    }
    const mp = MP.exec(preambleText)?.[0];
    if (mp) meteringPoints.add(mp);
    const groups = spec.sideBySide ? header.filter((h) => /^DATE_FROM$/.test(h)).length : 1;
    layouts = Array.from({ length: Math.max(groups, 1) }, (_, g) =>
      layoutOf(header, spec, direction, fields, headerRow.line, g),
    );
    layout = layouts.length === 1 ? layouts[0]! : null;
    phase = 'data';
  }

  /** Naive seconds of a label, or an error naming the cell. */
  function label(
    row: SourceRow,
    dateIdx: number,
    timeIdx: number,
    inclusiveEnd: boolean,
    range?: 'from' | 'to',
  ): number {
    let d = row.cells[dateIdx];
    if (range && typeof d === 'string') {
      // `01.10.2024 00:00 - 01.10.2024 01:00`: one cell holds both ends.
      const parts = d.split(/\s+-\s+/);
      d = parts.length === 2 ? parts[range === 'from' ? 0 : 1]! : d;
    }
    let naive: number | null;
    if (d !== null && typeof d === 'object') naive = d.naiveSec;
    else if (timeIdx >= 0) {
      const day = parseDate(text(d));
      const t = row.cells[timeIdx];
      const clock = t !== null && typeof t === 'object' ? t.naiveSec % 86_400 : parseClock(text(t));
      naive = day === null || clock === null ? null : day + clock;
      if (naive === null)
        throw new ImportError(
          'bad_time',
          `Line ${row.line}: "${text(d)} ${text(t)}" (${colName(header, dateIdx)}) is not a date and time.`,
          row.line,
          colRef(header, day === null ? dateIdx : timeIdx),
        );
    } else naive = parseDateTime(text(d));
    if (naive === null)
      throw new ImportError(
        'bad_time',
        `Line ${row.line}: "${text(d)}" in ${colName(header, dateIdx)} is not a date and time (or a date that does not exist).`,
        row.line,
        colRef(header, dateIdx),
      );
    if (inclusiveEnd) {
      if (naive % 60 === 59) naive += 1;
      else if ((naive / 60) % 15 === 14) naive += 60;
    }
    return naive;
  }

  /** The layout of side-by-side tables: the one whose rows span a quarter-hour. */
  function chooseLayout(row: SourceRow): Layout | null {
    for (const l of layouts) {
      if (text(row.cells[l.startDate]) === '') continue;
      try {
        const a = label(row, l.startDate, l.startTime, false, startRange);
        const b = label(row, l.endDate, l.endTime, true, endRange);
        if (b - a <= QH_SEC) return l;
      } catch {
        // not this table
      }
    }
    return null;
  }

  function hasValues(row: SourceRow, l: Layout): boolean {
    return l.series.some((s) => {
      const t = text(row.cells[s.value]);
      return t !== '' && !spec.missing?.includes(t);
    });
  }

  function dataRow(row: SourceRow): void {
    if (row.cells.every((c) => text(c) === '')) return;
    if (spec.skipRows && spec.skipRows.test(text(row.cells[0]))) {
      const mp = MP.exec(text(row.cells[0]))?.[0];
      if (mp) meteringPoints.add(mp);
      return;
    }
    if (!layout) {
      layout = chooseLayout(row);
      if (!layout) return; // no quarter-hour table on this row (its table has run out)
    }
    const l = layout;
    if (opts.isText && row.cells.length <= l.need)
      throw new ImportError(
        'short_row',
        `Line ${row.line} has ${row.cells.length} fields, but ${colName(header, l.need)} is needed: the line is cut off or damaged.`,
        row.line,
        colRef(header, row.cells.length),
      );
    if (spec.sideBySide && text(row.cells[l.startDate]) === '') return; // this table has run out
    dataRows++;
    const t = spec.time;
    let startSec: number;
    let mergedRow = false;
    let rowObis: string | null | undefined;
    if (l.obis >= 0) {
      const raw = text(row.cells[l.obis]);
      rowObis = spec.obisColumn!.map(raw);
      if (typeof rowObis === 'string') obisFromFile = true;
      if (rowObis === null) {
        counts.notEnergy.set(raw, (counts.notEnergy.get(raw) ?? 0) + 1);
        return;
      }
    }
    if (t.kind === 'offset') {
      const cell = text(row.cells[l.at]);
      const p = parseIsoOffset(cell);
      if (!p)
        throw new ImportError(
          'bad_time',
          `Line ${row.line}: "${cell}" in ${colName(header, l.at)} is not a time with a UTC offset.`,
          row.line,
          colRef(header, l.at),
        );
      if (offsetMinutesAt(p.sec, opts.tz) !== p.offsetMin && counts.offsetMismatch++ === 0)
        counts.offsetLine = row.line;
      startSec = t.stamp === 'end' ? p.sec - step : p.sec;
    } else {
      const start = l.startDate >= 0 ? label(row, l.startDate, l.startTime, false, startRange) : null;
      const end =
        l.endDate >= 0 ? label(row, l.endDate, l.endTime, t.end?.inclusiveEnd ?? false, endRange) : null;
      if (start !== null && end !== null) {
        let span = end - start;
        // A day's last row keeps the start's date in its end (`23:45;00:00`, Wiener Netze).
        if (t.end?.date.source === t.start?.date.source && span <= -3600) span += 86_400;
        if (span >= 82_800 && span <= 90_000) {
          if (spec.dayTotalRows) {
            for (const s of l.series) {
              const v = parseNumber(row.cells[s.value], decimal);
              if (typeof v === 'number' && !Number.isNaN(v))
                dayTotals.push({ naiveDay: start, obis: s.obis, value: v });
            }
            dataRows--;
            return;
          }
          throw refusal(spec, 'daily');
        }
        // The first row with both labels decides the file's interval: an hour, or a quarter-hour.
        if (stepFrom === null && (span === 3600 || span === QH_SEC)) {
          step = span;
          stepFrom = row.line;
        }
        // An interval of the file's length; on change days 01:45–03:00 (March) and 02:45–02:00 (October).
        if (span !== step && span !== step + 3600 && span !== step - 3600)
          throw new ImportError(
            'bad_interval',
            `Line ${row.line}: ${naiveText(start)} to ${naiveText(end)} is not ${step === 3600 ? 'an hour' : 'a quarter-hour'}${stepFrom ? `, as the rows from line ${stepFrom} are` : ''}.`,
            row.line,
            colRef(header, l.endDate),
          );
      }
      const stamped = (t.stamp === 'start' ? start : end)!;
      const at = instantsOf(stamped, spec.tz ?? opts.tz);
      let instant: number;
      if (at.length === 2) {
        const key = `${stamped}|${rowObis ?? ''}`;
        const k = occurrences.get(key) ?? 0;
        occurrences.set(key, k + 1);
        if (k === 0) onceLabels.set(stamped, row.line);
        else onceLabels.delete(stamped);
        if (k >= 2) {
          if (!hasValues(row, l)) {
            if (counts.skipped++ === 0) counts.skippedLine = row.line;
            return;
          }
          throw new ImportError(
            'repeated_time',
            `Line ${row.line}: ${naiveText(stamped)} appears a third time; the hour of the October change appears at most twice.`,
            row.line,
            colRef(header, t.stamp === 'start' ? l.startDate : l.endDate),
          );
        }
        instant = at[k]!;
      } else if (at.length === 1) instant = at[0]!;
      else if (t.stamp === 'end' && jumpInstant(stamped, spec.tz ?? opts.tz) !== null && hasValues(row, l)) {
        // An end label at the very start of the skipped hour (02:00 that March night) is the instant the
        // clocks jump: the same as 03:00. Ebner Strom writes that quarter-hour under both labels; the
        // pair is checked below (equal values: one reading, and a note; different: a precise refusal).
        instant = jumpInstant(stamped, spec.tz ?? opts.tz)!;
        jumpAliasLines.add(row.line);
      } else {
        if (!hasValues(row, l)) {
          if (counts.skipped++ === 0) counts.skippedLine = row.line;
          return;
        }
        throw new ImportError(
          'nonexistent_time',
          `Line ${row.line}: ${naiveText(stamped)} does not exist in Austrian time (clocks jump from 02:00 to 03:00 that night).`,
          row.line,
          colRef(header, t.stamp === 'start' ? l.startDate : l.endDate),
        );
      }
      startSec = t.stamp === 'start' ? instant : instant - step;
      // Both October hours 02:00–03:00 in one row (Kufstein, Hall AG): an ambiguous start, an
      // unambiguous end two hours later. Not split (that would invent readings): said with its value.
      if (step === 3600 && start !== null && end !== null && t.stamp === 'start' && at.length === 2) {
        const ends = instantsOf(end, spec.tz ?? opts.tz);
        if (ends.length === 1 && ends[0]! - instant === 2 * step) {
          mergedRow = true;
          onceLabels.delete(stamped);
        }
      }
    }
    if (startSec % step !== 0)
      throw new ImportError(
        'bad_time',
        `Line ${row.line}: the interval does not start on ${step === 3600 ? 'an hour' : 'a quarter-hour'} (${new Date(startSec * 1000).toISOString()}).`,
        row.line,
      );
    // The same window as the service's readings (common/rules.ts): 2000 up to the next day.
    if (startSec < EARLIEST_PLAUSIBLE_SEC || startSec > latestSec)
      throw new ImportError(
        'bad_time',
        `Line ${row.line}: ${localDateText(startSec)} is ${startSec < EARLIEST_PLAUSIBLE_SEC ? 'before 2000' : 'in the future'}; a portal export holds measured quarter-hours from 2000 up to today. The file is damaged or not an export.`,
        row.line,
      );
    if (l.mp >= 0) {
      const mp = text(row.cells[l.mp]);
      if (mp) {
        const why = identifierIssue(mp, TEXT_CAPS.identifier);
        if (why)
          throw new ImportError(
            'unknown_format',
            `Line ${row.line}: the metering point ${why}; a metering point is a short code such as AT0010000000000000001000000000001.`,
            row.line,
            colRef(header, l.mp),
          );
        meteringPoints.add(mp);
      }
    }
    let unitFactor = spec.unitFactor ?? 1;
    let isPower = false;
    if (l.unit >= 0) {
      const u = text(row.cells[l.unit]).toUpperCase();
      if (u === 'KW') {
        unitFactor = step / 3600;
        isPower = true;
      } else if (u !== 'KWH' && u !== '')
        throw new ImportError(
          'bad_unit',
          `Line ${row.line}: the unit "${text(row.cells[l.unit])}" is neither kWh nor kW.`,
          row.line,
          colRef(header, l.unit),
        );
    }
    for (const s of l.series) {
      const raw = row.cells[s.value];
      const rawText = text(raw);
      const isMissing = rawText === '' || spec.missing?.includes(rawText);
      let v = isMissing ? null : parseNumber(raw, decimal);
      let q: 1 | 2 | 3 | null = null;
      if (v !== null && Number.isNaN(v))
        throw new ImportError(
          'bad_number',
          `Line ${row.line}: "${rawText}" in ${colName(header, s.value)} is not a number${decimal === ',' ? ' with a decimal comma' : ''}.`,
          row.line,
          colRef(header, s.value),
        );
      if (s.substitute >= 0) {
        const sub = text(row.cells[s.substitute]);
        if (sub !== '') {
          const n = parseNumber(sub, decimal);
          if (typeof n === 'number' && !Number.isNaN(n)) {
            if (v === null) v = n;
            q = 2;
          } else q = 2; // a mark in the Ersatzwert column: the value is a substitute
        }
      }
      let isOpeningReading = false;
      // A meter reading of 0 with no consumption may be a placeholder (Stromnetz Graz), not a reading:
      // kept aside from the rise check, and decided at the end (placeholders where the column's other
      // readings are not 0; an unused register's zeros where they all are).
      const placeholder = s.meter >= 0 && parseNumber(row.cells[s.meter], decimal) === 0 && v === 0;
      if (s.meter >= 0 && !placeholder) {
        // A reading is taken at the interval's end: the rise from the first to the last reading is the
        // consumption of the rows after the first one, up to the last one.
        const m = parseNumber(row.cells[s.meter], decimal);
        let mc = meterChecks.get(s.header);
        if (!mc)
          meterChecks.set(
            s.header,
            (mc = {
              column: header[s.meter]!,
              count: 0,
              first: null,
              last: null,
              running: 0,
              sumAtLast: 0,
              silentLines: [],
            }),
          );
        if (mc.first !== null && v !== null) mc.running += v;
        if (typeof m === 'number' && !Number.isNaN(m)) {
          if (mc.first === null) {
            mc.first = m;
            isOpeningReading = v === null;
          } else if (v === null && m !== mc.last && mc.silentLines.length < 3) mc.silentLines.push(row.line);
          mc.last = m;
          mc.sumAtLast = mc.running;
          mc.count++;
        }
      }
      const fillKey = `${rowObis ?? s.obis}\u0000${s.header}`;
      let fill = filled.get(fillKey);
      if (!fill)
        filled.set(fillKey, (fill = { column: s.header, obis: rowObis ?? s.obis, values: 0, empty: 0 }));
      if (v === null) {
        // The export's opening meter reading has no interval of its own (Stromnetz Graz's first row).
        if (!isOpeningReading) fill.empty++;
        continue;
      }
      fill.values++;
      if (unitFactor !== 1) v *= unitFactor;
      if (isPower) counts.power++;
      // The service's rule for a reading's energy (common/rules.ts): finite, not negative, physical.
      if (!Number.isFinite(v) || v < 0 || v > MAX_QH_KWH * (step / QH_SEC))
        throw new ImportError(
          'bad_number',
          `Line ${row.line}: ${rawText} kWh in ${colName(header, s.value)} ${!Number.isFinite(v) ? 'is not a finite number' : v < 0 ? 'is negative; energy in a quarter-hour cannot be' : `is more than any metering point measures in ${step === 3600 ? 'an hour' : 'a quarter-hour'} (${MAX_QH_KWH * (step / QH_SEC)} kWh)`}. The file is damaged or not an export of energy.`,
          row.line,
          colRef(header, s.value),
        );
      if (q === null) {
        const qi = s.quality;
        if (qi < 0) q = 1;
        else {
          const word = text(row.cells[qi]);
          if (word === '') {
            q = 1;
            counts.noStatus++;
          } else {
            q = qualityOf(word);
            if (q === null) {
              counts.unknownQuality.set(word, (counts.unknownQuality.get(word) ?? 0) + 1);
              q = 3;
            }
          }
        }
      }
      const target = seriesOf(rowObis ?? s.obis, s.header);
      if (mergedRow) {
        const local = startSec + offsetMinutesAt(startSec, opts.tz) * 60;
        mergedHours.push({ day: naiveText(local).slice(0, 10), kwh: v, line: row.line, column: s.header });
        continue;
      }
      if (placeholder) {
        pendingZeros.push({ target, header: s.header, startSec, q, line: row.line });
        continue;
      }
      target.startSec.push(startSec);
      target.valueKwh.push(v);
      target.quality.push(q);
      target.line.push(row.line);
    }
  }

  const latestSec = latestPlausibleSec(opts.nowSec ?? systemClock.nowSec());
  let suspicious: ImportNote | null = null;
  let n = 0;
  for (const row of rows) {
    if (++n % 5000 === 0) await opts.onRows?.(n);
    if (phase === 'preamble') {
      if (headerTest(row.cells)) startBlock(row);
      else {
        preamble.push(row.cells);
        if (preamble.length > (spec.preambleMax ?? 0) + (spec.blocks ? 2 : 0))
          throw new ImportError(
            'unknown_format',
            `No ${spec.operator} header found in the first lines.`,
            row.line,
          );
      }
      continue;
    }
    // A second block (its own preamble and header) further down.
    if (spec.blocks && spec.preamble?.[0]?.test(joined(row.cells, opts.delimiter))) {
      preamble = [row.cells];
      phase = 'preamble';
      continue;
    }
    if (!decimalDecided) {
      pending.push(row);
      if (pending.length < 500) continue;
      decimal = sniffDecimal(
        pending.flatMap((r) => (layout ?? layouts[0])!.series.map((s) => r.cells[s.value])),
      );
      decimalDecided = true;
      for (const r of pending.splice(0)) dataRow(r);
      continue;
    }
    dataRow(row);
  }
  if (phase === 'preamble' && header.length === 0)
    throw new ImportError('unknown_format', `No ${spec.operator} header found in the file.`, 1);
  if (!decimalDecided && pending.length > 0) {
    decimal = sniffDecimal(
      pending.flatMap((r) => (layout ?? layouts[0])!.series.map((s) => r.cells[s.value])),
    );
    for (const r of pending.splice(0)) dataRow(r);
  }
  await opts.onRows?.(n);

  for (const z of pendingZeros) {
    const mc = meterChecks.get(z.header);
    if (mc && mc.count > 0 && (mc.last ?? 0) > 0) {
      if (counts.placeholder++ === 0) counts.placeholderLine = z.line;
      continue;
    }
    z.target.startSec.push(z.startSec);
    z.target.valueKwh.push(0);
    z.target.quality.push(z.q);
    z.target.line.push(z.line);
  }

  // Time order, duplicates, the interval.
  const out: ParsedSeries[] = [];
  for (const s of series.values()) {
    const order = s.startSec.map((_, i) => i);
    let sorted = true;
    for (let i = 1; i < s.startSec.length; i++) if (s.startSec[i]! < s.startSec[i - 1]!) sorted = false;
    if (!sorted) {
      order.sort((a, b) => s.startSec[a]! - s.startSec[b]!);
      s.startSec = order.map((i) => s.startSec[i]!);
      s.valueKwh = order.map((i) => s.valueKwh[i]!);
      s.quality = order.map((i) => s.quality[i]!);
      s.line = order.map((i) => s.line[i]!);
    }
    const diffs: number[] = [];
    // The March jump's quarter-hour written under 02:00 and 03:00: one reading when both say the same.
    const drop = new Set<number>();
    for (let i = 1; i < s.startSec.length; i++) {
      if (s.startSec[i] !== s.startSec[i - 1]) continue;
      const alias = jumpAliasLines.has(s.line[i]!) ? i : jumpAliasLines.has(s.line[i - 1]!) ? i - 1 : -1;
      if (alias < 0) continue;
      const [a, b] = [s.line[i - 1]!, s.line[i]!].sort((x, y) => x - y);
      const endLocal = naiveText(
        s.startSec[i]! + QH_SEC + offsetMinutesAt(s.startSec[i]! + QH_SEC, opts.tz) * 60,
      );
      if (s.valueKwh[i] !== s.valueKwh[i - 1])
        throw new ImportError(
          'repeated_time',
          `Lines ${a} and ${b} both stand for the quarter-hour ending at ${endLocal}: that night the clocks jump from 02:00 to 03:00, so the labels 02:00 and 03:00 are one instant. The file gives it two different values (${s.valueKwh[i - 1]} and ${s.valueKwh[i]} kWh of "${s.column}"), and Meterdesk cannot tell which is right; ask the operator for a corrected export.`,
          b,
        );
      drop.add(alias);
      jumpDuplicates.push({ day: endLocal.slice(0, 10), lines: `${a}, ${b}` });
    }
    if (drop.size > 0) {
      const keep = (_: unknown, i: number) => !drop.has(i);
      s.startSec = s.startSec.filter(keep);
      s.valueKwh = s.valueKwh.filter(keep);
      s.quality = s.quality.filter(keep);
      s.line = s.line.filter(keep);
    }
    for (let i = 1; i < s.startSec.length; i++) {
      const d = s.startSec[i]! - s.startSec[i - 1]!;
      if (d === 0)
        throw new ImportError(
          'repeated_time',
          `Lines ${Math.min(s.line[i - 1]!, s.line[i]!)} and ${Math.max(s.line[i - 1]!, s.line[i]!)} are the same quarter-hour (${new Date(s.startSec[i]! * 1000).toISOString()}) of "${s.column}"; a time may appear twice only in the hour of the October change.`,
          Math.max(s.line[i - 1]!, s.line[i]!),
        );
      if (i < 200) diffs.push(d);
    }
    interval ??= modeOf(diffs);
    out.push(s);
  }
  if (interval !== null && interval >= 82_800 && interval <= 90_000) throw refusal(spec, 'daily');
  // Hourly readings found only by their distance (one label per row): hourly series. An end label
  // was read as a quarter-hour's end until now; the hour began 45 minutes earlier.
  if (interval === 3600 && stepFrom === null) {
    step = 3600;
    if (spec.time.stamp === 'end')
      for (const s of out) s.startSec = s.startSec.map((t) => t - (3600 - QH_SEC));
  }
  if (interval !== null && interval !== step && interval < 3 * 86_400)
    throw new ImportError(
      'bad_interval',
      `The readings are ${interval / 60} minutes apart; Meterdesk imports quarter-hours (15 minutes) and hours.`,
    );
  for (const s of out) s.intervalSec = step;

  // One metering point per file.
  if (meteringPoints.size > 1)
    throw new ImportError(
      'unknown_format',
      `The file holds readings of ${meteringPoints.size} metering points (${[...meteringPoints].slice(0, 3).join(', ')}): import one metering point per file.`,
    );

  // What the file lacks or contradicts, with the numbers.
  for (const s of spec.series.filter((x) => x.skipWhenAllZero)) {
    for (const [obis, ps] of series) {
      const col = layouts[0]?.series.find((c) => c.spec === s && c.obis === obis);
      if (!col) continue;
      const mc = meterChecks.get(col.header);
      if (ps.valueKwh.every((v) => v === 0) && (!mc || mc.first === mc.last)) {
        out.splice(out.indexOf(ps), 1);
        notes.push(note('series_all_zero', { column: col.header }));
      }
    }
  }
  if (!directionKnown && obisFromFile)
    direction = out[0]?.obisCode.startsWith('1-1:2.') ? 'feed_in' : 'consumption';
  else if (!directionKnown) notes.push(note('direction_assumed'));
  if (layouts[0] && layouts[0].series.every((s) => s.quality < 0 && s.substitute < 0))
    notes.push(note('no_quality_column'));
  for (const c of spec.caveats ?? []) notes.push(note(c));
  for (const col of layouts[0]?.series ?? []) {
    const hn = col.spec.headerNote;
    if (hn && hn[0].test(col.header) && !notes.some((x) => x.code === hn[1]))
      notes.push(note(hn[1], { column: col.header, register: col.obis }));
  }
  if (counts.power > 0) notes.push(note('power_converted', { count: counts.power }));
  for (const mc of meterChecks.values()) {
    if (mc.count === 0) continue;
    notes.push(
      note('meter_readings_kept_apart', {
        count: mc.count,
        column: mc.column,
        first: mc.first!,
        last: mc.last!,
      }),
    );
    const rise = mc.last! - mc.first!;
    if (Math.abs(rise - mc.sumAtLast) > 0.0015)
      notes.push(
        note('meter_reading_mismatch', {
          readingRise: round3(rise),
          sum: round3(mc.sumAtLast),
          lines: mc.silentLines.join(', '),
        }),
      );
  }
  for (const [day, line] of onceLabels) {
    // Labels of the repeated hour seen once: one note per day.
    const key = naiveText(day).slice(0, 10);
    if (!notes.some((x) => x.code === 'dst_hour_once' && x.params.day === key)) {
      const main = out[0];
      const dayStart = Math.floor(day / 86_400) * 86_400;
      const received = main
        ? main.startSec.filter((s) => {
            const local = s + offsetMinutesAt(s, opts.tz) * 60;
            return local >= dayStart && local < dayStart + 86_400;
          }).length
        : 0;
      notes.push(note('dst_hour_once', { day: key, received, expected: step === 3600 ? 25 : 100, line }));
    }
  }
  for (const m of mergedHours) {
    const s = out.find((x) => x.column === m.column);
    const dayStart =
      Date.parse(`${m.day.slice(6)}-${m.day.slice(3, 5)}-${m.day.slice(0, 2)}T00:00:00Z`) / 1000;
    const received = s
      ? s.startSec.filter((t) => {
          const local = t + offsetMinutesAt(t, opts.tz) * 60;
          return local >= dayStart && local < dayStart + 86_400;
        }).length
      : 0;
    notes.push(
      note('dst_hours_merged', { day: m.day, line: m.line, kwh: round3(m.kwh), column: m.column, received }),
    );
  }
  if (step === 3600)
    notes.unshift(note('hourly_series', { count: out.reduce((n, s) => n + s.startSec.length, 0) }));
  for (const j of jumpDuplicates)
    if (!notes.some((x) => x.code === 'dst_jump_written_twice' && x.params.day === j.day))
      notes.push(note('dst_jump_written_twice', j));
  // A column name shared by several registers (blocks) is said with its register.
  const fills = [...filled.values()];
  const nameOf = (f: (typeof fills)[number]) =>
    fills.some((g) => g !== f && g.column === f.column) ? `${f.column} – ${f.obis}` : f.column;
  const emptyColumns = fills.filter((f) => f.values === 0).map(nameOf);
  if (emptyColumns.length > 0) notes.push(note('column_empty', { columns: emptyColumns.join('", "') }));
  for (const f of fills)
    if (f.values > 0 && f.empty > 0)
      notes.push(
        note('empty_values', { count: f.empty, column: nameOf(f), ...(step === 3600 ? { hourly: 1 } : {}) }),
      );
  if (counts.noStatus > 0) notes.push(note('no_status', { count: counts.noStatus }));
  for (const [word, count] of counts.unknownQuality) notes.push(note('unknown_quality', { word, count }));
  for (const [register, count] of counts.notEnergy)
    notes.push(note('not_interval_energy', { register, count }));
  if (counts.offsetMismatch > 0)
    notes.push(note('offset_mismatch', { count: counts.offsetMismatch, line: counts.offsetLine }));
  if (counts.skipped > 0)
    notes.push(note('rows_without_value_skipped', { count: counts.skipped, line: counts.skippedLine }));
  if (counts.placeholder > 0)
    notes.push(note('placeholder_rows', { count: counts.placeholder, line: counts.placeholderLine }));
  if (spec.headerTotal) {
    const stated = spec.headerTotal.exec(header.join(';'))?.[1];
    const main = out[0];
    if (stated && main) {
      const statedKwh = Number(stated.replace(/\./g, '').replace(',', '.'));
      const sum = main.valueKwh.reduce((a, b) => a + b, 0);
      if (Math.abs(statedKwh - sum) > 0.0005 + 1e-7 * main.valueKwh.length)
        notes.push(note('header_total_mismatch', { stated: round3(statedKwh), sum: round3(sum) }));
      if (statedKwh > 0 && sum > 0 && (sum / statedKwh > 10 || statedKwh / sum > 10))
        suspicious ??= note('suspicious_header_total', {
          stated: round3(statedKwh),
          sum: round3(sum),
          factor: Math.round(Math.max(sum / statedKwh, statedKwh / sum)),
        });
    }
  }
  if (dayTotals.length > 0) {
    // Per register, one note each. A day's 92–100 values are each rounded to 0,001 kWh, so their sum
    // may differ from the rounded daily total by a few Wh without anything missing (eww Wels: 0,002):
    // up to 5 Wh is rounding, not a contradiction.
    const byRegister = new Map<
      string,
      { column: string; count: number; day: string; stated: number; sum: number }
    >();
    for (const d of dayTotals) {
      const s = series.get(d.obis);
      if (!s) continue;
      let sum = 0;
      for (let i = 0; i < s.startSec.length; i++) {
        const local = s.startSec[i]! + offsetMinutesAt(s.startSec[i]!, opts.tz) * 60;
        if (local >= d.naiveDay && local < d.naiveDay + 86_400) sum += s.valueKwh[i]!;
      }
      if (Math.abs(sum - d.value) > DAY_TOTAL_ROUNDING_KWH) {
        const r = byRegister.get(d.obis);
        if (r) r.count++;
        else
          byRegister.set(d.obis, {
            column: s.column,
            count: 1,
            day: naiveText(d.naiveDay).slice(0, 10),
            stated: round3(d.value),
            sum: round3(sum),
          });
      }
    }
    for (const [obis, r] of byRegister) notes.push(note('day_total_mismatch', { register: obis, ...r }));
  }
  suspicious ??= magnitudeIssue(out, opts.tz);
  if (out.every((s) => s.startSec.length === 0))
    throw new ImportError(
      'no_readings',
      dataRows === 0
        ? 'The file has a header but no readings.'
        : `The file has ${dataRows} rows but no values in them (every value cell is empty).`,
    );
  return {
    format: spec,
    encoding,
    meteringPoint: [...meteringPoints][0] ?? null,
    direction,
    series: out.filter((s) => s.startSec.length > 0),
    notes,
    rows: dataRows,
    suspicious,
  };
}

/**
 * A quarter-hour whose energy no meter of the file's own level measures: above 25 kWh (100 kW) and over
 * 100 times the file's median non-zero quarter-hour (a household at 0,2 kWh with one value of 219 kWh:
 * `0.219` read as 219 by a de-AT Excel). The file's own distribution decides, not a fixed size, so a
 * business meter's real peaks pass.
 */
function magnitudeIssue(series: readonly ParsedSeries[], tz: string): ImportNote | null {
  for (const s of series) {
    const perHour = 3600 / s.intervalSec;
    const nonZero = s.valueKwh.filter((v) => v > 0).sort((a, b) => a - b);
    if (nonZero.length < 20) continue;
    const median = nonZero[Math.floor(nonZero.length / 2)]!;
    let worst = -1;
    for (let i = 0; i < s.valueKwh.length; i++)
      if (worst < 0 || s.valueKwh[i]! > s.valueKwh[worst]!) worst = i;
    const max = s.valueKwh[worst]!;
    // Every value a whole number of kWh, and large: portal exports write energy with decimals, so a
    // decimal point was read as a thousands separator throughout.
    const whole = nonZero.filter((v) => Number.isInteger(v)).length / nonZero.length;
    if (whole > 0.9 && median * perHour >= 40)
      return note('suspicious_whole_kwh', {
        column: s.column,
        median: round3(median),
        kw: round3(median * perHour),
      });
    if (max * perHour > 100 && max > 100 * median) {
      const at = naiveText(s.startSec[worst]! + offsetMinutesAt(s.startSec[worst]!, tz) * 60);
      return note('suspicious_quarter_hour', {
        line: s.line[worst]!,
        kwh: round3(max),
        at,
        column: s.column,
        kw: round3(max * perHour),
        times: Math.round(max / median),
        median: round3(median),
      });
    }
  }
  return null;
}

/** How far a day's summed values may lie from its stated total by rounding alone (see the check). */
const DAY_TOTAL_ROUNDING_KWH = 0.005;

/** The most energy a quarter-hour may hold (the service's bound per hour, for 15 minutes). */
const MAX_QH_KWH = MAX_KWH_PER_HOUR / 4;

function localDateText(sec: number): string {
  const d = new Date(sec * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

/**
 * The instant of a March jump whose start `naive` (a wall-clock time that does not exist, e.g. 02:00)
 * is: the first instant after the skipped hour. Null when `naive` is not the very start of a jump.
 */
function jumpInstant(naive: number, tz: string): number | null {
  if (instantsOf(naive - QH_SEC, tz).length !== 1) return null; // 01:45 exists, 02:00 is the gap's start
  for (const h of [3600, 1800]) {
    const after = instantsOf(naive + h, tz);
    if (after.length === 1 && instantsOf(naive + h - QH_SEC, tz).length === 0) return after[0]!;
  }
  return null;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
