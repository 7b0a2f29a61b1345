/** The data folder's profile lock: one writer of the profile lists at a time, across processes. */
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { systemClock } from '../time/clock';

/**
 * Takes the data folder's profile lock, waiting up to 10 s for another writer (a lock older than 10 s
 * is a dead process's and is taken over); returns its release.
 */
export function lockProfiles(dataDir: string): () => void {
  const target = join(dataDir, 'profiles.json');
  const until = systemClock.nowMs() + 10_000;
  for (;;) {
    try {
      return lockfile.lockSync(target, { realpath: false, stale: 10_000 });
    } catch (err) {
      if ((err as { code?: string }).code !== 'ELOCKED' || systemClock.nowMs() > until) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);
    }
  }
}
