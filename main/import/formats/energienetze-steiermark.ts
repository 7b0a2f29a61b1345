import type { FormatSpec } from '../types';
import { total } from './obis';

/**
 * Energienetze Steiermark: v1 CSV (`sep=;` line, `Verbrauchszeitraum`), the "Leistung" CSV and v2
 * (`Statistikzeitraum`, `Wert`), and v3 XLSX (`Leistungszeitraum`, `Leistung` in KW, real date cells,
 * metering point on the first row only). Status VAL/EST (DSO-FORMATS.md §3.7).
 */
export const energienetzeSteiermark: FormatSpec = {
  id: 'energienetze-steiermark',
  operator: 'Energienetze Steiermark',
  product: 'Verbrauchsdaten (CSV/XLSX)',
  container: 'any',
  delimiter: ';',
  decimal: ',',
  header:
    /^Anlagennummer;Z(ae|ä)hlpunkt;Tarif;(Verbrauchs|Statistik|Leistungs)zeitraum Beginn;(Verbrauchs|Statistik|Leistungs)zeitraum Ende;(Verbrauch|Wert|Leistung);Einheit;Messwert: VAL\.\.\.gemessen, EST\.\.\.rechnerisch ermittelt$/,
  preambleMax: 1,
  time: {
    kind: 'local',
    start: { date: /zeitraum Beginn$/ },
    end: { date: /zeitraum Ende$/ },
    stamp: 'start',
  },
  // October not seen; March: one row 01:45–03:00 and 92 rows.
  dst: 'unknown',
  series: [{ value: /^(Verbrauch|Wert|Leistung)$/, obis: total, quality: /^Messwert: VAL/ }],
  meteringPointColumn: /^Z(ae|ä)hlpunkt$/,
  unitColumn: /^Einheit$/,
  direction: [[/;Verbrauch;Einheit;/, 'consumption']],
};
