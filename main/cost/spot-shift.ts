/**
 * A spot tariff's exposure and what shifting saves (the cost view's spot figures): each local day's
 * four most expensive hours against its four cheapest, by the hour's mean energy price.
 */
import type { Row } from '../analysis/analysis';
import { dayNumberOf, offsetMinutesAt } from '../time/local-days';
import type { Pricing } from './pricing';

/** Each local day's four most expensive and four cheapest hours (by the hour's mean energy price). */
export function spotShift(rows: readonly Row[], pricing: Pricing, shiftPercent: number, tz: string) {
  const days = new Map<number, Map<number, { kwh: number; cost: number; prices: number[] }>>();
  let energyCost = 0;
  for (const r of rows) {
    const p = pricing.energyCents(r.start);
    if (p === null) continue;
    energyCost += (r.value * p) / 100;
    const day = dayNumberOf(r.start, tz);
    const hourKey = Math.floor((r.start + offsetMinutesAt(r.start, tz) * 60) / 3600);
    let hours = days.get(day);
    if (!hours) days.set(day, (hours = new Map()));
    let h = hours.get(hourKey);
    if (!h) hours.set(hourKey, (h = { kwh: 0, cost: 0, prices: [] }));
    h.kwh += r.value;
    h.cost += (r.value * p) / 100;
    h.prices.push(p);
  }
  let expensiveCost = 0;
  let savings = 0;
  for (const hours of days.values()) {
    const list = [...hours.values()].map((h) => ({
      ...h,
      price: h.prices.reduce((a, b) => a + b, 0) / h.prices.length,
    }));
    list.sort((a, b) => b.price - a.price);
    const top = list.slice(0, 4);
    const cheap = list.slice(-4);
    const cheapPrice = cheap.reduce((a, h) => a + h.price, 0) / Math.max(1, cheap.length);
    const topCost = top.reduce((a, h) => a + h.cost, 0);
    const topKwh = top.reduce((a, h) => a + h.kwh, 0);
    expensiveCost += topCost;
    // Moving a share of the expensive hours' energy into the cheap hours of the same day.
    savings += Math.max(0, (shiftPercent / 100) * (topCost - (topKwh * cheapPrice) / 100));
  }
  return { expensiveShare: energyCost > 0 ? expensiveCost / energyCost : 0, savingsNetEur: savings };
}
