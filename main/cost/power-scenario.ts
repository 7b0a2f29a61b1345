/**
 * 2027 ahead, without invented numbers (issue 44, item 8): what a consumption register's months would
 * cost under a power price on each month's highest quarter-hour — the draft the grid fees move to
 * (SNE-G-V draft of 30.06.2026 § 6, AUSTRIA-2026.md §3.3: billed monthly on the highest quarter-hour
 * mean of grid import, feed-in not netted, the peak rounded to two decimals, a minimum of 2 kW). The
 * price, the minimum and an optional daily time window are the person's parameters: no ordinance
 * gives the price yet (expected December 2026), so none is preset.
 */
import type Database from 'better-sqlite3';
import type { PowerScenarioResult } from '../../preload/contract';
import { loadRows } from '../analysis/analysis';
import { frameFor } from '../analysis/frame';
import { offsetMinutesAt, QH_SEC } from '../time/local-days';
import { monthsOf } from './cost';

export interface PowerScenarioQuery {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  /** € per kW and month, net (the person's figure). */
  eurPerKwMonth: number;
  /** The least billed power, kW (the draft: 2 kW). */
  minKw: number;
  /** Only quarter-hours starting in [fromHour, toHour) local time count (a peak window), or all. */
  window: { fromHour: number; toHour: number } | null;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

export function powerScenario(
  db: Database.Database,
  q: PowerScenarioQuery,
  nowSec: number,
  tz: string,
): PowerScenarioResult {
  const framed = frameFor(db, q, nowSec, tz);
  const { fromSec, toSec } = framed.frame;
  const rows = toSec > fromSec ? loadRows(db, framed, true) : [];
  const step = framed.frame.resolutionSec || QH_SEC;
  const inWindow = (sec: number) => {
    if (!q.window) return true;
    const hour = Math.floor(((((sec + offsetMinutesAt(sec, tz) * 60) % 86_400) + 86_400) % 86_400) / 3600);
    return q.window.fromHour <= q.window.toHour
      ? hour >= q.window.fromHour && hour < q.window.toHour
      : hour >= q.window.fromHour || hour < q.window.toHour; // a window over midnight
  };
  let k = 0;
  const months = (toSec > fromSec ? monthsOf(fromSec, toSec, tz) : []).map((m) => {
    let peak: { kw: number; at: number } | null = null;
    for (; k < rows.length && rows[k]!.start < m.toSec; k++) {
      const r = rows[k]!;
      if (r.start < m.fromSec || !inWindow(r.start)) continue;
      const kw = (r.value * 3600) / step;
      if (!peak || kw > peak.kw) peak = { kw, at: r.start };
    }
    const peakKw = peak ? r2(peak.kw) : null;
    const billedKw = Math.max(peakKw ?? 0, q.minKw);
    return {
      month: m.month,
      share: m.share,
      peakKw,
      peakAtSec: peak?.at ?? null,
      billedKw,
      // A partial month is billed for its share, as the grid fees' monthly parts are.
      eur: r2(billedKw * q.eurPerKwMonth * m.share),
    };
  });
  return {
    frame: { ...framed.frame },
    months,
    totalEur: r2(months.reduce((a, m) => a + m.eur, 0)),
    meanBilledKw: months.length ? r2(months.reduce((a, m) => a + m.billedKw, 0) / months.length) : null,
  };
}
