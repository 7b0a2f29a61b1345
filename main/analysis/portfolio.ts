/**
 * The portfolio: each meter's last 365 days up to what it owes, of its primary register, and totals that
 * never mix registers.
 */
import type Database from 'better-sqlite3';
import { portfolioMeters } from '../db/meter-reads';
import { registersOf, rollupTotalsReader } from '../db/series-reads';
import type { PortfolioResult, PortfolioRow, PortfolioTotal } from '../../preload/contract';
import { lastReading } from '../db/readings-read';
import { frameFor } from './frame';
import { horizonOfMeter } from './horizon';
import { DEFAULT_TZ, dayNumberOf, dayStartSec } from '../time/local-days';
import { round } from './rows';

/**
 * One row per meter (all, or one customer's): the last 365 days of its primary register (G.01 where
 * it has one). Totals are per commodity, direction and register: gas, feed-in and consumption, or a
 * G.01 and a P.01, are never added into one number.
 */
export function portfolio(
  db: Database.Database,
  nowSec: number,
  customerId: string | null,
  tz = DEFAULT_TZ,
): PortfolioResult {
  const today = dayNumberOf(nowSec, tz);
  const meters = portfolioMeters(db, customerId);
  // Base load: the mean of the days' P5 (the base-load view's daily figure), kept with each day's rollup.
  const sumDays = rollupTotalsReader(db);
  const rows: PortfolioRow[] = meters.map((m) => {
    const all = registersOf(db, m.id);
    const s = all[0];
    // The last 365 days up to what the meter owes (analysis/horizon.ts: a synced meter's delivery, an
    // imported one's file end), in the register's frame: clipped to its first reading; days without any
    // data inside it are gaps, not left out. A file of 2024 is framed in 2024, not as a year of gaps.
    const owed = horizonOfMeter(db, m.id, nowSec, tz).toSec;
    const end = Number.isFinite(owed) ? Math.min(today, dayNumberOf(owed - 1, tz) + 1) : today;
    const frame = s
      ? frameFor(
          db,
          {
            meterId: m.id,
            obisCode: s.obis_code,
            fromSec: dayStartSec(end - 365, tz),
            toSec: dayStartSec(end, tz),
          },
          nowSec,
          tz,
        ).frame
      : null;
    const a =
      s && frame && frame.toSec > frame.fromSec
        ? sumDays(s.id, dayNumberOf(frame.fromSec, tz), dayNumberOf(frame.toSec - 1, tz))
        : undefined;
    const base = a?.p5 ?? null;
    let last: number | null = null;
    for (const x of all) {
      const e = lastReading(db, x.id)?.endSec ?? null;
      if (e !== null && (last === null || e > last)) last = e;
    }
    return {
      meterId: m.id,
      label: m.label,
      meteringPoint: m.metering_point,
      customer: m.customer,
      customerId: m.customer_id,
      commodity: m.commodity,
      energyDirection: m.energy_direction,
      obisCode: s?.obis_code ?? null,
      unit: s?.unit ?? null,
      annualKwh: a?.kwh != null ? round(a.kwh) : null,
      peakKw: a?.peak != null ? round(a.peak * 4) : null,
      baseLoadKw: base != null ? round(base * 4) : null,
      completeness: frame && frame.expected > 0 ? round((a?.n ?? 0) / frame.expected, 4) : null,
      lastDataSec: last,
      fromSec: frame && frame.toSec > frame.fromSec ? frame.fromSec : null,
      toSec: frame && frame.toSec > frame.fromSec ? frame.toSec : null,
      isPartial: !!frame && frame.toSec > frame.fromSec && frame.clippedToData,
    };
  });
  const totals = new Map<string, PortfolioTotal>();
  for (const r of rows) {
    if (r.obisCode === null || r.annualKwh === null) continue;
    const key = `${r.commodity}|${r.energyDirection}|${r.obisCode}|${r.unit}`;
    let t = totals.get(key);
    if (!t)
      totals.set(
        key,
        (t = {
          commodity: r.commodity,
          energyDirection: r.energyDirection,
          obisCode: r.obisCode,
          unit: r.unit ?? 'kWh',
          meters: 0,
          annualKwh: 0,
          partialMeters: 0,
        }),
      );
    t.meters += 1;
    if (r.isPartial) t.partialMeters += 1;
    t.annualKwh = round(t.annualKwh + r.annualKwh);
  }
  return { rows, totals: [...totals.values()] };
}
