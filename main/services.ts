/**
 * Composition root of the plain-Node core: builds the services every shell (Electron, the browser
 * harness, the CLI) runs on. No Electron import; whatever the shell must provide (a save dialog, the
 * data folder) comes in as options. A profile, opened, is a ProfileContext (profile-context.ts); the
 * sync's runs live in sync-control.ts, what the window hears of them in sync-status.ts.
 */
import type { EventName, EventPayload, SyncStatus } from '../preload/contract';
import { startDemoService, type DemoService } from './demo/service';
import { DEMO_PROFILE_ID } from './profiles/registry';
import { createProfileBook, type ProfileBook } from './profiles/profile-book';
import { TEAM_KEYCHAIN_SERVICE } from './profiles/team-profiles';
import { createSecretStore } from './secrets/keychain';
import { createPartialTracker } from './export/partials';
import { DEFAULT_TZ } from './time/local-days';
import { createImportService } from './import/import-service';
import { createParseThread } from './import/parse-thread';
import { systemClock } from './time/clock';
import {
  demoServiceOptions,
  openContext,
  type ProfileContext,
  type ServicesOptions,
} from './profile-context';
import { createStartup, createSyncStatus, writeSyncInterval } from './sync-status';
import { createSyncControl } from './sync-control';
import { createActiveProfile } from './active-profile';
import { watchAfterWrites } from './watch/after-writes';

export type { ProfileContext, ServicesOptions, SyncRunner } from './profile-context';

type Listener = (event: EventName, payload: unknown) => void;

/** "Now" for every figure's frame: the demo service's clock on the demo profile, this computer's otherwise. */
function nowOf(active: () => Promise<ProfileContext>, demo: () => Promise<DemoService> | null) {
  return async (): Promise<number> => {
    const real = systemClock.nowSec();
    const c = await active().catch(() => null);
    const d = demo();
    if (c?.profile.kind !== 'demo' || !d) return real;
    return Math.min(real, (await d).state.nowSec);
  };
}

/** The active profile's analysis thread started, once the window was served its list (a failure shows on first use). */
function warm(c: ProfileContext | null): void {
  if (c && !c.queries.started()) void c.queries.run('ready').catch(() => null);
}

/** Events to the shells: every listener hears every event. */
function createEmitter() {
  const listeners = new Set<Listener>();
  return {
    emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
      for (const l of listeners) l(event, payload);
    },
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createServices(opts: ServicesOptions) {
  const tz = opts.tz ?? DEFAULT_TZ;
  // Exports in progress are listed; a start removes what a killed export left behind (partials.ts).
  const partials = createPartialTracker(opts.dataDir);
  for (const p of partials.cleanStale())
    console.warn(`Meterdesk: removed ${p}, left by an export that did not finish.`);
  const profiles: ProfileBook = createProfileBook(opts.dataDir);
  const secrets = opts.secrets ?? createSecretStore();
  // Team profiles' passwords: their own keychain service; kept in memory only where tokens are.
  const teamSecrets = opts.teamSecrets ?? createSecretStore({ service: TEAM_KEYCHAIN_SERVICE });
  if (secrets.sessionOnly) teamSecrets.useSessionOnly(true);
  const teamFresh = new Set<string>();
  const { emit, on } = createEmitter();
  let demo: Promise<DemoService> | null = null;
  /** Set by `close`: a start-up sync still waiting does not start any more. */
  let closed = false;
  const status = createSyncStatus(emit);

  function startDemo(): Promise<DemoService> {
    demo ??= startDemoService(demoServiceOptions(opts));
    return demo;
  }

  const open = (profileId: string) =>
    openContext(
      {
        opts,
        tz,
        profiles,
        secrets,
        teamSecrets,
        teamFresh,
        startDemo,
        emit,
        onRateLimit: (r) => status.setRateLimit(r),
        whenClosed: () => slot.whenClosed(),
      },
      profileId,
    );

  const slot = createActiveProfile(
    open,
    () => profiles.activeId(),
    () => status.setMqtt('off', true),
  );
  const { active, closeActive } = slot;

  const { syncNow, scheduler, whenSynced } = createSyncControl({
    opts,
    tz,
    emit,
    status,
    active,
    current: () => slot.current(),
  });

  const { parseThread, imports } = portalImports(opts.dataDir, tz, active, emit);

  const startup = createStartup(
    syncNow,
    status,
    () => closed,
    opts.warmAnalysis ? () => warm(slot.current()) : undefined,
  );
  const nowSec = nowOf(active, () => demo);
  const watch = watchAfterWrites({ on, emit, active, nowSec, tz, delayMs: opts.watchDelayMs });

  return {
    opts,
    tz,
    partials,
    /** Planned syncs (interval and the daily delivery); the shell runs the start-up sync itself. */
    startScheduler: () => scheduler.start(),
    nextSyncSec: () => scheduler.nextRunSec(),
    syncIntervalMin: () => scheduler.intervalSec() / 60,
    setSyncIntervalMin(min: number): void {
      scheduler.setIntervalSec(min * 60);
      writeSyncInterval(opts.dataDir, min);
    },
    profiles,
    secrets,
    teamSecrets,
    imports,
    active,
    startDemo,
    /**
     * "Now" for every figure's frame (analysis/frame.ts): the demo service's clock on the demo profile
     * (its world runs on that clock), this computer's clock otherwise.
     */
    nowSec,
    /** Resolves when the watch list's evaluation after the last write (if one runs) has finished. */
    whenWatched: () => watch.whenIdle(),
    on,
    emit,
    switchProfile: profileSwitch({
      profiles,
      fresh: (id) => teamFresh.add(id),
      closeActive,
      reset: () => status.reset(),
      active,
      changed: (id) => emit('profiles:changed', { activeProfileId: id }),
      sync: () => ((opts.autoSync ?? true) ? void syncNow() : undefined),
    }),
    closeActive,
    /** The open profile's context, or null while none is open (no waiting for an opening). */
    currentContext: (): ProfileContext | null => slot.current(),
    /** Resolves once the threads of closed profiles have ended (their files are then free to delete). */
    whenClosed: slot.whenClosed,
    syncNow,
    startupSync: startup.startupSync,
    listServed: startup.listServed,
    /** Resolves when the sync in progress (if any) has finished. */
    whenSynced,
    syncStatus: (): SyncStatus =>
      status.read(startup.due(), () => slot.current()?.account.lastSyncSec() ?? null),
    cancelSync(): boolean {
      return slot.current()?.sync.cancel() ?? false;
    },
    async close(): Promise<void> {
      closed = true;
      watch.stop();
      await watch.whenIdle();
      startup.cancel();
      scheduler.stop();
      closeActive();
      slot.whileClosing(parseThread.close());
      await slot.whenClosed();
      if (demo) await (await demo).stop();
      demo = null;
    },
    DEMO_PROFILE_ID,
  };
}

export type Services = ReturnType<typeof createServices>;

/** Files from the grid operators' portals, into the active profile (main/import/), read in a thread. */
function portalImports(
  dataDir: string,
  tz: string,
  active: () => Promise<ProfileContext>,
  emit: ReturnType<typeof createEmitter>['emit'],
) {
  const parseThread = createParseThread();
  const imports = createImportService({
    dataDir,
    tz,
    active,
    parse: (job) => parseThread.parse(job),
    onProgress: (p) => emit('import:progress', p),
    onWritten: (meterId) => emit('readings:changed', { meterIds: [meterId] }),
  });
  return {
    parseThread,
    imports: {
      ...imports,
      /** A backup restored into a new profile's database, off the main process (db/backup.ts). */
      restoreBackup: (file: string, dbPath: string) => parseThread.restore(file, dbPath),
    },
  };
}

/**
 * Another profile made the open one (or the open one opened again: a team profile's new copy). A team
 * profile with no copy yet whose server cannot be reached is refused, and the app stays where it was.
 */
function profileSwitch(d: {
  profiles: ProfileBook;
  fresh: (profileId: string) => void;
  closeActive: () => void;
  reset: () => void;
  active: () => Promise<ProfileContext>;
  changed: (profileId: string) => void;
  sync: () => void;
}) {
  /** `fresh`: a team profile opens on a new copy, waited for (Reload), not on its last one. */
  return async (profileId: string, o: { fresh?: boolean } = {}): Promise<ProfileContext> => {
    const before = d.profiles.activeId();
    const team = d.profiles.get(profileId).kind === 'team';
    if (team && o.fresh) d.fresh(profileId);
    d.closeActive();
    d.reset();
    d.profiles.setActive(profileId);
    let c: ProfileContext;
    try {
      c = await d.active();
    } catch (err) {
      if (!team || before === profileId) throw err;
      d.closeActive();
      d.profiles.setActive(before);
      await d.active().catch(() => null);
      throw err;
    }
    d.changed(profileId);
    d.sync();
    return c;
  };
}
