/**
 * Bills kept in the profile (issue 42, item 20), behind db/: a reconciled bill the person chose to keep,
 * as typed — its period, register, the tariff it was compared with and its lines. Nothing here is a
 * figure: the report compares a kept bill again with the readings as they are (cost/bill.ts).
 */
import type Database from 'better-sqlite3';
import type { KeptBillView } from '../../preload/contract';

export type KeptBill = KeptBillView;

interface Row {
  id: number;
  meter_id: string;
  obis_code: string;
  from_sec: number;
  to_sec: number;
  tariff_id: string;
  bill_json: string;
  kept_sec: number;
}

const view = (r: Row): KeptBill => ({
  id: r.id,
  meterId: r.meter_id,
  obisCode: r.obis_code,
  fromSec: r.from_sec,
  toSec: r.to_sec,
  tariffId: r.tariff_id,
  // A bill kept before bills had parts (issue 44, item 5) reads as one without them.
  bill: { parts: [], ...(JSON.parse(r.bill_json) as Partial<KeptBill['bill']>) } as KeptBill['bill'],
  keptSec: r.kept_sec,
});

/** Keeps a bill; the same meter, register and period kept again replaces nothing: it is a second bill. */
export function keepBill(db: Database.Database, b: Omit<KeptBill, 'id'>): KeptBill {
  const id = db
    .prepare(
      'INSERT INTO kept_bills (meter_id, obis_code, from_sec, to_sec, tariff_id, bill_json, kept_sec) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(b.meterId, b.obisCode, b.fromSec, b.toSec, b.tariffId, JSON.stringify(b.bill), b.keptSec)
    .lastInsertRowid as number;
  return { ...b, id };
}

/** A meter's kept bills, oldest period first; with a span, those whose period overlaps it. */
export function keptBills(
  db: Database.Database,
  meterId: string,
  span?: { fromSec: number; toSec: number },
): KeptBill[] {
  const rows = span
    ? db
        .prepare(
          'SELECT * FROM kept_bills WHERE meter_id = ? AND from_sec < ? AND to_sec > ? ORDER BY from_sec, id',
        )
        .all(meterId, span.toSec, span.fromSec)
    : db.prepare('SELECT * FROM kept_bills WHERE meter_id = ? ORDER BY from_sec, id').all(meterId);
  return (rows as Row[]).map(view);
}

export function removeKeptBill(db: Database.Database, id: number): boolean {
  return db.prepare('DELETE FROM kept_bills WHERE id = ?').run(id).changes > 0;
}
