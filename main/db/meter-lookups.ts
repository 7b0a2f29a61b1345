/**
 * Small reads of the meter structure the handlers need (a metering point for a file name, a meter's
 * status, the sites a meter can be put under) and the record of each export, for data health's
 * "revised since the last export". SQL lives in db/: the handlers call these.
 */
import type Database from 'better-sqlite3';

/** The metering point of a meter, or null for an unknown id. */
export function meteringPointOf(db: Database.Database, meterId: string): string | null {
  return (
    (
      db.prepare('SELECT metering_point FROM meters WHERE id = ?').get(meterId) as
        { metering_point?: string } | undefined
    )?.metering_point ?? null
  );
}

/** A meter's stored status (`connected`, `pending`, …), or null for an unknown id. */
export function meterStatusOf(db: Database.Database, meterId: string): string | null {
  return (
    (db.prepare('SELECT status FROM meters WHERE id = ?').get(meterId) as { status?: string } | undefined)
      ?.status ?? null
  );
}

/** Every site with its customer's name, ordered as the site chooser lists them. */
export function listSites(
  db: Database.Database,
): { id: string; name: string; customerName: string | null; customerId: string | null }[] {
  return db
    .prepare(
      'SELECT s.id, s.name, c.name AS customerName, c.id AS customerId FROM sites s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY c.name, s.name',
    )
    .all() as { id: string; name: string; customerName: string | null; customerId: string | null }[];
}

/** Records one export of these meters (one row each), in one transaction. */
export function recordExport(
  db: Database.Database,
  meterIds: readonly string[],
  e: { exportedSec: number; profile: string; fromSec: number; toSec: number; rows: number },
): void {
  const insert = db.prepare(
    'INSERT INTO exports (meter_id, exported_sec, profile, from_sec, to_sec, rows) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const meterId of meterIds) insert.run(meterId, e.exportedSec, e.profile, e.fromSec, e.toSec, e.rows);
  })();
}
