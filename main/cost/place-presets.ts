/**
 * The presets for a client's place (issue 62): a site's network area (its postcode, cost/area.ts)
 * suggests its grid preset — the household row of its area — and lists its area's presets first; the
 * municipality in its address names its Gebrauchsabgabe where the reference lists one that the area's
 * presets do not hold (a town's levy inside a larger area: Kufstein, Bruck an der Mur …), to add as a
 * levy. The person can choose any other preset; a site without a postcode gets no suggestion.
 */
import type { TariffPresetView } from '../../preload/contract';
import type { TariffPreset } from './presets';
import { areaOfAddress } from './area';
import { useLevyOfPlace } from './reference/use-levy';

/** A preset as the picker shows it: its levels and what the reference lacks (cost-contract.ts). */
export function presetView(p: TariffPreset): TariffPresetView {
  return {
    tariff: p.tariff,
    published: p.published.text,
    notLegal: (p.parts?.values ?? []).flatMap((v) =>
      v.level === 'legal' ? [] : [{ part: v.part, level: v.level, validFrom: v.validFrom }],
    ),
    missing: p.parts?.missing.length ?? 0,
  };
}

/** The presets for a place: its area's first, the area's household row suggested, its town's levy said. */
export function presetsForPlace(all: readonly TariffPreset[], address: string | null): TariffPresetView[] {
  const area = areaOfAddress(address);
  const views = all.map(presetView);
  if (!area) return views;
  const mine = views.filter((v) => v.tariff.area === area);
  const rest = views.filter((v) => v.tariff.area !== area);
  const suggested = `netz-2026-${area}`;
  const town = address ? useLevyOfPlace(address) : null;
  // A levy the area's presets already hold (Wien, Salzburg, Klagenfurt) is not said twice.
  const held = mine
    .find((v) => v.tariff.id === suggested)
    ?.tariff.levies.some((l) => l.name === town?.levy.name);
  return [
    ...mine.map((v) =>
      v.tariff.id !== suggested
        ? v
        : {
            ...v,
            suggested: true,
            ...(town && !held
              ? {
                  placeLevy: {
                    name: town.levy.name,
                    percent: town.levy.percent,
                    centsPerKwh: town.levy.centsPerKwh,
                    level: town.value.level,
                  },
                }
              : {}),
          },
    ),
    ...rest,
  ];
}
