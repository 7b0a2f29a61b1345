import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * Hourly exports (DSO-FORMATS.md §3.15). Imported as hourly series: an hour is never spread over four
 * quarter-hours (that would invent readings).
 *
 * Stadtwerke Kufstein and Hall AG, sheet `Lastprofil`: `Datum | AT… - … Verbrauch (IME, from - to)
 * (Verbrauch - Einheit kWh) | … (Zählerstand …)`; the date cell holds the whole hour,
 * `01.10.2024 00:00 - 01.10.2024 01:00`; the meter reading only on each day's last row. On the October
 * change day both 02:00 hours are one row `27.10.2024 02:00 - 27.10.2024 03:00` (about twice its
 * neighbours): two hours merged, which the parser leaves unsplit and says so.
 */
export const hourlyLastprofil: FormatSpec = {
  id: 'lastprofil-hourly',
  operator: 'Stadtwerke Kufstein / Hall AG',
  product: 'Lastprofil, Stundenwerte (XLSX)',
  container: 'sheet',
  decimal: '.',
  header: /^Datum;AT[0-9A-Z]+ - \S+ (?:Verbrauch|Einspeisung|Lieferung) \(/,
  time: {
    kind: 'local',
    start: { date: /^Datum$/, range: 'from' },
    end: { date: /^Datum$/, range: 'to' },
    stamp: 'start',
  },
  dst: 'once',
  series: [
    {
      value: /Einheit kWh\)$/,
      obis: total,
      meterReading: /Zählerstand/,
    },
  ],
  direction: [
    [/ (?:Einspeisung|Lieferung) \(/, 'feed_in'],
    [/ Verbrauch \(/, 'consumption'],
  ],
  intervalSec: 3600,
};

/**
 * KWG (`kwg.at`): a preamble `Lastprofil` / `Daten 1: Verbrauch lt. Messung IME`, then `Datum | Daten 1`;
 * rows `01.12.2025 01:00 | 12.33`, end-stamped (the first row is 01:00, the last the next month's
 * 00:00). No metering point: the person chooses the meter.
 */
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
  series: [{ value: /^Daten 1$/, obis: total }],
  direction: [
    [/Einspeisung|Lieferung/, 'feed_in'],
    [/Verbrauch|Bezug/, 'consumption'],
  ],
  intervalSec: 3600,
};
