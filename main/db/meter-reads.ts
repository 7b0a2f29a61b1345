/**
 * Reads of the meter structure (meters, sites, customers, tariffs' rows) for the views, the CLI, the
 * report and the import's choice of target: every SQL statement on those tables outside the writers
 * lives here or in the stores beside it (issue 41, item 6).
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';

/** A meter's stored row (what the readers of main/ need of it). */
export interface MeterRow {
  id: string;
  metering_point: string;
  label: string | null;
  energy_direction: string;
  commodity: string;
  site_id: string | null;
  status: string;
  latest_data_sec: number | null;
  raw_json: string;
}
const METER_COLUMNS =
  'id, metering_point, label, energy_direction, commodity, site_id, status, latest_data_sec, raw_json';

/** The meter of this id, or null. */
export function meterRow(db: Database.Database, id: string): MeterRow | null {
  return db.prepare<[string], MeterRow>(`SELECT ${METER_COLUMNS} FROM meters WHERE id = ?`).get(id) ?? null;
}

/** The meters of this metering point (consumption and feed-in may share one), as stored. */
export function metersAtPoint(db: Database.Database, meteringPoint: string): MeterRow[] {
  return db
    .prepare<[string], MeterRow>(`SELECT ${METER_COLUMNS} FROM meters WHERE metering_point = ?`)
    .all(meteringPoint);
}

/** The meter a person named by its id or its metering point (the id wins), or null. */
export function meterByIdOrPoint(
  db: Database.Database,
  idOrPoint: string,
): { id: string; metering_point: string } | null {
  return (
    db
      .prepare<[string, string, string], { id: string; metering_point: string }>(
        'SELECT id, metering_point FROM meters WHERE id = ? OR metering_point = ? ORDER BY id = ? DESC LIMIT 1',
      )
      .get(idOrPoint, idOrPoint, idOrPoint) ?? null
  );
}

/** A site's meters (of one commodity, when given), by id. */
export function metersOfSite(
  db: Database.Database,
  siteId: string,
  commodity?: string,
): { id: string; label: string | null }[] {
  return commodity === undefined
    ? db
        .prepare<[string], { id: string; label: string | null }>(
          'SELECT id, label FROM meters WHERE site_id = ? ORDER BY id',
        )
        .all(siteId)
    : db
        .prepare<[string, string], { id: string; label: string | null }>(
          'SELECT id, label FROM meters WHERE site_id = ? AND commodity = ? ORDER BY id',
        )
        .all(siteId, commodity);
}

/** Whether any meter's id starts with this prefix (the demo community's `demo-eeg-`). */
export function hasMeterPrefixed(db: Database.Database, prefix: string): boolean {
  return !!db.prepare("SELECT 1 FROM meters WHERE id LIKE ? || '%' LIMIT 1").get(prefix);
}

/** The CLI's `meters`: every meter with its site's customer, by metering point. */
export function meterListing(db: Database.Database) {
  return db
    .prepare(
      `SELECT m.id, m.metering_point, m.label, m.commodity, m.energy_direction, m.status, m.site_id, s.customer_id
         FROM meters m LEFT JOIN sites s ON s.id = m.site_id ORDER BY m.metering_point, m.id`,
    )
    .all() as {
    id: string;
    metering_point: string;
    label: string | null;
    commodity: string;
    energy_direction: string;
    status: string;
    site_id: string | null;
    customer_id: string | null;
  }[];
}

/** The CLI's `sites`: each site with its customer and how many meters it has. */
export function siteListing(db: Database.Database) {
  return db
    .prepare(
      `SELECT s.id, s.name, s.customer_id, c.name AS customer, (SELECT count(*) FROM meters m WHERE m.site_id = s.id) AS meters
         FROM sites s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY c.name, s.name`,
    )
    .all() as {
    id: string;
    name: string;
    customer_id: string | null;
    customer: string | null;
    meters: number;
  }[];
}

/** Every stored tariff as its id and JSON, by id. */
export function tariffRows(db: Database.Database): { id: string; json: string }[] {
  return db.prepare('SELECT id, json FROM tariffs ORDER BY id').all() as { id: string; json: string }[];
}

/** The portfolio's meters (of one customer, or all), by customer and label. */
export function portfolioMeters(db: Database.Database, customerId: string | null) {
  return db
    .prepare<
      [string | null, string | null],
      {
        id: string;
        label: string | null;
        metering_point: string;
        customer: string | null;
        customer_id: string | null;
        commodity: string;
        energy_direction: string;
      }
    >(
      `SELECT m.id, m.label, m.metering_point, c.name AS customer, c.id AS customer_id, m.commodity, m.energy_direction FROM meters m
         LEFT JOIN sites s ON s.id = m.site_id LEFT JOIN customers c ON c.id = s.customer_id
        WHERE (? IS NULL OR c.id = ?) ORDER BY c.name, m.label`,
    )
    .all(customerId, customerId);
}

/** A report's meter, with its site and customer. */
export interface ReportMeterRow {
  id: string;
  metering_point: string;
  label: string | null;
  commodity: string;
  energy_direction: string;
  site_id: string | null;
  site_name: string | null;
  site_address: string | null;
  customer_id: string | null;
  customer_name: string | null;
  raw_json: string;
}

/** The meters a report covers: one meter (by id or metering point), a site's, or a customer's. */
export function reportMeters(
  db: Database.Database,
  scope: { kind: 'meter' | 'site' | 'customer'; id: string },
): ReportMeterRow[] {
  const base = `SELECT m.id, m.metering_point, m.label, m.commodity, m.energy_direction, m.site_id, s.name AS site_name,
      s.address AS site_address, c.id AS customer_id, c.name AS customer_name, m.raw_json
    FROM meters m LEFT JOIN sites s ON s.id = m.site_id LEFT JOIN customers c ON c.id = s.customer_id`;
  return (
    scope.kind === 'meter'
      ? db.prepare(`${base} WHERE m.id = ? OR m.metering_point = ?`).all(scope.id, scope.id)
      : scope.kind === 'site'
        ? db.prepare(`${base} WHERE m.site_id = ? ORDER BY m.label, m.id`).all(scope.id)
        : db.prepare(`${base} WHERE s.customer_id = ? ORDER BY s.name, m.label, m.id`).all(scope.id)
  ) as ReportMeterRow[];
}

/** The name of a site or a customer, or null for an unknown id. */
export function siteOrCustomerName(
  db: Database.Database,
  kind: 'site' | 'customer',
  id: string,
): string | null {
  const r = (
    kind === 'site'
      ? db.prepare('SELECT name FROM sites WHERE id = ?').get(id)
      : db.prepare('SELECT name FROM customers WHERE id = ?').get(id)
  ) as { name: string } | undefined;
  return r?.name ?? null;
}

/** A meter with its site and customer (the watch thresholds' scopes); unknown meter: refused. */
export function placeOfMeter(
  db: Database.Database,
  meterId: string,
): { meterId: string; siteId: string | null; customerId: string | null } {
  const r = db
    .prepare<[string], { site_id: string | null; customer_id: string | null }>(
      'SELECT m.site_id, s.customer_id FROM meters m LEFT JOIN sites s ON s.id = m.site_id WHERE m.id = ?',
    )
    .get(meterId);
  if (!r)
    throw new AppError('not_found', `No meter "${meterId}" in this profile.`, {
      reason: 'unknown_in_profile',
      params: { kind: 'meter', id: meterId },
    });
  return { meterId, siteId: r.site_id, customerId: r.customer_id };
}

/** A meter's client: its site, the site's customer and address (where the place chooses presets). */
export function clientRow(
  db: Database.Database,
  meterId: string,
): { meterId: string; siteId: string | null; customerId: string | null; address: string | null } | null {
  const r = db
    .prepare<
      [string],
      { id: string; site_id: string | null; customer_id: string | null; address: string | null }
    >(
      `SELECT m.id, m.site_id, s.customer_id, s.address FROM meters m LEFT JOIN sites s ON s.id = m.site_id WHERE m.id = ?`,
    )
    .get(meterId);
  return r ? { meterId: r.id, siteId: r.site_id, customerId: r.customer_id, address: r.address } : null;
}

/** How many customers of the profile have meters (a report names unassigned tariffs only when one). */
export function customersWithMeters(db: Database.Database): number {
  return (
    db
      .prepare(
        'SELECT count(DISTINCT coalesce(s.customer_id, m.id)) AS n FROM meters m LEFT JOIN sites s ON s.id = m.site_id',
      )
      .get() as { n: number }
  ).n;
}

/** Whether the profile holds this customer, site or meter. */
export function placeExists(db: Database.Database, kind: 'customer' | 'site' | 'meter', id: string): boolean {
  const table = kind === 'customer' ? 'customers' : kind === 'site' ? 'sites' : 'meters';
  return db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
}

export type UsageClass = 'household' | 'business' | 'agriculture';

/** The class a person marked a meter with, or null (not marked). */
export function usageClassOf(db: Database.Database, meterId: string): UsageClass | null {
  const r = db.prepare('SELECT usage_class AS c FROM meters WHERE id = ?').get(meterId) as
    { c: UsageClass | null } | undefined;
  return r?.c ?? null;
}
