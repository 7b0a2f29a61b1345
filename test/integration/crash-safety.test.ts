// A sync process killed with SIGKILL at random points, over and over, then allowed to finish, ends
// with exactly the service's data, no duplicates and an intact database. Run against the `current`
// generation only (issue 41, item 9: CI time): what a kill can break — a page's readings and its cursor
// in one transaction, the re-baseline after an unusable cursor — is the store's and the sync's, the
// same in every generation; `current` walks the most paths (window reads whose last cursor continues
// as the feed, an omitted cursor on an empty page). The generation-specific shapes are sync.test.ts's.
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

describe.each(generations.filter((g) => g === 'current'))(
  'crash safety against the %s contract',
  (contract) => {
    it('survives 20 SIGKILLs at random points and ends with exactly the service data', async () => {
      const cli = await cliBundle();
      // Pages of 700 in every generation (the spec generation's page size is the service's own), and no
      // rate limit to wait for: the time goes into syncing and being killed.
      // A clock far enough back that each run's advance of days stays behind this computer's clock (a
      // service clock ahead of it by more than a day is not believed: common/rules.ts), and whose two
      // years of history do not span 29.02.2024: with a reach over the leap day, the `current`
      // generation's feed begins mid-day on its first day and the check reports that day short
      // (seen with clocks in 2025; an open question about the demo's retention, noted in the issue).
      const svc = await demo({
        years: 2,
        contract,
        feedPageSize: 700,
        ratePerMin: 1_000_000,
        clock: '2026-04-01T12:00:00Z',
      });
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
        const final = await runSync(
          cli,
          dataDir,
          svc.info.base_url,
          svc.info.team,
          svc.info.tokens.pro,
          null,
        );
        expect(final.code, final.stdout + final.stderr).toBe(0);
        expect(JSON.parse(final.stdout.trim().split('\n').at(-1)!)).toMatchObject({
          errors: [],
          warnings: [],
        });
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
  },
);
