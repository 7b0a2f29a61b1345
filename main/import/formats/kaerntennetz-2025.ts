import type { FormatSpec } from '../types';
import { normalizeObis, total } from './obis';

/**
 * Kärnten Netz v3 (2025): one row per interval and register, with metering point, energy-community and
 * OBIS columns (empty for non-members), `Qualität` L1–L3, CRLF, Windows-1252 (DSO-FORMATS.md §3.6).
 */
export const kaerntenNetz2025: FormatSpec = {
  id: 'kaerntennetz-2025',
  operator: 'Kärnten Netz',
  product: 'Profildownload ab 2025 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header:
    /^Startdatum;Enddatum;Zählpunktbezeichnung;Name der Energiegemeinschaft;ID der Energiegemeinschaft;OBIS;OBIS Kurzbeschreibung;Wert;Einheit;Qualität;Qualität ?[Bb]eschreibung$/,
  time: { kind: 'local', start: { date: /^Startdatum$/ }, end: { date: /^Enddatum$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: /^Wert$/, obis: total, quality: /^Qualität$/ }],
  obisColumn: {
    header: /^OBIS$/,
    map: (text) => (text.trim() === '' || text.trim() === '-' ? undefined : normalizeObis(text)),
  },
  meteringPointColumn: /^Zählpunktbezeichnung$/,
  unitColumn: /^Einheit$/,
  missing: ['-'],
  direction: 'unknown',
};
