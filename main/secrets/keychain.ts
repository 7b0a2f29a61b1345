/**
 * The API token's only home: the OS keychain via keytar (service "Meterdesk", account = profile id).
 * This is the only module that imports keytar. Tokens are write-only from the UI's point of view:
 * nothing here returns a token across IPC; `get` is for the core's own API client.
 *
 * When no keychain is usable (Linux without a Secret Service, a locked keyring), calls fail with a
 * `keychain_unavailable` error naming the fix, unless the person explicitly chose "keep for this
 * session only", in which case the token lives in this process's memory until it exits.
 */
import { createRequire } from 'node:module';
import { AppError } from '../errors';

export const KEYCHAIN_SERVICE = 'Meterdesk';

interface Keytar {
  setPassword(service: string, account: string, password: string): Promise<void>;
  getPassword(service: string, account: string): Promise<string | null>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

const knownFailures = [
  /Cannot autolaunch D-Bus/i,
  /org\.freedesktop\.secrets/i,
  /locked collection/i,
  /dbus-launch/i,
  /Failed to execute child process/i,
  /No such interface/i,
  /Cannot load keytar/i,
];

export function keychainHelp(platform = process.platform): string {
  if (platform === 'linux') {
    return 'Install and unlock a Secret Service keyring (GNOME Keyring or KWallet; e.g. "sudo apt install gnome-keyring libsecret-1-0") and log in to a desktop session, or choose "Keep for this session only".';
  }
  if (platform === 'darwin')
    return 'Unlock the login keychain in Keychain Access, or choose "Keep for this session only".';
  return 'Check that Windows Credential Manager is available for your user, or choose "Keep for this session only".';
}

export interface SecretStore {
  set(profileId: string, token: string): Promise<void>;
  /**
   * Keeps one profile's token in this process's memory only (the person's explicit choice when the
   * OS keychain is not usable): it is forgotten when the app quits.
   */
  setForSession(profileId: string, token: string): void;
  get(profileId: string): Promise<string | null>;
  delete(profileId: string): Promise<void>;
  has(profileId: string): Promise<boolean>;
  /** Where a profile's token is: the keychain, this session's memory, nowhere, or unknown (keychain not usable). */
  state(profileId: string): Promise<'keychain' | 'session' | 'missing' | 'unreadable'>;
  /** Keeps every token in memory for this run when the OS keychain is unusable (an explicit choice). */
  useSessionOnly(enabled: boolean): void;
  readonly sessionOnly: boolean;
}

export function createSecretStore(opts: { service?: string; loadKeytar?: () => Keytar } = {}): SecretStore {
  const service = opts.service ?? KEYCHAIN_SERVICE;
  const session = new Map<string, string>();
  let sessionOnly = false;
  let keytar: Keytar | null = null;

  function load(): Keytar {
    if (keytar) return keytar;
    try {
      keytar = opts.loadKeytar ? opts.loadKeytar() : (createRequire(import.meta.url)('keytar') as Keytar);
      return keytar;
    } catch (err) {
      // keytar is an optional dependency: an install where it could not be built (Linux without
      // libsecret-1-dev) has none, and says so rather than show a module path.
      if ((err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND')
        throw new AppError(
          'keychain_unavailable',
          `This Meterdesk was installed without its OS keychain module (keytar could not be built; on Linux it needs libsecret-1-dev before "npm ci"). Tokens cannot be stored; choose "Keep for this session only", or install the keychain module and start Meterdesk again.`,
          { reason: 'keychain_module_missing' },
        );
      throw new AppError(
        'keychain_unavailable',
        `Cannot load keytar (the OS keychain module): ${(err as Error).message}. ${keychainHelp()}`,
        { reason: 'keychain_module_missing' },
      );
    }
  }

  async function call<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
    try {
      return await fn(load());
    } catch (err) {
      if (err instanceof AppError) throw err;
      const msg = (err as Error).message ?? String(err);
      const known = knownFailures.some((re) => re.test(msg));
      throw new AppError(
        'keychain_unavailable',
        `The OS keychain is not usable${known ? '' : ' (' + msg + ')'}. ${keychainHelp()}`,
        { reason: 'keychain_locked' },
      );
    }
  }

  return {
    get sessionOnly() {
      return sessionOnly;
    },
    useSessionOnly(enabled: boolean) {
      sessionOnly = enabled;
      if (!enabled) session.clear();
    },
    async set(profileId, token) {
      if (sessionOnly) {
        session.set(profileId, token);
        return;
      }
      await call((k) => k.setPassword(service, profileId, token));
      session.delete(profileId);
    },
    setForSession(profileId, token) {
      session.set(profileId, token);
    },
    async get(profileId) {
      const kept = session.get(profileId);
      if (kept !== undefined || sessionOnly) return kept ?? null;
      return call((k) => k.getPassword(service, profileId));
    },
    async delete(profileId) {
      const kept = session.delete(profileId);
      if (sessionOnly) return;
      try {
        await call((k) => k.deletePassword(service, profileId));
      } catch (err) {
        // A session-only token needs no keychain to be forgotten.
        if (!kept) throw err;
      }
    },
    async has(profileId) {
      if (session.has(profileId)) return true;
      if (sessionOnly) return false;
      return (await call((k) => k.getPassword(service, profileId))) !== null;
    },
    async state(profileId) {
      if (session.has(profileId)) return 'session';
      if (sessionOnly) return 'missing';
      try {
        return (await call((k) => k.getPassword(service, profileId))) !== null ? 'keychain' : 'missing';
      } catch {
        return 'unreadable';
      }
    },
  };
}
