// The customer report from a meter's header (issue 33): the dialog, the PDF saved through the harness
// save hook, read back as text (pdftotext) for the scope and sections chosen. Screenshot
// `report-dialog.png` in test-results/screens/.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('a report of a customer from the meter header: dialog, PDF saved, its pages and figures', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('de');
  await app.openMeter('Haus Wagner – Bezug');
  await page.getByTestId('report-open').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('report-scope').selectOption({ index: 2 }); // the customer
  await dialog.getByTestId('report-consultant').fill('Energieberatung Muster');
  await dialog.getByTestId('report-conclusions').fill('Ein Speicher lohnt sich erst ab 2027.');
  await dialog.getByTestId('report-section-cost').uncheck();
  await app.screenshot('report-dialog');
  await dialog.getByTestId('report-save').click();
  await expect(dialog.getByTestId('report-done')).toContainText('Seiten, 2 Zähler', { timeout: 30_000 });
  const pdf = readdirSync(harness.exportDir).find((f) => f.endsWith('.pdf'))!;
  const text = execFileSync('pdftotext', ['-layout', join(harness.exportDir, pdf), '-'], {
    encoding: 'utf8',
  });
  expect(text).toContain('Familie Wagner');
  expect(text).toContain('Erstellt von: Energieberatung Muster');
  expect(text).toContain('Ein Speicher lohnt sich erst ab 2027.');
  expect(text).toContain('Haus Wagner – PV-Einspeisung');
  // The section switched off is not in the file.
  expect(text).not.toMatch(/\d Kosten\n/);
});
