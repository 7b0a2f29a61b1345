/**
 * The watch list's community rules (issue 45): for each consumer of an energy community, from its
 * registers' daily rollups —
 * - `community_g03_over_g02`: days of the last 30 where its Eigendeckung (G.03) exceeds its allocated
 *   share (G.02): the operator's data break G.03 ≤ G.02 (AUSTRIA-2026.md §2.1);
 * - `community_days`: days of its membership in the last 30 (up to what the member owes) where its
 *   consumption (G.01) is there but its community registers are not;
 * - `community_coverage`: its coverage (G.03 ÷ G.01) of the last 14 days under half of the same weeks a
 *   year earlier, and 5 points or more apart (like with like: the sun of the same weeks).
 */
import type Database from 'better-sqlite3';
import { watchDays } from '../db/series-reads';
import { communityConsumers, type Finding } from '../db/watch-store';

type Emit = (f: Finding) => void;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function communityRules(
  db: Database.Database,
  today: number,
  keyOf: (day: number) => string,
  at: Emit,
  /** The newest day a meter owes (analysis/horizon.ts): an EDA member's report end, a synced one's delivery. */
  owedDay: (meterId: string) => number,
): void {
  for (const m of communityConsumers(db)) {
    if (m.g01 === null) continue;
    const sums = (id: number | null) =>
      new Map(
        id === null
          ? []
          : watchDays(db, id, today - 400, today)
              .filter((d) => d.count > 0)
              .map((d) => [d.day, d.sum]),
      );
    const g01 = sums(m.g01);
    const g02 = sums(m.g02);
    const g03 = sums(m.g03);
    const member = (d: number) => {
      const k = keyOf(d);
      return (!m.validFrom || k >= m.validFrom) && (!m.validTo || k <= m.validTo);
    };
    const emit = (rule: string, figures: Record<string, unknown>) =>
      at({
        meterId: m.meterId,
        obisCode: '1-1:1.9.0 G.03',
        rule,
        key: m.communityId,
        figures: { community: m.communityId, ...figures },
      });
    const over: number[] = [];
    const lacking: number[] = [];
    for (let d = today - 30, last = Math.min(today - 1, owedDay(m.meterId)); d <= last; d++) {
      if (!member(d)) continue;
      const a = g02.get(d);
      const s = g03.get(d);
      if (a !== undefined && s !== undefined && s > a + 0.001) over.push(d);
      if (g01.has(d) && (m.g03 === null || !g03.has(d))) lacking.push(d);
    }
    if (over.length > 0)
      emit('community_g03_over_g02', { days: over.length, first: keyOf(over[0]!), window: 30 });
    // A member without any community register is not one the operator reports for: no "lacking" days.
    if (lacking.length > 0 && m.g03 !== null)
      emit('community_days', { days: lacking.length, first: keyOf(lacking[0]!), window: 30 });
    const coverage = (from: number, to: number) => {
      let c = 0;
      let s = 0;
      for (let d = from; d <= to; d++) {
        const x = g01.get(d);
        const y = g03.get(d);
        if (x === undefined || y === undefined || !member(d)) continue;
        c += x;
        s += y;
      }
      return c > 0 ? s / c : null;
    };
    const recent = coverage(today - 14, today - 1);
    const lastYear = coverage(today - 365 - 14, today - 365 - 1);
    if (recent !== null && lastYear !== null && recent < lastYear / 2 && lastYear - recent >= 0.05)
      emit('community_coverage', { recent: r3(recent), lastYear: r3(lastYear), threshold: 0.5 });
  }
}
