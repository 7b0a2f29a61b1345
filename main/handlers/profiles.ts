/** Profiles and their tokens. Tokens go in (auth:setToken) and never come out. */
import type { ProfileView } from '../../preload/contract';
import { createApiClient, splitTeamUrl } from '../api/client';
import { AppError } from '../errors';
import type { Profile } from '../profiles/registry';
import { backupHandlers } from './backup';
import { addTeamProfile, teamStoreOf } from './team-profiles';
import type { HandlerContext, HandlersOf } from './context';

type ProfileChannels =
  | 'profiles:list'
  | 'profiles:switch'
  | 'profiles:add'
  | 'profiles:addTeam'
  | 'profiles:addLocal'
  | 'profiles:rename'
  | 'profiles:remove'
  | 'profiles:testConnection'
  | 'profiles:backup'
  | 'profiles:restore'
  | 'auth:setToken'
  | 'auth:status';

export function profileHandlers(ctx: HandlerContext): HandlersOf<ProfileChannels> {
  const { services } = ctx;
  const view = async (p: Profile): Promise<ProfileView> => {
    const tokenState =
      p.kind === 'demo'
        ? 'keychain'
        : p.kind === 'local' || p.kind === 'team'
          ? 'missing'
          : await services.secrets.state(p.id);
    return {
      ...teamStoreOf(services, p),
      id: p.id,
      name: p.name,
      kind: p.kind,
      baseUrl: p.baseUrl,
      team: p.team,
      plan: p.plan,
      isActive: services.profiles.activeId() === p.id,
      hasToken: tokenState === 'keychain' || tokenState === 'session',
      tokenState,
    };
  };
  /** Stores a token where the person chose: the keychain (errors say how to fix it) or this session. */
  const storeToken = async (profileId: string, token: string, storage: 'keychain' | 'session') => {
    if (storage === 'session') services.secrets.setForSession(profileId, token);
    else await services.secrets.set(profileId, token);
  };
  /**
   * The URL and the token, before the keychain (a wrong token used to be answered with a locked
   * keychain's words): a token or team the service refuses is said at once. A new profile (`reachable`)
   * also needs the service to answer — Save says what "Test connection" says (issue 64: it said the
   * keychain was not usable while the service was not reachable), and nothing is stored. A new token for
   * a profile that exists is kept while the service is away: it syncs when it can, and says why not.
   */
  const checkCredentials = async (baseUrl: string, team: string, token: string, reachable: boolean) => {
    try {
      await createApiClient({ baseUrl, team, token, maxRetries: 1, timeoutMs: 15_000 }).listMeters();
    } catch (err) {
      const code = err instanceof AppError ? err.code : null;
      if (reachable || code === 'unauthenticated' || code === 'forbidden' || code === 'not_found') throw err;
    }
  };
  return {
    ...backupHandlers(ctx, view),
    'profiles:list': async () => Promise.all(services.profiles.list().map(view)),
    'profiles:switch': async ({ profileId, fresh }) =>
      view((await services.switchProfile(profileId, { fresh })).profile),
    'profiles:add': async ({ name, teamUrl, token, tokenStorage }) => {
      const { baseUrl, team } = splitTeamUrl(teamUrl);
      await checkCredentials(baseUrl, team, token, true);
      // The token first: a profile exists only with its token (a keychain that refuses leaves nothing).
      const id = services.profiles.idFor(name);
      await storeToken(id, token, tokenStorage);
      try {
        return await view(services.profiles.add({ id, name, baseUrl, team, plan: null }));
      } catch (err) {
        await services.secrets.delete(id).catch(() => undefined);
        throw err;
      }
    },
    'profiles:addTeam': async (input) => view(await addTeamProfile(services, input)),
    'profiles:addLocal': async ({ name }) => view(services.profiles.addLocal(name)),
    'profiles:rename': async ({ profileId, name }) => view(services.profiles.update(profileId, { name })),
    'profiles:remove': async ({ profileId, deleteLocalData }) => {
      if (services.profiles.activeId() === profileId) services.closeActive();
      await services.whenClosed();
      const team = services.profiles.get(profileId).kind === 'team';
      await (team ? services.teamSecrets : services.secrets).delete(profileId).catch(() => undefined);
      services.profiles.remove(profileId, deleteLocalData);
      return { removed: true };
    },
    'profiles:testConnection': async ({ teamUrl, token }) => {
      const { baseUrl, team } = splitTeamUrl(teamUrl);
      const api = createApiClient({ baseUrl, team, token, maxRetries: 1, timeoutMs: 15_000 });
      const meters = await api.listMeters();
      const account = await api.account().catch(() => null);
      return { team, plan: account?.plan ?? null, meterCount: meters.length };
    },
    'auth:setToken': async ({ profileId, token, tokenStorage }) => {
      const p = services.profiles.get(profileId);
      if (p.kind !== 'account')
        throw new AppError('conflict', `The ${p.kind} profile has no account and needs no token.`, {
          reason: 'token_not_needed',
        });
      await checkCredentials(p.baseUrl, p.team, token, false);
      await storeToken(profileId, token, tokenStorage);
      const api = createApiClient({ baseUrl: p.baseUrl, team: p.team, token, maxRetries: 1 });
      const account = await api.account().catch(() => null);
      if (account?.plan) services.profiles.update(profileId, { plan: account.plan });
      // The active profile was opened without a usable token: reopen it with the new one and sync.
      if (services.profiles.activeId() === profileId) await services.switchProfile(profileId);
      return { hasToken: true };
    },
    'auth:status': async ({ profileId }) => {
      const p = services.profiles.get(profileId);
      return { hasToken: p.kind === 'demo' ? true : await services.secrets.has(profileId) };
    },
  };
}
