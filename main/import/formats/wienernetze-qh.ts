import type { FormatSpec } from '../types';
import { CONSUMPTION, FEED_IN } from './obis';

/** Wiener Netze Smart Meter-Webportal, "Viertelstundenwerte" CSV (DSO-FORMATS.md §3.1a). */
export const wienerNetzeQh: FormatSpec = {
  id: 'wienernetze-qh',
  operator: 'Wiener Netze',
  product: 'Viertelstundenwerte (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Datum;Zeit von;Zeit bis;.* - (Verbrauch|Einspeiser) \[kWh\]$/,
  time: {
    kind: 'local',
    start: { date: /^Datum$/, time: /^Zeit von$/ },
    end: { date: /^Datum$/, time: /^Zeit bis$/ },
    stamp: 'start',
  },
  // 100 rows on the October day: 02:00–02:45 twice, the first 02:45 row "ends" at 02:00.
  dst: 'repeat',
  series: [
    {
      value: / - (Verbrauch|Einspeiser) \[kWh\]$/,
      obis: (header) => (/Einspeiser \[kWh\]$/.test(header) ? FEED_IN : CONSUMPTION),
    },
  ],
  direction: [
    [/ - Einspeiser \[kWh\]/, 'feed_in'],
    [/ - Verbrauch \[kWh\]/, 'consumption'],
  ],
};
