// Shared helpers for integration tests: a real demo service over HTTP and small request helpers.
import { startDemoService, type DemoService, type DemoServiceOptions } from '../../main/demo/service';

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
