/**
 * A tariff with dated changes (a grid fee changing on 1 April, a supplier's new price) as the plain
 * tariffs it is in each of its periods: the tariff as entered up to the first change, then each change's
 * components over the ones before it, until the next change. Guarantees: the periods cover the tariff's
 * validity without gap or overlap, each with its own validFrom/validTo (local days, inclusive), and
 * none carries changes of its own.
 */
import type { Tariff } from '../../preload/contract';
import { dayKey, dayNumberOfKey } from '../time/local-days';

export interface TariffVersion {
  tariff: Tariff;
  /** First local day of the period (null: from the start of the tariff's validity or of time). */
  fromDay: string | null;
  /** Last local day of the period, inclusive (null: open). */
  toDay: string | null;
}

export function versionsOf(t: Tariff): TariffVersion[] {
  const changes = t.changes ?? [];
  if (changes.length === 0) return [{ tariff: t, fromDay: t.validFrom, toDay: t.validTo }];
  const out: TariffVersion[] = [];
  let current: Tariff = { ...t, changes: [] };
  let fromDay = t.validFrom;
  for (const c of changes) {
    const toDay = dayKey(dayNumberOfKey(c.from) - 1);
    out.push({ tariff: { ...current, validFrom: fromDay, validTo: toDay }, fromDay, toDay });
    const { from, ...parts } = c;
    const defined = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined));
    current = { ...current, ...defined };
    fromDay = from;
  }
  out.push({ tariff: { ...current, validFrom: fromDay, validTo: t.validTo }, fromDay, toDay: t.validTo });
  return out;
}
