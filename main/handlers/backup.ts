/** A profile as one file (db/backup.ts): the active one backed up, a backup restored as a new profile. */
import type { BackupResult, ProfileView } from '../../preload/contract';
import { slugOf } from '../../common/slug';
import { backupProfile, readBackup, restoreBackup, restoredName } from '../db/backup';
import { AppError } from '../errors';
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
      const manifest = await backupProfile(c.db, path, {
        profileName: p.name,
        profileKind: p.kind,
        account: p.kind === 'account' ? { baseUrl: p.baseUrl, team: p.team } : null,
        createdSec: await nowSec(),
      });
      return { path, manifest };
    },
    'profiles:restore': async ({ name }) => {
      const file = services.opts.chooseBackupFile ? await services.opts.chooseBackupFile() : null;
      if (!file)
        throw new AppError('cancelled', 'No backup file was chosen: nothing was restored.', {
          reason: 'export_cancelled',
        });
      const checked = readBackup(file); // refused before a profile is made
      const profile = services.profiles.addLocal(
        name ?? restoredName(checked.profileName, checked.createdSec),
      );
      try {
        const manifest = restoreBackup(file, services.profiles.dbPath(profile.id));
        services.emit('profiles:changed', { activeProfileId: services.profiles.activeId() });
        return { profile: await view(services.profiles.get(profile.id)), manifest };
      } catch (err) {
        services.profiles.remove(profile.id, true); // nothing half-made stays
        throw err;
      }
    },
  };
}
