/** The sync: its status, a sync now, a cancel, and a window read of one meter. */
import type { HandlerContext, HandlersOf } from './context';

export function syncHandlers({
  services,
}: HandlerContext): HandlersOf<'sync:status' | 'sync:now' | 'sync:cancel' | 'sync:backfill'> {
  return {
    'sync:status': async () => services.syncStatus(),
    'sync:now': async () => {
      const running = services.syncStatus().state === 'syncing';
      void services.syncNow();
      return { started: !running };
    },
    'sync:cancel': async () => ({ cancelled: services.cancelSync() }),
    'sync:backfill': async ({ meterId, fromSec, toSec }) => {
      const r = await (await services.active()).backfill(meterId, fromSec, toSec);
      services.emit('readings:changed', { meterIds: [meterId] });
      return r;
    },
  };
}
