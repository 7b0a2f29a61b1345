/**
 * The cost under tariffs as the views, the CLI and the report ask for it: a tariff with dated changes
 * priced period by period, a combined tariff part by part (issue 44), each through `costOfPlainTariffs`.
 */
import type Database from 'better-sqlite3';
import type { CostResult, Tariff } from '../../preload/contract';
import type { TariffStore } from '../db/tariff-store';
import { dayNumberOfKey, dayStartSec } from '../time/local-days';
import { costOfPlainTariffs, type CostQuery } from './cost';
import { bestOf, mergeTariffCosts } from './cost-merge';
import { partsOf } from './pricing';
import { versionsOf } from './tariff-versions';
import { lacksOf } from '../../common/tariff-scope';

/**
 * The cost under each tariff. A tariff with dated changes is priced period by period (each period its
 * own components, fees pro rata inside it) and the periods added month by month, so a tariff that
 * changes on 1 April bills March on the old prices and April on the new ones.
 */
export function computeCost(db: Database.Database, store: TariffStore, q: CostQuery, tz: string): CostResult {
  // A combined tariff (no prices of its own) is priced only through its parts, each on its own and
  // added month by month; the plain ones together.
  const result = costOfDatedTariffs(db, store, { ...q, tariffs: q.tariffs.filter((t) => !t.parts) }, tz);
  let k = 0;
  // What each prices of a bill: a part (a supplier's offer, a grid preset) is never the cheapest.
  const all = [...store.list(), ...q.tariffs];
  const tariffs = q.tariffs.map((t) => ({
    ...(t.parts ? combinedCost(db, store, q, tz, t) : result.tariffs[k++]!),
    lacks: lacksOf(t, all),
  }));
  return { ...result, tariffs, bestTariffId: bestOf(tariffs, result.direction) };
}

/**
 * A combined tariff's cost: its supplier's, grid's and levies' tariffs each priced with their own
 * validity, dates and VAT (nothing of a part is charged outside its validity; those quarter-hours are
 * counted for the part and named), added month by month.
 */
function combinedCost(
  db: Database.Database,
  store: TariffStore,
  q: CostQuery,
  tz: string,
  t: Tariff,
): CostResult['tariffs'][number] {
  const roles = t.parts ?? [];
  const parts = partsOf(t, store).map((tariff, i) => ({
    role: roles[i]!.role,
    tariff,
    cost: costOfDatedTariffs(db, store, { ...q, tariffs: [tariff] }, tz).tariffs[0]!,
  }));
  return {
    ...mergeTariffCosts(
      parts.map((p) => p.cost),
      'parts',
    ),
    tariffId: t.id,
    name: t.name,
    isExample: t.isExample,
    parts: parts.map(({ role, tariff, cost }) => ({
      role,
      tariffId: tariff.id,
      name: tariff.name,
      validFrom: tariff.validFrom,
      validTo: tariff.validTo,
      totalEur: cost.total.totalEur,
      unpricedQuarterHours: cost.unpricedQuarterHours,
      outsideValidity: cost.outsideValidity,
    })),
  };
}

/** The cost under each tariff, a tariff with dated changes period by period (`computeCost`). */
function costOfDatedTariffs(db: Database.Database, store: TariffStore, q: CostQuery, tz: string) {
  const result = costOfPlainTariffs(
    db,
    store,
    { ...q, tariffs: q.tariffs.map((t) => (t.changes?.length ? { ...t, changes: [] } : t)) },
    tz,
  );
  q.tariffs.forEach((t, i) => {
    if (!t.changes?.length) return;
    const parts = versionsOf(t).flatMap((v) => {
      const fromSec = v.fromDay ? Math.max(q.fromSec, dayStartSec(dayNumberOfKey(v.fromDay), tz)) : q.fromSec;
      const toSec = v.toDay ? Math.min(q.toSec, dayStartSec(dayNumberOfKey(v.toDay) + 1, tz)) : q.toSec;
      if (fromSec >= toSec) return [];
      const r = costOfPlainTariffs(db, store, { ...q, fromSec, toSec, tariffs: [v.tariff] }, tz);
      return r.rowCount > 0 ? [r.tariffs[0]!] : [];
    });
    if (parts.length > 0)
      result.tariffs[i] = { ...mergeTariffCosts(parts, 'periods'), tariffId: t.id, name: t.name };
  });
  const { rowCount: _, ...out } = result;
  return out;
}
