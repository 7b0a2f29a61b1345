// Each test gets its own harness process: fresh data folder, its own embedded demo service.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test as base, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

export interface Harness {
  url: string;
  dataDir: string;
  exportDir: string;
  process: ChildProcess;
}

export async function startHarness(extra: string[] = []): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-e2e-'));
  const exportDir = join(dataDir, 'exports');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/harness/server.ts',
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
      '--session-only-secrets',
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
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
  return { url, dataDir, exportDir, process: child };
}

/** The demo profile's database of a harness, read-only, for checking the UI against the store. */
export function harnessDb(h: Harness): Database.Database {
  return new Database(join(h.dataDir, 'profiles', 'demo', 'meterdesk.sqlite'), { readonly: true });
}

export function screensDir(): string {
  const dir = join('test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const test = base.extend<{ harness: Harness; app: AppPage }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  harness: async ({}, use) => {
    const h = await startHarness();
    await use(h);
    h.process.kill('SIGTERM');
  },
  app: async ({ page, harness }: { page: Page; harness: Harness }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const app = new AppPage(page, harness);
    await use(app);
    if (errors.length) throw new Error(`Page errors: ${errors.join('; ')}`);
  },
});
export { expect } from '@playwright/test';
