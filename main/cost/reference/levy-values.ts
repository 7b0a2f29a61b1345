/**
 * The levies of a bill on a given day, for a grid row and a customer (issue 62), read from the
 * reference: Elektrizitätsabgabe (by year, households or others), Erneuerbaren-Förderbeitrag (per kWh
 * for usage and loss, per metering point or per kW), Erneuerbaren-Förderpauschale (per metering point),
 * each with its source and level. What the reference does not give for that day is returned as
 * missing, never filled in.
 */
import { reference, type Level, type LevyItem } from './reference-data';

/** A value the preset uses, with where it comes from (shown by `tariffs --presets --json`). */
export interface PresetValue {
  /** What it is, as a bill names it. */
  part: string;
  value: number;
  unit: string;
  level: Level;
  /** The reference's source ids, and what they are. */
  source: string;
  validFrom: string | null;
  validTo: string | null;
}

export interface DayLevies {
  perKwh: { name: string; centsPerKwh: number }[];
  perKw: { name: string; eurPerKwYear: number }[];
  perMeteringPoint: { name: string; eurPerYear: number }[];
  values: PresetValue[];
  /** What the reference lacks for that day (a sentence each). */
  missing: string[];
}

export type Customer = 'household' | 'other';

const inForce = (i: LevyItem, day: string) =>
  (i.validFrom === null || i.validFrom <= day) && (i.validTo === null || i.validTo >= day);

/** The Förderbeitrag's and Förderpauschale's row of a grid row: `NE7-nicht-gemessen`, `NE6`, …. */
function levyRowsOf(gridRow: string): string[] {
  const level = gridRow.slice(0, 3);
  return level === 'NE7' ? [gridRow, 'NE7', 'all'] : [level, gridRow, 'all'];
}

function valueOf(i: LevyItem, part: string): PresetValue {
  return {
    part,
    value: i.value ?? 0,
    unit: i.unit ?? '',
    level: i.level,
    source: i.source,
    validFrom: i.validFrom,
    validTo: i.validTo,
  };
}

function electricityLevy(items: LevyItem[], day: string, customer: Customer, out: DayLevies): void {
  const all = items.filter((i) => i.levy === 'Elektrizitätsabgabe' && inForce(i, day) && i.value !== null);
  // 2026 splits by customer: natural persons (§ 4 SKZG) 0,1 ct, all others 0,82 ct; other years one rate.
  const pick =
    all.length > 1
      ? all.find((i) => (customer === 'household') === /natural persons/.test(i.appliesTo ?? ''))
      : all[0];
  if (!pick) {
    out.missing.push(`Elektrizitätsabgabe on ${day}`);
    return;
  }
  const name = `Elektrizitätsabgabe ${day.slice(0, 4)}${all.length > 1 ? (customer === 'household' ? ' (Haushalt)' : ' (Nicht-Haushalt)') : ''}`;
  out.perKwh.push({ name, centsPerKwh: pick.value! });
  out.values.push(valueOf(pick, name));
}

function renewables(items: LevyItem[], day: string, gridRow: string, out: DayLevies): void {
  const rows = levyRowsOf(gridRow);
  const year = day.slice(0, 4);
  const of = (levy: string, component?: string) => {
    const found = items.filter(
      (i) =>
        i.levy === levy &&
        inForce(i, day) &&
        (component === undefined || i.component === component) &&
        rows.includes(i.row ?? ''),
    );
    return rows.map((r) => found.find((i) => i.row === r)).find((i) => i !== undefined);
  };
  const usage = of('Erneuerbaren-Förderbeitrag', 'Netznutzungsentgelt (Arbeit)');
  const loss = of('Erneuerbaren-Förderbeitrag', 'Netzverlustentgelt');
  const power = of('Erneuerbaren-Förderbeitrag', 'Netznutzungsentgelt (Leistung)');
  const flat = of('Erneuerbaren-Förderpauschale');
  // Usage and loss components per kWh as one line, as bills list it (0,583 + 0,037 = 0,62 ct in 2026).
  const name = `Erneuerbaren-Förderbeitrag ${year}`;
  if (!usage || usage.value === null || !loss || loss.value === null)
    out.missing.push(`${name} per kWh for ${gridRow}`);
  else {
    const cents = Math.round((usage.value + loss.value) * 1000) / 1000;
    if (cents > 0) out.perKwh.push({ name, centsPerKwh: cents });
    out.values.push(valueOf(usage, `${name} (Arbeit)`), valueOf(loss, `${name} (Verlust)`));
  }
  if (!power || power.value === null)
    out.missing.push(`Erneuerbaren-Förderbeitrag ${year} (Leistung) for ${gridRow}`);
  else if (power.value > 0) {
    const perPoint = /metering point/.test(power.unit ?? '');
    const name = `Erneuerbaren-Förderbeitrag ${year} ${perPoint ? 'je Zählpunkt' : '(Leistung)'}`;
    if (perPoint) out.perMeteringPoint.push({ name, eurPerYear: power.value });
    else out.perKw.push({ name, eurPerKwYear: power.value });
    out.values.push(valueOf(power, name));
  }
  if (!flat || flat.value === null) out.missing.push(`Erneuerbaren-Förderpauschale ${year} for ${gridRow}`);
  else if (flat.value > 0) {
    const name = `Erneuerbaren-Förderpauschale ${year}`;
    out.perMeteringPoint.push({ name, eurPerYear: flat.value });
    out.values.push(valueOf(flat, name));
  }
}

/** The levies in force on `day` for a grid row (`NE7-nicht-gemessen`, `NE6`, …) and a customer. */
export function leviesOn(day: string, gridRow: string, customer: Customer): DayLevies {
  const items = reference().levies;
  const out: DayLevies = { perKwh: [], perKw: [], perMeteringPoint: [], values: [], missing: [] };
  electricityLevy(items, day, customer, out);
  renewables(items, day, gridRow, out);
  return out;
}

/** VAT of a network area (19 % in the Kleinwalsertal, Mittelberg; else 20 %), with its source. */
export function vatOf(area: string): PresetValue {
  const items = reference().levies.filter((i) => i.levy === 'Umsatzsteuer (VAT)' && i.value !== null);
  const i = items.find((x) =>
    (area === 'kleinwalsertal' ? /^Kleinwalsertal/ : /^Austria/).test(x.area ?? ''),
  );
  if (!i) throw new Error(`resources/tariffs/at-levies.json holds no VAT for ${area}`);
  return valueOf(i, 'Umsatzsteuer');
}
