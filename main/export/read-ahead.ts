/**
 * Reads a large CSV export's chunks ahead of it in a thread of its own (read-worker.ts), so reading
 * from SQLite and assembling and writing the CSV run on two cores instead of taking turns on one
 * (docs/performance.md: ≈ 1.3–1.6 × faster for a 1.4 M-row export). One reading thread per database
 * file, started by the first large export and kept for the next (its start costs more than a small
 * export); it does not keep the process alive while idle. At most 32 chunks (≈ 0.7 MB) are read ahead,
 * so memory stays bounded however slowly the file is written.
 *
 * Nothing here can make an export fail: when the thread is busy with another export, cannot start, or
 * dies, the export reads the chunks itself, exactly as without it.
 */
import type Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../start-worker';

export type ToReader =
  | { type: 'plan'; id: number; plan: Float64Array; credit: number }
  | { type: 'credit'; id: number; upTo: number }
  | { type: 'drop'; id: number };

export type FromReader =
  | { type: 'chunk'; id: number; index: number; values: Float64Array }
  | { type: 'failed'; id: number; message: string };

/**
 * Chunks read ahead of the one the export is working on: at most 32 × 2 880 rows × 8 bytes ≈ 0.7 MB
 * waiting (6 chunks were ≈ 15 % slower: the thread then often waited for credit).
 */
const AHEAD = 32;

interface Reader {
  worker: Worker;
  busy: boolean;
  dead: boolean;
  /** The active stream's listener; `null` tells it the thread has ended. */
  listener: ((m: FromReader | null) => void) | null;
}
const readers = new Map<string, Reader>();

function readerFor(dbPath: string): Reader {
  const known = readers.get(dbPath);
  if (known && !known.dead) return known;
  const r: Reader = {
    worker: startWorker('read-worker', { dbPath }),
    busy: false,
    dead: false,
    listener: null,
  };
  r.worker.on('message', (m: FromReader) => r.listener?.(m));
  const ended = () => {
    r.dead = true;
    if (readers.get(dbPath) === r) readers.delete(dbPath);
    r.listener?.(null);
  };
  r.worker.on('error', (err) => {
    console.warn(`Meterdesk: the CSV reading thread stopped (${err.message}); exports read on their own.`);
    ended();
  });
  r.worker.on('exit', ended);
  r.worker.unref();
  readers.set(dbPath, r);
  return r;
}

export interface ChunkStream {
  /** The next chunk's packed values (NaN: a row that does not pack); null: read this chunk yourself. */
  next(): Promise<Float64Array | null>;
  /** Ends the stream; call it however the export ends. */
  close(): void;
}

let nextPlanId = 1;

/**
 * The chunks of `plan` — (series id, from, to) triples, in the order the export reads them — read ahead
 * by the database's reading thread, or null when the thread is busy with another export.
 */
export function readAhead(db: Database.Database, plan: Float64Array): ChunkStream | null {
  if (db.memory || plan.length === 0) return null;
  const r = readerFor(db.name);
  if (r.busy) return null;
  r.busy = true;
  const id = nextPlanId++;
  const arrived = new Map<number, Float64Array>();
  let failed = r.dead;
  let wake: (() => void) | null = null;
  let index = 0;
  let closed = false;
  r.listener = (m) => {
    if (m === null || (m.type === 'failed' && m.id === id)) failed = true;
    else if (m.type === 'chunk' && m.id === id) arrived.set(m.index, m.values);
    else return;
    wake?.();
  };
  // While an export waits on the thread, the thread keeps the process alive.
  r.worker.ref();
  r.worker.postMessage({ type: 'plan', id, plan, credit: AHEAD } satisfies ToReader);
  return {
    async next() {
      if (closed) return null;
      while (!failed && !arrived.has(index)) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const values = arrived.get(index) ?? null;
      arrived.delete(index);
      index += 1;
      if (values && !r.dead)
        r.worker.postMessage({ type: 'credit', id, upTo: index + AHEAD } satisfies ToReader);
      return values;
    },
    close() {
      if (closed) return;
      closed = true;
      r.listener = null;
      if (!r.dead) {
        r.worker.postMessage({ type: 'drop', id } satisfies ToReader);
        r.worker.unref();
      }
      r.busy = false;
    },
  };
}

/** The database files that have a reading thread now. */
export function readAheadThreads(): string[] {
  return [...readers].filter(([, r]) => !r.dead).map(([path]) => path);
}

/** Ends the reading thread of one database file (a profile closes), or of all. */
export async function closeReadAhead(dbPath?: string): Promise<void> {
  const ending = [...readers].filter(([path]) => dbPath === undefined || path === dbPath);
  for (const [path, r] of ending) {
    readers.delete(path);
    await r.worker.terminate();
  }
}
