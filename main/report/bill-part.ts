/**
 * The report's bill check (issue 42, item 20): each bill the person kept for the meter's register whose
 * period meets the report's, compared again with the readings as they are now (cost/bill.ts, the same
 * reconciliation as the app's bill dialog). A kept bill whose tariff was removed since is listed and said.
 */
import type Database from 'better-sqlite3';
import type { BillReconciliation } from '../../preload/contract';
import { reconcileBill } from '../cost/bill';
import { keptBills } from '../db/bill-store';
import { createTariffStore } from '../db/tariff-store';

export interface ReportBillCheck {
  keptId: number;
  fromSec: number;
  toSec: number;
  /** The tariff's name; null when it was removed since the bill was kept. */
  tariff: string | null;
  reconciliation: BillReconciliation | null;
}

export function billChecksOf(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number },
  nowSec: number,
  tz: string,
): ReportBillCheck[] {
  const tariffs = createTariffStore(db).list();
  return keptBills(db, q.meterId, q)
    .filter((b) => b.obisCode === q.obisCode)
    .map((b) => {
      const tariff = tariffs.find((t) => t.id === b.tariffId) ?? null;
      return {
        keptId: b.id,
        fromSec: b.fromSec,
        toSec: b.toSec,
        tariff: tariff?.name ?? null,
        reconciliation: tariff
          ? reconcileBill(
              db,
              {
                meterId: b.meterId,
                obisCode: b.obisCode,
                fromSec: b.fromSec,
                toSec: b.toSec,
                tariff,
                bill: b.bill,
              },
              nowSec,
              tz,
            )
          : null,
      };
    });
}
