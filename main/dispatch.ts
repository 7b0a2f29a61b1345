/**
 * The one place a contract call is validated and run, shared by Electron IPC and the browser harness:
 * unknown channels and invalid input are answered with an error and never reach a handler; handler
 * failures become `{ok:false}` results with a code a UI can act on, never a thrown stack trace.
 */
import { channels, type ChannelName, type ContractError, type Result } from '../preload/contract';
import type { Handlers } from './handlers';
import { toContractError } from './errors';

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}

export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  rawInput: unknown,
): Promise<Result<unknown>> {
  if (!isChannelName(channel)) {
    return {
      ok: false,
      error: { code: 'unknown_channel', message: `Unknown channel "${String(channel)}".` },
    };
  }
  const parsed = channels[channel].input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || 'input'}: ${i.message}`)
      .join('; ');
    const error: ContractError = {
      code: 'invalid_input',
      message: `Invalid input for ${channel}: ${detail}`,
    };
    return { ok: false, error };
  }
  try {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown> | unknown;
    const data = await handler(parsed.data);
    return { ok: true, data };
  } catch (err) {
    return { ok: false, error: toContractError(err) };
  }
}
