/**
 * What a customer report holds (model.ts builds it, document.tsx lays it out): the request as asked,
 * each meter's figures and parts, and the whole report's totals and sections.
 */
import type { TariffSource } from '../cost/tariff-sources';
import type {
  BatteryResult,
  CommunityView,
  CostResult,
  DurationResult,
  NoteView,
  PeakShavingResult,
  PeaksResult,
  ProfilesResult,
  RangeFigures,
  SlpCompareResult,
} from '../../preload/contract';
import type { reportSections } from '../../preload/contract';
import type { BillAheadQuery } from '../cost/bill-ahead';
import type { ReportAhead } from './ahead-part';
import type { PvSite } from './pv-part';
import type { ReportBillCheck } from './bill-part';
import type { ReportWatchItem } from './watch-part';

type ReportSection = (typeof reportSections)[number];

export interface ReportRequest {
  scope: { kind: 'meter' | 'site' | 'customer'; id: string };
  fromSec: number;
  toSec: number;
  /** The period as the person named it (`2025`, `2025-03`, or a span), for the title. */
  periodLabel: string;
  lang: 'de' | 'en';
  sections: ReportSection[];
  consultant?: { name?: string | null; logoPng?: Uint8Array | null };
  conclusions?: string | null;
  /** Indicators the person enters: energy per m², per person. */
  indicators?: { areaM2?: number | null; persons?: number | null };
  /** An energy community of the profile: the report gains its section (issue 35). */
  communityId?: string | null;
  /** The bill ahead under this tariff for each consumption meter (issue 44, item 7). */
  billAhead?: Omit<BillAheadQuery, 'meterId' | 'obisCode'> | null;
}

export interface MonthRow {
  month: string;
  /** Where the month's frame begins after its first day or ends before its last (else null). */
  cutFromSec: number | null;
  cutToSec: number | null;
  kwh: number;
  readings: number;
  expected: number;
  completeness: number;
  peakKw: number | null;
  quality: RangeFigures['quality'];
  /** The same month a year earlier (its own frame), or null without data. */
  previousKwh: number | null;
}

export interface MeterReport {
  meter: {
    id: string;
    meteringPoint: string;
    label: string | null;
    commodity: string;
    direction: string;
    site: string | null;
    siteAddress: string | null;
    customer: string | null;
    operator: string | null;
  };
  register: string;
  intervalSec: 900 | 3600;
  figures: RangeFigures;
  months: MonthRow[];
  /** Local days of the frame with their kWh (null: no reading that day), and the same date a year earlier. */
  days: { day: string; kwh: number | null; completeness: number; previousKwh: number | null }[];
  gapDays: string[];
  revisionCount: number;
  /** Quarter-hour views; null for an hourly series (said in the report). */
  peaks: PeaksResult | null;
  duration: DurationResult | null;
  profiles: ProfilesResult | null;
  /**
   * Typical days as consultants show them: mean kW per wall-clock quarter-hour of workdays, Saturdays,
   * and Sundays and Austrian public holidays (time/holidays.ts); null for a slot without readings.
   */
  dayTypes: {
    workday: (number | null)[];
    saturday: (number | null)[];
    sundayHoliday: (number | null)[];
  } | null;
  /** Mean kW per local day and wall-clock hour (the carpet, by hour), null = no reading. */
  carpet: { days: string[]; hours: (number | null)[][]; maxKw: number } | null;
  baseLoad: {
    meanP5Kw: number | null;
    nightMinMeanKw: number | null;
    /** The base load's energy over the frame ÷ the frame's energy. */
    shareOfEnergy: number | null;
    /** Energy outside Monday–Friday 07:00–19:00 ÷ all energy. */
    offHoursShare: number | null;
    /** Energy in the SNAP window (1 April – 30 September, 10:00–16:00 local) ÷ all energy, and its kWh. */
    snapShare: number | null;
    snapKwh: number;
  } | null;
  /** kWh ÷ highest kW of the frame. */
  utilisationHours: number | null;
  cost: CostResult | null;
  /** Each tariff of the cost table (each part of a combination) with its source (cost/tariff-sources.ts). */
  tariffSources: TariffSource[];
  /** Bills the person kept, compared again with the readings (report/bill-part.ts). */
  bills: ReportBillCheck[];
  /** The bill ahead under the tariff the request names (report/ahead-part.ts); null: not asked. */
  ahead: ReportAhead | null;
  /** The real profile against the standard load profile suggested for the meter (slp/compare.ts). */
  slp: SlpCompareResult | null;
  /**
   * Measures on the same quarter-hours, with the views' functions: a peak cap at 80 % of the highest
   * quarter-hour (the battery it needs and the power price it saves), a 5 kWh battery at a site with a
   * PV feed-in meter, and shifting 10 % of the four most expensive hours under spot tariffs.
   */
  measures: {
    peakShaving: PeakShavingResult | null;
    battery: BatteryResult | null;
    shifting: { tariff: string; shiftPercent: number; savingsEur: number; expensiveShare: number }[];
    /**
     * The client's tariffs each saving is priced on (never another client's, never an example unsaid):
     * the peak cap's on a tariff with a power price on the client's grid row, the battery's on the
     * cheapest complete tariff; null when the client has none.
     */
    pricedOn: {
      peakShaving: { name: string; isExample: boolean } | null;
      battery: { name: string; isExample: boolean } | null;
    };
  } | null;
  /** The meter's notes on the meter and on spans meeting the period (db/notes.ts). */
  notes: NoteView[];
  /** Why a section has less than it could (an hourly series, no tariff …), in the report's words. */
  limits: ('hourly' | 'no_tariff' | 'gas_no_power' | 'no_data')[];
}

export interface ReportModel {
  request: ReportRequest;
  title: string;
  scopeName: string;
  generatedSec: number;
  meters: MeterReport[];
  /** Totals per commodity, direction and register (never one number across them). */
  totals: { commodity: string; direction: string; register: string; meters: number; kwh: number }[];
  /** One page per meter (a site or customer of more than three meters): the figures, not every chart. */
  compact: boolean;
  /**
   * More than MAX_METER_PAGES meters: no page per meter; the summary's table holds every meter (its
   * figures), said on the cover.
   */
  appendix: boolean;
  /** Meters of the scope without readings of any register (listed in the summary, no page). */
  withoutData: { id: string; meteringPoint: string; label: string | null }[];
  /** The community's view over the report's period, where one was chosen (its own page). */
  community: CommunityView | null;
  /** Sites of the scope with PV (import and export registers): a page each (pv-part.ts). */
  pvSites: PvSite[];
  /** The watch list's findings that hold on the report's meters (watch-part.ts). */
  watch: ReportWatchItem[];
}
