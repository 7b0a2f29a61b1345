// Team profiles from the command line (issue 63), against a real PostgreSQL server and the real OS
// keychain (npm test's D-Bus session): `profile add-team` checks the server and keeps the password in the
// keychain only, in a file of its own that an earlier build never reads; `team init --profile` and
// `stats --profile` find the password there; every other command refuses a team profile in words; and
// `stats --profile TEAM` counts a team's store as `stats` counts the same rows in a local profile.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../main/demo/service';
import { generations } from '../../main/demo/generations';
import { TEAM_MIGRATIONS } from '../../main/db/team-schema';
import { TEAM_KEYCHAIN_SERVICE } from '../../main/profiles/team-profiles';
import { createSecretStore } from '../../main/secrets/keychain';
import { cliBundle } from './cli-bundle';
import { admin, demo } from './helpers';
import { asSuperuser, postgres, type PgServer } from './postgres';
import { localStoreRows, teamStoreRows } from './store-rows';

const tag = `p${process.pid}`;
const DB = `md_${tag}`;
const DB2 = `md2_${tag}`;
const DB3 = `md3_${tag}`;
const DB4 = `md4_${tag}`;
const RO = `md_ro_${tag}`;
const OWNER = `md_owner_${tag}`;
const APP = `md_app_${tag}`;
const PW = { owner: 'owner-pw-2', app: 'app-pw-2', ro: 'ro-pw-2' };
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
const url = (user: string, db = DB) => `postgres://${user}@127.0.0.1:${server.port}/${db}`;

beforeAll(async () => {
  server = await postgres();
  const su = await asSuperuser(server);
  try {
    await su.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${PW.owner}'`);
    await su.query(`CREATE ROLE ${APP} LOGIN PASSWORD '${PW.app}'`);
    await su.query(`CREATE ROLE ${RO} LOGIN PASSWORD '${PW.ro}'`);
    await su.query(`CREATE DATABASE ${DB} OWNER ${OWNER}`);
    await su.query(`CREATE DATABASE ${DB2} OWNER ${OWNER}`);
    await su.query(`CREATE DATABASE ${DB3} OWNER ${OWNER}`);
    await su.query(`CREATE DATABASE ${DB4} OWNER ${OWNER}`);
  } finally {
    await su.end();
  }
  svc = await demo({ years: 0.2 });
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  const su = await asSuperuser(server);
  try {
    for (const d of [DB, DB2, DB3, DB4]) await su.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
    for (const r of [OWNER, APP, RO]) await su.query(`DROP ROLE IF EXISTS ${r}`);
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

    // No PGPASSWORD from here on: the keychain's. Before team init: refused in words.
    const early = await cli(dir, ['stats', '--profile', id]);
    expect(early.status).toBe(3);
    expect(early.stderr).toContain('run "meterdesk team init"');
    const init = await cli(dir, ['team', 'init', '--profile', TEAM, '--app-role', APP, '--json']);
    expect(init.status, init.stderr).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({
      applied: TEAM_MIGRATIONS.map((m) => m.name),
      owner: OWNER,
      appRole: APP,
    });
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
    for (const args of [['prices'], ['community'], ['bill']]) {
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

  it('on a server without a keychain: kept without a password, said; PGPASSWORD serves each command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const noBus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/meterdesk-bus' };
    expect(
      (await cli(dir, ['team', 'init', '--url', url(OWNER), '--app-role', APP], { PGPASSWORD: PW.owner }))
        .status,
    ).toBe(0);
    const add = await cli(dir, ['profile', 'add-team', 'Server', '--url', url(OWNER), '--json'], {
      ...noBus,
      PGPASSWORD: PW.owner,
    });
    expect(add.status, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ name: 'Server', password: 'no-keychain' });
    expect(readFileSync(join(dir, 'team-profiles.json'), 'utf8')).not.toContain(PW.owner);
    const text = await cli(dir, ['profile', 'add-team', 'Server 2', '--url', url(OWNER)], {
      ...noBus,
      PGPASSWORD: PW.owner,
    });
    expect(text.stdout).toContain('the OS keychain is not usable here');
    const stats = await cli(dir, ['stats', '--profile', 'Server', '--json'], {
      ...noBus,
      PGPASSWORD: PW.owner,
    });
    expect(stats.status, stats.stderr).toBe(0);
  }, 60_000);

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

  it("sync --profile TEAM writes what a local sync writes, row for row, as the apps' role; revisions too", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const init = await cli(dir, ['team', 'init', '--url', url(OWNER), '--app-role', APP], {
      PGPASSWORD: PW.owner,
    });
    expect(init.status, init.stderr).toBe(0);
    const add = await cli(dir, ['profile', 'add-team', `${TEAM} B`, '--url', url(APP)], {
      PGPASSWORD: PW.app,
    });
    expect(add.status, add.stderr).toBe(0);
    const account = ['--base-url', svc.info.base_url, '--team', svc.info.team];
    const token = { METERDESK_TOKEN: svc.info.tokens.pro };
    const both = async () => {
      const local = await cli(dir, ['sync', ...account], token);
      expect(local.status, local.stderr).toBe(0);
      const team = await cli(dir, ['sync', '--profile', `${TEAM} B`, ...account], token);
      expect(team.status, team.stderr + team.stdout).toBe(0);
      return [JSON.parse(local.stdout), JSON.parse(team.stdout)] as const;
    };
    const [l1, t1] = await both();
    expect(t1).toMatchObject({
      errors: [],
      warnings: [],
      readings_written: l1.readings_written,
      meters: l1.meters,
    });
    const stats = async () => {
      const l = await cli(dir, ['stats', '--json']);
      const t = await cli(dir, ['stats', '--profile', `${TEAM} B`, '--json']);
      expect(t.status, t.stderr).toBe(0);
      return [JSON.parse(l.stdout), JSON.parse(t.stdout)] as const;
    };
    const [ls1, ts1] = await stats();
    expect(ts1).toEqual(ls1);
    // Independent of both stores: the service's own count.
    expect(ts1.readings).toBe((await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings);
    expect(await teamRows()).toEqual(localRows(join(dir, 'meterdesk.sqlite')));

    // Again: nothing to write. The next day: the new day and the due revisions, in both alike.
    const [, t2] = await both();
    expect(t2.readings_written).toBe(0);
    await svc.advanceDays(1);
    const [l3, t3] = await both();
    expect(t3.revisions).toBeGreaterThan(0);
    expect(t3).toMatchObject({ readings_written: l3.readings_written, revisions: l3.revisions, errors: [] });
    const [ls3, ts3] = await stats();
    expect(ts3).toEqual(ls3);
    expect(ts3.revisions - ts1.revisions).toBe(t3.revisions);
    expect(await teamRows()).toEqual(localRows(join(dir, 'meterdesk.sqlite')));
  }, 300_000);

  it("two syncs at once on one team profile lose nothing: every row as a local sync's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const init = await cli(dir, ['team', 'init', '--url', url(OWNER, DB2), '--app-role', APP], {
      PGPASSWORD: PW.owner,
    });
    expect(init.status, init.stderr).toBe(0);
    const add = await cli(dir, ['profile', 'add-team', 'C', '--url', url(APP, DB2)], { PGPASSWORD: PW.app });
    expect(add.status, add.stderr).toBe(0);
    const account = ['--base-url', svc.info.base_url, '--team', svc.info.team];
    const token = { METERDESK_TOKEN: svc.info.tokens.pro };
    // Small pages: the two runs' transactions interleave on the same meters' days.
    const [a, b] = await Promise.all(
      [0, 1].map(() => cli(dir, ['sync', '--profile', 'C', '--page-size', '500', ...account], token)),
    );
    for (const r of [a, b]) {
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ errors: [], warnings: [] });
    }
    const local = await cli(dir, ['sync', ...account], token);
    expect(local.status, local.stderr).toBe(0);
    const want = localRows(join(dir, 'meterdesk.sqlite'));
    const got = await teamRows(DB2);
    // Each reading's value, quality and time; which path brought it first (window or feed, in the
    // flags' upper bits) and whether a change was seen on the way depend on the runs' order.
    const readings = (rows: string[]) =>
      rows.map((r) => {
        const [m, o, d, start, first, vals, flags, updated] = JSON.parse(r) as string[];
        const q = (JSON.parse(flags!) as (number | null)[]).map((f) => (f === null ? null : f & 3));
        return JSON.stringify([m, o, d, start, first, vals, q, updated]);
      });
    expect(readings(got.days), 'readings').toEqual(readings(want.days));
    expect(got.rollups, 'rollups').toEqual(want.rollups);
    expect(got.meters, 'meters').toEqual(want.meters);
    // Revisions are history: which older values a store saw depends on the order the pages came in
    // (a run that wrote the newest value first sees no change when an older page follows), so two runs
    // at once need not record what one run records. What must hold: no revision recorded twice.
    const keys = got.revisions.map((r) =>
      JSON.stringify((JSON.parse(r) as unknown[]).slice(0, 3).concat((JSON.parse(r) as unknown[])[7])),
    );
    expect(new Set(keys).size, 'a revision recorded twice').toBe(keys.length);
  }, 300_000);

  it('a role that may only read is refused in words, and nothing is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const su = await asSuperuser(server, DB2);
    try {
      await su.query(`GRANT USAGE ON SCHEMA meterdesk TO ${RO}`);
      await su.query(`GRANT SELECT ON ALL TABLES IN SCHEMA meterdesk TO ${RO}`);
    } finally {
      await su.end();
    }
    const add = await cli(dir, ['profile', 'add-team', 'R', '--url', url(RO, DB2)], { PGPASSWORD: PW.ro });
    expect(add.status, add.stderr).toBe(0);
    const before = await cli(dir, ['stats', '--profile', 'R', '--json']);
    expect(before.status, before.stderr).toBe(0);
    await svc.advanceDays(1);
    const r = await cli(
      dir,
      ['sync', '--profile', 'R', '--base-url', svc.info.base_url, '--team', svc.info.team],
      { METERDESK_TOKEN: svc.info.tokens.pro },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('a read-only role');
    expect(r.stderr).toContain('nothing was written');
    expect((await cli(dir, ['stats', '--profile', 'R', '--json'])).stdout).toBe(before.stdout);
  }, 120_000);

  it('a local backup restores into an empty team profile, and the team backs up into a local profile: rows alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const init = await cli(dir, ['team', 'init', '--url', url(OWNER, DB3), '--app-role', APP], {
      PGPASSWORD: PW.owner,
    });
    expect(init.status, init.stderr).toBe(0);
    expect(
      (await cli(dir, ['profile', 'add-team', 'D', '--url', url(APP, DB3)], { PGPASSWORD: PW.app })).status,
    ).toBe(0);
    const s = await cli(dir, ['sync', '--base-url', svc.info.base_url, '--team', svc.info.team], {
      METERDESK_TOKEN: svc.info.tokens.pro,
    });
    expect(s.status, s.stderr).toBe(0);
    // Notes go with the readings (with their versions and who changed them).
    const local = new Database(join(dir, 'meterdesk.sqlite'));
    const meterId = (local.prepare('SELECT id FROM meters ORDER BY id LIMIT 1').get() as { id: string }).id;
    const note = local.prepare(
      'INSERT INTO notes (meter_id, from_sec, to_sec, text, created_sec, version, changed_sec, changed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    note.run(meterId, null, null, 'Zähler im Keller', 1_700_000_000, 3, 1_700_000_900, 'anna@graz');
    note.run(meterId, 1_700_006_400, 1_700_092_800, 'Betriebsurlaub', 1_700_000_100, 1, 1_700_000_100, null);
    local.close();
    // An imported file goes too (its log entry; its undo record stays behind: undone nowhere else).
    const imp = await cli(dir, [
      'import',
      join(__dirname, '..', 'fixtures', 'dso', 'wienernetze-viertelstundenwerte-oct2024.csv'),
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const original = localRows(join(dir, 'meterdesk.sqlite'));
    expect(original.notes).toHaveLength(2);
    expect(original.imports).toHaveLength(1);
    const f1 = join(dir, 'local.mdbackup');
    expect((await cli(dir, ['backup', '--out', f1])).status).toBe(0);

    const into = await cli(dir, ['restore', f1, '--profile', 'D', '--json']);
    expect(into.status, into.stderr).toBe(0);
    expect(JSON.parse(into.stdout)).toMatchObject({ left_out: {} });
    expect(await teamRows(DB3)).toEqual(original);
    const [ls, ts] = [
      await cli(dir, ['stats', '--json']),
      await cli(dir, ['stats', '--profile', 'D', '--json']),
    ];
    expect(JSON.parse(ts.stdout)).toEqual(JSON.parse(ls.stdout));
    // Never merged into a team's data.
    const again = await cli(dir, ['restore', f1, '--profile', 'D']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('restored into an empty team database only');
    expect(await teamRows(DB3)).toEqual(original);
    // A local profile is never restored into.
    expect((await cli(dir, ['restore', f1, '--profile', 'demo'])).status).toBe(1);

    const f2 = join(dir, 'team.mdbackup');
    const out = await cli(dir, ['backup', '--profile', 'D', '--out', f2, '--json']);
    expect(out.status, out.stderr).toBe(0);
    const back = await cli(dir, ['restore', f2, '--name', 'From the team', '--json']);
    expect(back.status, back.stderr).toBe(0);
    const id = (JSON.parse(back.stdout) as { profile: string }).profile;
    expect(localRows(join(dir, 'profiles', id, 'meterdesk.sqlite'))).toEqual(original);
    const undo = await cli(dir, ['imports', 'undo', '1', '--profile', id]);
    expect(undo.status).not.toBe(0);
    expect(undo.stderr).toContain("was made on a team's server (or moved there)");
    // A sync on the restored team goes on from the stored cursors: nothing new, nothing written twice.
    const next = await cli(
      dir,
      ['sync', '--profile', 'D', '--base-url', svc.info.base_url, '--team', svc.info.team],
      {
        METERDESK_TOKEN: svc.info.tokens.pro,
      },
    );
    expect(next.status, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ readings_written: 0, revisions: 0, errors: [] });
  }, 300_000);

  it("analyze, cost, report, meters and export on a team profile equal a local profile's of the same account", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
    const init = await cli(dir, ['team', 'init', '--url', url(OWNER, DB4), '--app-role', APP], {
      PGPASSWORD: PW.owner,
    });
    expect(init.status, init.stderr).toBe(0);
    expect(
      (await cli(dir, ['profile', 'add-team', 'E', '--url', url(APP, DB4)], { PGPASSWORD: PW.app })).status,
    ).toBe(0);
    const account = ['--base-url', svc.info.base_url, '--team', svc.info.team];
    const token = { METERDESK_TOKEN: svc.info.tokens.pro };
    for (const args of [
      ['sync', ...account],
      ['sync', '--profile', 'E', ...account],
    ]) {
      const r = await cli(dir, args, token);
      expect(r.status, r.stderr).toBe(0);
    }
    const meters = JSON.parse((await cli(dir, ['meters', '--json'])).stdout) as { id: string }[];
    expect(meters.length).toBeGreaterThan(0);
    const meter = meters[0]!.id;
    const both = async (args: string[], out?: (which: string) => string[]) => {
      const l = await cli(dir, [...args, ...(out?.('local') ?? [])]);
      const t = await cli(dir, [...args, ...(out?.('team') ?? []), '--profile', 'E']);
      expect(l.status, `${args[0]}: ${l.stderr}`).toBe(0);
      expect(t.status, `${args[0]} on the team: ${t.stderr}`).toBe(0);
      return [l.stdout, t.stdout] as const;
    };
    const [lm, tm] = await both(['meters', '--json']);
    expect(tm).toBe(lm);
    const [la, ta] = await both(['analyze', '--meter', meter, '--period', '2026-10', '--json']);
    expect(JSON.parse(ta)).toEqual(JSON.parse(la));
    const [lc, tc] = await both([
      'cost',
      '--meter',
      meter,
      '--tariff-preset',
      'netz-2026-noe',
      '--from',
      '2026-10-01T00:00:00+02:00',
      '--to',
      '2026-11-01T00:00:00+01:00',
      '--json',
    ]);
    expect(JSON.parse(tc)).toEqual(JSON.parse(lc));
    // Not two empty answers: October's grid energy of the meter costs something.
    expect(
      (JSON.parse(lc) as { tariffs: { total: { gridEnergyEur: number } }[] }).tariffs[0]!.total.gridEnergyEur,
    ).toBeGreaterThan(0);
    await both(
      ['report', '--meter', meter, '--period', '2026-10', '--now', '2026-11-20T12:00:00+01:00'],
      (w) => ['--out', join(dir, `${w}.pdf`)],
    );
    const text = (w: string) =>
      execFileSync('pdftotext', ['-layout', join(dir, `${w}.pdf`), '-'], { encoding: 'utf8' });
    expect(text('team')).toBe(text('local'));
    expect(text('local')).toContain('2026');
    await both(
      [
        'export',
        '--meter',
        meter,
        '--from',
        '2026-10-01T00:00:00+02:00',
        '--to',
        '2026-10-08T00:00:00+02:00',
        '--format',
        'iso',
      ],
      (w) => ['--out', join(dir, `${w}.csv`)],
    );
    const csv = readFileSync(join(dir, 'team.csv'), 'utf8');
    expect(csv).toBe(readFileSync(join(dir, 'local.csv'), 'utf8'));
    expect(csv.split('\n').length).toBeGreaterThan(7 * 96);
    // The snapshot is gone once each command ended.
    expect(readdirSync(dir).filter((f) => f.startsWith('.team-move-'))).toEqual([]);
  }, 300_000);
});

// The sync into a team's store against every contract generation the service is known to speak (the
// sync suite runs them all on SQLite: sync.test.ts).
describe.each(generations)('sync --profile TEAM against the %s contract', (contract) => {
  it('stores what a local sync stores, row for row', async () => {
    const db = `md_${contract}_${tag}`;
    const su = await asSuperuser(server);
    await su.query(`CREATE DATABASE ${db} OWNER ${OWNER}`).finally(() => su.end());
    const gen = await demo({ years: 0.2, contract });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'md-teamp-'));
      const init = await cli(dir, ['team', 'init', '--url', url(OWNER, db), '--app-role', APP], {
        PGPASSWORD: PW.owner,
      });
      expect(init.status, init.stderr).toBe(0);
      const add = await cli(dir, ['profile', 'add-team', 'G', '--url', url(APP, db)], { PGPASSWORD: PW.app });
      expect(add.status, add.stderr).toBe(0);
      const account = ['--base-url', gen.info.base_url, '--team', gen.info.team];
      const token = { METERDESK_TOKEN: gen.info.tokens.pro };
      for (const args of [
        ['sync', ...account],
        ['sync', '--profile', 'G', ...account],
      ]) {
        const r = await cli(dir, args, token);
        expect(r.status, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toMatchObject({ errors: [], warnings: [] });
      }
      const rows = await teamRows(db);
      expect(rows).toEqual(localRows(join(dir, 'meterdesk.sqlite')));
      expect(rows.days!.length).toBeGreaterThan(0);
    } finally {
      await gen.stop();
      const c = await asSuperuser(server);
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).finally(() => c.end());
    }
  }, 180_000);
});

/** Every stored row of the local profile (readings per day, rollups, revisions, meters), comparable. */
const localRows = (path: string) => localStoreRows(path);

/** The same rows from the team's schema. */
const teamRows = (database = DB) =>
  teamStoreRows({ host: server.host, port: server.port, user: APP, password: PW.app, database });
