import type { FormatSpec } from '../types';
import { FEED_IN, normalizeObis, total } from './obis';

/**
 * Stadtwerke Klagenfurt (Netz) 15-minute profile: one row per interval with metering point and a
 * register text (`Lastprofil Wirk Lieferung`), Windows-1252. Whether the labels are starts or ends is
 * not known; read as starts (a month runs 00:00 … 23:45), and said so with every import (§3.14).
 */
export const stadtwerkeKlagenfurt: FormatSpec = {
  id: 'stadtwerke-klagenfurt',
  operator: 'Stadtwerke Klagenfurt',
  product: '15-Minutenprofil (CSV)',
  container: 'text',
  delimiter: ';',
  decimal: ',',
  header: /^Typ;Anlage;Zähler;Zählpunkt;OBIS-Code;DatumUhrzeit;Verbrauch;Einheit$/,
  time: { kind: 'local', start: { date: /^DatumUhrzeit$/ }, stamp: 'start' },
  dst: 'unknown',
  series: [{ value: /^Verbrauch$/, obis: total }],
  obisColumn: {
    header: /^OBIS-Code$/,
    map: (text) => (/Einspeis/i.test(text) ? FEED_IN : (normalizeObis(text) ?? undefined)),
  },
  meteringPointColumn: /^Zählpunkt$/,
  unitColumn: /^Einheit$/,
  direction: 'consumption',
  caveats: ['start_or_end_unknown'],
};
