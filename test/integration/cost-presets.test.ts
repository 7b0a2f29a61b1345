/**
 * Issue 34 — a dated grid preset priced through the CLI on a meter's real quarter-hours: grid energy is
 * each quarter-hour at the SNAP price inside 10:00–16:00 (April–September) and at the usage price
 * outside, counted here from the file's values with luxon, not by the cost code.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { readImportFile } from '../../main/import/read-file';
import { describe, expect, it } from 'vitest';
import { noeJuneBillArgs, runCli } from './cli-bundle';
import { openDatabase } from '../../main/db/open';

const TZ = 'Europe/Vienna';

/** Imports `file` (and the options after it) through the built CLI; the new meter's id. */
async function importedMeter(data: string, file: string, ...options: string[]): Promise<string> {
  const imp = await runCli(['--data-dir', data, 'import', file, ...options, '--json']);
  expect(imp.status, imp.stderr).toBe(0);
  return (JSON.parse(imp.stdout.trim()) as { meter_id: string }).meter_id;
}

describe('meterdesk cost --tariff-preset', () => {
  it('prices grid energy with the SNAP window and lists the presets with their source', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-preset-'));
    const lines = [
      'Datum;Zeit von;Zeit bis;AT0010000000000000001000000000088 (1234567890) - Verbrauch [kWh];;',
    ];
    let snapKwh = 0;
    let otherKwh = 0;
    const from = DateTime.fromISO('2026-06-01T00:00', { zone: TZ });
    for (let t = from; t < from.plus({ days: 3 }); t = t.plus({ minutes: 15 })) {
      const v = ((t.hour * 4 + t.minute / 15) % 7) / 20 + 0.05;
      if (t.hour >= 10 && t.hour < 16) snapKwh += v;
      else otherKwh += v;
      lines.push(
        `${t.toFormat('dd.MM.yyyy')};${t.toFormat('HH:mm:ss')};${t.plus({ minutes: 15 }).toFormat('HH:mm:ss')};${v.toFixed(3).replace('.', ',')};;`,
      );
    }
    const file = join(data, 'wn.csv');
    writeFileSync(file, lines.join('\n') + '\n');
    const meterId = await importedMeter(data, file);
    const r = await runCli([
      '--data-dir',
      data,
      'cost',
      '--meter',
      meterId,
      '--tariff-preset',
      'netz-2026-noe',
      '--from',
      '2026-06-01T00:00:00+02:00',
      '--to',
      '2026-06-04T00:00:00+02:00',
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const cost = JSON.parse(r.stdout.trim()) as {
      tariffs: { tariffId: string; total: { gridEnergyEur: number; leviesEur: number } }[];
    };
    const t = cost.tariffs.find((x) => x.tariffId === 'netz-2026-noe')!;
    // Usage price with SNAP, and the loss fee 0,384 ct/kWh on every kWh (SNE-V § 6, NE7 Niederösterreich).
    expect(t.total.gridEnergyEur).toBeCloseTo(
      (snapKwh * 7.03 + otherKwh * 8.79 + (snapKwh + otherKwh) * 0.384) / 100,
      2,
    );
    expect(t.total.leviesEur).toBeCloseTo(((snapKwh + otherKwh) * (0.1 + 0.583 + 0.037)) / 100, 2);
    const list = await runCli(['--data-dir', data, 'tariffs', '--presets', '--json']);
    expect(list.status, list.stderr).toBe(0);
    const presets = JSON.parse(list.stdout.trim()) as {
      id: string;
      snap_ct_kwh: number;
      source: string;
      values: { part: string; value: number; level: string; source: string; valid_from: string }[];
    }[];
    const grid = presets.filter((p) => /^netz-2026-[a-z]+(-nichthaushalt)?$/.test(p.id));
    expect(grid).toHaveLength(28); // 14 areas, each for households and for others
    expect(presets.find((p) => p.id === 'netz-2026-wien')).toMatchObject({ snap_ct_kwh: 5.58 });
    expect(grid.every((p) => p.source.includes('SNE-V 2018'))).toBe(true);
    expect(presets.every((p) => p.source.length > 20)).toBe(true);
    // Issue 62: every value with its source and level — the January–March usage price of Netz NÖ from
    // secondary sources, from 1 April the legal text; the loss fee read in § 6.
    const noe = presets.find((p) => p.id === 'netz-2026-noe')!.values;
    const of = (part: string, from: string) => noe.find((v) => v.part === part && v.valid_from === from);
    expect(of('Netznutzungsentgelt (Arbeitspreis)', '2026-01-01')).toMatchObject({
      value: 8.79,
      level: 'secondary',
    });
    expect(of('Netznutzungsentgelt (Arbeitspreis)', '2026-04-01')).toMatchObject({
      value: 8.79,
      level: 'legal',
      source: 'RIS-P5-2026',
    });
    expect(of('Netzverlustentgelt', '2026-04-01')).toMatchObject({ value: 0.384, level: 'legal' });
    expect(noe.find((v) => v.part.startsWith('Erneuerbaren-Förderpauschale'))).toMatchObject({
      value: 19.02,
      level: 'secondary',
    });
    for (const p of presets.filter((x) => x.id.startsWith('netz-') || x.id.startsWith('abgaben-')))
      for (const v of p.values) {
        expect(['legal', 'secondary', 'unverified'], `${p.id} ${v.part}`).toContain(v.level);
        expect(v.source.length, `${p.id} ${v.part}`).toBeGreaterThan(2);
      }
  });

  it('reconciles a bill built by hand: every line matches; a missing day is named with its energy', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-bill-'));
    const from = DateTime.fromISO('2026-06-01T00:00', { zone: TZ });
    const file = (skip: string | null) => {
      const lines = [
        'Datum;Zeit von;Zeit bis;AT0010000000000000001000000000099 (1234567890) - Verbrauch [kWh];;',
      ];
      for (let t = from; t < from.plus({ days: 3 }); t = t.plus({ minutes: 15 })) {
        if (skip && t.toISODate() === skip) continue;
        const v = ((t.hour * 4 + t.minute / 15) % 5) / 10 + 0.1;
        lines.push(
          `${t.toFormat('dd.MM.yyyy')};${t.toFormat('HH:mm:ss')};${t.plus({ minutes: 15 }).toFormat('HH:mm:ss')};${v.toFixed(3).replace('.', ',')};;`,
        );
      }
      const path = join(data, `wn-${skip ?? 'all'}.csv`);
      writeFileSync(path, lines.join('\n') + '\n');
      return path;
    };
    // The bill, by hand: 3 days of the Lower Austria preset (grid usage with SNAP, loss fee 0,384 ct/kWh,
    // flat charge 54 € a year, levies 0,72 ct/kWh and 19,02 + 3,796 € a year per metering point by the
    // day, VAT 20 %).
    let kwh = 0;
    let gridCents = 0;
    for (let t = from; t < from.plus({ days: 3 }); t = t.plus({ minutes: 15 })) {
      const v = Math.round((((t.hour * 4 + t.minute / 15) % 5) / 10 + 0.1) * 1000) / 1000;
      kwh += v;
      gridCents += v * ((t.hour >= 10 && t.hour < 16 ? 7.03 : 8.79) + 0.384);
    }
    const c = (x: number) => Math.round(x * 100) / 100;
    const grid = c(gridCents / 100 + c((54 * 3) / 365));
    const levies = c((kwh * 0.72) / 100 + ((19.02 + 3.796) * 3) / 365);
    const vat = c((grid + levies) * 0.2);
    const bill = {
      kwh: Math.round(kwh * 1000) / 1000,
      energyEur: 0,
      gridEur: grid,
      leviesEur: levies,
      vatEur: vat,
      totalEur: c(grid + levies + vat),
    };
    const billPath = join(data, 'bill.json');
    writeFileSync(billPath, JSON.stringify(bill));
    const args = (meter: string) => noeJuneBillArgs(data, meter, billPath);
    const meterId = await importedMeter(data, file(null));
    const ok = await runCli(args(meterId));
    expect(ok.status, ok.stderr).toBe(0);
    const r = JSON.parse(ok.stdout.trim()) as {
      lines: { line: string; difference: number | null }[];
      reasons: { code: string }[];
    };
    for (const l of r.lines)
      if (l.difference !== null) expect(Math.abs(l.difference), l.line).toBeLessThan(0.006);
    expect(r.reasons.map((x) => x.code)).toEqual(['match']);

    // The same bill against a meter whose file lacks 2 June: the missing 96 quarter-hours are named.
    const data2 = mkdtempSync(join(tmpdir(), 'md-bill2-'));
    const meter2 = await importedMeter(data2, file('2026-06-02'));
    const gap = await runCli(['--data-dir', data2, ...args(meter2).slice(2)]);
    expect(gap.status, gap.stderr).toBe(0);
    const g = JSON.parse(gap.stdout.trim()) as {
      lines: { line: string; bill: number; ours: number; difference: number }[];
      reasons: { code: string; text: string }[];
    };
    const kwhLine = g.lines.find((l) => l.line === 'kwh')!;
    expect(kwhLine.ours).toBeLessThan(kwhLine.bill);
    expect(g.reasons[0]).toMatchObject({
      code: 'missing',
      text: expect.stringMatching(/^96 of 288 intervals/),
    });
  });

  it('prices import: an ENTSO-E document becomes a series of the profile, its gaps and sequence said', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-prices-'));
    const file = join(__dirname, '..', 'fixtures', 'prices', 'entsoe-a44-a03-2025-10-01.xml');
    const r = await runCli(['--data-dir', data, 'prices', 'import', file, '--name', 'ENTSO-E AT', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({
      id: 'entso-e-at',
      points: 4,
      resolutionSec: 900,
      format: 'ENTSO-E XML',
      notes: [expect.stringMatching(/sequence 1 is read/), expect.stringMatching(/filled forward/)],
    });
    const bad = await runCli(['--data-dir', data, 'prices', 'import', join(data, 'missing.json')]);
    expect(bad.status).not.toBe(0);
    // Listed, renamed (the id stays: tariffs bill on it), refused without a series or a name (issue 44, item 6).
    const list = async () => {
      const l = await runCli(['--data-dir', data, 'prices', '--json']);
      expect(l.status, l.stderr).toBe(0);
      return JSON.parse(l.stdout.trim()) as { id: string; name: string; points: number }[];
    };
    expect(await list()).toEqual([
      expect.objectContaining({ id: 'entso-e-at', name: 'ENTSO-E AT', points: 4 }),
    ]);
    const ren = await runCli(['--data-dir', data, 'prices', 'rename', 'entso-e-at', 'Day-ahead AT Oktober']);
    expect(ren.status, ren.stderr).toBe(0);
    expect(await list()).toEqual([
      expect.objectContaining({ id: 'entso-e-at', name: 'Day-ahead AT Oktober' }),
    ]);
    const none = await runCli(['--data-dir', data, 'prices', 'rename', 'no-such', 'X']);
    expect(none.status).not.toBe(0);
    expect(none.stderr).toMatch(/No price series "no-such"/);
    const blank = await runCli(['--data-dir', data, 'prices', 'rename', 'entso-e-at', '   ']);
    expect(blank.status).not.toBe(0);
    expect((await list())[0]!.name).toBe('Day-ahead AT Oktober');
  });

  it('prices: the span of a series in Austrian time, on import and in the list', async () => {
    // APG's English export of 26.10.2025 (the 25-hour day): 00:00 CEST = 25.10. 22:00 UTC, ends 27.10.
    // 00:00 CET. It was said in UTC, and listed as "2025-10-25 – 2025-10-26".
    const data = mkdtempSync(join(tmpdir(), 'md-prices-local-'));
    const file = join(__dirname, '..', 'fixtures', 'prices', 'apg-en-2025-10-26.csv');
    const r = await runCli(['--data-dir', data, 'prices', 'import', file, '--name', 'epex-at-15']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '100 prices, quarter-hourly, 2025-10-26T00:00:00+02:00 – 2025-10-27T00:00:00+01:00',
    );
    const l = await runCli(['--data-dir', data, 'prices']);
    expect(l.stdout).toMatch(/epex-at-15: 100 prices, quarter-hourly, 2025-10-26 – 2025-10-26\n/);
  });

  it('bill --ahead: the billing year in Austrian days (1.1. 00:00 is 31.12. 23:00 UTC)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-ahead-local-'));
    const file = join(__dirname, '..', 'fixtures', 'dso', 'netznoe-2024-eeg.csv');
    const meterId = await importedMeter(data, file, '--meter', 'new:Haushalt');
    const made = await runCli([
      '--data-dir',
      data,
      'tariffs',
      'combine',
      'S',
      'supplier=lieferant-fix-sozialtarif-2026',
      '--json',
    ]);
    const id = (JSON.parse(made.stdout.trim()) as { id: string }).id;
    const args = [
      '--data-dir',
      data,
      'bill',
      '--ahead',
      '--meter',
      meterId,
      '--tariff-id',
      id,
      '--billing-start',
      '01-01',
      '--now',
      '2024-01-02T12:00:00Z',
    ];
    const r = await runCli(args);
    expect(r.status, r.stderr).toBe(0);
    // It printed "billing year 2023-12-31 – 2024-12-31" and "so far (2023-12-31 – …)".
    expect(r.stdout).toMatch(/^billing year 2024-01-01 – 2024-12-31\nso far \(2024-01-01 – 2024-01-02\)/);
    // A 2026 tariff prices none of 2024: said, with the quarter-hours so far counted by plain SQL.
    const db = openDatabase(join(data, 'meterdesk.sqlite'), { readonly: true });
    const n = (
      db
        .prepare(
          `SELECT count(*) AS n FROM readings r JOIN series s ON s.id = r.series_id
           WHERE s.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
        )
        .get(Date.UTC(2023, 11, 31, 23) / 1000, Date.UTC(2024, 0, 2, 12) / 1000) as { n: number }
    ).n;
    db.close();
    expect(n).toBe(148); // 31.12. 23:00 UTC to 2.1. 12:00 UTC: 37 hours
    expect(r.stdout).toContain(
      `Partial: ${n} quarter-hours of the year so far have no price under this tariff (${n} of them outside its validity).`,
    );
    // In German where German is asked for, in the app's words.
    const de = await runCli([...args, '--lang', 'de']);
    expect(de.stdout).toContain(
      `Teilweise: ${n} Viertelstunden des bisherigen Jahres haben unter diesem Tarif keinen Preis (davon ${n} außerhalb seiner Gültigkeit).`,
    );
  });

  it('community energy (G.03) at the community price, the reduced grid price and no per-kWh levies', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-community-'));
    const file = join(__dirname, '..', 'fixtures', 'dso', 'netznoe-2024-eeg.csv');
    const meterId = await importedMeter(data, file, '--meter', 'new:EEG-Mitglied');
    const tariffFile = join(data, 'tarif.json');
    writeFileSync(
      tariffFile,
      JSON.stringify({
        id: 'eeg-lokal',
        name: 'Lieferant mit EEG (lokal)',
        direction: 'consumption',
        energy: { type: 'flat', centsPerKwh: 20 },
        gridEnergyCentsPerKwh: 8,
        levies: [{ name: 'EA + EFB', centsPerKwh: 0.72 }],
        vatPercent: 20,
        community: { centsPerKwh: 10, kind: 'local' },
      }),
    );
    const r = await runCli([
      '--data-dir',
      data,
      'cost',
      '--meter',
      meterId,
      '--tariff',
      tariffFile,
      '--from',
      '2024-01-01T00:00:00+01:00',
      '--to',
      '2024-01-04T00:00:00+01:00',
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const t = (JSON.parse(r.stdout.trim()) as { tariffs: { total: Record<string, number> }[] }).tariffs[0]!
      .total;
    // By hand from the file (the importer's reading of it): per quarter-hour, the community share
    // min(G.03, G.01) at 10 ct and 8 × 0,43 ct grid; the rest at 20 ct and 8 ct; levies on the rest.
    const parsed = await readImportFile(readFileSync(file), { tz: TZ });
    const g01 = parsed.series.find((x) => x.obisCode === '1-1:1.9.0 G.01')!;
    const g03 = parsed.series.find((x) => x.obisCode.includes('G.03'))!;
    const c = new Map(g03.startSec.map((s, i) => [s, g03.valueKwh[i]!]));
    let energy = 0;
    let grid = 0;
    let levies = 0;
    let shared = 0;
    g01.startSec.forEach((s, i) => {
      const v = g01.valueKwh[i]!;
      const cc = Math.min(v, c.get(s) ?? 0);
      shared += cc;
      energy += (v - cc) * 20 + cc * 10;
      grid += (v - cc) * 8 + cc * 8 * 0.43;
      levies += (v - cc) * 0.72;
    });
    expect(shared).toBeGreaterThan(0);
    expect(Math.abs(t.energyEur! - energy / 100)).toBeLessThan(0.011);
    expect(Math.abs(t.gridEnergyEur! - grid / 100)).toBeLessThan(0.011);
    expect(Math.abs(t.leviesEur! - levies / 100)).toBeLessThan(0.011);
  });
  it('tariffs combine: a supplier and a grid preset as one tariff, each part inside its validity', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-combine-cli-'));
    const lines = [
      'Datum;Zeit von;Zeit bis;AT0010000000000000001000000000077 (1234567890) - Verbrauch [kWh];;',
    ];
    const from = DateTime.fromISO('2026-03-31T00:00', { zone: TZ });
    let march = 0;
    for (let t = from; t < from.plus({ days: 2 }); t = t.plus({ minutes: 15 })) {
      if (t.month === 3) march++;
      lines.push(
        `${t.toFormat('dd.MM.yyyy')};${t.toFormat('HH:mm:ss')};${t.plus({ minutes: 15 }).toFormat('HH:mm:ss')};0,25;;`,
      );
    }
    const file = join(data, 'm.csv');
    writeFileSync(file, lines.join('\n') + '\n');
    const meterId = await importedMeter(data, file);
    const made = await runCli([
      '--data-dir',
      data,
      'tariffs',
      'combine',
      'Sozialtarif + Netz Wien',
      'supplier=lieferant-fix-sozialtarif-2026',
      'grid=netz-2026-wien',
      '--json',
    ]);
    expect(made.status, made.stderr).toBe(0);
    const id = (JSON.parse(made.stdout.trim()) as { id: string }).id;
    const list = await runCli(['--data-dir', data, 'tariffs', '--json']);
    const rows = JSON.parse(list.stdout.trim()) as { id: string; parts: string | null }[];
    expect(rows.find((r) => r.id === id)?.parts).toBe(
      'supplier=lieferant-fix-sozialtarif-2026,grid=netz-2026-wien',
    );
    const cost = (...more: string[]) =>
      runCli([
        ...['--data-dir', data, 'cost', '--meter', meterId, '--tariff-id', id],
        ...['--from', '2026-03-31T00:00:00+02:00', '--to', '2026-04-02T00:00:00+02:00', ...more],
      ]);
    const r = await cost('--json');
    expect(r.status, r.stderr).toBe(0);
    const t = (
      JSON.parse(r.stdout.trim()) as {
        tariffs: {
          total: { energyEur: number; totalEur: number };
          parts: { role: string; totalEur: number; outsideValidity: number }[];
        }[];
      }
    ).tariffs[0]!;
    // The Sozialtarif starts on 1 April 2026, the grid's 2026 usage price on 1 January: 31 March's 96
    // quarter-hours are outside the supplier's part only, not charged by it.
    expect(march).toBe(96);
    expect(t.parts.map((p) => [p.role, p.outsideValidity])).toEqual([
      ['supplier', 96],
      ['grid', 0],
    ]);
    // 1 April: 96 × 0,25 kWh at the Sozialtarif's 6 ct net.
    expect(t.total.energyEur).toBeCloseTo((96 * 0.25 * 6) / 100, 2);
    expect(Math.round((t.parts[0]!.totalEur + t.parts[1]!.totalEur) * 100)).toBe(
      Math.round(t.total.totalEur * 100),
    );
    const text = await cost();
    expect(text.stdout).toMatch(/supplier .*96 quarter-hours outside its validity, not charged/);
    expect(text.stdout).not.toMatch(/grid Netznutzung Wien 2026.*outside its validity/);
    // A part that is neither a tariff of the profile nor a preset: refused, said so.
    const rm = await runCli(['--data-dir', data, 'tariffs', 'combine', 'X', 'supplier=nope']);
    expect(rm.status).not.toBe(0);
    expect(rm.stderr).toMatch(/neither a tariff of this profile nor a preset/);
  });
});
