import type { FormatSpec } from '../types';
import { RESIDUAL_NOTE, salzburgObis } from './salzburgnetz-2023';

/**
 * Salzburg Netz Kundenportal, v4 (2024) and v5 (2026, with a `Zeitumstellung` column that stayed empty
 * in every file seen): `"Datum"`, interval starts, status `Wert ist gültig(L1)` (DSO-FORMATS.md §3.5).
 */
export const salzburgNetz: FormatSpec = {
  id: 'salzburgnetz',
  operator: 'Salzburg Netz',
  product: 'Kundenportal, Lastprofilwerte ab 2024 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Datum;[^;]+ \(kWh\);Status(;Zeitumstellung)?$/,
  time: { kind: 'local', start: { date: /^Datum$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: /\(kWh\)$/, obis: salzburgObis, quality: /^Status$/, headerNote: RESIDUAL_NOTE }],
  direction: [
    [/;Einspeis/, 'feed_in'],
    [/;(Rest)?[Vv]erbrauch/, 'consumption'],
  ],
};
