/**
 * Composition root of the plain-Node core: builds the services every shell (Electron, the browser
 * harness, the CLI) runs on. No Electron import; whatever the shell must provide (a save dialog, the
 * data folder) comes in as options.
 */
import type Database from 'better-sqlite3';
import type { ErrorCode, EventName, EventPayload, SyncStatus } from '../preload/contract';
import { createApiClient, type ApiClient, type RateLimitState } from './api/client';
import { createAccountStore, type AccountStore } from './db/account-store';
import { damaged, openDatabase } from './db/open';
import { createReadingsStore, type ReadingsStore } from './db/readings-store';
import { startDemoService, type DemoService } from './demo/service';
import { AppError, toContractError } from './errors';
import {
  createProfileRegistry,
  DEMO_PROFILE_ID,
  type Profile,
  type ProfileRegistry,
} from './profiles/registry';
import { createMqttPush, type MqttPush } from './push/mqtt-push';
import { createScheduler, defaultSchedule } from './sync/scheduler';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSecretStore, type SecretStore } from './secrets/keychain';
import {
  createSyncService,
  emptySummary,
  type SyncProgress,
  type SyncService,
  type SyncSummary,
} from './sync/sync-service';
import { createWorkerSync } from './sync/worker-sync';
import { createPartialTracker } from './export/partials';
import { createQueryThread, type QueryThread } from './query/query-thread';
import { DEFAULT_TZ } from './time/local-days';
import { createImportService } from './import/import-service';
import { createParseThread } from './import/parse-thread';
import { seedExamples } from './cost/examples';
import { seedDemoCommunity } from './community/demo-community';
import { createTariffStore } from './db/tariff-store';
import { systemClock } from './time/clock';

export interface ServicesOptions {
  dataDir: string;
  shell: 'electron' | 'harness' | 'cli';
  version: string;
  locale?: string;
  tz?: string;
  /** The embedded demo service of the demo profile. */
  demo?: {
    seed?: number;
    meters?: number;
    years?: number;
    clock?: string;
    withBrokers?: boolean;
    /** Fixed ports for the embedded broker and SFTP server (default: free ones). */
    mqttPort?: number;
    autoApproveSec?: number;
  };
  /** Subscribe to MQTT where the plan has it (default true). */
  mqtt?: boolean;
  secrets?: SecretStore;
  /** Asks where to save an export (a save dialog in Electron; a test hook in the harness). */
  chooseExportPath?: (suggestedName: string) => Promise<string | null>;
  /** Sync when a profile becomes active (default true). */
  autoSync?: boolean;
}

export interface ProfileContext {
  profile: Profile;
  db: Database.Database;
  account: AccountStore;
  readings: ReadingsStore;
  api: ApiClient;
  /** The full cursor sync: in a worker thread when the service is reachable (see worker-sync.ts). */
  sync: SyncRunner;
  /** On-demand window reads of one meter (small, on this thread). */
  backfill: SyncService['backfill'];
  push: MqttPush | null;
  /** Analyses that can take longer than a frame, answered by a thread of their own (query-thread.ts). */
  queries: QueryThread;
  /**
   * Resolves when the database passed SQLite's quick_check (run in the query thread when the profile
   * opens, ~1 s for 200 MB), rejects with a clear message when it is damaged: every writer awaits it.
   */
  assertWritable(): Promise<void>;
}

export type SyncRunner = Pick<SyncService, 'syncAll' | 'cancel' | 'isRunning'> & { close?(): Promise<void> };

type Listener = (event: EventName, payload: unknown) => void;

/** A profile without an account has nothing to sync: a run is done at once, with nothing to report. */
/** How long the window takes to draw its meter list once served (a few hundred meters, 2 cores). */
const LIST_DRAW_MS = 300;

const localOnly: SyncRunner = {
  syncAll: async () => emptySummary(),
  cancel: () => false,
  isRunning: () => false,
};

/** An API client whose every call fails with the reason the real one could not be built. */
function unavailableApi(reason: AppError): ApiClient {
  return new Proxy({} as ApiClient, {
    get: (_target, key) => (key === 'rateLimit' ? null : () => Promise.reject(reason)),
  });
}

export function createServices(opts: ServicesOptions) {
  const tz = opts.tz ?? DEFAULT_TZ;
  // Exports in progress are listed; a start removes what a killed export left behind (partials.ts).
  const partials = createPartialTracker(opts.dataDir);
  for (const p of partials.cleanStale())
    console.warn(`Meterdesk: removed ${p}, left by an export that did not finish.`);
  const profiles: ProfileRegistry = createProfileRegistry(opts.dataDir);
  const secrets = opts.secrets ?? createSecretStore();
  const listeners = new Set<Listener>();
  let demo: Promise<DemoService> | null = null;
  let ctx: ProfileContext | null = null;
  /** The active profile's context while it is being opened (see `active`). */
  let opening: Promise<ProfileContext> | null = null;
  /** Counts closes, so that an opening a close overtook is not installed. */
  let generation = 0;
  let rateLimit: RateLimitState | null = null;
  let status: SyncStatus = {
    state: 'idle',
    lastSyncSec: null,
    lastError: null,
    rateLimit: null,
    mqtt: 'off',
    warnings: [],
    meterErrors: [],
  };
  let currentSync: Promise<SyncSummary | null> | null = null;
  /** Starts the start-up sync, while it waits for the window's meter list (see `startupSync`). */
  let startupPending: (() => void) | null = null;
  /** Set by `close`: a start-up sync still waiting does not start any more. */
  let closed = false;
  /** Sync workers of closed profiles that are still winding down. */
  const closingWorkers = new Set<Promise<void>>();
  /** Keeps a closing thread's promise until it settles, so `close()` can wait for every one. */
  const whileClosing = (closing: Promise<void>) => {
    const settled: Promise<void> = closing.finally(() => closingWorkers.delete(settled));
    closingWorkers.add(settled);
  };

  function emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of listeners) l(event, payload);
  }
  function setState(state: SyncStatus['state']): void {
    if (status.state !== state) {
      status = { ...status, state };
      emit('sync:statusChanged', { state });
    }
  }

  function startDemo(): Promise<DemoService> {
    demo ??= startDemoService({
      seed: opts.demo?.seed ?? 1,
      meters: opts.demo?.meters ?? 9,
      years: opts.demo?.years ?? 3,
      clock: opts.demo?.clock,
      withBrokers: opts.demo?.withBrokers ?? true,
      mqttPort: opts.demo?.mqttPort,
      inApp: true,
      autoApproveSec: opts.demo?.autoApproveSec,
    });
    return demo;
  }

  async function connectionFor(profile: Profile): Promise<{ baseUrl: string; team: string; token: string }> {
    if (profile.kind === 'local')
      throw new AppError(
        'not_found',
        `"${profile.name}" has no account: it holds imported files only. To sync from the readings service, connect an account.`,
        { reason: 'profile_no_account', params: { name: profile.name } },
      );
    if (profile.kind === 'demo') {
      const d = await startDemo();
      return { baseUrl: d.info.base_url, team: d.info.team, token: d.info.tokens.pro };
    }
    const token = await secrets.get(profile.id);
    if (!token)
      throw new AppError(
        'unauthenticated',
        `No API token is stored for "${profile.name}" (a token kept for a session only is forgotten when the app quits). Enter the token again under Profiles.`,
        { reason: 'no_token' },
      );
    return { baseUrl: profile.baseUrl, team: profile.team, token };
  }

  async function open(profileId: string): Promise<ProfileContext> {
    const profile = profiles.get(profileId);
    const db = openDatabase(profiles.dbPath(profile.id));
    const account = createAccountStore(db, tz);
    const readings = createReadingsStore(db, tz);
    // The demo ships example tariffs and a synthetic spot series, clearly named as such.
    if (profile.kind === 'demo') {
      const demoNow = Math.floor(
        (opts.demo?.clock ? Date.parse(opts.demo.clock) : systemClock.nowMs()) / 1000,
      );
      seedExamples(
        createTariffStore(db),
        demoNow,
        opts.demo?.years !== undefined ? Math.ceil(opts.demo.years) + 1 : 4,
      );
    }
    // The local copy opens even when the service cannot be reached or the token cannot be read
    // (locked keychain): everything stored stays usable, and each sync says what is wrong.
    let api: ApiClient;
    let conn: { baseUrl: string; team: string; token: string } | null = null;
    try {
      conn = await connectionFor(profile);
      api = createApiClient({
        ...conn,
        onRateLimit: (r) => {
          rateLimit = r;
        },
      });
    } catch (err) {
      api = unavailableApi(err instanceof AppError ? err : new AppError('internal', (err as Error).message));
    }
    const onProgress = (p: SyncProgress) => emit('sync:progress', p);
    const onReadingsChanged = (meterIds: string[]) => emit('readings:changed', { meterIds });
    const local = createSyncService({ db, api, account, readings, onProgress, onReadingsChanged });
    const sync: SyncRunner =
      profile.kind === 'local'
        ? localOnly
        : conn
          ? createWorkerSync({
              dbPath: profiles.dbPath(profile.id),
              tz,
              connection: conn,
              onProgress,
              onReadingsChanged,
              onRateLimit: (r) => {
                rateLimit = r;
              },
            })
          : local;
    const queries = createQueryThread(profiles.dbPath(profile.id));
    const dbPath = profiles.dbPath(profile.id);
    const integrity = queries.run('integrity').catch(() => null); // a thread that failed checks nothing
    const assertWritable = async () => {
      const problem = await integrity;
      if (problem) throw damaged(dbPath, problem);
    };
    return {
      profile,
      db,
      account,
      readings,
      api,
      sync,
      backfill: local.backfill,
      push: null,
      queries,
      assertWritable,
    };
  }

  /** Starts MQTT push for the active profile when its plan has it; otherwise MQTT stays "off". */
  async function startPush(c: ProfileContext): Promise<void> {
    if (c.push || opts.mqtt === false) return;
    let settings;
    try {
      settings = await c.api.mqttSettings();
    } catch {
      return; // no MQTT on this plan (403 plan_required) or not offered: the cursor sync suffices
    }
    if (ctx !== c) return;
    const meterIdFor = c.db.prepare<[string], { id: string }>(
      'SELECT id FROM meters WHERE metering_point = ?',
    );
    c.push = createMqttPush({
      settings,
      clientId: `meterdesk-${c.profile.id}-${process.pid}`.slice(0, 64),
      meterIdFor: (mp) => meterIdFor.get(mp)?.id ?? null,
      apply: (meterId, rows) => {
        const w = c.readings.applyPage(
          meterId,
          rows.map((r) => ({ ...r, unit: r.unit ?? 'kWh' })),
          'mqtt',
          systemClock.nowSec(),
        );
        if (w.inserted + w.updated > 0) emit('readings:changed', { meterIds: [meterId] });
      },
      onReconnected: () => void syncNow(),
      onStatus: (s) => {
        if (status.mqtt !== s.state) {
          status = { ...status, mqtt: s.state };
          emit('sync:statusChanged', { state: status.state });
        }
      },
    });
    c.push.start();
  }

  /**
   * The active profile's context, opened on first use. Callers that ask while it is being opened
   * share that one opening (the window's first requests and the start-up sync arrive together: each
   * used to open the database and start a sync thread of its own). An opening overtaken by a close or a
   * switch is closed again, and the then-active profile is opened instead.
   */
  function active(): Promise<ProfileContext> {
    if (ctx) return Promise.resolve(ctx);
    if (opening) return opening;
    const gen = generation;
    const p: Promise<ProfileContext> = open(profiles.activeId()).then(
      (c) => {
        if (opening === p) opening = null;
        if (gen !== generation) {
          closeContext(c);
          return active();
        }
        ctx = c;
        return c;
      },
      (err: unknown) => {
        if (opening === p) opening = null;
        throw err;
      },
    );
    opening = p;
    return p;
  }

  function closeContext(c: ProfileContext): void {
    void c.push?.stop();
    c.sync.cancel();
    const closing = c.sync.close?.();
    if (closing) whileClosing(closing);
    // The query thread holds the file open too (a removed profile's folder must delete).
    whileClosing(c.queries.close());
    c.db.close();
  }

  function closeActive(): void {
    generation += 1;
    opening = null;
    if (ctx) {
      status = { ...status, mqtt: 'off' };
      closeContext(ctx);
      ctx = null;
    }
  }

  async function syncNow(): Promise<SyncSummary | null> {
    if (currentSync) return currentSync;
    const c = await active();
    if (c.profile.kind === 'local') return null; // no account: nothing to sync
    setState('syncing');
    currentSync = (async () => {
      try {
        await c.assertWritable();
        const summary = await c.sync.syncAll();
        // The demo also ships a small energy community of its own (to open without an EDA report): it
        // joins the demo profile after its first sync, once, so a new profile still starts empty.
        if (c.profile.kind === 'demo' && summary.errors.length === 0)
          seedDemoCommunity(
            c.db,
            tz,
            Math.floor((opts.demo?.clock ? Date.parse(opts.demo.clock) : systemClock.nowMs()) / 1000),
          );
        status = {
          ...status,
          lastSyncSec: systemClock.nowSec(),
          lastError: summary.errors[0]
            ? { code: summary.errors[0].code as ErrorCode, message: summary.errors[0].message }
            : null,
          warnings: summary.warnings.map((w) => ({ meterId: w.meterId, message: w.message })),
          meterErrors: summary.errors.map((e) => ({ meterId: e.meterId, message: e.message })),
        };
        setState(summary.errors.length > 0 ? 'error' : 'idle');
        void startPush(c);
        return summary;
      } catch (err) {
        const e = err instanceof AppError ? err : new AppError('internal', (err as Error).message);
        const contractError = toContractError(e);
        status = { ...status, lastError: contractError };
        // A long rate limit stops the run; the next one starts when the service takes requests again.
        if (contractError.retryAtSec !== undefined) scheduler.runOnceAt(contractError.retryAtSec + 5);
        setState(e.code === 'unreachable' ? 'offline' : e.code === 'cancelled' ? 'idle' : 'error');
        return null;
      } finally {
        currentSync = null;
      }
    })();
    return currentSync;
  }

  // The sync interval is an app setting kept beside profiles.json (no secret, no readings).
  const settingsFile = join(opts.dataDir, 'settings.json');
  const savedInterval = (() => {
    try {
      const v = (JSON.parse(readFileSync(settingsFile, 'utf8')) as { syncIntervalMin?: unknown })
        .syncIntervalMin;
      return typeof v === 'number' && [0, 15, 60, 360, 1440].includes(v) ? v : 60;
    } catch {
      return 60;
    }
  })();
  const scheduler = createScheduler(() => syncNow(), { ...defaultSchedule, intervalSec: savedInterval * 60 });

  // Files from the grid operators' portals, into the active profile (main/import/), read in a thread.
  const parseThread = createParseThread();
  const imports = createImportService({
    dataDir: opts.dataDir,
    tz,
    active,
    parse: (job) => parseThread.parse(job),
    onProgress: (p) => emit('import:progress', p),
    onWritten: (meterId) => emit('readings:changed', { meterIds: [meterId] }),
  });

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
      mkdirSync(opts.dataDir, { recursive: true });
      writeFileSync(`${settingsFile}.tmp`, JSON.stringify({ syncIntervalMin: min }));
      renameSync(`${settingsFile}.tmp`, settingsFile);
    },
    profiles,
    secrets,
    imports,
    active,
    startDemo,
    /**
     * "Now" for every figure's frame (analysis/frame.ts): the demo service's clock on the demo profile
     * (its world runs on that clock), this computer's clock otherwise.
     */
    async nowSec(): Promise<number> {
      const real = systemClock.nowSec();
      const c = await active().catch(() => null);
      if (c?.profile.kind !== 'demo' || !demo) return real;
      return Math.min(real, (await demo).state.nowSec);
    },
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit,
    async switchProfile(profileId: string): Promise<ProfileContext> {
      profiles.get(profileId);
      closeActive();
      // Sync status and quota belong to a profile: nothing of the previous one carries over.
      status = {
        ...status,
        state: 'idle',
        lastSyncSec: null,
        lastError: null,
        warnings: [],
        meterErrors: [],
      };
      rateLimit = null;
      profiles.setActive(profileId);
      const c = await active();
      emit('profiles:changed', { activeProfileId: profileId });
      if (opts.autoSync ?? true) void syncNow();
      return c;
    },
    closeActive,
    /** Resolves once the threads of closed profiles have ended (their files are then free to delete). */
    whenClosed: () => Promise.all([...closingWorkers]).then(() => undefined),
    syncNow,
    /**
     * The sync at start, once the window has been served its meter list (what is stored shows first:
     * the sync's threads, and with the demo profile the service answering in this process, would share
     * the cores with the window's first paint), and at the latest `maxWaitMs` after this call (no
     * window asks: a hidden window, the harness without a page).
     */
    startupSync(maxWaitMs = 2_000): void {
      if (startupPending) return;
      const timer = setTimeout(() => startupPending?.(), maxWaitMs);
      timer.unref?.();
      startupPending = () => {
        startupPending = null;
        clearTimeout(timer);
        if (closed) return;
        // Until now the status said "syncing" (a sync was due); a profile without an account syncs
        // nothing, so the window hears the state as it is.
        void syncNow().finally(() => {
          if (!closed && status.state !== 'syncing') emit('sync:statusChanged', { state: status.state });
        });
      };
    },
    /**
     * The window was served its meter list (`meters` long): the start-up sync begins once the list has
     * been drawn, or at once when there is nothing to draw (a new profile: its first sync fills it).
     */
    listServed(meters: number): void {
      const go = startupPending;
      if (go) setTimeout(go, meters > 0 ? LIST_DRAW_MS : 0);
    },
    /** Resolves when the sync in progress (if any) has finished. */
    whenSynced: () => currentSync ?? Promise.resolve(null),
    syncStatus(): SyncStatus {
      return {
        ...status,
        // The start-up sync is due (it waits for the window's list): the window shows it as running,
        // never as a finished "idle" it has not reached yet.
        state: status.state === 'idle' && startupPending ? 'syncing' : status.state,
        rateLimit,
        lastSyncSec: status.lastSyncSec ?? ctx?.account.lastSyncSec() ?? null,
      };
    },
    cancelSync(): boolean {
      return ctx?.sync.cancel() ?? false;
    },
    async close(): Promise<void> {
      closed = true;
      startupPending = null;
      scheduler.stop();
      closeActive();
      whileClosing(parseThread.close());
      await Promise.all([...closingWorkers]);
      if (demo) await (await demo).stop();
      demo = null;
    },
    DEMO_PROFILE_ID,
  };
}

export type Services = ReturnType<typeof createServices>;
