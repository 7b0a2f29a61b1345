import type { FormatSpec } from '../types';
import { CONSUMPTION } from './obis';

/**
 * Netz Burgenland v1 (2023): `Start;Ende;Verbrauch (kWh) - Gesamtverbrauch;Zählerstand …`, a leading
 * space in each timestamp, Windows-1252 (DSO-FORMATS.md §3.11). The meter reading is kept apart.
 */
export const netzBurgenlandV1: FormatSpec = {
  id: 'netzburgenland-v1',
  operator: 'Netz Burgenland',
  product: 'Smart Meter Portal v1 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Start;Ende;Verbrauch \(kWh\) - Gesamtverbrauch;Zählerstand \(kWh\) - Gesamtverbrauch$/,
  time: { kind: 'local', start: { date: /^Start$/ }, end: { date: /^Ende$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: /^Verbrauch \(kWh\)/, obis: CONSUMPTION, meterReading: /^Zählerstand \(kWh\)/ }],
  direction: 'consumption',
};
