/**
 * How a community's generation is shared in one quarter-hour (AUSTRIA-2026.md §2.1): each consumer is
 * allocated a share of the generation (`G.02`) and consumes from it at most its own consumption in the
 * community (`G.03`, Eigendeckung); what no member takes leaves the community to the grid.
 * - Static key: consumer i is allocated its fixed share sᵢ of the generation; a share a member cannot
 *   use (capped by its consumption, or the member not in the community that day) is not passed on.
 * - Dynamic key: consumer i is allocated the generation in proportion to its consumption, dᵢ / Σd.
 * Participation factors scale what takes part: a consumer's consumption fᵢ·cᵢ, a producer's generation
 * f_p·g_p (the `…T` registers). Guarantees, per quarter-hour: 0 ≤ G.03ᵢ ≤ G.02ᵢ, G.03ᵢ ≤ fᵢ·cᵢ ≤ cᵢ,
 * Σ G.03 ≤ Σ f_p·g_p; each producer's part of what was shared is in proportion to its participating
 * generation. Plain arithmetic, no I/O: the view and the what-ifs call it on the stored quarter-hours.
 */

export type AllocationKey = 'static' | 'dynamic';

export interface QuarterHourShare {
  /** Per consumer: allocated (G.02) and consumed from the community (G.03), kWh. */
  allocated: number[];
  consumed: number[];
  /** Per producer: what the community took of its generation, kWh. */
  taken: number[];
}

/**
 * One quarter-hour. `demand[i]` is consumer i's consumption × its factor, `active[i]` whether it is a
 * member that day (a static share of a member not yet joined is allocated to no one); `generation[p]`
 * producer p's generation × its factor; `shares[i]` consumer i's static share (0–1; the dynamic key
 * ignores it).
 */
export function allocateQuarterHour(
  key: AllocationKey,
  demand: readonly number[],
  active: readonly boolean[],
  generation: readonly number[],
  shares: readonly number[],
): QuarterHourShare {
  const allocated = new Array<number>(demand.length).fill(0);
  const consumed = new Array<number>(demand.length).fill(0);
  allocateInto(key, demand, active, generation, shares, allocated, consumed);
  const shared = consumed.reduce((a, c) => a + c, 0);
  const total = generation.reduce((a, g) => a + Math.max(0, g), 0);
  const taken = generation.map((g) => (total > 0 ? (shared * Math.max(0, g)) / total : 0));
  return { allocated, consumed, taken };
}

/**
 * The allocation of `allocateQuarterHour` into arrays the caller keeps (a community's year is 35 040
 * quarter-hours × its members: no arrays made per quarter-hour).
 */
export function allocateInto(
  key: AllocationKey,
  demand: ArrayLike<number>,
  active: ArrayLike<boolean | number>,
  generation: ArrayLike<number>,
  shares: ArrayLike<number>,
  allocated: { [i: number]: number },
  consumed: { [i: number]: number },
): void {
  let total = 0;
  for (let p = 0; p < generation.length; p++) total += Math.max(0, generation[p]!);
  let sumDemand = 0;
  for (let i = 0; i < demand.length; i++) sumDemand += active[i] ? Math.max(0, demand[i]!) : 0;
  for (let i = 0; i < demand.length; i++) {
    const d = active[i] ? Math.max(0, demand[i]!) : 0;
    const a =
      !active[i] || total <= 0
        ? 0
        : key === 'static'
          ? total * (shares[i] ?? 0)
          : sumDemand > 0
            ? (total * d) / sumDemand
            : 0;
    allocated[i] = a;
    consumed[i] = Math.min(d, a);
  }
}

/**
 * Static shares as fractions: the given percentages, and the rest shared equally among the consumers
 * without one. Refused when the given ones add up to more than 100 %.
 */
export function staticShares(given: readonly (number | null)[]): number[] {
  const sum = given.reduce<number>((a, s) => a + (s ?? 0), 0);
  if (sum > 100 + 1e-9)
    throw new RangeError(`The static shares add up to ${Math.round(sum * 100) / 100} %, more than 100 %.`);
  const open = given.filter((s) => s === null).length;
  const rest = open > 0 ? (100 - sum) / open : 0;
  return given.map((s) => (s ?? rest) / 100);
}

/**
 * A battery of the community: it charges from the quarter-hour's generation no member took, and
 * discharges against what members still draw from the grid (their consumption in the community less
 * G.03), split in proportion to it. Round-trip efficiency split evenly (√η each way). Returns the
 * quarter-hour's extra consumed per consumer and the energy charged (taken from the surplus).
 */
export function batteryStep(
  state: { socKwh: number },
  battery: { capacityKwh: number; powerKw: number; efficiency: number },
  surplusKwh: number,
  residual: readonly number[],
): { extra: number[]; chargedKwh: number; dischargedKwh: number } {
  const extra = new Float64Array(residual.length);
  const r = batteryStepInto(state, battery, surplusKwh, residual, extra);
  return { extra: [...extra], ...r };
}

/** `batteryStep` into an array the caller keeps (a year's quarter-hours make no arrays). */
export function batteryStepInto(
  state: { socKwh: number },
  battery: { capacityKwh: number; powerKw: number; efficiency: number },
  surplusKwh: number,
  residual: ArrayLike<number>,
  extra: Float64Array,
): { chargedKwh: number; dischargedKwh: number } {
  const step = battery.powerKw * 0.25;
  const eta = Math.sqrt(battery.efficiency);
  let need = 0;
  for (let k = 0; k < residual.length; k++) need += Math.max(0, residual[k]!);
  if (need > 1e-12 && state.socKwh > 1e-12) {
    const delivered = Math.min(need, step, state.socKwh * eta);
    state.socKwh -= delivered / eta;
    for (let k = 0; k < residual.length; k++) extra[k] = (delivered * Math.max(0, residual[k]!)) / need;
    return { chargedKwh: 0, dischargedKwh: delivered };
  }
  extra.fill(0);
  if (surplusKwh > 1e-12 && state.socKwh < battery.capacityKwh) {
    const charged = Math.min(surplusKwh, step, (battery.capacityKwh - state.socKwh) / eta);
    state.socKwh += charged * eta;
    return { chargedKwh: charged, dischargedKwh: 0 };
  }
  return { chargedKwh: 0, dischargedKwh: 0 };
}
