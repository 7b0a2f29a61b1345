/**
 * A client's tariffs (issue 60): a consultant's deliverable never shows one client another client's
 * tariff. A meter's client is the meter, its site and its customer; a tariff belongs to one of them
 * (`owner`) or to no one. A client's views and reports offer its own tariffs and — in the views, and in
 * a report only when the profile has a single customer — the unassigned ones; never a part of a
 * combined tariff alone (the combination is the tariff), never a preset of another network area (a
 * Vienna grid preset for a house in Linz). A report of a client without tariffs of its own in a profile
 * of several customers shows the examples only, each as an example.
 */
import type Database from 'better-sqlite3';
import type { Tariff } from '../../preload/contract';
import { clientRow, customersWithMeters } from '../db/meter-reads';
import { areaOfAddress } from './area';

export interface Client {
  meterId: string;
  siteId: string | null;
  customerId: string | null;
  /** The site's network area from its place, or null when unknown. */
  area: string | null;
}

export function clientOf(db: Database.Database, meterId: string): Client {
  const r = clientRow(db, meterId);
  return {
    meterId,
    siteId: r?.siteId ?? null,
    customerId: r?.customerId ?? null,
    area: areaOfAddress(r?.address),
  };
}

/** Whether the tariff is this client's own (the meter's, its site's or its customer's). */
export function ownedBy(t: Tariff, c: Client): boolean {
  const o = t.owner;
  if (!o) return false;
  return (
    (o.kind === 'meter' && o.id === c.meterId) ||
    (o.kind === 'site' && o.id === c.siteId) ||
    (o.kind === 'customer' && o.id === c.customerId)
  );
}

/**
 * The tariffs a client is offered or reported with: its own, and (when `unassigned`) those of no one
 * that are neither a part of a combination nor a preset of another area.
 */
export function tariffsOfClient(all: readonly Tariff[], c: Client, unassigned: boolean): Tariff[] {
  const parts = new Set(all.flatMap((t) => (t.parts ?? []).map((p) => p.tariffId)));
  return all.filter((t) => {
    if (parts.has(t.id)) return false;
    if (t.owner) return ownedBy(t, c);
    if (!unassigned) return false;
    return !t.area || !c.area || t.area === c.area;
  });
}

/**
 * A report's tariffs of a meter: its client's own; the unassigned ones too when the profile has a single
 * customer; with several customers and none of its own, only the unassigned examples (each printed as
 * an example) — never a tariff that may be another client's.
 */
export function reportTariffsOf(db: Database.Database, all: readonly Tariff[], meterId: string): Tariff[] {
  const c = clientOf(db, meterId);
  if (customersWithMeters(db) <= 1) return tariffsOfClient(all, c, true);
  const own = tariffsOfClient(all, c, false);
  if (own.length > 0) return own;
  return tariffsOfClient(all, c, true).filter((t) => t.isExample);
}
