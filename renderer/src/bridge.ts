/**
 * Access to `window.meterdesk` (the contract, provided by the preload or the harness bridge).
 * `call` unwraps a Result and throws a `ContractCallError` carrying the code and the message.
 */
import type { MeterdeskApi } from '../../preload/api';
import type { ContractError, Result } from '../../preload/contract';

declare global {
  interface Window {
    meterdesk?: MeterdeskApi;
  }
}

export class ContractCallError extends Error {
  constructor(readonly error: ContractError) {
    super(error.message);
  }
}

export function api(): MeterdeskApi {
  if (!window.meterdesk)
    throw new Error('Meterdesk bridge missing: open the app through Electron or the browser harness.');
  return window.meterdesk;
}

export async function unwrap<T>(p: Promise<Result<T>>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new ContractCallError(r.error);
  return r.data;
}
