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
import {
  accountSchema,
  consentResponseSchema,
  customerSchema,
  listPageSchema,
  meterListSchema,
  meterSchema,
  mqttSettingsSchema,
  siteSchema,
  warmUpSchemas,
  type ApiMeter,
} from './schemas';
import { serviceText } from './service-text';
import { MAX_METERS } from '../../common/rules';
import { z as zod } from 'zod';
import { ApiError } from './api-error';
import { createTransport, insecureUrlReason, type ApiClientOptions, type Transport } from './transport';
import { readingReads } from './pages';

export { ApiError, untilText } from './api-error';
export {
  ENERGIEDATEN_VERSION,
  MAX_JSON_CONTAINERS,
  MAX_JSON_VALUES,
  jsonShapeIssue,
  insecureUrlReason,
  parseRetryAfter,
  type ApiClientOptions,
  type RateLimitState,
} from './transport';
export { MAX_PAGE_READINGS } from './transport';

const anySchema = zod.unknown();

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
  if (insecure) throw new AppError('invalid_input', insecure, { reason: 'team_url_insecure' });
  const m = /^(.*?)\/api\/v1\/teams\/([^/]+)\/?$/.exec(url.pathname);
  if (!m)
    throw new AppError(
      'invalid_input',
      'The URL must end in /api/v1/teams/<team>, as shown on the token page.',
      { reason: 'team_url_shape' },
    );
  return { baseUrl: `${url.origin}${m[1]}`, team: decodeURIComponent(m[2]!) };
}

export function createApiClient(opts: ApiClientOptions) {
  warmUpSchemas();
  const base = opts.baseUrl.replace(/\/+$/, '');
  const baseUrl = (() => {
    try {
      return new URL(base);
    } catch {
      throw new AppError('invalid_input', `"${serviceText(opts.baseUrl, 120)}" is not a URL.`, {
        reason: 'team_url_not_url',
      });
    }
  })();
  const insecure = insecureUrlReason(baseUrl);
  if (insecure) throw new AppError('invalid_input', insecure, { reason: 'team_url_insecure' });
  const t = createTransport(opts, base, baseUrl);
  const { request, get } = t;
  const team = encodeURIComponent(opts.team);
  const { windowRead, feed, feedWindow } = readingReads(t, team);

  return {
    get rateLimit() {
      return t.rateLimit;
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
    customers: () => listAll(t, '/api/v1/customers', customerSchema),
    sites: () => listAll(t, '/api/v1/sites', siteSchema),
    mqttSettings: () => get('/api/v1/mqtt', mqttSettingsSchema),
  };
}

async function listAll<S extends z.ZodType>(t: Transport, path: string, item: S): Promise<z.output<S>[]> {
  const out: z.output<S>[] = [];
  for (let page = 1; page < 1000; page++) {
    const res = await t.get(path, listPageSchema, { page: String(page), per_page: '100' });
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

export type ApiClient = ReturnType<typeof createApiClient>;
