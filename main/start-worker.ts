/**
 * Starts one of the core's worker threads by the name of its entry: the bundled `<name>.js` beside
 * the built main process, or, when running from source (tsx: harness, CLI, tests, benchmarks), the
 * TypeScript file behind tsx's loader — Node 20 does not apply `--import` hooks to a worker's entry,
 * so a two-line bootstrap registers them first.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export function startWorker(name: 'sync-worker' | 'fetch-worker', workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData });
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
