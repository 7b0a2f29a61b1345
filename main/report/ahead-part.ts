/**
 * The report's bill ahead (issue 44, item 7): for each consumption meter of the report, the billing
 * year around the report's "now" under the tariff the person chose — so far, the rest projected, the
 * partial payments — by the same computation as the app's and the CLI's (cost/bill-ahead.ts). A meter
 * the tariff cannot price (another commodity, no readings) says why instead of a figure.
 */
import type Database from 'better-sqlite3';
import type { BillAheadResult } from '../../preload/contract';
import { billAhead, type BillAheadQuery } from '../cost/bill-ahead';
import { createCostService } from '../cost/cost-service';
import { AppError } from '../errors';
import { fixedClock } from '../time/clock';

export interface ReportAhead {
  tariff: string;
  result: BillAheadResult | null;
  /** Why there is no result (the computation's own words), or null. */
  error: string | null;
}

export function aheadOf(
  db: Database.Database,
  q: Omit<BillAheadQuery, 'meterId' | 'obisCode'> | null,
  reg: { meterId: string; obisCode: string },
  nowSec: number,
  tz: string,
): ReportAhead | null {
  if (!q) return null;
  const svc = createCostService(db, tz, fixedClock(nowSec));
  const tariff = svc.store.list().find((t) => t.id === q.tariffId);
  if (!tariff)
    return { tariff: q.tariffId, result: null, error: `No tariff "${q.tariffId}" in this profile.` };
  try {
    return { tariff: tariff.name, result: billAhead(db, svc, { ...q, ...reg }, nowSec, tz), error: null };
  } catch (err) {
    if (err instanceof AppError) return { tariff: tariff.name, result: null, error: err.message };
    throw err;
  }
}
