import type { FormatSpec } from '../types';

/**
 * eww Wels XLSX v1/v2: per register a value column with its OBIS code in brackets, each followed by a
 * `Status`; text dates, start and end; each day opens with a daily-total row (checked against its
 * quarter-hours, not imported); the October hour appears once (DSO-FORMATS.md §3.15).
 * `Gemeinschaftsnutzung` carries no code in the file: read as the share of the community's generation
 * (`G.02`), an inference.
 */
export const ewwWels: FormatSpec = {
  id: 'eww-wels',
  operator: 'eww Wels',
  product: 'Energiegemeinschaft-Export (XLSX)',
  container: 'sheet',
  decimal: 'auto',
  header: /^BeginDate;EndDate;.*\(1-1:[12]\.9\.0 [GP]\.0\d\)/,
  time: { kind: 'local', start: { date: /^BeginDate$/ }, end: { date: /^EndDate$/ }, stamp: 'start' },
  dst: 'once',
  dayTotalRows: true,
  series: [
    {
      value: /\((1-1:[12]\.9\.0 [GP]\.0\d[TR]?)\)$/,
      each: true,
      obis: (header) => /\((1-1:[12]\.9\.0 [GP]\.0\d[TR]?)\)$/.exec(header)![1]!,
      qualityNext: true,
    },
    { value: /^Gemeinschaftsnutzung$/, obis: '1-1:2.9.0 G.02', qualityNext: true, optional: true },
  ],
  unitColumn: /^Unit$/,
  direction: 'consumption',
};
