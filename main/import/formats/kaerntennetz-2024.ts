import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * Kärnten Netz "Profildownload" v1/v2 (to 2024): 8 preamble lines (customer, `ZP-Nummer`, period,
 * `Energierichtung`), then `Datum;Zeit;kWh;Status`, interval starts, Windows-1252 (§3.6).
 */
export const kaerntenNetz2024: FormatSpec = {
  id: 'kaerntennetz-2024',
  operator: 'Kärnten Netz',
  product: 'Profildownload bis 2024 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Datum;Zeit;kWh;Status$/,
  preambleMax: 10,
  preamble: [/^Kundennummer;/],
  time: { kind: 'local', start: { date: /^Datum$/, time: /^Zeit$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: /^kWh$/, obis: total, quality: /^Status$/ }],
  direction: [
    [/^Energierichtung;[^;\n]*(Einspeis|Liefer)/m, 'feed_in'],
    [/^Energierichtung;[^;\n]*(Verbrauch|Bezug)/m, 'consumption'],
  ],
};
