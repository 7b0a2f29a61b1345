/**
 * The core as the app drives it, for tests: services on a fresh data folder (no keychain, no sync,
 * no MQTT), the handlers, and `call` (unwraps a Result, throws with its error) / `raw` (the Result).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../preload/contract';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices } from '../../main/services';

export function contractApp(prefix = 'md-app-') {
  const secrets = createSecretStore({
    loadKeytar: () => {
      throw new Error('no keychain in this test');
    },
  });
  secrets.useSessionOnly(true);
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), prefix)),
    shell: 'harness',
    version: '0',
    secrets,
    autoSync: false,
    mqtt: false,
  });
  const h = createHandlers(services);
  const raw = (channel: string, input: unknown = {}) =>
    dispatch(h, channel, input) as Promise<Result<unknown>>;
  const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const r = await raw(channel, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), { error: r.error });
    return r.data as T;
  };
  return { services, call, raw };
}
