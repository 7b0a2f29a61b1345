/**
 * Issue 34 — a dated grid preset priced through the CLI on a meter's real quarter-hours: grid energy is
 * each quarter-hour at the SNAP price inside 10:00–16:00 (April–September) and at the usage price
 * outside, counted here from the file's values with luxon, not by the cost code.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-bundle';

const TZ = 'Europe/Vienna';

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
    const imp = await runCli(['--data-dir', data, 'import', file, '--json']);
    expect(imp.status, imp.stderr).toBe(0);
    const meterId = (JSON.parse(imp.stdout.trim()) as { meter_id: string }).meter_id;
    const r = await runCli([
      '--data-dir',
      data,
      'cost',
      '--meter',
      meterId,
      '--tariff-preset',
      'netz-2026-wien',
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
    const t = cost.tariffs.find((x) => x.tariffId === 'netz-2026-wien')!;
    expect(t.total.gridEnergyEur).toBeCloseTo((snapKwh * 5.58 + otherKwh * 6.98) / 100, 2);
    expect(t.total.leviesEur).toBeCloseTo(((snapKwh + otherKwh) * 0.72) / 100, 2);
    const list = await runCli(['--data-dir', data, 'tariffs', '--presets', '--json']);
    expect(list.status, list.stderr).toBe(0);
    const presets = JSON.parse(list.stdout.trim()) as { id: string; snap_ct_kwh: number; source: string }[];
    expect(presets).toHaveLength(14);
    expect(presets.find((p) => p.id === 'netz-2026-wien')).toMatchObject({ snap_ct_kwh: 5.58 });
    expect(presets.every((p) => p.source.includes('BGBl. II Nr. 305/2025'))).toBe(true);
  });
});
