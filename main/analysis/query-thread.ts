/**
 * Runs the analyses of `queries.ts` in a worker thread of their own, started on the first request and
 * kept for the profile. The main process answers every other request meanwhile: a portfolio of 1 000
 * meters takes ≈ 0.3 s, which on the main thread would hold up every click and chart for as long
 * (docs/performance.md). A thread that ends fails its open requests with a clear error; the next
 * request starts a new one.
 */
import type { Worker } from 'node:worker_threads';
import type { ContractError } from '../../preload/contract';
import { AppError } from '../errors';
import { startWorker } from '../start-worker';
import type { QueryArgs, QueryName, Queries } from './queries';

type Reply = { seq: number; response: unknown } | { seq: number; error: ContractError };

export function createQueryThread(dbPath: string) {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** The answers not yet in, for close() to wait on. */
  const open = new Set<Promise<unknown>>();

  function start(): Worker {
    const w = startWorker('query-worker', { dbPath });
    w.on('message', (m: Reply) => {
      const p = pending.get(m.seq);
      pending.delete(m.seq);
      if (!p) return;
      if ('error' in m) p.reject(new AppError(m.error.code, m.error.message, { reason: m.error.reason }));
      else p.resolve(m.response);
    });
    const ended = (why: string) => {
      if (worker === w) worker = null;
      for (const p of pending.values()) p.reject(new AppError('internal', why));
      pending.clear();
    };
    w.on('error', (err) => ended(`The analysis stopped unexpectedly: ${err.message}. Try again.`));
    w.on('exit', () => ended('The analysis stopped unexpectedly. Try again.'));
    return w;
  }

  return {
    run<N extends QueryName>(name: N, ...args: QueryArgs<N>): Promise<ReturnType<Queries[N]>> {
      worker ??= start();
      const id = ++seq;
      const answer = new Promise<ReturnType<Queries[N]>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker!.postMessage({ seq: id, name, args });
      });
      const settled: Promise<unknown> = answer.then(
        () => open.delete(settled),
        () => open.delete(settled),
      );
      open.add(settled);
      return answer;
    },
    /**
     * Ends the thread after answering what was asked before (its connection closes with it). The
     * requests still open settle first, however long a busy machine takes to start the thread; only
     * a thread that has nothing left to answer and still does not end is ended after 5 s.
     */
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage({ close: true });
      await Promise.race([Promise.allSettled(open), exited]);
      await Promise.race([
        exited,
        new Promise<void>((resolve) => setTimeout(resolve, 5000).unref()).then(() => w.terminate()),
      ]);
    },
  };
}

export type QueryThread = ReturnType<typeof createQueryThread>;
