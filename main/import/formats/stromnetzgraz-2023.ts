import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * Stromnetz Graz v1 (2023): comma-separated, decimal point, meter readings and consumption per tariff;
 * `Ablesezeitpunkt` is the instant of the reading (ISO with offset), so the interval's end (§3.12).
 * Meter readings are kept apart; a tariff whose values and readings are all 0 (a single-rate meter)
 * is not imported.
 */
export const stromnetzGraz2023: FormatSpec = {
  id: 'stromnetzgraz-2023',
  operator: 'Stromnetz Graz',
  product: 'Smart Meter Webportal 2023 (CSV)',
  container: 'text',
  delimiter: ',',
  decimal: '.',
  header:
    /^Ablesezeitpunkt,Zaehlerstand Einheitstarif,Zaehlerstand Hochtarif,Zaehlerstand Niedertarif,Verbrauch Einheitstarif,Verbrauch Hochtarif,Verbrauch Niedertarif$/,
  time: { kind: 'offset', at: /^Ablesezeitpunkt$/, stamp: 'end' },
  dst: 'offset',
  series: [
    { value: /^Verbrauch Einheitstarif$/, obis: total, meterReading: /^Zaehlerstand Einheitstarif$/ },
    {
      value: /^Verbrauch Hochtarif$/,
      obis: '1-1:1.9.1',
      meterReading: /^Zaehlerstand Hochtarif$/,
      skipWhenAllZero: true,
    },
    {
      value: /^Verbrauch Niedertarif$/,
      obis: '1-1:1.9.2',
      meterReading: /^Zaehlerstand Niedertarif$/,
      skipWhenAllZero: true,
    },
  ],
  direction: 'consumption',
};
