/**
 * The read commands on a team profile (issue 63): analyze, cost, battery, report, meters, sites,
 * portfolio, compare-slp and export read one snapshot of the team's store — its rows copied, in one
 * read-only transaction, into a local database made aside in the data folder — through the very code
 * that reads a local profile, so a team's figures are a local profile's figures of the same rows. The
 * snapshot is removed when the command ends. Its cost grows with the store (the whole store is copied:
 * seconds for tens of meters); a cache kept between commands is not built yet (docs/team.md).
 */
import { join } from 'node:path';
import type { TeamProfile } from '../profiles/team-profiles';
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
