import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * Netz Oberösterreich e-Service-Portal: `Datum;kWh;kW;Status`, interval starts, as CSV (quoted strings,
 * trailing `;`, or the unquoted `#Datum` variant) and as XLS sheet `Wirk` (DSO-FORMATS.md §3.3).
 * Consumption and feed-in files look the same: the direction is not in the file.
 */
export const netzOoe: FormatSpec = {
  id: 'netzooe',
  operator: 'Netz Oberösterreich',
  product: 'e-Service-Portal, Verbrauchsübersicht (CSV/XLS)',
  container: 'any',
  delimiter: ';',
  decimal: ',',
  header: /^#?Datum;kWh;kW;Status$/,
  time: { kind: 'local', start: { date: /^#?Datum$/ }, stamp: 'start' },
  // October not seen in a real file; a third party says 02:45 is followed by 02:00 (repeated hour).
  dst: 'unknown',
  series: [{ value: /^kWh$/, obis: total, quality: /^Status$/ }],
  direction: 'unknown',
};
