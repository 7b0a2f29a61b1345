/**
 * Team profiles (issue 63): profiles whose store is a team's PostgreSQL database. They live in a file
 * of their own, `team-profiles.json` beside `profiles.json`, on purpose: a Meterdesk of an earlier build
 * reads `profiles.json` with the kinds it knows and sets the whole list aside as unreadable when it meets
 * one it does not — with team profiles in their own file, an older build never sees them and keeps
 * every local profile. The file says where the server is (host, port, database, user, TLS mode); the
 * password is kept in the OS keychain only (service "Meterdesk PostgreSQL", account = the profile's id).
 * Changed under the data folder's profile lock, like `profiles.json`, written atomically.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { cleanText } from '../../common/rules';
import { slugOf } from '../../common/slug';
import { AppError } from '../errors';
import { lockProfiles } from './lock';

/** The keychain's service for team passwords (tokens are under "Meterdesk"). */
export const TEAM_KEYCHAIN_SERVICE = 'Meterdesk PostgreSQL';

const teamProfileSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: z.string().min(1),
  kind: z.literal('team'),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  database: z.string().min(1),
  user: z.string().min(1),
  ssl: z.enum(['disable', 'require', 'verify-full']),
  addedSec: z.number(),
});
export type TeamProfile = z.infer<typeof teamProfileSchema>;

/** Where a team profile's server is, as a connection takes it (db/team-init.ts's TeamTarget). */
export const targetOf = ({ host, port, database, user, ssl }: TeamProfile) => ({
  host,
  port,
  database,
  user,
  ssl,
});
/**
 * `activeId`: the team profile the app has open (the app's choice among every profile; a local one is
 * kept in `profiles.json` as before, so an earlier build never meets a team id there).
 */
const fileSchema = z.object({
  version: z.literal(1),
  profiles: z.array(teamProfileSchema),
  activeId: z.string().optional(),
});
type TeamFile = z.infer<typeof fileSchema>;

const fileOf = (dataDir: string) => join(dataDir, 'team-profiles.json');

/** The file; no profiles when there is no file; an unreadable file is refused, never overwritten. */
function readFile(dataDir: string): TeamFile {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return { version: 1, profiles: [] };
  let raw: unknown = null;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    raw = null;
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError(
      'local_data',
      `${file} cannot be read (it is not a list of team profiles this Meterdesk knows). It was left as it is: move it aside to add team profiles again.`,
      { reason: 'team_profiles_unreadable', params: { path: file } },
    );
  return parsed.data;
}

const read = (dataDir: string): TeamProfile[] => readFile(dataDir).profiles;

/** The ids the team profiles take (none when the file cannot be read: its own commands say so). */
export function teamProfileIds(dataDir: string): Set<string> {
  try {
    return new Set(read(dataDir).map((p) => p.id));
  } catch {
    return new Set();
  }
}

export function createTeamProfiles(dataDir: string) {
  const change = <T>(fn: (profiles: TeamProfile[], file: TeamFile) => T): T => {
    mkdirSync(dataDir, { recursive: true });
    const release = lockProfiles(dataDir);
    try {
      const file = readFile(dataDir);
      const out = fn(file.profiles, file);
      if (file.activeId !== undefined && !file.profiles.some((p) => p.id === file.activeId))
        delete file.activeId;
      const tmp = `${fileOf(dataDir)}.tmp-${process.pid}`;
      writeFileSync(tmp, JSON.stringify(file, null, 2));
      renameSync(tmp, fileOf(dataDir));
      return out;
    } finally {
      release();
    }
  };
  return {
    list: (): TeamProfile[] => read(dataDir),
    /** The team profile the app has open, if one is (null when the file cannot be read). */
    activeId(): string | null {
      try {
        const f = readFile(dataDir);
        return f.activeId !== undefined && f.profiles.some((p) => p.id === f.activeId) ? f.activeId : null;
      } catch {
        return null;
      }
    },
    /** Marks a team profile as the app's open one, or none (`null`: a local profile is). */
    setActive(id: string | null): void {
      if (id === null && this.activeId() === null) return; // nothing to clear (or an unreadable file)
      change((profiles, file) => {
        if (id !== null && !profiles.some((p) => p.id === id))
          throw new AppError('not_found', `No team profile "${id}".`, {
            reason: 'unknown_in_profile',
            params: { kind: 'profile', id },
          });
        if (id === null) delete file.activeId;
        else file.activeId = id;
      });
    },
    /** Renames a team profile (its id, server and password stay). */
    rename(id: string, name: string, taken: (idOrName: string) => boolean): TeamProfile {
      const clean = cleanText(name, 80);
      if (!clean)
        throw new AppError('invalid_input', 'A team profile needs a name.', { reason: 'profile_name_empty' });
      return change((profiles) => {
        const p = profiles.find((x) => x.id === id);
        if (!p)
          throw new AppError('not_found', `No team profile "${id}".`, {
            reason: 'unknown_in_profile',
            params: { kind: 'profile', id },
          });
        if (taken(clean) || profiles.some((x) => x.id !== id && (x.name === clean || x.id === clean)))
          throw new AppError('conflict', `A profile "${clean}" exists already: choose another name.`, {
            reason: 'profile_exists',
            params: { id: clean },
          });
        p.name = clean;
        return { ...p };
      });
    },
    /** The team profile of this id or name, if there is one. */
    find: (idOrName: string): TeamProfile | undefined =>
      read(dataDir).find((p) => p.id === idOrName || p.name === idOrName),
    /**
     * A new team profile. `taken(id or name)`: whether a local profile (or a kept folder) has it; a name
     * any profile has already is refused (`--profile NAME` must name one profile).
     */
    add(
      name: string,
      where: Omit<TeamProfile, 'id' | 'name' | 'kind' | 'addedSec'>,
      taken: (idOrName: string) => boolean,
      nowSec: number,
    ): TeamProfile {
      const clean = cleanText(name, 80);
      if (!clean)
        throw new AppError('invalid_input', 'A team profile needs a name.', {
          reason: 'profile_name_empty',
        });
      return change((profiles) => {
        if (taken(clean) || profiles.some((p) => p.name === clean || p.id === clean))
          throw new AppError('conflict', `A profile "${clean}" exists already: choose another name.`, {
            reason: 'profile_exists',
            params: { id: clean },
          });
        const slug = slugOf(clean, 40) || 'team';
        let id = slug;
        for (let i = 2; taken(id) || profiles.some((p) => p.id === id); i++) id = `${slug}-${i}`;
        const p: TeamProfile = { id, name: clean, kind: 'team', ...where, addedSec: nowSec };
        profiles.push(p);
        return { ...p };
      });
    },
    /** Removes a team profile from this data folder (the team's server and its data are not touched). */
    remove(id: string): void {
      change((profiles) => {
        const i = profiles.findIndex((p) => p.id === id);
        if (i < 0)
          throw new AppError('not_found', `No team profile "${id}".`, {
            reason: 'unknown_in_profile',
            params: { kind: 'profile', id },
          });
        profiles.splice(i, 1);
      });
    },
  };
}

export type TeamProfiles = ReturnType<typeof createTeamProfiles>;
