/**
 * Errors the core raises on purpose carry a contract code and a message a person can act on.
 * Anything else is reported as `internal` without leaking a stack trace to the UI.
 */
import { errorReasons, type ContractError, type ErrorCode, type ErrorReason } from '../preload/contract';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Anything thrown that is not a refusal of ours, as one: its own words are the details. */
export function unexpected(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError('internal', err instanceof Error ? err.message : String(err), { reason: 'unexpected' });
}

export function toContractError(err: unknown): ContractError {
  if (err instanceof AppError) {
    const out: ContractError = { code: err.code, message: err.message };
    const retryAtSec = (err as { retryAtSec?: unknown }).retryAtSec ?? err.details?.retryAtSec;
    if (typeof retryAtSec === 'number') out.retryAtSec = retryAtSec;
    const reason = err.details?.reason;
    if (typeof reason === 'string' && (errorReasons as readonly string[]).includes(reason))
      out.reason = reason as ErrorReason;
    const serviceText = (err as { serviceText?: unknown }).serviceText ?? err.details?.serviceText;
    if (typeof serviceText === 'string' && serviceText) out.serviceText = serviceText;
    const params = err.details?.params;
    if (params && typeof params === 'object') out.params = params as Record<string, string | number>;
    return out;
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `Something went wrong inside Meterdesk: ${message}` };
}
