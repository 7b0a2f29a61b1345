/**
 * A real PostgreSQL server for the team store's tests (issue 63). `.ci/run` starts Debian's server as
 * the `postgres` user in a temporary folder on a free port and hands its superuser address over in
 * METERDESK_TEST_PG_URL; without it (a developer's `npm test`) this starts one the same way, with the
 * binaries of the newest /usr/lib/postgresql/N. No server found is a failure that says what to install,
 * never a skip.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgServer {
  host: string;
  port: number;
  /** The superuser and its password, to make databases and roles for a test. */
  superuser: string;
  password: string;
  stop(): void;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest || !existsSync(join(root, newest, 'bin', 'initdb')))
    throw new Error('No PostgreSQL server here: install Debian\'s "postgresql" package (.ci/run does).');
  return join(root, newest, 'bin');
}

/** As the `postgres` user when root (initdb refuses root), else as oneself. */
function asServerUser(cmd: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const r = root
    ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
    : spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
}

let started: Promise<PgServer> | null = null;

/** The server for this test process: the one `.ci/run` started, or one started here (once). */
export function postgres(): Promise<PgServer> {
  const given = process.env.METERDESK_TEST_PG_URL;
  if (given) {
    const u = new URL(given);
    return Promise.resolve({
      host: u.hostname,
      port: Number(u.port),
      superuser: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      stop: () => undefined,
    });
  }
  started ??= startOwn();
  return started;
}

async function startOwn(): Promise<PgServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'md-pg-'));
  chmodSync(dir, 0o777); // the postgres user writes here when the tests run as root
  const password = `pw-${process.pid}-${Date.now()}`;
  const pwFile = join(dir, 'pw');
  writeFileSync(pwFile, password, { mode: 0o644 });
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  asServerUser(join(bin, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '--pwfile',
    pwFile,
    '-A',
    'scram-sha-256',
    '--no-sync',
  ]);
  asServerUser(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
  let stopped = false;
  const stop = () => {
    // A test file's worker may run the next file too: that one starts a server of its own.
    started = null;
    if (stopped) return;
    stopped = true;
    try {
      asServerUser(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return { host: '127.0.0.1', port, superuser: 'postgres', password, stop };
}

/** A connection as the superuser to `database` (default: postgres). */
export async function asSuperuser(s: PgServer, database = 'postgres'): Promise<pg.Client> {
  const c = new pg.Client({ host: s.host, port: s.port, user: s.superuser, password: s.password, database });
  await c.connect();
  return c;
}
