/**
 * A team profile named on the command line (`--profile NAME`, issue 63): where its server is and the
 * password to reach it — PGPASSWORD when set, else the one `profile add-team` kept in the OS keychain.
 */
import { AppError } from '../errors';
import type { TeamTarget } from '../db/team-init';
import type { TeamProfile } from '../profiles/team-profiles';

export interface TeamConnection {
  profile: TeamProfile;
  target: TeamTarget;
  password: string | undefined;
}

/**
 * The team profile of this id or name in the data folder, or undefined when it is none. An unreadable
 * team-profiles.json stands in the way of team profiles only: a local profile's name goes on.
 */
export async function findTeamProfile(dataDir: string, name: string): Promise<TeamProfile | undefined> {
  const { createTeamProfiles } = await import('../profiles/team-profiles');
  try {
    return createTeamProfiles(dataDir).find(name);
  } catch (err) {
    const { createProfileRegistry } = await import('../profiles/registry');
    if (
      createProfileRegistry(dataDir)
        .list()
        .some((p) => p.id === name || p.name === name)
    )
      return undefined;
    throw err;
  }
}

export async function teamConnection(profile: TeamProfile): Promise<TeamConnection> {
  let password = process.env.PGPASSWORD || undefined;
  if (password === undefined) {
    const { createSecretStore } = await import('../secrets/keychain');
    const { TEAM_KEYCHAIN_SERVICE } = await import('../profiles/team-profiles');
    password = (await createSecretStore({ service: TEAM_KEYCHAIN_SERVICE }).get(profile.id)) ?? undefined;
  }
  const { targetOf } = await import('../profiles/team-profiles');
  return { profile, target: targetOf(profile), password };
}

/** What a team profile cannot do yet in this build, refused in words (never read as a missing profile). */
export function notOnTeam(profile: TeamProfile, command: string): AppError {
  return new AppError(
    'invalid_input',
    `"${profile.name}" is a team profile (PostgreSQL at ${profile.host}:${profile.port}/${profile.database}): this Meterdesk can prepare its server (team init --profile), sync into it (sync), count what it holds (stats), evaluate its watch list (watch), read it (analyze, report, imports, tariffs, …), import files into it (import), combine and assign its tariffs (tariffs combine, tariffs assign) and move it to and from a backup (backup, restore), but cannot run "${command}" on PostgreSQL yet (docs/team.md). Nothing was changed.`,
    { reason: 'team_store_not_built', params: { name: profile.name, what: command } },
  );
}
