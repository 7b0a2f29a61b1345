/**
 * The cost views through the contract on the demo profile: example tariffs seeded and marked, a tariff
 * the schema refuses, the cost table exported as CSV whose totals are the view's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CostResult, MeterView, Result, Tariff } from '../../preload/contract';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices } from '../../main/services';
import { CLOCK } from './helpers';

describe('cost through the contract', () => {
  it('demo tariffs, a refused tariff, and the CSV export of the comparison', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cost-'));
    const secrets = createSecretStore({
      loadKeytar: () => {
        throw new Error('none');
      },
    });
    secrets.useSessionOnly(true);
    const services = createServices({
      dataDir: dir,
      shell: 'harness',
      version: '0',
      secrets,
      mqtt: false,
      demo: { seed: 1, meters: 9, years: 0.2, clock: CLOCK, withBrokers: false },
      chooseExportPath: async (name) => join(dir, name),
    });
    const h = createHandlers(services);
    const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
      const r = (await dispatch(h, channel, input)) as Result<T>;
      if (!r.ok) throw Object.assign(new Error(r.error.message), { error: r.error });
      return r.data;
    };
    try {
      await services.syncNow();
      const tariffs = await call<Tariff[]>('tariffs:list');
      expect(tariffs.length).toBeGreaterThanOrEqual(6);
      expect(tariffs.every((t) => t.isExample && t.name.startsWith('Beispiel'))).toBe(true);
      await expect(
        call('tariffs:save', {
          tariff: {
            id: 'bad',
            name: 'x',
            direction: 'consumption',
            energy: { type: 'flat', centsPerKwh: 'a' },
          },
        }),
      ).rejects.toMatchObject({ error: { code: 'invalid_input' } });
      const meter = (await call<MeterView[]>('meters:list')).find((m) => m.label === 'Wohnung Huber')!;
      const q = {
        meterId: meter.id,
        obisCode: '1-1:1.9.0 G.01',
        fromSec: Date.parse('2026-01-01T00:00:00+01:00') / 1000,
        toSec: Date.parse('2027-01-01T00:00:00+01:00') / 1000,
      };
      const ids = ['beispiel-fixpreis', 'beispiel-tag-nacht', 'beispiel-spot'];
      const r = await call<CostResult>('analysis:cost', { ...q, tariffIds: ids });
      expect(r.clampedToData).toBe(true);
      const exported = await call<{ path: string; rows: number }>('analysis:exportCsv', {
        kind: 'cost',
        params: { ...q, tariffIds: ids.join(','), shiftPercent: 10 },
        profile: 'iso',
      });
      const csv = readFileSync(exported.path, 'utf8');
      for (const t of r.tariffs) {
        const line = csv.split('\n').find((l) => l.startsWith(`${t.name},Summe,`))!;
        expect(line.split(',')[9]).toBe(String(t.total.totalEur));
      }
      expect(csv).toMatch(r.direction === 'consumption' ? /günstigster|cheapest/ : /Erlös/);
    } finally {
      await services.close();
    }
  }, 60_000);
});
