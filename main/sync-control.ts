/**
 * The account sync as the services run it: one run at a time (a second request joins the first), the
 * demo community seeded after the demo's first sync, MQTT push started after a run, a long rate limit
 * deferring the next run, and the planned runs (interval and the daily delivery). The window hears of
 * it through sync-status.ts.
 */
import { seedDemoCommunity } from './community/demo-community';
import { demoNowSec, type Emit, type ProfileContext, type ServicesOptions } from './profile-context';
import { startPush } from './push-start';
import { createScheduler, defaultSchedule } from './sync/scheduler';
import type { SyncSummary } from './sync/sync-service';
import { readSyncInterval, type SyncStatusHolder } from './sync-status';

export function createSyncControl(d: {
  opts: ServicesOptions;
  tz: string;
  emit: Emit;
  status: SyncStatusHolder;
  active: () => Promise<ProfileContext>;
  /** The open profile's context, if one is open (push is started only while it still is). */
  current: () => ProfileContext | null;
}) {
  const { opts, tz, emit, status } = d;
  let currentSync: Promise<SyncSummary | null> | null = null;

  async function runSync(c: ProfileContext): Promise<SyncSummary | null> {
    try {
      await c.assertWritable();
      const summary = await c.sync.syncAll();
      // The demo also ships a small energy community of its own (to open without an EDA report): it
      // joins the demo profile after its first sync, once, so a new profile still starts empty.
      if (c.profile.kind === 'demo' && summary.errors.length === 0)
        seedDemoCommunity(c.db, tz, demoNowSec(opts));
      status.recordRun(summary);
      void startPush(c, {
        enabled: opts.mqtt !== false,
        stillActive: (x) => d.current() === x,
        emit,
        onState: (s) => status.setMqtt(s),
        onReconnected: () => void syncNow(),
      });
      return summary;
    } catch (err) {
      const retryAtSec = status.recordFailure(err);
      // A long rate limit stops the run; the next one starts when the service takes requests again.
      if (retryAtSec !== undefined) scheduler.runOnceAt(retryAtSec + 5);
      return null;
    } finally {
      currentSync = null;
    }
  }

  async function syncNow(): Promise<SyncSummary | null> {
    if (currentSync) return currentSync;
    const c = await d.active();
    // No account (nothing to sync), or a team's copy (its server is synced by the team's nightly job).
    if (c.profile.kind === 'local' || c.profile.kind === 'team') return null;
    status.setState('syncing');
    currentSync = runSync(c);
    return currentSync;
  }

  const scheduler = createScheduler(() => syncNow(), {
    ...defaultSchedule,
    intervalSec: readSyncInterval(opts.dataDir) * 60,
  });

  return {
    syncNow,
    scheduler,
    /** Resolves when the sync in progress (if any) has finished. */
    whenSynced: () => currentSync ?? Promise.resolve(null),
  };
}
