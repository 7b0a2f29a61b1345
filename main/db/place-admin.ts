/**
 * Customers and sites the person made (issue 42, item 8), behind db/: renamed, or merged into another
 * (a site's meters, a customer's sites move over; the emptied one goes). Only the person's own — made
 * by Meterdesk for imported meters, their ids start with `local-` — since a service's customer or site
 * is the service's, and the next sync would undo a change. A name that exists already is refused, as
 * when one is made (meter-admin.ts `setMeterSite`).
 */
import type Database from 'better-sqlite3';
import { cleanText, TEXT_CAPS } from '../../common/rules';
import { AppError } from '../errors';

export type PlaceKind = 'customer' | 'site';

interface Place {
  id: string;
  name: string;
  customer_id: string | null;
}

function placeOf(db: Database.Database, kind: PlaceKind, id: string): Place {
  const p = (
    kind === 'site'
      ? db.prepare('SELECT id, name, customer_id FROM sites WHERE id = ?').get(id)
      : db.prepare('SELECT id, name, NULL AS customer_id FROM customers WHERE id = ?').get(id)
  ) as Place | undefined;
  if (!p)
    throw new AppError('not_found', `No ${kind} "${id}" in this profile.`, {
      reason: 'unknown_in_profile',
      params: { kind, id },
    });
  return p;
}

function ownPlace(db: Database.Database, kind: PlaceKind, id: string): Place {
  const p = placeOf(db, kind, id);
  if (!id.startsWith('local-'))
    throw new AppError(
      'conflict',
      `The ${kind} "${p.name}" comes from the readings service: its name is the service's, and the next sync would undo a change here.`,
      { reason: 'service_meter', params: { name: p.name } },
    );
  return p;
}

const cleanName = (name: string) => {
  const clean = cleanText(name, TEXT_CAPS.label).trim();
  if (!clean) throw new AppError('invalid_input', 'A name cannot be empty.', { reason: 'name_missing' });
  return clean;
};

function assertNameFree(
  db: Database.Database,
  kind: PlaceKind,
  name: string,
  customerId: string | null,
  id: string,
) {
  const same =
    kind === 'customer'
      ? db.prepare('SELECT 1 FROM customers WHERE lower(trim(name)) = lower(?) AND id <> ?').get(name, id)
      : db
          .prepare(
            "SELECT 1 FROM sites WHERE lower(trim(name)) = lower(?) AND coalesce(customer_id, '') = coalesce(?, '') AND id <> ?",
          )
          .get(name, customerId, id);
  if (same)
    throw new AppError(
      'conflict',
      `A ${kind} "${name}" exists already: merge into it instead of giving a second one its name.`,
      { reason: kind === 'customer' ? 'customer_exists' : 'site_exists', params: { name } },
    );
}

/** Renames one of the person's customers or sites. */
export function renamePlace(
  db: Database.Database,
  kind: PlaceKind,
  id: string,
  name: string,
): { name: string } {
  const p = ownPlace(db, kind, id);
  const clean = cleanName(name);
  assertNameFree(db, kind, clean, p.customer_id, id);
  db.prepare(`UPDATE ${kind === 'site' ? 'sites' : 'customers'} SET name = ? WHERE id = ?`).run(clean, id);
  return { name: clean };
}

/**
 * Merges one of the person's sites into another site (its meters move; it goes) or one of their
 * customers into another customer (its sites move, a site of a name the other customer has already
 * joins that one; it goes). One transaction; says what moved.
 */
export function mergePlaces(
  db: Database.Database,
  kind: PlaceKind,
  fromId: string,
  intoId: string,
): { meters: number; sites: number } {
  if (fromId === intoId)
    throw new AppError('invalid_input', `Choose two different ${kind}s to merge.`, { reason: 'merge_same' });
  ownPlace(db, kind, fromId);
  placeOf(db, kind, intoId);
  let out = { meters: 0, sites: 0 };
  db.transaction(() => {
    if (kind === 'site') {
      out.meters = db.prepare('UPDATE meters SET site_id = ? WHERE site_id = ?').run(intoId, fromId).changes;
      db.prepare('DELETE FROM sites WHERE id = ?').run(fromId);
    } else {
      // A site of the same name under both customers becomes one (issue 61: the merge made two sites
      // of one name): its meters move to the other customer's site of that name.
      const twins = db
        .prepare(
          `SELECT a.id AS fromSite, b.id AS intoSite FROM sites a JOIN sites b
             ON b.customer_id = ? AND lower(b.name) = lower(a.name) WHERE a.customer_id = ?`,
        )
        .all(intoId, fromId) as { fromSite: string; intoSite: string }[];
      for (const t of twins) {
        db.prepare('UPDATE meters SET site_id = ? WHERE site_id = ?').run(t.intoSite, t.fromSite);
        db.prepare('DELETE FROM sites WHERE id = ?').run(t.fromSite);
      }
      out = {
        sites: db.prepare('UPDATE sites SET customer_id = ? WHERE customer_id = ?').run(intoId, fromId)
          .changes,
        meters: (
          db
            .prepare(
              'SELECT count(*) AS n FROM meters m JOIN sites s ON s.id = m.site_id WHERE s.customer_id = ?',
            )
            .get(intoId) as { n: number }
        ).n,
      };
      db.prepare('DELETE FROM customers WHERE id = ?').run(fromId);
    }
  }).immediate();
  return out;
}

/** Every customer with how many sites it has (the merge chooser). */
export function listCustomers(db: Database.Database): { id: string; name: string; own: boolean }[] {
  return (
    db.prepare('SELECT id, name FROM customers ORDER BY name').all() as { id: string; name: string }[]
  ).map((c) => ({ ...c, own: c.id.startsWith('local-') }));
}
