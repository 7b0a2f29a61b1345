/**
 * The read commands on a team profile (issue 63): analyze, cost, battery, report, meters, sites,
 * portfolio, compare-slp, export and imports read one snapshot of the team's store — its rows copied, in one
 * read-only transaction, into a local database made aside in the data folder — through the very code
 * that reads a local profile, so a team's figures are a local profile's figures of the same rows. The
 * snapshot is removed when the command ends. Its cost grows with the store (the whole store is copied:
 * seconds for tens of meters); a cache kept between commands is not built yet (docs/team.md).
 */
import { join } from 'node:path';
import type { TeamProfile } from '../profiles/team-profiles';
import type Database from 'better-sqlite3';
import type { ImportWrites } from '../import/import-writes';
import { teamConnection } from './team-profile';

/** The commands that only read, and so may read a snapshot of a team's store. */
export const SNAPSHOT_READS = new Set([
  'analyze',
  'cost',
  'battery',
  'report',
  'meters',
  'sites',
  'portfolio',
  'compare-slp',
  'export',
  'imports',
]);

/** Runs `read` on a data folder whose own database is a snapshot of the team's store. */
export async function onTeamSnapshot(
  p: TeamProfile,
  dataDir: string,
  read: (snapshotDir: string) => Promise<void>,
): Promise<void> {
  const [{ copyTeamStore }, files] = await Promise.all([import('../db/team-copy'), import('./backup-files')]);
  const { target, password } = await teamConnection(p);
  const work = files.workFolder(dataDir);
  try {
    await copyTeamStore(target, password, join(work, 'meterdesk.sqlite'));
    await read(work);
  } finally {
    files.removeFolder(work);
  }
}

/**
 * `import --profile TEAM` (issue 63): the files planned on a snapshot of the team's store and written
 * into the server by the app's door (import/team-import.ts): an import made on a copy that misses one the
 * server has for that meter is refused in words. `run` imports with the snapshot's database and the door.
 */
export async function onTeamImport(
  p: TeamProfile,
  dataDir: string,
  run: (into: { dbPath: string; writesFor: (db: Database.Database) => ImportWrites }) => Promise<void>,
): Promise<void> {
  const [{ teamImportWrites }, { connectTeam }, { teamFailure }, { thisComputer }, { DEFAULT_TZ }] =
    await Promise.all([
      import('../import/team-import'),
      import('../db/team-init'),
      import('../db/team-sync-store'),
      import('../profiles/this-computer'),
      import('../time/local-days'),
    ]);
  const { target, password } = await teamConnection(p);
  await onTeamSnapshot(p, dataDir, (snapshotDir) =>
    run({
      dbPath: join(snapshotDir, 'meterdesk.sqlite'),
      writesFor: (copy) =>
        teamImportWrites({
          connect: () => connectTeam(target, password),
          failure: (err) => teamFailure(target, err),
          copy,
          by: thisComputer(),
          tz: DEFAULT_TZ,
        }),
    }),
  );
}
