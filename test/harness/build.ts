/**
 * The browser harness bundled as the app is bundled (one ESM file, its workers, migrations and the
 * standard load profiles' tables beside it, the page's bridge prebuilt), for the e2e suite and the
 * benchmarks. From source through tsx a harness needs ≈ 3 s to start on a two-core machine and each worker thread transpiles its own
 * sources again; the bundle starts in ≈ 1 s. Needs the built app (`npm run build`: dist/main).
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Bundles `test/harness/server.ts` (plus `extra` entries) into `outDir`; returns the harness file. */
export async function buildHarness(outDir: string, extra: Record<string, string> = {}): Promise<string> {
  if (!existsSync('dist/main/query-worker.js'))
    throw new Error('The app is not built: run `npm run build` first (the harness bundle uses its workers).');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { harness: 'test/harness/server.ts', ...extra },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  await build({
    entryPoints: ['test/harness/bridge-client.ts'],
    outfile: join(outDir, 'bridge.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'warning',
  });
  // The workers and the chunks they load on demand (worker-*.js: the report's layout, xlsx, …).
  for (const f of readdirSync('dist/main').filter((f) => f.endsWith('-worker.js') || f.startsWith('worker-')))
    cpSync(join('dist/main', f), join(outDir, f));
  cpSync('dist/main/migrations', join(outDir, 'migrations'), { recursive: true });
  cpSync('main/slp/data', join(outDir, 'slp'), { recursive: true });
  return join(outDir, 'harness.mjs');
}
