/**
 * The cost answers as the app and the CLI ask them: tariffs by id from the profile (their direction
 * checked against the register), price files into series, and the default range a person means when
 * they give none (the last twelve calendar months before the newest reading).
 */
import { slugOf } from '../../common/slug';
import type Database from 'better-sqlite3';
import { dataPeriod, type DataPeriod } from '../analysis/data-period';
import type { Row } from '../analysis/rows';
import type {
  BatteryResult,
  CostResult,
  PeakShavingResult,
  PriceSeriesView,
  Tariff,
} from '../../preload/contract';
import { AppError } from '../errors';
import { cleanText, TEXT_CAPS } from '../../common/rules';
import { battery } from './battery';
import { combineSite } from './cost';
import { computeCost } from './compute-cost';
import { partsOf } from './pricing';
import { peakShaving } from './peak-shaving';
import { readPriceFile } from './price-file';
import { pricingOf } from './pricing';
import { createTariffStore, type TariffStore } from '../db/tariff-store';
import { meterRow, metersOfSite } from '../db/meter-reads';
import { registersOf } from '../db/series-reads';
import type { Clock } from '../time/clock';

const directionOfRegister = (obis: string) => (obis.startsWith('1-1:2.') ? 'feed_in' : 'consumption');

function checkDirection(t: Tariff, want: 'consumption' | 'feed_in', what: string): void {
  if (t.direction !== want)
    throw new AppError(
      'invalid_input',
      `"${t.name}" is a ${t.direction === 'feed_in' ? 'feed-in' : 'consumption'} tariff; ${what} needs a ${want === 'feed_in' ? 'feed-in' : 'consumption'} tariff.`,
      { reason: 'tariff_direction', params: { name: t.name, want } },
    );
}

/**
 * The period a cost, battery or bill opens on without one given: the last twelve complete months the
 * meters' data covers, or the data's own span when it covers no whole month (analysis/data-period.ts).
 */
export function defaultRange(
  db: Database.Database,
  meterIds: string[],
  tz: string,
  nowSec: number,
): { fromSec: number; toSec: number; kind: DataPeriod['kind'] } {
  const p = dataPeriod(db, meterIds, nowSec, tz);
  return { fromSec: p.fromSec, toSec: p.toSec, kind: p.kind };
}

/**
 * A parsed price file saved as a new series named after `name` (a second file of one name gets
 * `-2`, …). Parsing is apart (readPriceFile), so the app parses in the query thread.
 */
export function savePrices(
  store: TariffStore,
  name: string,
  parsed: ReturnType<typeof readPriceFile>,
  nowSec: number,
  replace = false,
): PriceSeriesView & {
  format?: string;
  notes?: string[];
  extended?: ReturnType<TariffStore['extendSeries']>;
} {
  const { resolutionSec, points, format, notes } = parsed;
  name = cleanText(name, TEXT_CAPS.label) || 'prices';
  const id = slugOf(name, 50) || 'prices';
  // A file under the name of a series it has (a second month of `epex-at-60`) extends that series:
  // it once became `epex-at-60-2`, which no preset reads (issue 44, item 6).
  if (store.series().some((s) => s.id === id)) {
    const extended = store.extendSeries(id, resolutionSec, points, nowSec, replace);
    const said = [
      `added to the series "${id}": ${extended.added} new, ${extended.same} the same, ${extended.differing} held with another price (${replace ? 'replaced' : "kept; replace takes the file's"})`,
    ];
    return {
      ...store.series().find((s) => s.id === id)!,
      format,
      notes: [...(notes ?? []), ...said],
      extended,
    };
  }
  store.saveSeries({ id, name, resolutionSec, source: 'file', isExample: false }, points, nowSec);
  return { ...store.series().find((s) => s.id === id)!, format, notes };
}

function checkCommodity(t: Tariff, commodity: string): void {
  if (t.commodity !== commodity)
    throw new AppError(
      'invalid_input',
      `"${t.name}" is ${t.commodity === 'gas' ? 'a gas' : 'an electricity'} tariff; this is ${commodity === 'gas' ? 'a gas' : 'an electricity'} meter. Choose a ${commodity === 'gas' ? 'gas' : 'electricity'} tariff.`,
      { reason: 'tariff_commodity', params: { name: t.name, commodity } },
    );
}

/**
 * The cost answers of one profile database. `clock` is the services' clock: every cost, battery and
 * peak-shaving figure is read in its register's frame at that "now" (analysis/frame.ts).
 */
export function createCostService(db: Database.Database, tz: string, clock: Clock) {
  const store = createTariffStore(db);
  const commodityOf = (meterId: string): string => meterRow(db, meterId)?.commodity ?? 'electricity';
  return {
    store,
    importPrices(name: string, bytes: Uint8Array, nowSec: number, replace = false) {
      return savePrices(store, name, readPriceFile(bytes, tz), nowSec, replace);
    },
    cost(
      q: {
        meterId: string;
        obisCode: string;
        fromSec: number;
        toSec: number;
        tariffIds: string[];
        shiftPercent: number;
        siteWide?: boolean;
        /** Expected quarter-hours priced instead of stored ones (the bill ahead's rest). */
        expected?: readonly Row[];
      },
      extra: Tariff[] = [],
    ): CostResult {
      const want = directionOfRegister(q.obisCode);
      const commodity = commodityOf(q.meterId);
      const tariffs = [...q.tariffIds.map((id) => store.get(id)), ...extra];
      for (const t of tariffs) {
        checkDirection(t, want, `register ${q.obisCode}`);
        checkCommodity(t, commodity);
      }
      const nowSec = clock.nowSec();
      if (!q.siteWide) return computeCost(db, store, { ...q, tariffs, nowSec }, tz);
      const site = meterRow(db, q.meterId)?.site_id;
      if (!site)
        throw new AppError('invalid_input', 'This meter belongs to no site: its cost is the meter’s own.', {
          reason: 'meter_without_site',
        });
      const prefix = commodity === 'gas' ? '7-' : want === 'feed_in' ? '1-1:2.9.0' : '1-1:1.9.0';
      // A meter's first register (G.01 first) of the direction's OBIS prefix (as SQL's LIKE: any case).
      const regOf = (meterId: string) =>
        registersOf(db, meterId).find((r) => r.obis_code.toLowerCase().startsWith(prefix.toLowerCase()))
          ?.obis_code;
      // The site's meters of this meter's commodity only: a gas meter's site total is never the heat
      // pump's electricity.
      const parts = metersOfSite(db, site, commodity).flatMap((m) => {
        // Each meter's total register of the direction (G.01 where it has one): never two of one meter.
        const reg = regOf(m.id);
        return reg
          ? [
              {
                meterId: m.id,
                label: m.label,
                result: computeCost(db, store, { ...q, meterId: m.id, obisCode: reg, tariffs, nowSec }, tz),
              },
            ]
          : [];
      });
      if (parts.length === 0)
        throw new AppError('invalid_input', 'No meter of this site has readings of this direction.', {
          reason: 'site_no_direction',
        });
      return combineSite(site, parts);
    },
    battery(
      q: {
        siteId: string;
        fromSec: number;
        toSec: number;
        capacityKwh: number;
        powerKw: number;
        efficiency: number;
        minSocPercent: number;
        sweepMaxKwh: number;
        consumptionTariffId: string | null;
        feedInTariffId: string | null;
      },
      extra: { consumption?: Tariff; feedIn?: Tariff } = {},
    ): BatteryResult {
      const cons = extra.consumption ?? (q.consumptionTariffId ? store.get(q.consumptionTariffId) : null);
      const feed = extra.feedIn ?? (q.feedInTariffId ? store.get(q.feedInTariffId) : null);
      if (cons) checkDirection(cons, 'consumption', 'the import side');
      if (feed) checkDirection(feed, 'feed_in', 'the export side');
      return battery(
        db,
        { ...q, nowSec: clock.nowSec() },
        {
          consumption: cons ? pricingOf(cons, store, q.fromSec, q.toSec, tz) : null,
          feedIn: feed ? pricingOf(feed, store, q.fromSec, q.toSec, tz) : null,
        },
        tz,
      );
    },
    peakShaving(q: {
      meterId: string;
      obisCode: string;
      fromSec: number;
      toSec: number;
      capKw: number;
      battery: { capacityKwh: number; powerKw: number; efficiency: number } | null;
      tariffId: string | null;
    }): PeakShavingResult {
      if (directionOfRegister(q.obisCode) !== 'consumption')
        throw new AppError(
          'invalid_input',
          'Peak shaving is about grid import: choose a consumption register.',
          { reason: 'peak_shaving_consumption' },
        );
      if (commodityOf(q.meterId) !== 'electricity')
        throw new AppError(
          'invalid_input',
          'Peak shaving sizes a battery against electricity power prices; this is a gas meter.',
          { reason: 'peak_shaving_electricity' },
        );
      const chosen = q.tariffId ? store.get(q.tariffId) : null;
      if (chosen) checkDirection(chosen, 'consumption', 'peak shaving');
      // A combined tariff's power price is its grid part's (the part that holds one).
      const t = chosen?.parts
        ? (partsOf(chosen, store).find((x) => x.gridPowerEurPerKwYear > 0) ?? chosen)
        : chosen;
      // Gross, as the cost view shows the same kW: percentage levies, then VAT.
      const grossFactor = t
        ? (1 + t.levies.reduce((a, l) => a + l.percent, 0) / 100) * (1 + t.vatPercent / 100)
        : 1;
      return peakShaving(
        db,
        {
          ...q,
          gridPowerEurPerKwYear: t ? t.gridPowerEurPerKwYear : null,
          grossFactor,
          nowSec: clock.nowSec(),
        },
        tz,
      );
    },
  };
}
