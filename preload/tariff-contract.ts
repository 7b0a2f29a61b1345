/**
 * Tariffs as data (stored per profile): energy prices (flat, time of use, spot, monthly), fixed charges,
 * levies and dated changes, each value within the caps of common/rules.ts. Part of the cost contract.
 */
import { z } from 'zod';
import { personName } from './person-name';
import { dateIssue, TARIFF_CT_KWH } from '../common/rules';

export const sec = z.number().int().min(0).max(32_503_680_000);
export const meterId = z.string().min(1).max(200);
export const tariffId = z.string().regex(/^[a-z0-9-]{1,64}$/);
/** A row's id in the profile (a kept bill, a finding, an import): a positive integer. */
export const rowId = z
  .number()
  .int()
  .min(1)
  .max(2 ** 40);
/** Bounds and real dates for every tariff value (common/rules.ts): a unit error is refused, not priced. */
export const cents = z.number().min(TARIFF_CT_KWH.min).max(TARIFF_CT_KWH.max);
export const centsUp = z.number().min(0).max(TARIFF_CT_KWH.max);
export const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'a time as HH:mm');
export const day = z.string().superRefine((d, ctx) => {
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
export const touWindow = z
  .object({
    days: z.enum(['all', 'weekday', 'weekend', 'workday', 'saturday', 'sunday_holiday']),
    months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
    from: hhmm,
    to: hhmm,
    centsPerKwh: cents,
  })
  .strict();
export type TouWindow = z.output<typeof touWindow>;

export const seriesId = z.string().min(1).max(64);
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM');

/**
 * The energy price: flat; by time-of-use windows; spot (factor × a price series + markup); or a
 * monthly table (a price per calendar month, e.g. the OeMAG market price, published ex post).
 */
export const energySchema = z.discriminatedUnion('type', [
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

export const fixedCharge = z
  .object({
    name: personName(60),
    eur: z.number().min(0).max(1_000_000),
    per: z.enum(['month', 'year']),
    /**
     * Where a bill lists it: the supplier's (a base fee), the grid's (metering fee, the flat charge for
     * power not measured) or a levy (Erneuerbaren-Förderpauschale, Förderbeitrag). A percentage levy is
     * not charged on a levy; the bill check compares each with its line.
     */
    kind: z.enum(['supplier', 'grid', 'levy']).default('supplier'),
  })
  .strict();
export const levy = z
  .object({
    name: personName(60),
    centsPerKwh: centsUp.default(0),
    /** Percent of the net amount (energy, fees, grid) before VAT. */
    percent: z.number().min(0).max(100).default(0),
    /**
     * Per kW and year, on the power basis of the tariff (`powerBasis`): the Erneuerbaren-Förderbeitrag's
     * power component of power-metered rows (EFBV 2026 § 2 (1): 5,619 €/kW on NE7 gemessen).
     */
    eurPerKwYear: z.number().min(0).max(100_000).optional(),
  })
  .strict();

/**
 * A change of the tariff from a local day on (a grid fee changing on 1 April, a supplier's new price):
 * the components it names replace the tariff's from `from` to the next change; the others stay.
 */
export const tariffChange = z
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

/** Whose a tariff is: a customer, a site or a meter of the profile (issue 60). */
export const tariffOwner = z
  .object({ kind: z.enum(['customer', 'site', 'meter']), id: z.string().min(1).max(200) })
  .strict();
export type TariffOwner = z.output<typeof tariffOwner>;

/** A part of a combined tariff: which bill it stands for, and the profile's tariff that prices it. */
export const tariffPart = z.object({ role: z.enum(['supplier', 'grid', 'levies']), tariffId }).strict();
export type TariffPart = z.output<typeof tariffPart>;

const tariffObject = z
  .object({
    id: tariffId,
    name: personName(80),
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
    source: z.string().max(600).optional(),
    /**
     * Whose tariff it is (issue 60): a customer's, a site's or a meter's. A client's views and reports
     * use its own tariffs and the unassigned ones (a report: only when the profile has one customer),
     * never another client's. Null: assigned to no one.
     */
    owner: tariffOwner.nullable().optional(),
    /** A preset's network area (`wien`, `noe`, …): offered to the sites of that area only. */
    area: z
      .string()
      .regex(/^[a-z]{2,20}$/)
      .optional(),
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
    /**
     * A combined tariff (issue 44): the supplier's, the grid's and the levies' tariffs of the profile,
     * each priced with its own validity, dates and VAT, added month by month. It holds no prices of
     * its own; its validity is its parts'.
     */
    parts: z.array(tariffPart).min(1).max(3).optional(),
  })
  .strict();

/** Whether a tariff holds no prices of its own (what a combined tariff must be: its parts price it). */
export function holdsNoPrices(t: z.output<typeof tariffObject>): boolean {
  return (
    t.energy.type === 'flat' &&
    t.energy.centsPerKwh === 0 &&
    t.baseFeeEurPerMonth === 0 &&
    t.gridEnergyCentsPerKwh === 0 &&
    t.gridLossCentsPerKwh === 0 &&
    t.gridEnergyWindows.length === 0 &&
    t.gridPowerEurPerKwYear === 0 &&
    t.fixedCharges.length === 0 &&
    t.levies.length === 0 &&
    t.changes.length === 0 &&
    t.community === undefined &&
    t.validFrom === null &&
    t.validTo === null
  );
}

export const tariffSchema = tariffObject
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
  )
  .refine((t) => !t.parts || holdsNoPrices(t), {
    message: 'a combined tariff holds no prices or validity of its own: its parts price it',
    path: ['parts'],
  })
  .refine(
    (t) =>
      !t.parts ||
      (new Set(t.parts.map((p) => p.role)).size === t.parts.length &&
        new Set(t.parts.map((p) => p.tariffId)).size === t.parts.length &&
        t.parts.every((p) => p.tariffId !== t.id)),
    { message: 'each part of a combined tariff has its own role and its own tariff', path: ['parts'] },
  );
export type Tariff = z.output<typeof tariffSchema>;
export type TariffInput = z.input<typeof tariffSchema>;
