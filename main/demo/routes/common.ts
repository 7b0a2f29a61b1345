/**
 * What every route group of the demo service shares: token and plan checks, the meter a path names,
 * list pagination, generation gates and the `current` generation's 308 redirects.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { planRank, type DemoMeter, type DemoToken, type Plan, type Scope } from '../catalog';
import type { Generation } from '../generations';
import { HttpError } from '../http-errors';
import type { DemoState } from '../state';

export function isLoopback(req: FastifyRequest): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}

export function need(req: FastifyRequest, scope: Scope): DemoToken {
  const t = req.token;
  if (!t) throw new HttpError(401, 'unauthenticated', 'Missing or invalid API token.');
  if (!t.scopes.includes(scope))
    throw new HttpError(403, 'forbidden', `This token lacks the "${scope}" scope.`);
  return t;
}

export function needPlan(t: DemoToken, plan: Plan, feature: string): void {
  if (planRank[t.plan] < planRank[plan]) {
    throw new HttpError(
      403,
      'plan_required',
      `${feature} needs the ${plan[0]!.toUpperCase()}${plan.slice(1)} plan or higher (this token's plan: ${t.plan}).`,
    );
  }
}

/** A route the generation does not have answers as an unknown route would. */
export function only(state: DemoState, gens: Generation[], req: FastifyRequest): void {
  if (!gens.includes(state.generation))
    throw new HttpError(404, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}.`);
}

/** 308 to `path` with the request's own query string (the `current` generation's legacy team URLs). */
export function redirect(reply: FastifyReply, req: FastifyRequest, path: string): FastifyReply {
  const q = req.url.indexOf('?');
  return reply
    .code(308)
    .header('location', path + (q >= 0 ? req.url.slice(q) : ''))
    .send();
}

export function listPage<T>(
  items: T[],
  query: Record<string, string | undefined>,
): { data: T[]; page: number; per_page: number; has_more: boolean } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const perPage = query.per_page === undefined ? 25 : Number(query.per_page);
  if (!Number.isInteger(page) || page < 1)
    throw new HttpError(422, 'validation_failed', 'page must be a whole number ≥ 1.');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
    throw new HttpError(422, 'validation_failed', 'per_page must be between 1 and 100.');
  const start = (page - 1) * perPage;
  return {
    data: items.slice(start, start + perPage),
    page,
    per_page: perPage,
    has_more: start + perPage < items.length,
  };
}

export function teamOf(req: FastifyRequest<{ Params: { team: string } }>, scope: Scope): DemoToken {
  const t = need(req, scope);
  if (req.params.team !== t.team)
    throw new HttpError(403, 'forbidden', 'This token belongs to another team.');
  return t;
}

/** The meter `id` as the token may see it; with `withData`, only once its consent is approved. */
export function meterOf(state: DemoState, t: DemoToken, id: string, withData: boolean): DemoMeter {
  const m = state.meterById(t, id);
  if (!m) {
    const hidden = state.teamMeters(t.team).find((x) => x.id === id);
    if (hidden?.is_demo)
      throw new HttpError(403, 'plan_required', 'The demo meter needs the Light plan or higher.');
    throw new HttpError(404, 'not_found', `No meter ${id} in this team.`);
  }
  if (withData && !m.hasData) {
    throw new HttpError(
      403,
      'forbidden',
      `Meter ${m.metering_point} has no approved consent (status "${m.status}"): request consent and wait for the customer's approval.`,
    );
  }
  return m;
}

/** A quality name of the `quality` query parameter, as its number (422 for others). */
export function qualityParam(q: string | undefined): number | null {
  if (q === undefined) return null;
  const n = ({ measured: 1, estimated: 2, unreliable: 3 } as Record<string, number>)[q];
  if (n === undefined)
    throw new HttpError(422, 'validation_failed', 'quality must be measured, estimated or unreliable.');
  return n;
}

/** A `limit` query parameter: 1–50 000, `fallback` when absent. */
export function limitParam(q: string | undefined, fallback: number): number {
  const limit = q === undefined ? fallback : Number(q);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50_000)
    throw new HttpError(422, 'validation_failed', 'limit must be between 1 and 50000.');
  return limit;
}
