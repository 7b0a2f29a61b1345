/**
 * What every domain's handlers share: the services, the active profile for a write, the one clock,
 * and the save dialog. Handlers are grouped per domain (one file each, mirroring the contract's
 * files); inputs arrive validated (dispatch.ts); SQL lives behind db/; work that can take more than a
 * frame runs in the query thread (query/queries.ts).
 */
import type { ChannelName, ChannelOutput, ChannelParsedInput } from '../../preload/contract';
import { AppError } from '../errors';
import type { ProfileContext, Services } from '../services';

export type Handlers = {
  [C in ChannelName]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;
};
/** The handlers of some channels: one domain's file. */
export type HandlersOf<K extends ChannelName> = Pick<Handlers, K>;

export interface HandlerContext {
  services: Services;
  /** The active profile, for a write: refused when its database failed the check on open. */
  writable(): Promise<ProfileContext>;
  /** "Now" from the services' clock (the demo service's on the demo profile). */
  nowSec(): Promise<number>;
  /** The path the person chose to save to; no choice is the error `cancelled` with these words. */
  savePath(suggested: string, cancelledWords: string): Promise<string>;
}

export function createHandlerContext(services: Services): HandlerContext {
  return {
    services,
    async writable() {
      const c = await services.active();
      await c.assertWritable();
      return c;
    },
    nowSec: () => services.nowSec(),
    async savePath(suggested, cancelledWords) {
      const path = services.opts.chooseExportPath ? await services.opts.chooseExportPath(suggested) : null;
      if (!path) throw new AppError('cancelled', cancelledWords, { reason: 'export_cancelled' });
      return path;
    },
  };
}

/** App ranges: positive and at most 4 years (a frame may hold 10: the CLI's limit). */
export function checkedRange<T extends { fromSec: number; toSec: number }>(q: T): T {
  if (q.toSec <= q.fromSec || q.toSec - q.fromSec > 4 * 366 * 86_400)
    throw new AppError('invalid_input', 'Choose a range of at most 4 years, with its end after its start.', {
      reason: 'range_invalid',
    });
  return q;
}
