/**
 * Issue 44's must-show: the grid bill of Wohnung Huber (Wiener Netze) for June 2026, rebuilt line by line
 * from the Vienna preset alone, the metering fee given (2,40 € a month, the operator's and on no
 * published sheet here); then the same bill typed by its parts into the Wiener Netze template
 * (docs/bills/) and reconciled part by part (item 5). The hand computation below takes each
 * quarter-hour's kWh by plain SQL, SNAP by its local hour (luxon), and the published values written out
 * here, not the preset's; the bill's own total of grid and levies, as issue 44 gives it, is 51,00 € net.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillInput, BillReconciliation, CostResult, MeterView } from '../../preload/contract';
import { presetOf } from '../../main/cost/presets';
import { demoProfile } from './helpers';

const TZ = 'Europe/Vienna';
const cent = (eur: number) => Math.round(eur * 100) / 100;
const JUNE = DateTime.fromISO('2026-06-01', { zone: TZ });
const RANGE = { fromSec: JUNE.toSeconds(), toSec: JUNE.plus({ months: 1 }).toSeconds() };

/** June's bill by hand: each part from the quarter-hours (plain SQL) and the published values. */
function byHand(rows: { s: number; v: number }[]) {
  let kwh = 0;
  let usageCents = 0;
  for (const { s, v } of rows) {
    const hour = DateTime.fromSeconds(s, { zone: TZ }).hour;
    kwh += v;
    usageCents += v * (hour >= 10 && hour < 16 ? 5.58 : 6.98);
  }
  const usage = usageCents / 100;
  const loss = (kwh * 0.7) / 100;
  // Per year, by the day (June: 30 of 365): the flat charge, the Förderpauschale and -beitrag.
  const flat = (54 * 30) / 365;
  const metering = 2.4;
  const pauschale = (19.02 * 30) / 365;
  const beitragPerMeter = (3.796 * 30) / 365;
  // The Gebrauchsabgabe: 7 % of the grid's charges (not of a levy).
  const gebrauchsabgabe = (usage + loss + flat + metering) * 0.07;
  return {
    kwh,
    usage,
    loss,
    flat,
    metering,
    pauschale,
    beitragPerMeter,
    eAbgabe: (kwh * 0.1) / 100,
    beitrag: (kwh * 0.62) / 100 + beitragPerMeter,
    gebrauchsabgabe,
  };
}

describe("Wohnung Huber's June 2026 grid bill from the presets", () => {
  let profile: Awaited<ReturnType<typeof demoProfile>>;
  let huber: MeterView;
  let hand: ReturnType<typeof byHand>;
  beforeAll(async () => {
    profile = await demoProfile(1.1);
    const { services, call } = profile;
    // The preset as it ships, and with the one value it cannot know: the operator's metering fee.
    const wien = presetOf('netz-2026-wien')!;
    await call('tariffs:save', { tariff: wien });
    await call('tariffs:save', {
      tariff: {
        ...wien,
        id: 'huber-netz',
        name: 'Wiener Netze (Preset + Messentgelt)',
        fixedCharges: [...wien.fixedCharges, { name: 'Messentgelt', eur: 2.4, per: 'month', kind: 'grid' }],
      },
    });
    huber = (await call<MeterView[]>('meters:list')).find((m) => m.label === 'Wohnung Huber')!;
    const c = await services.active();
    const rows = c.db
      .prepare(
        `SELECT r.start_sec AS s, r.value AS v FROM readings r JOIN series se ON se.id = r.series_id
          WHERE se.meter_id = ? AND se.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
      )
      .all(huber.id, RANGE.fromSec, RANGE.toSec) as { s: number; v: number }[];
    expect(rows).toHaveLength(30 * 96);
    hand = byHand(rows);
  }, 120_000);
  afterAll(() => profile.services.close());

  it('every line equals the hand computation to the cent; the total is the bill’s 51,00 € within a cent', async () => {
    const r = await profile.call<CostResult>('analysis:cost', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      ...RANGE,
      tariffIds: ['huber-netz'],
    });
    const t = r.tariffs[0]!;
    expect([t.unpricedQuarterHours, t.outsideValidity]).toEqual([0, 0]);
    const m = t.months.find((x) => x.month === '2026-06')!;
    const h = hand;
    expect(Math.round(h.kwh * 10) / 10).toBe(481.7); // the bill's kWh
    const gridEnergy = cent(h.usage + h.loss);
    // Each fixed charge rounded to the cent, as the bill lists it.
    const perMeterLevies = cent(h.pauschale) + cent(h.beitragPerMeter);
    const fixed = cent(cent(h.flat) + h.metering + perMeterLevies);
    const levies = cent((h.kwh * 0.72) / 100 + (gridEnergy + fixed - cent(perMeterLevies)) * 0.07);
    expect(m.gridEnergyEur).toBe(gridEnergy);
    expect(m.baseFeeEur).toBe(fixed);
    expect(m.fixedLeviesEur).toBe(cent(perMeterLevies));
    expect(m.leviesEur).toBe(levies);
    expect(m.energyEur).toBe(0);
    expect(m.vatEur).toBe(cent((gridEnergy + fixed + levies) * 0.2));
    // The bill: grid and levies 51,00 € net (unrounded here 51,003 €; the three lines, each rounded
    // to the cent, add up to 50,99 €: a bill's own lines round alike, within a cent).
    const unrounded =
      h.usage +
      h.loss +
      h.flat +
      h.metering +
      h.pauschale +
      h.beitragPerMeter +
      (h.kwh * 0.72) / 100 +
      h.gebrauchsabgabe;
    expect(cent(unrounded)).toBe(51);
    expect(Math.abs(m.gridEnergyEur + m.baseFeeEur + m.leviesEur - 51)).toBeLessThanOrEqual(0.0100001);
    // The parts a bill lists, each the hand computation's to the cent (rounded once, as a bill does).
    const part = (key: string) => t.billParts.filter((p) => p.key === key).reduce((a, p) => a + p.eur, 0);
    expect(cent(part('usage'))).toBe(cent(h.usage));
    expect(cent(part('loss'))).toBe(cent(h.loss));
    expect(cent(part('flat'))).toBe(cent(h.flat));
    expect(cent(part('metering'))).toBe(cent(h.metering));
    expect(cent(part('electricityTax'))).toBe(cent(h.eAbgabe));
    expect(cent(part('renewablesContribution'))).toBe(cent(h.beitrag));
    expect(cent(part('renewablesFlat'))).toBe(cent(h.pauschale));
    expect(cent(part('useLevy'))).toBe(cent(h.gebrauchsabgabe));
  });

  it('the bill typed by its parts: the preset alone misses the metering fee, and says so part by part', async () => {
    const h = hand;
    // The Wiener Netze template as it ships, filled in with the bill's parts (each rounded, net).
    const template = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'docs', 'bills', 'wiener-netze-haushalt.json'), 'utf8'),
    ) as BillInput & { parts: { key: string; eur: number | null }[] };
    const amounts: Record<string, number> = {
      usage: cent(h.usage),
      loss: cent(h.loss),
      flat: cent(h.flat),
      metering: h.metering,
      electricityTax: cent(h.eAbgabe),
      renewablesContribution: cent(h.beitrag),
      renewablesFlat: cent(h.pauschale),
      useLevy: cent(h.gebrauchsabgabe),
    };
    expect(template.parts.map((p) => p.key).sort()).toEqual(Object.keys(amounts).sort());
    const grid = cent(amounts.usage! + amounts.loss! + amounts.flat! + amounts.metering!);
    const levies = cent(
      amounts.electricityTax! + amounts.renewablesContribution! + amounts.renewablesFlat! + amounts.useLevy!,
    );
    const bill = {
      ...template,
      kwh: Math.round(h.kwh * 1000) / 1000,
      energyEur: null,
      gridEur: grid,
      leviesEur: levies,
      totalEur: cent((grid + levies) * 1.2),
      parts: template.parts.map((p) => ({ ...p, eur: amounts[p.key]! })),
    };
    const check = (tariffId: string) =>
      profile.call<BillReconciliation>('analysis:bill', {
        meterId: huber.id,
        obisCode: '1-1:1.9.0 G.01',
        ...RANGE,
        tariffId,
        bill,
      });
    // Against the preset alone: the metering fee is the part it does not hold, at 29,20 € a year
    // (2,40 € × 365 / 30), and the Gebrauchsabgabe differs by its 7 % of it; every other part matches.
    const alone = await check('netz-2026-wien');
    const metering = alone.parts.find((p) => p.key === 'metering')!;
    expect(metering).toMatchObject({ bill: 2.4, ours: 0, names: [], label: 'Messentgelt' });
    expect(alone.reasons.find((r) => r.code === 'part_absent')).toMatchObject({
      part: 'metering',
      values: { bill: 2.4, perYear: 29.2 },
    });
    const useLevy = alone.reasons.find((r) => r.part === 'useLevy')!;
    expect([useLevy.code, useLevy.basis]).toEqual(['part_differs', 'percent']);
    expect(useLevy.values.diff).toBeCloseTo(cent(amounts.useLevy! - cent(h.gebrauchsabgabe - 0.07 * 2.4)), 2);
    for (const p of alone.parts.filter((x) => x.key !== 'metering' && x.key !== 'useLevy'))
      expect(Math.abs(p.difference!), p.key).toBeLessThan(0.01);
    expect(alone.reasons.filter((r) => r.part).map((r) => r.part)).toEqual(['metering', 'useLevy']);
    // With the metering fee typed into the tariff: every part matches to the cent, no part has a reason.
    const full = await check('huber-netz');
    for (const p of full.parts) expect(Math.abs(p.difference!), p.key).toBeLessThan(0.01);
    expect(full.reasons.filter((r) => r.part)).toEqual([]);
    expect(full.parts.find((p) => p.key === 'metering')!.names).toEqual(['Messentgelt']);
    // Only the kWh and the total typed: the total's difference is said, with what would tell more.
    const bare = await profile.call<BillReconciliation>('analysis:bill', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      ...RANGE,
      tariffId: 'netz-2026-wien',
      bill: { kwh: bill.kwh, totalEur: bill.totalEur },
    });
    const totalLine = bare.lines.find((l) => l.line === 'total')!;
    expect(bare.reasons).toEqual([
      expect.objectContaining({ code: 'total', values: { diff: totalLine.difference } }),
    ]);
    expect(Math.abs(totalLine.difference!)).toBeGreaterThan(2.4); // the metering fee and its VAT
    // The kWh as a bill prints them (481,7): within that rounding no reason; a kWh more, the reason.
    const kwhAs = async (kwh: number) =>
      (
        await profile.call<BillReconciliation>('analysis:bill', {
          meterId: huber.id,
          obisCode: '1-1:1.9.0 G.01',
          ...RANGE,
          tariffId: 'huber-netz',
          bill: { kwh, totalEur: full.lines.find((l) => l.line === 'total')!.ours },
        })
      ).reasons.map((r) => r.code);
    expect(Math.round(h.kwh * 10) / 10).toBe(481.7);
    expect(await kwhAs(481.7)).toEqual(['match']);
    expect(await kwhAs(482.7)).toEqual(['period']);
    // A bill counting less: the words say "less" with the size, never "-0.96 kWh less" (issue 61).
    const less = await profile.call<BillReconciliation>('analysis:bill', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      ...RANGE,
      tariffId: 'huber-netz',
      bill: { kwh: 480.7, totalEur: full.lines.find((l) => l.line === 'total')!.ours },
    });
    const period = less.reasons.find((r) => r.code === 'period')!;
    expect(period.values.diff).toBeLessThan(0);
    expect(period.text).toMatch(/the bill counts \d+(\.\d+)? kWh less/);
    expect(period.text).not.toMatch(/-\d/);
    // A bill whose period begins 10 days before the register's first reading: those days are said, and
    // the kWh they leave out are not read as "another period".
    const first = (
      (await profile.services.active()).db
        .prepare(
          `SELECT min(r.start_sec) AS s FROM readings r JOIN series se ON se.id = r.series_id
            WHERE se.meter_id = ? AND se.obis_code = '1-1:1.9.0 G.01'`,
        )
        .get(huber.id) as { s: number }
    ).s;
    const firstDay = DateTime.fromSeconds(first, { zone: TZ }).startOf('day');
    const early = await profile.call<BillReconciliation>('analysis:bill', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      fromSec: firstDay.minus({ days: 10 }).toSeconds(),
      toSec: firstDay.plus({ days: 20 }).toSeconds(),
      tariffId: 'huber-netz',
      bill: { kwh: 500, totalEur: 80 },
    });
    expect(early.reasons.map((r) => r.code)).toEqual(['before_data', 'total']);
    expect(early.reasons[0]!.values).toEqual({ days: 10 });
    // A period wholly before the first reading: nothing is billed for it (no fee for days without data).
    const before = await profile.call<BillReconciliation>('analysis:bill', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      fromSec: firstDay.minus({ days: 30 }).toSeconds(),
      toSec: firstDay.toSeconds(),
      tariffId: 'beispiel-fixpreis', // valid at any date, with a base fee of 3,50 € a month
      bill: { kwh: 500, totalEur: 80 },
    });
    expect(before.lines.map((l) => l.ours)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(before.reasons[0]).toMatchObject({ code: 'before_data', values: { days: 30 } });
  });
});
