import type { FormatSpec } from '../types';
import { total } from './obis';

/** Vorarlberg Netz: UTF-16LE without BOM, a 3-line preamble, start and end (DSO-FORMATS.md §3.10). */
export const vorarlbergNetz: FormatSpec = {
  id: 'vorarlbergnetz',
  operator: 'Vorarlberg Netz',
  product: 'Messreihe (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Beginn der Messreihe;Ende der Messreihe;Messwert in kWh$/,
  preambleMax: 3,
  preamble: [/^Vertragskonto;/, /^Zählpunkt;/],
  time: {
    kind: 'local',
    start: { date: /^Beginn der Messreihe$/ },
    end: { date: /^Ende der Messreihe$/ },
    stamp: 'start',
  },
  dst: 'unknown',
  series: [{ value: /^Messwert in kWh$/, obis: total }],
  direction: 'unknown',
};
