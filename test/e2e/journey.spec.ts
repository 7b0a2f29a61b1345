// The main journeys of a person using the app, through the harness in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('first run opens on the demo profile and reaches a chart', async ({ app, page }) => {
  await app.open();
  await expect(page.getByTestId('profile-select')).toHaveValue('demo');
  await app.waitForSynced();
  // The demo service's 9 meters and the demo community's 7 (six households and a PV roof); the list
  // draws the rows in view.
  await expect(page.getByTestId('meter-count')).toHaveText(/^(16 Zähler|16 meters)$/);
  await expect(app.meter('Wohnung Huber')).toHaveCount(1);
  await app.screenshot('meter-list');
  await app.openMeter('Wohnung Huber');
  await expect(page.getByTestId('register-picker')).toHaveValue('1-1:1.9.0 G.01');
  await expect(app.chart).toHaveAttribute('data-resolution', 'quarter_hour');
  await expect(app.chart).toHaveAttribute('data-points', String(7 * 96));
  await app.screenshot('meter-detail-week');
});

test('meter search and filters narrow the list', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await page.getByTestId('meter-search').fill('Wagner');
  await expect(app.meterItems).toHaveCount(2);
  await page.getByTestId('meter-search').fill('');
  await page.getByRole('combobox', { name: /Richtung|Direction/ }).selectOption('feed_in');
  // Haus Wagner's PV and the demo community's roof.
  await expect(app.meterItems).toHaveCount(2);
  await expect(app.meter('Haus Wagner – PV-Einspeisung')).toHaveCount(1);
  await page.getByRole('combobox', { name: /Richtung|Direction/ }).selectOption('');
  await page.getByRole('combobox', { name: /Status/ }).selectOption('pending');
  await expect(app.meterItems).toHaveCount(1);
  await expect(app.meterItems.first()).toContainText(/Zustimmung|consent/i);
  await app.screenshot('meter-filter');
});

test('zooming from a year (drag, then a preset) switches from daily aggregates to quarter-hours', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Haus Berger – Wärmepumpe');
  await page.getByTestId('range-year').click();
  await expect(app.chart).toHaveAttribute('data-resolution', 'day');
  await app.screenshot('meter-detail-year');
  await expect(page.getByTestId('range-year')).toHaveAttribute('aria-pressed', 'true');
  // Drag across a tenth of the year: about five weeks of quarter-hours, and no preset is pressed.
  const over = app.chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(app.chart).toHaveAttribute('data-resolution', 'quarter_hour');
  const points = Number(await app.chart.getAttribute('data-points'));
  expect(points).toBeGreaterThan(30 * 96);
  expect(points).toBeLessThan(42 * 96);
  await expect(page.locator('[data-testid^="range-"][aria-pressed="true"]')).toHaveCount(0);
  await page.getByTestId('range-day').click();
  await expect(page.getByTestId('range-day')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.chart).toHaveAttribute('data-resolution', 'quarter_hour');
  await expect(app.chart).toHaveAttribute('data-points', '96');
});

test('exports CSV in both profiles through the harness save hook', async ({ app, page, harness }) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('range-day').click();
  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-status')).toContainText('96');
  await page.getByTestId('export-iso').click();
  await expect(page.getByTestId('export-status')).toContainText('96');
  const files = readdirSync(harness.exportDir).sort();
  expect(files).toHaveLength(2);
  const excel = readFileSync(
    join(
      harness.exportDir,
      files.find((f) => f.endsWith('excel-at.csv'))!,
    ),
  );
  expect(excel.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = excel.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(97);
  expect(lines[0]).toBe(
    'Beginn (lokal);Ende (lokal);Beginn (UTC);Ende (UTC);Zählpunkt;Register;Wert;Einheit;Qualität;Revidiert;Notiz',
  );
  expect(lines[1]).toMatch(
    /^19\.11\.2026 00:00;19\.11\.2026 00:15;2026-11-18T23:00:00Z;2026-11-18T23:15:00Z;AT\d+;1-1:1\.9\.0 G\.01;\d+(,\d+)?;kWh;L[123] (gemessen|geschätzt|unsicher);(ja|nein);$/,
  );
});

test('language switch, dark theme and a keyboard-only path', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByTestId('connect-account')).toHaveText('Connect your account');
  await page.getByTestId('language-select').selectOption('de');
  await expect(page.getByTestId('connect-account')).toHaveText('Konto verbinden');
  await page.getByTestId('theme-select').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(20, 23, 28)');
  // Keyboard only: focus the meter list, move with arrows, open with Enter, change range.
  await page.getByTestId('meter-search').focus();
  // Tab through the filters until a meter has the focus (no mouse anywhere below).
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'meter-item')
      break;
  }
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('meter-item');
  await page.keyboard.press('Enter');
  await expect(app.chart.locator('canvas').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid=meter-item][aria-selected=true]')).toHaveCount(1);
  await app.screenshot('dark-theme');
});
