import type { FormatSpec } from '../types';

/**
 * Exports recognised so that the person learns why they are not imported, instead of "unknown format":
 * hourly values (Meterdesk keeps quarter-hours; spreading an hour over four would invent readings) and
 * the EDA-Portal report (several metering points on a grid that is not wall-clock time).
 */
export const hourlyLastprofil: FormatSpec = {
  id: 'lastprofil-hourly',
  operator: 'Stadtwerke Kufstein / Hall AG',
  product: 'Lastprofil, Stundenwerte (XLSX)',
  container: 'sheet',
  decimal: '.',
  header: /^Datum;AT[0-9A-Z]+ - \S+ Verbrauch \(/,
  time: { kind: 'local', start: { date: /^Datum$/ }, stamp: 'start' },
  dst: 'once',
  series: [],
  direction: 'consumption',
  refuse: 'hourly',
};

export const kwg: FormatSpec = {
  id: 'kwg',
  operator: 'KWG',
  product: 'Lastprofil, Stundenwerte (XLSX)',
  container: 'sheet',
  decimal: '.',
  header: /^Datum;Daten 1$/,
  preambleMax: 3,
  preamble: [/^Lastprofil/],
  time: { kind: 'local', end: { date: /^Datum$/ }, stamp: 'end' },
  dst: 'unknown',
  series: [],
  direction: 'consumption',
  refuse: 'hourly',
};

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
