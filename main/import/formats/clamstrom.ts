import type { FormatSpec } from '../types';
import { CONSUMPTION } from './obis';

/** ClamStrom (endkundenwebportal.at): Netz Burgenland v1's layout with `Vorschub` (§3.15). */
export const clamStrom: FormatSpec = {
  id: 'clamstrom',
  operator: 'ClamStrom',
  product: 'Endkundenwebportal (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Start;Ende;Vorschub \(kWh\) - Verbrauch;Zählerstand \(kWh\) - Verbrauch$/,
  time: { kind: 'local', start: { date: /^Start$/ }, end: { date: /^Ende$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: /^Vorschub \(kWh\)/, obis: CONSUMPTION, meterReading: /^Zählerstand \(kWh\)/ }],
  direction: 'consumption',
};
