/**
 * The one message shape of the core's worker threads (after Signal Desktop's `mainWorker`):
 *
 *   main → thread   `{seq, name, args}`                         a request, or `{close: true}`
 *   thread → main   `{seq, response}` | `{seq, error}`          one answer per request
 *                   `{seq, event}`                              any number of events first (progress)
 *
 * Errors cross as the contract's `{code, message, reason}` (errors.ts `toContractError`) and become an
 * `AppError` again on the main side. A close waits for the answers still open, then the thread ends.
 * A thread that stops fails its open requests with a clear error; the next request starts a new one.
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import type { ContractError } from '../../preload/contract';
import { AppError, toContractError } from '../errors';

type Request = { seq: number; name: string; args: unknown[] };
type Reply =
  | { seq: number; response: unknown }
  | { seq: number; error: ContractError }
  | { seq: number; event: unknown };

/** A thread's registry: named functions; each gets the thread's context first and `emit` last. */
export type Registry<C> = Record<string, (ctx: C, ...args: never[]) => unknown>;
/** A request's arguments: the registry function's parameters between the context and `emit`. */
export type ArgsOf<F> = F extends (ctx: never, ...args: infer A) => unknown ? WithoutEmit<A> : never;
type WithoutEmit<A extends unknown[]> = A extends [...infer P, (event: never) => void] ? P : A;

/**
 * The thread side: answers each request by calling `registry[name](ctx, ...args, emit)`; a promise is
 * awaited. `onClose` runs once every open answer is sent.
 */
export function serveThread<C>(
  port: MessagePort,
  ctx: C,
  registry: Record<string, (ctx: C, ...args: unknown[]) => unknown>,
  onClose: () => void,
): void {
  let open = 0;
  let closing = false;
  const closeWhenDone = () => {
    if (!closing || open > 0) return;
    onClose();
    port.close();
  };
  const send = (m: Reply) => port.postMessage(m);
  port.on('message', (m: Request | { close: true }) => {
    if ('close' in m) {
      closing = true;
      closeWhenDone();
      return;
    }
    const emit = (event: unknown) => send({ seq: m.seq, event });
    open += 1;
    const done = () => {
      open -= 1;
      closeWhenDone();
    };
    try {
      const fn = registry[m.name];
      if (!fn)
        throw new AppError('internal', `This thread has no request "${m.name}".`, {
          reason: 'thread_request_unknown',
          params: { name: m.name },
        });
      const response = fn(ctx, ...m.args, emit);
      if (response instanceof Promise)
        response
          .then(
            (r) => send({ seq: m.seq, response: r }),
            (err: unknown) => send({ seq: m.seq, error: toContractError(err) }),
          )
          .finally(done);
      else {
        send({ seq: m.seq, response });
        done();
      }
    } catch (err) {
      send({ seq: m.seq, error: toContractError(err) });
      done();
    }
  });
}

/**
 * The main side of one thread: started on the first request, `run(name, ...args)` answers with the
 * function's result. `what` names the work in the error of a thread that stops ("The analysis").
 */
export function createThreadClient<R extends Registry<never>>(
  start: () => Worker,
  what: string,
  opts: { unrefWhenIdle?: boolean } = {},
) {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; onEvent?: (e: unknown) => void }
  >();
  const open = new Set<Promise<unknown>>();

  function begin(): Worker {
    const w = start();
    w.on('message', (m: Reply) => {
      const p = pending.get(m.seq);
      if (!p) return;
      if ('event' in m) return p.onEvent?.(m.event);
      pending.delete(m.seq);
      if (opts.unrefWhenIdle && pending.size === 0) w.unref(); // idle: it must not keep a process alive
      if ('error' in m)
        p.reject(
          new AppError(m.error.code, m.error.message, {
            reason: m.error.reason,
            params: m.error.params,
            retryAtSec: m.error.retryAtSec,
            serviceText: m.error.serviceText,
          }),
        );
      else p.resolve(m.response);
    });
    const ended = (error: AppError) => {
      if (worker === w) worker = null;
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    const stopped = (why: string) => new AppError('internal', why, { reason: 'thread_stopped' });
    w.on('error', (err) => {
      // A request that needed more memory than the thread may use (start-worker.ts): said as such.
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        return ended(
          new AppError(
            'invalid_input',
            `${what} needed more memory than a background thread may use and was stopped. Choose a shorter period or fewer meters and try again.`,
            { reason: 'thread_out_of_memory' },
          ),
        );
      ended(stopped(`${what} stopped unexpectedly: ${err.message}. Try again.`));
    });
    w.on('exit', () => ended(stopped(`${what} stopped unexpectedly. Try again.`)));
    if (opts.unrefWhenIdle) w.unref();
    return w;
  }

  function call(name: string, args: unknown[], onEvent?: (e: unknown) => void): Promise<unknown> {
    worker ??= begin();
    if (opts.unrefWhenIdle) worker.ref();
    const id = ++seq;
    const answer = new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject, onEvent });
      worker!.postMessage({ seq: id, name, args });
    });
    const settled: Promise<unknown> = answer.then(
      () => open.delete(settled),
      () => open.delete(settled),
    );
    open.add(settled);
    return answer;
  }

  return {
    run<N extends keyof R & string>(name: N, ...args: ArgsOf<R[N]>): Promise<Awaited<ReturnType<R[N]>>> {
      return call(name, args) as Promise<Awaited<ReturnType<R[N]>>>;
    },
    /** As `run`, with the thread's events (progress) for this request. */
    runWithEvents<N extends keyof R & string>(
      name: N,
      onEvent: (e: unknown) => void,
      ...args: ArgsOf<R[N]>
    ): Promise<Awaited<ReturnType<R[N]>>> {
      return call(name, args, onEvent) as Promise<Awaited<ReturnType<R[N]>>>;
    },
    /** Whether the thread is running (started by a request, not yet ended). */
    started(): boolean {
      return worker !== null;
    },
    /** Stops the thread at once: its open requests fail; the next request starts a new thread. */
    async terminate(): Promise<void> {
      await worker?.terminate();
    },
    /**
     * Ends the thread after answering what was asked before. The requests still open settle first,
     * however long a busy machine takes; a thread that has nothing left and still does not end is
     * ended after 5 s.
     */
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (!w) return;
      // An idle thread may be unref'd; waiting for its exit must keep the process alive until it comes.
      w.ref();
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
