/**
 * Issue 60's must-show — the client's own. Two clients of one profile (the demo's Familie Huber in Vienna
 * and Familie Wagner in Linz), each with a combined tariff of the Sozialtarif and its own network area's
 * grid preset, given to its customer. Each client's cost view and report hold only its own tariff
 * (pdftotext of both reports: no word of the other client, no part of a combination alone), a supplier's
 * part alone is never the cheapest, and the cover's cost of Huber's June 2026 is the combination's, equal
 * to a computation by hand from the quarter-hours (plain SQL) and the published values written out here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillAheadResult, CostResult, MeterView, ReportResult, Tariff } from '../../preload/contract';
import { demoProfile } from './helpers';

const TZ = 'Europe/Vienna';
const cent = (eur: number) => Math.round(eur * 100) / 100;
const JUNE = DateTime.fromISO('2026-06-01', { zone: TZ });
const RANGE = { fromSec: JUNE.toSeconds(), toSec: JUNE.plus({ months: 1 }).toSeconds() };
const SOZIAL = 'lieferant-fix-sozialtarif-2026';
const textOf = (pdf: string) =>
  execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');

/** Huber's June under Sozialtarif (6 ct) + Wien's grid, by hand, gross: each line rounded as a bill does. */
function huberJuneByHand(rows: { s: number; v: number }[]): number {
  let kwh = 0;
  let usageCents = 0;
  for (const { s, v } of rows) {
    const hour = DateTime.fromSeconds(s, { zone: TZ }).hour;
    kwh += v;
    usageCents += v * (hour >= 10 && hour < 16 ? 5.58 : 6.98); // SNAP April–September, 10–16
  }
  const energy = cent((kwh * 6) / 100);
  const grid = cent(usageCents / 100 + (kwh * 0.7) / 100); // usage + loss fee
  const flat = cent((54 * 30) / 365);
  const perMeter = cent((19.02 * 30) / 365) + cent((3.796 * 30) / 365);
  // Elektrizitätsabgabe 0,1 + Förderbeitrag 0,62 ct/kWh; Gebrauchsabgabe 7 % of energy and grid charges.
  const levies = cent((kwh * 0.72) / 100 + (energy + grid + flat) * 0.07);
  const net = energy + grid + flat + perMeter + levies;
  return cent(net + net * 0.2);
}

describe('each client its own tariffs (issue 60)', () => {
  let profile: Awaited<ReturnType<typeof demoProfile>>;
  let huber: MeterView;
  let wagner: MeterView;
  let ofHuber: Tariff;
  let ofWagner: Tariff;
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'md-client-'));
    profile = await demoProfile(2.1, { chooseExportPath: async (name) => join(out, name) });
    const { call } = profile;
    const meters = await call<MeterView[]>('meters:list');
    huber = meters.find((m) => m.label === 'Wohnung Huber')!;
    wagner = meters.find((m) => m.label === 'Haus Wagner – Bezug')!;
    ofHuber = await call<Tariff>('tariffs:combine', {
      name: 'Huber gesamt (Sozialtarif + Wien)',
      parts: [
        { role: 'supplier', tariffId: SOZIAL },
        { role: 'grid', tariffId: 'netz-2026-wien' },
      ],
      owner: { kind: 'customer', id: huber.customerId },
    });
    ofWagner = await call<Tariff>('tariffs:combine', {
      name: 'Wagner gesamt (Sozialtarif + Linz)',
      parts: [
        { role: 'supplier', tariffId: SOZIAL },
        { role: 'grid', tariffId: 'netz-2026-linz' },
      ],
      owner: { kind: 'customer', id: wagner.customerId },
    });
  }, 180_000);
  afterAll(() => profile.services.close());

  it('the cost view offers each client its own, never the other’s, never a part alone', async () => {
    const forHuber = (await profile.call<Tariff[]>('tariffs:list', { meterId: huber.id })).map((t) => t.id);
    const forWagner = (await profile.call<Tariff[]>('tariffs:list', { meterId: wagner.id })).map((t) => t.id);
    expect(forHuber).toContain(ofHuber.id);
    expect(forHuber).not.toContain(ofWagner.id);
    expect(forWagner).toContain(ofWagner.id);
    expect(forWagner).not.toContain(ofHuber.id);
    for (const part of [SOZIAL, 'netz-2026-wien', 'netz-2026-linz']) {
      expect(forHuber).not.toContain(part);
      expect(forWagner).not.toContain(part);
    }
    // Asked with the supplier's part beside it: the part is said to lack grid and levies, never cheapest.
    const r = await profile.call<CostResult>('analysis:cost', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      ...RANGE,
      tariffIds: [SOZIAL, ofHuber.id],
    });
    expect(r.tariffs.find((t) => t.tariffId === SOZIAL)!.lacks).toEqual(['grid', 'levies']);
    expect(r.bestTariffId).toBe(ofHuber.id);
  });

  it('each report holds only its client’s tariff; Huber’s cover cost is the combination’s, by hand', async () => {
    const report = (m: MeterView) =>
      profile.call<ReportResult>('report:pdf', {
        scope: { kind: 'meter', id: m.id },
        ...RANGE,
        periodLabel: '2026-06',
        lang: 'de',
        sections: ['master', 'cost', 'measures'],
        consultant: null,
        logoPngBase64: null,
        conclusions: null,
        areaM2: null,
        persons: null,
      });
    const h = textOf((await report(huber)).path);
    const w = textOf((await report(wagner)).path);
    expect(h).toContain('Huber gesamt');
    expect(w).toContain('Wagner gesamt');
    expect(h).not.toMatch(/Wagner|Linz/);
    expect(w).not.toMatch(/Huber|Wien/);
    // No part alone (a row of its own; the sources name the parts after their combination), no example
    // where the client has its own.
    for (const t of [h, w]) {
      expect(t).not.toMatch(/^\s*Sozialtarif 2026 \(6 ct/m);
      expect(t).not.toMatch(/^\s*Netznutzung/m);
      expect(t).not.toMatch(/Beispiel:/);
    }
    const c = await profile.services.active();
    const rows = c.db
      .prepare(
        `SELECT r.start_sec AS s, r.value AS v FROM readings r JOIN series se ON se.id = r.series_id
          WHERE se.meter_id = ? AND se.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
      )
      .all(huber.id, RANGE.fromSec, RANGE.toSec) as { s: number; v: number }[];
    expect(rows).toHaveLength(30 * 96);
    const gross = huberJuneByHand(rows);
    const shown = /Kosten \(Huber gesamt \(Sozialtarif \+ Wien\)\)\s*([\d. ]+,\d{2}) € brutto/.exec(h);
    expect(shown, 'the cover names the combination and its cost').not.toBeNull();
    const eur = Number(shown![1]!.replace(/[. ]/g, '').replace(',', '.'));
    expect(Math.abs(eur - gross)).toBeLessThanOrEqual(0.02);
    // Every tariff the report prices with names its source: each part of the combination its own.
    const presets = await profile.call<{ tariff: Tariff }[]>('tariffs:presets');
    const flat = (x: string) => x.replace(/\s+/g, ' ');
    expect(flat(h)).toContain('Quellen der Tarife:');
    for (const id of [SOZIAL, 'netz-2026-wien']) {
      const source = presets.find((p) => p.tariff.id === id)!.tariff.source!;
      expect(source.length).toBeGreaterThan(10);
      expect(flat(h)).toContain(flat(source).slice(0, 40));
    }
    // The peak cap's saving: no power price on a household's grid row, said; no other client's example.
    expect(h).toMatch(/keine: der Netztarif dieses Kunden hat keinen Leistungspreis/);
  });

  it('the PDF prints "→" and "−" (the embedded font), and a difference of −0,004 € as 0,00 €', async () => {
    const cost = await profile.call<CostResult>('analysis:cost', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      ...RANGE,
      tariffIds: [ofHuber.id],
    });
    const ours = cost.tariffs[0]!.total.totalEur;
    await profile.call('bills:keep', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      ...RANGE,
      tariffId: ofHuber.id,
      bill: { kwh: Math.round(cost.kwh * 1000) / 1000, totalEur: Math.round((ours - 0.004) * 1000) / 1000 },
    });
    const r = await profile.call<ReportResult>('report:pdf', {
      scope: { kind: 'meter', id: huber.id },
      ...RANGE,
      periodLabel: '2026-06',
      lang: 'de',
      sections: ['cost'],
      consultant: null,
      logoPngBase64: null,
      conclusions: 'Grundlast 0,4 → 0,2 kW; Spitze −12 % (Rechnung − Meterdesk)',
      areaM2: null,
      persons: null,
    });
    const text = textOf(r.path);
    expect(text).toContain('Grundlast 0,4 → 0,2 kW; Spitze −12 %');
    // The heading may wrap in its column: compared with the layout's spaces made plain.
    expect(text.replace(/\s+/g, ' ')).toContain('Differenz (Rechnung − Meterdesk)');
    // The total's line: the bill 0,004 € below Meterdesk's, printed as no difference, never "-0,00 €".
    expect(text).toMatch(/Summe \(€, brutto\)[^\n]*0,00 €/);
    expect(text).not.toMatch(/[-−]0,00/);
  });

  it('the bill ahead prices December by the tariff on the expected quarter-hours (issue 60, item 4)', async () => {
    const r = await profile.call<BillAheadResult>('analysis:billAhead', {
      meterId: huber.id,
      obisCode: '1-1:1.9.0 G.01',
      tariffId: ofHuber.id,
      billingStart: '01-01',
    });
    expect(r.rest.method).toBe('last_year');
    const c = await profile.services.active();
    const rowsOf = (from: number, to: number) =>
      c.db
        .prepare(
          `SELECT r.start_sec AS s, r.value AS v FROM readings r JOIN series se ON se.id = r.series_id
            WHERE se.meter_id = ? AND se.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
        )
        .all(huber.id, from, to) as { s: number; v: number }[];
    const sum = (rows: { v: number }[]) => rows.reduce((a, x) => a + x.v, 0);
    // The trend by hand: this year so far against the same days a year earlier.
    const soFarEnd = r.soFar.toSec;
    const lastYear = (sec: number) => {
      const d = DateTime.fromSeconds(sec, { zone: TZ });
      return d.minus({ years: 1 }).toSeconds();
    };
    const y0 = DateTime.fromISO('2026-01-01', { zone: TZ }).toSeconds();
    const trend = sum(rowsOf(y0, soFarEnd)) / sum(rowsOf(lastYear(y0), lastYear(soFarEnd)));
    // December 2026 expected: each quarter-hour as December 2025's same local time × the trend; a time
    // missing then, that time of day's mean over last year's rest of the year.
    const dec = DateTime.fromISO('2026-12-01', { zone: TZ });
    const past = rowsOf(lastYear(soFarEnd), lastYear(dec.plus({ months: 1 }).toSeconds()));
    const at = new Map(past.map((x) => [x.s, x.v]));
    const slot = (sec: number) => {
      const d = DateTime.fromSeconds(sec, { zone: TZ });
      return d.hour * 4 + Math.floor(d.minute / 15);
    };
    const slotSum = new Map<number, { s: number; n: number }>();
    for (const x of past) {
      const m = slotSum.get(slot(x.s)) ?? { s: 0, n: 0 };
      slotSum.set(slot(x.s), { s: m.s + x.v, n: m.n + 1 });
    }
    let kwh = 0;
    for (let t = dec.toSeconds(); t < dec.plus({ months: 1 }).toSeconds(); t += 900) {
      const v = at.get(lastYear(t)) ?? slotSum.get(slot(t))!.s / slotSum.get(slot(t))!.n;
      kwh += v * trend;
    }
    // Priced by hand with December's prices: Sozialtarif 6 ct, Wien's usage 6,98 ct (no SNAP in
    // December) and loss fee 0,70 ct, 54 € a year flat, levies 0,72 ct and per metering point, the
    // Gebrauchsabgabe 7 % of energy and grid charges, VAT 20 %.
    const energy = cent((kwh * 6) / 100);
    const grid = cent((kwh * (6.98 + 0.7)) / 100);
    const flat = cent((54 * 31) / 365);
    const perMeter = cent((19.02 * 31) / 365) + cent((3.796 * 31) / 365);
    const levies = cent((kwh * 0.72) / 100 + (energy + grid + flat) * 0.07);
    const net = energy + grid + flat + perMeter + levies;
    const december = r.rest.months.find((m) => m.month === '2026-12')!;
    expect(december.kwh).toBeCloseTo(kwh, 1);
    expect(Math.abs(december.eur - cent(net * 1.2))).toBeLessThanOrEqual(0.03);
  });
});
