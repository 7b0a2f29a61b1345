/**
 * The figures of a customer report (issue 33), gathered from the same functions the screens call — the
 * frame (analysis/frame.ts `figuresOf`), the quality breakdown, peaks, base load, duration, carpet and
 * day profiles (analysis.ts) and the cost model (cost/cost.ts) — over one period, for a meter, a site
 * or a customer. Nothing here computes a figure of its own except the few the report adds and names in
 * its method section (utilisation hours, base-load share, off-hours share). Registers are never summed;
 * a site's or customer's meters stay apart, and totals are per commodity and direction.
 */
import { compareSlp } from '../slp/compare';
import type { CommunityView } from '../../preload/contract';
import { createCommunityStore } from '../db/community-store';
import { communityView } from '../community/community-view';
import type Database from 'better-sqlite3';
import { reportSections } from '../../preload/contract';
import type { CostResult } from '../../preload/contract';
import type { MeterReport, ReportModel, ReportRequest } from './report-types';
import { duration, intervalOf, peaks, profiles } from '../analysis/analysis';
import { figuresOf, frameFor, mainRegister } from '../analysis/frame';
import { checkedLogo } from '../doors/png';
import { personLine, personNotes } from '../doors/person-text';
import { computeCost } from '../cost/compute-cost';
import { aheadOf } from './ahead-part';
import { createTariffStore } from '../db/tariff-store';
import { reportTariffsOf } from '../cost/client-tariffs';
import { tariffSourcesOf } from '../cost/tariff-sources';
import { queryQuality } from '../analysis/quality';
import { listNotes } from '../db/notes';
import { reportMeters, siteOrCustomerName, type ReportMeterRow } from '../db/meter-reads';
import { assertPeriodHasData, periodName } from './period';
import { customerShown } from '../../common/imported-customer';
import { pvSitesOf } from './pv-part';
import { billChecksOf } from './bill-part';
import { watchOf } from './watch-part';
import { baseLoadOf, carpetHours, dayRows, dayTypesOf, measuresOf, monthRows, totalsOf } from './meter-parts';
import { AppError } from '../errors';
import { WORDS } from './words';
import { DEFAULT_TZ } from '../time/local-days';

export const REPORT_SECTIONS = reportSections;
export type { CommunityView };
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export type { ReportRequest, MonthRow, MeterReport, ReportModel } from './report-types';

type MeterRow = ReportMeterRow;

/** The distinct sites of the report's meters (named by name, else address, else id). */
const sitesOf = (rows: MeterRow[]) =>
  [
    ...new Map(
      rows.flatMap((r) =>
        r.site_id ? [[r.site_id, r.site_name ?? r.site_address ?? r.site_id] as const] : [],
      ),
    ),
  ].map(([id, name]) => ({ id, name }));

function metersOf(db: Database.Database, scope: ReportRequest['scope']): MeterRow[] {
  return reportMeters(db, scope);
}

function scopeName(
  db: Database.Database,
  scope: ReportRequest['scope'],
  meters: MeterRow[],
  lang: 'de' | 'en',
): string {
  if (scope.kind === 'meter') return meters[0]?.label ?? meters[0]?.metering_point ?? scope.id;
  const name = siteOrCustomerName(db, scope.kind, scope.id);
  return (scope.kind === 'customer' ? customerShown(scope.id, name, lang) : name) ?? scope.id;
}

function operatorOf(raw: string): string | null {
  try {
    const j = JSON.parse(raw) as Record<string, unknown>;
    const v = j.grid_operator ?? j.gridOperator ?? j.operator ?? j.dso;
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string')
      return (v as { name: string }).name;
  } catch {
    // not JSON: no operator named
  }
  return null;
}

function meterReport(
  db: Database.Database,
  m: MeterRow,
  req: ReportRequest,
  nowSec: number,
  tz: string,
  full: boolean,
  /** A row of the appendix table only (a customer of more than MAX_METER_PAGES meters): figures alone. */
  figuresOnly = false,
): MeterReport | null {
  const s = mainRegister(db, m.id);
  if (!s) return null;
  const framed = frameFor(
    db,
    { meterId: m.id, obisCode: s.obis_code, fromSec: req.fromSec, toSec: req.toSec },
    nowSec,
    tz,
  );
  const figures = figuresOf(db, framed);
  const frame = figures.frame;
  const limits: MeterReport['limits'] = [];
  const intervalSec = intervalOf(db, m.id, s.obis_code);
  if (figures.readings === 0) limits.push('no_data');
  const scope = framed;
  const hasSpan = frame.toSec > frame.fromSec && figures.readings > 0 && !figuresOnly;

  const months = hasSpan ? monthRows(db, m.id, s.obis_code, frame, nowSec, tz) : [];

  const q = hasSpan ? queryQuality(db, { ...scope, detail: true }, tz, nowSec) : null;
  const days = dayRows(db, s.id, q?.days ?? []);

  const quarterHours = intervalSec === 900;
  if (!quarterHours) limits.push('hourly');
  const wantPower = full && hasSpan && quarterHours;
  const pk = wantPower ? peaks(db, scope, 10, tz) : hasSpan && quarterHours ? peaks(db, scope, 3, tz) : null;
  const dur = wantPower ? duration(db, scope, null, 200) : null;
  const prof = wantPower ? profiles(db, scope, tz) : null;
  const dayTypes = wantPower ? dayTypesOf(db, scope, tz) : null;
  const carpetView = wantPower ? carpetHours(db, scope, tz) : null;

  // A feed-in meter has no base load (what it "draws" at night is no feed-in at all).
  const base =
    wantPower && m.energy_direction === 'consumption'
      ? baseLoadOf(db, scope, figures, intervalSec, tz)
      : null;

  let cost: CostResult | null = null;
  // The client's own tariffs (and the unassigned ones only when the profile has one customer): a
  // deliverable never shows another client's tariff (cost/client-tariffs.ts).
  const store = createTariffStore(db);
  const clientTariffs = full && hasSpan ? reportTariffsOf(db, store.list(), m.id) : [];
  if (full && hasSpan && req.sections.includes('cost') && m.energy_direction === 'consumption') {
    const tariffs = clientTariffs.filter(
      (t) => t.direction === 'consumption' && (t.commodity ?? 'electricity') === m.commodity,
    );
    if (tariffs.length === 0) limits.push('no_tariff');
    else if (quarterHours) cost = computeCost(db, store, { ...scope, tariffs, shiftPercent: 10, nowSec }, tz);
  }
  if (m.commodity === 'gas') limits.push('gas_no_power');
  // The standard load profile beside it (issue 47): electricity consumption on quarter-hours.
  const slp =
    wantPower &&
    req.sections.includes('slp') &&
    m.energy_direction === 'consumption' &&
    m.commodity === 'electricity'
      ? compareSlp(
          db,
          { meterId: m.id, obisCode: s.obis_code, fromSec: frame.fromSec, toSec: frame.toSec, profile: null },
          nowSec,
          tz,
          clientTariffs,
        )
      : null;

  const measures =
    full &&
    hasSpan &&
    quarterHours &&
    req.sections.includes('measures') &&
    m.energy_direction === 'consumption' &&
    m.commodity === 'electricity' &&
    figures.peakKw
      ? measuresOf(db, m.site_id, scope, figures.peakKw, cost, clientTariffs, nowSec, tz)
      : null;

  return {
    meter: {
      id: m.id,
      meteringPoint: m.metering_point,
      label: m.label,
      commodity: m.commodity,
      direction: m.energy_direction,
      site: m.site_name,
      siteAddress: m.site_address,
      customer: customerShown(m.customer_id, m.customer_name, req.lang),
      operator: operatorOf(m.raw_json),
    },
    register: s.obis_code,
    intervalSec,
    figures,
    months,
    days,
    gapDays: q?.gapDays ?? [],
    revisionCount: q?.revisionCount ?? 0,
    peaks: pk,
    duration: dur,
    profiles: prof,
    dayTypes,
    carpet: carpetView,
    baseLoad: base,
    utilisationHours:
      figures.peakKw && figures.peakKw > 0 && figures.kwh > 0 ? figures.kwh / figures.peakKw : null,
    cost,
    tariffSources: cost
      ? tariffSourcesOf(
          cost.tariffs.map((t) => t.tariffId),
          store.list(),
        )
      : [],
    bills: cost ? billChecksOf(db, { meterId: m.id, obisCode: s.obis_code, ...frame }, nowSec, tz) : [],
    ahead:
      m.energy_direction === 'consumption'
        ? aheadOf(db, req.billAhead ?? null, { meterId: m.id, obisCode: s.obis_code }, nowSec, tz)
        : null,
    limits,
    notes: figuresOnly ? [] : listNotes(db, m.id, { fromSec: req.fromSec, toSec: req.toSec }),
    measures,
    slp,
  };
}

/** Everything a report shows, in one frame per meter over the request's period. */
/**
 * Meters a report gives a page each; a customer of more gets a summary report with every meter as a
 * row of its table (a 2 000-meter customer made 2 027 pages in 4 minutes at 3 GB, issue 43, item 8).
 */
export const MAX_METER_PAGES = 50;

export function buildReport(
  db: Database.Database,
  asked: ReportRequest,
  nowSec: number,
  tz = DEFAULT_TZ,
  /** Meters done of all (progress: the model is most of a large report's time). */
  onMeter?: (done: number, of: number) => void,
): ReportModel {
  // Every surface (app, CLI) passes here: the person's text and logo through the doors, once.
  const req: ReportRequest = {
    ...asked,
    periodLabel: periodName(personLine(asked.periodLabel, 80) ?? '', asked.lang),
    consultant: {
      name: personLine(asked.consultant?.name),
      logoPng: asked.consultant?.logoPng ? checkedLogo(asked.consultant.logoPng) : null,
    },
    conclusions: personNotes(asked.conclusions),
  };
  const rows = metersOf(db, req.scope);
  if (rows.length === 0)
    throw new AppError(
      'not_found',
      `No ${req.scope.kind} "${req.scope.id}" with meters in this profile ("meterdesk meters", "sites" list the ids).`,
      { reason: 'report_scope_unknown' },
    );
  // A single meter gets every section in full; a site's or customer's meters one page each after a
  // summary (50 meters ≈ 50 pages, issue 33), so their power views are the figures, not the charts.
  const full = req.scope.kind === 'meter' || rows.length <= 3;
  const appendix = rows.length > MAX_METER_PAGES;
  const meters: MeterReport[] = [];
  const withoutData: ReportModel['withoutData'] = [];
  onMeter?.(0, rows.length);
  for (const [i, m] of rows.entries()) {
    const r = meterReport(db, m, req, nowSec, tz, full, appendix);
    if (r) meters.push(r);
    else withoutData.push({ id: m.id, meteringPoint: m.metering_point, label: m.label });
    // Counted as each meter is done (a 2-meter report said "0 of 2" for its whole 13 s).
    onMeter?.(i + 1, rows.length);
  }
  if (meters.length === 0)
    throw new AppError(
      'not_found',
      `No readings of ${req.scope.kind === 'meter' ? 'this meter' : `any meter of this ${req.scope.kind}`} in this profile: sync or import first.`,
      { reason: 'report_no_readings' },
    );
  // A period none of them holds a reading of: refused with the span the data covers (period.ts).
  assertPeriodHasData(
    db,
    rows.map((m) => m.id),
    meters.reduce((a, m) => a + m.figures.readings, 0),
    nowSec,
    tz,
  );
  return {
    request: req,
    title: WORDS[req.lang].title,
    scopeName: scopeName(db, req.scope, rows, req.lang),
    generatedSec: nowSec,
    meters,
    totals: totalsOf(meters),
    watch: watchOf(db, meters),
    compact: !full,
    appendix,
    withoutData,
    pvSites: appendix
      ? []
      : pvSitesOf(db, sitesOf(rows), { fromSec: req.fromSec, toSec: req.toSec }, nowSec, tz),
    community: req.communityId
      ? communityView(db, createCommunityStore(db), req.communityId, req, nowSec, tz)
      : null,
  };
}
