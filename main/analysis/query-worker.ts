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

/** Reports still rendering; a close waits for them before the connection goes. */
let rendering = 0;
let closing = false;
function closeWhenDone(): void {
  if (!closing || rendering > 0) return;
  db.close();
  port!.close();
}

port.on('message', (m: { seq: number; name: QueryName; args: unknown[] } | { close: true }) => {
  if ('close' in m) {
    closing = true;
    closeWhenDone();
    return;
  }
  try {
    const fn = queries[m.name] as (...a: unknown[]) => unknown;
    const response = fn(db, ...m.args);
    // A report renders asynchronously (its PDF); everything else answers at once.
    if (response instanceof Promise) {
      rendering += 1;
      response
        .then(
          (r) => port.postMessage({ seq: m.seq, response: r }),
          (err: unknown) => port.postMessage({ seq: m.seq, error: toContractError(err) }),
        )
        .finally(() => {
          rendering -= 1;
          closeWhenDone();
        });
    } else port.postMessage({ seq: m.seq, response });
  } catch (err) {
    port.postMessage({ seq: m.seq, error: toContractError(err) });
  }
});
