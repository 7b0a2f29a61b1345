import type { Direction, FormatSpec } from '../types';
import { CONSUMPTION, FEED_IN } from './obis';

/** `Restverbrauch` is what remains after the energy community: the grid residual. */
export const salzburgObis = (header: string, direction: Direction) =>
  /Restverbrauch/.test(header) ? '1-1:1.9.0 P.01' : direction === 'feed_in' ? FEED_IN : CONSUMPTION;

/**
 * Salzburg Netz Kundenportal, v1–v3 (to 2023): `"Datum und Uhrzeit"`, the period total in the header,
 * decimal point (v1) or comma (v2/v3), the October hour written once (DSO-FORMATS.md §3.5).
 */
export const salzburgNetz2023: FormatSpec = {
  id: 'salzburgnetz-2023',
  operator: 'Salzburg Netz',
  product: 'Kundenportal, Lastprofilwerte bis 2023 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: 'auto',
  header: /^Datum und Uhrzeit;[^;]*\([\d.,]+ kWh\);Status$/,
  time: { kind: 'local', start: { date: /^Datum und Uhrzeit$/ }, stamp: 'start' },
  // 29.10.2023 has 96 rows: 02:00–02:45 once. Merged or one hour dropped cannot be told.
  dst: 'once',
  series: [{ value: /kWh\)$/, obis: salzburgObis, quality: /^Status$/ }],
  headerTotal: /\(([\d.,]+) kWh\)/,
  direction: [[/;(Rest)?[Vv]erbrauch/, 'consumption']],
};
