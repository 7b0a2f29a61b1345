/**
 * A team's PostgreSQL store as its nightly job fills it, for the tests of the app on a team profile
 * (team-app.test.ts, e2e/team.spec.ts): a database of its own owned by an owner role, the apps' role,
 * `team init` as the owner and the job's syncs as the apps' role — through the CLI as it ships (a fresh
 * bundle), from a demo service's account. `drop` removes the database and both roles.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliBundle } from './cli-bundle';
import { asSuperuser, postgres, type PgServer } from './postgres';

export interface TeamJob {
  /** The job's data folder (its own local profile, if a test syncs one there). */
  dir: string;
  server: PgServer;
  db: string;
  /** The apps' role and its password: what a person enters in the app. */
  app: string;
  appPassword: string;
  /** One run of the job's sync; throws with the CLI's words when it fails. */
  sync(): Promise<void>;
  /** A command of the job's CLI (its data folder; PGPASSWORD of the apps' role): status and output. */
  cli(
    args: string[],
    env?: Record<string, string>,
  ): Promise<{ status: number | null; stdout: string; stderr: string }>;
  drop(): Promise<void>;
}

interface Account {
  base_url: string;
  team: string;
  tokens: Record<string, string>;
}

/** The CLI as it ships, in `dataDir`: its exit status and what it printed. */
async function run(
  dataDir: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bundle = await cliBundle();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle, '--data-dir', dataDir, ...args], {
      env: { ...process.env, METERDESK_LANG: 'en', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

async function cli(dataDir: string, args: string[], env: Record<string, string>): Promise<void> {
  const r = await run(dataDir, args, env);
  if (r.status !== 0) throw new Error(`meterdesk ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
}

/** A team store named after `prefix` and this process, initialised and (unless not `firstSync`) synced once from `account`. */
export async function teamJob(
  prefix: string,
  account: Account,
  o: { firstSync: boolean } = { firstSync: true },
): Promise<TeamJob> {
  const server = await postgres();
  const tag = `${prefix}${process.pid}`;
  const db = `${tag}_db`;
  const owner = `${tag}_owner`;
  const app = `${tag}_app`;
  const pw = { owner: `${tag}-owner-pw`, app: `${tag}-app-pw` };
  const su = await asSuperuser(server);
  try {
    await su.query(`CREATE ROLE ${owner} LOGIN PASSWORD '${pw.owner}'`);
    await su.query(`CREATE ROLE ${app} LOGIN PASSWORD '${pw.app}'`);
    await su.query(`CREATE DATABASE ${db} OWNER ${owner}`);
  } finally {
    await su.end();
  }
  const dir = mkdtempSync(join(tmpdir(), 'md-teamjob-'));
  const url = (u: string) => `postgres://${u}@127.0.0.1:${server.port}/${db}`;
  await cli(dir, ['team', 'init', '--url', url(owner), '--app-role', app], { PGPASSWORD: pw.owner });
  await cli(dir, ['profile', 'add-team', 'Job', '--url', url(app)], { PGPASSWORD: pw.app });
  const sync = () =>
    cli(dir, ['sync', '--profile', 'Job', '--base-url', account.base_url, '--team', account.team], {
      PGPASSWORD: pw.app,
      METERDESK_TOKEN: account.tokens.pro!,
    });
  if (o.firstSync) await sync();
  return {
    dir,
    server,
    db,
    app,
    appPassword: pw.app,
    sync,
    cli: (args, env = {}) => run(dir, args, { PGPASSWORD: pw.app, ...env }),
    async drop() {
      const c = await asSuperuser(server);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        for (const r of [owner, app]) await c.query(`DROP ROLE IF EXISTS ${r}`);
      } finally {
        await c.end();
      }
      server.stop();
    },
  };
}
