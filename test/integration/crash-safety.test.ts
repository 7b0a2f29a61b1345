// A sync process killed with SIGKILL at random points, over and over, then allowed to finish, ends
// with exactly the service's data, no duplicates and an intact database.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { demo } from './helpers';
import { diff, localReadings, serviceReadings } from './sync-helpers';

function runSync(
  dataDir: string,
  baseUrl: string,
  team: string,
  token: string,
  killAfterMs: number | null,
): Promise<{ code: number | null; signal: string | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'main/cli/index.ts',
        '--data-dir',
        dataDir,
        'sync',
        '--base-url',
        baseUrl,
        '--team',
        team,
        '--page-size',
        '700',
      ],
      {
        env: { ...process.env, METERDESK_TOKEN: token },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout });
    });
  });
}

describe('crash safety', () => {
  it('survives 20 SIGKILLs at random points and ends with exactly the service data', async () => {
    const svc = await demo({ years: 2 });
    const dataDir = mkdtempSync(join(tmpdir(), 'md-crash-'));
    try {
      let killed = 0;
      let seed = 12345;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < 80 && killed < 20; i++) {
        const r = await runSync(
          dataDir,
          svc.info.base_url,
          svc.info.team,
          svc.info.tokens.pro,
          500 + Math.floor(random() * 1500),
        );
        if (r.signal === 'SIGKILL') killed += 1;
        if (i % 7 === 6) await svc.advanceDays(1); // new deliveries and revisions arrive between crashes
      }
      expect(killed).toBeGreaterThanOrEqual(20);
      const final = await runSync(dataDir, svc.info.base_url, svc.info.team, svc.info.tokens.pro, null);
      expect(final.code).toBe(0);
      expect(JSON.parse(final.stdout.trim().split('\n').at(-1)!)).toMatchObject({ errors: [] });
      const db = new Database(join(dataDir, 'meterdesk.sqlite'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const dup = db
        .prepare(
          'SELECT count(*) AS n FROM (SELECT series_id, start_sec FROM readings GROUP BY 1, 2 HAVING count(*) > 1)',
        )
        .get() as { n: number };
      expect(dup.n).toBe(0);
      expect(diff(localReadings(db), await serviceReadings(svc))).toEqual([]);
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
