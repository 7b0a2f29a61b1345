/**
 * What the channels answer (contract.ts lists the channels): meters, series, frames, every analysis
 * figure, sync status, notes, reports and exports. Types only, besides the analysis kinds.
 */
import * as plain from './contract-plain';
import type { ContractError } from './errors-contract';

export * from './analysis-contract';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** 'electron' in the desktop app, 'harness' in the browser harness. */
  shell: 'electron' | 'harness';
  dataDir: string;
  locale: string;
  /**
   * Where the data folder lives: on a network share or in a folder a sync client copies, SQLite is not
   * safe (main/profiles/place.ts); `name` is the file system or the sync service.
   */
  place: { kind: 'local' | 'network' | 'synced'; name: string };
}

/** What a merge would do (main/db/merge-preview.ts), before anything is written. */
export interface MergePreview {
  /** Readings the merged meter holds. */
  offered: number;
  /** Of them, at times the other meter holds nothing yet. */
  added: number;
  /** At times the other meter holds the same value. */
  same: number;
  /** At times the other meter holds another value: kept, unless replaced. */
  conflicts: number;
  /** Of the conflicts, those the merge would replace (`replace`, never a service meter's own). */
  replaced: number;
  registers: string[];
  /** The first conflicting quarter-hours: the other meter's value and the merged meter's. */
  sample: { obisCode: string; startSec: number; intoKwh: number; fromKwh: number }[];
}

/** What a profile backup holds (its manifest, main/db/backup.ts), as counts a person can check. */
export interface BackupManifest {
  format: 'meterdesk-backup';
  version: 1;
  createdSec: number;
  profileName: string;
  /** The profile's kind when it was backed up; a restored profile is always local (no token travels). */
  profileKind: string;
  /** The account it synced from, if any (its token stays in the keychain it was in). */
  account: { baseUrl: string; team: string } | null;
  schema: number;
  meters: number;
  series: number;
  readings: number;
  revisions: number;
  /** The first and last local day with readings (days since 1970-01-01), or null. */
  firstDay: number | null;
  lastDay: number | null;
  notes: number;
  tariffs: number;
  communities: number;
  communityMembers: number;
  imports: number;
}

export interface BackupResult {
  path: string;
  manifest: BackupManifest;
}

export interface RestoreResult {
  profile: ProfileView;
  manifest: BackupManifest;
}

export interface ProfileView {
  id: string;
  name: string;
  /**
   * 'local': no account; the profile holds imported files only. 'team': a team's store on PostgreSQL
   * (issue 63), which the app reads as a copy (`teamStore`).
   */
  kind: 'demo' | 'account' | 'local' | 'team';
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
  /** A team profile's server, and (once opened) the copy the app reads. */
  teamStore?: TeamStoreView;
}

export interface TeamStoreView {
  /** `user@host:port/database`, and the TLS mode. */
  server: string;
  ssl: 'disable' | 'require' | 'verify-full';
  /** When the copy the app reads was taken; null before the profile was opened in this run. */
  copiedSec: number | null;
  /** Why no newer copy was taken at the last open (the server away, a refused password), else null. */
  problem: ContractError | null;
  /** When the server said it holds newer readings than the copy (null: not since the copy), and of how many meters. */
  changedSec: number | null;
  changedMeters: number;
  /** A newer copy is being taken while the app reads this one. */
  refreshing: boolean;
  /** When the newer copy taken meanwhile was complete (the next open reads it), else null. */
  newerCopySec: number | null;
  /**
   * How the copy read now was made: the whole store, or the last copy brought up to date with the days
   * that changed since (how many); null before the profile was opened in this run.
   */
  copyMade?: { whole: boolean; days: number } | null;
}

export interface QualityCounts {
  measured: number;
  estimated: number;
  unreliable: number;
}

export interface MeterView {
  id: string;
  /** What the person marked it as (household, business, farm), or null. */
  usageClass: 'household' | 'business' | 'agriculture' | null;
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
  /** Findings of the watch list on this meter that hold and were not seen yet (issue 45). */
  watchUnseen: number;
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
  /**
   * Up to when the register owes data (analysis/horizon.ts): a synced meter up to the account's
   * newest delivery or the delivery delay, an imported one up to its files' end; never after now.
   */
  horizonSec: number;
  /** Why it ends there: the account's delivery, the delay passed, the files' end, its own data, now. */
  horizonKind: 'delivered' | 'due' | 'files' | 'data' | 'now';
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
  customerId: string | null;
}

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
  /** Counted up by every change; a change made on an older version is refused (issue 63). */
  version: number;
  /** When it was last changed (made, at first), and by whom ("anna@laptop-graz"; null: not recorded). */
  changedSec: number;
  changedBy: string | null;
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
