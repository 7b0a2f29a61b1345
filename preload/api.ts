/**
 * Builds the `window.meterdesk` object from a transport. Shared by the Electron preload (IPC) and the
 * browser harness (WebSocket), so both expose exactly the contract's channels with the same shape:
 * `meterdesk.<domain>.<verb>(input)` resolves to a `Result`, and `meterdesk.on(event, listener)` returns
 * an unsubscribe function.
 */
import { channelNames, eventNames } from './contract-plain';
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload, Result } from './contract';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never;

type ChannelFn<C extends ChannelName> =
  ChannelInput<C> extends Record<string, never>
    ? (input?: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;

export type MeterdeskDomains = {
  [D in DomainOf<ChannelName>]: { [V in VerbOf<ChannelName, D>]: ChannelFn<`${D}:${V}` & ChannelName> };
};

export type MeterdeskApi = MeterdeskDomains & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** The channel names this object exposes, for parity checks. */
  readonly channels: readonly ChannelName[];
};

export type Invoke = (channel: ChannelName, input: unknown) => Promise<Result<unknown>>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

export function createMeterdeskApi(invoke: Invoke, subscribe: Subscribe): MeterdeskApi {
  const domains: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of channelNames) {
    const [domain, verb] = name.split(':') as [string, string];
    domains[domain] ??= {};
    domains[domain][verb] = (input?: unknown) => invoke(name, input ?? {});
  }
  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!(eventNames as readonly string[]).includes(event)) throw new Error(`Unknown event "${event}"`);
    return subscribe(event, listener);
  };
  return Object.freeze({ ...domains, on, channels: [...channelNames] }) as unknown as MeterdeskApi;
}
