/**
 * The grid and levies presets (issues 34, 44 and 62), built from the reference data in
 * resources/tariffs/ (cost/reference/): every area's rows of SNE-V 2018 § 5/§ 6 with their loss fee and
 * flat charge, the levies by date, each value with its source and level. Here they get the example
 * each reproduces (`published`, the values as the legal text writes them), checked by
 * test/unit/tariff-presets.test.ts through the cost evaluation.
 */
import type { TariffPreset } from './presets';
import { gridRows, SNAP_WINDOW } from './reference/grid-values';
import { referencePresets, type ReferencePreset } from './reference/reference-presets';

export { SNAP_WINDOW };
/** The first day of the summer low price (BGBl. II 305/2025). */
export const SNAP_SINCE = '2026-04-01';
/** The first day of the 2026 usage prices (secondary sources for January–March; the RIS text from April). */
export const GRID_2026_SINCE = '2026-01-01';

/** Network area → NE7 household usage price and SNAP from 1 April 2026, ct/kWh net (SNE-V 2018 § 5). */
export const NE7_2026: Record<string, { name: string; ap: number; snap: number }> = Object.fromEntries(
  gridRows()
    .filter((g) => g.row === 'NE7-nicht-gemessen')
    .map((g) => {
      const p = g.periods.find((x) => x.snapCents !== null)!;
      return [g.area, { name: g.areaName, ap: p.apCents, snap: p.snapCents! }];
    }),
);

/** The example a reference preset reproduces: its newest grid values, or its levies per kWh on a day. */
function publishedOf({ tariff: t, parts }: ReferencePreset): TariffPreset['published'] {
  const last = t.changes.at(-1);
  const windows = last?.gridEnergyWindows ?? t.gridEnergyWindows;
  const ap = last?.gridEnergyCentsPerKwh ?? t.gridEnergyCentsPerKwh;
  const loss = last?.gridLossCentsPerKwh ?? t.gridLossCentsPerKwh;
  const where = [...new Set(parts.values.map((v) => v.source))].join(', ');
  if (ap > 0)
    return {
      kind: 'grid',
      apCents: ap,
      snapCents: windows[0]?.centsPerKwh ?? ap,
      lossCents: loss,
      text: `${where}: AP ${ap} ct/kWh${windows[0] ? `, SNAP ${windows[0].centsPerKwh} ct/kWh` : ''}, Verlust ${loss} ct/kWh`,
    };
  const levies = last?.levies ?? t.levies;
  const cents = Math.round(levies.reduce((a, l) => a + l.centsPerKwh, 0) * 1000) / 1000;
  return {
    kind: 'levies',
    day: last?.from ?? t.validFrom ?? '2026-01-01',
    centsPerKwh: cents,
    text: `${where}: ${levies.map((l) => `${l.name} ${l.centsPerKwh} ct/kWh`).join(', ')}`,
  };
}

export const GRID_2026: TariffPreset[] = referencePresets().map((p) => ({
  tariff: p.tariff,
  parts: p.parts,
  published: publishedOf(p),
}));
