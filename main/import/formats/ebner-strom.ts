import type { FormatSpec } from '../types';
import { CONSUMPTION, FEED_IN, total } from './obis';

/**
 * Ebner Strom XLSX: `Zeitstempel String | Obiscode | Wert (kWh)`, rows alternating `1.8.0` (drawn) and
 * `2.8.0` (fed in) per interval end; the metering point on a `Zählpunkt:` row; in March a fixed grid of
 * 96 labels whose three non-existent ones are empty (DSO-FORMATS.md §3.15).
 */
export const ebnerStrom: FormatSpec = {
  id: 'ebner-strom',
  operator: 'Ebner Strom',
  product: 'Lastgang (XLSX)',
  container: 'sheet',
  decimal: 'auto',
  header: /^Zeitstempel String;Obiscode;Wert \(kWh\);Angezeigter Zeitraum$/,
  time: { kind: 'local', end: { date: /^Zeitstempel String$/ }, stamp: 'end' },
  dst: 'unknown',
  series: [{ value: /^Wert \(kWh\)$/, obis: total }],
  obisColumn: {
    header: /^Obiscode$/,
    map: (text) => (text.trim() === '1.8.0' ? CONSUMPTION : text.trim() === '2.8.0' ? FEED_IN : null),
  },
  skipRows: /^Zählpunkt:/,
  direction: 'consumption',
};
