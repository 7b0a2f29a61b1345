/**
 * The profiles part of the IPC contract (spread into `channels` in contract.ts): profiles and their
 * tokens (tokens go in, never out), and a profile as one backup file and back.
 */
import { z } from 'zod';
import { personName } from './person-name';
import { channel } from './channel';
import type { BackupResult, ConnectionTest, ProfileView, RestoreResult } from './results-contract';

const none = z.object({}).strict();
const profileId = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, 'profile ids are lowercase letters, digits and dashes');

export const profileChannels = {
  'profiles:list': channel<ProfileView[]>().input(none),
  'profiles:switch': channel<ProfileView>().input(z.object({ profileId }).strict()),
  /**
   * A new account profile with its token, all or nothing: without a place for the token (the keychain
   * refuses and the session was not chosen) no profile is created.
   */
  'profiles:add': channel<ProfileView>().input(
    z
      .object({
        name: personName(80),
        /** The team base URL as shown on the token page: `{base_url}/api/v1/teams/{team}`. */
        teamUrl: z.string().url().max(500),
        token: z.string().trim().min(8).max(500),
        /** 'session': keep the token in memory only, forgotten when the app quits (no keychain needed). */
        tokenStorage: z.enum(['keychain', 'session']).default('keychain'),
      })
      .strict(),
  ),
  /** A profile without an account, for files imported from the grid operators' portals. */
  'profiles:addLocal': channel<ProfileView>().input(z.object({ name: personName(80) }).strict()),
  'profiles:rename': channel<ProfileView>().input(z.object({ profileId, name: personName(80) }).strict()),
  'profiles:remove': channel<{ removed: true }>().input(
    z.object({ profileId, deleteLocalData: z.boolean() }).strict(),
  ),
  /** The active profile as one file (a save dialog; db/backup.ts), with what it holds. */
  'profiles:backup': channel<BackupResult>().input(none),
  /**
   * A backup file (an open dialog) checked and copied into a new local profile; never over an
   * existing one. `name`: the new profile's, else the backed-up one's with the backup's date.
   */
  'profiles:restore': channel<RestoreResult>().input(z.object({ name: personName(80).optional() }).strict()),
  'profiles:testConnection': channel<ConnectionTest>().input(
    z.object({ teamUrl: z.string().url().max(500), token: z.string().min(8).max(500) }).strict(),
  ),
  'auth:setToken': channel<{ hasToken: boolean }>().input(
    z
      .object({
        profileId,
        token: z.string().trim().min(8).max(500),
        tokenStorage: z.enum(['keychain', 'session']).default('keychain'),
      })
      .strict(),
  ),
  'auth:status': channel<{ hasToken: boolean }>().input(z.object({ profileId }).strict()),
};
