/**
 * `meterdesk tariffs combine NAME ROLE=ID …`: a combined tariff (issue 44) — the supplier's, the grid's
 * and the levies' tariff, each from the profile or a preset (`tariffs --presets`), priced per meter
 * with its own validity (`meterdesk cost --tariff-id` then prices the combination); given to a client
 * (`--customer`, `--site`, `--meter`) whose views and reports alone show it. `tariffs assign` gives an
 * existing tariff to a client or to no one.
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { TariffOwner, TariffPart } from '../../preload/contract';
import { assignTariff, saveCombined } from '../cost/combine';
import { placeExists } from '../db/meter-reads';
import { resolveMeter } from './lists-command';
import { assertIntact, assertWritablePlace, openDatabase } from '../db/open';
import { sqliteTariffWrites, type TariffWrites } from '../db/team-tariffs';
import { thisComputer } from '../profiles/this-computer';
import { systemClock } from '../time/clock';
import { noDatabase } from './refusals';
import { UsageError } from './usage-error';

export const COMBINE_USAGE =
  'Usage: meterdesk tariffs combine NAME supplier=ID [grid=ID] [levies=ID] [--customer ID | --site ID | --meter ID] [--id ID] [--json] (ids: "meterdesk tariffs", "tariffs --presets")';
export const ASSIGN_USAGE =
  'Usage: meterdesk tariffs assign ID (--customer ID | --site ID | --meter ID | --none) [--json]';

/** The client a tariff is given to (issue 60): one of --customer, --site, --meter, or none. */
function ownerOf(
  db: Database.Database,
  a: { customer?: string; site?: string; meter?: string },
  usage: string,
): TariffOwner | null {
  const given = (['customer', 'site', 'meter'] as const).filter((k) => a[k] !== undefined);
  if (given.length > 1) throw new UsageError(`Give one of --customer, --site, --meter. ${usage}`);
  const kind = given[0];
  if (!kind) return null;
  const id = kind === 'meter' ? resolveMeter(db, a.meter!).id : a[kind]!;
  if (!placeExists(db, kind, id))
    throw new UsageError(
      `No ${kind} "${id}" in this profile ("meterdesk ${kind === 'customer' ? 'sites' : kind === 'site' ? 'sites' : 'meters'}" lists them).`,
    );
  return { kind, id };
}

const ROLES = ['supplier', 'grid', 'levies'] as const;

/** A profile's tariffs, written where its store keeps them (a team's: its server, db/team-tariffs.ts). */
type WritesFor = (db: Database.Database) => TariffWrites;
const localWrites: WritesFor = (db) => sqliteTariffWrites(db, thisComputer());

export async function combineCommand(a: {
  dbPath: string;
  json: boolean;
  args: string[];
  id?: string;
  customer?: string;
  site?: string;
  meter?: string;
  writesFor?: WritesFor;
}): Promise<void> {
  const [name, ...given] = a.args;
  if (!name || given.length === 0) throw new UsageError(COMBINE_USAGE);
  const parts: TariffPart[] = given.map((g) => {
    const [role, tariffId] = g.split('=');
    if (!tariffId || !(ROLES as readonly string[]).includes(role ?? ''))
      throw new UsageError(`"${g}" is not ROLE=ID with ROLE one of ${ROLES.join(', ')}. ${COMBINE_USAGE}`);
    return { role: role as TariffPart['role'], tariffId };
  });
  if (!existsSync(a.dbPath)) throw noDatabase(a.dbPath);
  assertWritablePlace(a.dbPath);
  const db = openDatabase(a.dbPath);
  try {
    assertIntact(db);
    const owner = ownerOf(db, a, COMBINE_USAGE);
    const t = await (a.writesFor ?? localWrites)(db).change((store) =>
      saveCombined(store, { id: a.id, name, parts, owner }, systemClock.nowSec()),
    );
    process.stdout.write(
      a.json
        ? JSON.stringify(t) + '\n'
        : `combined tariff ${t.id} "${t.name}": ${parts.map((p) => `${p.role} ${p.tariffId}`).join(', ')}${owner ? `, of ${owner.kind} ${owner.id}` : ''} — price it with "meterdesk cost --tariff-id ${t.id}"\n`,
    );
  } finally {
    db.close();
  }
}

/** `meterdesk tariffs assign ID (--customer|--site|--meter ID | --none)`: whose a tariff is. */
export async function assignCommand(a: {
  dbPath: string;
  json: boolean;
  args: string[];
  customer?: string;
  site?: string;
  meter?: string;
  none?: boolean;
  writesFor?: WritesFor;
}): Promise<void> {
  const [id] = a.args;
  if (!id || (!a.none && !a.customer && !a.site && !a.meter)) throw new UsageError(ASSIGN_USAGE);
  if (!existsSync(a.dbPath)) throw noDatabase(a.dbPath);
  assertWritablePlace(a.dbPath);
  const db = openDatabase(a.dbPath);
  try {
    assertIntact(db);
    const owner = a.none ? null : ownerOf(db, a, ASSIGN_USAGE);
    const t = await (a.writesFor ?? localWrites)(db).change((store) =>
      assignTariff(store, id, owner, systemClock.nowSec()),
    );
    process.stdout.write(
      a.json
        ? JSON.stringify(t) + '\n'
        : `tariff ${t.id} "${t.name}" now belongs to ${owner ? `${owner.kind} ${owner.id}` : 'no one'}\n`,
    );
  } finally {
    db.close();
  }
}
