/**
 * The watch list's thresholds (issue 45, item 1): each rule's default, its unit and bounds, and the
 * value a person set for a meter, its site or its customer — the narrowest wins (meter, then site,
 * then customer, then the default). `peak_cap` has no default: a kW cap (contracted power, a
 * peak-shaving target, the level the 2027 power price would charge) is the person's to set.
 */
import type { ThresholdRow } from '../db/watch-store';

export const THRESHOLDS = {
  peak_cap: { default: null, unit: 'kW', min: 0.1, max: 100_000 },
  base_step: { default: 1.5, unit: '×', min: 1.05, max: 10 },
  year_change: { default: 20, unit: '%', min: 1, max: 500 },
  day_revised: { default: 10, unit: '%', min: 1, max: 100 },
  feed_in_drop: { default: 70, unit: '%', min: 1, max: 99 },
  data_stopped: { default: 3, unit: 'days', min: 1, max: 60 },
} as const satisfies Record<string, { default: number | null; unit: string; min: number; max: number }>;

export type ThresholdRule = keyof typeof THRESHOLDS;
export const THRESHOLD_RULES = Object.keys(THRESHOLDS) as ThresholdRule[];
export type Scope = 'meter' | 'site' | 'customer' | 'default';

/** A meter's threshold of each rule and where it comes from. */
export type Resolved = Record<ThresholdRule, { value: number | null; scope: Scope }>;

/** The thresholds of every meter from the rows set: a function of the meter, its site and customer. */
export function thresholdResolver(rows: readonly ThresholdRow[]) {
  const set = new Map(rows.map((r) => [`${r.scope}|${r.scope_id}|${r.rule}`, r.value]));
  return (m: { meterId: string; siteId: string | null; customerId: string | null }): Resolved =>
    Object.fromEntries(
      THRESHOLD_RULES.map((rule) => {
        for (const [scope, id] of [
          ['meter', m.meterId],
          ['site', m.siteId],
          ['customer', m.customerId],
        ] as const) {
          const v = id === null ? undefined : set.get(`${scope}|${id}|${rule}`);
          if (v !== undefined) return [rule, { value: v, scope }];
        }
        return [rule, { value: THRESHOLDS[rule].default, scope: 'default' }];
      }),
    ) as Resolved;
}

/** A meter's thresholds as the app shows them: each rule's value, scope, bounds and what is set where. */
export function thresholdsView(
  rows: readonly ThresholdRow[],
  m: { meterId: string; siteId: string | null; customerId: string | null },
) {
  const resolved = thresholdResolver(rows)(m);
  const at = (scope: 'meter' | 'site' | 'customer', id: string | null, rule: string) =>
    rows.find((r) => r.scope === scope && r.scope_id === id && r.rule === rule)?.value ?? null;
  return {
    ...m,
    rules: THRESHOLD_RULES.map((rule) => ({
      rule,
      ...resolved[rule],
      ...THRESHOLDS[rule],
      set: {
        meter: at('meter', m.meterId, rule),
        site: at('site', m.siteId, rule),
        customer: at('customer', m.customerId, rule),
      },
    })),
  };
}
