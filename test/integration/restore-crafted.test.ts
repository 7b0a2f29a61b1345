// A restored backup is data, never a schema (issue 61, bug 1): crafted backups restored through the CLI
// and through the app's handler (the import thread). A trigger or a view is refused, named; a label of
// 30 000 characters with a right-to-left override comes through cleaned; rollups forged in the file are
// rebuilt from the readings; a reading no meter measures is refused; the next import changes nothing
// else. Every check by plain SQL on the files.
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { presetOf } from '../../main/cost/presets';
import { backupProfile } from '../../main/db/backup';
import { openDatabase } from '../../main/db/open';
import { createPartialTracker } from '../../main/export/partials';
import { createTariffStore } from '../../main/db/tariff-store';
import { runCli as cli } from './cli-bundle';
import { demoProfile } from './helpers';

const DSO = join(__dirname, '..', 'fixtures', 'dso');
let good: string;
let dir: string;

/** A copy of the good backup, changed by `sql` (and `then`), as a new file. */
function crafted(name: string, change: (db: Database.Database) => void): string {
  const file = join(dir, `${name}.meterdesk-backup`);
  copyFileSync(good, file);
  const db = new Database(file);
  change(db);
  db.close();
  return file;
}

const rows = (path: string, sql: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'md-crafted-'));
  const src = join(dir, 'src');
  expect(
    (await cli(['--data-dir', src, 'import', join(DSO, 'netzooe-csv-mar2025.csv'), '--meter', 'new:Haus']))
      .status,
  ).toBe(0);
  const db = openDatabase(join(src, 'meterdesk.sqlite'));
  createTariffStore(db).save(
    { ...presetOf('lieferant-fix-sozialtarif-2026')!, id: 'mine', name: 'Mein Tarif' },
    1_700_000_000,
  );
  db.close();
  good = join(dir, 'good.meterdesk-backup');
  const made = await cli(['--data-dir', src, 'backup', '--out', good]);
  expect(made.status, made.stderr).toBe(0);
}, 120_000);

describe('a crafted backup', () => {
  it('with a trigger, a view or a changed table: refused by the CLI, named, nothing made', async () => {
    const cases: [string, (db: Database.Database) => void, RegExp][] = [
      [
        'trigger',
        (db) =>
          db.exec(
            'CREATE TRIGGER evil AFTER INSERT ON reading_days BEGIN DELETE FROM tariffs; UPDATE meters SET label = 1; END',
          ),
        /holds a trigger evil no Meterdesk profile has/,
      ],
      [
        'view',
        (db) => db.exec('CREATE VIEW v AS SELECT * FROM meters'),
        /holds a view v no Meterdesk profile has/,
      ],
      [
        'index',
        (db) => db.exec('DROP INDEX IF EXISTS idx_readings_updated; CREATE TABLE extra (x)'),
        /holds a table extra no Meterdesk profile has|lacks the index/,
      ],
    ];
    for (const [name, change, why] of cases) {
      const into = mkdtempSync(join(tmpdir(), 'md-crafted-into-'));
      const r = await cli(['--data-dir', into, 'restore', crafted(name, change)]);
      expect(r.status, `${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toContain('Nothing was changed');
      expect(existsSync(join(into, 'profiles'))).toBe(false);
      expect(existsSync(join(into, 'profiles.json'))).toBe(false);
    }
  });

  it('with a manifest of another shape, or a file mostly of holes: refused in words, nothing made', async () => {
    const sparse = join(dir, 'sparse.meterdesk-backup');
    copyFileSync(good, sparse);
    truncateSync(sparse, 3 * 1024 * 1024 * 1024); // 3 GB said, the same few hundred KB on disk
    const cases: [string, RegExp][] = [
      [
        crafted('manifest-null', (db) => db.exec("UPDATE meterdesk_backup SET manifest = 'null'")),
        /its manifest/,
      ],
      [
        crafted('manifest-shape', (db) =>
          db.exec(`UPDATE meterdesk_backup SET manifest = '{"format":"meterdesk-backup","meters":"many"}'`),
        ),
        /its manifest/,
      ],
      [sparse, /3072 MB said, \d+ MB on disk/],
    ];
    for (const [file, why] of cases) {
      const into = mkdtempSync(join(tmpdir(), 'md-crafted-into-'));
      const r = await cli(['--data-dir', into, 'restore', file]);
      expect(r.status, `${file}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toContain('Nothing was changed');
      expect(existsSync(join(into, 'profiles.json'))).toBe(false);
    }
  });

  it('with a reading no meter measures: refused', async () => {
    const file = crafted('huge', (db) => {
      const r = db.prepare('SELECT rowid, vals FROM reading_days LIMIT 1').get() as {
        rowid: number;
        vals: string;
      };
      const vals = JSON.parse(r.vals) as (number | null)[];
      vals[3] = 2.1e32;
      db.prepare('UPDATE reading_days SET vals = ? WHERE rowid = ?').run(JSON.stringify(vals), r.rowid);
    });
    const into = mkdtempSync(join(tmpdir(), 'md-crafted-into-'));
    const r = await cli(['--data-dir', into, 'restore', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/holds a reading of 2\.1e\+32 kWh/);
    expect(existsSync(join(into, 'profiles.json'))).toBe(false);
  });

  it('with a hostile label and forged rollups: restored clean, its rollups from its readings; the next import changes nothing else', async () => {
    const label = `=HYPERLINK("http://x")\u202eFDP.exe\u202c ${'x'.repeat(30_000)}`;
    const file = crafted('label', (db) => {
      db.prepare('UPDATE meters SET label = ?').run(label);
      db.exec('UPDATE daily_rollups SET sum = sum * 10, max = 1e30');
    });
    const into = mkdtempSync(join(tmpdir(), 'md-crafted-into-'));
    // The profile's name from --name passes the same text rule (no contract between the CLI and it).
    const r = await cli(['--data-dir', into, 'restore', file, '--name', '\u202eKunde\u0007', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const { profile, name, manifest } = JSON.parse(r.stdout) as {
      profile: string;
      name: string;
      manifest: { readings: number };
    };
    expect(name).toBe('Kunde');
    const path = join(into, 'profiles', profile, 'meterdesk.sqlite');
    const [m] = rows(path, 'SELECT label FROM meters') as { label: string }[];
    expect(m!.label).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(m!.label.length).toBeLessThanOrEqual(200);
    // The rollups as the original backup holds them (made by the app from the same readings).
    const rollups =
      'SELECT series_id, day, count, round(sum, 9) AS sum, max, p5 FROM daily_rollups ORDER BY 1, 2';
    expect(rows(path, rollups)).toEqual(rows(good, rollups));
    // What the CLI says was restored is counted in the restored file (not the manifest's claim).
    const [n] = rows(path, 'SELECT sum(count) AS n FROM daily_rollups') as { n: number }[];
    expect(manifest.readings).toBe(n!.n);
    // The next import of the same meter's file: tariffs, labels and the March energy as before.
    const tariffs = rows(path, 'SELECT id, json FROM tariffs ORDER BY id');
    const before = rows(path, 'SELECT sum(sum) AS kwh FROM daily_rollups');
    const meterId = (rows(path, 'SELECT id FROM meters') as { id: string }[])[0]!.id;
    const imp = await cli([
      '--data-dir',
      into,
      'import',
      join(DSO, 'netzooe-csv-mar2025.csv'),
      '--profile',
      profile,
      '--meter',
      meterId,
      '--replace',
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    expect(rows(path, 'SELECT id, json FROM tariffs ORDER BY id')).toEqual(tariffs);
    expect(rows(path, 'SELECT label FROM meters')).toEqual([m]);
    expect(rows(path, 'SELECT sum(sum) AS kwh FROM daily_rollups')).toEqual(before);
    // The restored profile by --profile, for export and stats as for every other command (issue 64).
    const csv = join(into, 'march.csv'); // the file's two days, around the March change
    const exp = await cli([
      '--data-dir',
      into,
      'export',
      '--profile',
      profile,
      '--meter',
      meterId,
      '--from',
      '2025-03-29T00:00:00+01:00',
      '--to',
      '2025-03-31T00:00:00+02:00',
      '--format',
      'excel-at',
      '--out',
      csv,
    ]);
    expect(exp.status, exp.stderr).toBe(0);
    expect(readFileSync(csv, 'utf8').split('\n').length).toBeGreaterThan(96);
    const stats = await cli(['--data-dir', into, 'stats', '--profile', profile, '--json']);
    expect(stats.status, stats.stderr).toBe(0);
    // Only the views and triggers a Meterdesk profile has (those of the backup the app made).
    const extra = "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY 2";
    expect(rows(path, extra)).toEqual(rows(good, extra));
  });

  it('through the app: refused with a trigger, restored clean in the import thread otherwise', async () => {
    let chosen = '';
    const { services, call } = await demoProfile(0.02, { chooseBackupFile: async () => chosen });
    try {
      chosen = crafted('app-trigger', (db) =>
        db.exec('CREATE TRIGGER t2 AFTER UPDATE ON meters BEGIN DELETE FROM notes; END'),
      );
      const names = () => services.profiles.list().map((p) => p.id);
      const before = names();
      const refused = await call('profiles:restore', { name: 'Kunde' }).catch(
        (e: { error: unknown }) => e.error,
      );
      expect(refused).toMatchObject({ code: 'invalid_input', reason: 'backup_schema_foreign' });
      expect(names()).toEqual(before);
      expect(readdirSync(join(services.opts.dataDir, 'profiles')).sort()).toEqual(before.sort());
      chosen = crafted('app-label', (db) =>
        db.prepare('UPDATE meters SET label = ?').run('\u202eevil\u001b[31m'),
      );
      const ok = await call<{ profile: { id: string }; manifest: { meters: number } }>('profiles:restore', {
        name: 'Kunde',
      });
      expect(ok.manifest.meters).toBe(1);
      const path = services.profiles.dbPath(ok.profile.id);
      expect(rows(path, 'SELECT label FROM meters')).toEqual([{ label: 'evil' }]);
    } finally {
      await services.close();
    }
  });
  it('a damaged profile makes no backup: refused, no file and no .partial left', async () => {
    const src = join(dir, 'damaged-src');
    await cli(['--data-dir', src, 'import', join(DSO, 'netzooe-csv-mar2025.csv'), '--meter', 'new:Haus']);
    const path = join(src, 'meterdesk.sqlite');
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    const page = readFileSync(path).readUInt16BE(16); // the page size, from the file's header
    for (const p of [Math.floor(size / page / 2), Math.floor(size / page / 2) + 1])
      writeSync(fd, Buffer.alloc(page, 0x5a), 0, page, p * page);
    closeSync(fd);
    const out = join(dir, 'from-damaged.meterdesk-backup');
    const r = await cli(['--data-dir', src, 'backup', '--out', out]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/damaged/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('from-damaged.meterdesk-backup.partial'))).toEqual([]);
  });
  it("never takes a name SQLite keeps beside a database; a killed backup's partial file goes at the next start", async () => {
    const src = join(dir, 'journal-src');
    await cli(['--data-dir', src, 'import', join(DSO, 'netzooe-csv-mar2025.csv'), '--meter', 'new:Haus']);
    // `meterdesk.sqlite-journal` beside the database was taken as its journal and deleted at the next
    // open (issue 61); the same name anywhere else is the same trap for any database beside it.
    for (const [out, why] of [
      [join(src, 'meterdesk.sqlite-journal'), /is a file of Meterdesk's own data/],
      [
        join(dir, 'elsewhere.sqlite-WAL'),
        /ends like a file SQLite keeps beside a database \(-journal, -wal, -shm\)/,
      ],
    ] as const) {
      const r = await cli(['--data-dir', src, 'backup', '--out', out]);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(why);
      expect(existsSync(out)).toBe(false);
    }
    // While a backup writes, its partial file is listed for the next start (export/partials.ts) …
    const out = join(dir, 'tracked.meterdesk-backup');
    const tracker = createPartialTracker(src);
    const listed: string[][] = [];
    const db = openDatabase(join(src, 'meterdesk.sqlite'), { readonly: true });
    try {
      await backupProfile(
        db,
        out,
        { profileName: 'Haus', profileKind: 'local', account: null, createdSec: 1_700_000_000 },
        (partial) => {
          const untrack = tracker.track(partial);
          listed.push(JSON.parse(readFileSync(join(src, 'exports-in-progress.json'), 'utf8')) as string[]);
          return untrack;
        },
      );
    } finally {
      db.close();
    }
    expect(listed).toEqual([[`${out}.partial-${process.pid}`]]);
    expect(JSON.parse(readFileSync(join(src, 'exports-in-progress.json'), 'utf8'))).toEqual([]);
    expect(existsSync(out)).toBe(true);
    // … so what a killed one left (its process gone) is removed by the next command, the backup kept.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const left = join(dir, `killed.meterdesk-backup.partial-${dead}`);
    copyFileSync(out, left);
    writeFileSync(join(src, 'exports-in-progress.json'), JSON.stringify([left]));
    expect((await cli(['--data-dir', src, 'stats', '--json'])).status).toBe(0);
    expect(existsSync(left)).toBe(false);
    expect(existsSync(out)).toBe(true);
  });
});
