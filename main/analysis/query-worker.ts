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
    const response = fn(db, ...m.args);
    // A report renders asynchronously (its PDF); everything else answers at once.
    if (response instanceof Promise)
      response.then(
        (r) => port.postMessage({ seq: m.seq, response: r }),
        (err: unknown) => port.postMessage({ seq: m.seq, error: toContractError(err) }),
      );
    else port.postMessage({ seq: m.seq, response });
  } catch (err) {
    port.postMessage({ seq: m.seq, error: toContractError(err) });
  }
});
