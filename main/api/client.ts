/**
 * HTTP client for both service surfaces. Guarantees:
 * - every response body is validated and normalised (schemas.ts) before anyone uses it; a page says
 *   what it says about further pages, and nothing is guessed from what it leaves out;
 * - bodies are capped (`maxResponseBytes`, counted after decompression, and by `Content-Length`
 *   before): a response over the cap is an error, never a memory spike;
 * - redirects are followed on the same origin only (the `current` generation's legacy team URLs
 *   answer 308); a redirect to another origin is refused, so no other host's answer is ever stored;
 * - `http://` is refused except on loopback (the token would travel in clear text);
 * - 429, 5xx, timeouts, connection resets and cut-off bodies are retried with exponential backoff and
 *   full jitter, capped; a `Retry-After` (seconds or HTTP date) of at most `maxRetryAfterSec` is
 *   waited for, a longer one ends the request with a "rate limited until" error, and a negative or
 *   unreadable one falls back to the normal backoff;
 * - the rate-limit headers of the latest response are tracked and exposed;
 * - failures are `ApiError`s whose message says what to do next; the service's own text is cleaned of
 *   control characters and shortened; the token never appears in them.
 */
import type { z } from 'zod';
import { AppError } from '../errors';
import type { ErrorCode } from '../../preload/contract';
import {
  accountSchema,
  consentResponseSchema,
  customerSchema,
  errorBodySchema,
  implausibility,
  listPageSchema,
  MAX_SERIES_PER_METER,
  meterListSchema,
  meterSchema,
  mqttSettingsSchema,
  pageSchema,
  siteSchema,
  warmUpSchemas,
  type ApiMeter,
  type ApiPage,
} from './schemas';
import { serviceText } from './service-text';
import {
  DoorRefusal,
  jsonShapeIssue as shapeIssue,
  parseJsonBounded,
  readBodyBounded,
} from '../doors/json-bytes';
import { believedServiceNow, MAX_METERS } from '../../common/rules';
import { isoUtc } from '../time/local-days';
import { z as zod } from 'zod';
import { systemClock } from '../time/clock';

const anySchema = zod.unknown();

export class ApiError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly status: number | null,
    readonly serviceCode: string | null = null,
    readonly retryAtSec: number | null = null,
    /** The service's own words (cleaned, capped), kept apart for the UI's details. */
    readonly serviceText: string | null = null,
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

/** Splits the team base URL shown on the token page: `{base_url}/api/v1/teams/{team}`. */
export function splitTeamUrl(teamUrl: string): { baseUrl: string; team: string } {
  let url: URL;
  try {
    url = new URL(teamUrl.trim());
  } catch {
    throw new AppError(
      'invalid_input',
      'That is not a URL. Paste the team base URL from the token page, e.g. https://…/api/v1/teams/your-team.',
      { reason: 'team_url_not_url' },
    );
  }
  const insecure = insecureUrlReason(url);
  if (insecure) throw new AppError('invalid_input', insecure);
  const m = /^(.*?)\/api\/v1\/teams\/([^/]+)\/?$/.exec(url.pathname);
  if (!m)
    throw new AppError(
      'invalid_input',
      'The URL must end in /api/v1/teams/<team>, as shown on the token page.',
    );
  return { baseUrl: `${url.origin}${m[1]}`, team: decodeURIComponent(m[2]!) };
}

/** A time as a person reads it in a message: `HH:MM` today, `dd.MM.yyyy HH:MM` on another day. */
export function untilText(sec: number, nowMs = systemClock.nowMs()): string {
  const at = new Date(sec * 1000);
  const time = at.toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === new Date(nowMs).toDateString()) return time;
  return `${at.toLocaleDateString('de-AT', { day: '2-digit', month: '2-digit', year: 'numeric' })} ${time}`;
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
function servedSecOf(res: Response): number | null {
  const text = res.headers.get('date');
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

/** A window read's readings without `updated_at` are the service's state as of its answer. */
function stampUndated(p: ApiPage): ApiPage {
  // The service's clock, believed as far as readPage believes it (common/rules.ts).
  const asOf = believedServiceNow(p.servedSec, systemClock.nowSec());
  for (const r of p.readings) if (r.updatedSec === null) r.updatedSec = asOf;
  return p;
}

export function createApiClient(opts: ApiClientOptions) {
  warmUpSchemas();
  const base = opts.baseUrl.replace(/\/+$/, '');
  const baseUrl = (() => {
    try {
      return new URL(base);
    } catch {
      throw new AppError('invalid_input', `"${serviceText(opts.baseUrl, 120)}" is not a URL.`);
    }
  })();
  const insecure = insecureUrlReason(baseUrl);
  if (insecure) throw new AppError('invalid_input', insecure);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 6;
  const baseDelayMs = opts.baseDelayMs ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 30_000;
  const maxRetryAfterSec = opts.maxRetryAfterSec ?? 60;
  const maxResponseBytes = opts.maxResponseBytes ?? 64 * 1024 * 1024;
  const random = opts.random ?? Math.random;
  let rateLimit: RateLimitState | null = null;

  function errorFor(status: number, body: unknown, text: string, retryAfterSec: number | null): ApiError {
    const parsed = errorBodySchema.safeParse(body);
    const code = parsed.success ? (parsed.data.error.code ?? null) : null;
    // The service's words: from the decided error body, or a plain-text body (spec: shape not shown).
    const raw = parsed.success ? (parsed.data.error.message ?? '') : body === undefined ? text : '';
    const msg = serviceText(raw);
    const detail = msg ? ` (service: ${msg})` : '';
    if (status === 401)
      return new ApiError(
        'unauthenticated',
        `The service rejected the API token. Create a new token under Data → API Tokens and enter it again.${detail}`,
        status,
        code,
        null,
        msg || null,
      );
    if (status === 403 && code === 'plan_required')
      return new ApiError(
        'plan_required',
        `This needs a bigger plan.${detail}`,
        status,
        code,
        null,
        msg || null,
      );
    if (status === 403)
      return new ApiError(
        'forbidden',
        `The token is not allowed to do this (missing scope or another team).${detail}`,
        status,
        code,
        null,
        msg || null,
      );
    if (status === 404)
      return new ApiError('not_found', `Not found on the service.${detail}`, status, code, null, msg || null);
    if (status === 405)
      return new ApiError(
        'not_found',
        `The service does not offer this.${detail}`,
        status,
        code,
        null,
        msg || null,
      );
    if (status === 409)
      return new ApiError(
        'conflict',
        msg || 'Conflict with the current state on the service.',
        status,
        code,
        null,
        msg || null,
      );
    if (status === 400 || status === 422)
      return new ApiError(
        'invalid_input',
        msg || `The service refused the request (${status}).`,
        status,
        code,
        null,
        msg || null,
      );
    if (status === 429) {
      const until = systemClock.nowSec() + (retryAfterSec ?? 60);
      return new ApiError(
        'rate_limited',
        `Rate limited by the service until ${untilText(until)}. Meterdesk will continue after that.`,
        status,
        code,
        until,
        msg || null,
      );
    }
    return new ApiError(
      'unreachable',
      `The service answered with an error (${status}). Try again later.${detail}`,
      status,
      code,
      null,
      msg || null,
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

  /** One exchange, following same-origin redirects only. */
  async function exchange(url: URL, init: RequestInit): Promise<Response> {
    let at = url;
    for (let hop = 0; ; hop++) {
      const res = await fetch(at, { ...init, redirect: 'manual' });
      if (![301, 302, 303, 307, 308].includes(res.status)) return res;
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
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

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    init: {
      query?: Record<string, string | undefined>;
      body?: unknown;
      retry?: boolean;
    } = {},
  ): Promise<{ data: z.output<S>; servedSec: number | null }> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const retryable = init.retry ?? method === 'GET';
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let bytes: Buffer;
      let waitSec: number | null = null;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
        res = await exchange(url, {
          method,
          headers: {
            authorization: `Bearer ${opts.token}`,
            accept: 'application/json',
            'energiedaten-version': ENERGIEDATEN_VERSION,
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
          signal: AbortSignal.any(signals),
        });
        bytes = await readBodyBounded(res, maxResponseBytes);
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
      let body: unknown = undefined;
      let parseFailed = false;
      try {
        body = parseJsonBounded(bytes, maxResponseBytes, {
          containers: MAX_JSON_CONTAINERS,
          values: MAX_JSON_VALUES,
        });
      } catch (err) {
        if (!(err instanceof DoorRefusal) || err.kind !== 'not_json')
          throw new ApiError(
            'bad_response',
            `The service sent ${(err as Error).message} for ${path}; Meterdesk refuses answers that would take that much memory. Report this to the service.`,
            res.status,
          );
        parseFailed = true;
      }
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
        throw errorFor(res.status, body, bytes.toString('utf8'), waitSec);
      }
      await sleep(waitSec !== null ? waitSec * 1000 : backoff(attempt), opts.signal);
    }
  }

  const get = async <S extends z.ZodType>(
    path: string,
    schema: S,
    query?: Record<string, string | undefined>,
  ) => (await request('GET', path, schema, { query })).data;

  /**
   * A page of readings, with the service's clock. Refused as a whole (nothing of it is stored) when it
   * holds more readings than any page may, or a reading that cannot be real (`implausibility`, measured
   * against the service's clock: its `Date`, believed up to a day ahead of this computer's).
   */
  async function readPage(path: string, query: Record<string, string | undefined>): Promise<ApiPage> {
    const { data, servedSec } = await request('GET', path, pageSchema, { query });
    const page = data as ApiPage;
    const { readings } = page;
    if (readings.length > MAX_PAGE_READINGS) throw tooMany(readings.length);
    const registers = new Set<string>();
    const units = new Set<string | undefined>();
    for (const r of readings) {
      registers.add(r.obisCode);
      units.add(r.unit);
    }
    if (registers.size > MAX_SERIES_PER_METER) throw tooManySeries(registers.size, 'registers');
    // A register per unit is a series of its own: as many units are as broken as as many registers.
    if (units.size > MAX_SERIES_PER_METER) throw tooManySeries(units.size, 'units');
    const serviceNow = believedServiceNow(servedSec, systemClock.nowMs() / 1000);
    for (let i = 0; i < readings.length; i++) {
      const why = implausibility(readings[i]!, serviceNow);
      if (why !== null)
        throw new ApiError(
          'bad_response',
          `The service sent a reading that cannot be real for ${path}: data.${i}: ${why}. Nothing of that page was stored; report this to the service.`,
          200,
        );
    }
    page.servedSec = servedSec;
    return page;
  }
  const tooManySeries = (n: number, what: 'registers' | 'units') =>
    new ApiError(
      'bad_response',
      `The service sent ${n} ${what} for one meter in one page (at most ${MAX_SERIES_PER_METER} are accepted); nothing of that page was stored. Report this to the service.`,
      200,
    );
  const tooMany = (n: number) =>
    new ApiError(
      'bad_response',
      `The service sent ${n} readings in one page (at most ${MAX_PAGE_READINGS} are accepted).`,
      200,
    );

  function backoff(attempt: number): number {
    return Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
  }

  const team = encodeURIComponent(opts.team);
  async function listAll<S extends z.ZodType>(path: string, item: S): Promise<z.output<S>[]> {
    const out: z.output<S>[] = [];
    for (let page = 1; page < 1000; page++) {
      const res = await get(path, listPageSchema, { page: String(page), per_page: '100' });
      for (const raw of res.data) {
        const p = item.safeParse(raw);
        if (p.success) out.push(p.data);
        else
          throw new ApiError(
            'bad_response',
            `The service sent an unexpected record from ${path}: ${serviceText(p.error.issues[0]?.message ?? '')}`,
            200,
          );
      }
      if (!res.has_more) break;
    }
    return out;
  }

  const dataPath = (meterId: string) => `/api/v1/smart-meters/${encodeURIComponent(meterId)}/data`;

  const windowRead = async (
    meterId: string,
    fromSec: number,
    toSec: number,
    o: { quality?: string; cursor?: string | null; limit?: number } = {},
  ): Promise<ApiPage> =>
    stampUndated(
      await readPage(`/api/v1/teams/${team}/meters/${encodeURIComponent(meterId)}/data`, {
        from: isoUtc(fromSec),
        to: isoUtc(toSec),
        order: 'asc',
        quality: o.quality,
        cursor: o.cursor ?? undefined,
        limit: o.limit ? String(o.limit) : undefined,
      }),
    );
  const feed = (
    meterId: string,
    cursor: string | null,
    o: { limit?: number; fromSec?: number } = {},
  ): Promise<ApiPage> =>
    readPage(dataPath(meterId), {
      cursor: cursor ?? undefined,
      from: cursor === null && o.fromSec !== undefined ? isoUtc(o.fromSec) : undefined,
      limit: o.limit ? String(o.limit) : undefined,
    });
  const feedWindow = async (
    meterId: string,
    fromSec: number,
    toSec: number,
    o: { cursor?: string | null; limit?: number } = {},
  ): Promise<ApiPage> =>
    stampUndated(
      await readPage(
        dataPath(meterId),
        o.cursor
          ? { cursor: o.cursor, limit: o.limit ? String(o.limit) : undefined }
          : {
              from: isoUtc(fromSec),
              to: isoUtc(toSec),
              order: 'asc',
              limit: o.limit ? String(o.limit) : undefined,
            },
      ),
    );

  return {
    get rateLimit() {
      return rateLimit;
    },
    account: () => get('/api/v1/account', accountSchema),
    /**
     * Every meter of the team. A list that says it has more (`has_more`, as the smart-meters list the
     * `current` generation redirects to does) is followed page by page.
     */
    listMeters: async (): Promise<ApiMeter[]> => {
      const out: ApiMeter[] = [];
      for (let page = 1; page <= 1000; page++) {
        const res = await get(`/api/v1/teams/${team}/meters`, meterListSchema, {
          page: String(page),
          per_page: '100',
        });
        for (const m of res.data) out.push(m);
        if (out.length > MAX_METERS)
          throw new ApiError(
            'bad_response',
            `The service lists more than ${MAX_METERS} meters for this team; Meterdesk syncs at most ${MAX_METERS} per profile and synced none of them. Split the meters across teams, or report this to the service.`,
            200,
          );
        if (res.has_more !== true || res.data.length === 0) return out;
      }
      throw new ApiError('bad_response', 'The meter list did not end after 1000 pages.', 200);
    },
    getMeter: (id: string) => get(`/api/v1/smart-meters/${encodeURIComponent(id)}`, meterSchema),
    /**
     * One page of a team-surface window read; follow `nextCursor` while `more`. Readings without
     * `updated_at` are stamped with the service's clock when it answered (they are its state then).
     */
    windowRead,
    /** One page of the change feed; `cursor` null = from the beginning of the plan's retention. */
    feed,
    /**
     * One page of a window read on the change feed's endpoint (`from`, `to`, `order=asc`), for services
     * that want a window instead of a missing cursor: its last page's cursor continues as the feed.
     */
    feedWindow,
    registerMeter: async (body: {
      metering_point: string;
      energy_direction?: string;
      label?: string;
      site_id?: string;
    }) => (await request('POST', '/api/v1/smart-meters', meterSchema, { body })).data,
    requestConsent: async (meterId: string, customerEmail?: string) =>
      (
        await request(
          'POST',
          `/api/v1/smart-meters/${encodeURIComponent(meterId)}/consent`,
          consentResponseSchema,
          {
            body: customerEmail ? { customer_email: customerEmail } : {},
          },
        )
      ).data,
    /** Withdraws a pending consent request (the meter is registered again). */
    withdrawConsent: async (meterId: string) => {
      await request('DELETE', `/api/v1/smart-meters/${encodeURIComponent(meterId)}/consent`, anySchema);
    },
    customers: () => listAll('/api/v1/customers', customerSchema),
    sites: () => listAll('/api/v1/sites', siteSchema),
    mqttSettings: () => get('/api/v1/mqtt', mqttSettingsSchema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
