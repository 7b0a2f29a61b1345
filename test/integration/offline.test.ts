// Everything already stored stays usable when the service is gone or the token cannot be read.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices } from '../../main/services';
import { demo } from './helpers';

const sessionSecrets = () => {
  const s = createSecretStore({
    loadKeytar: () => {
      throw new Error('no keychain in this test');
    },
  });
  s.useSessionOnly(true);
  return s;
};

describe('offline use', () => {
  it('opens the local copy without the service and without a token, and says why it cannot sync', async () => {
    const svc = await demo({ years: 0.05 });
    const dataDir = mkdtempSync(join(tmpdir(), 'md-offline-'));
    const first = createServices({
      dataDir,
      shell: 'harness',
      version: '0',
      secrets: sessionSecrets(),
      autoSync: false,
    });
    const h1 = createHandlers(first);
    const added = (await dispatch(h1, 'profiles:add', {
      name: 'Kunde',
      teamUrl: `${svc.info.base_url}/api/v1/teams/${svc.info.team}`,
      token: svc.info.tokens.pro,
    })) as { ok: true; data: { id: string } };
    await dispatch(h1, 'profiles:switch', { profileId: added.data.id });
    const synced = await first.syncNow();
    expect(synced?.errors).toEqual([]);
    const online = (await dispatch(h1, 'meters:list', {})) as {
      ok: true;
      data: { id: string; latestDataSec: number | null }[];
    };
    expect(online.data.length).toBeGreaterThan(0);
    await first.close();
    await svc.stop();

    // A restart: the service is gone and the session-only token was forgotten.
    const second = createServices({
      dataDir,
      shell: 'harness',
      version: '0',
      secrets: sessionSecrets(),
      autoSync: false,
    });
    const h2 = createHandlers(second);
    const offline = (await dispatch(h2, 'meters:list', {})) as {
      ok: true;
      data: { id: string; latestDataSec: number | null }[];
    };
    expect(offline.ok).toBe(true);
    expect(offline.data.map((m) => m.id).sort()).toEqual(online.data.map((m) => m.id).sort());
    const withData = offline.data.find((m) => m.latestDataSec !== null)!;
    const meter = (await dispatch(h2, 'meters:list', {})) as { data: { id: string; registers: string[] }[] };
    const regs = meter.data.find((m) => m.id === withData.id)!.registers;
    const series = (await dispatch(h2, 'readings:series', {
      meterId: withData.id,
      obisCode: regs[0],
      fromSec: withData.latestDataSec! - 86_400,
      toSec: withData.latestDataSec!,
    })) as { ok: true; data: { values: (number | null)[] } };
    expect(series.data.values.filter((v) => v !== null).length).toBe(96);
    await second.syncNow();
    const status = second.syncStatus();
    expect(status.state).toBe('error');
    expect(status.lastError).toMatchObject({ code: 'unauthenticated', reason: 'no_token' });
    expect(status.lastError?.message).toMatch(/No API token is stored/);
    const views = (await dispatch(h2, 'profiles:list', {})) as { data: { id: string; tokenState: string }[] };
    expect(views.data.find((p) => p.id === added.data.id)?.tokenState).toBe('missing');
    // With a token again but the service still gone: "offline", and the data stays readable.
    await dispatch(h2, 'auth:setToken', { profileId: added.data.id, token: 'md_some_token_again' });
    await second.syncNow(); // retries with backoff before it gives up
    expect(second.syncStatus().state).toBe('offline');
    expect(second.syncStatus().lastError?.message).toMatch(/Cannot reach the service/);
    expect(((await dispatch(h2, 'meters:list', {})) as { data: unknown[] }).data).toHaveLength(
      offline.data.length,
    );
    await second.close();
  });
});
