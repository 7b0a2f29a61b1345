/**
 * Team profiles in the app (issue 63): added after the server answered (the user and the password
 * accepted), the password kept in the OS keychain (or this session's memory) and never in a file; shown
 * with the server and the copy of its store the app reads (team-open.ts).
 */
import type { ChannelParsedInput, TeamStoreView } from '../../preload/contract';
import { connectTeam } from '../db/team-init';
import { toContractError } from '../errors';
import type { Profile } from '../profiles/registry';
import type { Services } from '../services';
import { systemClock } from '../time/clock';

/** A team profile's server and the copy the app reads (when it is the open profile), for its view. */
export function teamStoreOf(services: Services, p: Profile): { teamStore?: TeamStoreView } {
  const t = p.kind === 'team' ? services.profiles.team(p.id) : undefined;
  if (!t) return {};
  const open = services.currentContext();
  const copy = open?.profile.id === p.id ? open.teamCopy : null;
  return {
    teamStore: {
      server: `${t.user}@${t.host}:${t.port}/${t.database}`,
      ssl: t.ssl,
      copiedSec: copy?.copiedSec ?? null,
      problem: copy?.problem ? toContractError(copy.problem) : null,
      changedSec: copy?.changedSec ?? null,
      changedMeters: copy?.changedMeters.length ?? 0,
      refreshing: copy?.refreshing ?? false,
      newerCopySec: copy?.newerCopySec ?? null,
      copyMade: copy?.made ?? null,
    },
  };
}

export async function addTeamProfile(
  services: Services,
  input: ChannelParsedInput<'profiles:addTeam'>,
): Promise<Profile> {
  const { name, host, port, database, user, ssl, password, passwordStorage } = input;
  const target = { host, port, database, user, ssl };
  // The server first: a profile that cannot connect is not kept.
  const client = await connectTeam(target, password);
  await client.end().catch(() => null);
  const p = services.profiles.addTeam(name, target, systemClock.nowSec());
  try {
    if (passwordStorage === 'session') services.teamSecrets.setForSession(p.id, password);
    else await services.teamSecrets.set(p.id, password);
  } catch (err) {
    services.profiles.remove(p.id, false);
    throw err;
  }
  return p;
}
