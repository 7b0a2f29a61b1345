/**
 * Errors the core raises on purpose carry a contract code and a message a person can act on.
 * Anything else is reported as `internal` without leaking a stack trace to the UI.
 */
import type { ContractError, ErrorCode } from '../preload/contract';

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

export function toContractError(err: unknown): ContractError {
  if (err instanceof AppError) {
    const retryAtSec = (err as { retryAtSec?: unknown }).retryAtSec ?? err.details?.retryAtSec;
    return typeof retryAtSec === 'number'
      ? { code: err.code, message: err.message, retryAtSec }
      : { code: err.code, message: err.message };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `Something went wrong inside Meterdesk: ${message}` };
}
