/**
 * One pass over a community's quarter-hours (community-view.ts reads it): what the operator's registers
 * recorded (G.01, G.02, G.03; a producer's P.01), or an allocation by a key with a community battery
 * where modelled. Each member counts only on the days of its membership, at its participation factor.
 */
import type { CommunityMember, CommunityTotals, WhatIfScenario } from '../../preload/contract';
import { type CommunityFramed, type MemberData } from './community-frame';
import { dayKey, dayNumberOf, dayStartSec } from '../time/local-days';
import { SNAP_SINCE, SNAP_WINDOW } from '../cost/presets';
import { allocateInto, batteryStepInto, type AllocationKey } from './allocation';

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
  /** What a consumer took in the SNAP window (snapWindowOf). */
  sharedInSnap: number;
  surplus: number;
}
export const zero = (): Sums => ({ consumption: 0, allocated: 0, shared: 0, sharedInSnap: 0, surplus: 0 });

/**
 * The summer low price's window of a local day as [from, to) in seconds, or null: from 1 April 2026
 * (SNE-V 2018 §5 as amended by BGBl. II 305/2025), April to September, 10:00–16:00 local time
 * (SNAP_WINDOW, the presets' window). Worked out once a day: its months hold no clock change, so the
 * window is the day's start plus its wall-clock times.
 */
function snapWindowOf(day: string, dayStart: number): [number, number] | null {
  if (day < SNAP_SINCE || !(SNAP_WINDOW.months as readonly number[]).includes(Number(day.slice(5, 7))))
    return null;
  const sec = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;
  return [dayStart + sec(SNAP_WINDOW.from), dayStart + sec(SNAP_WINDOW.to)];
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
  /** The quarter-hour's index in every member's values (they start at the asked span's start). */
  idx: number;
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
  const { idx, inSnap, factors, period, members, all } = qh;
  let gen = 0;
  let surplus = 0;
  let sharedNow = 0;
  for (const { m, i } of consumers) {
    if (factors[i] === null) continue;
    const c = m.values.g01?.at(idx) ?? 0;
    const a = m.values.g02?.at(idx) ?? 0;
    const s = m.values.g03?.at(idx) ?? 0;
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
    (a, { m, i }) => a + (factors[i] === null ? 0 : (m.values.g01?.at(idx) ?? 0)),
    0,
  );
  for (const { m, i } of producers) {
    if (factors[i] === null) continue;
    const g = m.values.g01?.at(idx) ?? 0;
    const p = m.values.p01
      ? m.values.p01.at(idx)
      : Math.max(0, g - (genNow > 0 ? (sharedNow * g) / genNow : 0));
    gen += g;
    surplus += p;
    members[i]!.consumption += g;
    members[i]!.shared += g - p;
    members[i]!.surplus += p;
  }
  return { gen, surplus, charged: 0, discharged: 0 };
}

/**
 * Arrays a model run keeps for its quarter-hours (one per consumer or producer), filled anew each: the
 * members' values as their dense arrays, the factors of the day, and the members' sums — a member's
 * sum added to in the same order as into its object, so the figures are the same to the last bit.
 */
interface Scratch {
  /** Each consumer's and producer's G.01 as its dense array (NaN: no reading), looked up once per run. */
  consumerG01: (Float64Array | null)[];
  producerG01: (Float64Array | null)[];
  /** Member index of each consumer and producer. */
  ci: Int32Array;
  pi: Int32Array;
  /** The day's participation factor of each consumer and producer; NaN: not a member that day. */
  cf: Float64Array;
  pf: Float64Array;
  load: Float64Array;
  demand: Float64Array;
  active: Uint8Array;
  gens: Float64Array;
  part: Float64Array;
  shares: Float64Array;
  allocated: Float64Array;
  consumed: Float64Array;
  residual: Float64Array;
  extra: Float64Array;
  /** Per member (data's order): consumption, allocated, shared, shared in the SNAP window, surplus. */
  sums: Float64Array[];
}

function scratchFor(
  consumers: Members,
  producers: Members,
  shares: Map<string, number>,
  memberCount: number,
): Scratch {
  const n = consumers.length;
  return {
    consumerG01: consumers.map(({ m }) => m.values.g01?.dense() ?? null),
    producerG01: producers.map(({ m }) => m.values.g01?.dense() ?? null),
    ci: Int32Array.from(consumers, (c) => c.i),
    pi: Int32Array.from(producers, (p) => p.i),
    cf: new Float64Array(n),
    pf: new Float64Array(producers.length),
    load: new Float64Array(n),
    demand: new Float64Array(n),
    active: new Uint8Array(n),
    gens: new Float64Array(producers.length),
    part: new Float64Array(producers.length),
    shares: Float64Array.from(consumers, ({ m }) => shares.get(m.meterId) ?? 0),
    allocated: new Float64Array(n),
    consumed: new Float64Array(n),
    residual: new Float64Array(n),
    extra: new Float64Array(n),
    sums: Array.from({ length: 5 }, () => new Float64Array(memberCount)),
  };
}

/** The day's factors into the scratch's arrays (NaN: not a member that day). */
function dayFactors(x: Scratch, factors: readonly (number | null)[]): void {
  for (let k = 0; k < x.ci.length; k++) x.cf[k] = factors[x.ci[k]!] ?? Number.NaN;
  for (let k = 0; k < x.pi.length; k++) x.pf[k] = factors[x.pi[k]!] ?? Number.NaN;
}

/** The i-th value of a dense array, 0 without one (QhValues.at). */
const valueAt = (v: Float64Array | null, idx: number) => {
  const x = v === null ? 0 : v[idx];
  return x === undefined || x !== x ? 0 : x;
};

/** A quarter-hour allocated by the community's key, with the community battery where modelled. */
function modelStep(
  qh: QuarterHour,
  mode: {
    key: AllocationKey;
    battery: { capacityKwh: number; powerKw: number; efficiency: number } | null;
  },
  state: { socKwh: number },
  x: Scratch,
): StepResult {
  const { idx, inSnap, period, all } = qh;
  const nc = x.ci.length;
  const np = x.pi.length;
  const [mc, ma, ms, msnap, msur] = x.sums as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  let gen = 0;
  let surplus = 0;
  let charged = 0;
  let discharged = 0;
  for (let k = 0; k < nc; k++) {
    const f = x.cf[k]!;
    const load = valueAt(x.consumerG01[k]!, idx);
    x.load[k] = load;
    const member = f === f;
    x.demand[k] = member ? f * load : 0;
    x.active[k] = member ? 1 : 0;
  }
  let partTotal = 0;
  for (let k = 0; k < np; k++) {
    const f = x.pf[k]!;
    x.gens[k] = valueAt(x.producerG01[k]!, idx);
    x.part[k] = (f === f ? f : 0) * x.gens[k]!;
    partTotal += x.part[k]!;
  }
  allocateInto(mode.key, x.demand, x.active, x.part, x.shares, x.allocated, x.consumed);
  let extraCharged = 0;
  // Shared straight from the generation (before the battery, whose discharge was taken earlier).
  let sharedDirect = 0;
  for (let k = 0; k < nc; k++) sharedDirect += x.consumed[k]!;
  if (mode.battery) {
    for (let k = 0; k < nc; k++) x.residual[k] = x.demand[k]! - x.consumed[k]!;
    const b = batteryStepInto(state, mode.battery, partTotal - sharedDirect, x.residual, x.extra);
    for (let k = 0; k < nc; k++) x.consumed[k] = x.consumed[k]! + x.extra[k]!;
    extraCharged = b.chargedKwh;
    charged += b.chargedKwh;
    discharged += b.dischargedKwh;
  }
  for (let k = 0; k < np; k++) {
    if (x.pf[k] !== x.pf[k]) continue;
    const i = x.pi[k]!;
    // What the community took of this producer: the shared energy and the battery's charge, in
    // proportion to its participating generation.
    const took = partTotal > 0 ? (sharedDirect * x.part[k]!) / partTotal : 0;
    const tookBattery = partTotal > 0 ? (extraCharged * x.part[k]!) / partTotal : 0;
    const g = x.gens[k]!;
    gen += g;
    mc[i] = mc[i]! + g;
    ms[i] = ms[i]! + Math.min(g, took + tookBattery);
    msur[i] = msur[i]! + Math.max(0, g - took - tookBattery);
    surplus += Math.max(0, g - took - tookBattery);
  }
  // The community's and the period's sums as locals, added to in the members' order as before.
  let aC = all.consumption;
  let aA = all.allocated;
  let aS = all.shared;
  let pC = period.sums.consumption;
  let pA = period.sums.allocated;
  let pS = period.sums.shared;
  for (let k = 0; k < nc; k++) {
    if (x.cf[k] !== x.cf[k]) continue;
    const i = x.ci[k]!;
    const c = x.load[k]!;
    const allocated = x.allocated[k]!;
    const consumed = x.consumed[k]!;
    mc[i] = mc[i]! + c;
    ma[i] = ma[i]! + allocated;
    ms[i] = ms[i]! + consumed;
    if (inSnap) msnap[i] = msnap[i]! + consumed;
    aC += c;
    aA += allocated;
    aS += consumed;
    pC += c;
    pA += allocated;
    pS += consumed;
  }
  all.consumption = aC;
  all.allocated = aA;
  all.shared = aS;
  period.sums.consumption = pC;
  period.sums.allocated = pA;
  period.sums.shared = pS;
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
  const scratch = mode.kind === 'model' ? scratchFor(consumers, producers, mode.shares, data.length) : null;
  let charged = 0;
  let discharged = 0;
  let key = '';
  let period = { generation: 0, sums: zero() };
  let factors: (number | null)[] = [];
  let nextDayStart = -Infinity;
  let snap: [number, number] | null = null;
  for (let t = fromSec; t < toSec; t += QH) {
    if (t >= nextDayStart) {
      const dayNo = dayNumberOf(t, tz);
      nextDayStart = dayStartSec(dayNo + 1, tz);
      key = dayKey(dayNo);
      snap = snapWindowOf(key, dayStartSec(dayNo, tz));
      const pk = periodOf(dayNo);
      let p = periods.get(pk);
      if (!p) periods.set(pk, (p = { generation: 0, sums: zero() }));
      period = p;
      factors = data.map((m) => {
        const row = rowOn(m.rows, key);
        return row ? row.factorPercent / 100 : null;
      });
      if (scratch) dayFactors(scratch, factors);
    }
    const inSnap = snap !== null && t >= snap[0] && t < snap[1];
    // Every member's values start at the asked span's start (community-frame.ts loadMembers), which
    // the frame may have narrowed: the index counts from there.
    const qh: QuarterHour = { t, idx: (t - f.askedFromSec) / QH, inSnap, factors, period, members, all };
    const step =
      mode.kind === 'recorded'
        ? recordedStep(qh, consumers, producers)
        : modelStep(qh, mode, state, scratch!);
    charged += step.charged;
    discharged += step.discharged;
    const { gen, surplus } = step;
    generationAll += gen;
    all.surplus += surplus;
    period.generation += gen;
    period.sums.surplus += surplus;
    surplusAt.set(t, surplus);
  }
  if (scratch) {
    const [c, a, sh, snapS, sur] = scratch.sums as Float64Array[];
    for (let i = 0; i < members.length; i++) {
      const m = members[i]!;
      m.consumption = c![i]!;
      m.allocated = a![i]!;
      m.shared = sh![i]!;
      m.sharedInSnap = snapS![i]!;
      m.surplus = sur![i]!;
    }
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
