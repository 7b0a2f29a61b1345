import type { FormatSpec } from '../types';
import { CONSUMPTION, FEED_IN } from './obis';

/** Wiener Netze "Viertelstundenwerte (E-Control)" CSV: interval ends with UTC offsets (§3.1b). */
export const wienerNetzeEControl: FormatSpec = {
  id: 'wienernetze-econtrol',
  operator: 'Wiener Netze',
  product: 'Viertelstundenwerte (E-Control, CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Ende Ablesezeitraum;Messintervall;Abrechnungsmaßeinheit;.*\[kWh\]$/,
  time: { kind: 'offset', at: /^Ende Ablesezeitraum$/, stamp: 'end' },
  dst: 'offset',
  series: [
    {
      value: /\[kWh\]$/,
      obis: (header) => (/Einspeis/.test(header) ? FEED_IN : CONSUMPTION),
    },
  ],
  unitColumn: /^Abrechnungsmaßeinheit$/,
  direction: [
    [/ - Einspeis\w* \[kWh\]/, 'feed_in'],
    [/ - Verbrauch \[kWh\]/, 'consumption'],
  ],
};
