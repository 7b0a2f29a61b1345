// The CLI as it ships (esbuild, in chunks as dist/main/cli.js, beside its migrations), built fresh from
// the sources once per test process: starting it takes ~0.2 s instead of ~1 s through tsx, which the
// crash-safety test pays on every one of its restarts.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

let built: Promise<string> | null = null;

/** Path of a freshly built `cli.js`. */
export function cliBundle(): Promise<string> {
  built ??= (async () => {
    // Inside the project, so its imports resolve from the project's node_modules as dist/main's do.
    mkdirSync('.tmp', { recursive: true });
    // Bundles of earlier test runs (older than an hour: no run of the suite takes that long) go.
    for (const old of readdirSync('.tmp').filter((f) => f.startsWith('cli-bundle-'))) {
      const path = resolve('.tmp', old);
      try {
        if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
      } catch {
        // another test process removed it first
      }
    }
    const dir = mkdtempSync(resolve('.tmp', 'cli-bundle-'));
    await build({
      // The sync worker beside it, as dist/main holds it: `meterdesk sync` runs the app's sync worker.
      entryPoints: { cli: resolve('main/cli/index.ts'), 'sync-worker': resolve('main/sync/sync-worker.ts') },
      // In chunks, as dist/main/cli.js is built: each command loads its own code and packages. As one
      // file every start loaded them all (the PDF and XLSX libraries among them): ~1.2 s instead of
      // ~0.2 s, so most of crash-safety's kills landed in the start-up, not in the sync.
      splitting: true,
      chunkNames: 'cli-[name]-[hash]',
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      outdir: dir,
      logLevel: 'warning',
      banner: {
        js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
    });
    mkdirSync(join(dir, 'migrations'), { recursive: true });
    cpSync('main/db/migrations', join(dir, 'migrations'), { recursive: true });
    cpSync('main/slp/data', join(dir, 'slp'), { recursive: true });
    return join(dir, 'cli.js');
  })();
  return built;
}

/**
 * Runs the bundled CLI in a child process and collects its output. Asynchronous on purpose: a demo
 * service running in the test's own process must keep answering meanwhile.
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bundle = await cliBundle();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `meterdesk bill` of a meter's 1–3 June 2026 under the Netz NÖ preset, the bill read from `billPath`. */
export const noeJuneBillArgs = (dataDir: string, meterId: string, billPath: string): string[] => [
  ...['--data-dir', dataDir, 'bill', '--meter', meterId, '--tariff-preset', 'netz-2026-noe'],
  ...['--from', '2026-06-01T00:00:00+02:00', '--to', '2026-06-04T00:00:00+02:00'],
  ...['--bill', billPath, '--json'],
];
