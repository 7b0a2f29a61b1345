import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * TINETZ Kundenportal "Rohdaten als CSV": a 4-line preamble, then daily sums and 15-minute values side by
 * side (either on the left), `DATE_TO` = start + 14:59 (or + 14 in v1); the October hour twice with
 * identical labels (DSO-FORMATS.md §3.8).
 */
export const tinetz: FormatSpec = {
  id: 'tinetz',
  operator: 'TINETZ',
  product: 'Kundenportal, Rohdaten (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^DATE_FROM;DATE_TO;VALUE(;DATE_FROM;DATE_TO;VALUE)?$/,
  preambleMax: 4,
  preamble: [/\[[^\]]*\]/, /./, /^Strom - Wirkenergie/],
  sideBySide: true,
  time: {
    kind: 'local',
    start: { date: /^DATE_FROM$/ },
    end: { date: /^DATE_TO$/, inclusiveEnd: true },
    stamp: 'start',
  },
  dst: 'repeat',
  series: [{ value: /^VALUE$/, obis: total }],
  direction: 'unknown',
};
