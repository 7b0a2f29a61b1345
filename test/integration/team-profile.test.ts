// Team profiles from the command line (issue 63), against a real PostgreSQL server and the real OS
// keychain (npm test's D-Bus session): `profile add-team` checks the server and keeps the password in the
// keychain only, in a file of its own that an earlier build never reads; `team init --profile` and
// `stats --profile` find the password there; every other command refuses a team profile in words; and
// `stats --profile TEAM` counts a team's store as `stats` counts the same rows in a local profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../main/demo/service';
import { TEAM_KEYCHAIN_SERVICE } from '../../main/profiles/team-profiles';
import { createSecretStore } from '../../main/secrets/keychain';
import { cliBundle } from './cli-bundle';
import { admin, demo } from './helpers';
import { asSuperuser, postgres, type PgServer } from './postgres';

const tag = `p${process.pid}`;
const DB = `md_${tag}`;
const OWNER = `md_owner_${tag}`;
const APP = `md_app_${tag}`;
const PW = { owner: 'owner-pw-2', app: 'app-pw-2' };
const TEAM = `Team ${tag}`;
let server: PgServer;
let svc: DemoService;

const cli = async (dataDir: string, args: string[], env: Record<string, string | undefined> = {}) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const e: NodeJS.ProcessEnv = { ...process.env, METERDESK_LANG: 'en', ...env };
    if (env.PGPASSWORD === undefined) delete e.PGPASSWORD;
    const child = spawn(process.execPath, [bundle, '--data-dir', dataDir, ...args], { env: e });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};
const url = (user: string) => `postgres://${user}@127.0.0.1:${server.port}/${DB}`;

beforeAll(async () => {
  server = await postgres();
  const su = await asSuperuser(server);
  try {
    await su.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${PW.owner}'`);
    await su.query(`CREATE ROLE ${APP} LOGIN PASSWORD '${PW.app}'`);
    await su.query(`CREATE DATABASE ${DB} OWNER ${OWNER}`);
  } finally {
    await su.end();
  }
  svc = await demo({ years: 0.2 });
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  const su = await asSuperuser(server);
  try {
    await su.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    for (const r of [OWNER, APP]) await su.query(`DROP ROLE IF EXISTS ${r}`);
  } finally {
    await su.end();
  }
  server.stop();
});

describe('team profiles', () => {
  it('are added after the server answered, their password in the keychain only; init and stats find it there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    // A wrong password: refused, nothing kept.
    const wrong = await cli(dir, ['profile', 'add-team', TEAM, '--url', url(OWNER)], { PGPASSWORD: 'nope' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/refused the user or the password|refused user/);
    expect(existsSync(join(dir, 'team-profiles.json'))).toBe(false);

    const added = await cli(dir, ['profile', 'add-team', TEAM, '--url', url(OWNER), '--json'], {
      PGPASSWORD: PW.owner,
    });
    expect(added.status, added.stderr).toBe(0);
    const p = JSON.parse(added.stdout) as Record<string, unknown>;
    expect(p).toMatchObject({
      name: TEAM,
      kind: 'team',
      host: '127.0.0.1',
      port: server.port,
      database: DB,
      user: OWNER,
      ssl: 'disable',
      password: 'keychain',
      schema_version: null,
    });
    const id = p.id as string;
    const file = readFileSync(join(dir, 'team-profiles.json'), 'utf8');
    expect(file).not.toContain(PW.owner);
    expect(existsSync(join(dir, 'profiles.json'))).toBe(false); // an earlier build's list is not touched
    const keychain = createSecretStore({ service: TEAM_KEYCHAIN_SERVICE });
    expect(await keychain.get(id)).toBe(PW.owner);

    // The same name again is refused; the list shows the demo and the team profile.
    const twice = await cli(dir, ['profile', 'add-team', TEAM, '--url', url(OWNER)], {
      PGPASSWORD: PW.owner,
    });
    expect(twice.status).not.toBe(0);
    expect(twice.stderr).toContain('exists already');
    const list = JSON.parse((await cli(dir, ['profile', 'list', '--json'])).stdout) as {
      id: string;
      kind: string;
    }[];
    expect(list.map((x) => [x.id, x.kind])).toEqual([
      ['demo', 'demo'],
      [id, 'team'],
    ]);

    // No PGPASSWORD from here on: the keychain's.
    const init = await cli(dir, ['team', 'init', '--profile', TEAM, '--app-role', APP, '--json']);
    expect(init.status, init.stderr).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({ applied: ['0001_core'], owner: OWNER, appRole: APP });
    const stats = await cli(dir, ['stats', '--profile', id, '--json']);
    expect(stats.status, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toEqual({
      meters: 0,
      series: 0,
      readings: 0,
      revisions: 0,
      per_meter: [],
    });

    // Every other command refuses the team profile in words, and writes nothing anywhere.
    for (const args of [
      ['sync'],
      ['analyze', '--meter', 'x'],
      ['import', join(dir, 'none.csv')],
      ['meters'],
      ['backup', '--out', join(dir, 'b.zip')],
    ]) {
      const r = await cli(dir, [...args, '--profile', TEAM]);
      expect(r.status, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr, args[0]).toContain(`"${TEAM}" is a team profile`);
      expect(r.stderr, args[0]).toContain(`cannot run "${args[0]}" on PostgreSQL yet`);
    }
    expect(existsSync(join(dir, 'profiles'))).toBe(false);
    expect(existsSync(join(dir, 'meterdesk.sqlite'))).toBe(false);

    const removed = await cli(dir, ['profile', 'remove-team', TEAM, '--json']);
    expect(removed.status, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ removed: id, password_forgotten: true });
    expect(await keychain.get(id)).toBeNull();
  }, 120_000);

  it('an unreadable team-profiles.json is left as it is and named; local profiles work on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    writeFileSync(join(dir, 'team-profiles.json'), '{"version": 1, "profiles": [{"id": 7}]}');
    const r = await cli(dir, ['profile', 'add-team', 'X', '--url', url(OWNER)], { PGPASSWORD: PW.owner });
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('team-profiles.json cannot be read');
    expect(readFileSync(join(dir, 'team-profiles.json'), 'utf8')).toBe(
      '{"version": 1, "profiles": [{"id": 7}]}',
    );
    const demoStats = await cli(dir, ['stats', '--profile', 'demo', '--json']);
    expect(demoStats.stderr).not.toContain('team-profiles.json');
  }, 60_000);

  it('stats --profile TEAM counts the same rows as stats of a local profile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const s = await cli(dir, ['sync', '--base-url', svc.info.base_url, '--team', svc.info.team], {
      METERDESK_TOKEN: svc.info.tokens.pro,
    });
    expect(s.status, s.stderr).toBe(0);
    const local = await cli(dir, ['stats', '--json']);
    expect(local.status, local.stderr).toBe(0);
    const want = JSON.parse(local.stdout) as { readings: number; meters: number };
    // Independent of both readers: the service's own count.
    expect(want.readings).toBe((await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings);

    await copyIntoTeam(join(dir, 'meterdesk.sqlite'));
    const add = await cli(dir, ['profile', 'add-team', `${TEAM} B`, '--url', url(APP)], {
      PGPASSWORD: PW.app,
    });
    expect(add.status, add.stderr).toBe(0);
    const team = await cli(dir, ['stats', '--profile', `${TEAM} B`, '--json']);
    expect(team.status, team.stderr).toBe(0);
    expect(JSON.parse(team.stdout)).toEqual(want);
    const text = await cli(dir, ['stats', '--profile', `${TEAM} B`]);
    expect(text.stdout).toBe((await cli(dir, ['stats'])).stdout);
  }, 180_000);
});

/** The local profile's stored rows, copied as they are into the team's schema (as its apps' role). */
async function copyIntoTeam(path: string): Promise<void> {
  const db = new Database(path, { readonly: true });
  const c = new pg.Client({
    host: server.host,
    port: server.port,
    user: APP,
    password: PW.app,
    database: DB,
  });
  await c.connect();
  try {
    await c.query('BEGIN');
    for (const table of [
      'meters',
      'series',
      'reading_days',
      'irregular_readings',
      'reading_revisions',
      'daily_rollups',
      'sync_state',
    ]) {
      const cols = (
        await c.query<{ column_name: string }>(
          "SELECT column_name FROM information_schema.columns WHERE table_schema = 'meterdesk' AND table_name = $1 ORDER BY ordinal_position",
          [table],
        )
      ).rows.map((r) => r.column_name);
      const rows = db
        .prepare(`SELECT ${cols.join(', ')} FROM ${table}`)
        .raw(true)
        .all() as unknown[][];
      const identity = table === 'series' || table === 'reading_revisions' ? 'OVERRIDING SYSTEM VALUE' : '';
      for (const row of rows)
        await c.query(
          `INSERT INTO meterdesk.${table} (${cols.join(', ')}) ${identity} VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
          row.map((v, i) => (cols[i] === 'is_demo' ? v === 1 : v)),
        );
    }
    await c.query('COMMIT');
  } finally {
    await c.end();
    db.close();
  }
}
