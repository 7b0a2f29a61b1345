/**
 * Starts one of the core's worker threads by name: the bundled `<name>.js` beside the built main
 * process (every bundle lies in `dist/main/`), or, when running from source (tsx: harness, CLI, tests,
 * benchmarks), the TypeScript entry behind tsx's loader — Node 20 does not apply `--import` hooks to a
 * worker's entry, so a two-line bootstrap registers them first.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Each worker's entry in the source tree, relative to this file. */
const sources = {
  'sync-worker': './sync/sync-worker.ts',
  'query-worker': './query/query-worker.ts',
  'import-worker': './import/import-worker.ts',
} as const;

export type WorkerName = keyof typeof sources;

/**
 * Where a bundled worker lies: beside this bundle, or (packaged app) in `app.asar.unpacked`, where
 * electron-builder puts the worker bundles so that no worker is loaded as ESM from inside the archive.
 */
export function workerFile(name: WorkerName, base = import.meta.url): string {
  const path = fileURLToPath(new URL(`./${name}.js`, base));
  const asar = `${sep}app.asar${sep}`;
  if (path.includes(asar)) {
    const unpacked = path.replace(asar, `${sep}app.asar.unpacked${sep}`);
    if (existsSync(unpacked)) return unpacked;
  }
  return path;
}

/**
 * The sync's thread gets a young generation of 8 MB; V8's default grows to 32 MB on the machines
 * we measured on. Each page of readings is garbage soon after it arrives, and with the default room V8
 * let it pile up. Measured on the app's sync of 100 meters × 3 years (11 M readings,
 * measured with the download thread it had then): peak RSS 283–295 → 249–253 MB, for ≈ 5 % more CPU per reading.
 */
/**
 * The query and import threads read what the person asks for and what files hold; their JavaScript heap
 * is bounded (issue 61: the query thread had no limit), so a request that would take more is stopped
 * with its own error (threads/rpc.ts: `thread_out_of_memory`) instead of taking the machine's memory.
 * 2 GB: every heavy handler of the benchmarks answers under it at 1 000 meters (docs/performance.md;
 * their arrays of readings are typed arrays, outside this heap).
 */
export const THREAD_HEAP_MB = 2048;

const limits: Partial<Record<WorkerName, ResourceLimits>> = {
  'sync-worker': { maxYoungGenerationSizeMb: 8 },
  'query-worker': { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  'import-worker': { maxOldGenerationSizeMb: THREAD_HEAP_MB },
};

/** Starts a worker; `override` replaces its resource limits (tests of the limits). */
export function startWorker(name: WorkerName, workerData: unknown, override?: ResourceLimits): Worker {
  const resourceLimits = override ?? limits[name];
  if (!import.meta.url.endsWith('.ts')) return new Worker(workerFile(name), { workerData, resourceLimits });
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL(sources[name], import.meta.url).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}
