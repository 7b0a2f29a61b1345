// The portfolio of a large profile mounts its rows in steps (issue 46: 1 000 rows took ≈ 240 ms to mount
// and paint): the first 100, more as the table is scrolled to its end, all on request; every row's
// figures come from the core's result, whichever are mounted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProfile } from '../bench/profile-builder';
import { spawnHarness } from '../harness/spawn';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app-page';

test('a portfolio of 250 meters: 100 rows first, more on scrolling, all on request', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-e2e-portfolio-'));
  buildProfile(dataDir, 250, 0.05, Math.floor(Date.now() / 1000));
  const h = await spawnHarness([], { dataDir });
  try {
    const app = new AppPage(page, h);
    await app.open();
    await page.getByTestId('open-portfolio').click();
    const table = page.getByTestId('portfolio-table');
    const rows = table.locator('tbody tr[data-group]');
    await expect(rows).toHaveCount(100);
    const more = page.getByTestId('portfolio-more');
    await expect(more).toContainText('250');
    // Clicked where it is: a click that first scrolled it into view would let the list's own observer
    // mount the next 200 rows (all 250 here) and take the button away before the click (a CI flake).
    await more.getByRole('button').dispatchEvent('click');
    await expect(rows).toHaveCount(250);
    await expect(more).toHaveCount(0);
    // Opened again: 100 rows; scrolling the table to its end mounts the rest (200 more per step).
    await page.keyboard.press('Escape');
    await page.getByTestId('open-portfolio').click();
    await expect(rows).toHaveCount(100);
    await page.locator('.table-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(rows).toHaveCount(250);
    // The totals add every meter, mounted or not: 250 meters in the consumption total.
    await expect(page.getByTestId('portfolio-total').first()).toContainText('250');
  } finally {
    h.process.kill('SIGTERM');
  }
});
