/**
 * Worker-thread entry of the cursor sync (see worker-sync.ts for the main-thread side). The worker owns
 * its own API client and its own connection to the profile's SQLite file, so HTTP, JSON parsing,
 * validation and the page transactions never run on the main thread: the Electron main process stays
 * free for IPC and window events however large the sync.
 *
 * It answers sync-thread-calls.ts in the one message shape of threads/rpc.ts; a close waits for the
 * running sync (cancelled first by the main side) to settle, then the connection goes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createApiClient } from '../api/client';
import { createAccountStore } from '../db/account-store';
import { openDatabase } from '../db/open';
import { createReadingsStore } from '../db/readings-store';
import { sqliteSyncStore } from '../db/sync-store';
import { serveThread } from '../threads/rpc';
import { createSyncService } from './sync-service';
import { syncCalls, type SyncThreadContext } from './sync-thread-calls';
import type { SyncWorkerData } from './worker-sync';

const port = parentPort;
if (!port) throw new Error('sync-worker.ts runs as a worker thread only');
const data = workerData as SyncWorkerData;

const db = openDatabase(data.dbPath);
const ctx = { emit: null } as SyncThreadContext;
const api = createApiClient({
  ...data.connection,
  ...data.apiOptions,
  onRateLimit: (rateLimit) => ctx.emit?.({ type: 'rateLimit', rateLimit }),
});
ctx.sync = createSyncService({
  api,
  store: sqliteSyncStore(db, createAccountStore(db), createReadingsStore(db, data.tz)),
  pageSize: data.pageSize,
  concurrency: data.concurrency,
  recentFirstDays: data.recentFirstDays,
  onProgress: (progress) => ctx.emit?.({ type: 'progress', progress }),
  onReadingsChanged: (meterIds) => ctx.emit?.({ type: 'changed', meterIds }),
});

serveThread<SyncThreadContext>(
  port,
  ctx,
  syncCalls as unknown as Record<string, (c: SyncThreadContext, ...args: unknown[]) => unknown>,
  () => db.close(),
);
