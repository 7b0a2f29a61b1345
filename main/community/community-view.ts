/**
 * A community's quarter-hours per member, what sharing brought, and what another allocation would bring
 * (issue 35). Guarantees:
 * - Every figure comes from the stored quarter-hours of the members' registers over one span, each
 *   member counted only on the local days of its membership, at its participation factor.
 * - "Recorded" is what the operator's registers say (G.02, G.03, P.01): never mixed with the model;
 *   "modelled" allocates the same consumption and generation by the community's key
 *   (allocation.ts), so the two can be compared.
 * - Registers are never added together within a member: G.01 is consumption, G.03 what of it came
 *   from the community.
 * - Checks say what is missing (per member, register and day) and which quarter-hours break
 *   G.03 ≤ G.02 and G.03 ≤ G.01, with their count and the first.
 */
import type Database from 'better-sqlite3';
import { meterRow } from '../db/meter-reads';
import type {
  CarpetResult,
  Community,
  CommunityView,
  MemberCheck,
  MemberFigures,
  WhatIfResult,
  WhatIfScenario,
} from '../../preload/contract';
import {
  frameCommunity,
  loadMembers,
  type CommunityFramed,
  type MemberData,
  type Register,
} from './community-frame';
import { AppError } from '../errors';
import { dayKey, dayNumberOf, dayStartSec } from '../time/local-days';
import { COMMUNITY_GRID_REDUCTION } from '../cost/cost';
import { staticShares } from './allocation';
import type { CommunityStore } from '../db/community-store';
import { rowOn, type Sums, run, r3 } from './community-run';

const QH = 900;
const TOLERANCE_KWH = 0.0005;
const r2 = (v: number) => Math.round(v * 100) / 100;

/** Money per member (AUSTRIA-2026.md §2.1): consumers pay the community price for G.03 and save the
 * supplier's price, the grid usage price's reduction and the per-kWh levies on it (gross); producers
 * get the producer price for what the community took instead of the feed-in price (net).
 * In the SNAP window a consumer without the community would have paid the SNAP price, while community
 * energy pays the reduced usage price without SNAP: there the saving on the grid price is
 * SNAP − usage × (1 − reduction), i.e. (usage − SNAP) less than elsewhere (and below zero for a BEG). */
function figuresOf(c: Community, data: readonly MemberData[], sums: readonly Sums[]): MemberFigures[] {
  const s = c.settings;
  const reduction = COMMUNITY_GRID_REDUCTION[c.kind];
  const snapLessCents = s.snapGridEnergyCents === null ? 0 : s.gridEnergyCents - s.snapGridEnergyCents;
  return data.map((m, i) => {
    const x = sums[i]!;
    const consumer = m.role === 'consumer';
    const communityEur = r2((x.shared * (consumer ? s.consumerPriceCents : s.producerPriceCents)) / 100);
    const savingEur = consumer
      ? r2(
          ((x.shared *
            (s.supplierPriceCents - s.consumerPriceCents + s.gridEnergyCents * reduction + s.leviesCents) -
            x.sharedInSnap * snapLessCents) /
            100) *
            (1 + s.vatPercent / 100),
        )
      : r2((x.shared * (s.producerPriceCents - s.feedInPriceCents)) / 100);
    return {
      meterId: m.meterId,
      label: m.label,
      meteringPoint: m.meteringPoint,
      role: m.role,
      consumptionKwh: r3(x.consumption),
      allocatedKwh: r3(x.allocated),
      sharedKwh: r3(x.shared),
      sharedInSnapKwh: consumer ? r3(x.sharedInSnap) : 0,
      surplusKwh: r3(x.surplus),
      coverage:
        consumer && x.consumption > 0 ? Math.round((x.shared / x.consumption) * 10_000) / 10_000 : null,
      communityEur,
      savingEur,
      ...membershipOf(m),
    };
  });
}

/**
 * A member's days in the community, where they do not cover everything (issue 42, item 15): its
 * energy here counts those days only, so the community page says "member since …" where the meter's
 * own page counts every day.
 */
function membershipOf(m: MemberData): { memberFrom: string | null; memberTo: string | null } {
  const froms = m.rows.map((r) => r.validFrom);
  const tos = m.rows.map((r) => r.validTo);
  return {
    memberFrom: froms.includes(null) ? null : [...(froms as string[])].sort()[0]!,
    memberTo: tos.includes(null) ? null : [...(tos as string[])].sort().at(-1)!,
  };
}

function checksOf(f: CommunityFramed, tz: string): MemberCheck[] {
  const { data, fromSec, toSec } = f;
  return data.map((m) => {
    const regs = Object.keys(m.values) as Register[];
    const present: Record<string, number> = Object.fromEntries(regs.map((r) => [m.registers[r]!, 0]));
    const lacking: string[] = [];
    let expected = 0;
    const violations = {
      g03_le_g02: { count: 0, firstSec: null as number | null, days: [] as string[] },
      g03_le_g01: { count: 0, firstSec: null as number | null, days: [] as string[] },
      // Eigendeckung where the member neither consumed nor was allocated anything: the operator's data
      // credits a share nobody used (a real report: 85 quarter-hours of one member).
      g03_without_use: { count: 0, firstSec: null as number | null, days: [] as string[] },
    };
    const hit = (v: (typeof violations)['g03_le_g02'], t: number, day: string) => {
      v.count++;
      v.firstSec ??= t;
      if (v.days.at(-1) !== day) v.days.push(day);
    };
    for (let d = dayNumberOf(fromSec, tz); dayStartSec(d, tz) < toSec; d++) {
      const key = dayKey(d);
      if (!rowOn(m.rows, key)) continue;
      const start = Math.max(fromSec, dayStartSec(d, tz));
      const end = Math.min(toSec, dayStartSec(d + 1, tz));
      const slots = Math.round((end - start) / QH);
      expected += slots;
      let short = regs.length === 0;
      for (const r of regs) {
        let n = 0;
        for (let t = start; t < end; t += QH) if (m.values[r]!.has(t)) n++;
        present[m.registers[r]!]! += n;
        if (n < slots) short = true;
      }
      if (short) lacking.push(key);
      if (m.role === 'consumer' && m.values.g03)
        for (let t = start; t < end; t += QH) {
          const g03 = m.values.g03.get(t);
          if (g03 === undefined) continue;
          const g02 = m.values.g02?.get(t);
          const g01 = m.values.g01?.get(t);
          if (g02 !== undefined && g03 > g02 + TOLERANCE_KWH) hit(violations.g03_le_g02, t, key);
          if (g01 !== undefined && g03 > g01 + TOLERANCE_KWH) hit(violations.g03_le_g01, t, key);
          if (g03 > TOLERANCE_KWH && (g01 ?? 0) <= TOLERANCE_KWH && (g02 ?? 0) <= TOLERANCE_KWH)
            hit(violations.g03_without_use, t, key);
        }
    }
    return {
      meterId: m.meterId,
      label: m.label,
      expected,
      present,
      daysLacking: lacking.slice(0, 31),
      daysLackingCount: lacking.length,
      violations: (['g03_le_g02', 'g03_le_g01', 'g03_without_use'] as const).map((rule) => ({
        rule,
        ...violations[rule],
        days: violations[rule].days.slice(0, 31),
      })),
    };
  });
}

function carpetOf(surplusAt: Map<number, number>, f: CommunityFramed, tz: string): CarpetResult {
  const { fromSec, toSec } = f;
  const last = dayNumberOf(toSec - 1, tz);
  const first = Math.max(dayNumberOf(fromSec, tz), last - 399);
  const days: CarpetResult['days'] = [];
  let max = 0;
  for (let d = first; d <= last; d++) {
    const start = dayStartSec(d, tz);
    const slots = Math.round((dayStartSec(d + 1, tz) - start) / QH);
    const values: (number | null)[] = [];
    for (let k = 0; k < slots; k++) {
      const v = surplusAt.get(start + k * QH);
      values.push(v === undefined ? null : v);
      if (v !== undefined && v > max) max = v;
    }
    days.push({ day: dayKey(d), startSec: start, slots, values, quality: values.map(() => null) });
  }
  return { days, maxKwh: max };
}

function sharesOf(c: Community, consumers: readonly MemberData[], given: Record<string, number> = {}) {
  const list = consumers.map((m) => given[m.meterId] ?? m.rows[0]?.staticSharePercent ?? null);
  try {
    const fractions = staticShares(list);
    return new Map(consumers.map((m, i) => [m.meterId, fractions[i]!]));
  } catch (err) {
    throw new AppError('invalid_input', `${(err as Error).message} Lower the shares of "${c.name}".`, {
      reason: 'community_shares_too_high',
      params: { name: c.name },
    });
  }
}

export function communityView(
  db: Database.Database,
  store: CommunityStore,
  id: string,
  span: { fromSec: number; toSec: number },
  nowSec: number,
  tz: string,
): CommunityView {
  const c = store.get(id);
  // One frame for every figure below (community-frame.ts): clipped to now and to the members' data.
  const f = frameCommunity(db, c.members, span, nowSec, tz);
  const { data, fromSec, toSec } = f;
  const days = dayNumberOf(toSec - 1, tz) - dayNumberOf(fromSec, tz) + 1;
  const periodUnit = days <= 62 ? 'day' : 'month';
  const periodOf = (d: number) => (periodUnit === 'day' ? dayKey(d) : dayKey(d).slice(0, 7));
  // The community's record is its consumers' Eigendeckung (G.03): a producer's P.01 alone is the grid
  // residual any feed-in meter has, no community record.
  const hasRecord = data.some((m) => m.role === 'consumer' && !!m.values.g03);
  const recorded = hasRecord ? run(f, tz, periodOf, { kind: 'recorded' }) : null;
  const consumers = data.filter((m) => m.role === 'consumer');
  const modelled = run(f, tz, periodOf, {
    kind: 'model',
    key: c.allocation,
    shares: sharesOf(c, consumers),
    battery: null,
  });
  const shown = recorded ?? modelled;
  const report = store.report(id);
  let reportRows: NonNullable<CommunityView['report']> | null = null;
  if (report) {
    // The report's summary against its own quarter-hours, over the report's span.
    const full = loadMembers(db, c.members, report.fromSec, report.toSec).data;
    const sum = (m: MemberData, r: Register) => [...(m.values[r]?.values() ?? [])].reduce((a, v) => a + v, 0);
    const rows: NonNullable<CommunityView['report']>['rows'] = [];
    for (const s of report.members) {
      const m = full.find((x) => x.meteringPoint === s.meteringPoint && x.role === s.role);
      if (!m) continue;
      const pairs: [
        NonNullable<CommunityView['report']>['rows'][number]['quantity'],
        number | null,
        number,
      ][] =
        s.role === 'consumer'
          ? [
              ['consumption', s.consumptionKwh, sum(m, 'g01')],
              ['allocated', s.allocatedKwh, sum(m, 'g02')],
              ['selfCoverage', s.selfCoverageKwh, sum(m, 'g03')],
            ]
          : [
              ['generation', s.generationKwh, sum(m, 'g01')],
              ['surplus', s.surplusKwh, sum(m, 'p01')],
            ];
      for (const [quantity, reported, qh] of pairs)
        if (reported !== null)
          rows.push({
            meteringPoint: s.meteringPoint,
            quantity,
            reportKwh: r3(reported),
            quarterHoursKwh: r3(qh),
            differs: Math.abs(reported - qh) > 0.001,
          });
    }
    reportRows = { rows, differences: rows.filter((r) => r.differs).length };
  }
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    allocation: c.allocation,
    fromSec,
    toSec,
    clampedToData: f.clampedToData,
    goneMembers: [...f.goneMeterIds],
    recorded: recorded?.totals ?? null,
    modelled: modelled.totals,
    periods: [...shown.periods].map(([key, t]) => ({ key, ...t })),
    periodUnit,
    members: figuresOf(c, data, shown.members),
    checks: checksOf(f, tz),
    report: reportRows,
    surplusCarpet: carpetOf(shown.surplusAt, f, tz),
  };
}

/**
 * A meter added as a producer must feed in, and one added as a consumer must draw: a consumption meter
 * as a producer "generated" nothing and shared its consumption away (issue 42, item 15).
 */
function assertRolesFit(
  db: Database.Database,
  add: { meterId: string; role: 'consumer' | 'producer' }[],
): void {
  for (const a of add) {
    const m = meterRow(db, a.meterId);
    if (!m) continue; // a meter the profile lacks: the frame names it as gone
    const direction = a.role === 'producer' ? 'feed_in' : 'consumption';
    if (m.energy_direction !== direction)
      throw new AppError(
        'invalid_input',
        `${m.label ?? m.metering_point} measures ${m.energy_direction === 'feed_in' ? 'feed-in' : 'consumption'}: it cannot be added as a ${a.role}.`,
        { reason: 'community_role_direction', params: { name: m.label ?? m.metering_point, role: a.role } },
      );
  }
}

export function communityWhatIf(
  db: Database.Database,
  store: CommunityStore,
  q: {
    communityId: string;
    fromSec: number;
    toSec: number;
    staticShares: Record<string, number>;
    add: { meterId: string; role: 'consumer' | 'producer' }[];
    remove: string[];
    battery: { capacityKwh: number; powerKw: number; efficiency: number } | null;
  },
  nowSec: number,
  tz: string,
): WhatIfResult {
  const c = store.get(q.communityId);
  assertRolesFit(db, q.add);
  const members = [
    ...c.members.filter((m) => !q.remove.includes(m.meterId)),
    ...q.add.map((a) => ({
      meterId: a.meterId,
      role: a.role,
      factorPercent: 100,
      staticSharePercent: null,
      validFrom: null,
      validTo: null,
    })),
  ];
  if (members.length === 0)
    throw new AppError('invalid_input', 'Leave at least one member in the community.', {
      reason: 'community_no_member',
    });
  // The same frame as the view's: a what-if over days still to come would compare nothing with nothing.
  const f = frameCommunity(db, members, q, nowSec, tz);
  const { data } = f;
  const periodOf = () => 'all';
  const consumers = data.filter((m) => m.role === 'consumer');
  const shares = sharesOf(c, consumers, q.staticShares);
  const scenarios: WhatIfScenario[] = [];
  const changed = q.add.length > 0 || q.remove.length > 0;
  if (!changed && data.some((m) => m.role === 'consumer' && !!m.values.g03)) {
    const r = run(f, tz, periodOf, { kind: 'recorded' });
    scenarios.push({
      label: 'recorded',
      totals: r.totals,
      members: figuresOf(c, data, r.members),
      battery: null,
    });
  }
  for (const key of ['static', 'dynamic'] as const) {
    const r = run(f, tz, periodOf, { kind: 'model', key, shares, battery: null });
    scenarios.push({ label: key, totals: r.totals, members: figuresOf(c, data, r.members), battery: null });
  }
  if (q.battery) {
    const r = run(f, tz, periodOf, {
      kind: 'model',
      key: c.allocation,
      shares,
      battery: q.battery,
    });
    scenarios.push({
      label: `${c.allocation}_battery`,
      totals: r.totals,
      members: figuresOf(c, data, r.members),
      battery: r.battery,
    });
  }
  return { fromSec: f.fromSec, toSec: f.toSec, scenarios };
}
