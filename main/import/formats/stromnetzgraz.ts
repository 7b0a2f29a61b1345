import type { FormatSpec } from '../types';

/** Register `1.8.x` (drawn) → `1-1:1.9.x`, `2.8.x` (fed in) → `1-1:2.9.x`; the total is `G.01`. */
function grazObis(header: string): string {
  const m = /- ([12])\.8\.([012])$/.exec(header);
  if (!m) return '1-1:1.9.0 G.01';
  return m[2] === '0' ? `1-1:${m[1]}.9.0 G.01` : `1-1:${m[1]}.9.${m[2]}`;
}

/**
 * Stromnetz Graz v2 (2024, `Lieferrichtung` line, decimal point) and 2026 (no preamble, decimal comma):
 * per register 1.8.0/1.8.1/1.8.2 a meter reading, the consumption since the previous reading and a
 * status; interval ends with UTC offsets. The first row after the March gap has no consumption even
 * though the reading moved (§3.12).
 */
export const stromnetzGraz: FormatSpec = {
  id: 'stromnetzgraz',
  operator: 'Stromnetz Graz',
  product: 'Smart Meter Webportal ab 2024 (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: 'auto',
  header:
    /^Ablesezeitpunkt;Zaehlerstand Gesamt - [12]\.8\.0;Verbrauch Gesamt - [12]\.8\.0;Status Gesamt - [12]\.8\.0(;|$)/,
  preambleMax: 1,
  time: { kind: 'offset', at: /^Ablesezeitpunkt$/, stamp: 'end' },
  dst: 'offset',
  series: [
    {
      value: /^Verbrauch Gesamt - [12]\.8\.0$/,
      obis: grazObis,
      quality: /^Status Gesamt - [12]\.8\.0$/,
      meterReading: /^Zaehlerstand Gesamt - [12]\.8\.0$/,
    },
    {
      value: /^Verbrauch Hochtarif - [12]\.8\.1$/,
      obis: grazObis,
      quality: /^Status Hochtarif - [12]\.8\.1$/,
      meterReading: /^Zaehlerstand Hochtarif - [12]\.8\.1$/,
      optional: true,
      skipWhenAllZero: true,
    },
    {
      value: /^Verbrauch Niedertarif - [12]\.8\.2$/,
      obis: grazObis,
      quality: /^Status Niedertarif - [12]\.8\.2$/,
      meterReading: /^Zaehlerstand Niedertarif - [12]\.8\.2$/,
      optional: true,
      skipWhenAllZero: true,
    },
  ],
  direction: [
    [/Lieferrichtung: Einspeis|Gesamt - 2\.8\.0/, 'feed_in'],
    [/Lieferrichtung: Bezug|Gesamt - 1\.8\.0/, 'consumption'],
  ],
};
