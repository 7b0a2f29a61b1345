import type { FormatSpec } from '../types';
import { tinetz } from './tinetz';

/**
 * TIWAG customer portal (a supplier, any grid area): TINETZ's layout with the metering point alone on
 * the first two lines and `Wirkenergie` (DSO-FORMATS.md §3.9); its October day was not seen.
 */
export const tiwag: FormatSpec = {
  ...tinetz,
  id: 'tiwag',
  operator: 'TIWAG',
  product: 'Kundenportal (CSV)',
  preamble: [/^[^;[\]]+$/, /./, /^Wirkenergie$/],
  dst: 'unknown',
};
