/**
 * Reads dropped files in a worker thread of its own (import-worker.ts), started on the first file and
 * kept while the app runs: SheetJS parses a workbook in one synchronous call, seconds for a large one,
 * which on the main process would freeze every other request for as long. Progress arrives as the
 * worker reads. A thread that ends fails its open requests with a clear error; the next starts anew.
 */
import type { Worker } from 'node:worker_threads';
import type { ImportMapping } from '../../preload/contract';
import { AppError } from '../errors';
import { startWorker } from '../start-worker';
import { specOfMapping, type SavedFormat } from './custom-formats';
import { FORMATS } from './formats/index';
import type { ReadOptions } from './read-file';
import { ImportError, type ParsedFile } from './types';

type Reply =
  | { seq: number; progress: number }
  | { seq: number; parsed: Omit<ParsedFile, 'format'> & { format: string } }
  | {
      seq: number;
      error: {
        kind: ImportError['kind'] | null;
        message: string;
        line?: number | null;
        column?: ImportError['column'];
      };
    };

export interface ParseJob {
  bytes: Uint8Array;
  tz: string;
  direction: ReadOptions['direction'];
  custom: SavedFormat[];
  mapping?: { mapping: ImportMapping; header: string[] };
  onProgress?: (fraction: number) => void;
}

export function createParseThread() {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<
    number,
    { job: ParseJob; resolve: (v: ParsedFile) => void; reject: (e: Error) => void }
  >();

  function start(): Worker {
    const w = startWorker('import-worker', null);
    w.on('message', (m: Reply) => {
      const p = pending.get(m.seq);
      if (!p) return;
      if ('progress' in m) return p.job.onProgress?.(m.progress);
      pending.delete(m.seq);
      if (pending.size === 0) w.unref(); // idle: it must not keep a process alive
      if ('error' in m)
        p.reject(
          m.error.kind
            ? new ImportError(m.error.kind, m.error.message, m.error.line ?? null, m.error.column ?? null)
            : new AppError('internal', m.error.message),
        );
      else {
        const specs = [
          ...FORMATS,
          ...p.job.custom.map((f) => specOfMapping(f.mapping, f.header)),
          ...(p.job.mapping ? [specOfMapping(p.job.mapping.mapping, p.job.mapping.header)] : []),
        ];
        const format = specs.find((s) => s.id === m.parsed.format);
        if (!format) p.reject(new AppError('internal', `Unknown import format ${m.parsed.format}.`));
        else p.resolve({ ...m.parsed, format });
      }
    });
    const ended = (why: string) => {
      if (worker === w) worker = null;
      for (const p of pending.values()) p.reject(new AppError('internal', why));
      pending.clear();
    };
    w.on('error', (err) => ended(`Reading the file stopped unexpectedly: ${err.message}. Try again.`));
    w.on('exit', () => ended('Reading the file stopped unexpectedly. Try again.'));
    w.unref();
    return w;
  }

  return {
    parse(job: ParseJob): Promise<ParsedFile> {
      worker ??= start();
      worker.ref();
      const id = ++seq;
      return new Promise((resolve, reject) => {
        pending.set(id, { job, resolve, reject });
        worker!.postMessage({
          seq: id,
          bytes: job.bytes,
          tz: job.tz,
          direction: job.direction ?? null,
          custom: job.custom,
          mapping: job.mapping,
        });
      });
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (!w) return;
      // An idle thread is unref'd; waiting for its exit must keep the process alive until it comes.
      w.ref();
      w.postMessage({ close: true });
      await new Promise<void>((resolve) => {
        w.once('exit', () => resolve());
        setTimeout(() => void w.terminate().then(() => resolve()), 2000).unref();
      });
    },
  };
}

export type ParseThread = ReturnType<typeof createParseThread>;
