/**
 * The cost part of the IPC contract (spread into `channels` in contract.ts): tariffs as data (stored per
 * profile), spot price series imported from files, and the views that answer "what does it cost, which
 * tariff is cheapest, would a battery or a cap on peaks pay": cost, battery, peak shaving.
 */
import { z } from 'zod';
import { dateIssue, TARIFF_CT_KWH } from '../common/rules';
import { channel } from './channel';

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

const sec = z.number().int().min(0).max(32_503_680_000);
const meterId = z.string().min(1).max(200);
const tariffId = z.string().regex(/^[a-z0-9-]{1,64}$/);
/** Bounds and real dates for every tariff value (common/rules.ts): a unit error is refused, not priced. */
const cents = z.number().min(TARIFF_CT_KWH.min).max(TARIFF_CT_KWH.max);
const centsUp = z.number().min(0).max(TARIFF_CT_KWH.max);
const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'a time as HH:mm');
const day = z.string().superRefine((d, ctx) => {
  const why = dateIssue(d, Math.floor(Date.now() / 1000));
  if (why) ctx.addIssue({ code: 'custom', message: why });
});

/**
 * A time-of-use window: months × days × local time, from `from` to `to` (across midnight when `to` ≤
 * `from`); the first window that matches a quarter-hour prices it. Days: every day, Monday–Friday
 * (`weekday`), Saturday and Sunday (`weekend`), or with the Austrian public holidays: Monday–Friday that
 * are not holidays (`workday`), a Saturday that is not one (`saturday`), Sunday or a holiday
 * (`sunday_holiday`). Months (1–12) where given, else all year (SNAP: April–September, 10:00–16:00).
 */
const touWindow = z
  .object({
    days: z.enum(['all', 'weekday', 'weekend', 'workday', 'saturday', 'sunday_holiday']),
    months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
    from: hhmm,
    to: hhmm,
    centsPerKwh: cents,
  })
  .strict();
export type TouWindow = z.output<typeof touWindow>;

const seriesId = z.string().min(1).max(64);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM');

/**
 * The energy price: flat; by time-of-use windows; spot (factor × a price series + markup); or a
 * monthly table (a price per calendar month, e.g. the OeMAG market price, published ex post).
 */
const energySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flat'), centsPerKwh: cents }).strict(),
  z
    .object({ type: z.literal('tou'), defaultCentsPerKwh: cents, windows: z.array(touWindow).max(24) })
    .strict(),
  z
    .object({
      type: z.literal('spot'),
      /** The series the tariff bills on (until `quarterHourFrom`, where it switched). */
      priceSeriesId: seriesId,
      /**
       * What the supplier bills on, as its price sheet says: the hourly index or quarter-hour prices
       * (the day-ahead market trades quarter-hours since 1 Oct 2025; the hourly index is not the mean of
       * four quarter-hour prices). Checked against the series' own resolution.
       */
      billedOn: z.enum(['hourly', 'quarter_hour']).optional(),
      /** The local day from which the tariff bills quarter-hour prices, on `quarterHourSeriesId`. */
      quarterHourFrom: day.optional(),
      quarterHourSeriesId: seriesId.optional(),
      /** price = factor × spot + markup (cents per kWh); feed-in: often factor 1 minus a fee. */
      factor: z.number().min(0).max(10).default(1),
      markupCentsPerKwh: cents.default(0),
    })
    .strict()
    .refine((e) => !e.quarterHourFrom === !e.quarterHourSeriesId, {
      message: 'quarterHourFrom and quarterHourSeriesId go together (the day it switched and the series)',
      path: ['quarterHourFrom'],
    }),
  z
    .object({
      type: z.literal('monthly'),
      /** One price per calendar month; a quarter-hour of a month not in the table is not priced. */
      months: z
        .array(z.object({ month, centsPerKwh: cents }).strict())
        .min(1)
        .max(240)
        .refine((ms) => new Set(ms.map((m) => m.month)).size === ms.length, 'a month is listed twice'),
    })
    .strict(),
]);
export type EnergyPrice = z.output<typeof energySchema>;

const fixedCharge = z
  .object({
    name: z.string().trim().min(1).max(60),
    eur: z.number().min(0).max(1_000_000),
    per: z.enum(['month', 'year']),
  })
  .strict();
const levy = z
  .object({
    name: z.string().trim().min(1).max(60),
    centsPerKwh: centsUp.default(0),
    /** Percent of the net amount (energy, fees, grid) before VAT. */
    percent: z.number().min(0).max(100).default(0),
  })
  .strict();

/**
 * A change of the tariff from a local day on (a grid fee changing on 1 April, a supplier's new price):
 * the components it names replace the tariff's from `from` to the next change; the others stay.
 */
const tariffChange = z
  .object({
    from: day,
    energy: energySchema.optional(),
    baseFeeEurPerMonth: z.number().min(0).max(100_000).optional(),
    gridEnergyCentsPerKwh: centsUp.optional(),
    gridLossCentsPerKwh: centsUp.optional(),
    gridEnergyWindows: z.array(touWindow).max(24).optional(),
    gridPowerEurPerKwYear: z.number().min(0).max(100_000).optional(),
    fixedCharges: z.array(fixedCharge).max(20).optional(),
    levies: z.array(levy).max(10).optional(),
    vatPercent: z.number().min(0).max(50).optional(),
  })
  .strict();
export type TariffChange = z.output<typeof tariffChange>;

export const tariffSchema = z
  .object({
    id: tariffId,
    name: z.string().trim().min(1).max(80),
    /** Consumption tariffs price grid import; feed-in tariffs pay for grid export (`2.9.0`). */
    direction: z.enum(['consumption', 'feed_in']),
    /** What the tariff prices: a gas meter is priced with gas tariffs only, never with electricity's. */
    commodity: z.enum(['electricity', 'gas']).default('electricity'),
    /** Shipped with the demo: example values, not an offer. */
    isExample: z.boolean().default(false),
    validFrom: day.nullable().default(null),
    validTo: day.nullable().default(null),
    energy: energySchema,
    baseFeeEurPerMonth: z.number().min(0).max(100_000).default(0),
    gridEnergyCentsPerKwh: centsUp.default(0),
    /**
     * The grid loss fee (Netzverlustentgelt) per kWh: billed with the grid fees on every kWh, without
     * SNAP (the summer low price applies to the usage price only) and without a community's reduction.
     */
    gridLossCentsPerKwh: centsUp.default(0),
    /** Grid energy by time of use (e.g. the summer low price SNAP); elsewhere `gridEnergyCentsPerKwh`. */
    gridEnergyWindows: z.array(touWindow).max(24).default([]),
    /** Where the values come from (a preset's legal source), shown with the tariff. */
    source: z.string().max(400).optional(),
    /** The power component, per kW and year (power-metered meters), on the basis `powerBasis` names. */
    gridPowerEurPerKwYear: z.number().min(0).max(100_000).default(0),
    /**
     * What kW the power price is billed on, as bills name it: each month's own highest quarter-hour
     * (`monthly_peak`, the 2027 household draft), the mean of the monthly maxima (`mean_monthly`,
     * business customers' Leistungspreis), or the mean of the 3 highest (`mean_top3`,
     * Netzbereitstellung).
     */
    powerBasis: z.enum(['monthly_peak', 'mean_monthly', 'mean_top3']).default('mean_monthly'),
    /**
     * Fixed charges besides the base fee, as a bill lists them (supplier base fee, metering fee, grid
     * provision, Ökostrom flat charges): per month or per year, counted pro rata by day.
     */
    fixedCharges: z.array(fixedCharge).max(20).default([]),
    levies: z.array(levy).max(10).default([]),
    vatPercent: z.number().min(0).max(50).default(20),
    /**
     * How the prices above were typed: `net` (without VAT, as grid-fee tables and bills' lines show
     * them) or `gross` (with VAT, as supplier offers to households show them). Gross prices are taken
     * back to net by the VAT before anything is computed, so VAT is never added twice.
     */
    pricesEntered: z.enum(['net', 'gross']).default('net'),
    /**
     * Energy from an energy community (a consumption meter's `G.03` register, "Eigendeckung"): priced
     * at the community's price, with the reduced grid energy price of its kind (local −57 %, regional
     * −28 %, BEG none), no SNAP and no per-kWh levies (AUSTRIA-2026.md §2.1); the rest of the meter's
     * energy as the tariff says.
     */
    community: z
      .object({ centsPerKwh: cents, kind: z.enum(['local', 'regional', 'beg']) })
      .strict()
      .optional(),
    /** Changes from a day on, in date order, inside the validity (components with their own dates). */
    changes: z.array(tariffChange).max(24).default([]),
  })
  .strict()
  .refine((t) => !t.validFrom || !t.validTo || t.validTo > t.validFrom, {
    message: 'validTo must lie after validFrom',
    path: ['validTo'],
  })
  .refine(
    (t) =>
      t.changes.every(
        (c, i) =>
          (i === 0 || c.from > t.changes[i - 1]!.from) &&
          (!t.validFrom || c.from > t.validFrom) &&
          (!t.validTo || c.from <= t.validTo),
      ),
    {
      message: 'changes must be in date order, each after validFrom and not after validTo',
      path: ['changes'],
    },
  );
export type Tariff = z.output<typeof tariffSchema>;
export type TariffInput = z.input<typeof tariffSchema>;

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
  baseFeeEur: number;
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
    months: CostMonth[];
    total: CostComponents & { totalEur: number; meanCentsPerKwh: number | null };
    unpricedQuarterHours: number;
    /** Where the tariff is valid only part of the range: the quarter-hours outside (not priced). */
    outsideValidity: number;
    /** Spot tariffs: the cost in each day's four most expensive hours, and shifting `shiftPercent` of it. */
    spot: { expensiveShare: number; shiftPercent: number; shiftSavingsEur: number } | null;
    /** Spot tariffs: the price series billed on (hourly 3600 / quarter-hour 900), each from its day. */
    series: { seriesId: string; resolutionSec: number; fromDay: string | null }[];
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
   * directions); `implausible_cycles` when it cycles more a year than netted data gives any battery.
   */
  warnings: (
    | { code: 'not_netted'; share: number; quarterHours: number }
    | { code: 'implausible_cycles'; cyclesPerYear: number }
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
}

/** A bill's lines beside Meterdesk's (main/cost/bill.ts), with the reasons for the differences. */
export interface BillReconciliation {
  meterId: string;
  obisCode: string;
  tariffId: string;
  fromSec: number;
  toSec: number;
  lines: {
    line: 'kwh' | 'energy' | 'baseFee' | 'grid' | 'levies' | 'vat' | 'total';
    bill: number | null;
    ours: number;
    difference: number | null;
  }[];
  /** Codes with the numbers they name (worded per language), and the CLI's English text. */
  reasons: {
    code: 'missing' | 'estimated' | 'price' | 'fixed' | 'period' | 'match';
    values: Record<string, number>;
    text: string;
  }[];
}

const euros = z.number().min(-10_000_000).max(10_000_000);

const range = { fromSec: sec, toSec: sec };

export const costChannels = {
  'tariffs:list': channel<Tariff[]>().input(z.object({}).strict()),
  'tariffs:save': channel<Tariff>().input(z.object({ tariff: tariffSchema }).strict()),
  'tariffs:remove': channel<{ removed: boolean }>().input(z.object({ tariffId }).strict()),
  /** The dated presets that ship with the app (grid fees, supplier and feed-in examples), with sources. */
  'tariffs:presets': channel<TariffPresetView[]>().input(z.object({}).strict()),
  'prices:list': channel<PriceSeriesView[]>().input(z.object({}).strict()),
  /** A price file (CSV or JSON, €/MWh) the person picked, stored as a named series. */
  'prices:import': channel<PriceSeriesView>().input(
    z
      .object({
        name: z.string().trim().min(1).max(80),
        fileName: z.string().min(1).max(255),
        dataBase64: z
          .string()
          .max(40_000_000)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file data must be base64'),
      })
      .strict(),
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
  'analysis:bill': channel<BillReconciliation>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        ...range,
        tariffId,
        bill: z
          .object({
            kwh: z.number().min(0).max(1e9),
            energyEur: euros.nullable().default(null),
            gridEur: euros.nullable().default(null),
            baseFeeEur: euros.nullable().default(null),
            leviesEur: euros.nullable().default(null),
            vatEur: euros.nullable().default(null),
            totalEur: euros,
          })
          .strict(),
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
