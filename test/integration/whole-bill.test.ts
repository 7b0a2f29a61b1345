/**
 * Issue 62 — the whole bill from the reference's presets, on a real SQLite profile. Each expected
 * amount is worked out here from the quarter-hours as SQL returns them, the local hour from luxon, and
 * the values copied by hand from resources/tariffs/README.md and the legal texts it quotes — never from
 * the presets or the cost code:
 * - Netz NÖ NE7 from 1.4.2026 (SNE-V 2018 § 5 Z 6, § 6 lit. b): nicht gemessen AP 8,79 / SNAP 7,03 ct,
 *   54 € a year; gemessen AP 6,65 / SNAP 5,32 ct, LP 56,04 €/kW a year; unterbrechbar AP 6,65 /
 *   SNAP 5,32 ct; loss fee 0,384 ct/kWh; SNAP April–September 10–16 h;
 * - levies 2026 (EFBV 2026 § 2, ElAbgG § 7 (16)): Elektrizitätsabgabe 0,1 ct (household) / 0,82 ct;
 *   Förderbeitrag nicht gemessen 0,583 + 0,037 ct and 3,796 € per metering point, gemessen 0,364 +
 *   0,037 ct and 5,619 €/kW, unterbrechbar 0,347 + 0,037 ct; Förderpauschale NE7 19,02 € a year;
 * - levies 2025: Elektrizitätsabgabe 1,5 ct; Förderbeitrag NE7 nicht gemessen 0,737 + 0,059 ct and
 *   4,695 € per metering point; Förderpauschale 19,02 €; VAT 20 %.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { CostResult } from '../../preload/contract';
import { createCostService } from '../../main/cost/cost-service';
import { saveCombined } from '../../main/cost/combine';
import { presetOf } from '../../main/cost/presets';
import { systemClock } from '../../main/time/clock';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';

const TZ = 'Europe/Vienna';
const cent = (x: number) => Math.round(x * 100) / 100;

/** A profile with one meter and a month of quarter-hours of a daily shape (kWh). */
function monthProfile(month: string, direction: 'consumption' | 'generation' = 'consumption') {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-whole-bill-')), 'meterdesk.sqlite'));
  db.prepare(
    `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
     VALUES ('m', 'AT0020000000000000000000000000001', 'm', ?, 'electricity', 'quarter_hour', 'connected', 's', '{}', 0)`,
  ).run(direction);
  const from = DateTime.fromISO(`${month}-01T00:00`, { zone: TZ });
  const to = from.plus({ months: 1 });
  const rows = [];
  for (let t = from; t < to; t = t.plus({ minutes: 15 })) {
    const value = Math.round((0.05 + ((t.hour * 4 + t.minute / 15 + t.day) % 11) / 25) * 1000) / 1000;
    rows.push({
      obisCode: direction === 'consumption' ? '1-1:1.9.0' : '1-1:2.9.0',
      startSec: t.toSeconds(),
      endSec: t.toSeconds() + 900,
      value,
      quality: 1,
      updatedSec: 1,
    });
  }
  createReadingsStore(db, TZ).applyPage('m', rows, 'sync', 1);
  const svc = createCostService(db, TZ, systemClock);
  const span = { fromSec: from.toSeconds(), toSec: to.toSeconds() };
  const q = (obisCode: string) => ({ meterId: 'm', obisCode, ...span, tariffIds: [], shiftPercent: 0 });
  /** The stored quarter-hours, by plain SQL: kWh, inside SNAP's 10–16 h (luxon), the peak in kW. */
  const stored = db.prepare('SELECT start_sec AS s, value AS v FROM readings ORDER BY start_sec').all() as {
    s: number;
    v: number;
  }[];
  const local = (s: number) => DateTime.fromSeconds(s, { zone: TZ });
  const snapMonth = [4, 5, 6, 7, 8, 9].includes(from.month);
  const kwh = stored.reduce((a, r) => a + r.v, 0);
  const snapKwh = stored
    .filter((r) => snapMonth && local(r.s).hour >= 10 && local(r.s).hour < 16)
    .reduce((a, r) => a + r.v, 0);
  const peakKw = Math.max(...stored.map((r) => r.v * 4));
  const days = to.diff(from, 'days').days;
  return { db, svc, q, kwh, snapKwh, peakKw, days, count: stored.length };
}

type Tariff = CostResult['tariffs'][number];
const part = (t: Tariff, key: string, name?: RegExp) =>
  cent(
    t.billParts.filter((p) => p.key === key && (!name || name.test(p.name))).reduce((a, p) => a + p.eur, 0),
  );

describe('the whole bill from the reference presets (issue 62)', () => {
  it('a Netz NÖ household, June 2026: every part from the presets but the metering fee', () => {
    const p = monthProfile('2026-06');
    const t = p.svc.cost(p.q('1-1:1.9.0'), [presetOf('netz-2026-noe')!]).tariffs[0]!;
    expect([t.unpricedQuarterHours, t.outsideValidity]).toEqual([0, 0]);
    const other = p.kwh - p.snapKwh;
    expect(part(t, 'usage')).toBeCloseTo(cent((p.snapKwh * 7.03 + other * 8.79) / 100), 2);
    expect(part(t, 'loss')).toBeCloseTo(cent((p.kwh * 0.384) / 100), 2);
    expect(part(t, 'flat')).toBeCloseTo(cent((54 * 30) / 365), 2);
    expect(part(t, 'electricityTax')).toBeCloseTo(cent((p.kwh * 0.1) / 100), 2);
    expect(part(t, 'renewablesContribution')).toBeCloseTo(
      cent((p.kwh * 0.583) / 100) + cent((p.kwh * 0.037) / 100) + cent((3.796 * 30) / 365),
      2,
    );
    expect(part(t, 'renewablesFlat')).toBeCloseTo(cent((19.02 * 30) / 365), 2);
    expect(part(t, 'metering')).toBe(0); // the operator's: not in any preset
    const net =
      (p.snapKwh * 7.03 + other * 8.79 + p.kwh * (0.384 + 0.1 + 0.583 + 0.037)) / 100 +
      ((54 + 3.796 + 19.02) * 30) / 365;
    expect(t.total.totalEur).toBeCloseTo(net * 1.2, 1);
    expect(t.total.vatEur).toBeCloseTo(net * 0.2, 1);
  });

  it('a business on NE7 with measured power and a heat pump on NE7 unterbrechbar, June 2026', () => {
    const p = monthProfile('2026-06');
    const r = p.svc.cost(p.q('1-1:1.9.0'), [
      presetOf('netz-2026-noe-gemessen')!,
      presetOf('netz-2026-noe-unterbrechbar')!,
    ]);
    const [business, heatPump] = r.tariffs;
    const other = p.kwh - p.snapKwh;
    const usage = cent((p.snapKwh * 5.32 + other * 6.65) / 100);
    // Measured power: the month's highest quarter-hour in kW × 56,04 € a year for one month of twelve.
    expect(business!.total.gridPowerEur).toBeCloseTo(cent((56.04 / 12) * p.peakKw), 2);
    expect(part(business!, 'usage')).toBeCloseTo(usage, 2);
    expect(part(business!, 'flat')).toBe(0);
    expect(part(business!, 'electricityTax')).toBeCloseTo(cent((p.kwh * 0.82) / 100), 2);
    expect(part(business!, 'renewablesContribution')).toBeCloseTo(
      cent((p.kwh * 0.364) / 100) + cent((p.kwh * 0.037) / 100) + cent((5.619 / 12) * p.peakKw),
      2,
    );
    expect(part(heatPump!, 'usage')).toBeCloseTo(usage, 2);
    expect(part(heatPump!, 'loss')).toBeCloseTo(cent((p.kwh * 0.384) / 100), 2);
    expect(heatPump!.total.gridPowerEur).toBe(0);
    expect(part(heatPump!, 'flat')).toBe(0);
    expect(part(heatPump!, 'renewablesContribution')).toBeCloseTo(
      cent((p.kwh * 0.347) / 100) + cent((p.kwh * 0.037) / 100),
      2,
    );
    expect(part(heatPump!, 'renewablesFlat')).toBeCloseTo(cent((19.02 * 30) / 365), 2);
  });

  it('a Vienna household, June 2025: the 2025 levies; its grid values said missing, never 2026', () => {
    const p = monthProfile('2025-06');
    const combined = saveCombined(
      p.svc.store,
      {
        name: 'Wien Netz + Abgaben',
        parts: [
          { role: 'grid', tariffId: 'netz-wien-ne7-nicht-gemessen' },
          { role: 'levies', tariffId: 'abgaben-ne7-haushalt' },
        ],
      },
      1,
    );
    const t = p.svc.cost(p.q('1-1:1.9.0'), [combined]).tariffs[0]!;
    const [grid, levies] = t.parts!;
    // The grid: every quarter-hour of the month outside what the reference knows (from 1.1.2026).
    expect(grid).toMatchObject({
      role: 'grid',
      validFrom: '2026-01-01',
      outsideValidity: p.count,
      totalEur: 0,
    });
    expect(t.total.gridEnergyEur).toBe(0);
    // The levies of 2025, by hand.
    expect(levies!.outsideValidity).toBe(0);
    expect(part(t, 'electricityTax')).toBeCloseTo(cent((p.kwh * 1.5) / 100), 2);
    expect(part(t, 'renewablesContribution')).toBeCloseTo(
      cent((p.kwh * 0.737) / 100) + cent((p.kwh * 0.059) / 100) + cent((4.695 * 30) / 365),
      2,
    );
    expect(part(t, 'renewablesFlat')).toBeCloseTo(cent((19.02 * 30) / 365), 2);
    const net = (p.kwh * (1.5 + 0.737 + 0.059)) / 100 + ((4.695 + 19.02) * 30) / 365;
    expect(levies!.totalEur).toBeCloseTo(net * 1.2, 1);
    // No 2026 value priced it: the 2026 rates would give another amount.
    expect(part(t, 'electricityTax')).not.toBeCloseTo(cent((p.kwh * 0.1) / 100), 2);
  });

  it('OeMAG feed-in priced for every month January 2024 – August 2026, each at the reference value', () => {
    // The values as the data file holds them, read here with JSON.parse (not through the app's loader).
    const file = JSON.parse(readFileSync('resources/tariffs/oemag-market-price.json', 'utf8')) as {
      months: { month: string; ctPerKwh: number | null }[];
    };
    const months = file.months.filter((m) => m.ctPerKwh !== null);
    expect(months.map((m) => m.month)).toEqual(
      Array.from(
        { length: 32 },
        (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
      ),
    );
    // One profile: the 15th of every month fed in, 1 kWh each quarter-hour from 10:00 to 14:00 local.
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-oemag-')), 'meterdesk.sqlite'));
    db.prepare(
      `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
       VALUES ('pv', 'AT0020000000000000000000000000002', 'pv', 'generation', 'electricity', 'quarter_hour', 'connected', 's', '{}', 0)`,
    ).run();
    const rows = months.flatMap((m) =>
      Array.from({ length: 16 }, (_, i) => {
        const s = DateTime.fromISO(`${m.month}-15T10:00`, { zone: TZ }).toSeconds() + i * 900;
        return { obisCode: '1-1:2.9.0', startSec: s, endSec: s + 900, value: 1, quality: 1, updatedSec: 1 };
      }),
    );
    createReadingsStore(db, TZ).applyPage('pv', rows, 'sync', 1);
    const svc = createCostService(db, TZ, systemClock);
    const t = svc.cost(
      {
        meterId: 'pv',
        obisCode: '1-1:2.9.0',
        fromSec: DateTime.fromISO('2024-01-01T00:00', { zone: TZ }).toSeconds(),
        toSec: DateTime.fromISO('2026-09-01T00:00', { zone: TZ }).toSeconds(),
        tariffIds: [],
        shiftPercent: 0,
      },
      [presetOf('einspeisung-oemag-marktpreis')!],
    ).tariffs[0]!;
    expect(t.unpricedQuarterHours).toBe(0);
    for (const m of months)
      expect(t.months.find((x) => x.month === m.month)?.energyEur, m.month).toBeCloseTo(
        cent((16 * m.ctPerKwh!) / 100),
        2,
      );
    db.close();
  });
});
