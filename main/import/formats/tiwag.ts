import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * TIWAG customer portal (a supplier, any grid area): the TINETZ layout with the metering point alone on
 * the first two lines and `Wirkenergie` (DSO-FORMATS.md §3.9).
 */
export const tiwag: FormatSpec = {
  id: 'tiwag',
  operator: 'TIWAG',
  product: 'Kundenportal (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^DATE_FROM;DATE_TO;VALUE(;DATE_FROM;DATE_TO;VALUE)?$/,
  preambleMax: 4,
  preamble: [/^[^;[\]]+$/, /./, /^Wirkenergie$/],
  sideBySide: true,
  time: {
    kind: 'local',
    start: { date: /^DATE_FROM$/ },
    end: { date: /^DATE_TO$/, inclusiveEnd: true },
    stamp: 'start',
  },
  dst: 'unknown',
  series: [{ value: /^VALUE$/, obis: total }],
  direction: 'unknown',
};
