/** The app's own channels: what it is, where it keeps its data, how often it syncs. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { placeOf } from '../profiles/place';
import type { HandlerContext, HandlersOf } from './context';
import { storedDeliveryDelay, writeDeliveryDelay } from '../db/horizon-reads';
import { DEFAULT_DELIVERY_DELAY_DAYS } from '../analysis/horizon';

/** Bytes of a folder tree (the data folder size shown in Settings). */
function folderBytes(dir: string): number {
  let total = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      total += e.isDirectory() ? folderBytes(p) : statSync(p).size;
    }
  } catch {
    // a missing folder has no size
  }
  return total;
}

export function appHandlers({
  services,
  writable,
}: HandlerContext): HandlersOf<
  'app:info' | 'app:storage' | 'settings:setSyncInterval' | 'settings:setDeliveryDelay'
> {
  return {
    'app:info': async () => ({
      name: 'Meterdesk',
      version: services.opts.version,
      platform: process.platform,
      shell: services.opts.shell === 'electron' ? 'electron' : 'harness',
      dataDir: services.opts.dataDir,
      locale: services.opts.locale ?? 'de-AT',
      place: placeOf(services.opts.dataDir),
    }),
    'app:storage': async () => ({
      dataDir: services.opts.dataDir,
      bytes: folderBytes(services.opts.dataDir),
      nextSyncSec: services.nextSyncSec(),
      syncIntervalMin: services.syncIntervalMin(),
      deliveryDelayDays: storedDeliveryDelay((await services.active()).db) ?? DEFAULT_DELIVERY_DELAY_DAYS,
    }),
    'settings:setDeliveryDelay': async ({ deliveryDelayDays }) => {
      const c = await writable();
      writeDeliveryDelay(c.db, deliveryDelayDays);
      // Every frame follows the new horizon: the views read again.
      services.emit('readings:changed', { meterIds: [] });
      return { deliveryDelayDays };
    },
    'settings:setSyncInterval': async ({ syncIntervalMin }) => {
      services.setSyncIntervalMin(syncIntervalMin);
      return { syncIntervalMin, nextSyncSec: services.nextSyncSec() };
    },
  };
}
