import type { FormatSpec } from '../types';

/**
 * Exports recognised so that the person learns why they are not imported, instead of "unknown format":
 * the EDA-Portal report (several metering points on a grid that is not wall-clock time).
 */
export const edaReport: FormatSpec = {
  id: 'eda-report',
  operator: 'EDA-Portal',
  product: 'Energie Report (XLSX)',
  container: 'sheet',
  decimal: '.',
  header: /^MeteringpointID;/,
  sheet: /^Energiedaten$/,
  time: { kind: 'local', start: { date: /^MeteringpointID$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [],
  direction: 'consumption',
  refuse: 'eda_report',
};
