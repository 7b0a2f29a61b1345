// Importing a grid operator's export through the real UI and core (browser harness): drop the file on
// the window, read the preview (format, change day with its 100 quarter-hours), import, see the chart;
// a file Meterdesk does not know gets its columns defined in the mapping dialog; a broken file says
// where. Screenshots of the DST preview in test-results/screens/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dropFiles } from './drop-files';
import { expect, harnessDb, test } from './fixtures';

const DSO = join('test', 'fixtures', 'dso');

const fixture = (name: string) => ({ name, bytes: readFileSync(join(DSO, name)) });

for (const lang of ['en', 'de'] as const)
  test(`drop a Netz NÖ export with the October change day, preview, import, chart (${lang})`, async ({
    app,
    page,
    harness,
  }) => {
    await app.open();
    await app.waitForSynced();
    await app.language(lang);
    await dropFiles(page, [fixture('netznoe-2025-eeg-oct2024.csv')]);
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    const card = dialog.getByTestId('import-card');
    await expect(card).toHaveAttribute('data-status', 'ready');
    await expect(card.getByTestId('import-format')).toContainText('Netz Niederösterreich');
    const row = card.getByTestId('import-series-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('196');
    await expect(row).toContainText(lang === 'de' ? '22,314 kWh' : '22.314 kWh');
    await expect(card.getByTestId('import-change-day')).toHaveText(
      lang === 'de' ? '27.10.2024: 100 von 100' : '27 Oct 2024: 100 of 100',
    );
    await expect(card.getByTestId('import-notes')).toContainText(
      lang === 'de' ? 'ohne Werte' : 'No values in this file',
    );
    await app.screenshot(`import-preview-dst-${lang}`);

    await card.getByTestId('import-commit').click();
    // The only file: the dialog closes and the imported meter opens on its chart.
    await expect(dialog).toBeHidden();
    await expect(app.chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('figure-total')).toHaveText(lang === 'de' ? '22,3 kWh' : '22.3 kWh');
    await expect(page.getByTestId('figure-readings')).toContainText('196');
    await expect(app.meter(/Netz Niederösterreich/)).toHaveCount(1);
    const db = harnessDb(harness);
    try {
      const n = db
        .prepare(
          // No metering point in a Netz NÖ export: a meter of its own for this file (issue 31).
          "SELECT count(*) AS n FROM readings r JOIN series s ON s.id = r.series_id WHERE s.meter_id LIKE 'imp-netznoe-consumption-%' AND r.source = 'import'",
        )
        .get() as { n: number };
      expect(n.n).toBe(196);
    } finally {
      db.close();
    }
  });

test('several files at once, a broken one saying where, and importing the same file again', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('en');
  const broken = Buffer.from(
    'Datum von;Datum bis;Verbrauch in kWh;Ersatzwert\n03.07.2024 00:00;03.07.2024 00:15;0,05x;\n',
  );
  await dropFiles(page, [
    fixture('tinetz-rohdaten-oct2024.csv'),
    { name: 'linz-broken.csv', bytes: broken },
    fixture('vorarlbergnetz.csv'),
  ]);
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-card')).toHaveCount(3);
  const bad = dialog.locator('[data-testid="import-card"][data-file="linz-broken.csv"]');
  await expect(bad.getByTestId('import-error')).toHaveText(
    /Line 2, column 3 \("Verbrauch in kWh"\): not a number\. Nothing of this file was saved\./,
  );
  await expect(dialog.locator('[data-file="vorarlbergnetz.csv"]').getByTestId('import-format')).toContainText(
    'UTF-16LE',
  );
  await dialog.getByTestId('import-commit-all').click();
  await expect(dialog.locator('[data-status="done"]')).toHaveCount(2);
  await expect(
    dialog.locator('[data-file="tinetz-rohdaten-oct2024.csv"]').getByTestId('import-done'),
  ).toContainText('196 new');
  await dialog.getByTestId('import-close').click();
  // The same TINETZ file again: the preview says so, the import changes nothing.
  await dropFiles(page, [fixture('tinetz-rohdaten-oct2024.csv')]);
  const again = page.getByTestId('import-dialog').getByTestId('import-card');
  await expect(again.getByTestId('import-before')).toBeVisible();
  await again.getByTestId('import-commit').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(page.getByTestId('figure-readings')).toContainText('196');
});

test('an unknown format: define its columns with a live preview, save, import', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await app.language('en');
  const lines = ['Zeitstempel;Energie (Wh);Bemerkung'];
  const start = Date.UTC(2025, 0, 14, 23, 0) / 1000; // 15.01.2025 00:00 in Vienna
  for (let i = 0; i < 96; i++) {
    const d = new Date((start + i * 900 + 3600) * 1000); // CET: UTC+1
    const p = (n: number) => String(n).padStart(2, '0');
    lines.push(
      `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())};${100 + i};ok`,
    );
  }
  await page.getByTestId('open-import').click();
  await page
    .getByTestId('import-input')
    .setInputFiles({ name: 'meter-box.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  const card = page.getByTestId('import-card');
  await expect(card.getByTestId('import-error')).toHaveAttribute('data-kind', 'unknown_format');
  await card.getByTestId('import-define-format').click();
  const m = page.getByTestId('mapping-dialog');
  await expect(m.getByTestId('mapping-lines')).toContainText('Zeitstempel;Energie (Wh)');
  await m.getByTestId('mapping-unit').selectOption('Wh');
  await expect(m.getByTestId('mapping-preview-row').first()).toContainText('15.01.2025 00:00');
  await expect(m.getByTestId('mapping-preview-row').first()).toContainText('0.1 kWh');
  await m.getByTestId('mapping-save').click();
  await expect(m).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'ready');
  await expect(card.getByTestId('import-series-row')).toContainText('96');
  await card.getByTestId('import-commit').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(page.getByTestId('figure-readings')).toContainText('96');
});

test('a household without an account: a local profile, a dropped file, its chart', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await app.language('en');
  const more = page.getByTestId('head-more');
  if (await more.isVisible()) await more.click();
  await page.getByTestId('manage-profiles').click();
  await page.getByTestId('local-profile-name').fill('Haushalt Mayer');
  await page.getByTestId('add-local-profile').click();
  await expect(page.getByTestId('profile-select')).toHaveValue('haushalt-mayer');
  // The dialog's own Close (a notice of the switch may carry a "Close" of its own), then gone.
  await page.getByTestId('profiles-dialog').getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByTestId('profiles-dialog')).toBeHidden();
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-sync-state', 'local');
  await expect(page.getByTestId('status-bar')).toContainText('nothing is synced');
  await expect(app.meterItems).toHaveCount(0);
  // The empty workspace says where each portal keeps the download.
  await page.getByTestId('portal-paths').locator('summary').click();
  await expect(page.getByTestId('portal-paths')).toContainText(
    'Wiener Netze · smartmeter-web.wienernetze.at: Datenexport → Zeitfenster → Viertelstundenwerte → Exportieren',
  );
  await app.screenshot('import-workspace-empty');
  await dropFiles(page, [fixture('wienernetze-viertelstundenwerte-oct2024.csv')]);
  await page.getByTestId('import-card').getByTestId('import-commit').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(app.meterItems).toHaveCount(1);
  await expect(page.getByTestId('meter-list')).toContainText('Imported');
  await expect(page.getByTestId('figure-readings')).toContainText('196');
  // The imported meter is the household's own: rename it, give it a site, delete it (asked first).
  await page.getByTestId('meter-rename').click();
  await page.getByTestId('meter-rename-input').fill('Wohnung Mayer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Wohnung Mayer' })).toBeVisible();
  await page.getByTestId('meter-site').click();
  await page.getByPlaceholder('New site').fill('Hauptstraße 1');
  await page.getByTestId('customer-pick').selectOption({ label: 'New customer …' });
  await page.getByPlaceholder('New customer').fill('Familie Mayer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('meter-list')).toContainText('Familie Mayer');
  await app.screenshot('import-meter-admin');
  // The site made here can be renamed (issue 42, item 8).
  await page.getByTestId('meter-place').click();
  await page.getByTestId('place-name').fill('Hauptstraße 1, 4020 Linz');
  await app.screenshot('place-form');
  await page.getByTestId('place-save').click();
  await expect(page.getByTestId('meter-list')).toContainText('Hauptstraße 1, 4020 Linz');
  // A second file of the household (its own meter, no metering point in a Linz export): merged into
  // the first one from its header.
  await dropFiles(page, [fixture('linznetz-v2.csv')]);
  await page.getByTestId('import-card').getByTestId('import-commit').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(app.meterItems).toHaveCount(2);
  // The household's site is there to pick for the second meter (not only a new one).
  await page.getByTestId('meter-site').click();
  await expect(page.getByTestId('site-pick')).toContainText('Hauptstraße 1, 4020 Linz · Familie Mayer');
  await app.screenshot('site-picker');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('meter-merge').click();
  await page.getByTestId('meter-merge-into').selectOption({ label: 'Wohnung Mayer' });
  // First what it would do, written nowhere: the counts add up to what the merged meter holds.
  await page.getByTestId('meter-merge-preview').click();
  const preview = page.getByTestId('merge-preview');
  await expect(preview).toContainText('Preview, nothing written yet');
  const counts = (await preview.textContent())!.match(
    /([\d,]+) readings – ([\d,]+) new, ([\d,]+) the same, ([\d,]+) held/,
  )!;
  const [offered, added, same, conflicts] = counts.slice(1).map((x) => Number(x.replace(/,/g, '')));
  expect(offered).toBeGreaterThan(0);
  expect(added! + same! + conflicts!).toBe(offered);
  await expect(app.meterItems).toHaveCount(2);
  await app.screenshot('merge-preview');
  await page.getByTestId('meter-merge-yes').click();
  await expect(app.meterItems).toHaveCount(1);
  // The merge says what it did (the core's counts were dropped before).
  const notice = page.getByTestId('meter-notice');
  await expect(notice).toContainText(
    /is merged into “Wohnung Mayer”: \d+ values taken over, \d+ differing values/,
  );
  expect(Number((await notice.textContent())!.match(/: (\d+) values/)![1])).toBeGreaterThan(0);
  await expect(notice).toContainText('Undo: in the import log');
  // The merge is undone like an import (issue 43, item 1): the merged meter comes back. The import
  // log's words in German from here (issue 64, item 7, where they were reported).
  await app.language('de');
  await page.getByTestId('open-import').click();
  const log = page.getByTestId('import-log');
  await log.locator('summary').click();
  const mergeRow = log.getByTestId('import-log-row').filter({ hasText: 'Zusammenführung von' });
  await expect(mergeRow).toHaveCount(1);
  // The merged meter's file says why it cannot be undone on its own, not "ältere Version".
  const linzRow = log
    .getByTestId('import-log-row')
    .filter({ hasText: 'linznetz-v2.csv' })
    .filter({ hasNotText: 'Zusammenführung von' });
  await expect(linzRow).toContainText('Zähler zusammengeführt: erst die Zusammenführung rückgängig machen');
  await expect(linzRow).not.toContainText('ältere Version');
  await mergeRow.getByTestId('import-log-undo').click();
  await mergeRow.getByTestId('import-log-undo-yes').click();
  await expect(log.getByTestId('import-undone')).toContainText('ist wieder da, mit seinen Messwerten');
  // The merge's notice went with the merge; the meter without a metering point is its name, never "Name ()".
  await expect(notice).toHaveCount(0);
  await expect(linzRow).not.toContainText('()');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(app.meterItems).toHaveCount(2);
  await app.meter('Wohnung Mayer').first().click();
  await page.getByTestId('meter-delete').click();
  await page.getByTestId('meter-delete-yes').click();
  await expect(app.meterItems).toHaveCount(1);
});

test('the import log lists each file, and undo takes a file out again, day for day', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('en');
  const count = () => {
    const db = harnessDb(harness);
    const n = (
      db.prepare("SELECT count(*) AS n FROM readings WHERE source = 'import'").get() as { n: number }
    ).n;
    db.close();
    return n;
  };
  const before = count();
  await dropFiles(page, [fixture('wienernetze-viertelstundenwerte-oct2024.csv')]);
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-card').getByTestId('import-commit').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  expect(count()).toBe(before + 196);
  // The log in the import dialog: the file, then undo with a confirmation.
  await page.getByTestId('open-import').click();
  const log = page.getByTestId('import-log');
  await log.locator('summary').click();
  const row = log
    .getByTestId('import-log-row')
    .filter({ hasText: 'wienernetze-viertelstundenwerte-oct2024.csv' });
  await expect(row).toHaveCount(1);
  // The meter by its name and metering point, not the internal id (issue 42, item 19).
  await expect(row).toContainText('AT00');
  await expect(row).not.toContainText('imp-');
  await app.screenshot('import-log');
  await row.getByTestId('import-log-undo').click();
  await row.getByTestId('import-log-undo-yes').click();
  await expect(row).toContainText('undone');
  // What the undo did, said: the days put back, and the meter the import had created removed.
  await expect(log.getByTestId('import-undone')).toContainText('is undone');
  await expect(log.getByTestId('import-undone')).toContainText('meter the import had created is removed');
  expect(count()).toBe(before);
});

test('an hourly export: previewed as hours, imported as an hourly series, its chart says so; peaks say why not', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('de');
  await dropFiles(page, [fixture('hall-ag-hourly-oct2024.xlsx')]);
  const card = page.getByTestId('import-card');
  await expect(card).toHaveAttribute('data-status', 'ready');
  await expect(card.getByTestId('import-format')).toContainText('Stadtwerke Kufstein / Hall AG');
  await expect(card.getByTestId('import-readings')).toHaveText('743 Stundenwerte');
  // 27.10.2024 has 25 hours; the file merges both 02:00 hours into one row, which is not split.
  await expect(card.getByTestId('import-change-day')).toHaveText('27.10.2024: 23 von 25');
  // Its gaps are counted in hours, not quarter-hours (issue 64, item 8).
  await expect(card).toContainText('Stunden fehlen zwischen erstem und letztem Wert');
  await expect(card).not.toContainText('Viertelstunden fehlen');
  await expect(card.locator('[data-code="hourly_series"]')).toContainText('Stundenreihe');
  await expect(card.locator('[data-code="dst_hours_merged"]')).toContainText(
    'nicht in zwei erfundene Stunden',
  );
  await app.screenshot('import-preview-hourly-de');
  await card.getByTestId('import-commit').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  // The chart of the last week of October: hours, with the merged pair as a gap.
  await expect(app.chart.locator('canvas').first()).toBeVisible();
  await expect(page.locator('[data-resolution="hour"]')).toBeVisible();
  await expect(page.locator('figure.chart').first()).toHaveAttribute('aria-label', /Stundenwerte/);
  // The last week with data, 25.10.–31.10.2024: 7 × 24 hours + the 25th hour of 27.10, two merged away.
  await expect(page.getByTestId('figure-readings')).toHaveText(`${7 * 24 + 1 - 2} von ${7 * 24 + 1}`);
  await expect(page.locator('dt', { hasText: /^Stunden$/ })).toBeVisible();
  await app.screenshot('import-hourly-chart-de');
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-peaks').click();
  await expect(page.getByTestId('analysis-panel')).toContainText('braucht Viertelstunden');
});
