/**
 * One pass over a community's quarter-hours (community-view.ts reads it): what the operator's registers
 * recorded (G.01, G.02, G.03; a producer's P.01), or an allocation by a key with a community battery
 * where modelled. Each member counts only on the days of its membership, at its participation factor.
 */
import type { CommunityMember, CommunityTotals, WhatIfScenario } from '../../preload/contract';
import { type CommunityFramed, type MemberData } from './community-frame';
import { dayKey, dayNumberOf, localParts } from '../time/local-days';
import { SNAP_SINCE, SNAP_WINDOW } from '../cost/presets';
import { allocateQuarterHour, batteryStep, type AllocationKey } from './allocation';

const QH = 900;
export const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** The membership row in force on a local day (inclusive dates), or null: not a member that day. */
export function rowOn(rows: readonly CommunityMember[], key: string): CommunityMember | null {
  return rows.find((r) => (!r.validFrom || key >= r.validFrom) && (!r.validTo || key <= r.validTo)) ?? null;
}

export interface Sums {
  consumption: number;
  allocated: number;
  shared: number;
  /** What a consumer took in the SNAP window (snapWindowAt). */
  sharedInSnap: number;
  surplus: number;
}
export const zero = (): Sums => ({ consumption: 0, allocated: 0, shared: 0, sharedInSnap: 0, surplus: 0 });

/**
 * Whether the quarter-hour starting at `t` lies in the summer low price's window: from 1 April 2026
 * (SNE-V 2018 §5 as amended by BGBl. II 305/2025), April to September, 10:00–16:00 local time
 * (SNAP_WINDOW, the presets' window). `day` is the quarter-hour's local day key.
 */
export function snapWindowAt(t: number, day: string, tz: string): boolean {
  if (day < SNAP_SINCE || !(SNAP_WINDOW.months as readonly number[]).includes(Number(day.slice(5, 7))))
    return false;
  const time = localParts(t, tz).time;
  return time >= SNAP_WINDOW.from && time < SNAP_WINDOW.to;
}

export interface Run {
  totals: CommunityTotals;
  members: Sums[];
  periods: Map<string, CommunityTotals>;
  /** Surplus to the grid per quarter-hour start. */
  surplusAt: Map<number, number>;
  battery: WhatIfScenario['battery'];
}

export function totalsOf(generation: number, s: Sums): CommunityTotals {
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

export function run(
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
