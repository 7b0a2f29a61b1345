/**
 * What reading a file's rows keeps as it goes (parse.ts drives it, parse-row.ts fills it,
 * parse-finish.ts and parse-notes.ts turn it into series and notes). One object, named fields: what
 * was a closure's forty variables.
 */
import { latestPlausibleSec } from '../../common/rules';
import { systemClock } from '../time/clock';
import { QH_SEC } from '../time/local-days';
import type { Layout } from './parse-layout';
import type { Cell, Direction, FormatSpec, ParsedSeries } from './types';

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

/** Per value column: meter readings seen and the consumption between the first and the last. */
export interface MeterCheck {
  column: string;
  count: number;
  first: number | null;
  last: number | null;
  running: number;
  sumAtLast: number;
  silentLines: number[];
}

/** Rows whose meter reading is 0 and consumption 0: placeholders unless the column is all zeros. */
export interface PendingZero {
  target: ParsedSeries;
  header: string;
  startSec: number;
  q: 1 | 2 | 3;
  line: number;
}

export interface ParseState {
  readonly spec: FormatSpec;
  readonly opts: ParseOptions;
  readonly series: Map<string, ParsedSeries>;
  readonly meterChecks: Map<string, MeterCheck>;
  phase: 'preamble' | 'data';
  preamble: Cell[][];
  header: string[];
  layouts: Layout[];
  layout: Layout | null;
  fields: Record<string, string>;
  direction: Direction;
  directionKnown: boolean;
  decimal: ',' | '.';
  decimalDecided: boolean;
  readonly pending: SourceRow[];
  readonly meteringPoints: Set<string>;
  /** How often a change-day label (with its register) was seen. */
  readonly occurrences: Map<string, number>;
  /** Change-day labels seen only once: `naive` → line. */
  readonly onceLabels: Map<number, number>;
  /** Lines whose end label is the March jump's start (02:00): the same instant as 03:00. */
  readonly jumpAliasLines: Set<number>;
  readonly jumpDuplicates: { day: string; lines: string }[];
  readonly pendingZeros: PendingZero[];
  /**
   * Per value column and register: cells with a value and empty cells. By register too, so a second
   * block of the same column (Netz Burgenland v2's feed-in block, all `-`) is said as an empty column
   * of its register, not as "values missing" in the first block's complete one.
   */
  readonly filled: Map<string, { column: string; obis: string; values: number; empty: number }>;
  readonly counts: {
    noStatus: number;
    unknownQuality: Map<string, number>;
    notEnergy: Map<string, number>;
    power: number;
    placeholder: number;
    placeholderLine: number;
    skipped: number;
    skippedLine: number;
    offsetMismatch: number;
    offsetLine: number;
  };
  readonly dayTotals: { naiveDay: number; obis: string; value: number }[];
  dataRows: number;
  /** A per-row OBIS column named a register: the direction is the file's, not assumed. */
  obisFromFile: boolean;
  /**
   * The length of a reading: declared by an hourly format, or found from the first row that labels
   * both ends (an hour); until then a quarter-hour. Hourly values stay hourly.
   */
  step: 900 | 3600;
  stepFrom: number | null;
  /** October rows whose one label pair spans both repeated hours (Kufstein's `02:00 - 03:00`). */
  readonly mergedHours: { day: string; kwh: number; line: number; column: string }[];
  /** The latest plausible start of a reading (common/rules.ts). */
  readonly latestSec: number;
}

export function newParseState(spec: FormatSpec, opts: ParseOptions): ParseState {
  return {
    spec,
    opts,
    series: new Map(),
    meterChecks: new Map(),
    phase: 'preamble',
    preamble: [],
    header: [],
    layouts: [],
    layout: null,
    fields: {},
    direction: opts.direction ?? 'consumption',
    directionKnown: !!opts.direction,
    decimal: spec.decimal === 'auto' ? '.' : spec.decimal,
    decimalDecided: spec.decimal !== 'auto',
    pending: [],
    meteringPoints: new Set(),
    occurrences: new Map(),
    onceLabels: new Map(),
    jumpAliasLines: new Set(),
    jumpDuplicates: [],
    pendingZeros: [],
    filled: new Map(),
    counts: {
      noStatus: 0,
      unknownQuality: new Map(),
      notEnergy: new Map(),
      power: 0,
      placeholder: 0,
      placeholderLine: 0,
      skipped: 0,
      skippedLine: 0,
      offsetMismatch: 0,
      offsetLine: 0,
    },
    dayTotals: [],
    dataRows: 0,
    obisFromFile: false,
    step: spec.intervalSec ?? QH_SEC,
    stepFrom: spec.intervalSec ? 0 : null,
    mergedHours: [],
    latestSec: latestPlausibleSec(opts.nowSec ?? systemClock.nowSec()),
  };
}

/** The series of a register, made on first use. */
export function seriesOf(st: ParseState, obis: string, column: string): ParsedSeries {
  let s = st.series.get(obis);
  if (!s)
    st.series.set(
      obis,
      (s = { obisCode: obis, column, intervalSec: 900, startSec: [], valueKwh: [], quality: [], line: [] }),
    );
  return s;
}
