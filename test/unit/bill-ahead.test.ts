// The bill ahead (issue 44, item 7), against an independent computation: a flat tariff whose cost is
// known by hand (energy 20 ct/kWh, base fee 30 € a month, VAT 20 %, no grid or levies), a year and a
// half of readings with a known pattern, the billing year from 1 September. So far: the hand-priced
// kWh (SQL) and base fee (days ÷ the month's days); the rest: last year's same days (SQL) × this
// year's trend (SQL ÷ SQL), priced at 20 ct and 1 €/day gross × 1.2; the balance against 11 × 95 €.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { createCostService } from '../../main/cost/cost-service';
import { billAhead, billingYearOf } from '../../main/cost/bill-ahead';
import { tariffSchema } from '../../preload/contract';
import { fixedClock } from '../../main/time/clock';
import { fullDay } from '../readings-fixture';

const TZ = 'Europe/Vienna';
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toSeconds();

describe('the bill ahead', () => {
  it('the billing year so far, the rest by last year × trend, the balance against the payments', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-ahead-')), 'meterdesk.sqlite'));
    db.prepare(
      `INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
       VALUES ('m', 'AT0010000000000000000000000000001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)`,
    ).run();
    const store = createReadingsStore(db);
    // 1 Sep 2024 – 14 Nov 2025 (now: 15 Nov 2025, 00:00); this year uses 10 % more than last year.
    for (
      let d = DateTime.fromISO('2024-09-01', { zone: TZ });
      d < DateTime.fromISO('2025-11-15', { zone: TZ });
      d = d.plus({ days: 1 })
    ) {
      const winter = d.month <= 3 || d.month >= 11 ? 1.5 : 1;
      const more = d >= DateTime.fromISO('2025-09-01', { zone: TZ }) ? 1.1 : 1;
      store.applyPage(
        'm',
        fullDay(d.toISODate()!, (i) => Math.round((0.05 + (i % 7) / 100) * winter * more * 1000) / 1000),
        'cursor',
        1,
      );
    }
    const now = at('2025-11-15T00:00');
    const svc = createCostService(db, TZ, fixedClock(now));
    svc.store.save(
      tariffSchema.parse({
        id: 'flat',
        name: 'Flat',
        direction: 'consumption',
        energy: { type: 'flat', centsPerKwh: 20 },
        baseFeeEurPerMonth: 30,
        vatPercent: 20,
      }),
      1,
    );
    const r = billAhead(
      db,
      svc,
      {
        meterId: 'm',
        obisCode: '1-1:1.9.0 G.01',
        tariffId: 'flat',
        billingStart: '09-01',
        payment: { eur: 95, perYear: 11 },
      },
      now,
      TZ,
    );
    expect(r.billingYear).toEqual({ fromSec: at('2025-09-01T00:00'), toSec: at('2026-09-01T00:00') });
    const sum = (a: number, b: number) =>
      (
        db
          .prepare('SELECT coalesce(sum(value), 0) AS k FROM readings WHERE start_sec >= ? AND start_sec < ?')
          .get(a, b) as { k: number }
      ).k;
    // So far: 1 Sep – 15 Nov 2025, by hand.
    const kwh = sum(at('2025-09-01T00:00'), now);
    const base = 30 + 30 + (30 * 14) / 30; // September, October, 14 of November's 30 days
    expect(r.soFar.kwh).toBeCloseTo(kwh, 3);
    expect(r.soFar.eur).toBeCloseTo((kwh * 0.2 + base) * 1.2, 1);
    // The rest: 15 Nov 2025 – 1 Sep 2026 = 290 days; last year's same days × the trend.
    expect(r.rest.method).toBe('last_year');
    expect(r.rest.days).toBe(290);
    const trend = kwh / sum(at('2024-09-01T00:00'), at('2024-11-15T00:00'));
    expect(r.rest.trend).toBeCloseTo(trend, 3);
    expect(trend).toBeCloseTo(1.1, 2);
    // Last year holds the days to 14 Nov 2025 only: the rest's last-year span (15 Nov 2024 – 1 Sep 2025) is whole.
    const restKwh = sum(at('2024-11-15T00:00'), at('2025-09-01T00:00')) * trend;
    expect(r.rest.kwh).toBeCloseTo(restKwh, 1);
    // Priced as so far: 20 ct per kWh and the base fee per day of so far (75 days), × 1.2.
    const perDay = base / 75;
    expect(r.rest.eur).toBeCloseTo((restKwh * 0.2 + 290 * perDay) * 1.2, 0);
    expect(r.rest.low).toBeLessThanOrEqual(r.rest.eur);
    expect(r.rest.high).toBeGreaterThanOrEqual(r.rest.eur);
    expect(r.year.eur).toBeCloseTo(r.soFar.eur + r.rest.eur, 2);
    expect(r.payments).toEqual({ eur: 95, perYear: 11, total: 1045 });
    expect(r.balance!.eur).toBeCloseTo(1045 - r.year.eur, 2);
    expect(r.unpriced).toEqual({ withoutPrice: 0, outsideValidity: 0 });

    // A tariff valid from 1 October: September so far has no price; said with its count, never silent.
    svc.store.save(
      tariffSchema.parse({
        id: 'from-october',
        name: 'From October',
        direction: 'consumption',
        energy: { type: 'flat', centsPerKwh: 20 },
        vatPercent: 20,
        validFrom: '2025-10-01',
      }),
      1,
    );
    const q = {
      meterId: 'm',
      obisCode: '1-1:1.9.0 G.01',
      tariffId: 'from-october',
      billingStart: '09-01',
      payment: null,
    };
    const late = billAhead(db, svc, q, now, TZ);
    const september = (
      db
        .prepare('SELECT count(*) AS n FROM readings WHERE start_sec >= ? AND start_sec < ?')
        .get(at('2025-09-01T00:00'), at('2025-10-01T00:00')) as { n: number }
    ).n;
    expect(september).toBe(30 * 96);
    expect(late.unpriced).toEqual({ withoutPrice: 0, outsideValidity: september });
    expect(late.soFar.eur).toBeCloseTo(sum(at('2025-10-01T00:00'), now) * 0.2 * 1.2, 1);
    db.close();
  });

  it('the billing year is the one around now, from its month and day; a start past the 28th is refused', () => {
    expect(billingYearOf('09-01', at('2025-08-31T23:00'), TZ)).toEqual({
      fromSec: at('2024-09-01T00:00'),
      toSec: at('2025-09-01T00:00'),
    });
    expect(billingYearOf('01-01', at('2026-03-01T12:00'), TZ).fromSec).toBe(at('2026-01-01T00:00'));
    expect(() => billingYearOf('02-30', at('2026-03-01T12:00'), TZ)).toThrow(/01-01 to 12-28/);
  });
});
