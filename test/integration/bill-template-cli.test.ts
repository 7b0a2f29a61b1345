/**
 * Issue 44, item 5, through the built CLI: the Netz NÖ household template (docs/bills/) as it ships is
 * refused with what to fill in; filled in with a bill's parts computed here by hand (3 June days of a
 * portal file, SNAP by the local hour with luxon, the published values written out), it is reconciled
 * part by part against the NÖ preset — which holds no metering fee, and says so with the yearly amount.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { BillReconciliation } from '../../preload/contract';
import { noeJuneBillArgs, runCli } from './cli-bundle';

const TZ = 'Europe/Vienna';
const cent = (eur: number) => Math.round(eur * 100) / 100;

describe('meterdesk bill --bill docs/bills/netz-noe-haushalt.json', () => {
  it('refuses the empty template by its field, then reconciles the filled one part by part', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-bill-tpl-'));
    const from = DateTime.fromISO('2026-06-01T00:00', { zone: TZ });
    const lines = [
      'Datum;Zeit von;Zeit bis;AT0020000000000000001000000000077 (1234567890) - Verbrauch [kWh];;',
    ];
    let kwh = 0;
    let usageCents = 0;
    for (let t = from; t < from.plus({ days: 3 }); t = t.plus({ minutes: 15 })) {
      const v = ((t.hour * 4 + t.minute / 15) % 6) / 10 + 0.05;
      kwh += v;
      usageCents += v * (t.hour >= 10 && t.hour < 16 ? 7.03 : 8.79);
      lines.push(
        `${t.toFormat('dd.MM.yyyy')};${t.toFormat('HH:mm:ss')};${t.plus({ minutes: 15 }).toFormat('HH:mm:ss')};${v.toFixed(3).replace('.', ',')};;`,
      );
    }
    const csv = join(data, 'noe.csv');
    writeFileSync(csv, lines.join('\n') + '\n');
    const imp = await runCli(['--data-dir', data, 'import', csv, '--json']);
    expect(imp.status, imp.stderr).toBe(0);
    const meterId = (JSON.parse(imp.stdout.trim()) as { meter_id: string }).meter_id;
    const template = readFileSync(
      join(__dirname, '..', '..', 'docs', 'bills', 'netz-noe-haushalt.json'),
      'utf8',
    );
    const billPath = join(data, 'bill.json');
    const args = noeJuneBillArgs(data, meterId, billPath);

    writeFileSync(billPath, template);
    const empty = await runCli(args);
    expect(empty.status).not.toBe(0);
    expect(empty.stderr).toContain('"kwh"');
    expect(empty.stderr).toContain('fill them in from the bill');

    // The bill by hand, each part rounded to the cent: usage with SNAP; the levies 0,10 + 0,62 ct/kWh;
    // per metering point 19,02 and 3,796 € a year by the day (3 of 365); the metering fee 2,40 € a
    // month (3 of June's 30 days). The loss fee and the flat charge are left empty: not compared.
    const parts: Record<string, number> = {
      usage: cent(usageCents / 100),
      metering: cent((2.4 * 3) / 30),
      electricityTax: cent((kwh * 0.1) / 100),
      renewablesContribution: cent((kwh * 0.62) / 100 + (3.796 * 3) / 365),
      renewablesFlat: cent((19.02 * 3) / 365),
    };
    const doc = JSON.parse(template) as { parts: { key: string; eur: number | null }[] };
    writeFileSync(
      billPath,
      JSON.stringify({
        ...doc,
        kwh: Math.round(kwh * 1000) / 1000,
        totalEur: cent(Object.values(parts).reduce((a, b) => a + b, 0) * 1.2),
        parts: doc.parts.map((p) => ({ ...p, eur: parts[p.key] ?? null })),
      }),
    );
    const r = await runCli(args);
    expect(r.status, r.stderr).toBe(0);
    const rec = JSON.parse(r.stdout.trim()) as BillReconciliation;
    for (const key of ['usage', 'electricityTax', 'renewablesContribution', 'renewablesFlat'])
      expect(Math.abs(rec.parts.find((p) => p.key === key)!.difference!), key).toBeLessThan(0.01);
    // The metering fee: on the bill, not in the preset — named with what to enter (0,24 € × 365 / 3).
    expect(rec.reasons.filter((x) => x.part)).toEqual([
      expect.objectContaining({
        code: 'part_absent',
        part: 'metering',
        values: expect.objectContaining({ perYear: 29.2 }),
      }),
    ]);
    // Left empty on the bill: the tariff's amount shown, compared with nothing, no reason made up.
    for (const key of ['loss', 'flat'])
      expect(
        rec.parts.find((p) => p.key === key),
        key,
      ).toMatchObject({ bill: null, difference: null });
    // In words, part by part.
    const text = await runCli(args.filter((a) => a !== '--json'));
    expect(text.stdout).toMatch(/grid +Messentgelt +0\.24 +0 +0\.24\n/);
    expect(text.stdout).toContain('the tariff holds none: add it (the bill implies 29.20 € a year)');
    // In German where German is asked for, in the app's words.
    const de = await runCli([...args.filter((a) => a !== '--json'), '--lang', 'de']);
    expect(de.stdout).toContain(
      'Die Rechnung weist Messentgelt mit 0,24 € aus, der Tarif enthält es nicht: im Tarif ergänzen (die Rechnung ergibt 29,20 € im Jahr).',
    );
    // The bill's days as the bill names them (issue 64): 1–3 June, the --to day included as in the
    // dialog — the same reconciliation as the instants 1 June 00:00 to 4 June 00:00.
    const byDays = args.map((a) =>
      a === '2026-06-01T00:00:00+02:00' ? '2026-06-01' : a === '2026-06-04T00:00:00+02:00' ? '2026-06-03' : a,
    );
    expect(byDays).toContain('2026-06-03');
    const days = await runCli(byDays);
    expect(days.status, days.stderr).toBe(0);
    expect(JSON.parse(days.stdout.trim())).toEqual(rec);
    // A day that does not exist is refused in the language asked for, saying which end is included.
    const bad = await runCli([
      ...byDays.map((a) => (a === '2026-06-03' ? '2026-06-31' : a)).filter((a) => a !== '--json'),
      '--lang',
      'de',
    ]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('der Tag von --to ist eingeschlossen');
  });
});
