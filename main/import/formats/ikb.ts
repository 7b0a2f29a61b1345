import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * Innsbrucker Kommunalbetriebe: comma-separated, every field quoted, decimal point; the metering point
 * and "ab <first label>" in the header; labels are interval ends, and the file lists its last label first
 * (sorted as text) — rows are read in any order (DSO-FORMATS.md §3.13).
 */
export const ikb: FormatSpec = {
  id: 'ikb',
  operator: 'Innsbrucker Kommunalbetriebe',
  product: 'Lastgang (CSV)',
  container: 'text',
  delimiter: ',',
  decimal: '.',
  header: /^Datum,AT[0-9A-Z]{31} ab \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
  time: { kind: 'local', end: { date: /^Datum$/ }, stamp: 'end' },
  dst: 'unknown',
  series: [{ value: /^AT[0-9A-Z]{31} ab /, obis: total }],
  direction: 'unknown',
  caveats: ['ikb_end_stamped'],
};
