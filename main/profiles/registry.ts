/**
 * The list of profiles (`profiles.json` in the data folder). One writer at a time (issue 61: six parallel
 * restores lost a profile): every change takes the folder's lock (proper-lockfile, across processes —
 * the app and any number of CLI runs), reads the file again, applies itself and writes it atomically
 * (a temporary file renamed). The built-in demo
 * profile always exists. An account profile syncs from the readings service; a local profile has no
 * account and holds imported files only. Each profile's readings live in `profiles/<id>/meterdesk.sqlite`; its token
 * lives in the OS keychain, never in this file.
 */
import { cleanText } from '../../common/rules';
import { slugOf } from '../../common/slug';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../errors';
import { systemClock } from '../time/clock';
import { lockProfiles } from './lock';
import { teamProfileIds } from './team-profiles';

export const DEMO_PROFILE_ID = 'demo';

/** A profile's name through the one text rule (the CLI's --name passes no contract): at most 80 characters. */
const nameOf = (name: string) => cleanText(name, 80) || 'Profil';

const profileSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: z.string().min(1),
  kind: z.enum(['demo', 'account', 'local']),
  baseUrl: z.string(),
  team: z.string(),
  plan: z.string().nullable(),
});
type StoredProfile = z.infer<typeof profileSchema>;
/**
 * A profile as the app opens it: one of `profiles.json`'s, or a team profile (`team-profiles.json`,
 * issue 63; the app reads a copy of its store: profile-book.ts).
 */
export type Profile = Omit<StoredProfile, 'kind'> & { kind: StoredProfile['kind'] | 'team' };
const fileSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  profiles: z.array(profileSchema),
});

type ProfilesFile = z.infer<typeof fileSchema>;

/**
 * `profiles.json` itself: read once (an unreadable file is kept aside as `.broken-…`, never
 * overwritten), read again before each use, and changed only under the data folder's lock on the file
 * as it is then, written atomically (a temporary file renamed).
 */
function profilesFile(dataDir: string) {
  const file = join(dataDir, 'profiles.json');
  let state: ProfilesFile = {
    version: 1,
    activeId: DEMO_PROFILE_ID,
    profiles: [{ id: DEMO_PROFILE_ID, name: 'Demo', kind: 'demo', baseUrl: '', team: '', plan: 'pro' }],
  };
  /** The file as written, or null when there is none or it cannot be read. */
  const readFile = (): ProfilesFile | null => {
    if (!existsSync(file)) return null;
    let raw: unknown = null;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      raw = null;
    }
    const parsed = fileSchema.safeParse(raw);
    return parsed.success && parsed.data.profiles.some((p) => p.id === DEMO_PROFILE_ID) ? parsed.data : null;
  };
  if (existsSync(file)) {
    const read = readFile();
    if (read) state = read;
    // Keep the unreadable file for inspection instead of overwriting it silently.
    else renameSync(file, `${file}.broken-${systemClock.nowMs()}`);
  }
  const save = () => {
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(state, null, 2));
    renameSync(tmp, file);
  };
  return {
    /** The list as last read (or changed). */
    state: () => state,
    /** The list as the file holds it now (a CLI run may have restored a profile meanwhile). */
    reread: (): ProfilesFile => (state = readFile() ?? state),
    /** One change: under the lock, on the file as it is now (another process may have changed it). */
    change<T>(fn: (s: ProfilesFile) => T): T {
      mkdirSync(dataDir, { recursive: true });
      const release = lockProfiles(dataDir);
      try {
        state = readFile() ?? state;
        const out = fn(state);
        save();
        return out;
      } finally {
        release();
      }
    },
  };
}

/** A profile without an account (imported files only) of this id and name. */
const localProfile = (id: string, name: string): StoredProfile => ({
  id,
  name: nameOf(name),
  kind: 'local',
  baseUrl: '',
  team: '',
  plan: null,
});

export function createProfileRegistry(dataDir: string) {
  const f = profilesFile(dataDir);
  const change = f.change;
  const find = (id: string): StoredProfile => {
    const p = f.state().profiles.find((x) => x.id === id);
    if (!p)
      throw new AppError('not_found', `No profile "${id}".`, {
        reason: 'unknown_in_profile',
        params: { kind: 'profile', id },
      });
    return p;
  };
  return {
    /** The profiles as the file holds them now (a CLI run may have restored one meanwhile). */
    list: (): Profile[] => f.reread().profiles.map((p) => ({ ...p })),
    activeId: () => f.state().activeId,
    get: (id: string) => ({ ...find(id) }),
    dbPath: (id: string) => join(dataDir, 'profiles', id, 'meterdesk.sqlite'),
    setActive(id: string) {
      change((state) => {
        find(id);
        state.activeId = id;
      });
    },
    /**
     * The id `add` would give a profile of this name (so its token can be stored first). `freshFolder`:
     * also never the id of a folder on disk — a profile removed with its data kept keeps its folder, and a
     * restore or a new local profile must never take it (issue 61).
     */
    idFor(name: string, freshFolder = false): string {
      const slug = slugOf(name, 40) || 'account';
      let id = slug;
      const teams = teamProfileIds(dataDir);
      const taken = (x: string) =>
        f.state().profiles.some((p) => p.id === x) ||
        teams.has(x) ||
        (freshFolder && existsSync(join(dataDir, 'profiles', x)));
      for (let i = 2; taken(id); i++) id = `${slug}-${i}`;
      return id;
    },
    /** Whether a profile has this id or name, or a kept folder this id (a team profile may not take it). */
    isTaken: (idOrName: string): boolean =>
      f.reread().profiles.some((p) => p.id === idOrName || p.name === idOrName) ||
      existsSync(join(dataDir, 'profiles', idOrName)),
    add(p: Omit<StoredProfile, 'id' | 'kind'> & { id?: string }): Profile {
      return change((state) => {
        const id = p.id ?? this.idFor(p.name);
        if (state.profiles.some((x) => x.id === id))
          throw new AppError('conflict', `A profile "${id}" exists already.`, {
            reason: 'profile_exists',
            params: { id },
          });
        const profile: StoredProfile = { ...p, name: nameOf(p.name), id, kind: 'account' };
        state.profiles.push(profile);
        return { ...profile };
      });
    },
    /** A profile without an account, for imported files (a household without service access). */
    addLocal(name: string): Profile {
      return change((state) => {
        const id = this.idFor(name, true);
        // Its folder is made now, under the lock: a second restore at once picks another id.
        mkdirSync(join(dataDir, 'profiles', id), { recursive: true });
        const profile = localProfile(id, name);
        state.profiles.push(profile);
        return { ...profile };
      });
    },
    /**
     * A restored backup's folder (made and checked aside in the data folder, db/backup.ts) becomes a new
     * local profile: under the lock it is given a fresh id (never a kept folder's) and moved in place.
     * A restore that fails or is killed before this has touched neither the list nor any profile.
     */
    addRestored(name: string, folder: string): Profile {
      return change((state) => {
        const id = this.idFor(name, true);
        mkdirSync(join(dataDir, 'profiles'), { recursive: true });
        renameSync(folder, join(dataDir, 'profiles', id));
        const profile = localProfile(id, name);
        state.profiles.push(profile);
        return { ...profile };
      });
    },
    /** A folder in the data folder to make a restored profile in, aside (`.restoring-…`). */
    restoreFolder(): string {
      mkdirSync(dataDir, { recursive: true });
      return mkdtempSync(join(dataDir, '.restoring-'));
    },
    update(id: string, patch: Partial<Pick<Profile, 'name' | 'plan'>>): Profile {
      return change(() => {
        const p = find(id);
        Object.assign(p, patch, patch.name === undefined ? {} : { name: nameOf(patch.name) });
        return { ...p };
      });
    },
    remove(id: string, deleteLocalData: boolean): void {
      if (id === DEMO_PROFILE_ID)
        throw new AppError('conflict', 'The demo profile is built in and cannot be removed.', {
          reason: 'demo_profile_fixed',
        });
      change((state) => {
        find(id);
        state.profiles = state.profiles.filter((p) => p.id !== id);
        if (state.activeId === id) state.activeId = DEMO_PROFILE_ID;
      });
      if (deleteLocalData) rmSync(join(dataDir, 'profiles', id), { recursive: true, force: true });
    },
  };
}

export type ProfileRegistry = ReturnType<typeof createProfileRegistry>;
