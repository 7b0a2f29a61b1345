/**
 * `meterdesk backup --out FILE` and `meterdesk restore FILE`: a profile as one file and back
 * (db/backup.ts). A restore makes a new local profile in the data folder; it never writes over one.
 */
import { basename, join, resolve } from 'node:path';
import { backupProfile, readBackup, restoreBackup, restoredName, type BackupManifest } from '../db/backup';
import { dayKey } from '../time/local-days';
import { openDatabase } from '../db/open';
import { assertExportTarget } from '../export/file-names';
import { createPartialTracker } from '../export/partials';
import { noDatabase } from './refusals';
import { UsageError } from './usage-error';
import { profileDbPath } from './profile-path';
import { systemClock } from '../time/clock';
import { existsSync, rmSync } from 'node:fs';

function say(m: BackupManifest): string {
  const day = (d: number | null) => (d === null ? '–' : dayKey(d));
  return `${m.meters} meters, ${m.series} registers, ${m.readings} readings (${day(m.firstDay)} – ${day(m.lastDay)}), ${m.revisions} revisions, ${m.notes} notes, ${m.tariffs} tariffs, ${m.communities} communities (${m.communityMembers} memberships), ${m.imports} imported files`;
}

export async function backupCommand(a: {
  dataDir: string;
  profile?: string;
  out?: string;
  json: boolean;
}): Promise<void> {
  if (!a.out) throw new UsageError('backup needs --out FILE.');
  const dbPath = await profileDbPath(a.dataDir, a.profile);
  if (!existsSync(dbPath)) throw noDatabase(dbPath);
  const { createProfileRegistry } = await import('../profiles/registry');
  const registered = a.profile
    ? createProfileRegistry(a.dataDir)
        .list()
        .find((p) => p.id === a.profile || p.name === a.profile)
    : undefined;
  assertExportTarget(a.out, a.dataDir, dbPath);
  const partials = createPartialTracker(a.dataDir);
  const db = openDatabase(dbPath, { readonly: true });
  try {
    const m = await backupProfile(
      db,
      resolve(a.out),
      {
        profileName: registered?.name ?? basename(resolve(a.dataDir)),
        profileKind: registered?.kind ?? 'local',
        account: registered?.baseUrl ? { baseUrl: registered.baseUrl, team: registered.team } : null,
        createdSec: systemClock.nowSec(),
      },
      (partial) => partials.track(partial),
    );
    process.stdout.write(
      a.json ? JSON.stringify({ file: resolve(a.out), manifest: m }) + '\n' : `${a.out}: ${say(m)}\n`,
    );
  } finally {
    db.close();
  }
}

export async function restoreCommand(a: {
  dataDir: string;
  file?: string;
  name?: string;
  json: boolean;
}): Promise<void> {
  if (!a.file) throw new UsageError('restore needs the backup FILE.');
  const file = resolve(a.file);
  const checked = readBackup(file); // refused before anything is made
  const { createProfileRegistry } = await import('../profiles/registry');
  const registry = createProfileRegistry(a.dataDir);
  // Made and checked aside, then moved in as a new profile: a refused restore touches nothing.
  const work = registry.restoreFolder();
  let m: ReturnType<typeof restoreBackup>;
  let profile: ReturnType<typeof registry.addRestored>;
  try {
    m = restoreBackup(file, join(work, 'meterdesk.sqlite'));
    profile = registry.addRestored(
      a.name?.trim() || restoredName(checked.profileName, checked.createdSec),
      work,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const account = m.account
    ? ` It synced from ${m.account.baseUrl} (team ${m.account.team}); the token is not in a backup: this profile is local; to sync, connect the account as a profile of its own (meterdesk sync --profile …).`
    : '';
  process.stdout.write(
    a.json
      ? JSON.stringify({ profile: profile.id, name: profile.name, manifest: m }) + '\n'
      : `Restored as the new profile "${profile.name}" (--profile ${profile.id}): ${say(m)}.${account}\n`,
  );
}
