/**
 * Moving data between a team's store and local profiles (issue 63): `backup --profile TEAM --out FILE`
 * writes the team's rows as a backup any local profile restores (`restore FILE`); `restore FILE
 * --profile TEAM` puts a local profile's backup into an empty team store. What a local profile holds
 * that the team's store does not yet (notes, tariffs, communities, imports, …) is named with its counts;
 * the backup file itself is never changed.
 */
import { join, resolve } from 'node:path';
import type { TeamProfile } from '../profiles/team-profiles';
import { systemClock } from '../time/clock';
import { teamConnection } from './team-profile';
import { UsageError } from './usage-error';

export async function teamBackupCommand(p: TeamProfile, a: { dataDir: string; out?: string; json: boolean }) {
  if (!a.out) throw new UsageError('backup needs --out FILE.');
  const [
    { connectTeam, requireTeamSchema },
    { teamIntoSqlite, inTransaction },
    { openDatabase },
    { backupProfile },
    files,
  ] = await Promise.all([
    import('../db/team-init'),
    import('../db/team-move'),
    import('../db/open'),
    import('../db/backup'),
    import('./backup-files'),
  ]);
  const { target, password } = await teamConnection(p);
  const out = resolve(a.out);
  files.refuseExisting(out);
  const work = files.workFolder(a.dataDir);
  const client = await connectTeam(target, password);
  try {
    await requireTeamSchema(client, target);
    const db = openDatabase(join(work, 'meterdesk.sqlite'));
    try {
      // One snapshot of the team's store: a sync writing meanwhile is either wholly in it or not.
      await inTransaction(client, () => teamIntoSqlite(client, db), true);
      const m = await backupProfile(db, out, {
        profileName: p.name,
        profileKind: 'team',
        account: null,
        createdSec: systemClock.nowSec(),
      });
      process.stdout.write(
        a.json
          ? `${JSON.stringify({ file: out, manifest: m })}\n`
          : `${a.out}: the team profile "${p.name}" as a backup: ${m.meters} meters, ${m.series} registers, ${m.readings} readings, ${m.revisions} revisions. "meterdesk restore" makes a local profile of it.\n`,
      );
    } finally {
      db.close();
    }
  } finally {
    await client.end().catch(() => null);
    files.removeFolder(work);
  }
}

export async function teamRestoreCommand(
  p: TeamProfile,
  a: { dataDir: string; file?: string; json: boolean },
) {
  if (!a.file) throw new UsageError('restore needs the backup FILE.');
  const [{ connectTeam, requireTeamSchema }, move, { restoreBackup }, { openDatabase }, files] =
    await Promise.all([
      import('../db/team-init'),
      import('../db/team-move'),
      import('../db/backup'),
      import('../db/open'),
      import('./backup-files'),
    ]);
  const { target, password } = await teamConnection(p);
  const work = files.workFolder(a.dataDir);
  try {
    // The backup checked and brought to this build's form aside, as for a local restore.
    const m = restoreBackup(resolve(a.file), join(work, 'meterdesk.sqlite'));
    const db = openDatabase(join(work, 'meterdesk.sqlite'), { readonly: true });
    const client = await connectTeam(target, password);
    try {
      await requireTeamSchema(client, target);
      await move.inTransaction(client, async () => {
        await move.assertTeamEmpty(client, `${target.host}:${target.port}/${target.database}`);
        await move.sqliteIntoTeam(db, client);
      });
      const leftOut = move.localOnlyCounts(db);
      const left = Object.entries(leftOut).map(([k, n]) => `${n} ${k.replace('_', ' ')}`);
      process.stdout.write(
        a.json
          ? `${JSON.stringify({ profile: p.id, manifest: m, left_out: leftOut })}\n`
          : `Restored into the team profile "${p.name}": ${m.meters} meters, ${m.series} registers, ${m.readings} readings, ${m.revisions} revisions.${
              left.length
                ? ` Not in the team's store (it does not hold them yet): ${left.join(', ')}; they stay in the backup file, which is unchanged.`
                : ''
            }\n`,
      );
    } finally {
      db.close();
      await client.end().catch(() => null);
    }
  } finally {
    files.removeFolder(work);
  }
}
