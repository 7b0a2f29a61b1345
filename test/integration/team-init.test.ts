// `meterdesk team init` against a real PostgreSQL server (issue 63, first step): the schema made by its
// owner, the apps' role able to read and write the data but not to change the schema, a second init
// applying nothing, and every refusal (wrong password, no server, no database, no role, a password in
// the address, a schema from a newer Meterdesk, a user that does not own the database) said in words
// with the database untouched.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../main/db/open';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MIGRATIONS, TEAM_ONLY_COLUMNS } from '../../main/db/team-schema';
import { cliBundle } from './cli-bundle';
import { asSuperuser, postgres, type PgServer } from './postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'md-team-'));
const tag = `t${process.pid}`;
const DB = `md_${tag}`;
const OWNER = `md_owner_${tag}`;
const APP = `md_app_${tag}`;
const OTHER = `md_other_${tag}`;
const PW = { owner: 'owner-pw', app: 'app-pw', other: 'other-pw' };
let server: PgServer;

const cli = async (args: string[], password?: string) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, METERDESK_LANG: 'en' };
    delete env.PGPASSWORD;
    if (password !== undefined) env.PGPASSWORD = password;
    const child = spawn(process.execPath, [bundle, '--data-dir', dataDir, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

const url = (user: string, db = DB, port = server.port) => `postgres://${user}@127.0.0.1:${port}/${db}`;

async function as(user: string, password: string): Promise<pg.Client> {
  const c = new pg.Client({ host: server.host, port: server.port, user, password, database: DB });
  await c.connect();
  return c;
}

beforeAll(async () => {
  server = await postgres();
  const su = await asSuperuser(server);
  try {
    await su.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${PW.owner}'`);
    await su.query(`CREATE ROLE ${APP} LOGIN PASSWORD '${PW.app}'`);
    await su.query(`CREATE ROLE ${OTHER} LOGIN PASSWORD '${PW.other}'`);
    await su.query(`CREATE DATABASE ${DB} OWNER ${OWNER}`);
  } finally {
    await su.end();
  }
  // PostgreSQL 15: PUBLIC may no longer create in the public schema; the owner's database is its own.
}, 60_000);

afterAll(async () => {
  const su = await asSuperuser(server);
  try {
    await su.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    for (const r of [OWNER, APP, OTHER]) await su.query(`DROP ROLE IF EXISTS ${r}`);
  } finally {
    await su.end();
  }
  server.stop();
});

describe('team init', () => {
  it('makes the schema as its owner; the apps may write data, not the schema; again applies nothing', async () => {
    const first = await cli(['team', 'init', '--url', url(OWNER), '--app-role', APP, '--json'], PW.owner);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      database: `127.0.0.1:${server.port}/${DB}`,
      schema: 'meterdesk',
      version: TEAM_MIGRATIONS.length,
      applied: TEAM_MIGRATIONS.map((m) => m.name),
      owner: OWNER,
      appRole: APP,
    });

    const owner = await as(OWNER, PW.owner);
    const tables = (
      await owner.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'meterdesk' ORDER BY 1",
      )
    ).rows.map((r: { table_name: string }) => r.table_name);
    expect(tables).toEqual([
      'account',
      'customers',
      'daily_rollups',
      'day_changes',
      'imports',
      'irregular_readings',
      'meters',
      'notes',
      'reading_days',
      'reading_revisions',
      'schema_migrations',
      'series',
      'sites',
      'sync_state',
      'tariffs',
      'watch_findings',
      'watch_thresholds',
    ]);
    await owner.end();

    const app = await as(APP, PW.app);
    try {
      await app.query(
        `INSERT INTO meterdesk.meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
         VALUES ('m1', 'AT001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 1)`,
      );
      const s = await app.query(
        "INSERT INTO meterdesk.series (meter_id, obis_code, unit) VALUES ('m1', '1-1:1.9.0 G.01', 'kWh') RETURNING id",
      );
      expect(Number((s.rows[0] as { id: string }).id)).toBeGreaterThan(0);
      await app.query("UPDATE meterdesk.meters SET label = 'Küche' WHERE id = 'm1'");
      expect((await app.query('SELECT label FROM meterdesk.meters')).rows).toEqual([{ label: 'Küche' }]);
      for (const ddl of [
        'CREATE TABLE meterdesk.x (a int)',
        'DROP TABLE meterdesk.meters',
        'ALTER TABLE meterdesk.meters ADD COLUMN y int',
        "INSERT INTO meterdesk.schema_migrations (version, name) VALUES (99, 'x')",
      ])
        await expect(app.query(ddl), ddl).rejects.toThrow(/permission denied|must be owner/);
    } finally {
      await app.end();
    }

    const again = await cli(['team', 'init', '--url', url(OWNER), '--app-role', APP], PW.owner);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(`is at version ${TEAM_MIGRATIONS.length}: nothing to apply`);
    const check = await as(OWNER, PW.owner);
    expect((await check.query('SELECT count(*)::int AS n FROM meterdesk.schema_migrations')).rows).toEqual([
      { n: TEAM_MIGRATIONS.length },
    ]);
    expect((await check.query('SELECT count(*)::int AS n FROM meterdesk.meters')).rows).toEqual([{ n: 1 }]);

    // A store of the first version (no notes, no watch list yet): init — even naming another role — adds the notes
    // and gives them to the role that writes the store already; its data stay.
    for (const t of ['notes', 'watch_findings', 'watch_thresholds', 'tariffs', 'imports', 'day_changes'])
      await check.query(`DROP TABLE meterdesk.${t}`);
    await check.query('DROP FUNCTION meterdesk.note_day_changes() CASCADE');
    await check.query('ALTER TABLE meterdesk.reading_revisions DROP COLUMN changed_txid');
    await check.query('DELETE FROM meterdesk.schema_migrations WHERE version > 1');
    const upgrade = await cli(['team', 'init', '--url', url(OWNER), '--app-role', OTHER, '--json'], PW.owner);
    expect(upgrade.status, upgrade.stderr).toBe(0);
    expect(JSON.parse(upgrade.stdout)).toMatchObject({
      applied: TEAM_MIGRATIONS.slice(1).map((m) => m.name),
    });
    const writer = await as(APP, PW.app);
    try {
      await writer.query(
        "INSERT INTO meterdesk.notes (meter_id, from_sec, to_sec, text, created_sec) VALUES ('m1', NULL, NULL, 'Keller', 1)",
      );
      expect((await writer.query('SELECT text, version FROM meterdesk.notes')).rows).toEqual([
        { text: 'Keller', version: 1 },
      ]);
      // …and the imports, with the id the server gives.
      const imp = await writer.query<{ id: string }>(
        "INSERT INTO meterdesk.imports (meter_id, file_name, sha256, format, imported_sec, readings, inserted, updated, kept) VALUES ('m1', 'a.csv', 'x', 'f', 1, 0, 0, 0, 0) RETURNING id",
      );
      expect(Number(imp.rows[0]!.id)).toBeGreaterThan(0);
    } finally {
      await writer.end();
    }
    expect((await check.query('SELECT count(*)::int AS n FROM meterdesk.meters')).rows).toEqual([{ n: 1 }]);
    await check.query(`REVOKE ALL ON ALL TABLES IN SCHEMA meterdesk FROM ${OTHER}`);
    await check.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA meterdesk FROM ${OTHER}`);
    await check.query(`REVOKE USAGE ON SCHEMA meterdesk FROM ${OTHER}`);
    await check.end();
  }, 120_000);

  it("gives each table the columns of a local profile's, in its order (the stores share one stored form)", async () => {
    const init = await cli(['team', 'init', '--url', url(OWNER), '--app-role', APP], PW.owner);
    expect(init.status, init.stderr).toBe(0);
    const local: Database.Database = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-cols-')), 'm.sqlite'));
    const owner = await as(OWNER, PW.owner);
    try {
      const tables = (
        await owner.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'meterdesk' AND table_name <> 'schema_migrations' ORDER BY 1",
        )
      ).rows.map((r) => r.table_name);
      expect(tables.length).toBeGreaterThan(9);
      for (const t of tables) {
        const team = (
          await owner.query<{ column_name: string }>(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = 'meterdesk' AND table_name = $1 ORDER BY ordinal_position",
            [t],
          )
        ).rows.map((r) => r.column_name);
        const mine = (local.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map(
          (r) => r.name,
        );
        // Only the local profile's own so far (issue 63: the rest of a profile is not in the team's schema),
        // and the team's own bookkeeping of what changed when (team schema 0006), never copied.
        const localOnly: Record<string, string[]> = { meters: ['usage_class'] };
        if (t === 'day_changes') continue;
        expect(
          team.filter((c) => !TEAM_ONLY_COLUMNS.has(c)),
          t,
        ).toEqual(mine.filter((c) => !(localOnly[t] ?? []).includes(c)));
      }
    } finally {
      await owner.end();
      local.close();
    }
  }, 60_000);

  it('refuses in words, touching nothing: password, server, database, role, address, owner, newer', async () => {
    const refused = async (args: string[], password: string | undefined, words: RegExp, exit: number) => {
      const r = await cli(['team', 'init', ...args], password);
      expect(r.status, r.stderr).toBe(exit);
      expect(r.stderr).toMatch(words);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    };
    await refused(['--url', url(OWNER), '--app-role', APP], 'wrong', /refused user/, 2);
    const closed = await (async () => {
      const { createServer } = await import('node:net');
      const s = createServer();
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      const port = (s.address() as { port: number }).port;
      await new Promise<void>((r) => s.close(() => r()));
      return port;
    })();
    await refused(
      ['--url', url(OWNER, DB, closed), '--app-role', APP],
      PW.owner,
      /Cannot reach PostgreSQL/,
      2,
    );
    await refused(
      ['--url', url(OWNER, 'no_such_db'), '--app-role', APP],
      PW.owner,
      /no database "no_such_db"/,
      2,
    );
    await refused(['--url', url(OWNER), '--app-role', 'no_such_role'], PW.owner, /no role "no_such_role"/, 2);
    await refused(
      ['--url', `postgres://${OWNER}:secret@127.0.0.1:${server.port}/${DB}`],
      undefined,
      /holds a password/,
      2,
    );
    await refused(['--url', 'http://example.org/x'], undefined, /not an address/, 2);
    await refused(
      ['--url', url(OTHER), '--app-role', APP],
      PW.other,
      /may not create or change the schema/,
      2,
    );

    // A schema written by a newer Meterdesk: refused, left as it is.
    const owner = await as(OWNER, PW.owner);
    await owner.query("INSERT INTO meterdesk.schema_migrations (version, name) VALUES (999, '0999_future')");
    await refused(['--url', url(OWNER), '--app-role', APP], PW.owner, /newer Meterdesk \(version 999/, 3);
    expect(
      (await owner.query('SELECT max(version)::int AS v FROM meterdesk.schema_migrations')).rows,
    ).toEqual([{ v: 999 }]);
    await owner.query('DELETE FROM meterdesk.schema_migrations WHERE version = 999');
    await owner.end();
  }, 120_000);
});
