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
  /** `fresh`: a team profile opens on a new copy of its store, waited for (Reload), not its last one. */
  'profiles:switch': channel<ProfileView>().input(
    z.object({ profileId, fresh: z.boolean().optional() }).strict(),
  ),
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
  /**
   * A team profile (issue 63): a team's PostgreSQL store, asked first (the server answers, the user and
   * password are accepted); the password goes into the OS keychain (or this session's memory), never a
   * file. Nothing is kept when the server or the keychain refuses.
   */
  'profiles:addTeam': channel<ProfileView>().input(
    z
      .object({
        name: personName(80),
        host: z
          .string()
          .trim()
          .min(1)
          .max(253)
          .regex(/^[A-Za-z0-9.:_-]+$/, 'a host name or address'),
        port: z.number().int().min(1).max(65535).default(5432),
        database: z.string().trim().min(1).max(63),
        user: z.string().trim().min(1).max(63),
        ssl: z.enum(['disable', 'require', 'verify-full']).default('verify-full'),
        password: z.string().min(1).max(500),
        passwordStorage: z.enum(['keychain', 'session']).default('keychain'),
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
