// A combined tariff (issue 44, item 2): a supplier's tariff from 1 April 2026 and the Lower Austria grid
// preset (from 1 January 2026, SNAP from 1 April), each with its own validity, priced together on a meter's
// quarter-hours across 1 April. Checked against a computation by hand from plain SQL over the readings
// view: the supplier's energy only from 1 April, the grid's usage price (SNAP 10:00–16:00 from 1 April),
// levies on every kWh and the levies per metering point by the day, VAT on both; the quarter-hours before 1 April counted for the supplier's
// part as outside its validity.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { createCostService } from '../../main/cost/cost-service';
import { saveCombined } from '../../main/cost/combine';
import { pricingOf } from '../../main/cost/pricing';
import { presetOf } from '../../main/cost/presets';
import { tariffSchema } from '../../preload/contract';
import { fixedClock } from '../../main/time/clock';
import { fullDay } from '../readings-fixture';

const TZ = 'Europe/Vienna';
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toSeconds();

// Values chosen so no month's line falls on half a cent (a bill and this check round alike).
function profile() {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-combine-')), 'meterdesk.sqlite'));
  db.prepare(
    `INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
     VALUES ('m', 'AT0010000000000000000000000000001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)`,
  ).run();
  const store = createReadingsStore(db);
  for (const day of ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02'])
    store.applyPage(
      'm',
      fullDay(day, (i) => Math.round((0.052 + (i % 9) / 40) * 1000) / 1000),
      'cursor',
      1,
    );
  const svc = createCostService(db, TZ, fixedClock(at('2026-11-20T12:00')));
  svc.store.save(
    tariffSchema.parse({
      id: 'lieferant',
      name: 'Lieferant fix',
      direction: 'consumption',
      energy: { type: 'flat', centsPerKwh: 10 },
      vatPercent: 20,
      validFrom: '2026-04-01',
    }),
    1,
  );
  return { db, svc };
}

describe('a combined tariff', () => {
  it('prices each part inside its own validity and names the quarter-hours a part left out', () => {
    const { db, svc } = profile();
    const combined = saveCombined(
      svc.store,
      {
        name: 'Lieferant + Netz NÖ',
        parts: [
          { role: 'supplier', tariffId: 'lieferant' },
          { role: 'grid', tariffId: 'netz-2026-noe' },
        ],
      },
      2,
    );
    // The preset was added to the profile as the part it names.
    expect(svc.store.get('netz-2026-noe').validFrom).toBe('2026-01-01');
    const r = svc.cost({
      meterId: 'm',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: at('2026-03-30T00:00'),
      toSec: at('2026-04-03T00:00'),
      tariffIds: [combined.id, 'lieferant'],
      shiftPercent: 0,
    });
    // By hand, from plain SQL: all kWh; from 1 April, inside and outside SNAP (10:00–16:00 local).
    const kwh = (where: string, ...args: number[]) =>
      (
        db.prepare(`SELECT coalesce(sum(value), 0) AS k FROM readings WHERE ${where}`).get(...args) as {
          k: number;
        }
      ).k;
    const april = at('2026-04-01T00:00');
    const all = kwh('1');
    const fromApril = kwh('start_sec >= ?', april);
    let snap = 0;
    for (const d of ['2026-04-01', '2026-04-02'])
      snap += kwh('start_sec >= ? AND start_sec < ?', at(`${d}T10:00`), at(`${d}T16:00`));
    const before = (
      db.prepare('SELECT count(*) AS n FROM readings WHERE start_sec < ?').get(april) as { n: number }
    ).n;
    expect(before).toBe(192);

    const c = r.tariffs.find((t) => t.tariffId === combined.id)!;
    // A bill rounds each month's line to the cent: March (grid only, no SNAP) and April (both parts).
    const cent = (eur: number) => Math.round(eur * 100) / 100;
    const march = c.months.find((m) => m.month === '2026-03')!;
    const aprilM = c.months.find((m) => m.month === '2026-04')!;
    const beforeKwh = all - fromApril;
    expect(march.energyEur).toBe(0);
    expect(aprilM.energyEur).toBe(cent((fromApril * 10) / 100));
    // Usage price (SNAP from 1 April) and the loss fee of Netz NÖ, 0,384 ct/kWh on every kWh (§ 6).
    const marchGrid = (beforeKwh * (8.79 + 0.384)) / 100;
    const grid = (snap * 7.03 + (fromApril - snap) * 8.79 + fromApril * 0.384) / 100;
    // The flat charge (54 €), the Förderpauschale (19,02 €) and the Förderbeitrag per metering point
    // (3,796 €) a year, by the day: two days in March, two in April; each rounded to the cent.
    const perMeter = cent((54 * 2) / 365) + cent((19.02 * 2) / 365) + cent((3.796 * 2) / 365);
    expect(march.baseFeeEur).toBeCloseTo(perMeter, 2);
    const levies = (fromApril * (0.1 + 0.62)) / 100;
    expect(march.gridEnergyEur).toBeCloseTo(marchGrid, 2);
    expect(march.leviesEur).toBeCloseTo((beforeKwh * (0.1 + 0.62)) / 100, 2);
    expect(aprilM.gridEnergyEur).toBeCloseTo(grid, 2);
    expect(aprilM.leviesEur).toBeCloseTo(levies, 2);
    const allLevies = (all * (0.1 + 0.62)) / 100;
    expect(c.total.vatEur).toBeCloseTo(
      ((fromApril * 10) / 100 + marchGrid + grid + allLevies + 2 * perMeter) * 0.2,
      1,
    );
    // Each part as priced alone; the combination is their sum to the cent, its kWh counted once.
    const supplierAlone = r.tariffs.find((t) => t.tariffId === 'lieferant')!;
    const parts = c.parts!;
    expect(parts.map((p) => [p.role, p.tariffId, p.validFrom])).toEqual([
      ['supplier', 'lieferant', '2026-04-01'],
      ['grid', 'netz-2026-noe', '2026-01-01'],
    ]);
    expect(parts[0]!.totalEur).toBe(supplierAlone.total.totalEur);
    expect(Math.round((parts[0]!.totalEur + parts[1]!.totalEur) * 100)).toBe(
      Math.round(c.total.totalEur * 100),
    );
    expect(c.months.reduce((a, m) => a + m.kwh, 0)).toBeCloseTo(all, 3);
    // The supplier's part charged nothing before 1 April: those quarter-hours are counted and named, and
    // the combination is partial (never "cheapest").
    expect(parts[0]!.outsideValidity).toBe(before);
    expect(parts[1]!.outsideValidity).toBe(0);
    expect(c.outsideValidity).toBe(before);
    // The supplier's tariff alone is as partial: no "cheapest" is named between partial totals.
    expect(supplierAlone.outsideValidity).toBe(before);
    expect(r.bestTariffId).toBeNull();
    // The battery's and the standard profile's price of one more kWh: the parts' all-in prices added
    // (by hand: 10 ct × 1.2, and (8,79 + 0,384 loss + 0,10 + 0,62) × 1.2 outside SNAP, 7,03 + … inside),
    // not priced where a part is outside its validity.
    const pricing = pricingOf(combined, svc.store, at('2026-03-30T00:00'), at('2026-04-03T00:00'), TZ);
    expect(pricing.marginalCents(at('2026-04-01T08:00'))).toBeCloseTo(12 + (8.79 + 0.384 + 0.72) * 1.2, 6);
    expect(pricing.marginalCents(at('2026-04-01T12:00'))).toBeCloseTo(12 + (7.03 + 0.384 + 0.72) * 1.2, 6);
    expect(pricing.marginalCents(at('2026-03-31T08:00'))).toBeNull();
  });

  it('never calls a part of a bill "cheapest": a grid preset or a supplier alone; the combination is (issue 60)', () => {
    const { svc } = profile();
    const grid = presetOf('netz-2026-noe')!;
    const span = {
      meterId: 'm',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: at('2026-04-01T00:00'),
      toSec: at('2026-04-03T00:00'),
      tariffIds: [],
      shiftPercent: 0,
    };
    const r = svc.cost(span, [svc.store.get('lieferant'), grid]);
    const of = (id: string) => r.tariffs.find((t) => t.tariffId === id)!;
    // One of the two totals is the lower one (the grid's 8,79 + 0,384 + 0,72 ct and its charges per
    // meter against the supplier's 10 ct a kWh) …
    expect(of(grid.id).total.totalEur).not.toBe(of('lieferant').total.totalEur);
    expect(of(grid.id).total.energyEur).toBe(0);
    // … and neither is a whole bill: the grid lacks the supplier, the supplier grid fees and levies.
    expect(of(grid.id).lacks).toEqual(['supplier']);
    expect(of('lieferant').lacks).toEqual(['grid', 'levies']);
    expect(r.bestTariffId).toBeNull();
    // Combined, they are one tariff, complete, and the cheapest: the sum of both parts (by hand).
    const both = saveCombined(
      svc.store,
      {
        name: 'Lieferant + Netz NÖ',
        parts: [
          { role: 'supplier', tariffId: 'lieferant' },
          { role: 'grid', tariffId: grid.id },
        ],
      },
      2,
    );
    const r2 = svc.cost(span, [svc.store.get('lieferant'), grid, both]);
    const c = r2.tariffs.find((t) => t.tariffId === both.id)!;
    expect(c.lacks).toEqual([]);
    expect(r2.bestTariffId).toBe(both.id);
    expect(c.total.totalEur).toBeCloseTo(of(grid.id).total.totalEur + of('lieferant').total.totalEur, 1);
  });

  it('a part stands for its bill: a grid preset is refused as the supplier, a supplier as the grid', () => {
    const { svc } = profile();
    expect(() =>
      saveCombined(svc.store, { name: 'X', parts: [{ role: 'supplier', tariffId: 'netz-2026-noe' }] }, 2),
    ).toThrow(/holds no energy price/);
    expect(() =>
      saveCombined(
        svc.store,
        {
          name: 'Y',
          parts: [
            { role: 'supplier', tariffId: 'lieferant' },
            { role: 'grid', tariffId: 'lieferant' },
          ],
        },
        2,
      ),
    ).toThrow();
  });

  it('charges Vienna’s Gebrauchsabgabe of the grid’s part on the supplier’s energy and fees too', () => {
    const { db, svc } = profile();
    const combined = saveCombined(
      svc.store,
      {
        name: 'Lieferant + Netz Wien',
        parts: [
          { role: 'supplier', tariffId: 'lieferant' },
          { role: 'grid', tariffId: 'netz-2026-wien' },
        ],
      },
      2,
    );
    const from = at('2026-04-01T00:00');
    const to = at('2026-04-03T00:00');
    const r = svc.cost({
      meterId: 'm',
      obisCode: '1-1:1.9.0 G.01',
      fromSec: from,
      toSec: to,
      tariffIds: [combined.id],
      shiftPercent: 0,
    });
    const kwh = (
      db
        .prepare('SELECT sum(value) AS k FROM readings WHERE start_sec >= ? AND start_sec < ?')
        .get(from, to) as { k: number }
    ).k;
    const c = r.tariffs[0]!;
    // By hand: 7 % of the supplier's energy (10 ct/kWh; its tariff holds no fee), beside 7 % of the grid.
    const supplierLevy = c.billParts.filter((p) => p.key === 'useLevy').map((p) => p.eur);
    const energy = (kwh * 10) / 100;
    const vienna = (x: number) => Math.round(x * 0.07 * 100) / 100;
    expect(c.total.energyEur).toBeCloseTo(energy, 2);
    // Two parts named "Gebrauchsabgabe Wien" (the supplier's and the grid's), summed by name.
    expect(supplierLevy).toHaveLength(1);
    const gridNet = c.total.gridEnergyEur + c.total.baseFeeEur - c.total.fixedLeviesEur;
    expect(supplierLevy[0]!).toBeCloseTo(vienna(energy) + vienna(gridNet), 1);
    // The supplier's part alone (as the combination priced it) holds 7 % of its energy in its levies.
    const partLevies = c.total.leviesEur - (kwh * 0.72) / 100 - vienna(gridNet);
    expect(partLevies).toBeCloseTo(vienna(energy), 1);
  });

  it('refuses what would price on a gap: a removed part, a part of another kind, a combination inside one', () => {
    const { svc } = profile();
    const combined = saveCombined(
      svc.store,
      { name: 'K', parts: [{ role: 'supplier', tariffId: 'lieferant' }] },
      2,
    );
    // A part stays while a combination names it.
    expect(() => svc.store.remove('lieferant')).toThrow(/part of the combined tariff "K"/);
    svc.store.save(
      tariffSchema.parse({
        id: 'einspeisung',
        name: 'Einspeisung',
        direction: 'feed_in',
        energy: { type: 'flat', centsPerKwh: 5 },
      }),
      3,
    );
    expect(() =>
      saveCombined(
        svc.store,
        {
          name: 'X',
          parts: [
            { role: 'supplier', tariffId: 'lieferant' },
            { role: 'grid', tariffId: 'einspeisung' },
          ],
        },
        4,
      ),
    ).toThrow(/prices electricity feed_in/);
    expect(() =>
      saveCombined(svc.store, { name: 'Y', parts: [{ role: 'supplier', tariffId: combined.id }] }, 5),
    ).toThrow(/combined tariff itself/);
    expect(() =>
      saveCombined(svc.store, { name: 'Z', parts: [{ role: 'supplier', tariffId: 'no-such-tariff' }] }, 6),
    ).toThrow(/neither a tariff of this profile nor a preset/);
    // A combination never takes the id of a plain tariff; two made in one second get their own ids.
    expect(() =>
      saveCombined(
        svc.store,
        { id: 'lieferant', name: 'W', parts: [{ role: 'supplier', tariffId: 'lieferant' }] },
        7,
      ),
    ).toThrow(/not a combination/);
    const a = saveCombined(svc.store, { name: 'A', parts: [{ role: 'supplier', tariffId: 'lieferant' }] }, 8);
    const b = saveCombined(svc.store, { name: 'B', parts: [{ role: 'supplier', tariffId: 'lieferant' }] }, 8);
    expect(a.id).not.toBe(b.id);
    expect(svc.store.get('lieferant').energy).toEqual({ type: 'flat', centsPerKwh: 10 });
    // A combination holds no prices of its own.
    expect(tariffSchema.safeParse({ ...combined, energy: { type: 'flat', centsPerKwh: 3 } }).success).toBe(
      false,
    );
  });
});
