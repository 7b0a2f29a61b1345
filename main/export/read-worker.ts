/**
 * Worker-thread entry that reads a CSV export's chunks ahead of it (see read-ahead.ts for the other
 * side), on its own read-only connection to the profile's SQLite file. Each chunk is the export's
 * packed read (one integer per row) and travels as a Float64Array whose buffer is transferred; a row
 * that does not pack arrives as NaN, and the export then reads that chunk itself, row by row.
 *
 * Messages in: `plan` (an id and the chunks as (series id, from, to) triples), `credit` (how many
 * chunks may be read ahead), `drop`. Messages out: `chunk` (id, index, values), `failed`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/open';
import { packedChunkReader } from './packed-read';
import type { FromReader, ToReader } from './read-ahead';

const port = parentPort;
if (!port) throw new Error('read-worker.ts runs as a worker thread only');
const post = (m: FromReader, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
const db = openDatabase((workerData as { dbPath: string }).dbPath, { readonly: true });
const read = packedChunkReader(db);

/** The plan being read: chunks up to `upTo` (exclusive) may be read. */
let current: { id: number; plan: Float64Array; next: number; upTo: number } | null = null;
let scheduled = false;

function pump(): void {
  scheduled = false;
  const c = current;
  if (!c) return;
  try {
    // One chunk per turn of the event loop, so credits and drops are seen in between.
    if (c.next < c.upTo && c.next * 3 < c.plan.length) {
      const k = c.next * 3;
      const rows = read(c.plan[k]!, c.plan[k + 1]!, c.plan[k + 2]!);
      const values = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) values[i] = rows[i] ?? NaN;
      post({ type: 'chunk', id: c.id, index: c.next, values }, [values.buffer as ArrayBuffer]);
      c.next += 1;
      if (c.next * 3 >= c.plan.length) current = null;
      else schedule();
    }
  } catch (err) {
    post({ type: 'failed', id: c.id, message: (err as Error).message });
    current = null;
  }
}

function schedule(): void {
  if (!scheduled) {
    scheduled = true;
    setImmediate(pump);
  }
}

port.on('message', (m: ToReader) => {
  if (m.type === 'plan') current = { id: m.id, plan: m.plan, next: 0, upTo: m.credit };
  else if (m.type === 'credit' && current?.id === m.id) current.upTo = Math.max(current.upTo, m.upTo);
  else if (m.type === 'drop' && current?.id === m.id) current = null;
  schedule();
});
