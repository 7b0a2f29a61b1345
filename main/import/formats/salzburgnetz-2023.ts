import type { Direction, FormatSpec } from '../types';
import { CONSUMPTION, FEED_IN } from './obis';

/**
 * The portal's one consumption column has been called `Lastgänge`, `Restverbrauch` (to 2024) and
 * `Verbrauch` (2026): the same quantity (what the grid delivered; for a household outside an energy
 * community its whole consumption), so one register, G.01 — else one household's history splits into
 * two registers by export version (issue 31). A note says so where the header says `Restverbrauch`.
 */
export const salzburgObis = (_header: string, direction: Direction) =>
  direction === 'feed_in' ? FEED_IN : CONSUMPTION;

export const RESIDUAL_NOTE: [RegExp, 'residual_as_total'] = [/Restverbrauch/, 'residual_as_total'];

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
  series: [{ value: /kWh\)$/, obis: salzburgObis, quality: /^Status$/, headerNote: RESIDUAL_NOTE }],
  headerTotal: /\(([\d.,]+) kWh\)/,
  direction: [[/;(Rest)?[Vv]erbrauch/, 'consumption']],
};
