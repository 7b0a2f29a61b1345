/** A profile as one file (db/backup.ts): the active one backed up, a backup restored as a new profile. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupResult, ProfileView } from '../../preload/contract';
import { slugOf } from '../../common/slug';
import { backupProfile, readBackup, restoredName } from '../db/backup';
import { AppError } from '../errors';
import { assertExportTarget } from '../export/file-names';
import type { HandlerContext, HandlersOf } from './context';

export function backupHandlers(
  { services, savePath, nowSec }: HandlerContext,
  view: (p: ReturnType<typeof services.profiles.get>) => Promise<ProfileView>,
): HandlersOf<'profiles:backup' | 'profiles:restore'> {
  return {
    'profiles:backup': async (): Promise<BackupResult> => {
      const c = await services.active();
      const p = c.profile;
      const path = await savePath(
        `${slugOf(p.name, 60) || 'profil'}.meterdesk-backup`,
        'No file was chosen: nothing was backed up.',
      );
      assertExportTarget(path, services.opts.dataDir, c.dbPath);
      const manifest = await backupProfile(
        c.db,
        path,
        {
          profileName: p.name,
          profileKind: p.kind,
          account: p.kind === 'account' ? { baseUrl: p.baseUrl, team: p.team } : null,
          createdSec: await nowSec(),
        },
        (partial) => services.partials.track(partial),
      );
      return { path, manifest };
    },
    'profiles:restore': async ({ name }) => {
      const file = services.opts.chooseBackupFile ? await services.opts.chooseBackupFile() : null;
      if (!file)
        throw new AppError('cancelled', 'No backup file was chosen: nothing was restored.', {
          reason: 'export_cancelled',
        });
      const checked = readBackup(file); // refused before anything is made
      // Made aside in the data folder, checked and rebuilt in the import thread, then moved in under a
      // fresh id (never a kept folder's): a refused restore touches neither the list nor any profile.
      const work = services.profiles.restoreFolder();
      try {
        const manifest = await services.imports.restoreBackup(file, join(work, 'meterdesk.sqlite'));
        const profile = services.profiles.addRestored(
          name ?? restoredName(checked.profileName, checked.createdSec),
          work,
        );
        services.emit('profiles:changed', { activeProfileId: services.profiles.activeId() });
        return { profile: await view(services.profiles.get(profile.id)), manifest };
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
