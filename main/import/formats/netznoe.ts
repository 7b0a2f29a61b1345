import type { FormatSpec } from '../types';
import { CONSUMPTION, FEED_IN, withCommunity } from './obis';

/**
 * Netz Niederösterreich Smartmeter-Portal CSV, 2023 to 2025 variants: interval ends, quality `G`/`L1`,
 * EEG columns, repeated per energy community with a suffix (DSO-FORMATS.md §3.2).
 */
export const netzNoe: FormatSpec = {
  id: 'netznoe',
  operator: 'Netz Niederösterreich',
  product: 'Smartmeter-Portal, 15-min-Werte (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header:
    /^Messzeitpunkt;(Gemessener Verbrauch|Verbrauch|Einspeisung|Gemessene Menge) \(kWh\)(;(Ersatzwert|Qualität|Restnetzbezug \(kWh\)|Qualität EG|Eigendeckung \(kWh\)|Ideeller Anteil \(kWh\)|Eigendeckung erneuerb\. Energie \(kWh\))( \S+)?)*$/,
  // `Messzeitpunkt` is the end: a day runs from 00:15 to 00:00 of the next.
  time: { kind: 'local', end: { date: /^Messzeitpunkt$/ }, stamp: 'end' },
  dst: 'repeat',
  series: [
    {
      value: /^(Gemessener )?Verbrauch \(kWh\)$/,
      obis: CONSUMPTION,
      quality: /^Qualität$/,
      substitute: /^Ersatzwert$/,
      optional: true,
    },
    {
      value: /^(Einspeisung|Gemessene Menge) \(kWh\)$/,
      obis: FEED_IN,
      quality: /^Qualität$/,
      substitute: /^Ersatzwert$/,
      optional: true,
    },
    {
      value: /^Restnetzbezug \(kWh\)( \S+)?$/,
      each: true,
      obis: withCommunity('1-1:1.9.0 P.01'),
      quality: /^Qualität EG$/,
      optional: true,
    },
    {
      value: /^Eigendeckung \(kWh\)( \S+)?$/,
      each: true,
      obis: withCommunity('1-1:2.9.0 G.03'),
      quality: /^Qualität EG$/,
      optional: true,
    },
    {
      value: /^Ideeller Anteil \(kWh\)( \S+)?$/,
      each: true,
      obis: withCommunity('1-1:2.9.0 G.02'),
      quality: /^Qualität EG$/,
      optional: true,
    },
    {
      value: /^Eigendeckung erneuerb\. Energie \(kWh\)( \S+)?$/,
      each: true,
      obis: withCommunity('1-1:2.9.0 G.03R'),
      quality: /^Qualität EG$/,
      optional: true,
    },
  ],
  direction: [
    [/;(Einspeisung|Gemessene Menge) \(kWh\)/, 'feed_in'],
    [/;(Gemessener )?Verbrauch \(kWh\)/, 'consumption'],
  ],
};
