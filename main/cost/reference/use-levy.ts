/**
 * The Gebrauchsabgabe (a municipality's levy on the use of public ground, charged on the electricity
 * bill) from the reference (issue 62): where it is one for a whole network area — Wien 7 % of energy
 * and network, the Salzburg Netz area 0,3789 ct/kWh, Klagenfurt 1,637 ct/kWh — it belongs to that
 * area's grid presets; Innsbruck's 6 % is charged on energy only (the supplier's tariff). The 29
 * municipalities of the E-Control list are found from a site's place (`useLevyOfPlace`); a place not on
 * the list has none there — which is not proof of none (the README says so).
 */
import type { Tariff } from '../../../preload/contract';
import { reference, type LevyItem } from './reference-data';
import type { PresetValue } from './levy-values';

/** The municipality of the list that levies it for a whole network area (the app's area ids). */
const AREA_MUNICIPALITY: Record<string, RegExp> = {
  wien: /^Wien$/,
  salzburg: /^Salzburg \(whole Salzburg Netz area\)$/,
  klagenfurt: /^Klagenfurt/,
  innsbruck: /^Innsbruck$/,
};

/** A municipality's name as an address has it ("Salzburg (whole Salzburg Netz area)" → "Salzburg"). */
const placeName = (i: LevyItem) => (i.municipality ?? '').replace(/\s*\(.*\)$/, '');

export interface UseLevy {
  levy: Tariff['levies'][number];
  value: PresetValue;
  missing: string[];
}

function asLevy(i: LevyItem, place: string): UseLevy | null {
  if (i.value === null) return null;
  const percent = i.type === 'percent';
  const value: PresetValue = {
    part: `Gebrauchsabgabe ${place}`,
    value: i.value,
    unit: i.unit ?? '',
    level: i.level,
    source: i.source,
    validFrom: i.validFrom,
    validTo: i.validTo,
  };
  const missing: string[] = [];
  if (percent && /energy/.test(i.base ?? ''))
    missing.push(
      `Gebrauchsabgabe ${place} ${i.value} % is charged on ${i.base}: a grid preset charges it on the grid's part only; add it to the supplier's tariff too`,
    );
  return {
    levy: {
      name: `Gebrauchsabgabe ${place}`,
      centsPerKwh: percent ? 0 : i.value,
      percent: percent ? i.value : 0,
      eurPerKwYear: 0,
    },
    value,
    missing,
  };
}

/** The newest stated value of a municipality's levy (Wien: 7 % stated from 01.03.2026, 6 % before). */
function newest(items: LevyItem[]): LevyItem | undefined {
  const stated = (i: LevyItem) => ((i as { statedAsOf?: string[] }).statedAsOf ?? []).join();
  return [...items].sort((a, b) => stated(b).localeCompare(stated(a)))[0];
}

/** The area-wide Gebrauchsabgabe of a grid preset's area, when it is charged on the grid's part. */
export function areaUseLevy(area: string): UseLevy | null {
  const re = AREA_MUNICIPALITY[area];
  if (!re) return null;
  const items = reference().levies.filter(
    (i) => i.levy === 'Gebrauchsabgabe' && re.test(i.municipality ?? ''),
  );
  const i = newest(items);
  if (!i) return null;
  // Innsbruck's is charged on energy only: not the grid's, so no grid preset holds it.
  if (i.type === 'percent' && !/network/.test(i.base ?? '')) return null;
  const u = asLevy(i, placeName(i));
  if (u && items.length > 1)
    u.missing.push(
      `Gebrauchsabgabe ${i.municipality}: earlier value ${items
        .filter((x) => x !== i)
        .map((x) => x.value)
        .join(', ')} — the day it changed is not in the reference`,
    );
  return u;
}

/** The Gebrauchsabgabe of a site's place, by the municipality's name in its address; null if not listed. */
export function useLevyOfPlace(address: string): UseLevy | null {
  const words = address.toLowerCase();
  const items = reference().levies.filter((i) => i.levy === 'Gebrauchsabgabe' && i.value !== null);
  const hit = items.find((i) => {
    const name = placeName(i).toLowerCase();
    return (
      name.length > 2 &&
      new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(words)
    );
  });
  return hit ? asLevy(hit, placeName(hit)) : null;
}
