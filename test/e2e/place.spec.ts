// A data folder in a folder a sync client copies is said at start, with what to do (issue 43, item 15);
// a local one says nothing.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnHarness } from '../harness/spawn';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app-page';

test('the data folder in OneDrive: a notice names it and what to do; closed with ×', async ({ page }) => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'md-e2e-place-')), 'OneDrive - Kanzlei', 'Meterdesk');
  mkdirSync(dataDir, { recursive: true });
  const h = await spawnHarness([], { dataDir });
  try {
    const app = new AppPage(page, h);
    await app.open();
    const notice = page.getByTestId('place-notice');
    await expect(notice).toContainText('OneDrive');
    await expect(notice).toContainText('Sicherung speichern');
    await expect(notice).toHaveAttribute('data-place', 'synced');
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
  } finally {
    h.process.kill('SIGTERM');
  }
});

test('a local data folder: no notice', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await expect(page.getByTestId('place-notice')).toHaveCount(0);
});
