/**
 * The cost part of the IPC contract (spread into `channels` in contract.ts): tariffs as data (stored per
 * profile), spot price series imported from files, and the views that answer "what does it cost, which
 * tariff is cheapest, would a battery or a cap on peaks pay": cost, battery, peak shaving.
 */
import { z } from 'zod';
import { personName } from './person-name';
import { channel } from './channel';
import {
  meterId,
  rowId,
  sec,
  tariffId,
  tariffOwner,
  tariffPart,
  tariffSchema,
  type Tariff,
} from './tariff-contract';
import { billInput, type BillReconciliation, type CostBillPart, type KeptBillView } from './bill-contract';

export * from './bill-contract';

export {
  tariffSchema,
  type EnergyPrice,
  type Tariff,
  type TariffChange,
  type TariffInput,
  type TariffOwner,
  type TariffPart,
  type TouWindow,
} from './tariff-contract';

/** A battery as a what-if takes it (peak shaving, the community's): capacity, power, round-trip efficiency. */
export const batteryInput = z
  .object({
    capacityKwh: z.number().min(0).max(100_000),
    powerKw: z.number().min(0).max(100_000),
    efficiency: z.number().min(0.5).max(1).default(0.9),
  })
  .strict()
  .nullable()
  .default(null);

export interface PriceSeriesView {
  id: string;
  name: string;
  /** 900 (quarter-hourly) or 3600 (hourly). */
  resolutionSec: number;
  points: number;
  firstStartSec: number | null;
  lastEndSec: number | null;
  isExample: boolean;
}

export interface CostComponents {
  energyEur: number;
  /** The base fee and every fixed charge, pro rata. */
  baseFeeEur: number;
  /** Of `baseFeeEur`: the fixed charges a bill lists under grid fees, and under levies (by their kind). */
  fixedGridEur: number;
  fixedLeviesEur: number;
  gridEnergyEur: number;
  gridPowerEur: number;
  leviesEur: number;
  vatEur: number;
}

export interface CostMonth extends CostComponents {
  month: string;
  kwh: number;
  totalEur: number;
  /** Cents per kWh, all in. */
  meanCentsPerKwh: number | null;
  /** Share of the calendar month inside the range (fees are counted for this share). */
  monthShare: number;
  /** Quarter-hours with a reading but no price (spot series not covering them): not priced. */
  unpricedQuarterHours: number;
  unpricedKwh: number;
}

export interface CostResult {
  meterId: string;
  obisCode: string;
  direction: 'consumption' | 'feed_in';
  /** The range counted: the one asked for, narrowed to the local days that hold readings. */
  fromSec: number;
  toSec: number;
  clampedToData: boolean;
  /** kWh of the register over the range: the chart's sum (site-wide: the sum of the meters'). */
  kwh: number;
  /** Site-wide: the meters counted, each with its own register, kWh and total under each tariff. */
  site: {
    siteId: string;
    meters: { meterId: string; label: string | null; obisCode: string; kwh: number }[];
  } | null;
  tariffs: {
    tariffId: string;
    name: string;
    isExample: boolean;
    /**
     * The parts of a bill the tariff does not price (common/tariff-scope.ts): empty for a complete
     * tariff; a supplier's offer lacks grid and levies, a grid preset the supplier. A part is never the
     * cheapest nor a report's headline cost.
     */
    lacks?: ('supplier' | 'grid' | 'levies')[];
    months: CostMonth[];
    total: CostComponents & { totalEur: number; meanCentsPerKwh: number | null };
    unpricedQuarterHours: number;
    /** Where the tariff is valid only part of the range: the quarter-hours outside (not priced). */
    outsideValidity: number;
    /** Spot tariffs: the cost in each day's four most expensive hours, and shifting `shiftPercent` of it. */
    spot: { expensiveShare: number; shiftPercent: number; shiftSavingsEur: number } | null;
    /** Spot tariffs: the price series billed on (hourly 3600 / quarter-hour 900), each from its day. */
    series: { seriesId: string; resolutionSec: number; fromDay: string | null }[];
    /**
     * A combined tariff: each part priced on its own (its validity, dates, VAT): its total and the
     * quarter-hours it left unpriced or outside its validity. Absent for a plain tariff.
     */
    parts?: {
      role: 'supplier' | 'grid' | 'levies';
      tariffId: string;
      name: string;
      validFrom: string | null;
      validTo: string | null;
      totalEur: number;
      unpricedQuarterHours: number;
      outsideValidity: number;
    }[];
    /**
     * The grid and levies lines by their parts (usage, loss fee, flat charge, metering fee; each levy),
     * each summed over the months and rounded once: what a bill lists (cost/bill-parts.ts).
     */
    billParts: CostBillPart[];
  }[];
  /** The cheapest (consumption) or best-paying (feed-in) tariff with every quarter-hour priced. */
  bestTariffId: string | null;
  /** The mean of the monthly peaks the power component is counted on, and over which months. */
  meanMonthlyMaxKw: number | null;
  meanBasis: 'complete' | 'all';
}

export interface BatteryRun {
  capacityKwh: number;
  powerKw: number;
  importBeforeKwh: number;
  importAfterKwh: number;
  exportBeforeKwh: number;
  exportAfterKwh: number;
  /** Grid import the battery replaces: surplus used at the site instead of exported. */
  selfConsumptionGainedKwh: number;
  fullCycles: number;
  /** Under the chosen tariffs: import cost saved minus feed-in revenue lost; null without a tariff. */
  savingsEur: number | null;
}

export interface BatteryResult extends BatteryRun {
  /**
   * What makes the result doubtful, said in the view: `not_netted` when import and export coexist in
   * more than 5 % of quarter-hours (the battery then only moves the net, and the data overstates both
   * directions); `implausible_cycles` when it cycles more a year than netted data gives any battery;
   * `little_data` when the period holds readings for half of its quarter-hours or fewer.
   */
  warnings: (
    | { code: 'not_netted'; share: number; quarterHours: number }
    | { code: 'implausible_cycles'; cyclesPerYear: number }
    /** More than half of the period's quarter-hours (or all) lack a reading of one of the meters. */
    | { code: 'little_data'; quarterHours: number; missing: number }
  )[];
  /** Share of quarter-hours with both import and export above 0.05 kWh. */
  importExportShare: number;
  siteId: string;
  consumptionMeterId: string;
  feedInMeterId: string;
  /** The range simulated: the one asked for, narrowed to the local days where both meters hold readings. */
  fromSec: number;
  toSec: number;
  efficiency: number;
  minSocPercent: number;
  quarterHours: number;
  /** Quarter-hours without a reading of one of the meters: counted as 0 there (said in the view). */
  missingQuarterHours: number;
  sweep: BatteryRun[];
  /** The size after which each added kWh gains less than a quarter of what the first did. */
  kneeCapacityKwh: number | null;
  monthly: {
    month: string;
    importBeforeKwh: number;
    importAfterKwh: number;
    exportBeforeKwh: number;
    exportAfterKwh: number;
  }[];
}

export interface PeakShavingResult {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  capKw: number;
  /** What a battery needs to keep every quarter-hour at or below the cap (recharging under the cap). */
  requiredEnergyKwh: number;
  requiredPowerKw: number;
  quarterHoursAbove: number;
  energyAboveKwh: number;
  /** With the battery given (or, without one, the one sized to need). */
  battery: { capacityKwh: number; powerKw: number; efficiency: number; sizedToNeed: boolean };
  months: { month: string; peakBeforeKw: number; peakAfterKw: number; partial: boolean }[];
  meanMonthlyMaxBeforeKw: number | null;
  meanMonthlyMaxAfterKw: number | null;
  /** Power component saved under the tariff, for the months in the range; null without a tariff. */
  savingsEur: number | null;
  /** Quarter-hours still above the cap with the given battery. */
  quarterHoursStillAbove: number;
}

/** A preset that ships with the app: the tariff, and the published example it reproduces. */
export interface TariffPresetView {
  tariff: Tariff;
  published: string;
  /**
   * Issue 62: the values of a reference preset not read in the legal text (level `secondary` or
   * `unverified`), marked so where the preset is shown; and how many things the reference lacks for it
   * (their quarter-hours are not priced).
   */
  notLegal?: { part: string; level: 'secondary' | 'unverified'; validFrom: string | null }[];
  missing?: number;
  /** The preset the client's place suggests (its network area's household row). */
  suggested?: boolean;
  /** The Gebrauchsabgabe of the client's municipality that the preset does not hold, to add as a levy. */
  placeLevy?: {
    name: string;
    percent: number;
    centsPerKwh: number;
    level: 'legal' | 'secondary' | 'unverified';
  };
}

const range = { fromSec: sec, toSec: sec };

export const costChannels = {
  /**
   * The profile's tariffs; with `meterId`, those a client's views offer (cost/client-tariffs.ts): the
   * meter's, its site's and its customer's own and the unassigned ones, never a part of a combination
   * alone, never a preset of another network area.
   */
  'tariffs:list': channel<Tariff[]>().input(z.object({ meterId: meterId.optional() }).strict()),
  /** A tariff given to a customer, a site or a meter of the profile, or to no one (`owner` null). */
  'tariffs:assign': channel<Tariff>().input(z.object({ tariffId, owner: tariffOwner.nullable() }).strict()),
  'tariffs:save': channel<Tariff>().input(z.object({ tariff: tariffSchema }).strict()),
  'tariffs:remove': channel<{ removed: boolean }>().input(z.object({ tariffId }).strict()),
  /**
   * A combined tariff: supplier, grid and levies each a tariff of the profile or a preset (added first),
   * priced with its own validity (issue 44); `id` given: that combination changed.
   */
  'tariffs:combine': channel<Tariff>().input(
    z
      .object({
        id: tariffId.optional(),
        name: personName(80),
        parts: z.array(tariffPart).min(1).max(3),
        owner: tariffOwner.nullable().optional(),
      })
      .strict(),
  ),
  /** The dated presets that ship with the app (grid fees, supplier and feed-in examples), with sources. */
  /** With `meterId`: the client's area first, its household row suggested, its town's levy said. */
  'tariffs:presets': channel<TariffPresetView[]>().input(z.object({ meterId: meterId.optional() }).strict()),
  'prices:list': channel<PriceSeriesView[]>().input(z.object({}).strict()),
  /** A price file (CSV or JSON, €/MWh) the person picked, stored as a named series. */
  'prices:import': channel<PriceSeriesView>().input(
    z
      .object({
        name: personName(80),
        fileName: z.string().min(1).max(255),
        dataBase64: z
          .string()
          .max(40_000_000)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file data must be base64'),
      })
      .strict(),
  ),
  /** A series' name as lists show it (its id, which tariffs bill on, stays). */
  'prices:rename': channel<PriceSeriesView>().input(
    z.object({ seriesId: z.string().min(1).max(64), name: personName(80) }).strict(),
  ),
  'prices:remove': channel<{ removed: boolean }>().input(
    z.object({ seriesId: z.string().min(1).max(64) }).strict(),
  ),
  'analysis:cost': channel<CostResult>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        ...range,
        tariffIds: z.array(tariffId).min(1).max(10),
        shiftPercent: z.number().min(0).max(100).default(10),
        /** The whole site: every meter of the register's direction at the meter's site, each priced on its own. */
        siteWide: z.boolean().default(false),
      })
      .strict(),
  ),
  /** A bill's period and line totals beside the cost evaluation's lines for the same tariff. */
  'analysis:bill': channel<BillReconciliation>().input(billInput),
  /** Keeps a bill in the profile: the report compares it again with the readings (issue 42, item 20). */
  'bills:keep': channel<KeptBillView>().input(billInput),
  /** A meter's kept bills, oldest period first. */
  'bills:list': channel<KeptBillView[]>().input(z.object({ meterId }).strict()),
  'bills:remove': channel<{ removed: boolean }>().input(
    z
      .object({
        id: rowId,
      })
      .strict(),
  ),
  'analysis:battery': channel<BatteryResult>().input(
    z
      .object({
        siteId: z.string().min(1).max(200),
        ...range,
        capacityKwh: z.number().min(0).max(10_000),
        powerKw: z.number().min(0).max(10_000),
        efficiency: z.number().min(0.5).max(1).default(0.9),
        minSocPercent: z.number().min(0).max(90).default(10),
        consumptionTariffId: tariffId.nullable().default(null),
        feedInTariffId: tariffId.nullable().default(null),
        sweepMaxKwh: z.number().min(0).max(1000).default(20),
      })
      .strict(),
  ),
  'analysis:peakShaving': channel<PeakShavingResult>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        ...range,
        capKw: z.number().min(0).max(100_000),
        battery: batteryInput,
        tariffId: tariffId.nullable().default(null),
      })
      .strict(),
  ),
} as const;
