import type { ImportErrorKind } from '../../preload/contract';
import type { ImportNote } from './notes';

export type { ImportErrorKind };

/**
 * The shapes shared by the import: a format's declarative description (one file per format under
 * `formats/`), the cells a file is read into, and what a parsed file holds.
 */

/** A local wall-clock time without a zone: seconds since 1970 as if the clock were UTC. */
export interface NaiveTime {
  naiveSec: number;
}

/** One cell of a file: text (CSV), a number or a date cell (spreadsheets), or nothing. */
export type Cell = string | number | NaiveTime | null;

/** The records of a file: cells per row and where each row is in the file, for messages. */
export interface Records {
  rows: Cell[][];
  /** 1-based line (CSV) or row (spreadsheet) of each record. */
  lineOf: number[];
  /** Spreadsheet: the sheet's name (column letters in messages); CSV: null (column numbers). */
  sheet: string | null;
}

/** Where the quarter-hour a row stands for is written. */
export type TimeSpec =
  | {
      kind: 'local';
      /** The interval start: a date column and a time column, or one column with both. */
      start?: LocalRef;
      end?: LocalRef;
      /** Which label names the interval (the other, if given, is checked against it). */
      stamp: 'start' | 'end';
    }
  | {
      /** ISO 8601 with a UTC offset: an instant, no DST question. */
      kind: 'offset';
      at: RegExp;
      stamp: 'start' | 'end';
    };

export interface LocalRef {
  date: RegExp;
  /** A separate time column; without it the date column holds the time too. */
  time?: RegExp;
  /** `00:14:59` / `00:14` end labels: the interval ends a second (a minute) later. */
  inclusiveEnd?: boolean;
  /**
   * The date column holds the whole interval, `01.10.2024 00:00 - 01.10.2024 01:00` (Stadtwerke
   * Kufstein, Hall AG): this label is the part before (`from`) or after (`to`) the ` - `.
   */
  range?: 'from' | 'to';
}

export type Direction = 'consumption' | 'feed_in';

export interface SeriesSpec {
  /** Header of the value column (the first match, or each match with `each`). */
  value: RegExp;
  /** Every column matching `value` is a series of its own (EEG column sets with a community suffix). */
  each?: boolean;
  /**
   * The OBIS code; a function gets the header cell, the file's direction and the preamble's fields
   * (`Kennzahl` → `1-1:1.9.0 P.01`).
   */
  obis: string | ((header: string, direction: Direction, fields: Record<string, string>) => string);
  /** Header of the series' quality column. */
  quality?: RegExp;
  /** The quality column is the one right after the value column (eww: a `Status` after each value). */
  qualityNext?: boolean;
  /** A substitute-value column (`Ersatzwert`): a number there is the value, marked estimated. */
  substitute?: RegExp;
  /** The meter reading (Zählerstand) belonging to the series: kept apart, used as a check only. */
  meterReading?: RegExp;
  /** A file may lack this column. */
  optional?: boolean;
  /** Not imported when every value is 0 and its meter reading never moves (a single-rate meter's HT/NT). */
  skipWhenAllZero?: boolean;
  /** A note said when the column's header matches (what the importer decided about that name). */
  headerNote?: [RegExp, 'residual_as_total'];
}

/**
 * One portal export format, as the catalogue (shared/design/DSO-FORMATS.md) describes it. The parser
 * (parse.ts) does everything a description names; nothing in it knows a particular grid operator.
 */
export interface FormatSpec {
  id: string;
  /** The grid operator (or supplier) whose portal writes it. */
  operator: string;
  /** The export's name in the portal, with the variant. */
  product: string;
  /** 'text': CSV; 'sheet': XLSX/XLS; 'any': either (the same layout as CSV and as workbook). */
  container: 'text' | 'sheet' | 'any';
  /** CSV separator. */
  delimiter?: ';' | ',' | '\t';
  /** Decimal mark of text numbers; 'auto' decides per file (`,` if any value has one). */
  decimal: ',' | '.' | 'auto';
  /** The header line (CSV text, or a sheet row's cells joined by `;`). */
  header: RegExp;
  /** Lines before the header, at most (preamble); default 0. */
  preambleMax?: number;
  /** Preamble lines that must be there (in order) for the format to be recognised. */
  preamble?: RegExp[];
  /** Spreadsheet: the sheet to read. */
  sheet?: RegExp;
  time: TimeSpec;
  /**
   * How the format writes the October change day: 'repeat' (the hour twice, no marker, in row order),
   * 'once' (the hour once: one of the two is missing), 'unknown' (not seen; either is read), 'offset'
   * (UTC offsets written).
   */
  dst: 'repeat' | 'once' | 'unknown' | 'offset';
  series: SeriesSpec[];
  /**
   * Per-row register: a column whose text picks the OBIS code; `undefined` = the series default, `null` =
   * not interval energy (not imported, counted in a warning).
   */
  obisColumn?: { header: RegExp; map: (text: string) => string | null | undefined };
  /** Per-row metering point column (else the header and preamble are searched). */
  meteringPointColumn?: RegExp;
  /**
   * Consumption or feed-in: fixed, or the first rule whose pattern is in the preamble or header, or
   * 'unknown' (read as consumption unless the person says otherwise, and said so).
   */
  direction: Direction | 'unknown' | [RegExp, Direction][];
  /** A unit column: kWh (energy per interval) or kW (mean power, ÷ 4 for a quarter-hour's kWh). */
  unitColumn?: RegExp;
  /** Texts that mean "no value" besides the empty cell. */
  missing?: string[];
  /** Two tables side by side (`DATE_FROM;DATE_TO;VALUE` twice): read the quarter-hour one. */
  sideBySide?: boolean;
  /** Rows spanning a whole day (daily totals between the quarter-hours) are checked, not imported. */
  dayTotalRows?: boolean;
  /** The preamble and header can repeat further down (a second block, e.g. feed-in). */
  blocks?: boolean;
  /** A column header that carries the period total, e.g. `Lastgänge (306,499 kWh)`: checked. */
  headerTotal?: RegExp;
  /** Rows whose first cell matches are notes, not readings (`Zählpunkt: AT…` under Ebner's header). */
  skipRows?: RegExp;
  /** What the catalogue leaves open about this format, said with every import of it. */
  caveats?: ('ikb_end_stamped' | 'start_or_end_unknown')[];
  /** The zone of local labels when it is not the app's (a custom format read as UTC). */
  tz?: string;
  /** Values are not kWh: multiply by this (Wh 0.001, kW 0.25, W 0.00025; custom formats). */
  unitFactor?: number;
  /** A format the person defined (mapping dialog), not one of the catalogue. */
  isCustom?: boolean;
  /** Recognised but not imported, and why: a report of several meters. */
  refuse?: 'eda_report';
  /**
   * The format holds hourly values (Stadtwerke Kufstein, Hall AG, KWG): imported as an hourly series,
   * never spread into quarter-hours. Other formats find their interval in the file.
   */
  intervalSec?: 3600;
}

/** A series as the file gives it: columns of equal length, in time order (UTC). */
export interface ParsedSeries {
  obisCode: string;
  /** The length of each reading: 900 (quarter-hours) or 3600 (hourly values, stored as such). */
  intervalSec: 900 | 3600;
  /** The column it came from, as the file names it. */
  column: string;
  startSec: number[];
  valueKwh: number[];
  quality: (1 | 2 | 3)[];
  /** The file line of each reading. */
  line: number[];
}

export interface ParsedFile {
  format: FormatSpec;
  encoding: string;
  meteringPoint: string | null;
  /** From the file, or as the person chose, or assumed (then a note says so). */
  direction: Direction;
  series: ParsedSeries[];
  notes: ImportNote[];
  /** Data rows read. */
  rows: number;
  /**
   * Why the file's magnitudes look implausible for a meter (a quarter-hour far beyond the file's own
   * level, the header's total off by orders of magnitude), or null: such a file is imported only when
   * the person confirms it.
   */
  suspicious?: ImportNote | null;
  /**
   * The span the file covers where it says more than its readings do (an EDA report's own span); else
   * the file's span is its first reading's start to its last reading's end.
   */
  span?: { fromSec: number; toSec: number };
}

/** A column of a file as a person finds it: its number (1-based) and its header. */
export interface ColumnRef {
  index: number;
  name: string | null;
}

/** A file that cannot be imported, with where and why. */
export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    message: string,
    readonly line: number | null = null,
    readonly column: ColumnRef | null = null,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}
