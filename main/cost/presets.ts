/**
 * Dated presets that ship with the app (issue 34), each with its legal source and validity. As data, not
 * code: a preset is a tariff (schema of preload/cost-contract.ts) priced by the same evaluation.
 *
 * The 2026 grid usage energy price (Netznutzungsentgelt, Arbeitspreis) of the 14 network areas for
 * network level 7, "nicht gemessene Leistung" (households), from 1 April 2026 with the summer low
 * price SNAP (1 April – 30 September, 10:00–16:00, −20 % on the usage price only), net, ct/kWh:
 * SNE-V 2018 §5 as amended by BGBl. II Nr. 305/2025 (RIS NOR40273644), as AUSTRIA-2026.md §3.3 lists
 * them. With the 2026 levies per kWh of a household: Elektrizitätsabgabe 0,10 ct/kWh (ElAbgG §7(16),
 * BGBl. I 95/2025) and Erneuerbaren-Förderbeitrag 0,62 ct/kWh (BGBl. II 301/2025); VAT 20 %.
 *
 * What these presets are not: a whole grid bill. The loss fee (Netzverlustentgelt), the metering fee
 * (Messentgelt) and the flat power charge of non-metered customers are not in the sources this project
 * has checked, so they are not invented here; the supplier's energy price is 0 (add a supplier tariff to
 * price the energy). Their names say so.
 */
import type { Tariff } from '../../preload/contract';

const SNE_SOURCE =
  'SNE-V 2018 §5 i. d. F. BGBl. II Nr. 305/2025 (RIS NOR40273644): NE7, nicht gemessene Leistung, Arbeitspreis und SNAP ab 1.4.2026; Elektrizitätsabgabe 0,10 ct/kWh (BGBl. I 95/2025), Erneuerbaren-Förderbeitrag 0,62 ct/kWh (BGBl. II 301/2025)';

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

export const SNAP_WINDOW = { months: [4, 5, 6, 7, 8, 9], from: '10:00', to: '16:00' } as const;

export const TARIFF_PRESETS: readonly Tariff[] = Object.entries(NE7_2026).map(([id, a]) => ({
  id: `netz-2026-${id}`,
  name: `Netznutzung ${a.name} 2026 (NE7, SNAP; ohne Verlust-/Messentgelt)`,
  direction: 'consumption',
  commodity: 'electricity',
  isExample: false,
  validFrom: '2026-04-01',
  validTo: '2026-12-31',
  energy: { type: 'flat', centsPerKwh: 0 },
  baseFeeEurPerMonth: 0,
  gridEnergyCentsPerKwh: a.ap,
  gridEnergyWindows: [{ days: 'all', ...SNAP_WINDOW, months: [...SNAP_WINDOW.months], centsPerKwh: a.snap }],
  gridPowerEurPerKwYear: 0,
  levies: [
    { name: 'Elektrizitätsabgabe (Haushalt 2026)', centsPerKwh: 0.1, percent: 0 },
    { name: 'Erneuerbaren-Förderbeitrag 2026', centsPerKwh: 0.62, percent: 0 },
  ],
  vatPercent: 20,
  pricesEntered: 'net',
  powerBasis: 'mean_monthly',
  fixedCharges: [],
  source: SNE_SOURCE,
}));

export function presetOf(id: string): Tariff | null {
  return TARIFF_PRESETS.find((t) => t.id === id) ?? null;
}
