/**
 * What the channels answer (contract.ts lists the channels): meters, series, frames, every analysis
 * figure, sync status, notes, reports and exports. Types only, besides the analysis kinds.
 */
import * as plain from './contract-plain';
import type { ContractError } from './errors-contract';

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
  /** The last sync's error for this meter, as a code the UI words (the core's English under Details), or null. */
  syncError: ContractError | null;
  /** What the last sync's check against the service found missing (and fetched), or null. */
  syncWarning: SyncNote[] | null;
}

/**
 * A shortfall the sync's check against the service found (sync/verify.ts), with its numbers, for the
 * UI to word: `missing` (the service has more for the days than the sync brought; the check fetched
 * them), `unchecked` (incomplete days beyond the ranges one sync checks), or `earlier` (a note an
 * earlier build stored as English text: shown under Details).
 */
export interface SyncNote {
  kind: 'missing' | 'unchecked' | 'earlier';
  fromSec: number | null;
  toSec: number | null;
  serviceReadings: number | null;
  localReadings: number | null;
  fetched: number | null;
  /** `unchecked`: the incomplete days left, and the most ranges one sync checks. */
  days?: number;
  maxRanges?: number;
  /** The core's English sentence (always), for Details and the CLI. */
  message: string;
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
  warnings: { meterId: string; note: SyncNote }[];
  /** Meters whose last sync failed, with the reason (the run itself may have succeeded for the rest). */
  meterErrors: { meterId: string; error: ContractError }[];
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
