/**
 * What an import tells the person besides the readings: data the file lacks or contradicts (warnings)
 * and what Meterdesk assumed where the file is silent (notes). Structured, so the UI words them in the
 * person's language; `noteText` is the English wording for the CLI and logs.
 */
import { cleanText, TEXT_CAPS } from '../../common/rules';

export type NoteCode =
  // assumptions
  | 'direction_assumed'
  | 'no_quality_column'
  | 'ikb_end_stamped'
  | 'start_or_end_unknown'
  | 'power_converted'
  | 'series_all_zero'
  | 'meter_readings_kept_apart'
  | 'column_empty'
  | 'dst_jump_written_twice'
  | 'placeholder_rows'
  | 'hourly_series'
  | 'residual_as_total'
  // implausible magnitudes: the file is imported only when the person confirms it
  | 'suspicious_whole_kwh'
  | 'suspicious_quarter_hour'
  | 'suspicious_header_total'
  // warnings
  | 'dst_hour_once'
  | 'dst_hours_merged'
  | 'empty_values'
  | 'no_status'
  | 'unknown_quality'
  | 'not_interval_energy'
  | 'header_total_mismatch'
  | 'day_total_mismatch'
  | 'meter_reading_mismatch'
  | 'offset_mismatch'
  | 'rows_without_value_skipped'
  | 'service_data_kept'
  | 'gaps'
  | 'gaps_hours';

export interface ImportNote {
  code: NoteCode;
  /** Warnings are about the data; the rest say what was assumed. */
  isWarning: boolean;
  params: Record<string, string | number>;
}

const WARNINGS = new Set<NoteCode>([
  'dst_hour_once',
  'dst_hours_merged',
  'empty_values',
  'no_status',
  'unknown_quality',
  'not_interval_energy',
  'header_total_mismatch',
  'day_total_mismatch',
  'meter_reading_mismatch',
  'offset_mismatch',
  'rows_without_value_skipped',
  'gaps',
  'gaps_hours',
]);

export function note(code: NoteCode, params: Record<string, string | number> = {}): ImportNote {
  // Text from the file (column names, words, lines) as any label: no control characters, capped.
  const clean: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params))
    clean[k] = typeof v === 'string' ? cleanText(v, TEXT_CAPS.label) : v;
  return { code, isWarning: WARNINGS.has(code), params: clean };
}

const TEXT: Record<NoteCode, (p: Record<string, string | number>) => string> = {
  direction_assumed: () =>
    'The file does not say whether it holds consumption or feed-in; read as consumption (choose feed-in if it is).',
  no_quality_column: () => 'The file gives no quality per reading; its readings are counted as measured.',
  ikb_end_stamped: () =>
    'IKB labels are read as interval ends (the export closes with the next month’s 00:00 and opens one interval after midnight).',
  start_or_end_unknown: () =>
    'Whether this format labels the start or the end of an interval is not known; read as starts.',
  power_converted: (p) => `${p.count} values were mean power in kW; stored as kWh per quarter-hour (kW ÷ 4).`,
  series_all_zero: (p) => `Column "${p.column}" is 0 throughout (a single-rate meter): not imported.`,
  meter_readings_kept_apart: (p) =>
    `${p.count} meter readings (${p.column}, ${p.first} → ${p.last} kWh) are kept apart, not imported as consumption.`,
  dst_hour_once: (p) =>
    `${p.day}: the repeated hour 02:00–03:00 appears once; read as the first (summer-time) hour, so the day has ${p.received} of ${p.expected} ${p.expected === 25 ? 'hours' : 'quarter-hours'}.`,
  dst_hours_merged: (p) =>
    `${p.day}: line ${p.line} holds both clock-change hours 02:00–03:00 in one value (${p.kwh} kWh of "${p.column}"); not split into two invented hours, so the day has ${p.received} of 25 hours.`,
  residual_as_total: (p) =>
    `The column "${p.column}" (what the grid delivered after an energy community, if the household is in one; otherwise its whole consumption) is kept as the meter's consumption ${p.register}, like the portal's later "Verbrauch" column, so one household's history stays one register.`,
  hourly_series: (p) =>
    `The file holds hourly values: imported as an hourly series (${p.count} hours; 24 a day, 23 and 25 on the change days), never spread into quarter-hours. Views that need quarter-hours (peaks as the grid bills them, load shape, battery, cost) say so for this meter.`,
  empty_values: (p) =>
    `${p.count} ${p.hourly ? 'hours' : 'quarter-hours'} have no value in column "${p.column}" (left empty, not zero).`,
  column_empty: (p) => `No values in this file in: "${p.columns}".`,
  dst_jump_written_twice: (p) =>
    `${p.day}: the quarter-hour at the March clock change is written twice, as 02:00 and as 03:00 (one instant), with equal values (lines ${p.lines}); imported once.`,
  suspicious_whole_kwh: (p) =>
    `Every value of "${p.column}" is a whole number of kWh and the typical quarter-hour is ${p.median} kWh (${p.kw} kW): portal exports write energy with decimals, so a decimal point was probably read as a thousands separator (a file opened and saved again in Excel). Check the file before importing it.`,
  suspicious_quarter_hour: (p) =>
    `Line ${p.line}: ${p.kwh} kWh in the quarter-hour from ${p.at} of "${p.column}" (${p.kw} kW), ${p.times} times the file's typical quarter-hour (${p.median} kWh). A decimal point read as a thousands separator (a file opened and saved again in Excel) does this; check the file before importing it.`,
  suspicious_header_total: (p) =>
    `The header says ${p.stated} kWh in total, the quarter-hours add up to ${p.sum} kWh: off by a factor of ${p.factor}. A decimal point read as a thousands separator (a file opened and saved again in Excel) does this.`,
  placeholder_rows: (p) =>
    `${p.count} rows with a meter reading of 0 and no consumption are placeholders, not readings (first on line ${p.line}); not imported.`,
  no_status: (p) => `${p.count} readings have no status; counted as measured.`,
  unknown_quality: (p) =>
    `${p.count} readings have the status "${p.word}", which Meterdesk does not know; marked unreliable.`,
  not_interval_energy: (p) =>
    `${p.count} rows of register "${p.register}" are not interval energy: not imported.`,
  header_total_mismatch: (p) => `The header says ${p.stated} kWh in total; the rows add up to ${p.sum} kWh.`,
  day_total_mismatch: (p) =>
    `${p.count} daily totals of "${p.column}" (${p.register}) differ from the sum of their quarter-hours by more than rounding (first: ${p.day}, ${p.stated} vs ${p.sum} kWh).`,
  meter_reading_mismatch: (p) =>
    `The meter readings rose ${p.readingRise} kWh, the quarter-hours in between add up to ${p.sum} kWh${p.lines ? ` (readings without consumption on lines ${p.lines})` : ''}.`,
  offset_mismatch: (p) =>
    `${p.count} timestamps carry a UTC offset that Austrian time does not have at that moment (first on line ${p.line}).`,
  rows_without_value_skipped: (p) =>
    `${p.count} rows without a value at a time that does not exist or repeats were skipped (first on line ${p.line}).`,
  service_data_kept: (p) =>
    `${p.count} quarter-hours are already there from the readings service; the service's values are kept.`,
  gaps: (p) =>
    `${p.obis}: ${p.missing} quarter-hours are missing between the first and the last reading (${p.ranges}).`,
  // An hourly series counts hours, never quarter-hours (issue 64).
  gaps_hours: (p) =>
    `${p.obis}: ${p.missing} hours are missing between the first and the last reading (${p.ranges}).`,
};

/** Every note code (for the test that each has words in both languages). */
export const noteCodes = Object.keys(TEXT) as NoteCode[];

export function noteText(n: ImportNote): string {
  return TEXT[n.code](n.params);
}
