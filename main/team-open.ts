/**
 * A team profile opened in the app (issue 63): the app reads a copy of the team's store, taken at the
 * open (db/team-copy.ts) and kept in the data folder (profiles/team-copies.ts) — the same rows a local
 * profile of that account would hold, read by the same code. When the server cannot be reached (or the
 * password is not at hand) the app keeps showing its last copy and says since when; with no copy yet,
 * the open fails with the server's reason. The app writes nothing into a team's store yet: every write
 * is refused in words (`team_read_only_app`), and the team's server is synced by its nightly job.
 */
import { copyTeamStore } from './db/team-copy';
import { listenTeam, type TeamListener } from './db/team-listen';
import { AppError, unexpected } from './errors';
import type { ProfileBook } from './profiles/profile-book';
import { teamCopies } from './profiles/team-copies';
import type { SecretStore } from './secrets/keychain';
import { systemClock } from './time/clock';

export interface TeamCopyState {
  /** When the copy the app reads was taken (seconds). */
  copiedSec: number;
  /** Why no newer copy could be taken at this open (the server away, a refused password), else null. */
  problem: AppError | null;
  /** When the server last said it holds newer readings than the copy (LISTEN/NOTIFY), and of which meters. */
  changedSec: number | null;
  changedMeters: string[];
}

export async function openTeamCopy(
  dataDir: string,
  profiles: ProfileBook,
  teamSecrets: SecretStore,
  id: string,
): Promise<{ path: string; state: TeamCopyState }> {
  const t = profiles.team(id);
  if (!t)
    throw new AppError('not_found', `No team profile "${id}".`, {
      reason: 'unknown_in_profile',
      params: { kind: 'profile', id },
    });
  const copies = teamCopies(dataDir, id);
  const job = copies.begin(systemClock.nowMs());
  try {
    const password = (await teamSecrets.get(id)) ?? undefined;
    await copyTeamStore(
      { host: t.host, port: t.port, database: t.database, user: t.user, ssl: t.ssl },
      password,
      job.part,
    );
    const made = job.finish();
    copies.pruneExcept(made.path);
    return {
      path: made.path,
      state: { copiedSec: made.copiedSec, problem: null, changedSec: null, changedMeters: [] },
    };
  } catch (err) {
    job.abandon();
    const last = copies.newest();
    if (!last) throw err;
    return {
      path: last.path,
      state: {
        copiedSec: last.copiedSec,
        problem: err instanceof AppError ? err : unexpected(err),
        changedSec: null,
        changedMeters: [],
      },
    };
  }
}

/**
 * Listens for the team's writers (LISTEN/NOTIFY, db/team-listen.ts) while the profile is open: each
 * burst of changed meters is noted on the copy's state and `onChange` is called (the app then offers a
 * new copy). Null when the server cannot be reached: the copy is read as it is.
 */
export async function watchTeam(
  profiles: ProfileBook,
  teamSecrets: SecretStore,
  id: string,
  state: TeamCopyState,
  onChange: () => void,
): Promise<TeamListener | null> {
  const t = profiles.team(id);
  if (!t) return null;
  try {
    const password = (await teamSecrets.get(id)) ?? undefined;
    const target = { host: t.host, port: t.port, database: t.database, user: t.user, ssl: t.ssl };
    return await listenTeam(target, password, (meterIds) => {
      state.changedSec = systemClock.nowSec();
      state.changedMeters = [...new Set([...state.changedMeters, ...meterIds])];
      onChange();
    });
  } catch {
    return null;
  }
}

/** Every write the app would make into a team profile, refused: its store is the team's server. */
export function teamReadOnly(name: string): AppError {
  return new AppError(
    'invalid_input',
    `"${name}" is a team profile: the app shows a copy of the team's store and does not change it yet. Imports, notes, tariffs and syncs are made on the team's server with the command line (meterdesk … --profile; docs/team.md). Nothing was changed.`,
    { reason: 'team_read_only_app', params: { name } },
  );
}
