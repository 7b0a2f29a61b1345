// Hardening round 3 (issue 32): writers wait, never fail; damage is seen; read-only folders read.
// Real processes (the CLI as it ships) on one real SQLite file: two syncs and imports at once on a
// fresh profile (migrations raced, "database is locked" lost meters before), a damaged file that sync
// and import used to write into, and a data folder on a read-only mount.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import type { DemoService } from '../../main/demo/service';
import { runCli } from './cli-bundle';
import { damage } from './damage';
import { demo } from './helpers';
import { diff, localReadings, serviceReadings } from './sync-helpers';

const DSO = join(__dirname, '..', 'fixtures', 'dso');

const cli = runCli;

let svc: DemoService;
beforeAll(async () => {
  svc = await demo({ years: 0.15 });
});
afterAll(async () => svc.stop());

/** The first meter `stats --json` lists in a data folder. */
const firstMeter = async (dir: string) =>
  (JSON.parse((await cli(['--data-dir', dir, 'stats', '--json'])).stdout) as { per_meter: { id: string }[] })
    .per_meter[0]!.id;

const syncArgs = (dir: string) => [
  '--data-dir',
  dir,
  'sync',
  '--base-url',
  svc.info.base_url,
  '--team',
  svc.info.team,
];
const token = () => ({ METERDESK_TOKEN: svc.info.tokens.pro });

describe('writers wait, never fail', () => {
  it('two syncs and three imports at once on a fresh profile: every process succeeds, every meter ends complete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-writers-'));
    const files = ['netzooe-csv-mar2025.csv', 'linznetz-v2.csv', 'ikb.csv'].map((f) => join(DSO, f));
    const runs = await Promise.all([
      cli(syncArgs(dir), token()),
      cli(syncArgs(dir), token()),
      ...files.map((f) => cli(['--data-dir', dir, 'import', f, '--meter', `new:${f}`, '--json'])),
    ]);
    for (const r of runs) expect(r.stderr, r.stderr).not.toMatch(/locked|already exists|busy/i);
    expect(runs.map((r) => r.status)).toEqual([0, 0, 0, 0, 0]);
    const db = openDatabase(join(dir, 'meterdesk.sqlite'));
    try {
      const local = localReadings(db);
      const service = serviceReadings(svc);
      const synced = new Map([...local].filter(([k]) => service.has(k)));
      expect(diff(synced, service)).toEqual([]);
      expect(synced.size).toBe(service.size);
      // Each import's meter is there with its readings.
      const imported = db
        .prepare(
          "SELECT count(DISTINCT s.meter_id) AS n FROM readings r JOIN series s ON s.id = r.series_id WHERE r.source = 'import'",
        )
        .get() as { n: number };
      expect(imported.n).toBe(3);
      expect(db.pragma('integrity_check', { simple: true }) as string).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('a new file another process is writing: the switch to WAL waits instead of failing at once', async () => {
    // SQLite answers SQLITE_BUSY at once, without its busy handler, to `journal_mode = WAL` while
    // another connection holds a write lock on a file still in rollback mode (four CLIs opening one new
    // profile hit it 1 run in ~10). Another process holds that lock for 0.4 s here.
    const dir = mkdtempSync(join(tmpdir(), 'md-wal-switch-'));
    const path = join(dir, 'meterdesk.sqlite');
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(path)});
         db.exec('BEGIN IMMEDIATE'); db.exec('CREATE TABLE held(x)'); console.log('held');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);`,
      ],
      { cwd: join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const started = Date.now();
    const db = openDatabase(path);
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(200); // it waited for the holder
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('four processes opening one profile that needs its migrations: each waits its turn, one migrates', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-migrate-'));
    const files = ['netzooe-csv-mar2025.csv', 'linznetz-v2.csv', 'ikb.csv', 'tiwag-portal.csv'].map((f) =>
      join(DSO, f),
    );
    const runs = await Promise.all(
      files.map((f) => cli(['--data-dir', dir, 'import', f, '--meter', `new:${f}`])),
    );
    for (const r of runs) expect(r.stderr, r.stderr).toBe('');
    expect(runs.map((r) => r.status)).toEqual([0, 0, 0, 0]);
  });
});

/** Overwrites a page in the middle of the file with garbage, as a failing disk would. */

describe('damage is seen', () => {
  it('a damaged file: sync and import refuse with a clear message and change nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-damaged-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    const path = join(dir, 'meterdesk.sqlite');
    // Fold the WAL into the file, then damage it.
    const db = openDatabase(path);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    damage(path);
    const before = readFileSync(path);
    const sync = await cli(syncArgs(dir), token());
    expect(sync.status).toBe(3);
    expect(sync.stderr).toMatch(/is damaged \(.+\)\. Meterdesk does not write into it/);
    const imp = await cli(['--data-dir', dir, 'import', join(DSO, 'linznetz-v2.csv'), '--meter', 'new:Linz']);
    expect(imp.status).toBe(3);
    expect(imp.stderr).toMatch(/is damaged/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

/** `dir` as a read-only mount (root) or with its write permission taken away (any other user). */
function readOnly(dir: string): { path: string; undo: () => void } {
  if (process.getuid?.() === 0) {
    const mount = mkdtempSync(join(tmpdir(), 'md-ro-mount-'));
    const r = spawnSync('mount', ['--bind', '-o', 'ro', dir, mount]);
    if (r.status !== 0) throw new Error(`mount --bind -o ro failed: ${r.stderr}`);
    return { path: mount, undo: () => spawnSync('umount', ['-l', mount]) };
  }
  chmodSync(join(dir, 'meterdesk.sqlite'), 0o444);
  chmodSync(dir, 0o555);
  return {
    path: dir,
    undo: () => {
      chmodSync(dir, 0o755);
      chmodSync(join(dir, 'meterdesk.sqlite'), 0o644);
    },
  };
}

describe('a read-only data folder', () => {
  it('reads (stats, export, cost) work from a copy; sync and import say the folder is read-only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-rofolder-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    const expected = JSON.parse((await cli(['--data-dir', dir, 'stats', '--json'])).stdout) as {
      readings: number;
      per_meter: { id: string }[];
    };
    const ro = readOnly(dir);
    try {
      const stats = await cli(['--data-dir', ro.path, 'stats', '--json']);
      expect(stats.status, stats.stderr).toBe(0);
      expect(JSON.parse(stats.stdout)).toMatchObject({ readings: expected.readings });
      expect(stats.stderr).toMatch(/read-only: reading a copy/);
      const out = join(mkdtempSync(join(tmpdir(), 'md-ro-out-')), 'x.csv');
      const meter = expected.per_meter[0]!.id;
      const exp = await cli([
        '--data-dir',
        ro.path,
        'export',
        '--meter',
        meter,
        '--from',
        '2026-11-01T00:00:00+01:00',
        '--to',
        '2026-11-02T00:00:00+01:00',
        '--format',
        'iso',
        '--out',
        out,
      ]);
      expect(exp.status, exp.stderr).toBe(0);
      expect(existsSync(out)).toBe(true);
      const cost = await cli(['--data-dir', ro.path, 'cost', '--meter', meter, '--tariff-id', 'none']);
      expect(cost.stderr).not.toMatch(/unable to open|SQLITE_CANTOPEN|readonly database/i);
      const sync = await cli(syncArgs(ro.path), token());
      expect(sync.status).toBe(3);
      expect(sync.stderr).toMatch(/is read-only, so Meterdesk cannot write there\. Reading works/);
      const imp = await cli([
        '--data-dir',
        ro.path,
        'import',
        join(DSO, 'linznetz-v2.csv'),
        '--meter',
        'new:Linz',
      ]);
      expect(imp.status).toBe(3);
      expect(imp.stderr).toMatch(/is read-only/);
    } finally {
      ro.undo();
    }
    mkdirSync(dir, { recursive: true });
  });
});

describe('the CLI at its other doors', () => {
  it('refuses tariff and price files over 30 MB, counted while read (a sparse file, /dev/zero)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-caps-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    const meter = await firstMeter(dir);
    const big = join(dir, 'prices.csv');
    closeSync(openSync(big, 'w'));
    truncateSync(big, 300 * 1024 * 1024); // sparse: 300 MB announced, nothing to read
    for (const option of ['--prices', '--tariff']) {
      const r = await cli([
        '--data-dir',
        dir,
        'cost',
        '--meter',
        meter,
        option,
        big,
        ...(option === '--prices' ? ['--tariff-id', 'x'] : []),
      ]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`${option} .*prices.csv is larger than 30 MB`));
    }
    // stat says 0 bytes for /dev/zero, which never ends: the door stops at the cap all the same.
    const zero = await cli([
      '--data-dir',
      dir,
      'cost',
      '--meter',
      meter,
      '--prices',
      '/dev/zero',
      '--tariff-id',
      'x',
    ]);
    expect(zero.status).toBe(1);
    expect(zero.stderr).toMatch(/--prices \/dev\/zero is larger than 30 MB/);
    // A tariff or bill file of 300 000 empty objects (0.9 MB): refused by its shape, before it is parsed.
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, `[${'{},'.repeat(300_000)}{}]`);
    const tariff = await cli(['--data-dir', dir, 'cost', '--meter', meter, '--tariff', huge]);
    expect(tariff.status).toBe(1);
    expect(tariff.stderr).toMatch(
      /--tariff .*huge\.json: it holds more than 20000 objects and arrays; no tariff file does/,
    );
    const bill = await cli([
      '--data-dir',
      dir,
      'bill',
      '--meter',
      meter,
      '--tariff-preset',
      'netz-2026-wien',
      '--from',
      '2026-06-01T00:00:00+02:00',
      '--to',
      '2026-07-01T00:00:00+02:00',
      '--bill',
      huge,
    ]);
    expect(bill.status).toBe(1);
    expect(bill.stderr).toMatch(
      /--bill .*huge\.json: it holds more than 20000 objects and arrays; no bill file does/,
    );
  });

  it('refuses tariffs out of bounds or on days that do not exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-tariffs-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    const meter = await firstMeter(dir);
    const base = { id: 't', name: 'T', direction: 'consumption', energy: { type: 'flat', centsPerKwh: 20 } };
    for (const [patch, why] of [
      [{ energy: { type: 'flat', centsPerKwh: -10_000 } }, /energy.centsPerKwh/],
      [{ validFrom: '2025-02-31' }, /validFrom: 2025-02-31 is not a day of the calendar/],
      [{ validFrom: '3000-01-01' }, /validFrom: 3000-01-01 lies outside 2000/],
      [{ validFrom: '2026-01-01', validTo: '2025-01-01' }, /validTo must lie after validFrom/],
    ] as const) {
      const file = join(dir, 'tariff.json');
      writeFileSync(file, JSON.stringify({ ...base, ...patch }));
      const r = await cli(['--data-dir', dir, 'cost', '--meter', meter, '--tariff', file]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(why);
    }
  });

  it('never lets export --out name a file of the profile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-out-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    const meter = await firstMeter(dir);
    const db = join(dir, 'meterdesk.sqlite');
    const before = readFileSync(db);
    for (const out of [
      db,
      `${db}-wal`,
      join(dir, 'profiles.json'),
      join(dir, 'profiles', 'x', 'meterdesk.sqlite'),
    ]) {
      const r = await cli([
        '--data-dir',
        dir,
        'export',
        '--meter',
        meter,
        '--from',
        '2026-11-01T00:00:00+01:00',
        '--to',
        '2026-11-02T00:00:00+01:00',
        '--format',
        'iso',
        '--out',
        out,
      ]);
      expect(r.status).toBe(1 + 1); // invalid input: exit 2 as every AppError that is not local data
      expect(r.stderr).toMatch(/is a file of Meterdesk's own data/);
    }
    expect(readFileSync(db).equals(before)).toBe(true);
  });

  it("removes a killed CLI export's partial file at its next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-partial-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    // What a CLI export killed with SIGKILL leaves: its partial file, listed with a process now gone.
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    const partial = join(mkdtempSync(join(tmpdir(), 'md-partial-out-')), `x.csv.partial-${dead}`);
    writeFileSync(partial, 'half a file');
    writeFileSync(join(dir, 'exports-in-progress.json'), JSON.stringify([partial]));
    expect((await cli(['--data-dir', dir, 'stats'])).status).toBe(0);
    expect(existsSync(partial)).toBe(false);
  });

  it('prints no escape sequence or control character from the database to a terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-escapes-'));
    expect((await cli(syncArgs(dir), token())).status).toBe(0);
    // As an older version stored it, before the rules refused such metering points.
    const db = openDatabase(join(dir, 'meterdesk.sqlite'));
    db.prepare('UPDATE meters SET metering_point = ? WHERE rowid = 1').run(
      'AT\u001b[2J\u001b]0;pwned\u0007\u0000\u202eX',
    );
    db.close();
    const r = await cli(['--data-dir', dir, 'stats']);
    expect(r.status).toBe(0);
    // eslint-disable-next-line no-control-regex -- none may reach the terminal
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    expect(r.stdout).toMatch(/AT\[2J\]0;pwnedX|ATX/);
  });
});
