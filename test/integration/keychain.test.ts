// The token in the real OS keychain (gnome-keyring over D-Bus; npm test starts one, see TOOLCHAIN.md):
// set/get/delete; the token never reaches the database, profiles.json, logs or any contract result;
// without a usable keychain the error names the fix.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices } from '../../main/services';
import { createHandlers } from '../../main/handlers';
import { dispatch } from '../../main/dispatch';
import { startDemoService, type DemoService } from '../../main/demo/service';

const hasBus = !!process.env.DBUS_SESSION_BUS_ADDRESS;

describe('OS keychain', () => {
  it('runs inside a D-Bus session with a Secret Service (npm test provides one)', () => {
    expect(
      hasBus,
      'No D-Bus session: run the tests with "npm test", which starts gnome-keyring (see TOOLCHAIN.md).',
    ).toBe(true);
  });

  it('stores, reads and deletes a token under service Meterdesk, account = profile id', async () => {
    const store = createSecretStore({ service: `Meterdesk-test-${process.pid}` });
    await store.set('profile-a', 'tok-aaaaaaaaaaaa');
    expect(await store.get('profile-a')).toBe('tok-aaaaaaaaaaaa');
    expect(await store.has('profile-a')).toBe(true);
    await store.delete('profile-a');
    expect(await store.get('profile-a')).toBeNull();
  });

  it('explains the fix when no keychain is usable, and offers the session-only choice', () => {
    const env = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/meterdesk-bus',
      DISPLAY: '',
    };
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/fixtures/keychain-probe.ts'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
      ok: boolean;
      code: string;
      message: string;
    };
    expect(out.ok).toBe(false);
    expect(out.code).toBe('keychain_unavailable');
    expect(out.message).toMatch(/Secret Service/);
    expect(out.message).toMatch(/session only/);
  });

  it('says plainly when this install has no keychain module (keytar is optional) and offers the session', async () => {
    const store = createSecretStore({
      loadKeytar: () => {
        throw Object.assign(new Error("Cannot find module 'keytar'"), { code: 'MODULE_NOT_FOUND' });
      },
    });
    await expect(store.set('p', 'tok-cccccccccccc')).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringMatching(/installed without its OS keychain module.*Keep for this session only/),
    });
    expect(await store.state('p')).toBe('unreadable');
  });

  it('keeps a token in memory only after the explicit session-only choice', async () => {
    const store = createSecretStore({
      loadKeytar: () => {
        throw new Error('no keychain here');
      },
    });
    await expect(store.set('p', 'tok-bbbbbbbbbbbb')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    store.useSessionOnly(true);
    await store.set('p', 'tok-bbbbbbbbbbbb');
    expect(await store.get('p')).toBe('tok-bbbbbbbbbbbb');
  });
});

describe('the token stays in the keychain', () => {
  let demo: DemoService;
  beforeAll(async () => {
    demo = await startDemoService({ seed: 7, years: 0.1, clock: '2026-06-15T12:00:00Z', withBrokers: false });
  });
  afterAll(async () => demo.stop());

  it('never appears in the database, profiles.json, logs or any contract result', async () => {
    const token = demo.info.tokens.pro;
    const dataDir = mkdtempSync(join(tmpdir(), 'md-token-'));
    const logs: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void logs.push(a.map(String).join(' '))),
    );
    const services = createServices({
      dataDir,
      shell: 'harness',
      version: '0',
      secrets: createSecretStore({ service: `Meterdesk-test-${process.pid}` }),
      autoSync: false,
    });
    const handlers = createHandlers(services);
    const results: unknown[] = [];
    const call = async (channel: string, input: unknown) => {
      const r = await dispatch(handlers, channel, input);
      results.push(r);
      return r as { ok: boolean; data: { id: string } };
    };
    const added = await call('profiles:add', {
      name: 'Kunde',
      teamUrl: `${demo.info.base_url}/api/v1/teams/${demo.info.team}`,
      token,
    });
    expect(added.ok).toBe(true);
    await call('profiles:testConnection', {
      teamUrl: `${demo.info.base_url}/api/v1/teams/${demo.info.team}`,
      token,
    });
    await call('auth:setToken', { profileId: added.data.id, token });
    await call('auth:status', { profileId: added.data.id });
    await call('profiles:switch', { profileId: added.data.id });
    await services.syncNow();
    await call('profiles:list', {});
    await call('meters:list', {});
    await call('sync:status', {});
    await services.close();
    spies.forEach((s) => s.mockRestore());

    expect(JSON.stringify(results)).not.toContain(token);
    expect(logs.join('\n')).not.toContain(token);
    const files: string[] = [];
    const walk = (d: string) =>
      readdirSync(d).forEach((f) =>
        statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : files.push(join(d, f)),
      );
    walk(dataDir);
    expect(files.some((f) => f.endsWith('.sqlite'))).toBe(true);
    for (const f of files) expect(readFileSync(f).includes(Buffer.from(token)), f).toBe(false);
    const listed = results.find(
      (r) => Array.isArray((r as { data?: unknown }).data) && JSON.stringify(r).includes('hasToken'),
    ) as { data: { id: string; hasToken: boolean }[] };
    expect(listed.data.find((p) => p.id === added.data.id)?.hasToken).toBe(true);
    await createSecretStore({ service: `Meterdesk-test-${process.pid}` }).delete(added.data.id);
  });
});

describe('without a usable keychain', () => {
  let demo: DemoService;
  beforeAll(async () => {
    demo = await startDemoService({
      seed: 7,
      years: 0.05,
      clock: '2026-06-15T12:00:00Z',
      withBrokers: false,
    });
  });
  afterAll(async () => demo.stop());

  it('creates no profile when the keychain refuses, and one that works for this session after the explicit choice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'md-nokeychain-'));
    const services = createServices({
      dataDir,
      shell: 'harness',
      version: '0',
      autoSync: false,
      mqtt: false,
      secrets: createSecretStore({
        loadKeytar: () => ({
          setPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
          getPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
          deletePassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
        }),
      }),
    });
    const handlers = createHandlers(services);
    try {
      const teamUrl = `${demo.info.base_url}/api/v1/teams/${demo.info.team}`;
      const token = demo.info.tokens.pro;
      // A wrong token is said as such, before the keychain is asked (issue 42, item 18).
      const wrong = (await dispatch(handlers, 'profiles:add', {
        name: 'Kunde',
        teamUrl,
        token: 'md_wrong_token_value',
      })) as { ok: false; error: { code: string } };
      expect(wrong.ok).toBe(false);
      expect(wrong.error.code).toBe('unauthenticated');
      const refused = (await dispatch(handlers, 'profiles:add', { name: 'Kunde', teamUrl, token })) as {
        ok: false;
        error: { code: string; message: string };
      };
      expect(refused.ok).toBe(false);
      expect(refused.error.code).toBe('keychain_unavailable');
      expect(refused.error.message).toMatch(/Keep for this session only/);
      // All or nothing: no profile without its token.
      const listed = (await dispatch(handlers, 'profiles:list', {})) as { data: { id: string }[] };
      expect(listed.data.map((p) => p.id)).toEqual(['demo']);

      const kept = (await dispatch(handlers, 'profiles:add', {
        name: 'Kunde',
        teamUrl,
        token,
        tokenStorage: 'session',
      })) as {
        ok: true;
        data: { id: string; hasToken: boolean; tokenState: string };
      };
      expect(kept.ok).toBe(true);
      expect(kept.data).toMatchObject({ hasToken: true, tokenState: 'session' });
      await handlers['profiles:switch']({ profileId: kept.data.id });
      const summary = await services.syncNow();
      expect(summary?.errors).toEqual([]);
      expect(summary?.readingsWritten).toBeGreaterThan(0);
      // The demo profile's status and quota do not leak into this one, nor this one's into the demo's.
      expect(services.syncStatus().lastError).toBeNull();
      await handlers['profiles:switch']({ profileId: 'demo' });
      expect(services.syncStatus()).toMatchObject({ lastError: null, warnings: [], rateLimit: null });
      const views = (await dispatch(handlers, 'profiles:list', {})) as {
        data: { id: string; tokenState: string }[];
      };
      expect(views.data.find((p) => p.id === kept.data.id)?.tokenState).toBe('session');
    } finally {
      await services.close();
    }
  });
});
