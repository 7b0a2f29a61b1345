/**
 * One row of a portal file: its header block, its time, its metering point and unit, its values. Every
 * rule of parse.ts's header holds here: a cell that is not what its column says is an error naming the
 * line and column; an empty cell is no reading, counted.
 */
import { identifierIssue, MAX_KWH_PER_HOUR, TEXT_CAPS } from '../../common/rules';
import { offsetMinutesAt, QH_SEC } from '../time/local-days';
import { parseNumber } from './numbers';
import {
  colName,
  colRef,
  joined,
  layoutOf,
  MP,
  preambleFields,
  text,
  type Layout,
  type SeriesColumn,
} from './parse-layout';
import { seriesOf, type ParseState, type SourceRow } from './parse-state';
import { qualityOf } from './quality';
import { ImportError } from './types';
import { naiveText } from './wall-time';
import { checkStart, chooseLayout, localTime, offsetTime, type RowTime } from './parse-time';

/** The most energy a quarter-hour may hold (the service's bound per hour, for 15 minutes). */
const MAX_QH_KWH = MAX_KWH_PER_HOUR / 4;

/** A header row: the block's columns, its preamble's fields and direction, its layouts. */
export function startBlock(st: ParseState, headerRow: SourceRow): void {
  const { spec, opts } = st;
  st.header = headerRow.cells.map(text);
  st.fields = preambleFields(st.preamble);
  const preambleText = [
    ...st.preamble.map((r) => joined(r, opts.delimiter)),
    joined(headerRow.cells, opts.delimiter),
  ].join('\n');
  if (!opts.direction && Array.isArray(spec.direction)) {
    // Direction words in any case: Kärnten writes `Energierichtung;Netzbezug` / `Netzeinspeisung`.
    const rule = spec.direction.find(([re]) =>
      new RegExp(re.source, re.flags.includes('i') ? re.flags : `${re.flags}i`).test(preambleText),
    );
    if (rule) {
      st.direction = rule[1];
      st.directionKnown = true;
    }
  } else if (!opts.direction && spec.direction !== 'unknown' && !Array.isArray(spec.direction)) {
    st.direction = spec.direction;
    st.directionKnown = true;
  }
  const mp = MP.exec(preambleText)?.[0];
  if (mp) st.meteringPoints.add(mp);
  const groups = spec.sideBySide ? st.header.filter((h) => /^DATE_FROM$/.test(h)).length : 1;
  st.layouts = Array.from({ length: Math.max(groups, 1) }, (_, g) =>
    layoutOf(st.header, spec, st.direction, st.fields, headerRow.line, g),
  );
  st.layout = st.layouts.length === 1 ? st.layouts[0]! : null;
  st.phase = 'data';
}

/** A data row: its readings go into their series, or an error names what is wrong. */
export function dataRow(st: ParseState, row: SourceRow): void {
  const { spec } = st;
  if (row.cells.every((c) => text(c) === '')) return;
  if (spec.skipRows && spec.skipRows.test(text(row.cells[0]))) {
    const mp = MP.exec(text(row.cells[0]))?.[0];
    if (mp) st.meteringPoints.add(mp);
    return;
  }
  if (!st.layout) {
    st.layout = chooseLayout(st, row);
    if (!st.layout) return; // no quarter-hour table on this row (its table has run out)
  }
  const l = st.layout;
  if (st.opts.isText && row.cells.length <= l.need)
    throw new ImportError(
      'short_row',
      `Line ${row.line} has ${row.cells.length} fields, but ${colName(st.header, l.need)} is needed: the line is cut off or damaged.`,
      row.line,
      colRef(st.header, row.cells.length),
    );
  if (spec.sideBySide && text(row.cells[l.startDate]) === '') return; // this table has run out
  st.dataRows++;
  let rowObis: string | null | undefined;
  if (l.obis >= 0) {
    const raw = text(row.cells[l.obis]);
    rowObis = spec.obisColumn!.map(raw);
    if (typeof rowObis === 'string') st.obisFromFile = true;
    if (rowObis === null) {
      st.counts.notEnergy.set(raw, (st.counts.notEnergy.get(raw) ?? 0) + 1);
      return;
    }
  }
  const time = spec.time.kind === 'offset' ? offsetTime(st, row, l) : localTime(st, row, l, rowObis);
  if (!time) return;
  checkStart(st, row, time.startSec);
  meteringPointOf(st, row, l);
  const unit = unitOf(st, row, l);
  for (const s of l.series) cellValue(st, row, s, time, rowObis ?? s.obis, unit);
}

function meteringPointOf(st: ParseState, row: SourceRow, l: Layout): void {
  if (l.mp < 0) return;
  const mp = text(row.cells[l.mp]);
  if (!mp) return;
  const why = identifierIssue(mp, TEXT_CAPS.identifier);
  if (why)
    throw new ImportError(
      'unknown_format',
      `Line ${row.line}: the metering point ${why}; a metering point is a short code such as AT0010000000000000001000000000001.`,
      row.line,
      colRef(st.header, l.mp),
    );
  st.meteringPoints.add(mp);
}

interface RowUnit {
  factor: number;
  isPower: boolean;
}

function unitOf(st: ParseState, row: SourceRow, l: Layout): RowUnit {
  const factor = st.spec.unitFactor ?? 1;
  if (l.unit < 0) return { factor, isPower: false };
  const u = text(row.cells[l.unit]).toUpperCase();
  if (u === 'KW') return { factor: st.step / 3600, isPower: true };
  if (u !== 'KWH' && u !== '')
    throw new ImportError(
      'bad_unit',
      `Line ${row.line}: the unit "${text(row.cells[l.unit])}" is neither kWh nor kW.`,
      row.line,
      colRef(st.header, l.unit),
    );
  return { factor, isPower: false };
}

/** A cell's value (null: empty) and whether the Ersatzwert column marks it as a substitute. */
function valueAndSubstitute(
  st: ParseState,
  row: SourceRow,
  s: SeriesColumn,
): { v: number | null; substitute: boolean } {
  const raw = row.cells[s.value];
  const rawText = text(raw);
  const isMissing = rawText === '' || st.spec.missing?.includes(rawText);
  let v = isMissing ? null : parseNumber(raw, st.decimal);
  if (v !== null && Number.isNaN(v))
    throw new ImportError(
      'bad_number',
      `Line ${row.line}: "${rawText}" in ${colName(st.header, s.value)} is not a number${st.decimal === ',' ? ' with a decimal comma' : ''}.`,
      row.line,
      colRef(st.header, s.value),
    );
  if (s.substitute < 0) return { v, substitute: false };
  const sub = text(row.cells[s.substitute]);
  if (sub === '') return { v, substitute: false };
  const n = parseNumber(sub, st.decimal);
  // A number in the Ersatzwert column is the value; any other mark says the value is a substitute.
  if (typeof n === 'number' && !Number.isNaN(n) && v === null) v = n;
  return { v, substitute: true };
}

/**
 * A meter reading beside the value, kept apart (never a reading): the rise from the first to the last
 * reading is checked against the consumption of the rows after the first, up to the last. Returns
 * whether this row's reading is the export's opening one (no interval of its own).
 */
function trackMeterReading(st: ParseState, row: SourceRow, s: SeriesColumn, v: number | null): boolean {
  const m = parseNumber(row.cells[s.meter], st.decimal);
  let mc = st.meterChecks.get(s.header);
  if (!mc)
    st.meterChecks.set(
      s.header,
      (mc = {
        column: st.header[s.meter]!,
        count: 0,
        first: null,
        last: null,
        running: 0,
        sumAtLast: 0,
        silentLines: [],
      }),
    );
  if (mc.first !== null && v !== null) mc.running += v;
  if (typeof m !== 'number' || Number.isNaN(m)) return false;
  let opening = false;
  if (mc.first === null) {
    mc.first = m;
    opening = v === null;
  } else if (v === null && m !== mc.last && mc.silentLines.length < 3) mc.silentLines.push(row.line);
  mc.last = m;
  mc.sumAtLast = mc.running;
  mc.count++;
  return opening;
}

function qualityOfCell(st: ParseState, row: SourceRow, s: SeriesColumn): 1 | 2 | 3 {
  if (s.quality < 0) return 1;
  const word = text(row.cells[s.quality]);
  if (word === '') {
    st.counts.noStatus++;
    return 1;
  }
  const q = qualityOf(word);
  if (q !== null) return q;
  st.counts.unknownQuality.set(word, (st.counts.unknownQuality.get(word) ?? 0) + 1);
  return 3;
}

/** One value cell of a row: a reading of its register, a placeholder kept aside, or an empty cell counted. */
function cellValue(
  st: ParseState,
  row: SourceRow,
  s: SeriesColumn,
  time: RowTime,
  obis: string,
  unit: RowUnit,
): void {
  const { startSec } = time;
  const step = st.step;
  const cell = valueAndSubstitute(st, row, s);
  let v = cell.v;
  // A meter reading of 0 with no consumption may be a placeholder (Stromnetz Graz), not a reading:
  // kept aside from the rise check, and decided at the end (placeholders where the column's other
  // readings are not 0; an unused register's zeros where they all are).
  const placeholder = s.meter >= 0 && parseNumber(row.cells[s.meter], st.decimal) === 0 && v === 0;
  const isOpeningReading = s.meter >= 0 && !placeholder ? trackMeterReading(st, row, s, v) : false;
  const fillKey = `${obis}\u0000${s.header}`;
  let fill = st.filled.get(fillKey);
  if (!fill) st.filled.set(fillKey, (fill = { column: s.header, obis, values: 0, empty: 0 }));
  if (v === null) {
    // The export's opening meter reading has no interval of its own (Stromnetz Graz's first row).
    if (!isOpeningReading) fill.empty++;
    return;
  }
  fill.values++;
  if (unit.factor !== 1) v *= unit.factor;
  if (unit.isPower) st.counts.power++;
  // The service's rule for a reading's energy (common/rules.ts): finite, not negative, physical.
  const max = MAX_QH_KWH * (step / QH_SEC);
  if (!Number.isFinite(v) || v < 0 || v > max)
    throw new ImportError(
      'bad_number',
      `Line ${row.line}: ${text(row.cells[s.value])} kWh in ${colName(st.header, s.value)} ${!Number.isFinite(v) ? 'is not a finite number' : v < 0 ? 'is negative; energy in a quarter-hour cannot be' : `is more than any metering point measures in ${step === 3600 ? 'an hour' : 'a quarter-hour'} (${max} kWh)`}. The file is damaged or not an export of energy.`,
      row.line,
      colRef(st.header, s.value),
    );
  const q = cell.substitute ? 2 : qualityOfCell(st, row, s);
  const target = seriesOf(st, obis, s.header);
  if (time.mergedRow) {
    const local = startSec + offsetMinutesAt(startSec, st.opts.tz) * 60;
    st.mergedHours.push({ day: naiveText(local).slice(0, 10), kwh: v, line: row.line, column: s.header });
    return;
  }
  if (placeholder) {
    st.pendingZeros.push({ target, header: s.header, startSec, q, line: row.line });
    return;
  }
  target.startSec.push(startSec);
  target.valueKwh.push(v);
  target.quality.push(q);
  target.line.push(row.line);
}
