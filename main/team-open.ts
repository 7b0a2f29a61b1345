/**
 * A team profile opened in the app (issue 63): the app reads a copy of the team's store, taken at the
 * open (db/team-copy.ts) and kept in the data folder (profiles/team-copies.ts) — the same rows a local
 * profile of that account would hold, read by the same code. When the server cannot be reached (or the
 * password is not at hand) the app keeps showing its last copy and says since when; with no copy yet,
 * the open fails with the server's reason. The app writes a team's notes, tariffs, watch list and imports
 * into the server (teamWrites); every other write is refused in words (`team_read_only_app`), and the
 * team's server is synced by its nightly job.
 */
import type Database from 'better-sqlite3';
import { copyTeamStore, refreshTeamCopy, type CopyMade } from './db/team-copy';
import { connectTeam } from './db/team-init';
import { teamNoteStore } from './db/team-notes';
import { teamWatchMarks } from './db/team-watch';
import type { StoreWrites } from './profile-context';
import { teamTariffWrites } from './db/team-tariffs';
import { teamImportWrites } from './import/team-import';
import { teamFailure } from './db/team-sync-store';
import { listenTeam, type TeamListener } from './db/team-listen';
import { AppError, unexpected } from './errors';
import type { ProfileBook } from './profiles/profile-book';
import { teamCopies } from './profiles/team-copies';
import { targetOf } from './profiles/team-profiles';
import type { SecretStore } from './secrets/keychain';
import { systemClock } from './time/clock';
import { thisComputer } from './profiles/this-computer';

export interface TeamCopyState {
  /** When the copy the app reads was taken (seconds). */
  copiedSec: number;
  /** Why no newer copy could be taken at this open (the server away, a refused password), else null. */
  problem: AppError | null;
  /** When the server last said it holds newer readings than the copy (LISTEN/NOTIFY), and of which meters. */
  changedSec: number | null;
  changedMeters: string[];
  /** A newer copy is being taken while this one is read. */
  refreshing: boolean;
  /** When the newer copy taken meanwhile was complete (it opens with the next open), else null. */
  newerCopySec: number | null;
  /** How the copy read now was made (whole, or the days changed since the last one), null if not in this run. */
  made: { whole: boolean; days: number } | null;
}

const madeView = (m: CopyMade) => (m.whole ? { whole: true, days: 0 } : { whole: false, days: m.days });

/**
 * The copy a team profile opens on. `fresh` (the person asked: Reload, or no copy yet): a new copy is
 * taken first, the open waits for it (its cost grows with the store: 1.6 s for 20 meters × 3 years),
 * and the last copy serves when the server cannot. Otherwise (a start, a switch) the newest copy opens
 * at once and a new one is taken meanwhile: when it is complete the state says so (`newerCopySec`) and
 * `onNewer` is called, so the app offers it; a failure is said the same way (`problem`).
 */
export async function openTeamCopy(
  dataDir: string,
  profiles: ProfileBook,
  teamSecrets: SecretStore,
  id: string,
  o: { fresh: boolean; onNewer: () => void; whenClosed: () => Promise<void> },
): Promise<{ path: string; state: TeamCopyState }> {
  const t = profiles.team(id);
  if (!t)
    throw new AppError('not_found', `No team profile "${id}".`, {
      reason: 'unknown_in_profile',
      params: { kind: 'profile', id },
    });
  const copies = teamCopies(dataDir, id);
  const take = async (keep: string | null) => {
    const job = copies.begin(systemClock.nowMs());
    try {
      const password = (await teamSecrets.get(id)) ?? undefined;
      // From the newest copy when there is one: only what changed since is read (team-delta.ts).
      const how = await copyTeamStore(targetOf(t), password, job.part, keep ?? last?.path ?? null);
      const made = job.finish();
      copies.pruneOlder(made.path, keep ? [keep] : []);
      return { ...made, how: madeView(how) };
    } catch (err) {
      job.abandon();
      throw err instanceof AppError ? err : unexpected(err);
    }
  };
  const last = copies.newest();
  const state = (
    copiedSec: number,
    problem: AppError | null,
    made: TeamCopyState['made'] = null,
  ): TeamCopyState => ({
    copiedSec,
    problem,
    changedSec: null,
    changedMeters: [],
    refreshing: false,
    newerCopySec: null,
    made,
  });
  if (!o.fresh && last) {
    const st = { ...state(last.copiedSec, null), refreshing: true };
    void take(last.path).then(
      (made) => ((st.newerCopySec = made.copiedSec), (st.refreshing = false), o.onNewer()),
      (err: AppError) => ((st.problem = err), (st.refreshing = false), o.onNewer()),
    );
    return { path: last.path, state: st };
  }
  // Reload: the open copy (closed by now) brought up to date in place, when it can be — no file copy.
  if (o.fresh && last) {
    try {
      await o.whenClosed();
      const password = (await teamSecrets.get(id)) ?? undefined;
      const how = await refreshTeamCopy(targetOf(t), password, last.path);
      const renewed = how ? copies.renew(last.path, systemClock.nowMs()) : null;
      if (how && renewed) return { path: renewed.path, state: state(renewed.copiedSec, null, madeView(how)) };
    } catch (err) {
      return {
        path: last.path,
        state: state(last.copiedSec, err instanceof AppError ? err : unexpected(err)),
      };
    }
  }
  try {
    const made = await take(null);
    return { path: made.path, state: state(made.copiedSec, null, made.how) };
  } catch (err) {
    if (!last) throw err;
    return { path: last.path, state: state(last.copiedSec, err as AppError) };
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
    return await listenTeam(targetOf(t), password, (meterIds) => {
      state.changedSec = systemClock.nowSec();
      state.changedMeters = [...new Set([...state.changedMeters, ...meterIds])];
      onChange();
    });
  } catch {
    return null;
  }
}

/**
 * What the app writes into a team's server: its notes (db/team-notes.ts), its watch list's marks and
 * thresholds (db/team-watch.ts) and its tariffs (db/team-tariffs.ts), each change notified to the other apps and mirrored into `copy`,
 * the copy this app reads; its imports too (import/team-import.ts).
 */
export function teamWrites(
  profiles: ProfileBook,
  teamSecrets: SecretStore,
  id: string,
  copy: Database.Database,
  tz: string,
): StoreWrites {
  const target = () => {
    const t = profiles.team(id);
    if (!t)
      throw new AppError('not_found', `No team profile "${id}".`, {
        reason: 'unknown_in_profile',
        params: { kind: 'profile', id },
      });
    return targetOf(t);
  };
  const server = {
    connect: async () => connectTeam(target(), (await teamSecrets.get(id)) ?? undefined),
    failure: (err: unknown) => teamFailure(target(), err),
    copy,
  };
  const by = thisComputer();
  return {
    notes: teamNoteStore({ ...server, by, tz }),
    marks: teamWatchMarks({ ...server, by, tz }),
    tariffs: teamTariffWrites({ ...server, by, tz }),
    imports: teamImportWrites({ ...server, by, tz }),
  };
}

/** Every other write the app would make into a team profile, refused: what teamWrites gives is written. */
export function teamReadOnly(name: string): AppError {
  return new AppError(
    'invalid_input',
    `"${name}" is a team profile: the app shows a copy of the team's store and changes only its notes, tariffs, watch list and imports so far. Price series, communities and syncs are made on the team's server with the command line (meterdesk … --profile; docs/team.md). Nothing was changed.`,
    { reason: 'team_read_only_app', params: { name } },
  );
}
