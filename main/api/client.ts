/**
 * HTTP client for both service surfaces. Guarantees:
 * - every response body is validated and normalised (schemas.ts) before anyone uses it;
 * - 429, 5xx, timeouts, connection resets and cut-off bodies are retried with exponential backoff and
 *   full jitter, capped; a `Retry-After` (seconds or HTTP date) wins over the computed delay;
 * - the rate-limit headers of the latest response are tracked and exposed;
 * - failures are `ApiError`s whose message says what to do next; the token never appears in them.
 */
import type { z } from 'zod';
import { AppError } from '../errors';
import type { ErrorCode } from '../../preload/contract';
import {
  accountSchema,
  consentResponseSchema,
  customerSchema,
  errorBodySchema,
  feedSchema,
  listPageSchema,
  meterListSchema,
  meterSchema,
  mqttSettingsSchema,
  siteSchema,
  windowSchema,
  warmUpSchemas,
} from './schemas';
import { isoUtc } from '../time/local-days';

export class ApiError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly status: number | null,
    readonly serviceCode: string | null = null,
    readonly retryAtSec: number | null = null,
  ) {
    super(code, message);
    this.name = 'ApiError';
  }
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSec: number;
}

export interface ApiClientOptions {
  baseUrl: string;
  team: string;
  token: string;
  timeoutMs?: number;
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest Retry-After the client waits for before giving up with a "rate limited until" error. */
  maxRetryAfterSec?: number;
  onRateLimit?: (state: RateLimitState) => void;
  /** Cancels waits and requests (sync cancel). */
  signal?: AbortSignal;
  random?: () => number;
}

/** Splits the team base URL shown on the token page: `{base_url}/api/v1/teams/{team}`. */
export function splitTeamUrl(teamUrl: string): { baseUrl: string; team: string } {
  let url: URL;
  try {
    url = new URL(teamUrl.trim());
  } catch {
    throw new AppError(
      'invalid_input',
      'That is not a URL. Paste the team base URL from the token page, e.g. https://…/api/v1/teams/your-team.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new AppError('invalid_input', 'The team URL must start with https://.');
  const m = /^(.*?)\/api\/v1\/teams\/([^/]+)\/?$/.exec(url.pathname);
  if (!m)
    throw new AppError(
      'invalid_input',
      'The URL must end in /api/v1/teams/<team>, as shown on the token page.',
    );
  return { baseUrl: `${url.origin}${m[1]}`, team: decodeURIComponent(m[2]!) };
}

function hhmm(sec: number): string {
  return new Date(sec * 1000).toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });
}

export function parseRetryAfter(header: string | null, nowMs = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const ms = Date.parse(trimmed);
  if (!Number.isFinite(ms)) return null;
  return Math.max(0, Math.ceil((ms - nowMs) / 1000));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('cancelled', 'Cancelled.', null));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new ApiError('cancelled', 'Cancelled.', null));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createApiClient(opts: ApiClientOptions) {
  warmUpSchemas();
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 6;
  const baseDelayMs = opts.baseDelayMs ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 30_000;
  const maxRetryAfterSec = opts.maxRetryAfterSec ?? 120;
  const random = opts.random ?? Math.random;
  let rateLimit: RateLimitState | null = null;

  function errorFor(status: number, body: unknown, retryAfterSec: number | null): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    const code = parsed.success ? (parsed.data.error.code ?? null) : null;
    const msg = parsed.success ? (parsed.data.error.message ?? '') : '';
    const detail = msg ? ` (service: ${msg})` : '';
    if (status === 401)
      return new ApiError(
        'unauthenticated',
        `The service rejected the API token. Create a new token under Data → API Tokens and enter it again.${detail}`,
        status,
        code,
      );
    if (status === 403 && code === 'plan_required')
      return new ApiError('plan_required', `This needs a bigger plan.${detail}`, status, code);
    if (status === 403)
      return new ApiError(
        'forbidden',
        `The token is not allowed to do this (missing scope or another team).${detail}`,
        status,
        code,
      );
    if (status === 404) return new ApiError('not_found', `Not found on the service.${detail}`, status, code);
    if (status === 409)
      return new ApiError('conflict', msg || 'Conflict with the current state on the service.', status, code);
    if (status === 400 || status === 422)
      return new ApiError(
        'invalid_input',
        msg || `The service refused the request (${status}).`,
        status,
        code,
      );
    if (status === 429) {
      const until = Math.floor(Date.now() / 1000) + (retryAfterSec ?? 60);
      return new ApiError(
        'rate_limited',
        `Rate limited by the service until ${hhmm(until)}. Meterdesk will continue after that.`,
        status,
        code,
        until,
      );
    }
    return new ApiError(
      'unreachable',
      `The service answered with an error (${status}). Try again later.${detail}`,
      status,
      code,
    );
  }

  function trackRateLimit(res: Response): void {
    const limit = Number(res.headers.get('x-ratelimit-limit'));
    const remaining = Number(res.headers.get('x-ratelimit-remaining'));
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    if (res.headers.has('x-ratelimit-limit') && Number.isFinite(limit) && Number.isFinite(remaining)) {
      rateLimit = { limit, remaining, resetSec: Number.isFinite(reset) ? reset : 0 };
      opts.onRateLimit?.(rateLimit);
    }
  }

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    init: { query?: Record<string, string | undefined>; body?: unknown; retry?: boolean } = {},
  ): Promise<z.output<S>> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const retryable = init.retry ?? method === 'GET';
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let text: string;
      let waitSec: number | null = null;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
        res = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${opts.token}`,
            accept: 'application/json',
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
          redirect: 'follow',
          signal: AbortSignal.any(signals),
        });
        text = await res.text();
      } catch (err) {
        if (opts.signal?.aborted) throw new ApiError('cancelled', 'Sync was cancelled.', null);
        const reason =
          (err as Error).name === 'TimeoutError'
            ? `no answer within ${Math.round(timeoutMs / 1000)} s`
            : ((err as { cause?: Error }).cause?.message ?? (err as Error).message);
        if (retryable && attempt < maxRetries) {
          await sleep(backoff(attempt), opts.signal);
          continue;
        }
        throw new ApiError(
          'unreachable',
          `Cannot reach the service at ${base} (${reason}). Check the network or the base URL; your local data stays usable.`,
          null,
        );
      }
      trackRateLimit(res);
      let body: unknown = undefined;
      let parseFailed = false;
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          parseFailed = true;
        }
      }
      if (res.ok && !parseFailed) {
        const parsed = schema.safeParse(body ?? {});
        if (parsed.success) return parsed.data;
        const issue = parsed.error.issues[0];
        throw new ApiError(
          'bad_response',
          `The service sent an unexpected response for ${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
          res.status,
        );
      }
      const transient = res.status === 429 || res.status >= 500 || (res.ok && parseFailed);
      if (res.status === 429) waitSec = parseRetryAfter(res.headers.get('retry-after'));
      if (
        !transient ||
        !retryable ||
        attempt >= maxRetries ||
        (waitSec !== null && waitSec > maxRetryAfterSec)
      ) {
        if (res.ok && parseFailed)
          throw new ApiError(
            'bad_response',
            `The service sent an incomplete response for ${path}. Try again.`,
            res.status,
          );
        throw errorFor(res.status, body, waitSec);
      }
      await sleep(waitSec !== null ? waitSec * 1000 : backoff(attempt), opts.signal);
    }
  }

  function backoff(attempt: number): number {
    return Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
  }

  const team = encodeURIComponent(opts.team);
  async function listAll<S extends z.ZodType>(path: string, item: S): Promise<z.output<S>[]> {
    const out: z.output<S>[] = [];
    for (let page = 1; page < 1000; page++) {
      const res = await request('GET', path, listPageSchema, {
        query: { page: String(page), per_page: '100' },
      });
      for (const raw of res.data) {
        const p = item.safeParse(raw);
        if (p.success) out.push(p.data);
        else
          throw new ApiError(
            'bad_response',
            `The service sent an unexpected record from ${path}: ${p.error.issues[0]?.message ?? ''}`,
            200,
          );
      }
      if (!res.has_more) break;
    }
    return out;
  }

  return {
    get rateLimit() {
      return rateLimit;
    },
    account: () => request('GET', '/api/v1/account', accountSchema),
    listMeters: async () => (await request('GET', `/api/v1/teams/${team}/meters`, meterListSchema)).data,
    getMeter: (id: string) => request('GET', `/api/v1/smart-meters/${encodeURIComponent(id)}`, meterSchema),
    /** One page of a team-surface window read; follow `nextCursor` while `isTruncated`. */
    windowRead: (
      meterId: string,
      fromSec: number,
      toSec: number,
      o: { quality?: string; cursor?: string | null; limit?: number } = {},
    ) =>
      request('GET', `/api/v1/teams/${team}/meters/${encodeURIComponent(meterId)}/data`, windowSchema, {
        query: {
          from: isoUtc(fromSec),
          to: isoUtc(toSec),
          quality: o.quality,
          cursor: o.cursor ?? undefined,
          limit: o.limit ? String(o.limit) : undefined,
        },
      }),
    latest: (meterId: string) =>
      request('GET', `/api/v1/teams/${team}/meters/${encodeURIComponent(meterId)}/data/latest`, windowSchema),
    /** One page of the change feed; `cursor` null = from the beginning of the plan's retention. */
    feed: (meterId: string, cursor: string | null, o: { limit?: number; fromSec?: number } = {}) =>
      request('GET', `/api/v1/smart-meters/${encodeURIComponent(meterId)}/data`, feedSchema, {
        query: {
          cursor: cursor ?? undefined,
          from: cursor === null && o.fromSec !== undefined ? isoUtc(o.fromSec) : undefined,
          limit: o.limit ? String(o.limit) : undefined,
        },
      }),
    registerMeter: (body: {
      metering_point: string;
      energy_direction?: string;
      label?: string;
      site_id?: string;
    }) => request('POST', '/api/v1/smart-meters', meterSchema, { body }),
    requestConsent: (meterId: string, customerEmail?: string) =>
      request('POST', `/api/v1/smart-meters/${encodeURIComponent(meterId)}/consent`, consentResponseSchema, {
        body: customerEmail ? { customer_email: customerEmail } : {},
      }),
    customers: () => listAll('/api/v1/customers', customerSchema),
    sites: () => listAll('/api/v1/sites', siteSchema),
    mqttSettings: () => request('GET', '/api/v1/mqtt', mqttSettingsSchema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
