/**
 * What the query thread answers (query-thread.ts): every read that can take more than a frame — the
 * analyses, cost, the bill, the battery, peak shaving, the community view and what-if, the tables of
 * the CSV exports and the report — so the main process never waits for one. Each gets the thread's
 * read-only connection first.
 *
 * Every figure of one register is framed here, in the thread, by `frameFor` at the "now" the main
 * side's clock sent: a door cannot hand a figure a raw span (analysis/frame.ts `Framed`).
 */
import { evaluateWatch } from '../watch/rules';
import { buildWorkbook, type WorkbookQuery } from '../export/workbook';
import { buildManyWorkbook, type ManyWorkbookQuery } from '../export/workbook-many';
import type { WorkbookProgress } from '../export/workbook-run';
import { slpTable } from '../slp/slp-table';
import { compareSlp } from '../slp/compare';
import { billAhead, type BillAheadQuery } from '../cost/bill-ahead';
import { powerScenario, type PowerScenarioQuery } from '../cost/power-scenario';
import type Database from 'better-sqlite3';
import { openDatabase, quickCheck } from '../db/open';
import {
  baseLoad,
  carpet,
  compare,
  duration,
  health,
  peaks,
  portfolio,
  profiles,
} from '../analysis/analysis';
import { pv, pvFrames } from '../analysis/pv';
import { frameFor, type FrameRequest } from '../analysis/frame';
import { analysisTable } from '../analysis/tables';
import { buildReport, type ReportRequest } from '../report/model';
import { AppError } from '../errors';
import { createCostService } from '../cost/cost-service';
import { readPriceFile } from '../cost/price-file';
import { costTable } from '../cost/cost-tables';
import { reconcileBill, type Bill } from '../cost/bill';
import { createTariffStore } from '../db/tariff-store';
import { createCommunityService } from '../community/community-service';
import { fixedClock } from '../time/clock';

type Db = Database.Database;
const framed = (db: Db, req: FrameRequest, nowSec: number, tz: string) => frameFor(db, req, nowSec, tz);
const costOf = (db: Db, nowSec: number, tz: string) => createCostService(db, tz, fixedClock(nowSec));
type CostService = ReturnType<typeof createCostService>;
type CommunityService = ReturnType<typeof createCommunityService>;

/** The customer report's PDF (report/), built and rendered here so the main process keeps answering. */
const report = async (
  db: Db,
  req: ReportRequest,
  nowSec: number,
  tz: string,
  /** Set to 1 by the main thread to stop the report (a SharedArrayBuffer: seen here at once). */
  cancel: Int32Array | null,
  emit: (p: { phase: 'meters' | 'layout'; done: number; of: number }) => void = () => undefined,
): Promise<{ pdf: Uint8Array; meters: number; pages: number; scopeName: string }> => {
  const stopIfCancelled = () => {
    if (cancel && Atomics.load(cancel, 0) === 1)
      throw new AppError('cancelled', 'The report was cancelled; nothing was written.', {
        reason: 'report_cancelled',
      });
  };
  const model = buildReport(db, req, nowSec, tz, (done, of) => {
    stopIfCancelled();
    emit({ phase: 'meters', done, of });
  });
  stopIfCancelled();
  emit({ phase: 'layout', done: model.meters.length, of: model.meters.length });
  // The PDF layout (react-pdf, fonts: most of this thread's code) loads with the first report.
  const { pageCount, renderReport } = await import('../report/document');
  const pdf = await renderReport(model);
  stopIfCancelled();
  const pages = pageCount(pdf);
  return { pdf: new Uint8Array(pdf), meters: model.meters.length, pages, scopeName: model.scopeName };
};

export const queries = {
  peaks: (db: Db, req: FrameRequest, nowSec: number, tz: string, topN: number) =>
    peaks(db, framed(db, req, nowSec, tz), topN, tz),
  baseLoad: (db: Db, req: FrameRequest, nowSec: number, tz: string) =>
    baseLoad(db, framed(db, req, nowSec, tz), tz),
  duration: (db: Db, req: FrameRequest, nowSec: number, tz: string, thresholdKw: number | null) =>
    duration(db, framed(db, req, nowSec, tz), thresholdKw),
  carpet: (db: Db, req: FrameRequest, nowSec: number, tz: string) =>
    carpet(db, framed(db, req, nowSec, tz), tz),
  profiles: (db: Db, req: FrameRequest, nowSec: number, tz: string) =>
    profiles(db, framed(db, req, nowSec, tz), tz),
  compare: (db: Db, req: FrameRequest, nowSec: number, tz: string, shift: 'week' | 'month' | 'year') =>
    compare(db, framed(db, req, nowSec, tz), shift, tz),
  health: (db: Db, req: FrameRequest, nowSec: number, tz: string) => health(db, framed(db, req, nowSec, tz)),
  pv: (db: Db, siteId: string, span: { fromSec: number; toSec: number }, nowSec: number, tz: string) =>
    pv(db, pvFrames(db, siteId, span, nowSec, tz)),
  portfolio,
  /** Answers once the thread has loaded and opened the profile: a profile's open warms the thread with it. */
  ready: (): true => true,
  /** SQLite's quick_check of the profile's file: null when whole (see db/open.ts). */
  integrity: (db: Db): string | null => quickCheck(db),
  report,
  /** The watch list's rules over the profile's rollups (watch/rules.ts); recorded by the caller. */
  watch: (db: Db, nowSec: number, tz: string) => evaluateWatch(db, nowSec, tz),
  /** A register's Excel workbook (export/workbook.ts): its bytes, written by the caller. */
  workbook: (
    db: Db,
    q: WorkbookQuery,
    nowSec: number,
    tz: string,
    cancel: Int32Array | null = null,
    emit: (p: WorkbookProgress) => void = () => undefined,
  ) => buildWorkbook(db, q, nowSec, tz, { cancel, emit }),
  /** Several registers' workbook (export/workbook-many.ts). */
  workbookMany: (
    db: Db,
    q: ManyWorkbookQuery,
    nowSec: number,
    tz: string,
    cancel: Int32Array | null = null,
    emit: (p: WorkbookProgress) => void = () => undefined,
  ) => buildManyWorkbook(db, q, nowSec, tz, { cancel, emit }),
  /** An analysis or cost table for a CSV export: the same result object as its screen, as rows. */
  table: (
    db: Db,
    kind: string,
    params: Record<string, string | number | null>,
    nowSec: number,
    tz: string,
  ) =>
    kind === 'cost' || kind === 'battery' || kind === 'peakShaving'
      ? costTable(db, kind, params, tz, nowSec)
      : kind === 'slp'
        ? slpTable(db, params, nowSec, tz)
        : analysisTable(db, kind, params, nowSec, tz),
  cost: (db: Db, q: Parameters<CostService['cost']>[0], nowSec: number, tz: string) =>
    costOf(db, nowSec, tz).cost(q),
  battery: (db: Db, q: Parameters<CostService['battery']>[0], nowSec: number, tz: string) =>
    costOf(db, nowSec, tz).battery(q),
  peakShaving: (db: Db, q: Parameters<CostService['peakShaving']>[0], nowSec: number, tz: string) =>
    costOf(db, nowSec, tz).peakShaving(q),
  powerScenario: (db: Db, q: PowerScenarioQuery, nowSec: number, tz: string) =>
    powerScenario(db, q, nowSec, tz),
  compareSlp: (db: Db, q: Parameters<typeof compareSlp>[1], nowSec: number, tz: string) =>
    compareSlp(db, q, nowSec, tz),
  billAhead: (db: Db, q: BillAheadQuery, nowSec: number, tz: string) =>
    billAhead(db, costOf(db, nowSec, tz), q, nowSec, tz),
  bill: (
    db: Db,
    q: { meterId: string; obisCode: string; fromSec: number; toSec: number; tariffId: string; bill: Bill },
    nowSec: number,
    tz: string,
  ) => {
    const { tariffId, ...rest } = q;
    return reconcileBill(db, { ...rest, tariff: createTariffStore(db).get(tariffId) }, nowSec, tz);
  },
  /** A price file's bytes read into prices (a year of quarter-hours, a large XML): off the main process. */
  parsePrices: (_db: Db, bytes: Uint8Array, tz: string) => readPriceFile(bytes, tz),
  /**
   * An EDA report imported as a community, read and written here (reading a year × 20 members froze
   * the app for 12 s on the main process; issue 61: then the write held the main
   * window 4.5–16 s): one transaction on a writable connection of its own, opened for it and closed
   * after; WAL lets the window read meanwhile.
   */
  importCommunity: async (
    db: Db,
    q: Parameters<CommunityService['importReport']>[0],
    bytes: Uint8Array,
    nowSec: number,
    tz: string,
  ) => {
    const writer = openDatabase(db.name);
    try {
      return await createCommunityService(writer, tz).importReport(q, bytes, nowSec);
    } finally {
      writer.close();
    }
  },
  communityView: (db: Db, id: string, span: { fromSec: number; toSec: number }, nowSec: number, tz: string) =>
    createCommunityService(db, tz).view(id, span, nowSec),
  communityWhatIf: (db: Db, q: Parameters<CommunityService['whatIf']>[0], nowSec: number, tz: string) =>
    createCommunityService(db, tz).whatIf(q, nowSec),
};

export type Queries = typeof queries;
export type QueryName = keyof Queries;
/** A query's arguments after the database. */
export type QueryArgs<N extends QueryName> = Parameters<Queries[N]> extends [unknown, ...infer A] ? A : never;
