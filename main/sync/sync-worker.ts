/**
 * Worker-thread entry of the cursor sync (see worker-sync.ts for the main-thread side). The worker owns
 * its own API client (whose downloads of readings run in a fetch thread of their own, fetch-thread.ts)
 * and its own connection to the profile's SQLite file, so HTTP, JSON parsing, validation and the page
 * transactions never run on the main thread: the Electron main process stays
 * free for IPC and window events however large the sync.
 *
 * Messages in: `syncAll` (with an id), `cancel`, `close`. Messages out: `progress`, `changed`,
 * `rateLimit`, `done` / `failed` (with the id), `closed`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createApiClient, type RateLimitState } from '../api/client';
import { createAccountStore } from '../db/account-store';
import { openDatabase } from '../db/open';
import { createReadingsStore } from '../db/readings-store';
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
const sync = createSyncService({
  db,
  api,
  account: createAccountStore(db, data.tz),
  readings: createReadingsStore(db, data.tz),
  pageSize: data.pageSize,
  concurrency: data.concurrency,
  recentFirstDays: data.recentFirstDays,
  onProgress: (progress) => post({ type: 'progress', progress }),
  onReadingsChanged: (meterIds) => post({ type: 'changed', meterIds }),
});

let running: Promise<unknown> = Promise.resolve();

port.on('message', (m: ToWorker) => {
  if (m.type === 'cancel') sync.cancel();
  else if (m.type === 'close') {
    // Page transactions are synchronous, so none is open here; the cancelled run settles first.
    sync.cancel();
    void running.finally(async () => {
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
