/**
 * The list of profiles (`profiles.json` in the data folder, written atomically). The built-in demo
 * profile always exists. An account profile syncs from the readings service; a local profile has no
 * account and holds imported files only. Each profile's readings live in `profiles/<id>/meterdesk.sqlite`; its token
 * lives in the OS keychain, never in this file.
 */
import { slugOf } from '../../common/slug';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../errors';
import { systemClock } from '../time/clock';

export const DEMO_PROFILE_ID = 'demo';

const profileSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: z.string().min(1),
  kind: z.enum(['demo', 'account', 'local']),
  baseUrl: z.string(),
  team: z.string(),
  plan: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
const fileSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  profiles: z.array(profileSchema),
});

export function createProfileRegistry(dataDir: string) {
  const file = join(dataDir, 'profiles.json');
  let state: z.infer<typeof fileSchema> = {
    version: 1,
    activeId: DEMO_PROFILE_ID,
    profiles: [{ id: DEMO_PROFILE_ID, name: 'Demo', kind: 'demo', baseUrl: '', team: '', plan: 'pro' }],
  };
  if (existsSync(file)) {
    const parsed = fileSchema.safeParse(
      (() => {
        try {
          return JSON.parse(readFileSync(file, 'utf8'));
        } catch {
          return null;
        }
      })(),
    );
    if (parsed.success && parsed.data.profiles.some((p) => p.id === DEMO_PROFILE_ID)) state = parsed.data;
    else {
      // Keep the unreadable file for inspection instead of overwriting it silently.
      renameSync(file, `${file}.broken-${systemClock.nowMs()}`);
    }
  }
  const save = () => {
    mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(state, null, 2));
    renameSync(tmp, file);
  };
  const find = (id: string): Profile => {
    const p = state.profiles.find((x) => x.id === id);
    if (!p)
      throw new AppError('not_found', `No profile "${id}".`, {
        reason: 'unknown_in_profile',
        params: { kind: 'profile', id },
      });
    return p;
  };
  return {
    list: (): Profile[] => state.profiles.map((p) => ({ ...p })),
    activeId: () => state.activeId,
    get: (id: string) => ({ ...find(id) }),
    dbPath: (id: string) => join(dataDir, 'profiles', id, 'meterdesk.sqlite'),
    setActive(id: string) {
      find(id);
      state.activeId = id;
      save();
    },
    /** The id `add` would give a profile of this name (so its token can be stored first). */
    idFor(name: string): string {
      const slug = slugOf(name, 40) || 'account';
      let id = slug;
      for (let i = 2; state.profiles.some((x) => x.id === id); i++) id = `${slug}-${i}`;
      return id;
    },
    add(p: Omit<Profile, 'id' | 'kind'> & { id?: string }): Profile {
      const id = p.id ?? this.idFor(p.name);
      if (state.profiles.some((x) => x.id === id))
        throw new AppError('conflict', `A profile "${id}" exists already.`, {
          reason: 'profile_exists',
          params: { id },
        });
      const profile: Profile = { ...p, id, kind: 'account' };
      state.profiles.push(profile);
      save();
      return { ...profile };
    },
    /** A profile without an account, for imported files (a household without service access). */
    addLocal(name: string): Profile {
      const profile: Profile = {
        id: this.idFor(name),
        name,
        kind: 'local',
        baseUrl: '',
        team: '',
        plan: null,
      };
      state.profiles.push(profile);
      save();
      return { ...profile };
    },
    update(id: string, patch: Partial<Pick<Profile, 'name' | 'plan'>>): Profile {
      const p = find(id);
      Object.assign(p, patch);
      save();
      return { ...p };
    },
    remove(id: string, deleteLocalData: boolean): void {
      if (id === DEMO_PROFILE_ID)
        throw new AppError('conflict', 'The demo profile is built in and cannot be removed.', {
          reason: 'demo_profile_fixed',
        });
      find(id);
      state.profiles = state.profiles.filter((p) => p.id !== id);
      if (state.activeId === id) state.activeId = DEMO_PROFILE_ID;
      save();
      if (deleteLocalData) rmSync(join(dataDir, 'profiles', id), { recursive: true, force: true });
    },
  };
}

export type ProfileRegistry = ReturnType<typeof createProfileRegistry>;
