/** The service client's errors: what a status and body mean, worded with what to do next. */
import { AppError } from '../errors';
import type { ErrorCode } from '../../preload/contract';
import { errorBodySchema } from './schemas';
import { serviceText } from './service-text';
import { systemClock } from '../time/clock';

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

/** A time as a person reads it in a message: `HH:MM` today, `dd.MM.yyyy HH:MM` on another day. */
export function untilText(sec: number, nowMs = systemClock.nowMs()): string {
  const at = new Date(sec * 1000);
  const time = at.toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === new Date(nowMs).toDateString()) return time;
  return `${at.toLocaleDateString('de-AT', { day: '2-digit', month: '2-digit', year: 'numeric' })} ${time}`;
}

export function errorFor(
  status: number,
  body: unknown,
  text: string,
  retryAfterSec: number | null,
): ApiError {
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
