// The browser harness and the standalone demo service as child processes, for e2e tests and benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Harness {
  url: string;
  dataDir: string;
  exportDir: string;
  process: ChildProcess;
  /** What the harness wrote to stderr so far (sync failures among it), for a failing test's report. */
  stderr: () => string;
}

/**
 * Starts `test/harness/server.ts` as its own process (fresh data folder, embedded demo service on the
 * fixed demo clock) and resolves with its URL once it is ready. `extra` arguments come last and win
 * (e.g. `--demo-years`, `--demo-meters`).
 */
export async function spawnHarness(
  extra: string[] = [],
  o: {
    dataDir?: string;
    env?: Record<string, string>;
    sessionOnlySecrets?: boolean;
    /**
     * A built bundle of server.ts to run instead of the source through tsx (benchmarks; the e2e suite
     * sets METERDESK_HARNESS_ENTRY in its global setup).
     */
    entry?: string;
    /** Node options before the entry (e.g. `--cpu-prof` to profile a start). */
    nodeArgs?: string[];
  } = {},
): Promise<Harness> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'md-e2e-'));
  const entry = o.entry ?? process.env.METERDESK_HARNESS_ENTRY;
  const exportDir = join(dataDir, 'exports');
  const child = spawn(
    process.execPath,
    [
      ...(o.nodeArgs ?? []),
      ...(entry ? [entry] : ['--import', 'tsx', 'test/harness/server.ts']),
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--export-dir',
      exportDir,
      '--demo-years',
      '0.3',
      '--demo-clock',
      '2026-11-20T12:00:00Z',
      ...((o.sessionOnlySecrets ?? true) ? ['--session-only-secrets'] : []),
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...o.env } },
  );
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`harness did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c;
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (c: Buffer) => (err += c));
    child.on('exit', (code) => reject(new Error(`harness exited with ${code}: ${err}`)));
  });
  return { url, dataDir, exportDir, process: child, stderr: () => err };
}

export interface DemoService {
  /** The service's first stdout line: where it listens and the demo tokens. */
  info: { base_url: string; team: string; tokens: Record<string, string>; admin_url: string };
  proc: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the standalone demo service (`main/demo/cli.ts`) on a free port on the fixed demo clock;
 * `extra` arguments come last and win.
 */
export async function spawnDemoService(extra: string[] = []): Promise<DemoService> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/demo/cli.ts', '--port', '0', '--clock', '2026-11-20T12:00:00Z', ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let buf = '';
    proc.stdout!.on('data', (c: Buffer) => {
      buf += c;
      const i = buf.indexOf('\n');
      if (i >= 0) resolve(buf.slice(0, i));
    });
    proc.on('exit', (code) => reject(new Error(`demo service exited (${code})`)));
  });
  return {
    info: JSON.parse(line) as DemoService['info'],
    proc,
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    },
  };
}
