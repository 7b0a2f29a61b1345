/**
 * Starts one of the core's worker threads by name: the bundled `<name>.js` beside the built main
 * process (every bundle lies in `dist/main/`), or, when running from source (tsx: harness, CLI, tests,
 * benchmarks), the TypeScript entry behind tsx's loader — Node 20 does not apply `--import` hooks to a
 * worker's entry, so a two-line bootstrap registers them first.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Each worker's entry in the source tree, relative to this file. */
const sources = {
  'sync-worker': './sync/sync-worker.ts',
  'fetch-worker': './sync/fetch-worker.ts',
  'read-worker': './export/read-worker.ts',
} as const;

export type WorkerName = keyof typeof sources;

export function startWorker(name: WorkerName, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData });
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL(sources[name], import.meta.url).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
