/**
 * Every profile the app can open (issue 63): the local ones of `profiles.json` (registry.ts) and the
 * team profiles of `team-profiles.json` (team-profiles.ts), behind the registry's own calls, so the
 * services, the handlers and the profile switch ask one place. Which one is open is kept where an
 * earlier build never meets a team id: a team profile in `team-profiles.json`, a local one in
 * `profiles.json` as before. A team profile's file is the app's newest copy of its store
 * (team-copies.ts); removing the team profile removes those copies, never the team's server or its data.
 */
import { join } from 'node:path';
import { createProfileRegistry, type Profile } from './registry';
import { teamCopies } from './team-copies';
import { createTeamProfiles, type TeamProfile } from './team-profiles';

const asProfile = (t: TeamProfile): Profile => ({
  id: t.id,
  name: t.name,
  kind: 'team',
  baseUrl: '',
  team: '',
  plan: null,
});

export function createProfileBook(dataDir: string) {
  const registry = createProfileRegistry(dataDir);
  const teams = createTeamProfiles(dataDir);
  /** The team profiles; none while `team-profiles.json` cannot be read (adding one says why). */
  const teamList = (): TeamProfile[] => {
    try {
      return teams.list();
    } catch {
      return [];
    }
  };
  const teamOf = (id: string) => teamList().find((t) => t.id === id);
  return {
    ...registry,
    list: (): Profile[] => [...registry.list(), ...teamList().map(asProfile)],
    activeId: (): string => teams.activeId() ?? registry.activeId(),
    get(id: string): Profile {
      const t = teamOf(id);
      return t ? asProfile(t) : registry.get(id);
    },
    /** A team profile's server (host, port, database, user, TLS), or undefined for a local profile. */
    team: teamOf,
    /** A local profile's file; a team profile's newest copy (where one would be made, if none yet). */
    dbPath(id: string): string {
      if (!teamOf(id)) return registry.dbPath(id);
      return teamCopies(dataDir, id).newest()?.path ?? join(dataDir, 'team-copies', id, 'none.sqlite');
    },
    setActive(id: string): void {
      if (teamOf(id)) return teams.setActive(id);
      registry.setActive(id);
      teams.setActive(null);
    },
    /** A new team profile (its server was asked first, by the caller); its name never a local one's. */
    addTeam(name: string, where: Omit<TeamProfile, 'id' | 'name' | 'kind' | 'addedSec'>, nowSec: number) {
      return asProfile(teams.add(name, where, (x) => registry.isTaken(x), nowSec));
    },
    update(id: string, patch: Parameters<typeof registry.update>[1]): Profile {
      if (!teamOf(id)) return registry.update(id, patch);
      if (patch.name === undefined) return asProfile(teamOf(id)!);
      return asProfile(teams.rename(id, patch.name, (x) => registry.isTaken(x)));
    },
    remove(id: string, deleteLocalData: boolean): void {
      if (!teamOf(id)) return registry.remove(id, deleteLocalData);
      teams.remove(id);
      teamCopies(dataDir, id).removeAll();
    },
  };
}

export type ProfileBook = ReturnType<typeof createProfileBook>;
