/**
 * What the real profile costs against the standard one (issue 47) under each of the profile's
 * consumption tariffs of the meter's commodity: on the spot index (the energy-weighted spot price ×
 * the tariff's factor; its markup is the same for both), and under every tariff whose price varies in
 * time (time of use, monthly, a grid price with the SNAP window): the all-in price of one more kWh
 * (cost/pricing.ts, marginalCents), energy-weighted over the real and over the standard profile. A
 * price the same at every quarter-hour makes no difference by construction and is left out.
 */
import type Database from 'better-sqlite3';
import type { SlpCompareResult, Tariff } from '../../preload/contract';
import { pricingOf } from '../cost/pricing';
import { createTariffStore } from '../db/tariff-store';

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** Each spot tariff: the energy-weighted spot price of the real and of the standard profile (ct/kWh). */
export function spotDifference(
  db: Database.Database,
  /** The client's tariffs (cost/client-tariffs.ts): never another client's. */
  tariffs: readonly Tariff[],
  rows: readonly { start: number; value: number }[],
  std: Float64Array,
  scale: number,
  fromSec: number,
  toSec: number,
): SlpCompareResult['spot'] {
  const store = createTariffStore(db);
  return tariffs
    .filter((t) => t.direction === 'consumption' && t.energy.type === 'spot')
    .flatMap((t) => {
      const e = t.energy as { priceSeriesId: string; factor: number };
      let prices: ReturnType<typeof store.prices>;
      try {
        prices = store.prices(e.priceSeriesId, fromSec, toSec);
      } catch {
        return []; // the series is not in this profile: said by the cost view, left out here
      }
      let real = 0;
      let realKwh = 0;
      let standard = 0;
      let stdKwh = 0;
      for (const r of rows) {
        const p = prices.byStart.get(r.start - (r.start % prices.resolutionSec));
        if (p === undefined) continue;
        const s = (std[(r.start - fromSec) / 900] ?? 0) * scale;
        real += r.value * p;
        realKwh += r.value;
        standard += s * p;
        stdKwh += s;
      }
      if (realKwh <= 0 || stdKwh <= 0) return [];
      // €/MWh → ct/kWh is ÷ 10; the tariff bills factor × spot (its markup is the same for both).
      const realCt = (real / realKwh / 10) * e.factor;
      const stdCt = (standard / stdKwh / 10) * e.factor;
      return [
        {
          tariffId: t.id,
          tariff: t.name,
          realCtPerKwh: r3(realCt),
          standardCtPerKwh: r3(stdCt),
          differenceCtPerKwh: r3(realCt - stdCt),
          pricedKwh: r3(realKwh),
        },
      ];
    });
}

/** Each non-spot tariff whose all-in price varies over the frame: real against standard, ct/kWh gross. */
export function tariffDifference(
  db: Database.Database,
  tariffs: readonly Tariff[],
  rows: readonly { start: number; value: number }[],
  std: Float64Array,
  scale: number,
  frame: { fromSec: number; toSec: number },
  commodity: string,
  tz: string,
): SlpCompareResult['tariffs'] {
  const store = createTariffStore(db);
  return tariffs
    .filter(
      (t) =>
        t.direction === 'consumption' &&
        t.energy.type !== 'spot' &&
        (t.commodity ?? 'electricity') === commodity,
    )
    .flatMap((t) => {
      const pricing = pricingOf(t, store, frame.fromSec, frame.toSec, tz);
      let real = 0;
      let realKwh = 0;
      let standard = 0;
      let stdKwh = 0;
      let low = Infinity;
      let high = -Infinity;
      for (const r of rows) {
        const p = pricing.marginalCents(r.start);
        if (p === null) continue;
        low = Math.min(low, p);
        high = Math.max(high, p);
        const s = (std[(r.start - frame.fromSec) / 900] ?? 0) * scale;
        real += r.value * p;
        realKwh += r.value;
        standard += s * p;
        stdKwh += s;
      }
      if (realKwh <= 0 || stdKwh <= 0 || high - low < 1e-9) return [];
      return [
        {
          tariffId: t.id,
          tariff: t.name,
          kind: t.energy.type as 'flat' | 'tou' | 'monthly',
          realCtPerKwh: r3(real / realKwh),
          standardCtPerKwh: r3(standard / stdKwh),
          differenceCtPerKwh: r3(real / realKwh - standard / stdKwh),
          pricedKwh: r3(realKwh),
        },
      ];
    });
}
