/**
 * Worker-thread entry of the cursor sync (see worker-sync.ts for the main-thread side). The worker owns
 * its own API client and its own connection to the profile's SQLite file, so HTTP, JSON parsing,
 * validation and the page transactions never run on the main thread: the Electron main process stays
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
import { createSyncService } from './sync-service';
import type { SyncWorkerData, ToWorker, FromWorker } from './worker-sync';

const port = parentPort;
if (!port) throw new Error('sync-worker.ts runs as a worker thread only');
const data = workerData as SyncWorkerData;
const post = (m: FromWorker) => port.postMessage(m);

const db = openDatabase(data.dbPath);
const onRateLimit = (rateLimit: RateLimitState) => post({ type: 'rateLimit', rateLimit });
const api = createApiClient({ ...data.connection, ...data.apiOptions, onRateLimit });
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

port.on('message', (m: ToWorker) => {
  if (m.type === 'cancel') sync.cancel();
  else if (m.type === 'close') {
    // Page transactions are synchronous, so none is open here; the cancelled run settles first.
    sync.cancel();
    void running.finally(() => {
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
post({ type: 'ready' });
