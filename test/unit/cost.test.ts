/**
 * Costs, battery and peak shaving on small hand-made series in a real SQLite file, against totals
 * computed by hand and written here: flat, time-of-use across midnight and by weekday, spot across both
 * DST change days (its prices read from a file with local times and the repeated hour), VAT and levies,
 * fees for part of a month; battery energy conservation, bounds, a hand-checked 8-step example; peak
 * shaving that keeps every quarter-hour under the cap when the energy is there.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcileBill } from '../../main/cost/bill';
import { tariffSchema, type TariffInput } from '../../preload/contract';
import { simulate, kneeOf } from '../../main/cost/battery';
import { createCostService } from '../../main/cost/cost-service';
import { systemClock } from '../../main/time/clock';
import { requiredForCap, shave } from '../../main/cost/peak-shaving';
import { readPriceFile } from '../../main/cost/price-file';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';

const TZ = 'Europe/Vienna';
const utc = (iso: string) => Date.parse(iso) / 1000;

function setup(
  readings: { obis: string; at: string; kwh: number }[],
  meters = [{ id: 'm1', direction: 'consumption', site: 's1' }],
) {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-cost-')), 'meterdesk.sqlite'));
  for (const m of meters)
    db.prepare(
      `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
       VALUES (?, ?, ?, ?, 'electricity', 'quarter_hour', 'connected', ?, '{}', 0)`,
    ).run(
      m.id,
      `AT00100000000000000000000000000${m.id.slice(-2).padStart(2, '0')}`,
      m.id,
      m.direction,
      m.site,
    );
  const store = createReadingsStore(db, TZ);
  const byMeter = new Map<string, typeof readings>();
  for (const r of readings) {
    const meter = r.obis.startsWith('1-1:2.')
      ? meters.find((m) => m.direction === 'feed_in')!.id
      : meters[0]!.id;
    byMeter.set(meter, [...(byMeter.get(meter) ?? []), r]);
  }
  for (const [meter, rows] of byMeter)
    store.applyPage(
      meter,
      rows.map((r) => ({
        obisCode: r.obis,
        startSec: utc(r.at),
        endSec: utc(r.at) + 900,
        value: r.kwh,
        quality: 1,
        updatedSec: 1,
      })),
      'sync',
      1,
    );
  return { db, svc: createCostService(db, TZ, systemClock) };
}

const tariff = (t: Partial<TariffInput> & Pick<TariffInput, 'id' | 'energy'>) =>
  tariffSchema.parse({ name: t.id, direction: 'consumption', vatPercent: 0, ...t });
/** What makes a consumption tariff a whole bill (issue 60): grid fees and a levy beside its energy. */
const whole = { gridEnergyCentsPerKwh: 8, levies: [{ name: 'Elektrizitätsabgabe', centsPerKwh: 0.1 }] };

describe('cost', () => {
  it('flat price, base fee for a share of the month, grid energy, per-kWh and percentage levies, VAT', () => {
    // 15.01.2025 00:00–01:00 CET: four quarter-hours of 0.25 kWh.
    const { db, svc } = setup(
      ['2025-01-14T23:00:00Z', '2025-01-14T23:15:00Z', '2025-01-14T23:30:00Z', '2025-01-14T23:45:00Z'].map(
        (at) => ({ obis: '1-1:1.9.0 G.01', at, kwh: 0.25 }),
      ),
    );
    svc.store.save(
      tariff({
        id: 'flat',
        energy: { type: 'flat', centsPerKwh: 20 },
        baseFeeEurPerMonth: 31,
        gridEnergyCentsPerKwh: 10,
        levies: [
          { name: 'Elektrizitätsabgabe', centsPerKwh: 1.5 },
          { name: 'Gebrauchsabgabe', percent: 7 },
        ],
        vatPercent: 20,
      }),
      1,
    );
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2025-01-14T23:00:00Z'),
      toSec: utc('2025-01-15T23:00:00Z'),
      tariffIds: ['flat'],
      shiftPercent: 10,
    });
    // By hand: energy 1 kWh × 20 ct = 0.20; base 31 € × 1/31 = 1.00; grid 0.10; net 1.30;
    // levies 0.015 + 7 % × 1.30 = 0.106 → 0.11; VAT 20 % × (1.30 + 0.11) = 0.282 → 0.28; total 1.69.
    expect(r.kwh).toBe(1);
    expect(r.tariffs[0]!.months).toEqual([
      expect.objectContaining({
        month: '2025-01',
        kwh: 1,
        energyEur: 0.2,
        baseFeeEur: 1,
        gridEnergyEur: 0.1,
        gridPowerEur: 0,
        leviesEur: 0.11,
        vatEur: 0.28,
        totalEur: 1.69,
        meanCentsPerKwh: 169,
      }),
    ]);
    expect(r.tariffs[0]!.total).toMatchObject({ totalEur: 1.69 });
    expect(r.bestTariffId).toBe('flat');
    db.close();
  });

  it('a tariff entered gross equals its net twin plus VAT, to the cent (issue 34)', () => {
    // A day of quarter-hours in June 2026, some inside the SNAP window.
    const rows = Array.from({ length: 96 }, (_, i) => ({
      obis: '1-1:1.9.0 G.01',
      at: new Date(Date.UTC(2026, 5, 9, 22) + i * 900_000).toISOString(),
      kwh: Math.round(((i % 9) / 10 + 0.1) * 1000) / 1000,
    }));
    const { db, svc } = setup(rows);
    const net = {
      energy: {
        type: 'tou' as const,
        defaultCentsPerKwh: 20,
        windows: [{ days: 'all' as const, from: '22:00', to: '06:00', centsPerKwh: 15 }],
      },
      baseFeeEurPerMonth: 3,
      gridEnergyCentsPerKwh: 6.98,
      gridEnergyWindows: [
        { days: 'all' as const, months: [4, 5, 6, 7, 8, 9], from: '10:00', to: '16:00', centsPerKwh: 5.58 },
      ],
      levies: [{ name: 'EFB', centsPerKwh: 0.62 }],
      vatPercent: 20,
    };
    const g = (v: number) => v * 1.2;
    svc.store.save(tariff({ id: 'net', ...net }), 1);
    svc.store.save(
      tariff({
        id: 'gross',
        pricesEntered: 'gross',
        energy: {
          ...net.energy,
          defaultCentsPerKwh: g(20),
          windows: [{ ...net.energy.windows[0]!, centsPerKwh: g(15) }],
        },
        baseFeeEurPerMonth: g(3),
        gridEnergyCentsPerKwh: g(6.98),
        gridEnergyWindows: [{ ...net.gridEnergyWindows[0]!, centsPerKwh: g(5.58) }],
        levies: [{ name: 'EFB', centsPerKwh: g(0.62) }],
        vatPercent: 20,
      }),
      1,
    );
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2026-06-09T22:00:00Z'),
      toSec: utc('2026-06-10T22:00:00Z'),
      tariffIds: ['net', 'gross'],
      shiftPercent: 10,
    });
    const [a, b] = r.tariffs;
    expect(b!.total).toEqual(a!.total);
    // By hand from the rows: energy at 15 ct 22:00–06:00 local, else 20; grid 5,58 in 10:00–16:00.
    let energy = 0;
    let grid = 0;
    for (const x of rows) {
      const h = (new Date(x.at).getUTCHours() + 2) % 24; // CEST
      energy += x.kwh * (h >= 22 || h < 6 ? 15 : 20);
      grid += x.kwh * (h >= 10 && h < 16 ? 5.58 : 6.98);
    }
    // To the cent (each month's line is rounded to cents).
    expect(Math.abs(a!.total.energyEur - energy / 100)).toBeLessThanOrEqual(0.0051);
    expect(Math.abs(a!.total.gridEnergyEur - grid / 100)).toBeLessThanOrEqual(0.0051);
    db.close();
  });

  it('fixed charges per month and per year pro rata by day; the power price on the basis the bill names (issue 34)', () => {
    // Four months with one high quarter-hour each (4, 8, 12, 16 kW) and a small one beside it.
    const rows = [
      ['2025-01-15T10:00:00Z', 1],
      ['2025-02-15T10:00:00Z', 2],
      ['2025-03-15T10:00:00Z', 3],
      ['2025-04-15T10:00:00Z', 4],
    ].flatMap(([at, kwh]) => [
      { obis: '1-1:1.9.0 G.01', at: at as string, kwh: kwh as number },
      { obis: '1-1:1.9.0 G.01', at: (at as string).replace('10:00', '10:15'), kwh: 0.1 },
    ]);
    // The first and the last quarter-hour of the four months: the data span is the whole months.
    rows.push({ obis: '1-1:1.9.0 G.01', at: '2024-12-31T23:00:00Z', kwh: 0.1 });
    rows.push({ obis: '1-1:1.9.0 G.01', at: '2025-04-30T21:45:00Z', kwh: 0.1 });
    const { db, svc } = setup(rows);
    const base = { energy: { type: 'flat' as const, centsPerKwh: 0 }, gridPowerEurPerKwYear: 120 };
    svc.store.save(tariff({ id: 'peak', ...base, powerBasis: 'monthly_peak' }), 1);
    svc.store.save(tariff({ id: 'mean', ...base, powerBasis: 'mean_monthly' }), 1);
    svc.store.save(tariff({ id: 'top3', ...base, powerBasis: 'mean_top3' }), 1);
    svc.store.save(
      tariff({
        id: 'fees',
        energy: { type: 'flat', centsPerKwh: 0 },
        fixedCharges: [
          { name: 'Messentgelt', eur: 36, per: 'year' },
          { name: 'Grundpreis', eur: 4, per: 'month' },
        ],
      }),
      1,
    );
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2024-12-31T23:00:00Z'),
      toSec: utc('2025-04-30T22:00:00Z'),
      tariffIds: ['peak', 'mean', 'top3', 'fees'],
      shiftPercent: 0,
    });
    const power = (id: string) => r.tariffs.find((t) => t.tariffId === id)!.months.map((m) => m.gridPowerEur);
    // 120 €/kW/yr = 10 €/kW a month; each month its own peak: 40, 80, 120, 160.
    expect(power('peak')).toEqual([40, 80, 120, 160]);
    // The mean of the four maxima (10 kW) every month; the mean of the three highest (12 kW).
    expect(power('mean')).toEqual([100, 100, 100, 100]);
    expect(power('top3')).toEqual([120, 120, 120, 120]);
    // Fees: 4 € a month, and 36 € a year for a month's days (31, 28, 31, 30 of 365).
    expect(r.tariffs.find((t) => t.tariffId === 'fees')!.months.map((m) => m.baseFeeEur)).toEqual(
      [31, 28, 31, 30].map((d) => Math.round((4 + (36 * d) / 365) * 100) / 100),
    );
    db.close();
  });

  it('fixed charges by the line a bill lists them on; a percentage levy not on a levy (issue 44, item 5)', () => {
    // 15.01.2025, a whole day of quarter-hours: the first four 0.25 kWh, the rest 0; the range is that day.
    const { db, svc } = setup(
      Array.from({ length: 96 }, (_, i) => ({
        obis: '1-1:1.9.0 G.01',
        at: new Date(Date.UTC(2025, 0, 14, 23) + i * 900_000).toISOString().replace('.000Z', 'Z'),
        kwh: i < 4 ? 0.25 : 0,
      })),
    );
    const t = tariff({
      id: 'lines',
      energy: { type: 'flat', centsPerKwh: 20 },
      baseFeeEurPerMonth: 31,
      gridEnergyCentsPerKwh: 10,
      fixedCharges: [
        { name: 'Messentgelt', eur: 31, per: 'month', kind: 'grid' },
        { name: 'Erneuerbaren-Förderpauschale', eur: 36.5, per: 'year', kind: 'levy' },
        { name: 'Servicepauschale', eur: 3.1, per: 'month' },
      ],
      levies: [{ name: 'Gebrauchsabgabe', percent: 7 }],
      vatPercent: 20,
    });
    svc.store.save(t, 1);
    const span = { fromSec: utc('2025-01-14T23:00:00Z'), toSec: utc('2025-01-15T23:00:00Z') };
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      ...span,
      tariffIds: ['lines'],
      shiftPercent: 0,
    });
    // By hand: energy 0.20; the supplier's 31/31 + 3.10/31 = 1.10; the grid's Messentgelt 31/31 = 1.00;
    // the levy's 36.50 × 1/365 = 0.10; base fee line 2.20; grid energy 0.10; net 2.50. Gebrauchsabgabe 7 %
    // of the net without the levy (2.40) = 0.168 → 0.17 (not 7 % of 2.50 = 0.18); VAT 20 % × 2.67 = 0.534
    // → 0.53; total 3.20.
    expect(r.tariffs[0]!.months[0]).toMatchObject({
      energyEur: 0.2,
      baseFeeEur: 2.2,
      fixedGridEur: 1,
      fixedLeviesEur: 0.1,
      gridEnergyEur: 0.1,
      leviesEur: 0.17,
      vatEur: 0.53,
      totalEur: 3.2,
    });
    // The bill's own lines: the Messentgelt under grid fees, the Förderpauschale under levies.
    const bill = {
      kwh: 1,
      energyEur: 0.2,
      baseFeeEur: 1.1,
      gridEur: 1.1,
      leviesEur: 0.27,
      vatEur: 0.53,
      totalEur: 3.2,
    };
    const now = utc('2025-02-01T00:00:00Z');
    const ok = reconcileBill(
      db,
      { meterId: 'm1', obisCode: '1-1:1.9.0 G.01', ...span, tariff: t, bill },
      now,
      TZ,
    );
    expect(Object.fromEntries(ok.lines.map((l) => [l.line, l.ours]))).toEqual({
      kwh: 1,
      energy: 0.2,
      baseFee: 1.1,
      grid: 1.1,
      levies: 0.27,
      vat: 0.53,
      total: 3.2,
    });
    expect(ok.reasons.map((x) => x.code)).toEqual(['match']);
    // A bill whose grid line holds 0.40 € more (a loss fee the tariff lacks): a reason for that line.
    const off = reconcileBill(
      db,
      {
        meterId: 'm1',
        obisCode: '1-1:1.9.0 G.01',
        ...span,
        tariff: t,
        bill: { ...bill, gridEur: 1.5, totalEur: 3.68 },
      },
      now,
      TZ,
    );
    expect(off.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'grid', values: { diff: 0.4 } })]),
    );
    // Every line that differs by a cent or more has a reason.
    const differing = off.lines.filter((l) => l.difference !== null && Math.abs(l.difference) >= 0.01);
    expect(differing.map((l) => l.line)).toEqual(['grid', 'total']);
    db.close();
  });

  it('time of use across midnight and by weekday', () => {
    const { db, svc } = setup([
      { obis: '1-1:1.9.0 G.01', at: '2025-01-15T20:45:00Z', kwh: 0.1 }, // Wed 21:45 local: day price 30
      { obis: '1-1:1.9.0 G.01', at: '2025-01-15T21:00:00Z', kwh: 0.2 }, // 22:00: night 10
      { obis: '1-1:1.9.0 G.01', at: '2025-01-16T04:45:00Z', kwh: 0.3 }, // Thu 05:45: night 10
      { obis: '1-1:1.9.0 G.01', at: '2025-01-16T05:00:00Z', kwh: 0.4 }, // 06:00: day 30
      { obis: '1-1:1.9.0 G.01', at: '2025-01-18T09:00:00Z', kwh: 1 }, // Sat 10:00: weekday window does not apply
      { obis: '1-1:1.9.0 G.01', at: '2025-01-17T09:00:00Z', kwh: 1 }, // Fri 10:00: weekday window 25
    ]);
    svc.store.save(
      tariff({
        id: 'tou',
        energy: {
          type: 'tou',
          defaultCentsPerKwh: 30,
          windows: [
            { days: 'all', from: '22:00', to: '06:00', centsPerKwh: 10 },
            { days: 'weekday', from: '08:00', to: '20:00', centsPerKwh: 25 },
          ],
        },
      }),
      1,
    );
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2025-01-14T23:00:00Z'),
      toSec: utc('2025-01-18T23:00:00Z'),
      tariffIds: ['tou'],
      shiftPercent: 10,
    });
    // 0.1×30 + 0.2×10 + 0.3×10 + 0.4×30 + 1×30 (Saturday) + 1×25 (Friday) = 3+2+3+12+30+25 = 75 ct.
    expect(r.tariffs[0]!.total.energyEur).toBe(0.75);
    expect(r.tariffs[0]!.total.totalEur).toBe(0.75);
    db.close();
  });

  it('spot prices across both change days, read from a file of local times with the repeated hour twice', () => {
    const { db, svc } = setup([
      { obis: '1-1:1.9.0 G.01', at: '2024-03-31T00:45:00Z', kwh: 1 }, // 01:45 CET
      { obis: '1-1:1.9.0 G.01', at: '2024-03-31T01:00:00Z', kwh: 1 }, // 03:00 CEST
      { obis: '1-1:1.9.0 G.01', at: '2024-10-27T00:30:00Z', kwh: 1 }, // 02:30 CEST (the first 02:30)
      { obis: '1-1:1.9.0 G.01', at: '2024-10-27T01:30:00Z', kwh: 1 }, // 02:30 CET (the second)
    ]);
    const file = [
      'Zeitstempel;Preis (EUR/MWh)',
      '31.03.2024 01:00;100', // 00:00Z
      '31.03.2024 03:00;200', // 01:00Z (02:00 does not exist)
      '27.10.2024 01:00;40',
      '27.10.2024 02:00;50', // 00:00Z, the first 02:00
      '27.10.2024 02:00;150', // 01:00Z, the second
      '27.10.2024 03:00;60',
    ].join('\n');
    const { resolutionSec, points } = readPriceFile(new TextEncoder().encode(file), TZ);
    expect(resolutionSec).toBe(3600);
    expect(points.map((p) => [new Date(p.startSec * 1000).toISOString(), p.eurPerMwh])).toEqual([
      ['2024-03-31T00:00:00.000Z', 100],
      ['2024-03-31T01:00:00.000Z', 200],
      ['2024-10-26T23:00:00.000Z', 40],
      ['2024-10-27T00:00:00.000Z', 50],
      ['2024-10-27T01:00:00.000Z', 150],
      ['2024-10-27T02:00:00.000Z', 60],
    ]);
    const series = svc.importPrices('Testpreise', new TextEncoder().encode(file), 1);
    svc.store.save(
      tariff({
        id: 'spot',
        energy: { type: 'spot', priceSeriesId: series.id, factor: 1, markupCentsPerKwh: 1 },
      }),
      1,
    );
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2024-03-01T00:00:00Z'),
      toSec: utc('2024-11-01T00:00:00Z'),
      tariffIds: ['spot'],
      shiftPercent: 10,
    });
    const byMonth = Object.fromEntries(
      r.tariffs[0]!.months.filter((m) => m.kwh > 0).map((m) => [m.month, m.energyEur]),
    );
    // March: 1 kWh × (10 + 1) ct + 1 kWh × (20 + 1) ct = 0.32; October: (5 + 1) + (15 + 1) = 0.22.
    expect(byMonth).toEqual({ '2024-03': 0.32, '2024-10': 0.22 });
    expect(r.tariffs[0]!.unpricedQuarterHours).toBe(0);
    expect(r.tariffs[0]!.spot).not.toBeNull();
    db.close();
  });

  it('every month’s components add up to its total, and the months to the year (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 50, maxLength: 50 }),
        fc.integer({ min: 0, max: 30 }),
        (values, vat) => {
          const start = utc('2025-01-31T20:00:00Z');
          const { db, svc } = setup(
            values.map((v, i) => ({
              obis: '1-1:1.9.0 G.01',
              at: new Date((start + i * 3600 * 24) * 1000).toISOString(),
              kwh: v / 1000,
            })),
          );
          svc.store.save(
            tariff({
              id: 'x',
              energy: { type: 'flat', centsPerKwh: 23.7 },
              baseFeeEurPerMonth: 3.33,
              gridEnergyCentsPerKwh: 7.1,
              levies: [{ name: 'L', centsPerKwh: 1.5, percent: 6 }],
              vatPercent: vat,
            }),
            1,
          );
          const r = svc.cost({
            meterId: 'm1',
            obisCode: '1-1:1.9.0 G.01',
            fromSec: start,
            toSec: start + 50 * 86_400,
            tariffIds: ['x'],
            shiftPercent: 10,
          });
          const t = r.tariffs[0]!;
          for (const m of t.months)
            expect(
              Math.round(
                (m.energyEur + m.baseFeeEur + m.gridEnergyEur + m.gridPowerEur + m.leviesEur + m.vatEur) *
                  100,
              ),
            ).toBe(Math.round(m.totalEur * 100));
          expect(Math.round(t.months.reduce((a, m) => a + m.totalEur, 0) * 100)).toBe(
            Math.round(t.total.totalEur * 100),
          );
          expect(r.kwh).toBeCloseTo(values.reduce((a, v) => a + v, 0) / 1000, 9);
          db.close();
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses a feed-in tariff on a consumption register, and says which quarter-hours a spot series misses', () => {
    const { db, svc } = setup([
      { obis: '1-1:1.9.0 G.01', at: '2025-01-14T23:00:00Z', kwh: 1 },
      { obis: '1-1:1.9.0 G.01', at: '2025-01-15T23:00:00Z', kwh: 1 },
    ]);
    svc.store.save(tariff({ id: 'fi', direction: 'feed_in', energy: { type: 'flat', centsPerKwh: 7 } }), 1);
    expect(() =>
      svc.cost({
        meterId: 'm1',
        obisCode: '1-1:1.9.0 G.01',
        fromSec: utc('2025-01-14T23:00:00Z'),
        toSec: utc('2025-01-16T23:00:00Z'),
        tariffIds: ['fi'],
        shiftPercent: 10,
      }),
    ).toThrow(/feed-in tariff/);
    svc.importPrices(
      'one day',
      new TextEncoder().encode('timestamp;price\n2025-01-14T23:00:00Z;100\n2025-01-15T00:00:00Z;100\n'),
      1,
    );
    svc.store.save(
      tariff({
        id: 'sp',
        energy: { type: 'spot', priceSeriesId: 'one-day', factor: 1, markupCentsPerKwh: 0 },
        ...whole,
      }),
      1,
    );
    svc.store.save(tariff({ id: 'fl', energy: { type: 'flat', centsPerKwh: 50 }, ...whole }), 1);
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2025-01-14T23:00:00Z'),
      toSec: utc('2025-01-16T23:00:00Z'),
      tariffIds: ['sp', 'fl'],
      shiftPercent: 10,
    });
    const sp = r.tariffs.find((t) => t.tariffId === 'sp')!;
    expect(sp.unpricedQuarterHours).toBe(1);
    expect(sp.total.energyEur).toBe(0.1);
    // The spot tariff looks cheaper but misses a quarter-hour: it is not declared the cheapest.
    expect(r.bestTariffId).toBe('fl');
    db.close();
  });
});

describe('battery', () => {
  it('moves only the net of a quarter-hour: never charges and discharges in one (issue 30)', () => {
    // Import and export together (data not netted): 1 kWh each way, then a net surplus, a net deficit.
    const imp = new Float64Array([1, 0.2, 0.9]);
    const exp = new Float64Array([1, 0.7, 0.1]);
    const n = imp.length;
    const steps = {
      importAfter: new Float64Array(n),
      exportAfter: new Float64Array(n),
      charged: new Float64Array(n),
      discharged: new Float64Array(n),
      soc: new Float64Array(n),
    };
    simulate(imp, exp, { capacityKwh: 5, powerKw: 20, efficiency: 1, minSocPercent: 0 }, steps);
    // By hand: net 0 → nothing; net +0.5 → charge 0.5; net −0.8 → discharge 0.5 (all there is).
    [0, 0.5, 0].forEach((v, i) => expect(steps.charged[i]).toBeCloseTo(v, 9));
    [0, 0, 0.5].forEach((v, i) => expect(steps.discharged[i]).toBeCloseTo(v, 9));
    for (let t = 0; t < n; t++) expect(steps.charged[t]! * steps.discharged[t]!).toBe(0);
  });

  it("warns when a site's import and export coexist (not netted) and when cycles are implausible", () => {
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 900_000).toISOString();
    const rows: { obis: string; at: string; kwh: number }[] = [];
    // Four months where every quarter-hour has 0.3 kWh import and 0.3 kWh export.
    for (let i = 0; i < 4 * 30 * 96; i++) {
      rows.push({ obis: '1-1:1.9.0 G.01', at: at(i), kwh: 0.3 });
      rows.push({ obis: '1-1:2.9.0 G.01', at: at(i), kwh: i % 2 ? 0.6 : 0 });
    }
    const { svc } = setup(rows, [
      { id: 'm1', direction: 'consumption', site: 's1' },
      { id: 'm2', direction: 'feed_in', site: 's1' },
    ]);
    const r = svc.battery({
      siteId: 's1',
      fromSec: utc('2025-01-01T00:00:00Z'),
      toSec: utc('2025-05-01T00:00:00Z'),
      capacityKwh: 0.3,
      powerKw: 1.2,
      efficiency: 1,
      minSocPercent: 0,
      sweepMaxKwh: 2,
      consumptionTariffId: null,
      feedInTariffId: null,
    });
    expect(r.importExportShare).toBeCloseTo(0.5, 2);
    expect(r.warnings.map((w) => w.code)).toEqual(['not_netted', 'implausible_cycles']);
  });

  it('a hand-checked 8-step example (2 kWh, 4 kW, 81 % round trip, empty at the start)', () => {
    const imp = new Float64Array([0, 0, 0, 0.5, 1.2, 0, 0.3, 0.4]);
    const exp = new Float64Array([1.5, 0.6, 0, 0, 0, 1.0, 0, 0]);
    const n = imp.length;
    const steps = {
      importAfter: new Float64Array(n),
      exportAfter: new Float64Array(n),
      charged: new Float64Array(n),
      discharged: new Float64Array(n),
      soc: new Float64Array(n),
    };
    const r = simulate(imp, exp, { capacityKwh: 2, powerKw: 4, efficiency: 0.81, minSocPercent: 0 }, steps);
    // √0.81 = 0.9 each way; 1 kWh per quarter-hour at 4 kW.
    const want = {
      charged: [1, 0.6, 0, 0, 0, 1, 0, 0],
      discharged: [0, 0, 0, 0.5, 0.796, 0, 0.3, 0.4],
      soc: [0.9, 1.44, 1.44, 1.44 - 0.5 / 0.9, 0, 0.9, 0.9 - 0.3 / 0.9, 0.9 - 0.3 / 0.9 - 0.4 / 0.9],
      importAfter: [0, 0, 0, 0, 0.404, 0, 0, 0],
      exportAfter: [0.5, 0, 0, 0, 0, 0, 0, 0],
    };
    for (const k of Object.keys(want) as (keyof typeof want)[])
      want[k].forEach((v, i) => expect(steps[k][i], `${k}[${i}]`).toBeCloseTo(v, 9));
    expect(r.importAfter).toBeCloseTo(0.404, 9);
    expect(r.exportAfter).toBeCloseTo(0.5, 9);
  });

  it('conserves energy every step, stays within its bounds; zero capacity changes nothing; unlimited is bounded by the surplus', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 800 })), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 60, max: 100 }),
        fc.integer({ min: 0, max: 50 }),
        (pairs, cap, power, eff, minSoc) => {
          const imp = new Float64Array(pairs.map(([a]) => a / 1000));
          const exp = new Float64Array(pairs.map(([, b]) => b / 1000));
          const n = imp.length;
          const s = {
            importAfter: new Float64Array(n),
            exportAfter: new Float64Array(n),
            charged: new Float64Array(n),
            discharged: new Float64Array(n),
            soc: new Float64Array(n),
          };
          const p = { capacityKwh: cap, powerKw: power, efficiency: eff / 100, minSocPercent: minSoc };
          simulate(imp, exp, p, s);
          const eta = Math.sqrt(p.efficiency);
          let soc = (cap * minSoc) / 100;
          for (let t = 0; t < n; t++) {
            expect(imp[t]! - s.importAfter[t]!).toBeCloseTo(s.discharged[t]!, 9);
            expect(exp[t]! - s.exportAfter[t]!).toBeCloseTo(s.charged[t]!, 9);
            expect(s.importAfter[t]).toBeGreaterThanOrEqual(-1e-12);
            expect(s.exportAfter[t]).toBeGreaterThanOrEqual(-1e-12);
            expect(Math.max(s.charged[t]!, s.discharged[t]!)).toBeLessThanOrEqual(power * 0.25 + 1e-12);
            soc += s.charged[t]! * eta - s.discharged[t]! / eta;
            expect(s.soc[t]).toBeCloseTo(soc, 9);
            expect(s.soc[t]).toBeGreaterThanOrEqual((cap * minSoc) / 100 - 1e-9);
            expect(s.soc[t]).toBeLessThanOrEqual(cap + 1e-9);
          }
          const zero = simulate(imp, exp, { ...p, capacityKwh: 0 });
          expect(zero.importAfter).toBeCloseTo(
            imp.reduce((a, b) => a + b, 0),
            9,
          );
          expect(zero.exportAfter).toBeCloseTo(
            exp.reduce((a, b) => a + b, 0),
            9,
          );
          const big = simulate(imp, exp, {
            capacityKwh: 1e6,
            powerKw: 1e6,
            efficiency: p.efficiency,
            minSocPercent: 0,
          });
          expect(big.discharged).toBeLessThanOrEqual(exp.reduce((a, b) => a + b, 0) * p.efficiency + 1e-9);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the knee: where one more kWh gains less than a quarter of the first', () => {
    const runs = [0, 1, 2, 3, 4].map((c, i) => ({
      capacityKwh: c,
      powerKw: 0,
      importBeforeKwh: 0,
      importAfterKwh: 0,
      exportBeforeKwh: 0,
      exportAfterKwh: 0,
      selfConsumptionGainedKwh: [0, 100, 190, 210, 215][i]!,
      fullCycles: 0,
      savingsEur: null,
    }));
    // Gains 100, 90, 20 (< 25): the knee is at 2 kWh.
    expect(kneeOf(runs, (r) => r.selfConsumptionGainedKwh)).toBe(2);
  });

  it('on a site: a consumption and a feed-in meter, tariffs, savings = import saved − feed-in lost', () => {
    const { db, svc } = setup(
      [
        { obis: '1-1:2.9.0 G.01', at: '2025-06-15T10:00:00Z', kwh: 1 },
        { obis: '1-1:1.9.0 G.01', at: '2025-06-15T19:00:00Z', kwh: 0.9 },
      ],
      [
        { id: 'c1', direction: 'consumption', site: 's1' },
        { id: 'f1', direction: 'feed_in', site: 's1' },
      ],
    );
    svc.store.save(tariff({ id: 'imp', energy: { type: 'flat', centsPerKwh: 30 } }), 1);
    svc.store.save(tariff({ id: 'exp', direction: 'feed_in', energy: { type: 'flat', centsPerKwh: 10 } }), 1);
    const r = svc.battery({
      siteId: 's1',
      fromSec: utc('2025-06-14T22:00:00Z'),
      toSec: utc('2025-06-15T22:00:00Z'),
      capacityKwh: 5,
      powerKw: 10,
      efficiency: 0.81,
      minSocPercent: 0,
      sweepMaxKwh: 4,
      consumptionTariffId: 'imp',
      feedInTariffId: 'exp',
    });
    // Charged 1 kWh (stored 0.9), discharged 0.9 × 0.9 = 0.81 of the 0.9 needed.
    expect(r.exportAfterKwh).toBe(0);
    expect(r.importAfterKwh).toBeCloseTo(0.09, 9);
    expect(r.selfConsumptionGainedKwh).toBeCloseTo(0.81, 9);
    // 0.81 kWh × 30 ct − 1 kWh × 10 ct = 0.243 − 0.10 = 0.14.
    expect(r.savingsEur).toBe(0.14);
    expect(r.sweep[0]).toMatchObject({ capacityKwh: 0, importAfterKwh: 0.9, savingsEur: 0 });
    // Each meter has one reading that day: no quarter-hour has both, so all 96 count as missing.
    expect(r.missingQuarterHours).toBe(96);
    db.close();
  });
});

describe('peak shaving', () => {
  it('the energy and power needed, by hand', () => {
    // At a 4 kW cap: 6 kW (0.5 kWh over), 4 kW, 2 kW (0.5 kWh room to recharge), 5 kW (0.25 over).
    expect(requiredForCap([1.5, 1.0, 0.5, 1.25], 4, 1)).toEqual({ energyKwh: 0.5, powerKw: 2 });
  });

  it('never exceeds the cap where the needed energy and power are available (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 70, max: 100 }),
        (wh, cap, eff) => {
          const kwh = wh.map((v) => v / 1000);
          const need = requiredForCap(kwh, cap, eff / 100);
          const after = shave(kwh, cap, {
            capacityKwh: need.energyKwh,
            powerKw: need.powerKw,
            efficiency: eff / 100,
          });
          for (const e of after) expect(e * 4).toBeLessThanOrEqual(cap + 1e-9);
          // Nothing is lost: what the battery takes back below the cap is what it gave above, with the losses.
          expect(after.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(
            kwh.reduce((a, b) => a + b, 0) - need.energyKwh - 1e-9,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('says its saving gross, as the cost view does, and lists no month after the newest reading (issue 30)', () => {
    // January 2025: one quarter-hour at 8 kW, the rest at 2 kW; a range over the whole year.
    const rows: { obis: string; at: string; kwh: number }[] = [];
    for (let i = 0; i < 31 * 96; i++)
      rows.push({
        obis: '1-1:1.9.0 G.01',
        at: new Date(Date.UTC(2024, 11, 31, 23) + i * 900_000).toISOString(),
        kwh: i === 100 ? 2 : 0.5,
      });
    const { svc } = setup(rows);
    svc.store.save(
      tariff({
        id: 'power',
        energy: { type: 'flat', centsPerKwh: 20 },
        gridPowerEurPerKwYear: 60,
        levies: [{ name: 'Gebrauchsabgabe', percent: 7 }],
        vatPercent: 20,
      }),
      1,
    );
    const r = svc.peakShaving({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2024-12-31T23:00:00Z'),
      toSec: utc('2025-12-31T23:00:00Z'),
      capKw: 4,
      battery: null,
      tariffId: 'power',
    });
    expect(r.months.map((m) => m.month)).toEqual(['2025-01']);
    // By hand: the month's peak 8 → 4 kW; 60 €/kW·year × 1.07 × 1.2 × 4 kW × 1 month / 12.
    expect(r.savingsEur).toBeCloseTo((60 * 1.07 * 1.2 * 4) / 12, 2);
  });
});

describe('price files', () => {
  it('the aWATTar JSON shape (start_timestamp in ms, marketprice in EUR/MWh)', () => {
    const json = JSON.stringify({
      object: 'list',
      data: [
        { start_timestamp: 1561932000000, end_timestamp: 1561935600000, marketprice: 28.98, unit: 'Eur/MWh' },
        { start_timestamp: 1561935600000, end_timestamp: 1561939200000, marketprice: 26.23, unit: 'Eur/MWh' },
      ],
    });
    expect(readPriceFile(new TextEncoder().encode(json), TZ)).toMatchObject({
      resolutionSec: 3600,
      format: 'aWATTar JSON',
      points: [
        { startSec: 1561932000, eurPerMwh: 28.98 },
        { startSec: 1561935600, eurPerMwh: 26.23 },
      ],
    });
  });

  it('a day-ahead export with time ranges, quarter-hourly, the repeated hour marked (CEST)/(CET)', () => {
    const lines = ['"MTU (CET/CEST)","Day-ahead Price [EUR/MWh]","Currency"'];
    for (const [label, p] of [
      ['27.10.2024 02:45 - 27.10.2024 03:00 (CEST)', '10.5'],
      ['27.10.2024 02:00 - 27.10.2024 02:15 (CET)', '11'],
      ['27.10.2024 02:15 - 27.10.2024 02:30 (CET)', '12'],
    ])
      lines.push(`"${label}","${p}","EUR"`);
    const r = readPriceFile(new TextEncoder().encode(lines.join('\n')), TZ);
    expect(r.resolutionSec).toBe(900);
    expect(r.points.map((x) => [new Date(x.startSec * 1000).toISOString(), x.eurPerMwh])).toEqual([
      ['2024-10-27T00:45:00.000Z', 10.5],
      ['2024-10-27T01:00:00.000Z', 11],
      ['2024-10-27T01:15:00.000Z', 12],
    ]);
  });

  it('prices in ct/kWh are converted; bad files say the line', () => {
    const r = readPriceFile(
      new TextEncoder().encode(
        'Zeit;Preis (ct/kWh)\n2025-01-01T00:00:00+01:00;12,5\n2025-01-01T01:00:00+01:00;13\n',
      ),
      TZ,
    );
    expect(r.points.map((p) => p.eurPerMwh)).toEqual([125, 130]);
    expect(() =>
      readPriceFile(new TextEncoder().encode('Zeit;Preis\n2025-01-01T00:00:00Z;abc\n'), TZ),
    ).toThrow(/Line 2: the price "abc"/);
    expect(() => readPriceFile(new TextEncoder().encode('Zeit;Preis\n31.03.2024 02:30;50\n'), TZ)).toThrow(
      /does not exist/,
    );
    expect(() =>
      readPriceFile(
        new TextEncoder().encode('Zeit;Preis\n2025-01-01T00:00:00Z;1\n2025-01-01T00:00:00Z;2\n'),
        TZ,
      ),
    ).toThrow(/twice/);
  });
});

describe('site-wide cost', () => {
  it('two consumption meters of a site, each priced on its own, added month by month', () => {
    const { db, svc } = setup(
      [{ obis: '1-1:1.9.0 G.01', at: '2025-01-14T23:00:00Z', kwh: 1 }],
      [
        { id: 'h1', direction: 'consumption', site: 's1' },
        { id: 'h2', direction: 'consumption', site: 's1' },
        { id: 'x9', direction: 'consumption', site: 's2' },
      ],
    );
    const store = createReadingsStore(db, TZ);
    const at = (iso: string, kwh: number, obis = '1-1:1.9.0 G.01') => ({
      obisCode: obis,
      startSec: utc(iso),
      endSec: utc(iso) + 900,
      value: kwh,
      quality: 1,
      updatedSec: 1,
    });
    // h2: 2 kWh in January (plus a residual register that must not be added to it), x9 at another site.
    store.applyPage(
      'h2',
      [at('2025-01-20T10:00:00Z', 2), at('2025-01-20T10:00:00Z', 5, '1-1:1.9.0 P.01')],
      'sync',
      1,
    );
    store.applyPage('x9', [at('2025-01-20T10:00:00Z', 100)], 'sync', 1);
    svc.store.save(tariff({ id: 'f', energy: { type: 'flat', centsPerKwh: 10 }, baseFeeEurPerMonth: 31 }), 1);
    const q = {
      meterId: 'h1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2024-12-31T23:00:00Z'),
      toSec: utc('2025-01-31T23:00:00Z'),
      tariffIds: ['f'],
      shiftPercent: 10,
    };
    const r = svc.cost({ ...q, siteWide: true });
    expect(r.site?.meters.map((m) => [m.meterId, m.obisCode, m.kwh])).toEqual([
      ['h1', '1-1:1.9.0 G.01', 1],
      ['h2', '1-1:1.9.0 G.01', 2],
    ]);
    // h1: 1 kWh × 10 ct + a 1-day share of the fee (31 € × 1/31) = 1.10; h2: 2 kWh + 1 day = 1.20.
    expect(r.kwh).toBe(3);
    expect(r.tariffs[0]!.total.totalEur).toBe(2.3);
    expect(r.tariffs[0]!.months.map((m) => [m.month, m.kwh, m.energyEur, m.baseFeeEur, m.totalEur])).toEqual([
      ['2025-01', 3, 0.3, 2, 2.3],
    ]);
    db.close();
  });
});

describe('the rules at the cost doors (issue 32)', () => {
  it('refuses prices beyond the market bounds, before 2000 or after tomorrow', () => {
    const file = (line: string) => new TextEncoder().encode(`Zeitstempel;Preis (EUR/MWh)\n${line}`);
    expect(() => readPriceFile(file('01.01.2025 00:00;1e308'), TZ)).toThrow(/not a number|outside/);
    expect(() => readPriceFile(file('01.01.2025 00:00;100000000'), TZ)).toThrow(
      /outside -1000 … 10000 €\/MWh/,
    );
    expect(() => readPriceFile(file('01.01.3000 00:00;100'), TZ)).toThrow(/beyond the next day/);
    expect(() => readPriceFile(file('01.01.1969 00:00;100'), TZ)).toThrow(/before 2000/);
    const json = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
    expect(() =>
      readPriceFile(json({ data: [{ start_timestamp: 1735689600000, marketprice: 1e308 }] }), TZ),
    ).toThrow(/outside -1000 … 10000/);
  });

  it('refuses tariffs out of bounds, with dates that do not exist or lie far ahead', () => {
    const base = { id: 't', name: 'T', direction: 'consumption' as const };
    expect(tariffSchema.safeParse({ ...base, energy: { type: 'flat', centsPerKwh: -10_000 } }).success).toBe(
      false,
    );
    for (const validFrom of ['2025-02-31', '3000-01-01', '1999-12-31'])
      expect(
        tariffSchema.safeParse({ ...base, validFrom, energy: { type: 'flat', centsPerKwh: 20 } }).success,
      ).toBe(false);
    expect(
      tariffSchema.safeParse({ ...base, validFrom: '2026-04-01', energy: { type: 'flat', centsPerKwh: 20 } })
        .success,
    ).toBe(true);
  });

  it('never calls a tariff with a total that is not finite the cheapest', () => {
    const { db, svc } = setup([{ obis: '1-1:1.9.0 G.01', at: '2025-01-14T23:00:00Z', kwh: 100 }]);
    // A price series an older version stored before prices had bounds.
    db.prepare(
      "INSERT INTO price_series (id, name, resolution_sec, source, is_example, imported_sec) VALUES ('old', 'old', 900, 'x', 0, 1)",
    ).run();
    db.prepare("INSERT INTO prices (series_id, start_sec, eur_per_mwh) VALUES ('old', ?, 1e308)").run(
      utc('2025-01-14T23:00:00Z'),
    );
    svc.store.save(
      tariff({ id: 'spot', energy: { type: 'spot', priceSeriesId: 'old', factor: 10 }, ...whole }),
      1,
    );
    svc.store.save(tariff({ id: 'flat', energy: { type: 'flat', centsPerKwh: 20 }, ...whole }), 1);
    const r = svc.cost({
      meterId: 'm1',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: utc('2025-01-14T23:00:00Z'),
      toSec: utc('2025-01-14T23:15:00Z'),
      tariffIds: ['spot', 'flat'],
      shiftPercent: 10,
    });
    const spot = r.tariffs.find((t) => t.tariffId === 'spot')!;
    expect(Number.isFinite(spot.total.totalEur)).toBe(false);
    expect(r.bestTariffId).toBe('flat');
  });
});

describe('price series are extended, not doubled (issue 44, item 6)', () => {
  const csv = (rows: [string, number][]) =>
    new TextEncoder().encode(
      ['Zeit;Preis (EUR/MWh)', ...rows.map(([t, p]) => `${t};${p}`)].join('\n') + '\n',
    );

  it('a second file under a series’ name adds its hours, keeps a differing stored price, and says so', () => {
    const { svc } = setup([]);
    const first = svc.importPrices(
      'epex-at-60',
      csv([
        ['2026-01-01 00:00', 100],
        ['2026-01-01 01:00', 110],
      ]),
      1,
    );
    expect(first).toMatchObject({ id: 'epex-at-60', points: 2 });
    // The next file: one hour again with another price, one new hour.
    const second = svc.importPrices(
      'epex-at-60',
      csv([
        ['2026-01-01 01:00', 999],
        ['2026-01-01 02:00', 120],
      ]),
      2,
    );
    expect(second.id).toBe('epex-at-60'); // not "epex-at-60-2", which no preset reads
    expect(second.points).toBe(3);
    expect(second.extended).toEqual({ added: 1, same: 0, differing: 1, replaced: 0 });
    expect(second.notes!.join(' ')).toMatch(/1 new, 0 the same, 1 held with another price \(kept/);
    expect(svc.store.series().map((s) => s.id)).toEqual(['epex-at-60']);
    const at = Date.UTC(2025, 11, 31, 23) / 1000 + 3600; // 01.01.2026 01:00 local = 00:00 UTC
    expect(svc.store.prices('epex-at-60', at, at + 3600).byStart.get(at)).toBe(110); // kept
    // --replace takes the file's price.
    const third = svc.importPrices('epex-at-60', csv([['2026-01-01 01:00', 999]]), 3, true);
    expect(third.extended).toEqual({ added: 0, same: 0, differing: 1, replaced: 1 });
    expect(svc.store.prices('epex-at-60', at, at + 3600).byStart.get(at)).toBe(999);
  });
});
