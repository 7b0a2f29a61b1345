// The customer report from a meter's header (issue 33): the dialog, the PDF saved through the harness
// save hook, read back as text (pdftotext) for the scope and sections chosen. Screenshot
// `report-dialog.png` in test-results/screens/.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type Harness } from './fixtures';
import type { AppPage } from './pages/app-page';

/** The report dialog of a meter, opened from its header in the German UI. */
async function reportDialog(app: AppPage, page: Page, meter: string) {
  await app.open();
  await app.waitForSynced();
  await app.language('de');
  await app.openMeter(meter);
  await page.getByTestId('report-open').click();
  return page.getByTestId('report-dialog');
}

/** The saved report: its file name and its text as pdftotext reads it. */
function savedPdf(harness: Harness): { name: string; text: string } {
  const name = readdirSync(harness.exportDir).find((f) => f.endsWith('.pdf'))!;
  const text = execFileSync('pdftotext', ['-layout', join(harness.exportDir, name), '-'], {
    encoding: 'utf8',
  });
  return { name, text };
}

test('a report of a customer from the meter header: dialog, PDF saved, its pages and figures', async ({
  app,
  page,
  harness,
}) => {
  const dialog = await reportDialog(app, page, 'Haus Wagner – Bezug');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('report-scope').selectOption({ index: 2 }); // the customer
  await dialog.getByTestId('report-consultant').fill('Energieberatung Muster');
  await dialog.getByTestId('report-conclusions').fill('Ein Speicher lohnt sich erst ab 2027.');
  await dialog.getByTestId('report-section-cost').uncheck();
  await app.screenshot('report-dialog');
  await dialog.getByTestId('report-save').click();
  await expect(dialog.getByTestId('report-done')).toContainText('Seiten, 2 Zähler', { timeout: 30_000 });
  const { name: pdf, text } = savedPdf(harness);
  // The file is named by whom and which period it is about (issue 42, item 14): the customer's report
  // and a meter's of the same period are two files.
  expect(pdf).toMatch(/^meterdesk-bericht-.*Wagner.*\d{4}.*\.pdf$/);
  expect(text).toContain('Familie Wagner');
  expect(text).toContain('Erstellt von: Energieberatung Muster');
  expect(text).toContain('Ein Speicher lohnt sich erst ab 2027.');
  expect(text).toContain('Haus Wagner – PV-Einspeisung');
  // The section switched off is not in the file.
  expect(text).not.toMatch(/\d Kosten\n/);
});

test('the bill ahead chosen in the dialog: the report’s cost section has it, with the payments', async ({
  app,
  page,
  harness,
}) => {
  const dialog = await reportDialog(app, page, 'Wohnung Huber');
  await dialog.getByTestId('report-ahead').selectOption({ label: 'Beispiel: Fixpreis' });
  await dialog.getByTestId('report-ahead-start').fill('09-01');
  await dialog.getByTestId('report-ahead-payment').fill('80');
  await dialog.getByTestId('report-save').click();
  await expect(dialog.getByTestId('report-done')).toBeVisible({ timeout: 30_000 });
  const text = savedPdf(harness).text.replace(/\s+/g, ' ');
  expect(text).toContain(
    'Die Abrechnung voraus: Jahr bis heute, Hochrechnung, Teilbeträge · Beispiel: Fixpreis',
  );
  expect(text).toMatch(/Bisher \(01\.09\.2026 – \d\d\.11\.2026\)/);
  expect(text).toMatch(/12 × 80,00 € = 960,00 € Teilbeträge/);
});

test('a note on the span shown: listed, marked on the chart, edited, and gone when deleted', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('de');
  await app.openMeter('Bäckerei Gruber');
  await page.getByTestId('note-add').click();
  await page.getByTestId('note-text').fill('Betriebsurlaub');
  await page.getByTestId('note-on').selectOption('range');
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-item')).toHaveCount(1);
  await expect(page.getByTestId('note-item')).toContainText('Betriebsurlaub');
  await expect(app.chart).toHaveAttribute('data-notes', '1');
  await app.screenshot('note-on-chart');
  // A note on the whole meter is listed, not drawn as a span.
  await page.getByTestId('note-add').click();
  await page.getByTestId('note-text').fill('Wärmepumpe seit 03/2026');
  await page.getByTestId('note-on').selectOption('meter');
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-item')).toHaveCount(2);
  await expect(app.chart).toHaveAttribute('data-notes', '1');
  // Edited from the keyboard (Enter saves): its text changes, its version counts up.
  const first = page.getByTestId('note-item').first();
  await first.getByTestId('note-edit').click();
  await page.getByTestId('note-edit-text').fill('Wärmepumpe seit 04/2026');
  await page.getByTestId('note-edit-text').press('Enter');
  await expect(first).toContainText('Wärmepumpe seit 04/2026');
  await expect(first).toHaveAttribute('data-version', '2');
  await first.getByRole('button', { name: 'Notiz löschen' }).click();
  await expect(page.getByTestId('note-item')).toHaveCount(1);
  await expect(page.getByTestId('note-item')).toContainText('Betriebsurlaub');
});

// A history of more than a year, so a year back has data.
test.describe('with 14 months of history', () => {
  test.use({ harnessArgs: ['--demo-years', '1.2'] });
  overlays();
});

function overlays() {
  test('overlays: a PV site’s consumption with its feed-in, and the same meter a year earlier', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.waitForSynced();
    await app.language('de');
    await app.openMeter('Haus Wagner – Bezug');
    const picker = page.getByTestId('overlay-picker');
    // The site's other meter: feed-in beside consumption, one chart, two series.
    await picker.selectOption({
      label: 'Haus Wagner – PV-Einspeisung – Einspeisung – gesamt (1-1:2.9.0 G.01)',
    });
    await expect(page.getByTestId('chart-overlay-legend')).toContainText('Haus Wagner – PV-Einspeisung');
    await expect(app.chart).not.toHaveAttribute('data-overlay', '0');
    await app.screenshot('overlay-pv-site');
    // The same meter a year earlier, weekday on weekday, over a month.
    await page.getByTestId('range-month').click();
    await picker.selectOption({ label: 'Vorjahr (gleicher Wochentag)' });
    await expect(page.getByTestId('chart-overlay-legend')).toContainText('Vorjahr (gleicher Wochentag)');
    await expect(app.chart).not.toHaveAttribute('data-overlay', '0');
    await app.screenshot('overlay-two-years');
  });
}
