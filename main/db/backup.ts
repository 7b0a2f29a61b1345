/**
 * A profile as one file, and back (issue 43, item 16): the safe way to move a customer's data between
 * computers or consultants. The copy is made with SQLite's online backup (the profile stays open and in
 * use), turned into one self-contained file (no WAL beside it) and given a manifest — what it holds, as
 * counts a person can check — in a table of its own. Restoring reads that file, checks it (a Meterdesk
 * backup, whole, of a storage generation this build reads) and copies it into a new profile folder:
 * it never writes over an existing profile or file.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import type { BackupManifest } from '../../preload/contract';
import { AppError } from '../errors';
import { generationRefusal, migrate } from './migrate';
import { checkSchema, cleanNames, rebuildRollups } from './restore-rebuild';
import { quickCheck } from './open';
import { dayKey, dayNumberOf, DEFAULT_TZ } from '../time/local-days';

export const BACKUP_FORMAT = 'meterdesk-backup';

export type { BackupManifest };

const count = (db: Database.Database, table: string) =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

function contentsOf(db: Database.Database) {
  const days = db
    .prepare('SELECT sum(count) AS n, min(day) AS a, max(day) AS b FROM daily_rollups')
    .get() as {
    n: number | null;
    a: number | null;
    b: number | null;
  };
  return {
    schema: db.pragma('user_version', { simple: true }) as number,
    meters: count(db, 'meters'),
    series: count(db, 'series'),
    readings: (days.n ?? 0) + count(db, 'irregular_readings'),
    revisions: count(db, 'reading_revisions'),
    firstDay: days.a,
    lastDay: days.b,
    notes: count(db, 'notes'),
    tariffs: count(db, 'tariffs'),
    communities: count(db, 'communities'),
    communityMembers: count(db, 'community_members'),
    imports: count(db, 'imports'),
  };
}

/**
 * Writes a backup of an open profile to `outPath` (refused if it exists), through
 * `outPath.partial-<pid>` renamed when complete: a backup that fails or is killed leaves no file that
 * looks whole. `track` lists the partial file while it exists (export/partials.ts), so the next start
 * removes what a killed backup left (issue 61: `.partial` files stayed for good).
 */
export async function backupProfile(
  db: Database.Database,
  outPath: string,
  about: {
    profileName: string;
    profileKind: string;
    account: { baseUrl: string; team: string } | null;
    createdSec: number;
  },
  track: (partialPath: string) => () => void = () => () => undefined,
): Promise<BackupManifest> {
  if (existsSync(outPath))
    throw new AppError('conflict', `${outPath} exists already; a backup never writes over a file.`, {
      reason: 'backup_target_exists',
      params: { path: outPath },
    });
  mkdirSync(dirname(outPath), { recursive: true });
  const partial = `${outPath}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const untrack = track(partial);
  try {
    await db.backup(partial);
    const copy = new Database(partial);
    try {
      copy.pragma('journal_mode = DELETE'); // one file, no -wal beside it
      // A damaged profile makes no backup that looks whole (issue 61: it succeeded silently).
      const problem = quickCheck(copy);
      if (problem)
        throw new AppError(
          'invalid_input',
          `The profile is damaged (${problem}): no backup was written. Its readings can be synced or imported again into a new profile.`,
          { reason: 'backup_source_damaged' },
        );
      const manifest: BackupManifest = { format: BACKUP_FORMAT, version: 1, ...about, ...contentsOf(copy) };
      copy.exec('CREATE TABLE meterdesk_backup (manifest TEXT NOT NULL)');
      copy.prepare('INSERT INTO meterdesk_backup (manifest) VALUES (?)').run(JSON.stringify(manifest));
      copy.close();
      renameSync(partial, outPath);
      return manifest;
    } finally {
      if (copy.open) copy.close();
    }
  } finally {
    rmSync(partial, { force: true });
    untrack();
  }
}

const aCount = z.number().finite();
/** The manifest's shape this build writes (the rest of its fields are kept as they are). */
const manifestShape = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    profileName: z.string(),
    createdSec: aCount,
    meters: aCount,
    series: aCount,
    readings: aCount,
    revisions: aCount,
    notes: aCount,
    tariffs: aCount,
    communities: aCount,
    imports: aCount,
  })
  .passthrough();

/** A backup file read and checked: its manifest, or a refusal that says why it cannot be restored. */
export function readBackup(path: string): BackupManifest {
  const refuse = (why: string, code: 'backup_unreadable' | 'backup_not_meterdesk' | 'backup_damaged') =>
    new AppError('invalid_input', `${path} cannot be restored: ${why}. Nothing was changed.`, {
      reason: code,
      params: { path },
    });
  if (!existsSync(path)) throw refuse('there is no such file', 'backup_unreadable');
  // A file mostly of holes (issue 61: 835 KB on disk restored as 3.1 GB) is no file SQLite wrote.
  const st = statSync(path);
  if (st.size > 16 * 1024 * 1024 && st.blocks * 512 < st.size / 2)
    throw refuse(
      `it is not a Meterdesk backup (${Math.round(st.size / 1024 / 1024)} MB said, ${Math.round((st.blocks * 512) / 1024 / 1024)} MB on disk)`,
      'backup_not_meterdesk',
    );
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('schema_version'); // reads the header: not a database throws here
  } catch {
    throw refuse('it is not a Meterdesk backup (not a database)', 'backup_not_meterdesk');
  }
  try {
    const has = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meterdesk_backup'")
      .get();
    if (!has) throw refuse('it is not a Meterdesk backup (no manifest)', 'backup_not_meterdesk');
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(
        (db.prepare('SELECT manifest FROM meterdesk_backup LIMIT 1').get() as { manifest: string }).manifest,
      ) as BackupManifest;
    } catch {
      throw refuse('its manifest cannot be read', 'backup_not_meterdesk');
    }
    // A manifest of another shape (null, a number, fields of other types) is refused in words, not an
    // internal error (issue 61).
    if (!manifestShape.safeParse(manifest).success)
      throw refuse('it is not a Meterdesk backup (its manifest)', 'backup_not_meterdesk');
    const generation = generationRefusal(db);
    if (generation) throw generation;
    const problem = quickCheck(db);
    if (problem) throw refuse(`it is damaged (${problem})`, 'backup_damaged');
    return manifest;
  } finally {
    db.close();
  }
}

/**
 * Makes a new profile's database at `dbPath` (which must not exist yet) from a checked backup: a copy
 * whose schema must be a fresh profile's of its generation, whose names pass the person-text door,
 * whose readings are plausible and whose rollups are rebuilt from them (restore-rebuild.ts), then
 * migrated to this build's generation and checked whole. The backup file itself is only read. The
 * contents returned are counted in the restored database, not taken from the manifest.
 */
export function restoreBackup(file: string, dbPath: string): BackupManifest & { namesCleaned: number } {
  const manifest = readBackup(file);
  if (existsSync(dbPath))
    throw new AppError('conflict', `${dbPath} exists already; a restore never writes over a profile.`, {
      reason: 'backup_target_exists',
      params: { path: dbPath },
    });
  mkdirSync(dirname(dbPath), { recursive: true });
  const partial = `${dbPath}.restoring`;
  try {
    copyFileSync(file, partial);
    const db = new Database(partial);
    try {
      db.pragma('trusted_schema = OFF');
      checkSchema(db, file);
      const namesCleaned = db.transaction(() => {
        db.exec('DROP TABLE meterdesk_backup');
        const n = cleanNames(db);
        rebuildRollups(db, DEFAULT_TZ, file);
        return n;
      })();
      migrate(db);
      const problem = quickCheck(db);
      if (problem)
        throw new AppError(
          'invalid_input',
          `${file} cannot be restored: it is damaged (${problem}). Nothing was changed.`,
          {
            reason: 'backup_damaged',
            params: { path: file },
          },
        );
      const restored = { ...manifest, ...contentsOf(db), namesCleaned };
      db.close();
      renameSync(partial, dbPath);
      return restored;
    } finally {
      if (db.open) db.close();
    }
  } finally {
    rmSync(partial, { force: true });
  }
}

export function restoredName(profileName: string, createdSec: number): string {
  const [y, m, d] = dayKey(dayNumberOf(createdSec, DEFAULT_TZ)).split('-');
  return `${profileName} – ${d}.${m}.${y}`.slice(0, 80);
}
