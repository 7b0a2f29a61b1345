/**
 * The 2026 grid presets (issues 34 and 44), data with their legal sources: the grid usage energy price
 * (Netznutzungsentgelt, Arbeitspreis) of the 14 network areas for network level 7, "nicht gemessene
 * Leistung" (households and others without power metering), from 1 January 2026, with the summer low
 * price SNAP from 1 April (1 April – 30 September, 10:00–16:00, −20 % on the usage price only), net,
 * ct/kWh: SNE-V 2018 §5 as amended by BGBl. II Nr. 305/2025 (RIS NOR40273644), as AUSTRIA-2026.md §3.3
 * lists them; the 2026 levies: Elektrizitätsabgabe 0,10 ct/kWh for a household, 0,82 ct/kWh for others
 * (each area has a preset for both; ElAbgG §7(16), BGBl. I 95/2025), Erneuerbaren-Förderbeitrag
 * 0,62 ct/kWh (BGBl. II 301/2025) and per metering point; VAT 20 %. What an area's bill holds beyond
 * that is in `AREA_EXTRAS_2026` where a checked source gives it, and said missing where none does.
 */
import type { TariffPreset } from './presets';

const SNE_SOURCE =
  'SNE-V 2018 §5 i. d. F. BGBl. II Nr. 305/2025 (RIS NOR40273644): NE7, nicht gemessene Leistung, Arbeitspreis ab 1.1.2026, SNAP ab 1.4.2026; Elektrizitätsabgabe 0,10 ct/kWh (BGBl. I 95/2025), Erneuerbaren-Förderbeitrag 0,62 ct/kWh (BGBl. II 301/2025) und 3,796 €/Jahr je Zählpunkt (EFBV 2026 §2 (1) Z 7), Erneuerbaren-Förderpauschale NE7 19,02 €/Jahr (EAG §75)';

/**
 * The 2026 levies per metering point on network level 7, the same in every area (issue 44, item 1, as
 * the issue copied them from the legal texts and a Wiener Netze bill of June 2026 shows them).
 */
const NE7_FIXED_LEVIES_2026 = [
  { name: 'Erneuerbaren-Förderpauschale 2026', eur: 19.02, per: 'year', kind: 'levy' },
  { name: 'Erneuerbaren-Förderbeitrag je Zählpunkt 2026', eur: 3.796, per: 'year', kind: 'levy' },
] as const;

/**
 * What is known of an area's 2026 grid bill beyond the usage price and SNAP, each with its source; an
 * area not listed has no loss fee, flat charge or municipal levy in a checked source (its preset's name
 * says so). Wien: the loss fee (SNE-V §6; 0,70 ct/kWh on a Wiener Netze bill of June 2026, as
 * ru4ert/ESP32-awattar include/tarif.h copies it), the flat charge of power not measured (§5, 54 €/year)
 * and the Gebrauchsabgabe (7 % of energy and grid, Wiener Gebrauchsabgabegesetz) — the lines issue 44
 * rebuilt from Wohnung Huber's June 2026 bill; the metering fee (Messentgelt) is the operator's and
 * stays to be entered from the bill.
 */
export const AREA_EXTRAS_2026: Record<
  string,
  {
    lossCents?: number;
    flatEurPerYear?: number;
    percentLevy?: { name: string; percent: number };
    vatPercent?: number;
    source: string;
  }
> = {
  wien: {
    lossCents: 0.7,
    flatEurPerYear: 54,
    percentLevy: { name: 'Gebrauchsabgabe Wien', percent: 7 },
    source:
      'Wien: Netzverlustentgelt 0,70 ct/kWh (SNE-V §6; Wiener-Netze-Rechnung 06/2026), Pauschale nicht gemessene Leistung 54 €/Jahr (§5), Gebrauchsabgabe 7 %',
  },
  // The Kleinwalsertal is the municipality Mittelberg: VAT 19 % there (issue 44, item 7).
  kleinwalsertal: {
    vatPercent: 19,
    source: 'Kleinwalsertal (Mittelberg): USt 19 % (UStG 1994 §10 Abs. 4, RIS NOR40278068)',
  },
};

/** Network area → [usage price, SNAP] in ct/kWh net (AUSTRIA-2026.md §3.3). */
export const NE7_2026: Record<string, { name: string; ap: number; snap: number }> = {
  burgenland: { name: 'Burgenland', ap: 8.46, snap: 6.77 },
  kaernten: { name: 'Kärnten', ap: 9.67, snap: 7.74 },
  klagenfurt: { name: 'Klagenfurt', ap: 6.9, snap: 5.52 },
  noe: { name: 'Niederösterreich', ap: 8.79, snap: 7.03 },
  ooe: { name: 'Oberösterreich', ap: 6.29, snap: 5.03 },
  linz: { name: 'Linz', ap: 5.57, snap: 4.46 },
  salzburg: { name: 'Salzburg', ap: 6.59, snap: 5.27 },
  steiermark: { name: 'Steiermark', ap: 8.82, snap: 7.06 },
  graz: { name: 'Graz', ap: 5.17, snap: 4.14 },
  tirol: { name: 'Tirol', ap: 6.81, snap: 5.45 },
  innsbruck: { name: 'Innsbruck', ap: 8.03, snap: 6.42 },
  vorarlberg: { name: 'Vorarlberg', ap: 4.96, snap: 3.97 },
  wien: { name: 'Wien', ap: 6.98, snap: 5.58 },
  kleinwalsertal: { name: 'Kleinwalsertal', ap: 17.73, snap: 14.18 },
};

/** The first day of the summer low price (BGBl. II 305/2025). */
export const SNAP_SINCE = '2026-04-01';
/**
 * The first day of the 2026 usage prices: the ordinance's 2026 prices apply from 1 January, only SNAP
 * starts on 1 April (issue 44, item 2, checked there against the RIS text; the same dates in public
 * tables of the 2026 fees, e.g. Wien 7,40 ct until 31.12.2025 and 6,98 ct from 1.1.2026). January–March
 * lie outside SNAP's months, so the one window below is right for the whole year.
 */
export const GRID_2026_SINCE = '2026-01-01';
export const SNAP_WINDOW = { months: [4, 5, 6, 7, 8, 9], from: '10:00', to: '16:00' } as const;

/**
 * A network area's preset for a household, and for anyone else on the same NE7 usage price without
 * power metering (a shop, an office): the Elektrizitätsabgabe 2026 is 0,10 ct/kWh for households and
 * 0,82 ct/kWh for others (ElAbgG §7(16), BGBl. I 95/2025; issue 44, item 7).
 */
function gridPreset(
  id: string,
  a: { name: string; ap: number; snap: number },
  household: boolean,
): TariffPreset {
  const x = AREA_EXTRAS_2026[id];
  // What the preset leaves out, in its name (at most 80 characters with the longest area's).
  const without = x?.lossCents ? 'ohne Messentgelt' : 'ohne Verlust/Messung/Pauschale';
  const source = household
    ? SNE_SOURCE
    : SNE_SOURCE.replace(
        'Elektrizitätsabgabe 0,10 ct/kWh',
        'Elektrizitätsabgabe 0,82 ct/kWh (Nicht-Haushalt)',
      );
  return {
    published: {
      kind: 'grid',
      apCents: a.ap,
      snapCents: a.snap,
      lossCents: x?.lossCents ?? 0,
      text: `SNE-V 2018 §5 (BGBl. II 305/2025), NE7 ${a.name}, nicht gemessene Leistung: AP ${a.ap} ct/kWh, SNAP ${a.snap} ct/kWh`,
    },
    tariff: {
      id: household ? `netz-2026-${id}` : `netz-2026-${id}-nichthaushalt`,
      name: household
        ? `Netznutzung ${a.name} 2026 (NE7, SNAP; ${without})`
        : `Netz ${a.name} 2026 Nicht-Haushalt (SNAP; ${without})`,
      direction: 'consumption',
      commodity: 'electricity',
      isExample: false,
      validFrom: GRID_2026_SINCE,
      validTo: '2026-12-31',
      energy: { type: 'flat', centsPerKwh: 0 },
      baseFeeEurPerMonth: 0,
      gridEnergyCentsPerKwh: a.ap,
      gridLossCentsPerKwh: x?.lossCents ?? 0,
      gridEnergyWindows: [
        { days: 'all', ...SNAP_WINDOW, months: [...SNAP_WINDOW.months], centsPerKwh: a.snap },
      ],
      gridPowerEurPerKwYear: 0,
      levies: [
        household
          ? { name: 'Elektrizitätsabgabe (Haushalt 2026)', centsPerKwh: 0.1, percent: 0 }
          : { name: 'Elektrizitätsabgabe (Nicht-Haushalt 2026)', centsPerKwh: 0.82, percent: 0 },
        { name: 'Erneuerbaren-Förderbeitrag 2026', centsPerKwh: 0.62, percent: 0 },
        ...(x?.percentLevy ? [{ ...x.percentLevy, centsPerKwh: 0 }] : []),
      ],
      vatPercent: x?.vatPercent ?? 20,
      pricesEntered: 'net',
      powerBasis: 'mean_monthly',
      fixedCharges: [
        ...(x?.flatEurPerYear
          ? [
              {
                name: 'Pauschale nicht gemessene Leistung',
                eur: x.flatEurPerYear,
                per: 'year',
                kind: 'grid',
              } as const,
            ]
          : []),
        ...NE7_FIXED_LEVIES_2026,
      ],
      changes: [],
      source: x ? `${source}; ${x.source}` : source,
      area: id,
    },
  };
}

export const GRID_2026: TariffPreset[] = Object.entries(NE7_2026).flatMap(([id, a]) => [
  gridPreset(id, a, true),
  gridPreset(id, a, false),
]);
