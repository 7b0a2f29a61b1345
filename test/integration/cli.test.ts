// The meterdesk CLI end to end: sync, stats, export and its exit codes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../main/demo/service';
import { generations } from '../../main/demo/generations';
import { cliBundle } from './cli-bundle';
import { admin, demo } from './helpers';

// Asynchronous on purpose: the demo service runs in this process and must keep answering. The CLI
// runs as it ships, from its bundle.
const cli = async (args: string[], env: Record<string, string> = {}) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

let svc: DemoService;
beforeAll(async () => {
  svc = await demo({ years: 0.2 });
});
afterAll(async () => svc.stop());

describe.each(generations)('meterdesk CLI against the %s contract', (contract) => {
  it('syncs, reports stats equal to the service, and exports the October DST day with 100 rows per register', async () => {
    const svc = await demo({ years: 0.2, clock: '2025-11-20T12:00:00Z', contract });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'md-cli-'));
      const s = await cli(
        ['--data-dir', dir, 'sync', '--base-url', svc.info.base_url, '--team', svc.info.team],
        {
          METERDESK_TOKEN: svc.info.tokens.pro,
        },
      );
      expect(s.status, s.stderr).toBe(0);
      const summary = JSON.parse(s.stdout.trim().split('\n').at(-1)!);
      expect(summary).toMatchObject({ meters: 7, errors: [], warnings: [] });
      expect(summary.checks).toHaveLength(7);
      expect(summary.readings_written).toBeGreaterThan(0);
      const stats = await cli(['--data-dir', dir, 'stats', '--json']);
      expect(stats.status).toBe(0);
      const st = JSON.parse(stats.stdout);
      expect(st.readings).toBe((await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings);
      for (const m of svc.state.teamMeters(svc.info.team).filter((x) => x.hasData)) {
        const out = join(dir, `${m.id}.csv`);
        const e = await cli([
          '--data-dir',
          dir,
          'export',
          '--meter',
          m.id,
          '--from',
          '2025-10-26T00:00:00+02:00',
          '--to',
          '2025-10-27T00:00:00+01:00',
          '--format',
          'excel-at',
          '--out',
          out,
        ]);
        expect(e.status, e.stderr).toBe(0);
        const rows = readFileSync(out, 'utf8').split('\r\n').filter(Boolean).slice(1);
        const perRegister = new Map<string, number>();
        for (const row of rows) {
          const register = row.split(';')[5]!;
          perRegister.set(register, (perRegister.get(register) ?? 0) + 1);
        }
        expect([...perRegister.values()], `${m.label}: ${[...perRegister.keys()].join(', ')}`).toEqual(
          m.registers.map(() => 100),
        );
      }
    } finally {
      await svc.stop();
    }
  });
});

describe('meterdesk CLI', () => {
  it('uses the documented exit codes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-'));
    expect((await cli(['--help'])).status).toBe(0);
    expect((await cli(['sync', '--help'])).stdout).toMatch(/METERDESK_TOKEN/);
    expect((await cli([])).status).toBe(1);
    expect((await cli(['--data-dir', dir, 'frobnicate'])).status).toBe(1);
    expect((await cli(['--data-dir', dir, 'stats', '--bogus'])).status).toBe(1);
    const bad = await cli(
      ['--data-dir', dir, 'sync', '--base-url', svc.info.base_url, '--team', svc.info.team],
      { METERDESK_TOKEN: 'md_wrong_token' },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/rejected the API token/);
    expect((await cli(['--data-dir', mkdtempSync(join(tmpdir(), 'md-empty-')), 'stats'])).status).toBe(3);
  });
});
