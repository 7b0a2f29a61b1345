import type { FormatSpec } from '../types';
import { total } from './obis';

/** Linz Netz (LinzAG) CSV, v1 `Energiemenge in kWh` and v2 `Verbrauch in kWh` (DSO-FORMATS.md §3.4). */
export const linzNetz: FormatSpec = {
  id: 'linznetz',
  operator: 'Linz Netz',
  product: 'Lastgang (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Datum von;Datum bis;(Energiemenge|Verbrauch) in kWh;Ersatzwert$/,
  time: { kind: 'local', start: { date: /^Datum von$/ }, end: { date: /^Datum bis$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: / in kWh$/, obis: total, substitute: /^Ersatzwert$/ }],
  direction: [[/;Verbrauch in kWh;/, 'consumption']],
};
