/**
 * Error answers: the decided body `{"error":{"type","code","message"}}` (generations `ours` and
 * `current`), or the message as plain text (generation `spec`, where the body's shape is "not shown").
 */
import type { FastifyReply } from 'fastify';
import type { Generation } from './generations';

export type ErrorCodeName =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'plan_required'
  | 'not_found'
  | 'conflict'
  | 'validation_failed'
  | 'rate_limited'
  | 'internal';

const types: Record<ErrorCodeName, string> = {
  bad_request: 'invalid_request_error',
  unauthenticated: 'authentication_error',
  forbidden: 'permission_error',
  plan_required: 'permission_error',
  not_found: 'invalid_request_error',
  conflict: 'invalid_request_error',
  validation_failed: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  internal: 'api_error',
};

export function errorBody(
  code: ErrorCodeName,
  message: string,
): { error: { type: string; code: string; message: string } } {
  return { error: { type: types[code], code, message } };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeName,
    message: string,
  ) {
    super(message);
  }
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCodeName,
  message: string,
  gen: Generation = 'ours',
): FastifyReply {
  if (gen === 'spec') return reply.code(status).type('text/plain; charset=utf-8').send(message);
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}
