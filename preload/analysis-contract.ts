/** What the analysis channels answer: peaks, base load, duration, carpet, profiles, comparison, PV, data health, portfolio. */
import type { FrameView, QualityCounts } from './results-contract';

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
  /** The customer's id (the imported files' customer is named in the reader's language). */
  customerId: string | null;
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
