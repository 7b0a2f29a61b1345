// Each test gets its own harness process: fresh data folder, its own embedded demo service.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test as base, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';
import { spawnHarness as startHarness, type Harness } from '../harness/spawn';

export type { Harness } from '../harness/spawn';

/** The demo profile's database of a harness, read-only, for checking the UI against the store. */
export function harnessDb(h: Harness): Database.Database {
  return new Database(join(h.dataDir, 'profiles', 'demo', 'meterdesk.sqlite'), { readonly: true });
}

export function screensDir(): string {
  const dir = join('test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const test = base.extend<{ harness: Harness; app: AppPage; harnessArgs: string[] }>({
  /** Extra harness arguments for a describe block (`test.use({ harnessArgs: ['--demo-years', '1.2'] })`). */
  harnessArgs: [[], { option: true }],
  harness: async ({ harnessArgs }, use, testInfo) => {
    const h = await startHarness(harnessArgs);
    await use(h);
    h.process.kill('SIGTERM');
    // A failing test shows what the harness said (a sync that failed says why there).
    if (testInfo.status !== testInfo.expectedStatus && h.stderr())
      await testInfo.attach('harness stderr', { body: h.stderr(), contentType: 'text/plain' });
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

/**
 * A count as the UI writes it, in any language: digits grouped by thousands (de-AT a no-break space,
 * en a comma), e.g. `countText(1824)` matches "1 824" and "1,824" (issue 64: counts with separators).
 */
export function countText(n: number, { whole = true }: { whole?: boolean } = {}): RegExp {
  const body = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '[\\u00a0\\u202f,.]?');
  return new RegExp(whole ? `^${body}$` : `(^|\\D)${body}(\\D|$)`);
}
