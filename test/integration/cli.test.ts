// The meterdesk CLI end to end: sync, stats, export and its exit codes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../main/demo/service';
import { generations } from '../../main/demo/generations';
import { cliBundle } from './cli-bundle';
import { admin, demo } from './helpers';
import { digest, storeAllAsRows } from '../readings-fixture';

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
  /** A new data folder with the demo account synced into it by the CLI. */
  const syncedDir = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-'));
    const s = await cli(
      ['--data-dir', dir, 'sync', '--base-url', svc.info.base_url, '--team', svc.info.team],
      {
        METERDESK_TOKEN: svc.info.tokens.pro,
      },
    );
    expect(s.status, s.stderr).toBe(0);
    return dir;
  };
  it('fills in the day blocks of a database synced before migrations 0003 and 0007', async () => {
    const dir = await syncedDir();
    const st = JSON.parse((await cli(['--data-dir', dir, 'stats', '--json'])).stdout);
    const meter = st.per_meter.find((m: { readings: number }) => m.readings > 0);
    expect(meter.cursor).toBeTruthy();

    // As migration 0003 leaves a database synced before day blocks: the next sync fills them in.
    const db = new Database(join(dir, 'meterdesk.sqlite'));
    try {
      const blocks = () =>
        db
          .prepare(
            'SELECT series_id, day, packed, block_source, block_updated_sec FROM daily_rollups ORDER BY 1, 2',
          )
          .all();
      const synced = blocks();
      const readings = digest(db);
      storeAllAsRows(db); // and every day in rows, as before 0007
      const marked = db.prepare("UPDATE daily_rollups SET packed = '?' WHERE count = expected").run().changes;
      expect(marked).toBeGreaterThan(0);
      const again = await cli(
        ['--data-dir', dir, 'sync', '--base-url', svc.info.base_url, '--team', svc.info.team],
        {
          METERDESK_TOKEN: svc.info.tokens.pro,
        },
      );
      expect(again.status).toBe(0);
      expect(db.prepare("SELECT count(*) FROM daily_rollups WHERE packed = '?'").pluck().get()).toBe(0);
      expect(blocks()).toEqual(synced);
      expect(digest(db)).toEqual(readings);
    } finally {
      db.close();
    }
  });

  it('compacts a profile synced before day storage to its new size, with the same readings', async () => {
    const dir = await syncedDir();
    const path = join(dir, 'meterdesk.sqlite');
    const db = new Database(path);
    const readings = digest(db);
    // As a profile synced before 0007 looks: every day in rows, its rollup's block recomputed later.
    storeAllAsRows(db);
    db.exec("UPDATE daily_rollups SET packed = '?' WHERE count = expected");
    db.exec('VACUUM');
    db.close();
    const asRows = statSync(path).size;

    const c = await cli(['--data-dir', dir, 'compact', '--json']);
    expect(c.status, c.stderr).toBe(0);
    const out = JSON.parse(c.stdout) as { days_moved: number; bytes_before: number; bytes_after: number };
    expect(out.days_moved).toBeGreaterThan(100);
    expect(out.bytes_before).toBeGreaterThanOrEqual(asRows);
    expect(out.bytes_after).toBe(statSync(path).size);
    expect(out.bytes_after).toBeLessThan(asRows / 2);
    const after = new Database(path, { readonly: true });
    try {
      expect(digest(after)).toEqual(readings);
      expect(after.prepare("SELECT count(*) FROM daily_rollups WHERE packed = '?'").pluck().get()).toBe(0);
    } finally {
      after.close();
    }
    // Nothing left to do: a second run moves nothing.
    expect(JSON.parse((await cli(['--data-dir', dir, 'compact', '--json'])).stdout).days_moved).toBe(0);
  });

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
