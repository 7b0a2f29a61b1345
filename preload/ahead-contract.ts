/**
 * The contract of what lies ahead (issues 44 and 47): the bill ahead of a billing year, the 2027 power
 * price as a scenario, the real profile against a standard load profile and the workbook that carries it — apart from the cost
 * contract so that neither grows past one reading.
 */
import { z } from 'zod';
import { channel } from './channel';
import { slpIds } from './contract-plain';
import type { FrameView } from './results-contract';
import { meterId, rowId, sec, tariffId } from './tariff-contract';
import type { ExportResult } from './results-contract';

const range = { fromSec: sec, toSec: sec };

type Range3 = { eur: number; low: number; high: number };
/** The billing year so far, the rest projected with its range and method, the balance against the payments. */
export interface BillAheadResult {
  billingYear: { fromSec: number; toSec: number };
  soFar: { fromSec: number; toSec: number; kwh: number; eur: number };
  rest: {
    days: number;
    method: 'last_year' | 'recent_days' | 'none';
    trend: number | null;
    kwh: number;
    kwhLow: number;
    kwhHigh: number;
    /** The rest by month, priced by the tariff on the expected quarter-hours (gross €). */
    months: { month: string; kwh: number; eur: number }[];
  } & Range3;
  year: Range3;
  payments: { eur: number; perYear: number; total: number } | null;
  /** Payments − year: positive comes back, negative is to pay. */
  balance: Range3 | null;
  /**
   * Quarter-hours so far the tariff gave no price (counted as 0 € so far, and so in the projection):
   * without a price inside its validity (a spot index without prices), and outside its validity.
   */
  unpriced: { withoutPrice: number; outsideValidity: number };
}

/** A register against a standard load profile scaled to it (slp/compare.ts, issue 47). */
export interface SlpCompareResult {
  profile: string;
  source: string;
  frame: FrameView;
  readings: number;
  kwh: number;
  /** The standard profile's yearly kWh (per 1 000 kWh of its table) that matches the meter's energy. */
  scale: number;
  shares: Record<'night' | 'day' | 'snap', { real: number | null; standard: number | null }>;
  peakKw: { real: number; standard: number };
  months: { month: string; real: number; standard: number }[];
  hours: {
    dayType: 'workday' | 'saturday' | 'sunday_holiday';
    hour: number;
    realKw: number;
    standardKw: number;
  }[];
  /** Typical days by season (VDEW: winter 1.11.–20.3., summer 15.5.–14.9., transition) × day type × hour. */
  seasonHours: {
    season: 'winter' | 'summer' | 'transition';
    dayType: 'workday' | 'saturday' | 'sunday_holiday';
    hour: number;
    realKw: number;
    standardKw: number;
  }[];
  spot: {
    tariffId: string;
    tariff: string;
    realCtPerKwh: number;
    standardCtPerKwh: number;
    differenceCtPerKwh: number;
    pricedKwh: number;
  }[];
  /** Tariffs whose all-in price varies in time (time of use, monthly, SNAP grid): ct/kWh gross. */
  tariffs: {
    tariffId: string;
    tariff: string;
    kind: 'flat' | 'tou' | 'monthly';
    realCtPerKwh: number;
    standardCtPerKwh: number;
    differenceCtPerKwh: number;
    pricedKwh: number;
  }[];
  /** The profile suggested for the meter and why (slp/fit.ts): each candidate's deviation, closest first. */
  /**
   * The profile suggested within the meter's class (household H0/H25, business G0–G6/G25, farm
   * L0–L2/L25): P25 for a household with PV at its site, else the class's closest shape. The class is
   * the one the person marked, or household/business by the yearly energy (said: `classFrom`).
   */
  suggestion: {
    profile: (typeof slpIds)[number];
    reason: 'pv_site' | 'closest_shape';
    fit: { profile: (typeof slpIds)[number]; deviation: number }[];
    usageClass: 'household' | 'business' | 'agriculture';
    classFrom: 'marked' | 'energy';
    /** The meter's energy over its frame, as a year (kWh). */
    kwhPerYear: number;
  };
}

/** The months of a register under a power price on each month's highest quarter-hour (cost/power-scenario.ts). */
export interface PowerScenarioResult {
  frame: FrameView;
  months: {
    month: string;
    share: number;
    peakKw: number | null;
    peakAtSec: number | null;
    billedKw: number;
    eur: number;
  }[];
  totalEur: number;
  meanBilledKw: number | null;
}

/** A finding of the watch list (issue 45): a rule's condition on a meter's register, stated once. */
export interface WatchFindingView {
  id: number;
  meterId: string;
  meterLabel: string;
  obisCode: string;
  rule: string;
  key: string;
  figures: Record<string, unknown>;
  firstSec: number;
  lastSec: number;
  acknowledgedSec: number | null;
  /** Snoozed: not new until then. */
  snoozedUntilSec: number | null;
  /** Not yet seen by the person (new in this evaluation, or never acknowledged, and not snoozed). */
  isNew: boolean;
}

/** A meter's watch thresholds (watch/thresholds.ts): each rule's value, where it is set, and its bounds. */
export interface WatchThresholdsView {
  meterId: string;
  siteId: string | null;
  customerId: string | null;
  rules: {
    rule: string;
    value: number | null;
    scope: 'meter' | 'site' | 'customer' | 'default';
    default: number | null;
    unit: string;
    min: number;
    max: number;
    /** The values set at each scope of this meter (null: none). */
    set: { meter: number | null; site: number | null; customer: number | null };
  }[];
}

export const aheadChannels = {
  /** Not now: a finding snoozed for some days (then new again if it still holds). */
  'watch:snooze': channel<{ snoozed: boolean }>().input(
    z
      .object({
        id: rowId,
        days: z.number().int().min(1).max(90),
        /** The finding's marks as the person saw them: a mark made meanwhile refuses this one. */
        was: z
          .object({ acknowledgedSec: sec.nullable(), snoozedUntilSec: sec.nullable() })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** A meter's watch thresholds, with where each is set. */
  'watch:thresholds': channel<WatchThresholdsView>().input(z.object({ meterId }).strict()),
  /** Sets (a number) or removes (null) a rule's threshold for a meter, its site or its customer. */
  'watch:setThreshold': channel<WatchThresholdsView>().input(
    z
      .object({
        meterId,
        scope: z.enum(['meter', 'site', 'customer']),
        rule: z.enum(['peak_cap', 'base_step', 'year_change', 'day_revised', 'feed_in_drop', 'data_stopped']),
        value: z.number().finite().nullable(),
        /** The value the person saw at that scope (null: none): a change made on another is refused. */
        was: z.number().finite().nullable().optional(),
      })
      .strict(),
  ),
  /** The watch list: the rules evaluated now, each finding that holds (newest first). */
  'watch:list': channel<WatchFindingView[]>().input(z.object({}).strict()),
  /** The person has seen a finding. */
  'watch:acknowledge': channel<{ acknowledged: boolean }>().input(
    z
      .object({
        id: rowId,
        /** The finding's marks as the person saw them: a mark made meanwhile refuses this one. */
        was: z
          .object({ acknowledgedSec: sec.nullable(), snoozedUntilSec: sec.nullable() })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** A register's Excel workbook (issue 47): summary, months, days, quarter-hours, the standard profile. */
  'export:xlsx': channel<ExportResult>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        fromSec: sec,
        toSec: sec,
        slp: z.enum(slpIds).nullable().default(null),
        lang: z.enum(['de', 'en']).default('de'),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 10 * 366 * 86_400, {
        message: 'the range must be positive and at most 10 years',
      }),
  ),
  /** Stops the workbook being made (its thread stops at its next step; nothing is written). */
  'export:cancelWorkbook': channel<{ cancelled: boolean }>().input(z.object({}).strict()),
  /** Several meters' registers (a site's, or any chosen) in one workbook, each register its own column. */
  'export:xlsxMany': channel<ExportResult>().input(
    z
      .object({
        meterIds: z.array(meterId).min(1).max(50),
        obisCodes: z.array(z.string().min(1).max(64)).min(1).max(10),
        fromSec: sec,
        toSec: sec,
        lang: z.enum(['de', 'en']).default('de'),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 10 * 366 * 86_400, {
        message: 'the range must be positive and at most 10 years',
      }),
  ),
  /** The register against a standard load profile (issue 47); null: the one suggested for the meter. */
  'analysis:compareSlp': channel<SlpCompareResult>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        ...range,
        profile: z.enum(slpIds).nullable().default(null),
      })
      .strict(),
  ),
  /** The bill ahead (issue 44, item 7): the billing year so far, the rest projected, against the payments. */
  'analysis:billAhead': channel<BillAheadResult>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        tariffId,
        billingStart: z
          .string()
          .regex(/^(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/)
          .default('01-01'),
        payment: z
          .object({ eur: z.number().min(0).max(100_000), perYear: z.number().int().min(1).max(12) })
          .strict()
          .nullable()
          .default(null),
      })
      .strict(),
  ),
  /** 2027 ahead (issue 44, item 8): the months under a power price on the monthly highest quarter-hour. */
  'analysis:powerScenario': channel<PowerScenarioResult>().input(
    z
      .object({
        meterId,
        obisCode: z.string().min(1).max(64),
        ...range,
        eurPerKwMonth: z.number().min(0).max(1000),
        minKw: z.number().min(0).max(100_000).default(2),
        window: z
          .object({ fromHour: z.number().int().min(0).max(23), toHour: z.number().int().min(0).max(24) })
          .strict()
          .refine((w) => w.fromHour !== w.toHour, 'a window of no hours')
          .nullable()
          .default(null),
      })
      .strict(),
  ),
} as const;
