// 2027 ahead (issue 44, item 8): a register's months under a power price on each month's highest
// quarter-hour, checked against an independent count — plain SQL over the readings view, months and
// local hours by Luxon, the draft's rules written out here (monthly maximum of import, rounded to two
// decimals, at least the minimum, a month the frame covers in part — it starts at the first reading —
// billed for its share).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { powerScenario } from '../../main/cost/power-scenario';
import { fullDay } from '../readings-fixture';

const TZ = 'Europe/Vienna';

describe('the 2027 power-price scenario', () => {
  it('bills each month its highest quarter-hour (in a window, at least the minimum), a partial month by its share', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-power-')), 'meterdesk.sqlite'));
    db.prepare(
      `INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
       VALUES ('m', 'AT0010000000000000000000000000001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)`,
    ).run();
    const store = createReadingsStore(db);
    // 10 January – 15 March 2025 (March 30 is the clock change: not in it). Evenings peak, one night spike.
    let day = DateTime.fromISO('2025-01-10', { zone: TZ });
    const end = DateTime.fromISO('2025-03-16', { zone: TZ });
    while (day < end) {
      const d = day.day;
      store.applyPage(
        'm',
        fullDay(day.toISODate()!, (i) => {
          const h = Math.floor(i / 4);
          if (d === 20 && i === 8) return 2.4; // a 9.6 kW spike at 02:00, outside an evening window
          return h >= 17 && h < 20 ? 0.3 + ((d * 7 + i) % 11) / 40 : 0.05 + (i % 5) / 100;
        }),
        'cursor',
        1,
      );
      day = day.plus({ days: 1 });
    }
    const fromSec = DateTime.fromISO('2025-01-01', { zone: TZ }).toSeconds();
    const toSec = DateTime.fromISO('2025-04-01', { zone: TZ }).toSeconds();
    const now = DateTime.fromISO('2025-06-01', { zone: TZ }).toSeconds();
    const rows = db.prepare('SELECT start_sec AS s, value AS v FROM readings ORDER BY start_sec').all() as {
      s: number;
      v: number;
    }[];
    const expected = (window: [number, number] | null, minKw: number, price: number) => {
      const first = DateTime.fromSeconds(rows[0]!.s, { zone: TZ }).startOf('day');
      // The frame: from the first reading's day (data) to the period's end (clipped to now, not to the data).
      const last = DateTime.fromSeconds(Math.min(toSec, now), { zone: TZ });
      return ['2025-01', '2025-02', '2025-03'].map((month) => {
        const mStart = DateTime.fromISO(`${month}-01`, { zone: TZ });
        const mEnd = mStart.plus({ months: 1 });
        const a = DateTime.max(mStart, first);
        const b = DateTime.min(mEnd, last);
        const share = (b.toSeconds() - a.toSeconds()) / (mEnd.toSeconds() - mStart.toSeconds());
        let peak = 0;
        for (const r of rows) {
          const t = DateTime.fromSeconds(r.s, { zone: TZ });
          if (t < mStart || t >= mEnd) continue;
          if (window && (t.hour < window[0] || t.hour >= window[1])) continue;
          peak = Math.max(peak, r.v * 4);
        }
        const billed = Math.max(Math.round(peak * 100) / 100, minKw);
        return { month, billed, eur: Math.round(billed * price * share * 100) / 100 };
      });
    };
    const q = { meterId: 'm', obisCode: '1-1:1.9.0 G.01', fromSec, toSec };
    for (const [window, minKw, price] of [
      [null, 2, 1.58],
      [[17, 20], 2, 1.58],
      [[17, 20], 5, 2.1],
    ] as const) {
      const r = powerScenario(
        db,
        {
          ...q,
          eurPerKwMonth: price,
          minKw,
          window: window ? { fromHour: window[0], toHour: window[1] } : null,
        },
        now,
        TZ,
      );
      const want = expected(window as [number, number] | null, minKw, price);
      expect(r.months.map((m) => ({ month: m.month, billed: m.billedKw, eur: m.eur }))).toEqual(want);
      expect(r.totalEur).toBeCloseTo(
        want.reduce((s, m) => s + m.eur, 0),
        2,
      );
    }
    // The night spike counts without a window (9.6 kW in January), not with an evening window.
    const all = powerScenario(db, { ...q, eurPerKwMonth: 1, minKw: 0, window: null }, now, TZ);
    expect(all.months[0]!.peakKw).toBe(9.6);
    db.close();
  });
});
