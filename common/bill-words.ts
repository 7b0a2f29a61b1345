/**
 * A bill reconciliation's reasons and parts in the person's words (issue 44, item 5): one wording for the
 * app's bill dialog and the report's bill check, from the shared dictionary (common/i18n).
 */
import type { Say } from './i18n/words';

/** The shapes of preload/bill-contract.ts this needs (common/ imports nothing of preload/). */
interface Reason {
  code: string;
  part?: string;
  basis?: string;
  values: Record<string, number>;
}
interface Part {
  key: string;
  label: string | null;
}

/** A part as the bill names it (its label), else in the dictionary's words. */
export function partName(p: Pick<Part, 'key' | 'label'>, t: Say): string {
  return p.label ?? t(`bill_part_${p.key}`);
}

/** The dictionary key of a reason: which way the kWh differ, on what basis a part is compared. */
export function billReasonKey(r: Reason): string {
  if (r.code === 'period') return `bill_reason_period_${(r.values.diff ?? 0) > 0 ? 'more' : 'less'}`;
  if (r.basis) return `bill_reason_${r.code}_${r.basis}`;
  return `bill_reason_${r.code}`;
}

/**
 * Which of a reason's values are euros, written with two decimals as money is (issue 64: "2,4 €" and
 * "29,2 €" read as 2,40 € and 29,20 €): the differences of lines and parts, a part's amount on the
 * bill and a year's amount; not a price per kWh, kWh or a count.
 */
function moneyKeys(r: Reason): Set<string> {
  if (r.code === 'part_absent') return new Set(['bill', 'perYear']);
  if (r.code === 'part_differs') return new Set(r.basis === 'per_kwh' ? ['diff'] : ['diff', 'bill', 'ours']);
  if (['fixed', 'grid', 'levies', 'vat', 'total'].includes(r.code)) return new Set(['diff']);
  return new Set();
}

/**
 * A reason's words: its numbers formatted by `num` (a difference by its size: the words say which way),
 * a part's name as the bill gave it.
 */
export function billReasonText(
  r: Reason,
  parts: readonly Part[],
  t: Say,
  num: (v: number) => string,
  money: (v: number) => string = num,
): string {
  const euros = moneyKeys(r);
  const values = Object.fromEntries(
    Object.entries(r.values).map(([k, v]) => {
      const x = k === 'diff' || k === 'percent' ? Math.abs(v) : v;
      return [k, euros.has(k) ? money(x) : num(x)];
    }),
  );
  const part = r.part ? parts.find((p) => p.key === r.part) : undefined;
  return t(billReasonKey(r), {
    ...values,
    ...(r.part ? { part: partName(part ?? { key: r.part, label: null }, t) } : {}),
  });
}
