/**
 * A network area's grid row by validity (issue 62), read from the reference: usage price, SNAP (with
 * its window), power price, flat charge and loss fee, each with its source and level. A period whose
 * values the reference lacks is not priced: the preset starts where the row's values are known.
 */
import { reference, type GridRecord, type GridValue } from './reference-data';
import type { PresetValue } from './levy-values';

/** The reference's area ids where the app's differ (its presets and sites use the short ones). */
const APP_AREA: Record<string, string> = { niederoesterreich: 'noe', oberoesterreich: 'ooe' };
export const appAreaOf = (refArea: string): string => APP_AREA[refArea] ?? refArea;

/** The SNAP window (BGBl. II Nr. 305/2025): April–September, 10:00–16:00 local time, every day. */
export const SNAP_WINDOW = { months: [4, 5, 6, 7, 8, 9], from: '10:00', to: '16:00' } as const;

export interface GridPeriod {
  fromDay: string;
  /** Last day in force; null where the reference names no end. */
  toDay: string | null;
  apCents: number;
  snapCents: number | null;
  lossCents: number;
  flatEurPerYear: number;
  lpEurPerKwYear: number;
  values: PresetValue[];
}

export interface GridRow {
  /** The app's area id (`noe`, `wien`, …) and its name. */
  area: string;
  areaName: string;
  row: string;
  /** The periods the row's values are known in, oldest first, without gap. */
  periods: GridPeriod[];
  /** The periods of the reference the row's values are not known in (a sentence each). */
  missing: string[];
}

const PARTS: [key: keyof GridRecord['values'], part: string][] = [
  ['apCtPerKwh', 'Netznutzungsentgelt (Arbeitspreis)'],
  ['snapCtPerKwh', 'Sommer-Niedrigarbeitspreis (SNAP)'],
  ['lpEurPerKwYear', 'Netznutzungsentgelt (Leistungspreis)'],
  ['flatChargeEurPerYear', 'Pauschale nicht gemessene Leistung'],
  ['lossFeeCtPerKwh', 'Netzverlustentgelt'],
];

const known = (v: GridValue | undefined) => v !== undefined && v.value !== null;

/** Whether a record holds what its row is priced with (the flat charge where the row has one). */
function priceable(r: GridRecord): boolean {
  const v = r.values;
  if (!known(v.apCtPerKwh) || !known(v.lossFeeCtPerKwh)) return false;
  if (r.row === 'NE7-nicht-gemessen') return known(v.flatChargeEurPerYear);
  if (/gemessen$|^NE[3-6]$/.test(r.row) && r.row !== 'NE7-nicht-gemessen') return known(v.lpEurPerKwYear);
  return true;
}

function periodOf(r: GridRecord): GridPeriod {
  const n = (v: GridValue | undefined) => (v && v.value !== null ? v.value : 0);
  const v = r.values;
  const values: PresetValue[] = [];
  for (const [key, part] of PARTS) {
    const x = v[key] as GridValue | undefined;
    if (!x || x.value === null || (x.value === 0 && key !== 'lossFeeCtPerKwh')) continue;
    values.push({
      part,
      value: x.value,
      unit: x.unit,
      level: x.level,
      source: x.source,
      validFrom: r.validFrom,
      validTo: r.validTo,
    });
  }
  return {
    fromDay: r.validFrom,
    toDay: r.validTo,
    apCents: n(v.apCtPerKwh),
    snapCents: known(v.snapCtPerKwh) ? v.snapCtPerKwh.value : null,
    lossCents: n(v.lossFeeCtPerKwh),
    flatEurPerYear: n(v.flatChargeEurPerYear),
    lpEurPerKwYear: n(v.lpEurPerKwYear),
    values,
  };
}

/** Every area's rows with the periods their values are known in. */
export function gridRows(): GridRow[] {
  const by = new Map<string, GridRecord[]>();
  for (const r of reference().grid) {
    const k = `${r.areaId}|${r.row}`;
    by.set(k, [...(by.get(k) ?? []), r]);
  }
  const out: GridRow[] = [];
  for (const records of by.values()) {
    const sorted = [...records].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
    // From the newest back while the values are known: an unknown period ends the preset's reach.
    const periods: GridPeriod[] = [];
    for (const r of [...sorted].reverse()) {
      if (!priceable(r)) break;
      periods.unshift(periodOf(r));
    }
    if (periods.length === 0) continue;
    const first = periods[0]!.fromDay;
    const missing = sorted
      .filter((r) => r.validFrom < first)
      .map((r) => `${r.area} ${r.row}: ${r.validFrom} – ${r.validTo ?? '…'} not in the reference`);
    const r0 = sorted[0]!;
    out.push({ area: appAreaOf(r0.areaId), areaName: r0.area, row: r0.row, periods, missing });
  }
  return out;
}
