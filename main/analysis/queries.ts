/**
 * The analyses the query thread answers (query-thread.ts): read-only functions of a profile database
 * whose work can take more than a frame (a portfolio over a thousand meters, three years of one meter),
 * so the main process never waits for them. Each takes the thread's own connection first.
 */
import type Database from 'better-sqlite3';
import { quickCheck } from '../db/open';
import { baseLoad, carpet, compare, duration, health, peaks, portfolio, profiles, pv } from './analysis';
import { buildReport, type ReportRequest } from '../report/model';
import { pageCount, renderReport } from '../report/document';

/** SQLite's quick_check of the profile's file: null when whole (see db/open.ts). */
const integrity = (db: Database.Database): string | null => quickCheck(db);

/** The customer report's PDF (report/), built and rendered here so the main process keeps answering. */
const report = async (
  db: Database.Database,
  req: ReportRequest,
  nowSec: number,
  tz: string,
): Promise<{ pdf: Uint8Array; meters: number; pages: number }> => {
  const model = buildReport(db, req, nowSec, tz);
  const pdf = await renderReport(model);
  const pages = pageCount(pdf);
  return { pdf: new Uint8Array(pdf), meters: model.meters.length, pages };
};

export const queries = {
  peaks,
  baseLoad,
  duration,
  carpet,
  profiles,
  compare,
  health,
  pv,
  portfolio,
  integrity,
  report,
};

export type Queries = typeof queries;
export type QueryName = keyof Queries;
/** A query's arguments after the database. */
export type QueryArgs<N extends QueryName> = Parameters<Queries[N]> extends [unknown, ...infer A] ? A : never;
