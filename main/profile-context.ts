/**
 * A profile, opened: its database and stores, its service client (or one that says why there is
 * none), its sync runner and query thread, and the start-up integrity check every writer waits for.
 */
import type Database from 'better-sqlite3';
import type { EventName, EventPayload } from '../preload/contract';
import { createApiClient, type ApiClient, type RateLimitState } from './api/client';
import { createAccountStore, type AccountStore } from './db/account-store';
import { sqliteSyncStore } from './db/sync-store';
import { damaged, openDatabase } from './db/open';
import { createReadingsStore, type ReadingsStore } from './db/readings-store';
import type { DemoService, startDemoService } from './demo/service';

type DemoOptions = Parameters<typeof startDemoService>[0];
import { unexpected, AppError } from './errors';
import type { Profile } from './profiles/registry';
import type { ProfileBook } from './profiles/profile-book';
import { sqliteImportWrites, type ImportWrites } from './import/import-writes';
import { openTeamCopy, teamReadOnly, teamWrites, watchTeam, type TeamCopyState } from './team-open';
import { sqliteNoteStore, type NoteStore } from './db/note-store';
import { sqliteTariffWrites, type TariffWrites } from './db/team-tariffs';
import { thisComputer } from './profiles/this-computer';
import { sqliteWatchMarks, type WatchMarks } from './db/watch-store';
import type { MqttPush } from './push/mqtt-push';
import type { SecretStore } from './secrets/keychain';
import { createSyncService, emptySummary, type SyncProgress, type SyncService } from './sync/sync-service';
import { createWorkerSync } from './sync/worker-sync';
import { createQueryThread, type QueryThread } from './query/query-thread';
import { seedExamples } from './cost/examples';
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
  /** Where team profiles' passwords are kept (default: the OS keychain, service "Meterdesk PostgreSQL"). */
  teamSecrets?: SecretStore;
  /** Asks where to save an export (a save dialog in Electron; a test hook in the harness). */
  chooseExportPath?: (suggestedName: string) => Promise<string | null>;
  /** Asks which backup file to restore (an open dialog in Electron; a test hook in the harness). */
  chooseBackupFile?: () => Promise<string | null>;
  /** Sync when a profile becomes active (default true). */
  autoSync?: boolean;
  /** The watch list's evaluation this long after the last write (default watch/after-writes.ts). */
  watchDelayMs?: number;
  /**
   * Start the analysis thread once the window was served its meter list (the app and the harness), so
   * the first analysis (the portfolio's first open: 4.0–4.6 s cold at 1 000 meters) does not wait for
   * the thread's code to load. Not at the open: it took the second core from the start (start at 200
   * meters 2.6–2.8 → 3.1–3.3 s). Off by default: the tests' short-lived services start it on first use.
   */
  warmAnalysis?: boolean;
}

export interface ProfileContext {
  profile: Profile;
  db: Database.Database;
  /** The profile's file: a long export reads it in a thread of its own (handlers/workbooks.ts). */
  dbPath: string;
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
  /** The open check's thread, while it runs (closed with the profile, or when the check is done). */
  checker: QueryThread;
  /**
   * Refuses a write once the open check (SQLite's quick_check in a thread of its own, ≈ 0.9 ms per MB)
   * has found damage. Writers do not wait for the check: a 1.7 GB profile's import would wait 1.7 s for
   * it (issue 46); a write made before the check ends goes ahead, every write after it found damage is
   * refused with the file named (docs/security.md: what is checked when).
   */
  assertWritable(): Promise<void>;
  /**
   * The stores a person's changes go through (notes, the watch list's marks and thresholds, tariffs):
   * a local profile's SQLite (refused as any write once the open check found damage), or a team
   * profile's server, its copy following each change (team-open.ts: teamWrites).
   */
  storeWrites(): Promise<StoreWrites>;
  /** The open check's answer: null for a whole file, else what is wrong (for tests and the status). */
  checked: Promise<string | null>;
  /** A team profile's copy of its store: when it was taken, and why no newer one could be (team-open.ts). */
  teamCopy: TeamCopyState | null;
  /** Ends what the open profile keeps open besides its threads (a team profile's LISTEN connection). */
  closeExtras(): void;
}

/** The stores a person's changes go through (ProfileContext.storeWrites). */
export interface StoreWrites {
  notes: NoteStore;
  marks: WatchMarks;
  tariffs: TariffWrites;
  imports: ImportWrites;
}

/** How long after a profile opens its integrity check begins (the start's page load comes first). */
export const OPEN_CHECK_DELAY_MS = 3000;

export type SyncRunner = Pick<SyncService, 'syncAll' | 'cancel' | 'isRunning'> & { close?(): Promise<void> };

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** What opening a profile needs from the services. */
export interface OpenDeps {
  opts: ServicesOptions;
  tz: string;
  profiles: ProfileBook;
  secrets: SecretStore;
  /** Team profiles' PostgreSQL passwords (keychain service "Meterdesk PostgreSQL"). */
  teamSecrets: SecretStore;
  /** Team profiles whose next open waits for a new copy (the person asked: Reload); taken by the open. */
  teamFresh: Set<string>;
  startDemo: () => Promise<DemoService>;
  emit: Emit;
  onRateLimit: (r: RateLimitState) => void;
  /** Resolves once the threads of closed profiles have ended (a Reload then renews the copy in place). */
  whenClosed: () => Promise<void>;
}

/** A profile without an account has nothing to sync: a run is done at once, with nothing to report. */
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

/** The embedded demo service as these options ask for it (9 meters, 3 years, brokers by default). */
export function demoServiceOptions(opts: ServicesOptions): DemoOptions {
  const d = opts.demo;
  return {
    seed: d?.seed ?? 1,
    meters: d?.meters ?? 9,
    years: d?.years ?? 3,
    clock: d?.clock,
    withBrokers: d?.withBrokers ?? true,
    mqttPort: d?.mqttPort,
    inApp: true,
    autoApproveSec: d?.autoApproveSec,
  };
}

/** "Now" of the demo's world: its fixed clock when one is set, this computer's otherwise. */
export function demoNowSec(opts: ServicesOptions): number {
  return Math.floor((opts.demo?.clock ? Date.parse(opts.demo.clock) : systemClock.nowMs()) / 1000);
}

async function connectionFor(
  d: OpenDeps,
  profile: Profile,
): Promise<{ baseUrl: string; team: string; token: string }> {
  if (profile.kind === 'local')
    throw new AppError(
      'not_found',
      `"${profile.name}" has no account: it holds imported files only. To sync from the readings service, connect an account.`,
      { reason: 'profile_no_account', params: { name: profile.name } },
    );
  if (profile.kind === 'team')
    throw new AppError(
      'not_found',
      `"${profile.name}" is a team profile: the team's server syncs it (meterdesk sync --profile, its nightly job: docs/team.md); the app reads a copy.`,
      { reason: 'team_read_only_app', params: { name: profile.name } },
    );
  if (profile.kind === 'demo') {
    const demo = await d.startDemo();
    return { baseUrl: demo.info.base_url, team: demo.info.team, token: demo.info.tokens.pro };
  }
  const token = await d.secrets.get(profile.id);
  if (!token)
    throw new AppError(
      'unauthenticated',
      `No API token is stored for "${profile.name}" (a token kept for a session only is forgotten when the app quits). Enter the token again under Profiles.`,
      { reason: 'no_token' },
    );
  return { baseUrl: profile.baseUrl, team: profile.team, token };
}

export async function openContext(d: OpenDeps, profileId: string): Promise<ProfileContext> {
  const { opts, tz, profiles, emit } = d;
  const profile = profiles.get(profileId);
  const team =
    profile.kind === 'team'
      ? await openTeamCopy(opts.dataDir, profiles, d.teamSecrets, profile.id, {
          fresh: d.teamFresh.delete(profile.id),
          onNewer: () => emit('team:changed', { profileId: profile.id, meters: 0 }),
          whenClosed: d.whenClosed,
        })
      : null;
  const dbPath = team ? team.path : profiles.dbPath(profile.id);
  const db = openDatabase(dbPath);
  const account = createAccountStore(db);
  const readings = createReadingsStore(db, tz);
  // The demo ships example tariffs and a synthetic spot series, clearly named as such.
  if (profile.kind === 'demo')
    seedExamples(
      createTariffStore(db),
      demoNowSec(opts),
      opts.demo?.years !== undefined ? Math.ceil(opts.demo.years) + 1 : 4,
    );
  // The local copy opens even when the service cannot be reached or the token cannot be read
  // (locked keychain): everything stored stays usable, and each sync says what is wrong.
  let api: ApiClient;
  let conn: { baseUrl: string; team: string; token: string } | null = null;
  try {
    conn = await connectionFor(d, profile);
    api = createApiClient({ ...conn, onRateLimit: d.onRateLimit });
  } catch (err) {
    api = unavailableApi(err instanceof AppError ? err : unexpected(err));
  }
  const onProgress = (p: SyncProgress) => emit('sync:progress', p);
  const onReadingsChanged = (meterIds: string[]) => emit('readings:changed', { meterIds });
  const local = createSyncService({
    api,
    store: sqliteSyncStore(db, account, readings),
    onProgress,
    onReadingsChanged,
  });
  const sync: SyncRunner =
    profile.kind === 'local' || team
      ? localOnly
      : conn
        ? createWorkerSync({
            dbPath,
            tz,
            connection: conn,
            onProgress,
            onReadingsChanged,
            onRateLimit: d.onRateLimit,
          })
        : local;
  const queries = createQueryThread(dbPath);
  // The open check (SQLite's quick_check, ≈ 0.9 ms per MB) in a thread of its own, closed when it is
  // done: the analyses in the query thread no longer queue behind it (the first one waited 0.8–1.7 s).
  // It starts a few seconds after the open, once the window has its meter list: begun at once it took
  // the second core while the first page loaded (start at 200 meters 1.32–1.40 s; delayed 1.06–1.26 s,
  // `npm run bench -- --only ui@200`). A profile closed before then is not checked.
  const thread = createQueryThread(dbPath);
  let closedEarly = false;
  const checker = {
    ...thread,
    close: () => ((closedEarly = true), thread.close()),
  } as QueryThread;
  let found: string | null = null;
  const checked = new Promise<void>((r) => setTimeout(r, OPEN_CHECK_DELAY_MS).unref())
    .then(() => (closedEarly ? null : thread.run('integrity')))
    .catch(() => null) // a thread that failed checks nothing
    .then((problem) => (found = problem))
    .finally(() => void thread.close());
  const closeExtras = listenIfTeam(d, profile.id, team?.state ?? null);
  const assertWritable = async () => {
    if (team) throw teamReadOnly(profile.name);
    if (found) throw damaged(dbPath, found);
  };
  const writes: StoreWrites = team
    ? teamWrites(profiles, d.teamSecrets, profile.id, db, tz)
    : {
        notes: sqliteNoteStore(db, thisComputer(), tz),
        marks: sqliteWatchMarks(db, thisComputer(), tz),
        tariffs: sqliteTariffWrites(db, thisComputer()),
        imports: sqliteImportWrites(db, thisComputer()),
      };
  const storeWrites = async () => {
    if (!team && found) throw damaged(dbPath, found);
    return writes;
  };
  return {
    profile,
    db,
    dbPath,
    account,
    readings,
    api,
    sync,
    backfill: local.backfill,
    push: null,
    queries,
    checker,
    assertWritable,
    storeWrites,
    checked,
    teamCopy: team?.state ?? null,
    closeExtras,
  };
}

/** A team profile's copy listens for its server's writers while it is open; the close ends it. */
function listenIfTeam(d: OpenDeps, profileId: string, state: TeamCopyState | null): () => void {
  if (!state) return () => undefined;
  let closed = false;
  const listening = watchTeam(d.profiles, d.teamSecrets, profileId, state, () =>
    d.emit('team:changed', { profileId, meters: state.changedMeters.length }),
  ).then((l) => {
    if (closed) void l?.stop();
    return l;
  });
  return () => {
    closed = true;
    void listening.then((l) => l?.stop());
  };
}
