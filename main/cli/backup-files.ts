/** The files a team's backup and restore touch: a work folder in the data folder, and the target's check. */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors';

/** A backup never writes over a file. */
export function refuseExisting(path: string): void {
  if (existsSync(path))
    throw new AppError('conflict', `${path} exists already; a backup never writes over a file.`, {
      reason: 'backup_target_exists',
      params: { path },
    });
}

/** A folder aside in the data folder (`.team-move-…`), removed by `removeFolder` whatever happens. */
export function workFolder(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return mkdtempSync(join(dataDir, '.team-move-'));
}

export function removeFolder(path: string): void {
  rmSync(path, { recursive: true, force: true });
}
