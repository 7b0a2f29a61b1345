/**
 * Worker-thread entry of the query thread (query-thread.ts): one read-only connection to the profile's
 * SQLite file (WAL: it reads beside the sync's writes), answering `queries.ts` in the one message
 * shape of threads/rpc.ts (the EDA import alone writes, on a connection it opens for that). A close waits for the reports still rendering, then the connection goes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { openDatabase } from '../db/open';
import { serveThread } from '../threads/rpc';
import { queries } from './queries';

const port = parentPort;
if (!port) throw new Error('query-worker.ts runs as a worker thread only');
const db = openDatabase((workerData as { dbPath: string }).dbPath, { readonly: true });

serveThread<Database.Database>(
  port,
  db,
  queries as unknown as Record<string, (db: Database.Database, ...args: unknown[]) => unknown>,
  () => db.close(),
);
