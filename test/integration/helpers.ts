// Shared helpers for integration tests: a real demo service over HTTP and small request helpers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../preload/contract';
import { startDemoService, type DemoService, type DemoServiceOptions } from '../../main/demo/service';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices, type ServicesOptions } from '../../main/services';

export const CLOCK = '2026-11-20T12:00:00Z';

export async function demo(opts: DemoServiceOptions = {}): Promise<DemoService> {
  return startDemoService({
    seed: 1,
    years: 0.2,
    clock: CLOCK,
    withBrokers: false,
    webhookBackoffMs: 20,
    ...opts,
  });
}

export async function get(svc: DemoService, path: string, token: string | null = svc.info.tokens.pro) {
  const res = await fetch(svc.info.base_url + path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {
    status: res.status,
    headers: res.headers,
    body: body as Record<string, any> & {
      data: Record<string, any>[];
      meta: Record<string, any>;
    },
    text,
  };
}

export async function send(
  svc: DemoService,
  method: string,
  path: string,
  body: unknown,
  token: string | null = svc.info.tokens.pro,
) {
  const res = await fetch(svc.info.base_url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, any>,
  };
}

export async function admin(svc: DemoService, method: string, path: string, body?: unknown) {
  const res = await fetch(svc.info.admin_url + path, {
    method,
    headers: body !== undefined ? { 'content-type': 'application/json' } : {},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}

export function errorCode(r: { body: Record<string, any> }): string | undefined {
  return r.body?.error?.code;
}

/**
 * The demo profile as the app opens it (session-only secrets, no MQTT), synced, with the contract's
 * handlers: `call` answers a channel's data or throws its error (kept on the thrown `error`).
 */
export async function demoProfile(years: number, extra: Partial<ServicesOptions> = {}) {
  const secrets = createSecretStore({
    loadKeytar: () => {
      throw new Error('none');
    },
  });
  secrets.useSessionOnly(true);
  const services = createServices({
    dataDir: mkdtempSync(join(tmpdir(), 'md-demo-')),
    shell: 'harness',
    version: '0',
    secrets,
    mqtt: false,
    demo: { seed: 1, meters: 9, years, clock: CLOCK, withBrokers: false },
    ...extra,
  });
  const h = createHandlers(services);
  const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const r = (await dispatch(h, channel, input)) as Result<T>;
    if (!r.ok) throw Object.assign(new Error(r.error.message), { error: r.error });
    return r.data;
  };
  await services.syncNow();
  return { services, call };
}
