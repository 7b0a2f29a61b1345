/**
 * Where each tariff a deliverable uses comes from (issue 60): a report names every tariff it prices with
 * and its source — a combined tariff each of its parts with the part's own source (a preset's ordinance
 * or price sheet), a tariff the person typed in as theirs, unsourced. Read from the stored tariffs, so
 * the report names what was priced, not what a preset says today.
 */
import type { Tariff } from '../../preload/contract';

export interface TariffSource {
  /** The tariff as the cost table names it. */
  tariff: string;
  /** The part's role and name for a combined tariff; null for a tariff priced whole. */
  part: { role: 'supplier' | 'grid' | 'levies'; name: string } | null;
  /** The source the values name; null: entered by the person, none named. */
  source: string | null;
}

export function tariffSourcesOf(ids: readonly string[], all: readonly Tariff[]): TariffSource[] {
  const byId = new Map(all.map((t) => [t.id, t]));
  return ids.flatMap((id): TariffSource[] => {
    const t = byId.get(id);
    if (!t) return [];
    if (!t.parts) return [{ tariff: t.name, part: null, source: t.source ?? null }];
    return t.parts.map((p) => {
      const part = byId.get(p.tariffId);
      return {
        tariff: t.name,
        part: { role: p.role, name: part?.name ?? p.tariffId },
        source: part?.source ?? null,
      };
    });
  });
}
