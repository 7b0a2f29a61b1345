/**
 * One request to the service: same-origin redirects, bounded bodies (doors/json-bytes.ts), retries
 * with backoff and Retry-After, rate-limit headers tracked, every failure an ApiError (api-error.ts).
 */
import type { z } from 'zod';
import { ApiError, errorFor } from './api-error';
import { serviceText } from './service-text';
import { DoorRefusal, jsonShapeIssue as shapeIssue, parseJsonBounded } from '../doors/json-bytes';
import { exchangeOnce, type Answer, type ExchangeInit } from './http-exchange';
import { systemClock } from '../time/clock';

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
  /** Largest response body accepted, in bytes after decompression (default 64 MB). */
  maxResponseBytes?: number;
  onRateLimit?: (state: RateLimitState) => void;
  /** Cancels waits and requests (sync cancel). */
  signal?: AbortSignal;
  random?: () => number;
}

/** The data-format version this client is written for, sent as `Energiedaten-Version` (SERVICE-CONTRACT §10). */
export const ENERGIEDATEN_VERSION = '2025-01-01';
/** Readings a page may hold: the service's largest page (50 000) with room to spare. */
export const MAX_PAGE_READINGS = 100_000;
const MAX_REDIRECTS = 5;
/**
 * The most objects and arrays, and the most values, a response may hold: a page of MAX_PAGE_READINGS
 * readings has one object and about eight values each. JSON.parse of 60 MB of `{}` builds 20 M objects
 * (2–3.5 GB); counting brackets and commas first bounds the parse's memory, not only its bytes.
 */
export const MAX_JSON_CONTAINERS = 2 * MAX_PAGE_READINGS + 10_000;
export const MAX_JSON_VALUES = 12 * MAX_PAGE_READINGS + 10_000;

/** What makes a service answer too big to parse (as a phrase), or null (doors/json-bytes.ts). */
export const jsonShapeIssue = (text: string) =>
  shapeIssue(text, { containers: MAX_JSON_CONTAINERS, values: MAX_JSON_VALUES });

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Why a base URL cannot carry a token, or null. `http://` only on loopback (the demo, local tests). */
export function insecureUrlReason(url: URL): string | null {
  if (url.username || url.password)
    return 'The team URL must not hold a user name or password: Meterdesk signs in with the token, which it keeps in the keychain.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  if (url.protocol === 'http:')
    return 'The team URL must start with https:// (plain http:// would send the token unencrypted; it is allowed only for this computer, 127.0.0.1 or localhost).';
  return 'The team URL must start with https://.';
}

// IMF-fixdate (what servers send), RFC 850 and asctime: the three forms HTTP allows for a date.
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * Seconds to wait from a `Retry-After` header: whole seconds, or an HTTP date (a past date = 0). A
 * negative number, a fraction or anything else is not a `Retry-After`: null (normal backoff applies).
 */
export function parseRetryAfter(header: string | null, nowMs = systemClock.nowMs()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed);
  if (!HTTP_DATE.some((re) => re.test(trimmed))) return null;
  const ms = Date.parse(trimmed);
  if (!Number.isFinite(ms)) return null;
  return Math.max(0, Math.ceil((ms - nowMs) / 1000));
}

/** The service's clock from its `Date` header, when it is a plausible time; null otherwise. */
function servedSecOf(res: Answer): number | null {
  const text = res.header('date');
  if (!text || !HTTP_DATE.some((re) => re.test(text.trim()))) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= 946_684_800_000 ? Math.floor(ms / 1000) : null;
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

/** One exchange, following same-origin redirects only; its body at most `maxBytes` (doors/json-bytes.ts). */
async function exchange(baseUrl: URL, url: URL, init: ExchangeInit, maxBytes: number): Promise<Answer> {
  let at = url;
  for (let hop = 0; ; hop++) {
    const res = await exchangeOnce(at, init, maxBytes);
    if (![301, 302, 303, 307, 308].includes(res.status)) return res;
    const location = res.header('location');
    const next = location ? new URL(location, at) : null;
    if (!next || next.origin !== baseUrl.origin)
      throw new ApiError(
        'bad_response',
        `The service redirected to ${next ? next.origin : 'nowhere'}, which is not ${baseUrl.origin}. Meterdesk only follows redirects on the same service; check the team URL.`,
        res.status,
      );
    if (hop >= MAX_REDIRECTS)
      throw new ApiError('bad_response', 'The service redirected too many times.', res.status);
    at = next;
  }
}

/** A body as JSON within the caps; `parseFailed` when it is not JSON at all (cut off, or text). */
function parseBody(
  bytes: Buffer,
  status: number,
  path: string,
  maxBytes: number,
): { body: unknown; parseFailed: boolean } {
  try {
    return {
      body: parseJsonBounded(bytes, maxBytes, { containers: MAX_JSON_CONTAINERS, values: MAX_JSON_VALUES }),
      parseFailed: false,
    };
  } catch (err) {
    if (!(err instanceof DoorRefusal) || err.kind !== 'not_json')
      throw new ApiError(
        'bad_response',
        `The service sent ${(err as Error).message} for ${path}; Meterdesk refuses answers that would take that much memory. Report this to the service.`,
        status,
      );
    return { body: undefined, parseFailed: true };
  }
}

/** The client's options, filled in with their defaults. */
function settled(opts: ApiClientOptions) {
  return {
    timeoutMs: opts.timeoutMs ?? 30_000,
    maxRetries: opts.maxRetries ?? 6,
    baseDelayMs: opts.baseDelayMs ?? 500,
    maxDelayMs: opts.maxDelayMs ?? 30_000,
    maxRetryAfterSec: opts.maxRetryAfterSec ?? 60,
    maxResponseBytes: opts.maxResponseBytes ?? 64 * 1024 * 1024,
    random: opts.random ?? Math.random,
  };
}

/** Requests against `base` (already checked: a URL that may carry the token) with `opts`. */
export function createTransport(opts: ApiClientOptions, base: string, baseUrl: URL) {
  const { timeoutMs, maxRetries, baseDelayMs, maxDelayMs, maxRetryAfterSec, maxResponseBytes, random } =
    settled(opts);
  let rateLimit: RateLimitState | null = null;

  function trackRateLimit(res: Answer): void {
    const limit = Number(res.header('x-ratelimit-limit'));
    const remaining = Number(res.header('x-ratelimit-remaining'));
    const reset = Number(res.header('x-ratelimit-reset'));
    if (res.header('x-ratelimit-limit') !== null && Number.isFinite(limit) && Number.isFinite(remaining)) {
      rateLimit = { limit, remaining, resetSec: Number.isFinite(reset) ? reset : 0 };
      opts.onRateLimit?.(rateLimit);
    }
  }

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    init: {
      query?: Record<string, string | undefined>;
      body?: unknown;
      retry?: boolean;
      /** A reader of a successful answer's bytes (the page reader); null: the general way reads it. */
      fast?: (bytes: Buffer) => z.output<S> | null;
    } = {},
  ): Promise<{ data: z.output<S>; servedSec: number | null }> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const retryable = init.retry ?? method === 'GET';
    // Seconds this request has waited for Retry-After: at most maxRetryAfterSec in all, then the run
    // stops saying until when (a Retry-After of 60 s held one meter 6 × 60 s, silently; issue 43).
    let waitedSec = 0;
    for (let attempt = 0; ; attempt++) {
      let res: Answer;
      let waitSec: number | null = null;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
        res = await exchange(
          baseUrl,
          url,
          {
            method,
            headers: {
              authorization: `Bearer ${opts.token}`,
              accept: 'application/json',
              'energiedaten-version': ENERGIEDATEN_VERSION,
              ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
            signal: AbortSignal.any(signals),
          },
          maxResponseBytes,
        );
      } catch (err) {
        if (err instanceof ApiError) throw err;
        if (opts.signal?.aborted) throw new ApiError('cancelled', 'Sync was cancelled.', null);
        if (err instanceof DoorRefusal)
          throw new ApiError(
            'bad_response',
            `The service sent more than ${Math.round(maxResponseBytes / 1024 / 1024)} MB for ${path}; Meterdesk refuses answers that large. Report this to the service.`,
            null,
          );
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
          `Cannot reach the service at ${base} (${serviceText(reason)}). Check the network or the base URL; your local data stays usable.`,
          null,
        );
      }
      trackRateLimit(res);
      const bytes = res.body;
      const fast = res.ok && init.fast ? init.fast(bytes) : null;
      if (fast !== null) return { data: fast, servedSec: servedSecOf(res) };
      const { body, parseFailed } = parseBody(bytes, res.status, path, maxResponseBytes);
      if (res.ok && !parseFailed) {
        const parsed = schema.safeParse(body ?? {});
        if (parsed.success) return { data: parsed.data, servedSec: servedSecOf(res) };
        const issue = parsed.error.issues[0];
        throw new ApiError(
          'bad_response',
          `The service sent an unexpected response for ${path}: ${issue?.path.join('.') ?? ''} ${serviceText(issue?.message ?? '')}`.trim(),
          res.status,
        );
      }
      const transient = res.status === 429 || res.status >= 500 || (res.ok && parseFailed);
      if (res.status === 429) waitSec = parseRetryAfter(res.header('retry-after'));
      if (
        !transient ||
        !retryable ||
        attempt >= maxRetries ||
        (waitSec !== null && waitedSec + waitSec > maxRetryAfterSec)
      ) {
        if (res.ok && parseFailed)
          throw new ApiError(
            'bad_response',
            `The service sent an incomplete response for ${path}. Try again.`,
            res.status,
          );
        throw errorFor(res.status, body, bytes.toString('utf8'), waitSec);
      }
      if (waitSec !== null) waitedSec += waitSec;
      await sleep(waitSec !== null ? waitSec * 1000 : backoff(attempt), opts.signal);
    }
  }

  const get = async <S extends z.ZodType>(
    path: string,
    schema: S,
    query?: Record<string, string | undefined>,
  ) => (await request('GET', path, schema, { query })).data;

  function backoff(attempt: number): number {
    return Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
  }

  return {
    request,
    get,
    get rateLimit() {
      return rateLimit;
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
