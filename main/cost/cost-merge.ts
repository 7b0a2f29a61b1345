/**
 * Costs put together: the periods of a tariff with dated changes added month by month, a site's meters
 * added component by component (each still adding up to the cent), and which tariff is best.
 */
import type { CostMonth, CostResult } from '../../preload/contract';
import { sumParts } from './bill-parts';

type TariffCost = CostResult['tariffs'][number];

/**
 * The cheapest (consumption) or best-paying (feed-in) tariff among those that priced every quarter-hour
 * and price the energy itself: a grid or levies preset alone (no energy over kWh used) is a part of a
 * bill, not a cheaper whole one.
 */
export function bestOf(tariffs: readonly TariffCost[], direction: 'consumption' | 'feed_in'): string | null {
  // Only a finite total can be compared: a tariff whose total is not finite is never "best".
  // Only a complete tariff (supplier, grid and levies: common/tariff-scope.ts) is what a client pays.
  const complete = tariffs.filter(
    (t) =>
      (t.lacks?.length ?? 0) === 0 &&
      t.unpricedQuarterHours === 0 &&
      t.outsideValidity === 0 &&
      Number.isFinite(t.total.totalEur) &&
      !(t.total.energyEur === 0 && t.months.some((m) => m.kwh > 0)),
  );
  const best = complete.reduce<TariffCost | null>((b, t) => {
    if (!b) return t;
    return direction === 'feed_in'
      ? t.total.totalEur > b.total.totalEur
        ? t
        : b
      : t.total.totalEur < b.total.totalEur
        ? t
        : b;
  }, null);
  return best?.tariffId ?? null;
}

const MONEY_KEYS = [
  'energyEur',
  'baseFeeEur',
  'fixedGridEur',
  'fixedLeviesEur',
  'gridEnergyEur',
  'gridPowerEur',
  'leviesEur',
  'vatEur',
  'totalEur',
] as const;

/**
 * Several results added month by month and component by component, still adding up to the cent: a
 * tariff's periods (`periods`: their month shares add), a site's meters (`site`: each month as far as
 * the furthest meter covers it), a combined tariff's parts (`parts`: the same kWh priced by each part,
 * counted once; a quarter-hour a part left unpriced counted as the part that left most).
 */
export function mergeTariffCosts(all: readonly TariffCost[], how: 'periods' | 'site' | 'parts'): TariffCost {
  const shares = how === 'periods' ? 'add' : 'max';
  const addKwh = (a: number, b: number) =>
    how === 'parts' ? Math.max(a, b) : Math.round((a + b) * 1000) / 1000;
  const addCount = (a: number, b: number) => (how === 'parts' ? Math.max(a, b) : a + b);
  const round = (v: number) => Math.round(v * 100) / 100;
  const byMonth = new Map<string, CostMonth>();
  for (const t of all)
    for (const m of t.months) {
      const acc = byMonth.get(m.month);
      if (!acc) byMonth.set(m.month, { ...m });
      else {
        for (const k of MONEY_KEYS) acc[k] = round(acc[k] + m[k]);
        acc.kwh = addKwh(acc.kwh, m.kwh);
        acc.unpricedQuarterHours = addCount(acc.unpricedQuarterHours, m.unpricedQuarterHours);
        acc.unpricedKwh = addKwh(acc.unpricedKwh, m.unpricedKwh);
        // A tariff's periods split a month (their shares add); a site's meters share it (the largest).
        acc.monthShare =
          shares === 'add'
            ? Math.round((acc.monthShare + m.monthShare) * 10_000) / 10_000
            : Math.max(acc.monthShare, m.monthShare);
      }
    }
  const months = [...byMonth.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({
      ...m,
      meanCentsPerKwh: m.kwh > 0 ? Math.round((m.totalEur / m.kwh) * 10_000) / 100 : null,
    }));
  const kwh = months.reduce((a, m) => a + m.kwh, 0);
  const total = Object.fromEntries(
    MONEY_KEYS.map((k) => [k, round(all.reduce((a, t) => a + t.total[k], 0))]),
  ) as Record<(typeof MONEY_KEYS)[number], number>;
  const spots = all.map((t) => t.spot).filter((s) => s !== null);
  const series = all.flatMap((t) => t.series);
  return {
    ...all[0]!,
    months,
    total: { ...total, meanCentsPerKwh: kwh > 0 ? Math.round((total.totalEur / kwh) * 10_000) / 100 : null },
    unpricedQuarterHours: all.reduce((a, t) => addCount(a, t.unpricedQuarterHours), 0),
    outsideValidity: all.reduce((a, t) => addCount(a, t.outsideValidity), 0),
    spot:
      spots.length === 0
        ? null
        : {
            expensiveShare:
              Math.round((spots.reduce((a, s) => a + s.expensiveShare, 0) / spots.length) * 10_000) / 10_000,
            shiftPercent: spots[0]!.shiftPercent,
            shiftSavingsEur: round(spots.reduce((a, s) => a + s.shiftSavingsEur, 0)),
          },
    series: series.filter(
      (s, i) => series.findIndex((x) => x.seriesId === s.seriesId && x.fromDay === s.fromDay) === i,
    ),
    billParts: sumParts(
      all.map((t) => t.billParts),
      true,
    ),
  };
}

/**
 * A site's cost: its meters' results (each priced on its own, as each metering point has its own
 * contract) added month by month and component by component; still adding up to the cent.
 */
export function combineSite(
  siteId: string,
  parts: { meterId: string; label: string | null; result: CostResult }[],
): CostResult {
  const first = parts[0]!.result;
  const kwh = parts.reduce((a, p) => a + p.result.kwh, 0);
  const tariffs = first.tariffs.map((_, ti) => ({
    ...mergeTariffCosts(
      parts.map((p) => p.result.tariffs[ti]!),
      'site',
    ),
    spot: null,
  }));
  return {
    ...first,
    fromSec: Math.min(...parts.map((p) => p.result.fromSec)),
    toSec: Math.max(...parts.map((p) => p.result.toSec)),
    clampedToData: parts.some((p) => p.result.clampedToData),
    kwh: Math.round(kwh * 1000) / 1000,
    tariffs,
    bestTariffId: bestOf(tariffs, first.direction),
    meanMonthlyMaxKw: null,
    site: {
      siteId,
      meters: parts.map((p) => ({
        meterId: p.meterId,
        label: p.label,
        obisCode: p.result.obisCode,
        kwh: p.result.kwh,
      })),
    },
  };
}
