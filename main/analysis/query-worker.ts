/**
 * Worker-thread entry of the query thread (query-thread.ts): one read-only connection to the profile's
 * SQLite file (WAL: it reads beside the sync's writes) and one generic request/response shape,
 * `{seq, name, args}` → `{seq, response}` or `{seq, error}`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/open';
import { toContractError } from '../errors';
import { queries, type QueryName } from './queries';

const port = parentPort;
if (!port) throw new Error('query-worker.ts runs as a worker thread only');
const db = openDatabase((workerData as { dbPath: string }).dbPath, { readonly: true });

port.on('message', (m: { seq: number; name: QueryName; args: unknown[] } | { close: true }) => {
  if ('close' in m) {
    db.close();
    port.close();
    return;
  }
  try {
    const fn = queries[m.name] as (...a: unknown[]) => unknown;
    port.postMessage({ seq: m.seq, response: fn(db, ...m.args) });
  } catch (err) {
    port.postMessage({ seq: m.seq, error: toContractError(err) });
  }
});
