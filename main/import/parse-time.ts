/**
 * The time of a row: its labels read as naive times, the interval they span, the instant it stands for
 * (the October hour by order, the March jump's alias), and the plausible window. parse.ts's header
 * states the rules.
 */
import { EARLIEST_PLAUSIBLE_SEC } from '../../common/rules';
import { isoWithOffset, offsetMinutesAt, QH_SEC } from '../time/local-days';
import { parseNumber } from './numbers';
import { colName, colRef, refusal, text, type Layout } from './parse-layout';
import type { ParseState, SourceRow } from './parse-state';
import { ImportError } from './types';
import { instantsOf, naiveText, parseClock, parseDate, parseDateTime, parseIsoOffset } from './wall-time';

/** Naive seconds of a label, or an error naming the cell. */
export function label(
  st: ParseState,
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
        `Line ${row.line}: "${text(d)} ${text(t)}" (${colName(st.header, dateIdx)}) is not a date and time.`,
        row.line,
        colRef(st.header, day === null ? dateIdx : timeIdx),
      );
  } else naive = parseDateTime(text(d));
  if (naive === null)
    throw new ImportError(
      'bad_time',
      `Line ${row.line}: "${text(d)}" in ${colName(st.header, dateIdx)} is not a date and time (or a date that does not exist).`,
      row.line,
      colRef(st.header, dateIdx),
    );
  if (inclusiveEnd) {
    if (naive % 60 === 59) naive += 1;
    else if ((naive / 60) % 15 === 14) naive += 60;
  }
  return naive;
}

function ranges(st: ParseState): { start?: 'from' | 'to'; end?: 'from' | 'to' } {
  const t = st.spec.time;
  return t.kind === 'local' ? { start: t.start?.range, end: t.end?.range } : {};
}

/** The layout of side-by-side tables: the one whose rows span a quarter-hour. */
export function chooseLayout(st: ParseState, row: SourceRow): Layout | null {
  const r = ranges(st);
  for (const l of st.layouts) {
    if (text(row.cells[l.startDate]) === '') continue;
    try {
      const a = label(st, row, l.startDate, l.startTime, false, r.start);
      const b = label(st, row, l.endDate, l.endTime, true, r.end);
      if (b - a <= QH_SEC) return l;
    } catch {
      // not this table
    }
  }
  return null;
}

export function hasValues(st: ParseState, row: SourceRow, l: Layout): boolean {
  return l.series.some((s) => {
    const t = text(row.cells[s.value]);
    return t !== '' && !st.spec.missing?.includes(t);
  });
}

/** A row without a value where no reading can be: counted and skipped. */
export function skipped(st: ParseState, row: SourceRow): null {
  if (st.counts.skipped++ === 0) st.counts.skippedLine = row.line;
  return null;
}

export interface RowTime {
  startSec: number;
  /** Both October hours in one row: said, not split. */
  mergedRow: boolean;
}

export function offsetTime(st: ParseState, row: SourceRow, l: Layout): RowTime {
  const cell = text(row.cells[l.at]);
  const p = parseIsoOffset(cell);
  if (!p)
    throw new ImportError(
      'bad_time',
      `Line ${row.line}: "${cell}" in ${colName(st.header, l.at)} is not a time with a UTC offset.`,
      row.line,
      colRef(st.header, l.at),
    );
  if (offsetMinutesAt(p.sec, st.opts.tz) !== p.offsetMin && st.counts.offsetMismatch++ === 0)
    st.counts.offsetLine = row.line;
  return { startSec: st.spec.time.stamp === 'end' ? p.sec - st.step : p.sec, mergedRow: false };
}

/**
 * The interval a row's start and end labels span: a day (a day-total row, or a refused daily file),
 * the file's step (which the first such row decides), or a change day's step ± an hour.
 * Returns false when the row is a day total, kept aside.
 */
export function checkSpan(st: ParseState, row: SourceRow, l: Layout, start: number, end: number): boolean {
  const t = st.spec.time;
  if (t.kind !== 'local') return true;
  let span = end - start;
  // A day's last row keeps the start's date in its end (`23:45;00:00`, Wiener Netze).
  if (t.end?.date.source === t.start?.date.source && span <= -3600) span += 86_400;
  if (span >= 82_800 && span <= 90_000) {
    if (!st.spec.dayTotalRows) throw refusal(st.spec, 'daily');
    for (const s of l.series) {
      const v = parseNumber(row.cells[s.value], st.decimal);
      if (typeof v === 'number' && !Number.isNaN(v))
        st.dayTotals.push({ naiveDay: start, obis: s.obis, value: v });
    }
    st.dataRows--;
    return false;
  }
  // The first row with both labels decides the file's interval: an hour, or a quarter-hour.
  if (st.stepFrom === null && (span === 3600 || span === QH_SEC)) {
    st.step = span;
    st.stepFrom = row.line;
  }
  // An interval of the file's length; on change days 01:45–03:00 (March) and 02:45–02:00 (October).
  const step = st.step;
  if (span !== step && span !== step + 3600 && span !== step - 3600)
    throw new ImportError(
      'bad_interval',
      `Line ${row.line}: ${naiveText(start)} to ${naiveText(end)} is not ${step === 3600 ? 'an hour' : 'a quarter-hour'}${st.stepFrom ? `, as the rows from line ${st.stepFrom} are` : ''}.`,
      row.line,
      colRef(st.header, l.endDate),
    );
  return true;
}

export function localTime(
  st: ParseState,
  row: SourceRow,
  l: Layout,
  rowObis: string | null | undefined,
): RowTime | null {
  const t = st.spec.time;
  if (t.kind !== 'local') throw new Error('localTime of an offset format');
  const r = ranges(st);
  const start = l.startDate >= 0 ? label(st, row, l.startDate, l.startTime, false, r.start) : null;
  const end =
    l.endDate >= 0 ? label(st, row, l.endDate, l.endTime, t.end?.inclusiveEnd ?? false, r.end) : null;
  if (start !== null && end !== null && !checkSpan(st, row, l, start, end)) return null;
  const stamped = (t.stamp === 'start' ? start : end)!;
  const tz = st.spec.tz ?? st.opts.tz;
  const at = instantsOf(stamped, tz);
  const stampColumn = t.stamp === 'start' ? l.startDate : l.endDate;
  let instant: number;
  if (at.length === 2) {
    const key = `${stamped}|${rowObis ?? ''}`;
    const k = st.occurrences.get(key) ?? 0;
    st.occurrences.set(key, k + 1);
    if (k === 0) st.onceLabels.set(stamped, row.line);
    else st.onceLabels.delete(stamped);
    if (k >= 2) {
      if (!hasValues(st, row, l)) return skipped(st, row);
      throw new ImportError(
        'repeated_time',
        `Line ${row.line}: ${naiveText(stamped)} appears a third time; the hour of the October change appears at most twice.`,
        row.line,
        colRef(st.header, stampColumn),
      );
    }
    instant = at[k]!;
  } else if (at.length === 1) instant = at[0]!;
  else if (t.stamp === 'end' && jumpInstant(stamped, tz) !== null && hasValues(st, row, l)) {
    // An end label at the very start of the skipped hour (02:00 that March night) is the instant the
    // clocks jump: the same as 03:00. Ebner Strom writes that quarter-hour under both labels; the
    // pair is checked later (equal values: one reading, and a note; different: a precise refusal).
    instant = jumpInstant(stamped, tz)!;
    st.jumpAliasLines.add(row.line);
  } else {
    if (!hasValues(st, row, l)) return skipped(st, row);
    throw new ImportError(
      'nonexistent_time',
      `Line ${row.line}: ${naiveText(stamped)} does not exist in Austrian time (clocks jump from 02:00 to 03:00 that night).`,
      row.line,
      colRef(st.header, stampColumn),
    );
  }
  const step = st.step;
  // Both October hours 02:00–03:00 in one row (Kufstein, Hall AG): an ambiguous start, an
  // unambiguous end two hours later. Not split (that would invent readings): said with its value.
  let mergedRow = false;
  if (step === 3600 && start !== null && end !== null && t.stamp === 'start' && at.length === 2) {
    const ends = instantsOf(end, tz);
    if (ends.length === 1 && ends[0]! - instant === 2 * step) {
      mergedRow = true;
      st.onceLabels.delete(stamped);
    }
  }
  return { startSec: t.stamp === 'start' ? instant : instant - step, mergedRow };
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

export function checkStart(st: ParseState, row: SourceRow, startSec: number): void {
  const step = st.step;
  if (startSec % step !== 0)
    throw new ImportError(
      'bad_time',
      `Line ${row.line}: the interval does not start on ${step === 3600 ? 'an hour' : 'a quarter-hour'} (${isoWithOffset(startSec, st.spec.tz ?? st.opts.tz)}).`,
      row.line,
    );
  // The same window as the service's readings (common/rules.ts): 2000 up to the next day.
  if (startSec < EARLIEST_PLAUSIBLE_SEC || startSec > st.latestSec)
    throw new ImportError(
      'bad_time',
      `Line ${row.line}: ${utcDateText(startSec)} is ${startSec < EARLIEST_PLAUSIBLE_SEC ? 'before 2000' : 'in the future'}; a portal export holds measured quarter-hours from 2000 up to today. The file is damaged or not an export.`,
      row.line,
    );
}

function utcDateText(sec: number): string {
  const d = new Date(sec * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}
