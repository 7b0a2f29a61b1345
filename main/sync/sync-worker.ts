/**
 * Worker-thread entry of the cursor sync (see worker-sync.ts for the main-thread side). The worker owns
 * its own API client (whose downloads of readings run in a fetch thread of their own, fetch-thread.ts)
 * and its own connection to the profile's SQLite file, so HTTP, JSON parsing, validation and the page
 * transactions never run on the main thread: the Electron main process stays
 * free for IPC and window events however large the sync. After it starts, the worker also gives the
 * days that migration 0003 marked '?' their day block (`fillPendingBlocks`), a batch at a time between
 * the sync's own work.
 *
 * Messages in: `syncAll` (with an id), `cancel`, `close`. Messages out: `progress`, `changed`,
 * `rateLimit`, `done` / `failed` (with the id), `closed`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createApiClient, type RateLimitState } from '../api/client';
import { createAccountStore } from '../db/account-store';
import { openDatabase } from '../db/open';
import { createReadingsStore, fillPendingBlocks } from '../db/readings-store';
import { toContractError } from '../errors';
import { withFetchThread } from './fetch-thread';
import { createSyncService } from './sync-service';
import type { SyncWorkerData, ToWorker, FromWorker } from './worker-sync';

const port = parentPort;
if (!port) throw new Error('sync-worker.ts runs as a worker thread only');
const data = workerData as SyncWorkerData;
const post = (m: FromWorker) => port.postMessage(m);

const db = openDatabase(data.dbPath);
const onRateLimit = (rateLimit: RateLimitState) => post({ type: 'rateLimit', rateLimit });
// Readings are downloaded, parsed and validated by a thread of their own; this one writes them.
const downloads = withFetchThread(
  createApiClient({ ...data.connection, ...data.apiOptions, onRateLimit }),
  { ...data.connection, ...data.apiOptions },
  onRateLimit,
);
const api = downloads.api;
const readings = createReadingsStore(db, data.tz);
const sync = createSyncService({
  db,
  api,
  account: createAccountStore(db, data.tz),
  readings,
  pageSize: data.pageSize,
  concurrency: data.concurrency,
  recentFirstDays: data.recentFirstDays,
  onProgress: (progress) => post({ type: 'progress', progress }),
  onReadingsChanged: (meterIds) => post({ type: 'changed', meterIds }),
});

let running: Promise<unknown> = Promise.resolve();
let closing = false;
// Day blocks of days synced before migration 0003, a batch at a time between the sync's own work.
const filling = fillPendingBlocks(db, readings, { shouldStop: () => closing }).catch((err: unknown) => {
  // Not fatal: those days stay readable row by row, and the next start tries again.
  console.warn(`Meterdesk: filling in day blocks stopped: ${(err as Error).message}`);
});

port.on('message', (m: ToWorker) => {
  if (m.type === 'cancel') sync.cancel();
  else if (m.type === 'close') {
    // Page transactions are synchronous, so none is open here; the cancelled run settles first.
    sync.cancel();
    closing = true;
    void Promise.allSettled([running, filling]).finally(async () => {
      await downloads.close();
      db.close();
      post({ type: 'closed' });
      port.close();
    });
  } else if (m.type === 'syncAll') {
    running = sync.syncAll({ meterIds: m.meterIds }).then(
      (summary) => post({ type: 'done', id: m.id, summary }),
      (err: unknown) => post({ type: 'failed', id: m.id, error: toContractError(err) }),
    );
  }
});
// The download thread loads with this one, so the first sync does not wait for it.
await downloads.ready();
post({ type: 'ready' });
