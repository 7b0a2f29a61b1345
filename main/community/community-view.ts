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
import type {
  CarpetResult,
  Community,
  CommunityMember,
  CommunityTotals,
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
import { dayKey, dayNumberOf, dayStartSec, localParts } from '../time/local-days';
import { COMMUNITY_GRID_REDUCTION } from '../cost/cost';
import { SNAP_SINCE, SNAP_WINDOW } from '../cost/presets';
import { allocateQuarterHour, batteryStep, staticShares, type AllocationKey } from './allocation';
import type { CommunityStore } from '../db/community-store';

const QH = 900;
const TOLERANCE_KWH = 0.0005;
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r2 = (v: number) => Math.round(v * 100) / 100;

/** The membership row in force on a local day (inclusive dates), or null: not a member that day. */
function rowOn(rows: readonly CommunityMember[], key: string): CommunityMember | null {
  return rows.find((r) => (!r.validFrom || key >= r.validFrom) && (!r.validTo || key <= r.validTo)) ?? null;
}

interface Sums {
  consumption: number;
  allocated: number;
  shared: number;
  /** What a consumer took in the SNAP window (snapWindowAt). */
  sharedInSnap: number;
  surplus: number;
}
const zero = (): Sums => ({ consumption: 0, allocated: 0, shared: 0, sharedInSnap: 0, surplus: 0 });

/**
 * Whether the quarter-hour starting at `t` lies in the summer low price's window: from 1 April 2026
 * (SNE-V 2018 §5 as amended by BGBl. II 305/2025), April to September, 10:00–16:00 local time
 * (SNAP_WINDOW, the presets' window). `day` is the quarter-hour's local day key.
 */
function snapWindowAt(t: number, day: string, tz: string): boolean {
  if (day < SNAP_SINCE || !(SNAP_WINDOW.months as readonly number[]).includes(Number(day.slice(5, 7))))
    return false;
  const time = localParts(t, tz).time;
  return time >= SNAP_WINDOW.from && time < SNAP_WINDOW.to;
}

interface Run {
  totals: CommunityTotals;
  members: Sums[];
  periods: Map<string, CommunityTotals>;
  /** Surplus to the grid per quarter-hour start. */
  surplusAt: Map<number, number>;
  battery: WhatIfScenario['battery'];
}

function totalsOf(generation: number, s: Sums): CommunityTotals {
  return {
    generationKwh: r3(generation),
    consumptionKwh: r3(s.consumption),
    allocatedKwh: r3(s.allocated),
    sharedKwh: r3(s.shared),
    surplusKwh: r3(s.surplus),
    coverage: s.consumption > 0 ? Math.round((s.shared / s.consumption) * 10_000) / 10_000 : null,
  };
}

/**
 * One pass over the span's quarter-hours: either what the registers recorded, or an allocation by a
 * key (with a battery, where given).
 */
/** One quarter-hour of a run: the memberships in force, the sums it adds into. */
interface QuarterHour {
  t: number;
  inSnap: boolean;
  factors: (number | null)[];
  period: { generation: number; sums: Sums };
  members: Sums[];
  all: Sums;
}
type Members = { m: MemberData; i: number }[];
interface StepResult {
  gen: number;
  surplus: number;
  charged: number;
  discharged: number;
}

/** A quarter-hour as the operator recorded it (G.01, G.02, G.03; a producer's P.01). */
function recordedStep(qh: QuarterHour, consumers: Members, producers: Members): StepResult {
  const { t, inSnap, factors, period, members, all } = qh;
  let gen = 0;
  let surplus = 0;
  let sharedNow = 0;
  for (const { m, i } of consumers) {
    if (factors[i] === null) continue;
    const c = m.values.g01?.get(t) ?? 0;
    const a = m.values.g02?.get(t) ?? 0;
    const s = m.values.g03?.get(t) ?? 0;
    sharedNow += s;
    members[i]!.consumption += c;
    members[i]!.allocated += a;
    members[i]!.shared += s;
    if (inSnap) members[i]!.sharedInSnap += s;
    all.consumption += c;
    all.allocated += a;
    all.shared += s;
    period.sums.consumption += c;
    period.sums.allocated += a;
    period.sums.shared += s;
  }
  // A producer's surplus as its P.01 says; without one, what the consumers' G.03 left of its
  // generation, in proportion to the generation (said in the docs).
  const genNow = producers.reduce(
    (a, { m, i }) => a + (factors[i] === null ? 0 : (m.values.g01?.get(t) ?? 0)),
    0,
  );
  for (const { m, i } of producers) {
    if (factors[i] === null) continue;
    const g = m.values.g01?.get(t) ?? 0;
    const p = m.values.p01
      ? (m.values.p01.get(t) ?? 0)
      : Math.max(0, g - (genNow > 0 ? (sharedNow * g) / genNow : 0));
    gen += g;
    surplus += p;
    members[i]!.consumption += g;
    members[i]!.shared += g - p;
    members[i]!.surplus += p;
  }
  return { gen, surplus, charged: 0, discharged: 0 };
}

/** A quarter-hour allocated by the community's key, with the community battery where modelled. */
function modelStep(
  qh: QuarterHour,
  consumers: Members,
  producers: Members,
  mode: {
    key: AllocationKey;
    shares: Map<string, number>;
    battery: { capacityKwh: number; powerKw: number; efficiency: number } | null;
  },
  state: { socKwh: number },
): StepResult {
  const { t, inSnap, factors, period, members, all } = qh;
  let gen = 0;
  let surplus = 0;
  let charged = 0;
  let discharged = 0;
  const demand = consumers.map(({ m, i }) => (factors[i] ?? 0) * (m.values.g01?.get(t) ?? 0));
  const active = consumers.map(({ i }) => factors[i] !== null);
  const gens = producers.map(({ m }) => m.values.g01?.get(t) ?? 0);
  const part = producers.map(({ i }, k) => (factors[i] ?? 0) * gens[k]!);
  const shares = consumers.map(({ m }) => mode.shares.get(m.meterId) ?? 0);
  const q = allocateQuarterHour(mode.key, demand, active, part, shares);
  let extraCharged = 0;
  // Shared straight from the generation (before the battery, whose discharge was taken earlier).
  const sharedDirect = q.consumed.reduce((a, c) => a + c, 0);
  if (mode.battery) {
    const avail = part.reduce((a, g) => a + g, 0) - sharedDirect;
    const b = batteryStep(
      state,
      mode.battery,
      avail,
      demand.map((d, k) => d - q.consumed[k]!),
    );
    b.extra.forEach((x, k) => (q.consumed[k] = q.consumed[k]! + x));
    extraCharged = b.chargedKwh;
    charged += b.chargedKwh;
    discharged += b.dischargedKwh;
  }
  const partTotal = part.reduce((a, g) => a + g, 0);
  producers.forEach(({ i }, k) => {
    if (factors[i] === null) return;
    // What the community took of this producer: the shared energy and the battery's charge, in
    // proportion to its participating generation.
    const took = partTotal > 0 ? (sharedDirect * part[k]!) / partTotal : 0;
    const tookBattery = partTotal > 0 ? (extraCharged * part[k]!) / partTotal : 0;
    const g = gens[k]!;
    gen += g;
    members[i]!.consumption += g;
    members[i]!.shared += Math.min(g, took + tookBattery);
    members[i]!.surplus += Math.max(0, g - took - tookBattery);
    surplus += Math.max(0, g - took - tookBattery);
  });
  consumers.forEach(({ m, i }, k) => {
    if (factors[i] === null) return;
    const c = m.values.g01?.get(t) ?? 0;
    members[i]!.consumption += c;
    members[i]!.allocated += q.allocated[k]!;
    members[i]!.shared += q.consumed[k]!;
    if (inSnap) members[i]!.sharedInSnap += q.consumed[k]!;
    all.consumption += c;
    all.allocated += q.allocated[k]!;
    all.shared += q.consumed[k]!;
    period.sums.consumption += c;
    period.sums.allocated += q.allocated[k]!;
    period.sums.shared += q.consumed[k]!;
  });
  return { gen, surplus, charged, discharged };
}

function run(
  f: CommunityFramed,
  tz: string,
  periodOf: (dayNumber: number) => string,
  mode:
    | { kind: 'recorded' }
    | {
        kind: 'model';
        key: AllocationKey;
        shares: Map<string, number>;
        battery: { capacityKwh: number; powerKw: number; efficiency: number } | null;
      },
): Run {
  const { data, fromSec, toSec } = f;
  const consumers = data.map((m, i) => ({ m, i })).filter((x) => x.m.role === 'consumer');
  const producers = data.map((m, i) => ({ m, i })).filter((x) => x.m.role === 'producer');
  const members = data.map(zero);
  const periods = new Map<string, { generation: number; sums: Sums }>();
  const surplusAt = new Map<number, number>();
  let generationAll = 0;
  const all = zero();
  const state = { socKwh: 0 };
  let charged = 0;
  let discharged = 0;
  let lastDay = Number.NaN;
  let key = '';
  let period = { generation: 0, sums: zero() };
  let factors: (number | null)[] = [];
  for (let t = fromSec; t < toSec; t += QH) {
    const dayNo = dayNumberOf(t, tz);
    if (dayNo !== lastDay) {
      lastDay = dayNo;
      key = dayKey(dayNo);
      const pk = periodOf(dayNo);
      let p = periods.get(pk);
      if (!p) periods.set(pk, (p = { generation: 0, sums: zero() }));
      period = p;
      factors = data.map((m) => {
        const row = rowOn(m.rows, key);
        return row ? row.factorPercent / 100 : null;
      });
    }
    const qh: QuarterHour = { t, inSnap: snapWindowAt(t, key, tz), factors, period, members, all };
    const step =
      mode.kind === 'recorded'
        ? recordedStep(qh, consumers, producers)
        : modelStep(qh, consumers, producers, mode, state);
    charged += step.charged;
    discharged += step.discharged;
    const { gen, surplus } = step;
    generationAll += gen;
    all.surplus += surplus;
    period.generation += gen;
    period.sums.surplus += surplus;
    surplusAt.set(t, surplus);
  }
  const capacity = mode.kind === 'model' ? (mode.battery?.capacityKwh ?? 0) : 0;
  return {
    totals: totalsOf(generationAll, all),
    members,
    periods: new Map([...periods].map(([k, p]) => [k, totalsOf(p.generation, p.sums)])),
    surplusAt,
    battery:
      mode.kind === 'model' && mode.battery
        ? {
            chargedKwh: r3(charged),
            dischargedKwh: r3(discharged),
            fullCycles: capacity > 0 ? Math.round((discharged / capacity) * 100) / 100 : 0,
          }
        : null,
  };
}

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
    };
  });
}

function checksOf(f: CommunityFramed, tz: string): MemberCheck[] {
  const { data, fromSec, toSec } = f;
  return data.map((m) => {
    const regs = Object.keys(m.values) as Register[];
    const present: Record<string, number> = Object.fromEntries(regs.map((r) => [m.registers[r]!, 0]));
    const lacking: string[] = [];
    let expected = 0;
    const violations = {
      g03_le_g02: { count: 0, firstSec: null as number | null },
      g03_le_g01: { count: 0, firstSec: null as number | null },
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
          if (g02 !== undefined && g03 > g02 + TOLERANCE_KWH) {
            violations.g03_le_g02.count++;
            violations.g03_le_g02.firstSec ??= t;
          }
          if (g01 !== undefined && g03 > g01 + TOLERANCE_KWH) {
            violations.g03_le_g01.count++;
            violations.g03_le_g01.firstSec ??= t;
          }
        }
    }
    return {
      meterId: m.meterId,
      label: m.label,
      expected,
      present,
      daysLacking: lacking.slice(0, 31),
      daysLackingCount: lacking.length,
      violations: (['g03_le_g02', 'g03_le_g01'] as const).map((rule) => ({ rule, ...violations[rule] })),
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
    throw new AppError('invalid_input', `${(err as Error).message} Lower the shares of "${c.name}".`);
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
    const full = loadMembers(db, c.members, report.fromSec, report.toSec);
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
    throw new AppError('invalid_input', 'Leave at least one member in the community.');
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
