/**
 * `meterdesk watch --profile TEAM` (issue 63): the watch list of a team's store — for the nightly job,
 * after its sync — and its `snooze`, `thresholds`, `set` and `unset`. The command runs as on a local
 * profile, on a copy of the team's store taken under the watch lock (db/team-watch.ts); what it recorded
 * (findings, snoozes, thresholds) is written back in one transaction before the lock is released, so an
 * app's "seen" made meanwhile waits for it and is never set back. A failure writes nothing back.
 */
import { join } from 'node:path';
import type { TeamProfile } from '../profiles/team-profiles';
import { teamConnection } from './team-profile';

export async function onTeamWatch(
  p: TeamProfile,
  dataDir: string,
  run: (copyDir: string) => Promise<void>,
): Promise<void> {
  const [{ copyTeamStore }, { connectTeam, requireTeamSchema }, { inTransaction }, watch, files, db, sync] =
    await Promise.all([
      import('../db/team-copy'),
      import('../db/team-init'),
      import('../db/team-move'),
      import('../db/team-watch'),
      import('./backup-files'),
      import('../db/open'),
      import('../db/team-sync-store'),
    ]);
  const { target, password } = await teamConnection(p);
  const client = await connectTeam(target, password);
  const work = files.workFolder(dataDir);
  try {
    await requireTeamSchema(client, target);
    await watch.withWatchLock(client, async () => {
      const file = join(work, 'meterdesk.sqlite');
      await copyTeamStore(target, password, file);
      await run(work);
      const copy = db.openDatabase(file);
      try {
        await inTransaction(client, () => watch.watchIntoTeam(copy, client));
      } catch (err) {
        throw sync.teamFailure(target, err);
      } finally {
        copy.close();
      }
    });
  } finally {
    files.removeFolder(work);
    await client.end().catch(() => null);
  }
}
