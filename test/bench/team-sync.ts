// The first sync of an account into a team's PostgreSQL (issue 63) beside the same sync into a local
// profile's SQLite, both through the built CLI in their own processes, from one demo service: the team
// store's target is "within 2× of SQLite". The server: a PostgreSQL of this machine started for the run
// (test/integration/postgres.ts), a database and role made for it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { copyTeamStore } from '../../main/db/team-copy';
import { spawnDemoService } from '../harness/spawn';
import { asSuperuser, postgres } from '../integration/postgres';
import type { Figure } from './run';

async function cli(dataDir: string, args: string[], env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, ['dist/main/cli.js', '--data-dir', dataDir, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const t0 = performance.now();
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`meterdesk ${args[0]} exited with ${code}`);
  return (performance.now() - t0) / 1000;
}

export async function teamFirstSync(work: string, quick: boolean): Promise<Figure[]> {
  const metersN = quick ? 5 : 20;
  const yearsN = quick ? 0.5 : 3;
  const server = await postgres();
  const su = await asSuperuser(server);
  const tag = `bench${process.pid}`;
  try {
    await su.query(`CREATE ROLE ${tag} LOGIN PASSWORD '${tag}'`);
    await su.query(`CREATE DATABASE ${tag} OWNER ${tag}`);
  } finally {
    await su.end();
  }
  const d = await spawnDemoService([
    '--meters',
    String(metersN),
    '--years',
    String(yearsN),
    '--rate-limit',
    '1000000',
  ]);
  try {
    const dir = mkdtempSync(join(work, 'team-sync-'));
    const pgEnv = { PGPASSWORD: tag };
    const url = `postgres://${tag}@${server.host}:${server.port}/${tag}`;
    await cli(dir, ['team', 'init', '--url', url, '--app-role', tag], pgEnv);
    await cli(dir, ['profile', 'add-team', 'Bench', '--url', url], pgEnv);
    const account = ['--base-url', d.info.base_url, '--team', d.info.team];
    const token = { METERDESK_TOKEN: d.info.tokens.pro };
    const local = await cli(dir, ['sync', ...account], token);
    const team = await cli(dir, ['sync', '--profile', 'Bench', ...account], { ...token, ...pgEnv });
    const ratio = team / local;
    // A team profile's open in the app: the team's store copied into a local file (team-open.ts).
    const copies: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await copyTeamStore(
        { host: server.host, port: server.port, database: tag, user: tag, ssl: 'disable' },
        tag,
        join(mkdtempSync(join(work, 'team-copy-')), 'copy.sqlite'),
      );
      copies.push((performance.now() - t0) / 1000);
    }
    const copy = [...copies].sort((a, b) => a - b)[1]!;
    return [
      {
        id: 'team-open-copy',
        what: `a team profile's open in the app: its store of ${metersN} meters × ${yearsN} years copied into a local file (median of 3)`,
        value: Math.round(copy * 100) / 100,
        unit: 's',
        reference: null,
        referenceValue: null,
        ratio: null,
        target: '< 1.5 s (the start of the app)',
        met: copy < 1.5,
        notes: `runs: ${copies.map((c) => c.toFixed(2)).join(', ')} s`,
      },
      {
        id: 'first-sync-pg',
        what: `first sync of an account of ${metersN} meters × ${yearsN} years through the built CLI into a team profile on a PostgreSQL on the same machine`,
        value: Math.round(team * 10) / 10,
        unit: 's',
        reference: 'the same sync into a local profile (SQLite)',
        referenceValue: Math.round(local * 10) / 10,
        ratio: Math.round(ratio * 10) / 10,
        target: '≤ 2× SQLite',
        met: ratio <= 2,
      },
    ];
  } finally {
    await d.stop();
    const c = await asSuperuser(server);
    try {
      await c.query(`DROP DATABASE IF EXISTS ${tag} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${tag}`);
    } finally {
      await c.end();
    }
    server.stop();
  }
}
