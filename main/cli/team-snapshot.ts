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
import type { TeamServer } from '../db/team-change';
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
 * A command that writes on a team profile (issue 63: `import`, `tariffs combine`, `tariffs assign`): it
 * works on a snapshot of the team's store, as the app works on its copy, and writes through the app's
 * doors into the server (import/team-import.ts, db/team-tariffs.ts): a change made on data a colleague
 * changed since the snapshot is refused in words. `run` gets the snapshot's database and, for a database
 * opened on it, the server those doors write to.
 */
export async function onTeamWrite(
  p: TeamProfile,
  dataDir: string,
  run: (into: { dbPath: string; server: (copy: Database.Database) => TeamServer }) => Promise<void>,
): Promise<void> {
  const [{ connectTeam }, { teamFailure }, { thisComputer }, { DEFAULT_TZ }] = await Promise.all([
    import('../db/team-init'),
    import('../db/team-sync-store'),
    import('../profiles/this-computer'),
    import('../time/local-days'),
  ]);
  const { target, password } = await teamConnection(p);
  await onTeamSnapshot(p, dataDir, (snapshotDir) =>
    run({
      dbPath: join(snapshotDir, 'meterdesk.sqlite'),
      server: (copy) => ({
        connect: () => connectTeam(target, password),
        failure: (err) => teamFailure(target, err),
        copy,
        by: thisComputer(),
        tz: DEFAULT_TZ,
      }),
    }),
  );
}
