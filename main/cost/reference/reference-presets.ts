/**
 * The grid and levies presets, built from the reference (resources/tariffs/; issue 62). For each
 * network area and row of SNE-V 2018 § 5 (NE7 nicht gemessen, unterbrechbar, gemessen; NE6, NE5 and
 * their splits where the area has them):
 * - `netz-{area}-{row}`: the grid's bill alone (usage price, SNAP from 1 April 2026 with its window,
 *   power price, flat charge, loss fee, the area's Gebrauchsabgabe where it is one for the whole area),
 *   for the periods the reference knows, to combine with a supplier's and a levies' tariff;
 * - `netz-2026-{area}[-kind]`: the 2026 grid bill with the 2026 levies of its row and customer (one
 *   tariff, as before issue 62), and
 * - `abgaben-{row}`: the levies alone from 2024, by date (Elektrizitätsabgabe, Förderbeitrag,
 *   Förderpauschale), so a bill before 2026 is priced under the values valid then.
 * Every value keeps its source and level (`values`); what the reference lacks is listed (`missing`) and
 * its quarter-hours stay unpriced — counted and said by the cost view, never priced at a guess. The
 * metering fee (Messentgelt) is the operator's: no preset holds it.
 */
import type { Tariff, TariffChange } from '../../../preload/contract';
import { gridRows, SNAP_WINDOW, type GridPeriod, type GridRow } from './grid-values';
import { leviesOn, vatOf, type Customer, type PresetValue } from './levy-values';
import { areaUseLevy } from './use-levy';

/** What a reference preset is built of: its values with source and level, and what the reference lacks. */
export interface ReferenceParts {
  values: PresetValue[];
  missing: string[];
}

/** The last day the presets price: the 2027 grid values and Förderbeitrag are not in the reference. */
export const REFERENCE_UNTIL = '2026-12-31';

const ROW_KIND: Record<string, string> = {
  'NE7-nicht-gemessen': 'Haushalt und andere ohne Leistungsmessung',
  'NE7-unterbrechbar': 'unterbrechbar (z. B. Wärmepumpe)',
  'NE7-gemessen': 'gemessene Leistung',
};
const rowName = (row: string) => ROW_KIND[row] ?? row.replace('-', ' ');
const rowId = (row: string) => row.toLowerCase();

function gridParts(p: GridPeriod): Partial<Tariff> {
  return {
    gridEnergyCentsPerKwh: p.apCents,
    gridLossCentsPerKwh: p.lossCents,
    gridEnergyWindows:
      p.snapCents === null
        ? []
        : [{ days: 'all', ...SNAP_WINDOW, months: [...SNAP_WINDOW.months], centsPerKwh: p.snapCents }],
    gridPowerEurPerKwYear: p.lpEurPerKwYear,
  };
}

function flatCharge(p: GridPeriod): Tariff['fixedCharges'] {
  return p.flatEurPerYear > 0
    ? [{ name: 'Pauschale nicht gemessene Leistung', eur: p.flatEurPerYear, per: 'year', kind: 'grid' }]
    : [];
}

/**
 * A period's change over the one before: only the components that differ (a person who adds a charge
 * to the preset's own keeps it over the change).
 */
function changeOf(before: GridPeriod, p: GridPeriod): TariffChange {
  const was: Record<string, unknown> = { ...gridParts(before), fixedCharges: flatCharge(before) };
  const now: Record<string, unknown> = { ...gridParts(p), fixedCharges: flatCharge(p) };
  const differ = Object.entries(now).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(was[k]));
  return { from: p.fromDay, ...Object.fromEntries(differ) };
}

/** The plain tariff every preset starts from: no energy price, net prices, the row's power basis. */
function blank(id: string, name: string, area: string | undefined): Tariff {
  return {
    id,
    name,
    direction: 'consumption',
    commodity: 'electricity',
    isExample: false,
    validFrom: null,
    validTo: null,
    energy: { type: 'flat', centsPerKwh: 0 },
    baseFeeEurPerMonth: 0,
    gridEnergyCentsPerKwh: 0,
    gridLossCentsPerKwh: 0,
    gridEnergyWindows: [],
    gridPowerEurPerKwYear: 0,
    // § 5 does not say which kW the power price is billed on: the bill's basis is to be checked.
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    levies: [],
    vatPercent: 20,
    pricesEntered: 'net',
    changes: [],
    ...(area ? { area } : {}),
  };
}

/** The grid's own bill of a row over the periods the reference knows (changes where a period starts). */
export function gridOnlyPreset(g: GridRow): { tariff: Tariff; parts: ReferenceParts } {
  const use = areaUseLevy(g.area);
  const vat = vatOf(g.area);
  const [first, ...later] = g.periods;
  const t: Tariff = {
    ...blank(`netz-${g.area}-${rowId(g.row)}`, `Netz ${g.areaName} ${g.row} (ohne Messentgelt)`, g.area),
    ...gridParts(first!),
    fixedCharges: flatCharge(first!),
    levies: use ? [use.levy] : [],
    vatPercent: vat.value,
    validFrom: first!.fromDay,
    validTo: REFERENCE_UNTIL,
    changes: later.map((p, i) => changeOf(g.periods[i]!, p)),
  };
  const values = [...g.periods.flatMap((p) => p.values), ...(use ? [use.value] : []), vat];
  t.source = sourceText(g, values);
  return { tariff: t, parts: { values, missing: [...g.missing, ...(use?.missing ?? [])] } };
}

function sourceText(g: GridRow, values: PresetValue[]): string {
  const levels = [...new Set(values.map((v) => v.level))].join('/');
  const lp = g.periods.some((p) => p.lpEurPerKwYear > 0)
    ? '; Leistungspreis je kW und Jahr auf das Mittel der Monatsmaxima (§ 5 nennt die Basis nicht: laut Rechnung prüfen)'
    : '';
  return `SNE-V 2018 § 5/§ 6 (resources/tariffs/at-grid.json), ${g.areaName} ${g.row}; Werte ${levels}; ohne Messentgelt (vom Netzbetreiber, laut Rechnung)${lp}`.slice(
    0,
    600,
  );
}

/** Levies of a day as a tariff's levies and fixed charges. */
function leviesParts(day: string, row: string, customer: Customer) {
  const l = leviesOn(day, row, customer);
  return {
    levies: [
      ...l.perKwh.map((x) => ({ name: x.name, centsPerKwh: x.centsPerKwh, percent: 0, eurPerKwYear: 0 })),
      ...l.perKw.map((x) => ({ name: x.name, centsPerKwh: 0, percent: 0, eurPerKwYear: x.eurPerKwYear })),
    ],
    fixedCharges: l.perMeteringPoint.map((x) => ({
      name: x.name,
      eur: x.eurPerYear,
      per: 'year' as const,
      kind: 'levy' as const,
    })),
    values: l.values,
    missing: l.missing,
  };
}

/** The customers a row's 2026 preset is made for, and the id suffix of each. */
function customersOf(row: string): [Customer, string][] {
  if (row === 'NE7-nicht-gemessen')
    return [
      ['household', ''],
      ['other', '-nichthaushalt'],
    ];
  if (row === 'NE7-unterbrechbar') return [['household', '-unterbrechbar']];
  return [['other', `-${rowId(row.replace(/^NE7-/, ''))}`]];
}

/** The 2026 grid bill of a row with its 2026 levies, as one tariff (none where 2026 is not known). */
export function allIn2026Presets(g: GridRow): { tariff: Tariff; parts: ReferenceParts }[] {
  const periods = g.periods.filter((p) => p.fromDay >= '2026-01-01');
  if (periods.length === 0) return [];
  const grid = gridOnlyPreset({ ...g, periods });
  return customersOf(g.row).map(([customer, suffix]) => {
    const l = leviesParts('2026-06-01', g.row, customer);
    const who = customer === 'household' ? 'Haushalt' : 'Nicht-Haushalt';
    const tariff: Tariff = {
      ...grid.tariff,
      id: `netz-2026-${g.area}${suffix}`,
      name: `Netz ${g.areaName} 2026 ${g.row === 'NE7-nicht-gemessen' ? `NE7 ${who}` : g.row} mit Abgaben (ohne Messentgelt)`.slice(
        0,
        80,
      ),
      levies: [...l.levies, ...grid.tariff.levies],
      fixedCharges: [...grid.tariff.fixedCharges, ...l.fixedCharges],
      changes: grid.tariff.changes.map((c) =>
        c.fixedCharges ? { ...c, fixedCharges: [...c.fixedCharges, ...l.fixedCharges] } : c,
      ),
    };
    const values = [...grid.parts.values, ...l.values];
    tariff.source =
      `${grid.tariff.source}; Abgaben 2026 ${rowName(g.row)}, ${who} (resources/tariffs/at-levies.json)`.slice(
        0,
        600,
      );
    return { tariff, parts: { values, missing: [...grid.parts.missing, ...l.missing] } };
  });
}

/** The levies presets: a row's levies from 2024 by date, for a customer. */
const LEVY_PRESETS: [id: string, row: string, customer: Customer, name: string][] = [
  ['abgaben-ne7-haushalt', 'NE7-nicht-gemessen', 'household', 'Abgaben NE7 Haushalt'],
  ['abgaben-ne7-nichthaushalt', 'NE7-nicht-gemessen', 'other', 'Abgaben NE7 Nicht-Haushalt'],
  ['abgaben-ne7-unterbrechbar', 'NE7-unterbrechbar', 'household', 'Abgaben NE7 unterbrechbar (Haushalt)'],
  ['abgaben-ne7-gemessen', 'NE7-gemessen', 'other', 'Abgaben NE7 gemessene Leistung'],
  ['abgaben-ne6', 'NE6', 'other', 'Abgaben NE6'],
  ['abgaben-ne5', 'NE5', 'other', 'Abgaben NE5'],
];

/** The years the levies presets price (2027: Förderbeitrag not in the reference). */
const LEVY_YEARS = ['2024', '2025', '2026'];

export function leviesPreset([id, row, customer, name]: (typeof LEVY_PRESETS)[number]): {
  tariff: Tariff;
  parts: ReferenceParts;
} {
  const years = LEVY_YEARS.map((y) => ({ y, ...leviesParts(`${y}-06-01`, row, customer) }));
  // From the newest year back while every levy is known: a year with one missing is not priced.
  let start = years.length;
  while (start > 0 && years[start - 1]!.missing.length === 0) start--;
  const known = years.slice(start);
  const missing = years.slice(0, start).flatMap((x) => x.missing);
  const [first, ...later] = known;
  const tariff: Tariff = {
    ...blank(id, `${name} ${known[0]?.y ?? ''}–2026 (nach Datum)`, undefined),
    levies: first?.levies ?? [],
    fixedCharges: first?.fixedCharges ?? [],
    validFrom: `${first?.y ?? '2026'}-01-01`,
    validTo: REFERENCE_UNTIL,
    changes: later.map((x) => ({ from: `${x.y}-01-01`, levies: x.levies, fixedCharges: x.fixedCharges })),
    source: `Elektrizitätsabgabe, Erneuerbaren-Förderbeitrag und -Förderpauschale ${rowName(row)} nach Datum (resources/tariffs/at-levies.json)`,
  };
  const values = [...known.flatMap((x) => x.values), vatOf('')];
  tariff.vatPercent = values.at(-1)!.value;
  return { tariff, parts: { values, missing } };
}

export interface ReferencePreset {
  tariff: Tariff;
  parts: ReferenceParts;
}

let built: ReferencePreset[] | null = null;

/** Every grid and levies preset of the reference (built once). */
export function referencePresets(): ReferencePreset[] {
  if (built) return built;
  const rows = gridRows();
  built = [
    ...rows.flatMap((g) => allIn2026Presets(g)),
    ...rows.map((g) => gridOnlyPreset(g)),
    ...LEVY_PRESETS.map((p) => leviesPreset(p)),
  ];
  return built;
}
