import type { FormatSpec } from '../types';
import { normalizeObis, total } from './obis';

/**
 * Netz Burgenland v2/v3: a 2-line preamble with the metering point and its `Kennzahl` (the OBIS code),
 * then start/end date and time, `-` for no value, status `Wahrer Wert`; v2 holds a second block with
 * its own preamble further down. The October hour twice as Wiener Netze writes it (§3.11).
 */
export const netzBurgenland: FormatSpec = {
  id: 'netzburgenland',
  operator: 'Netz Burgenland',
  product: 'Smart Meter Portal v2/v3 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header:
    /^Startdatum;Startuhrzeit;Enddatum;Enduhrzeit;Verbrauch \(in kWh\);(Zählerstand um 24 Uhr \(in kWh\);)? ?Status$/,
  preambleMax: 2,
  preamble: [/^Zählpunktbezeichnung;Kennzahl;/],
  blocks: true,
  time: {
    kind: 'local',
    start: { date: /^Startdatum$/, time: /^Startuhrzeit$/ },
    end: { date: /^Enddatum$/, time: /^Enduhrzeit$/ },
    stamp: 'start',
  },
  dst: 'repeat',
  series: [
    {
      value: /^Verbrauch \(in kWh\)$/,
      obis: (header, direction, fields) => normalizeObis(fields.Kennzahl ?? '') ?? total(header, direction),
      quality: /^Status$/,
      meterReading: /^Zählerstand um 24 Uhr/,
    },
  ],
  missing: ['-'],
  direction: 'consumption',
};
