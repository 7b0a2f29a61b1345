// A sync process killed with SIGKILL at random points, over and over, then allowed to finish, ends
// with exactly the service's data, no duplicates and an intact database: in every contract generation.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generations } from '../../main/demo/generations';
import { cliBundle } from './cli-bundle';
import { demo } from './helpers';
import { diff, localReadings, serviceReadings } from './sync-helpers';
import { digest, storeAllAsRows } from '../readings-fixture';

/** Runs the built CLI with `args`, killed with SIGKILL after `killAfterMs` unless null. */
function runCli(
  cli: string,
  args: string[],
  env: Record<string, string>,
  killAfterMs: number | null,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const runSync = (
  cli: string,
  dataDir: string,
  baseUrl: string,
  team: string,
  token: string,
  killAfterMs: number | null,
) =>
  runCli(
    cli,
    ['--data-dir', dataDir, 'sync', '--base-url', baseUrl, '--team', team, '--page-size', '700'],
    { METERDESK_TOKEN: token },
    killAfterMs,
  );

describe.each(generations)('crash safety against the %s contract', (contract) => {
  it('survives 20 SIGKILLs at random points and ends with exactly the service data', async () => {
    const cli = await cliBundle();
    // Pages of 700 in every generation (the spec generation's page size is the service's own), and no
    // rate limit to wait for: the time goes into syncing and being killed.
    const svc = await demo({ years: 2, contract, feedPageSize: 700, ratePerMin: 1_000_000 });
    const dataDir = mkdtempSync(join(tmpdir(), 'md-crash-'));
    try {
      let killed = 0;
      let seed = 12345;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < 200 && killed < 20; i++) {
        // Killed anywhere from start-up (~0.1 s) to deep into the work of a run.
        const r = await runSync(
          cli,
          dataDir,
          svc.info.base_url,
          svc.info.team,
          svc.info.tokens.pro,
          80 + Math.floor(random() * 700),
        );
        if (r.signal === 'SIGKILL') killed += 1;
        else {
          expect(r.code, r.stdout + r.stderr).toBe(0);
          // A run that finished leaves nothing to do: new deliveries and revisions arrive for the next.
          await svc.advanceDays(5);
        }
        if (i % 7 === 6) await svc.advanceDays(1); // and between crashes too
      }
      expect(killed).toBeGreaterThanOrEqual(20);
      const final = await runSync(cli, dataDir, svc.info.base_url, svc.info.team, svc.info.tokens.pro, null);
      expect(final.code, final.stdout + final.stderr).toBe(0);
      expect(JSON.parse(final.stdout.trim().split('\n').at(-1)!)).toMatchObject({ errors: [], warnings: [] });
      const db = new Database(join(dataDir, 'meterdesk.sqlite'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const dup = db
        .prepare(
          'SELECT count(*) AS n FROM (SELECT series_id, start_sec FROM readings GROUP BY 1, 2 HAVING count(*) > 1)',
        )
        .get() as { n: number };
      expect(dup.n).toBe(0);
      expect(diff(localReadings(db), serviceReadings(svc))).toEqual([]);
      const rolled = db
        .prepare('SELECT (SELECT sum(count) FROM daily_rollups) AS a, (SELECT count(*) FROM readings) AS b')
        .get() as { a: number; b: number };
      expect(rolled.a).toBe(rolled.b);
      db.close();
    } finally {
      await svc.stop();
    }
  }, 240_000);
});

describe('crash safety of the move into day storage (0007)', () => {
  it('survives SIGKILLs while a profile synced before day storage is moved, and ends with the same readings', async () => {
    const cli = await cliBundle();
    const svc = await demo({ years: 2, ratePerMin: 1_000_000 });
    const dataDir = mkdtempSync(join(tmpdir(), 'md-crash-move-'));
    const run = async (killAfterMs: number | null) => {
      const r = await runCli(cli, ['--data-dir', dataDir, 'compact', '--json'], {}, killAfterMs);
      return { ...r, out: r.stdout + r.stderr };
    };
    try {
      const synced = await runSync(cli, dataDir, svc.info.base_url, svc.info.team, svc.info.tokens.pro, null);
      expect(synced.code, synced.stderr).toBe(0);
      const path = join(dataDir, 'meterdesk.sqlite');
      const before = new Database(path);
      const readings = digest(before);
      // As a profile synced before 0007: every day in rows, the blocks to be computed again.
      storeAllAsRows(before);
      const pending = before
        .prepare("UPDATE daily_rollups SET packed = '?' WHERE packed IS NOT NULL")
        .run().changes;
      expect(pending).toBeGreaterThan(5_000);
      before.close();

      let killed = 0;
      let seed = 777;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < 40 && killed < 8; i++) {
        const r = await run(60 + Math.floor(random() * 600));
        if (r.signal === 'SIGKILL') {
          killed += 1;
          // Whatever the moment, every reading is there exactly once (a day in both forms or in
          // neither would show here), and the file is intact.
          const db = new Database(path, { readonly: true });
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(digest(db)).toEqual(readings);
          db.close();
        } else {
          expect(r.code, r.out).toBe(0);
          break;
        }
      }
      expect(killed).toBeGreaterThanOrEqual(1);
      const final = await run(null);
      expect(final.code, final.out).toBe(0);
      const db = new Database(path, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(digest(db)).toEqual(readings);
      expect(db.prepare("SELECT count(*) FROM daily_rollups WHERE packed = '?'").pluck().get()).toBe(0);
      expect(
        db.prepare('SELECT count(*) FROM daily_rollups WHERE block_source IS NOT NULL').pluck().get(),
      ).toBeGreaterThan(pending / 2);
      db.close();
    } finally {
      await svc.stop();
    }
  }, 240_000);
});
