/**
 * `meterdesk tariffs combine NAME ROLE=ID …`: a combined tariff (issue 44) — the supplier's, the grid's
 * and the levies' tariff, each from the profile or a preset (`tariffs --presets`), priced per meter
 * with its own validity (`meterdesk cost --tariff-id` then prices the combination).
 */
import { existsSync } from 'node:fs';
import type { TariffPart } from '../../preload/contract';
import { saveCombined } from '../cost/combine';
import { assertIntact, assertWritablePlace, openDatabase } from '../db/open';
import { createTariffStore } from '../db/tariff-store';
import { systemClock } from '../time/clock';
import { noDatabase } from './refusals';
import { UsageError } from './usage-error';

export const COMBINE_USAGE =
  'Usage: meterdesk tariffs combine NAME supplier=ID [grid=ID] [levies=ID] [--id ID] [--json] (ids: "meterdesk tariffs", "tariffs --presets")';

const ROLES = ['supplier', 'grid', 'levies'] as const;

export function combineCommand(a: { dbPath: string; json: boolean; args: string[]; id?: string }): void {
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
    const t = saveCombined(createTariffStore(db), { id: a.id, name, parts }, systemClock.nowSec());
    process.stdout.write(
      a.json
        ? JSON.stringify(t) + '\n'
        : `combined tariff ${t.id} "${t.name}": ${parts.map((p) => `${p.role} ${p.tariffId}`).join(', ')} — price it with "meterdesk cost --tariff-id ${t.id}"\n`,
    );
  } finally {
    db.close();
  }
}
