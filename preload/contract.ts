/**
 * The IPC contract: the single list of channels between the renderer and main.
 *
 * Policy: every channel is `domain:verb`, has a zod schema for its input (validated in main before any
 * handler runs) and a result type. Events are `domain:happened` with a zod payload schema. This module
 * is pure: no Electron, no Node APIs, so the renderer, the preload, main and the browser harness all
 * import it. Later work adds channels here, never around it.
 */
import { z } from 'zod';
import * as plain from './contract-plain';
import { channel } from './channel';
import { communityChannels } from './community-contract';
import { costChannels } from './cost-contract';
import { importChannels, importEvents } from './import-contract';

export * from './community-contract';
export * from './cost-contract';
export * from './import-contract';

/** Unix seconds as an integer. */
const sec = z.number().int().min(0).max(32_503_680_000);
const id = z.string().min(1).max(200);
const profileId = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, 'profile ids are lowercase letters, digits and dashes');

export const exportProfiles = ['excel-at', 'iso'] as const;
export type ExportProfile = (typeof exportProfiles)[number];

// ---------- result types ----------

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** 'electron' in the desktop app, 'harness' in the browser harness. */
  shell: 'electron' | 'harness';
  dataDir: string;
  locale: string;
}

export interface ProfileView {
  id: string;
  name: string;
  /** 'local': no account; the profile holds imported files only. */
  kind: 'demo' | 'account' | 'local';
  baseUrl: string;
  team: string;
  plan: string | null;
  isActive: boolean;
  /** Whether a token is stored; the token itself never leaves main. */
  hasToken: boolean;
  /**
   * Where the token is: the OS keychain, this session's memory only (forgotten when the app quits),
   * nowhere, or unknown because the keychain cannot be read (locked, or no Secret Service).
   */
  tokenState: 'keychain' | 'session' | 'missing' | 'unreadable';
}

export interface QualityCounts {
  measured: number;
  estimated: number;
  unreliable: number;
}

export interface MeterView {
  id: string;
  meteringPoint: string;
  label: string | null;
  energyDirection: string;
  commodity: string;
  granularity: string;
  status: string;
  isDemo: boolean;
  customerId: string | null;
  customerName: string | null;
  siteId: string | null;
  siteName: string | null;
  registers: string[];
  latestDataSec: number | null;
  /** Start of the first locally stored reading (any register); null without data. */
  earliestDataSec: number | null;
  /** Received ÷ expected quarter-hours of the last 30 local days of the primary register; null without data. */
  completeness30d: number | null;
  quality30d: QualityCounts;
  /** The last sync's error for this meter (its next step included), or null. */
  syncError: string | null;
  /** What the last sync's check against the service found missing (and fetched), or null. */
  syncWarning: string | null;
}

export interface SeriesView {
  meterId: string;
  obisCode: string;
  unit: string;
  /** 'quarter_hour' / 'hour' for raw intervals (the series' own), 'day' for per-local-day aggregates. */
  resolution: 'quarter_hour' | 'hour' | 'day';
  /** The stored series' interval: 900 (quarter-hours) or 3600 (an hourly series, e.g. an hourly import). */
  intervalSec: 900 | 3600;
  /** Interval starts, unix seconds. Gaps are present as null values, never dropped. */
  timesSec: number[];
  /** kWh per interval (or per day); null = no reading. */
  values: (number | null)[];
  /** Per-day maximum interval kWh (of `intervalSec`) when resolution is 'day'. */
  maxValues: (number | null)[] | null;
  /** Worst quality in the interval (1 measured, 2 estimated, 3 unreliable); null = no reading. */
  quality: (number | null)[];
  /** When the reading was last revised (unix seconds), or null if never revised. */
  revisedSec: (number | null)[];
  /**
   * Runs of estimated (2) or unreliable (3) intervals as `[first index, end index (exclusive), quality]`,
   * in time order: the chart shades these without scanning every interval on every draw.
   */
  marks: [number, number, 2 | 3][];
  fromSec: number;
  toSec: number;
}

export interface QualityCounts2 {
  expected: number;
  received: number;
  measured: number;
  estimated: number;
  unreliable: number;
}

/**
 * The span a figure describes (main/analysis/frame.ts): the requested span clipped to "now" (the start
 * of today, or the latest reading) and to the register's first reading, on its interval grid.
 */
export interface FrameView {
  requestedFromSec: number;
  requestedToSec: number;
  fromSec: number;
  toSec: number;
  clippedToNow: boolean;
  clippedToData: boolean;
  /** 900 (quarter-hours) or 3600 (an hourly series). */
  resolutionSec: number;
  /** Intervals the span holds: 92/96/100 per local day for quarter-hours. */
  expected: number;
}

/** Every figure of one register in one frame: what the screens show and `meterdesk analyze` prints. */
export interface RangeFigures {
  frame: FrameView;
  readings: number;
  expected: number;
  completeness: number;
  kwh: number;
  quality: { measured: number; estimated: number; unreliable: number };
  peakKw: number | null;
  peakAtSec: number | null;
  /** Mean of the daily 5th percentiles (kW) over the local days wholly inside the frame. */
  baseLoadKw: number | null;
}

export interface QualityBreakdown {
  meterId: string;
  obisCode: string;
  /** The range's figures in its frame (null when the register has no series). */
  figures: RangeFigures | null;
  /** Over the range; completeness = received ÷ expected quarter-hours (92/96/100 per local day). */
  totals: QualityCounts2 & { completeness: number };
  days: (QualityCounts2 & { day: string })[];
  months: (QualityCounts2 & { month: string })[];
  /** Local days (YYYY-MM-DD) with fewer readings than quarter-hours. */
  gapDays: string[];
  /** Revisions recorded in the range (all of them; `revisions` holds the newest 1000). */
  revisionCount: number;
  /** The audit trail: readings replaced by a revision, newest first (at most 1000). Days, months, gap
   * days and revisions are empty when the request asked for `detail: false`. */
  revisions: {
    startSec: number;
    oldValue: number;
    oldQuality: number;
    newValue: number;
    newQuality: number;
    revisedSec: number;
  }[];
}

export interface ConsentStatus {
  meterId: string;
  status: string;
  consentState: string | null;
  consentExpiresSec: number | null;
}

export interface SiteView {
  id: string;
  name: string;
  customerName: string | null;
}

export interface PeaksResult {
  monthly: {
    month: string;
    startSec: number;
    powerKw: number;
    quality: number;
    /** Quarter-hours of the calendar month (92/96/100 per day) and readings of it in the range. */
    expected: number;
    received: number;
    /** The month is cut by the range or misses readings: its peak may not be the month's peak. */
    partial: boolean;
  }[];
  top: { startSec: number; powerKw: number; quality: number }[];
  /** Mean of the monthly maxima (demand-based grid fee), over complete months where there are any. */
  meanMonthlyMaxKw: number | null;
  /** Mean of the three highest monthly maxima (capacity pricing), on the same months. */
  meanTop3MonthlyMaxKw: number | null;
  /** Which months the means are over: the complete ones, or (none complete) all of them. */
  meanBasis: 'complete' | 'all';
  monthsComplete: number;
  peakQualityNote: string | null;
}
export interface BaseLoadResult {
  days: { day: string; p5Kw: number; nightMinKw: number | null; quality: QualityCounts }[];
  monthly: { month: string; meanP5Kw: number }[];
  /**
   * kW per year, only where it means something: a least-squares slope over at least two years of days
   * (`regression`), or else the mean change of each month against the same month a year earlier
   * (`same_month`). Over less, one seasonal swing would read as a trend: null.
   */
  trendKwPerYear: number | null;
  trendBasis: 'regression' | 'same_month' | null;
}
export interface DurationResult {
  points: { hours: number; powerKw: number }[];
  totalHours: number;
  hoursAbove: number;
  shareAbove: number;
  thresholdKw: number;
  /** The threshold was taken from the meter's own data (its 90th percentile), not given. */
  thresholdFromData: boolean;
  quality: QualityCounts;
}
export interface CarpetResult {
  days: {
    day: string;
    startSec: number;
    slots: number;
    values: (number | null)[];
    quality: (number | null)[];
  }[];
  maxKwh: number;
}
export interface ProfilesResult {
  slots: number;
  weekday: (number | null)[] | null;
  weekend: (number | null)[] | null;
  seasons: {
    winter: (number | null)[] | null;
    spring: (number | null)[] | null;
    summer: (number | null)[] | null;
    autumn: (number | null)[] | null;
  };
  quality: QualityCounts;
}
export interface PeriodSummary {
  fromSec: number;
  toSec: number;
  totalKwh: number;
  peakKw: number | null;
  readings: number;
  /** Quarter-hours the period has; coverage = readings ÷ expected. */
  expected: number;
  coverage: number;
  /** kWh per day of data (total ÷ readings × quarter-hours of a day): periods of unequal length and coverage compare. */
  kwhPerDay: number | null;
  quality: QualityCounts;
}
export interface CompareResult {
  shift: 'week' | 'month' | 'year';
  /** The series' interval: readings, expected and the peak are of hours for an hourly series. */
  intervalSec: 900 | 3600;
  current: PeriodSummary;
  previous: PeriodSummary;
  /**
   * null: like is compared with like (equal, non-overlapping, fully covered periods). Otherwise why not:
   * the periods overlap, a period has no data, or one is only partly covered.
   */
  reason: 'overlap' | 'no_data' | 'partial' | null;
  /** Only when `reason` is null. */
  differenceKwh: number | null;
  differenceShare: number | null;
  /** For partly covered periods: the difference of the mean energy per covered quarter-hour. */
  scaledDifferenceShare: number | null;
  currentProfile: (number | null)[];
  previousProfile: (number | null)[];
}
export interface PvResult {
  siteId: string;
  /** The import and export registers read: on two meters, or both on one meter. */
  consumptionMeterId: string | null;
  feedInMeterId: string | null;
  consumptionObisCode: string | null;
  feedInObisCode: string | null;
  /** The span the figures describe (analysis/frame.ts): clipped to now and to the data. */
  frame: FrameView | null;
  importKwh: number | null;
  exportKwh: number | null;
  netKwh: number | null;
  exportHours: number;
  simultaneousHours: number;
  derivable: string[];
  notDerivable: string[];
}
export interface HealthResult {
  days: { day: string; expected: number; received: number; estimated: number; unreliable: number }[];
  gapDays: string[];
  implausible: { startSec: number; valueKwh: number; quality: number }[];
  corrected: { startSec: number; oldValueKwh: number; newValueKwh: number; correctedSec: number }[];
  implausibleLimitKwh: number;
  lastExportSec: number | null;
  /** Revisions recorded since the last export of this meter (null if never exported). */
  changedSinceExport: number | null;
}
export interface PortfolioRow {
  meterId: string;
  label: string | null;
  meteringPoint: string;
  customer: string | null;
  commodity: string;
  energyDirection: string;
  /** The register the row's figures are of (G.01 where the meter has it); null without data. */
  obisCode: string | null;
  unit: string | null;
  annualKwh: number | null;
  peakKw: number | null;
  baseLoadKw: number | null;
  completeness: number | null;
  /** End of the latest stored reading (as in the meter list). */
  lastDataSec: number | null;
  /** The span the row's figures cover (its frame: the last 365 days, from the first reading on). */
  fromSec: number | null;
  toSec: number | null;
  /** Whether that span is shorter than the 365 days asked for (a meter with data from mid-year). */
  isPartial: boolean;
}
/** A sum over rows of one commodity, direction and register: never across them. */
export interface PortfolioTotal {
  commodity: string;
  energyDirection: string;
  obisCode: string;
  unit: string;
  meters: number;
  annualKwh: number;
  /** How many of those meters' spans are shorter than 365 days: the sum adds unequal spans. */
  partialMeters: number;
}
export interface PortfolioResult {
  rows: PortfolioRow[];
  totals: PortfolioTotal[];
}
export const analysisKinds = [
  'peaks',
  'baseLoad',
  'duration',
  'carpet',
  'profiles',
  'compare',
  'health',
] as const;
export type AnalysisKind = (typeof analysisKinds)[number];

export interface SyncStatus {
  state: 'idle' | 'syncing' | 'error' | 'offline';
  lastSyncSec: number | null;
  lastError: ContractError | null;
  rateLimit: { limit: number; remaining: number; resetSec: number } | null;
  mqtt: 'connected' | 'reconnecting' | 'off';
  /** What the last sync's checks against the service found: shortfalls with their numbers, per meter. */
  warnings: { meterId: string; message: string }[];
  /** Meters whose last sync failed, with the reason (the run itself may have succeeded for the rest). */
  meterErrors: { meterId: string; message: string }[];
}

/** A note on a meter (no span) or on a span of it (issue 33). */
export interface NoteView {
  id: number;
  meterId: string;
  fromSec: number | null;
  toSec: number | null;
  text: string;
  createdSec: number;
}

/** The report's sections, in their order (report/model.ts): in contract-plain.ts, for the page. */
export const reportSections = plain.reportSections;

export interface ReportResult {
  path: string;
  bytes: number;
  pages: number;
  meters: number;
}

export interface ExportResult {
  path: string;
  rows: number;
  bytes: number;
}

export interface ConnectionTest {
  team: string;
  plan: string | null;
  meterCount: number;
}

// ---------- channels ----------

const none = z.object({}).strict();
const analysisScope = z.object({
  meterId: id,
  obisCode: z.string().min(1).max(64),
  fromSec: sec,
  toSec: sec,
});

export const channels = {
  'app:info': channel<AppInfo>().input(none),
  'app:storage': channel<{
    dataDir: string;
    bytes: number;
    nextSyncSec: number | null;
    syncIntervalMin: number;
  }>().input(none),
  /** How often to sync besides the daily delivery window and "sync now"; 0 = only those. */
  'settings:setSyncInterval': channel<{ syncIntervalMin: number; nextSyncSec: number | null }>().input(
    z
      .object({
        syncIntervalMin: z.union([
          z.literal(0),
          z.literal(15),
          z.literal(60),
          z.literal(360),
          z.literal(1440),
        ]),
      })
      .strict(),
  ),
  'profiles:list': channel<ProfileView[]>().input(none),
  'profiles:switch': channel<ProfileView>().input(z.object({ profileId }).strict()),
  /**
   * A new account profile with its token, all or nothing: without a place for the token (the keychain
   * refuses and the session was not chosen) no profile is created.
   */
  'profiles:add': channel<ProfileView>().input(
    z
      .object({
        name: z.string().trim().min(1).max(80),
        /** The team base URL as shown on the token page: `{base_url}/api/v1/teams/{team}`. */
        teamUrl: z.string().url().max(500),
        token: z.string().trim().min(8).max(500),
        /** 'session': keep the token in memory only, forgotten when the app quits (no keychain needed). */
        tokenStorage: z.enum(['keychain', 'session']).default('keychain'),
      })
      .strict(),
  ),
  /** A profile without an account, for files imported from the grid operators' portals. */
  'profiles:addLocal': channel<ProfileView>().input(
    z.object({ name: z.string().trim().min(1).max(80) }).strict(),
  ),
  'profiles:rename': channel<ProfileView>().input(
    z.object({ profileId, name: z.string().trim().min(1).max(80) }).strict(),
  ),
  'profiles:remove': channel<{ removed: true }>().input(
    z.object({ profileId, deleteLocalData: z.boolean() }).strict(),
  ),
  'profiles:testConnection': channel<ConnectionTest>().input(
    z.object({ teamUrl: z.string().url().max(500), token: z.string().min(8).max(500) }).strict(),
  ),
  'auth:setToken': channel<{ hasToken: boolean }>().input(
    z
      .object({
        profileId,
        token: z.string().trim().min(8).max(500),
        tokenStorage: z.enum(['keychain', 'session']).default('keychain'),
      })
      .strict(),
  ),
  'auth:status': channel<{ hasToken: boolean }>().input(z.object({ profileId }).strict()),
  'meters:list': channel<MeterView[]>().input(none),
  'meters:register': channel<ConsentStatus>().input(
    z
      .object({
        // Pasted numbers come with spaces (as printed on bills): they are left out.
        meteringPoint: z
          .string()
          .max(100)
          .transform((v) => v.replace(/\s+/g, '').toUpperCase())
          .pipe(
            z
              .string()
              .regex(
                /^AT\d{6}[0-9A-Z]{25}$/,
                'a metering point number has 33 characters: AT, a 6-digit grid operator code and 25 letters or digits',
              ),
          ),
        energyDirection: z.enum(['consumption', 'feed_in']),
        label: z.string().trim().max(200).optional(),
        siteId: id.optional(),
      })
      .strict(),
  ),
  'meters:requestConsent': channel<ConsentStatus>().input(
    z.object({ meterId: id, customerEmail: z.string().email().max(200).optional() }).strict(),
  ),
  'meters:refreshStatus': channel<ConsentStatus>().input(z.object({ meterId: id }).strict()),
  /** Withdraws a pending consent request; the meter stays registered. (Sending it again: requestConsent.) */
  'meters:withdrawConsent': channel<ConsentStatus>().input(z.object({ meterId: id }).strict()),
  /** Imported meters are the person's (issue 31): rename, site and customer, merge, delete. */
  'meters:rename': channel<{ renamed: string }>().input(
    z.object({ meterId: id, label: z.string().trim().min(1).max(200) }).strict(),
  ),
  'meters:setSite': channel<{ siteId: string; customerId: string | null }>().input(
    z.union([
      z.object({ meterId: id, siteId: id }).strict(),
      z
        .object({
          meterId: id,
          newSite: z.string().trim().min(1).max(200),
          customerId: id.optional(),
          newCustomer: z.string().trim().min(1).max(200).optional(),
        })
        .strict(),
    ]),
  ),
  'meters:merge': channel<{ moved: number; conflictsKept: number }>().input(
    z.object({ fromId: id, intoId: id, replace: z.boolean().default(false) }).strict(),
  ),
  /** Deletes an imported meter with all its readings; `confirm` must be true (the UI asks first). */
  'meters:delete': channel<{ readings: number }>().input(
    z.object({ meterId: id, confirm: z.literal(true) }).strict(),
  ),
  'sites:list': channel<SiteView[]>().input(none),
  'readings:series': channel<SeriesView>().input(
    z
      .object({
        meterId: id,
        obisCode: z.string().min(1).max(64),
        fromSec: sec,
        toSec: sec,
        /** Above this many quarter-hours the series is returned per local day. */
        maxPoints: z.number().int().min(10).max(500_000).default(5000),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec, { message: 'toSec must be after fromSec' }),
  ),
  'quality:breakdown': channel<QualityBreakdown>().input(
    z
      .object({
        meterId: id,
        obisCode: z.string().min(1).max(64),
        fromSec: sec,
        toSec: sec,
        /** false: totals and the revision count only (the chart's figures); days, months, gap days and
         * revisions come back empty. */
        detail: z.boolean().default(true),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 4 * 366 * 86_400, {
        message: 'the range must be positive and at most 4 years',
      }),
  ),
  'analysis:peaks': channel<PeaksResult>().input(
    analysisScope.extend({ topN: z.number().int().min(1).max(100).default(10) }).strict(),
  ),
  'analysis:baseLoad': channel<BaseLoadResult>().input(analysisScope.strict()),
  'analysis:duration': channel<DurationResult>().input(
    analysisScope.extend({ thresholdKw: z.number().min(0).max(100_000).nullable().default(null) }).strict(),
  ),
  'analysis:carpet': channel<CarpetResult>().input(analysisScope.strict()),
  'analysis:profiles': channel<ProfilesResult>().input(analysisScope.strict()),
  'analysis:compare': channel<CompareResult>().input(
    analysisScope.extend({ shift: z.enum(['week', 'month', 'year']) }).strict(),
  ),
  'analysis:health': channel<HealthResult>().input(analysisScope.strict()),
  'analysis:pv': channel<PvResult>().input(z.object({ siteId: id, fromSec: sec, toSec: sec }).strict()),
  'analysis:portfolio': channel<PortfolioResult>().input(z.object({ customerId: id.nullable() }).strict()),
  'analysis:exportCsv': channel<ExportResult>().input(
    z
      .object({
        kind: z.enum([
          'peaks',
          'baseLoad',
          'duration',
          'carpet',
          'profiles',
          'compare',
          'health',
          'portfolio',
          'pv',
          'cost',
          'battery',
          'peakShaving',
        ]),
        params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
        profile: z.enum(exportProfiles),
      })
      .strict(),
  ),
  'export:png': channel<ExportResult>().input(
    z
      .object({
        suggestedName: z.string().regex(/^[\w.-]{1,120}\.png$/),
        dataUrl: z.string().startsWith('data:image/png;base64,').max(30_000_000),
      })
      .strict(),
  ),
  /**
   * The customer report (PDF) of a meter, site or customer over a period, saved where the person
   * chooses; the same file `meterdesk report` writes.
   */
  'report:pdf': channel<ReportResult>().input(
    z
      .object({
        scope: z.object({ kind: z.enum(['meter', 'site', 'customer']), id }).strict(),
        fromSec: sec,
        toSec: sec,
        periodLabel: z.string().min(1).max(40),
        lang: z.enum(['de', 'en']),
        sections: z.array(z.enum(reportSections)).min(1).max(reportSections.length),
        consultant: z.string().max(200).nullable(),
        logoPngBase64: z.string().max(2_800_000).nullable(),
        conclusions: z.string().max(4000).nullable(),
        areaM2: z.number().positive().max(1e7).nullable(),
        persons: z.number().int().positive().max(1e6).nullable(),
        /** An energy community of the profile: the report gains its section. */
        communityId: z
          .string()
          .regex(/^[a-z0-9-]{1,64}$/)
          .nullable()
          .default(null),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 3 * 366 * 86_400, {
        message: 'the period must be positive and at most 3 years',
      }),
  ),
  /**
   * A register's calendar year as the load profile E-Control's Tarifkalkulator and PV/battery design
   * tools import (35 040 values, decimal comma), saved where the person chooses.
   */
  'export:loadProfile': channel<ExportResult>().input(
    z
      .object({
        meterId: id,
        obisCode: z.string().min(1).max(64),
        year: z.number().int().min(2000).max(2100),
      })
      .strict(),
  ),
  'notes:list': channel<NoteView[]>().input(
    z.object({ meterId: id, fromSec: sec.optional(), toSec: sec.optional() }).strict(),
  ),
  'notes:add': channel<NoteView>().input(
    z
      .object({
        meterId: id,
        fromSec: sec.nullable(),
        toSec: sec.nullable(),
        text: z.string().trim().min(1).max(500),
      })
      .strict()
      .refine(
        (v) => (v.fromSec === null) === (v.toSec === null) && (v.fromSec === null || v.toSec! > v.fromSec),
        {
          message: 'a note is on the whole meter, or on a span whose end is after its start',
        },
      ),
  ),
  'notes:remove': channel<{ removed: boolean }>().input(
    z.object({ id: z.number().int().positive() }).strict(),
  ),
  'sync:status': channel<SyncStatus>().input(none),
  'sync:now': channel<{ started: boolean }>().input(none),
  'sync:cancel': channel<{ cancelled: boolean }>().input(none),
  'sync:backfill': channel<{ readings: number; revisions: number; pages: number }>().input(
    z
      .object({ meterId: id, fromSec: sec, toSec: sec })
      .strict()
      .refine((v) => v.toSec > v.fromSec, { message: 'toSec must be after fromSec' }),
  ),
  'export:csv': channel<ExportResult>().input(
    z
      .object({
        meterIds: z.array(id).min(1).max(1000),
        obisCodes: z.array(z.string().min(1).max(64)).min(1).max(20),
        fromSec: sec,
        toSec: sec,
        profile: z.enum(exportProfiles),
      })
      .strict()
      .refine((v) => v.toSec > v.fromSec && v.toSec - v.fromSec <= 10 * 366 * 86_400, {
        message: 'the range must be positive and at most 10 years',
      }),
  ),
  ...importChannels,
  ...costChannels,
  ...communityChannels,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = NonNullable<Channels[C]['output']>;
/** The channel names (from contract-plain.ts, which the preload imports without zod). */
export const channelNames: readonly ChannelName[] = plain.channelNames;

// ---------- results and errors ----------

export type ErrorCode =
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_channel'
  | 'not_found'
  | 'unauthenticated'
  | 'forbidden'
  | 'plan_required'
  | 'rate_limited'
  | 'unreachable'
  | 'bad_response'
  | 'keychain_unavailable'
  | 'conflict'
  | 'local_data'
  | 'cancelled'
  | 'internal';

/**
 * An error as the UI receives it. `code` (and `reason`, where a code covers several cases) is what the
 * renderer words in the person's language; `message` is the core's English sentence with the next
 * step, and `serviceText` the service's own words (cleaned, capped): both only shown as details.
 */
export interface ContractError {
  code: ErrorCode;
  message: string;
  /** For `rate_limited`: when the service takes requests again (unix seconds). */
  retryAtSec?: number;
  /** A finer cause within `code`, for wording (e.g. `team_url_insecure`). */
  reason?: ErrorReason;
  /** What the service itself said, if anything. */
  serviceText?: string;
  /** The values the reason's words name (a tariff's name, a cap), for the UI's language. */
  params?: Record<string, string | number>;
}

export const errorReasons = [
  'team_url_not_url',
  'team_url_insecure',
  'team_url_shape',
  'metering_point_format',
  'consent_pending',
  'already_registered',
  'no_token',
  'range_too_long',
  /** An hourly series asked for a view that needs quarter-hours. */
  'needs_quarter_hours',
  /** A range longer than the app asks for (4 years), or one that ends before it starts. */
  'range_invalid',
  /** A tariff of the other direction (params: name, want = consumption | feed_in). */
  'tariff_direction',
  /** A tariff of the other commodity (params: name, commodity = electricity | gas). */
  'tariff_commodity',
  /** Peak shaving asked for a feed-in register. */
  'peak_shaving_consumption',
  /** Peak shaving asked for a gas meter. */
  'peak_shaving_electricity',
  /** A battery for a site without a consumption and a feed-in meter. */
  'battery_needs_both',
  /** A file or an upload past its cap (params: what, maxMb). */
  'too_large',
  /** A logo that is no PNG, or one too large (params: width, height where known). */
  'logo_png',
  /** A change to a meter the service owns (params: name). */
  'service_meter',
  /** A meter name left empty. */
  'name_missing',
  /** A merge of a meter into itself. */
  'merge_same',
  /** A merge of a consumption and a feed-in meter. */
  'merge_directions',
  /** An import undone already (params: file). */
  'undo_done',
  /** An import of an older Meterdesk without an undo record (params: file). */
  'undo_unrecorded',
  /** An import whose days were written again since (params: file, day). */
  'undo_overwritten',
  /** A file that is no EDA "Energie Report" (not XLSX, no sheet "Energiedaten", its rows missing). */
  'eda_not_report',
  /** An EDA report without quarter-hours or readable metering points. */
  'eda_empty',
  /** An EDA row off the quarter-hour grid or out of order (params: row). */
  'eda_row',
  /** An EDA value no meter can hold (params: row, column). */
  'eda_value',
  /** A spot tariff's price series that is not in the profile (params: id). */
  'price_series_missing',
  /** A price series still used by tariffs (params: tariffs). */
  'price_series_in_use',
  /** An import whose file is no longer staged (dropped again needed). */
  'import_file_gone',
  /** Columns defined for a spreadsheet (params: none). */
  'mapping_text_only',
  /** A column the header line does not have (params: line, columns, column). */
  'mapping_column_missing',
  /** The same column chosen twice. */
  'mapping_columns_distinct',
  /** A file with an error asked to be imported (params: name). */
  'import_file_refused',
  /** A file with a suspicious magnitude, not confirmed (params: name). */
  'import_suspicious',
  /** A file of another interval than the target series (params: name, register, storedInterval, fileInterval). */
  'import_interval_conflict',
  /** A meter, site, customer, tariff or community the profile does not hold (params: kind, id). */
  'unknown_in_profile',
  /** A note without text. */
  'note_text_missing',
  /** A note's span whose end is not after its start. */
  'note_span_invalid',
  /** A stored tariff or community that cannot be read any more (params: kind, id). */
  'stored_unreadable',
  /** The profile's database cannot be opened or read (params: path). */
  'db_cannot_open',
  /** The data folder is read-only: reading works, writing does not (params: path). */
  'db_read_only',
  /** The profile's database is damaged; nothing is written into it (params: path). */
  'db_damaged',
  /** A profile without an account asked to sync (params: name). */
  'profile_no_account',
  /** A profile id that exists already (params: id). */
  'profile_exists',
  /** The built-in demo profile asked to be removed. */
  'demo_profile_fixed',
] as const;
export type ErrorReason = (typeof errorReasons)[number];
export type Result<T> = { ok: true; data: T } | { ok: false; error: ContractError };

// ---------- events ----------

export const events = {
  'sync:progress': z.object({
    meterId: z.string().nullable(),
    meterIndex: z.number().int(),
    meterCount: z.number().int(),
    pages: z.number().int(),
    readings: z.number().int(),
    revisions: z.number().int(),
    etaSec: z.number().nullable(),
    done: z.boolean(),
  }),
  'sync:statusChanged': z.object({ state: z.enum(['idle', 'syncing', 'error', 'offline']) }),
  'readings:changed': z.object({ meterIds: z.array(z.string()) }),
  'profiles:changed': z.object({ activeProfileId: z.string() }),
  'app:updateStatus': z.object({
    state: z.enum(['off', 'checking', 'none', 'available', 'downloaded', 'error']),
    version: z.string().nullable(),
    message: z.string().nullable(),
  }),
  'export:progress': z.object({ rows: z.number().int(), totalRows: z.number().int(), done: z.boolean() }),
  /** A command from the application menu for the renderer (e.g. File → Import). */
  'app:command': z.object({ command: z.enum(['import']) }),
  ...importEvents,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const eventNames: readonly EventName[] = plain.eventNames;
export { EVENT_CHANNEL, IMPORT_MAX_BYTES } from './contract-plain';

// contract-plain.ts lists exactly these channels and events: compiling fails where the lists differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const plainChannelsMatch: Same<plain.ChannelName, ChannelName> = true;
const plainEventsMatch: Same<plain.EventName, EventName> = true;
void plainChannelsMatch;
void plainEventsMatch;
