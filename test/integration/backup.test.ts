// A profile as one file and back (issue 43, item 16): a profile with synced and imported meters, notes,
// tariffs and a community, backed up with the CLI while open, restored into a fresh data folder: every
// table equal, row for row, compared by plain SQL. A restore never writes over anything; a file that is
// not a whole Meterdesk backup is refused before anything is made.
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunityStore } from '../../main/db/community-store';
import { addNote } from '../../main/db/notes';
import { openDatabase } from '../../main/db/open';
import { createTariffStore } from '../../main/db/tariff-store';
import { presetOf } from '../../main/cost/presets';
import type { DemoService } from '../../main/demo/service';
import { createProfileRegistry } from '../../main/profiles/registry';
import { runCli as cli } from './cli-bundle';
import { demo } from './helpers';

const DSO = join(__dirname, '..', 'fixtures', 'dso');
let svc: DemoService;
beforeAll(async () => {
  svc = await demo({ years: 0.15 });
});
afterAll(async () => svc.stop());

/** Every row of every table but SQLite's own, in a fixed order: the profile as data. */
function dump(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    return Object.fromEntries(
      tables.map((t) => {
        const cols = (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
        return [t, db.prepare(`SELECT * FROM ${t} ORDER BY ${cols.map((_, i) => i + 1).join(', ')}`).all()];
      }),
    );
  } finally {
    db.close();
  }
}

describe('backup and restore', () => {
  it('round trip: synced and imported meters, notes, tariffs and a community come back equal, row for row', async () => {
    const a = mkdtempSync(join(tmpdir(), 'md-backup-a-'));
    const sync = await cli(
      ['--data-dir', a, 'sync', '--base-url', svc.info.base_url, '--team', svc.info.team],
      {
        METERDESK_TOKEN: svc.info.tokens.pro,
      },
    );
    expect(sync.status, sync.stderr).toBe(0);
    const imp = await cli([
      '--data-dir',
      a,
      'import',
      join(DSO, 'netzooe-csv-mar2025.csv'),
      '--meter',
      'new:Haus',
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const source = join(a, 'meterdesk.sqlite');
    const db = openDatabase(source);
    const meters = (db.prepare('SELECT id FROM meters ORDER BY id').all() as { id: string }[]).map(
      (m) => m.id,
    );
    addNote(db, { meterId: meters[0]!, fromSec: null, toSec: null, text: 'Zähler im Keller' }, 1_700_000_000);
    addNote(
      db,
      { meterId: meters[1]!, fromSec: 1_763_000_000, toSec: 1_763_086_400, text: 'Urlaub' },
      1_700_000_000,
    );
    createTariffStore(db).save(
      { ...presetOf('lieferant-fix-sozialtarif-2026')!, id: 'mine', name: 'Mein Tarif' },
      1_700_000_000,
    );
    const communities = createCommunityStore(db);
    communities.save(
      {
        id: 'eeg',
        name: 'EEG Test',
        kind: 'local',
        allocation: 'dynamic',
        settings: communities.defaults(),
        members: meters.slice(0, 3).map((meterId, i) => ({
          meterId,
          role: i === 0 ? ('producer' as const) : ('consumer' as const),
          factorPercent: 100,
          staticSharePercent: null,
          validFrom: null,
          validTo: null,
        })),
      },
      1_700_000_000,
    );
    const before = dump(source);
    // The backup is taken while the profile is open in this process (the online backup API).
    const file = join(mkdtempSync(join(tmpdir(), 'md-backup-file-')), 'kunde.meterdesk-backup');
    const made = await cli(['--data-dir', a, 'backup', '--out', file, '--json']);
    db.close();
    expect(made.status, made.stderr).toBe(0);
    const manifest = (JSON.parse(made.stdout) as { manifest: Record<string, number> }).manifest;
    expect(manifest).toMatchObject({
      meters: before.meters!.length,
      revisions: before.reading_revisions!.length,
      notes: 2,
      tariffs: before.tariffs!.length,
      communities: 1,
      communityMembers: 3,
      imports: 1,
    });
    expect(existsSync(`${file}-wal`)).toBe(false); // one file

    const b = mkdtempSync(join(tmpdir(), 'md-backup-b-'));
    const restored = await cli(['--data-dir', b, 'restore', file, '--name', 'Kunde', '--json']);
    expect(restored.status, restored.stderr).toBe(0);
    const { profile } = JSON.parse(restored.stdout) as { profile: string };
    const after = dump(join(b, 'profiles', profile, 'meterdesk.sqlite'));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const t of Object.keys(before)) expect(after[t], t).toEqual(before[t]);
    expect(after.reading_days!.length).toBeGreaterThan(300); // 0.15 years of the demo team's meters
    // The restored profile is one of the data folder's: the CLI reads it by --profile.
    const stats = await cli(['--data-dir', b, 'meters', '--profile', profile, '--json']);
    expect((JSON.parse(stats.stdout) as unknown[]).length).toBe(meters.length);

    // Restored again: a second profile, the first untouched; a backup never writes over a file.
    const again = await cli(['--data-dir', b, 'restore', file, '--json']);
    const second = (JSON.parse(again.stdout) as { profile: string }).profile;
    expect(second).not.toBe(profile);
    expect(dump(join(b, 'profiles', profile, 'meterdesk.sqlite'))).toEqual(after);
    const over = await cli(['--data-dir', a, 'backup', '--out', file]);
    expect(over.status).toBe(2);
    expect(over.stderr).toMatch(/exists already; a backup never writes over a file/);
  });

  it('refuses what is not a whole Meterdesk backup, and makes no profile for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-restore-bad-'));
    const notDb = join(dir, 'notes.txt');
    writeFileSync(notDb, 'not a database at all');
    const plain = join(dir, 'plain.sqlite');
    new Database(plain).exec('CREATE TABLE t (x)');
    const cases: [string, RegExp][] = [
      [notDb, /not a Meterdesk backup \(not a database\)/],
      [plain, /not a Meterdesk backup \(no manifest\)/],
      [join(dir, 'missing.file'), /there is no such file/],
    ];
    // A real backup with two pages in its middle overwritten.
    const a = mkdtempSync(join(tmpdir(), 'md-restore-src-'));
    await cli(['--data-dir', a, 'import', join(DSO, 'kwg-hourly-mar2025.xlsx'), '--meter', 'new:H']);
    const good = join(dir, 'good.backup');
    expect((await cli(['--data-dir', a, 'backup', '--out', good])).status).toBe(0);
    const damaged = join(dir, 'damaged.backup');
    writeFileSync(damaged, readFileSync(good));
    const pageSize = 16_384;
    const pages = Math.floor(statSync(damaged).size / pageSize);
    const fd = openSync(damaged, 'r+');
    for (const p of [Math.floor(pages / 2), Math.floor(pages / 2) + 1])
      writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, p * pageSize);
    closeSync(fd);
    cases.push([damaged, /is damaged|not a Meterdesk backup/]);
    for (const [file, why] of cases) {
      const bytes = existsSync(file) ? readFileSync(file) : null;
      const r = await cli(['--data-dir', dir, 'restore', file]);
      expect(r.status, file).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toContain('Nothing was changed');
      if (bytes) expect(readFileSync(file).equals(bytes)).toBe(true); // only read
    }
    expect(existsSync(join(dir, 'profiles'))).toBe(false);
    expect(existsSync(join(dir, 'profiles.json'))).toBe(false);
  });
  it('six restores at once keep six profiles; a kept folder of a removed profile is never taken', async () => {
    const src = mkdtempSync(join(tmpdir(), 'md-restore-many-'));
    await cli(['--data-dir', src, 'import', join(DSO, 'kwg-hourly-mar2025.xlsx'), '--meter', 'new:H']);
    const file = join(src, 'h.backup');
    expect((await cli(['--data-dir', src, 'backup', '--out', file])).status).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), 'md-restore-into-'));
    // A profile removed with "keep local data": its folder and file stay, no longer listed.
    const registry = createProfileRegistry(dir);
    const kept = registry.addLocal('Kunde');
    writeFileSync(join(dir, 'profiles', kept.id, 'meterdesk.sqlite'), 'the kept data');
    registry.remove(kept.id, false);
    // Six restores at once, three of them under that same name.
    const runs = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        cli(['--data-dir', dir, 'restore', file, '--name', i < 3 ? 'Kunde' : `Kunde ${i}`, '--json']),
      ),
    );
    for (const r of runs) expect(r.status, r.stderr).toBe(0);
    const ids = runs.map((r) => (JSON.parse(r.stdout) as { profile: string }).profile);
    expect(new Set(ids).size).toBe(6);
    expect(ids).not.toContain(kept.id);
    // Every one is listed (profiles.json written by one writer at a time), besides the demo profile.
    const listed = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8')) as {
      profiles: { id: string }[];
    };
    expect(listed.profiles.map((p) => p.id).sort()).toEqual(['demo', ...ids].sort());
    // The kept folder is as it was.
    expect(readFileSync(join(dir, 'profiles', kept.id, 'meterdesk.sqlite'), 'utf8')).toBe('the kept data');
    // A refused restore under that name touches neither the kept folder nor the list.
    const bad = join(src, 'bad.backup');
    writeFileSync(bad, 'not a database at all');
    const refused = await cli(['--data-dir', dir, 'restore', bad, '--name', 'Kunde']);
    expect(refused.status).toBe(2);
    expect(readFileSync(join(dir, 'profiles', kept.id, 'meterdesk.sqlite'), 'utf8')).toBe('the kept data');
    const after = JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8')) as { profiles: unknown[] };
    expect(after.profiles.length).toBe(7);
  });
});
