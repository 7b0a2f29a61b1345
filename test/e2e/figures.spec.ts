// Every figure on screen says what it counts, and no screen is a dead end (issue 19), checked in
// Chromium through the harness against the harness's own database or the Quality tab's figures.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, harnessDb, test } from './fixtures';

test('the chart summary over a year counts quarter-hours, with the Quality tab’s counts (item 2)', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('range-year').click();
  await expect(app.chart).toHaveAttribute('data-resolution', 'day');
  await expect(page.getByTestId('figure-readings')).not.toHaveText('…');
  const readings = (await page.getByTestId('figure-readings').textContent())!;
  const quality = (await page.getByTestId('figure-quality').textContent())!;
  // The chart draws days, but the summary counts quarter-hours: thousands, not ~110 days.
  // Counts with thousands separators as the tables write them (issue 64): "31 776 von 31 872".
  expect(readings).toMatch(/^\d{1,3}(\u00a0\d{3})+ von \d{1,3}(\u00a0\d{3})+$/);
  expect(Number(readings.split(' von ')[0]!.replace(/\D/g, ''))).toBeGreaterThan(5000);
  // Nothing promises a line that is not drawn.
  await expect(page.getByTestId('chart-readout')).not.toContainText(/Linie|line/);
  await page.getByTestId('tab-quality').click();
  const received = (await page.getByTestId('q-received').textContent())!;
  const expected = (await page.getByTestId('q-expected').textContent())!;
  expect(readings).toBe(`${received} von ${expected}`);
  const [m, e, u] = await Promise.all(
    ['q-measured', 'q-estimated', 'q-unreliable'].map(
      async (id) => (await page.getByTestId(id).textContent())!.split(' ')[0],
    ),
  );
  expect(quality).toBe(`gemessen ${m} · geschätzt ${e} · unsicher ${u}`);
});

test('the repeated October hour is marked in the data table, and a week shows all its 672 rows (items 6, 7)', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  // The week preset: 7 × 96 rows, every one in the table (the table stopped at 500 before).
  await page.locator('details.data-table summary').click();
  await expect(page.getByTestId('data-table').locator('tbody tr')).toHaveCount(672);
  // 25 Oct 2026: 100 quarter-hours, 02:00–02:45 twice, told apart by their zone.
  await page.getByTestId('range-day').click();
  await page.locator('.toolbar input[type=date]').fill('2026-10-25');
  await expect(app.chart).toHaveAttribute('data-points', '100');
  const rows = page.getByTestId('data-table').locator('tbody tr');
  await expect(rows).toHaveCount(100);
  const twoOClock = await rows.filter({ hasText: /, 02:00 / }).allTextContents();
  expect(twoOClock).toHaveLength(2);
  expect(twoOClock[0]).toContain('02:00 MESZ');
  expect(twoOClock[1]).toContain('02:00 MEZ');
  await app.screenshot('dst-day-table');
});

test('comparing three years with the year before says the periods overlap instead of a percentage (item 3)', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Haus Berger – Wärmepumpe');
  await page.getByTestId('range-all').click();
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-compare').click();
  await expect(page.getByTestId('compare-difference')).toHaveAttribute('data-reason', /overlap|no_data/);
  await expect(page.getByTestId('compare-difference')).not.toContainText('%');
  await expect(page.getByTestId('coverage').first()).toContainText('%');
  // A week against the week before: both covered, a real difference.
  await page.getByTestId('tab-chart').click();
  await page.getByTestId('range-week').click();
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-compare').click();
  // Compared with the week before by default (issue 42, item 13), never an overlapping default.
  await expect(page.getByTestId('compare-shift')).toHaveValue('week');
  await expect(page.getByTestId('compare-difference')).toHaveAttribute('data-reason', /none|partial/);
  // A month with the month before.
  await page.getByTestId('tab-chart').click();
  await page.getByTestId('range-month').click();
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-compare').click();
  await expect(page.getByTestId('compare-shift')).toHaveValue('month');
  await expect(page.getByTestId('compare-difference')).not.toHaveAttribute('data-reason', 'overlap');
});

test('the carpet has axes, a scale and a height that fits, and its CSV is the matrix (item 5)', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Haus Berger – Wärmepumpe');
  await page.getByTestId('range-all').click();
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-carpet').click();
  const carpet = page.getByTestId('carpet');
  await expect(carpet).toBeVisible();
  const box = (await carpet.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(400);
  await page.getByTestId('analysis-csv-excel').click();
  await expect(page.getByTestId('analysis-message')).toContainText('carpet');
  const file = readdirSync(harness.exportDir).find((f) => f.includes('carpet'))!;
  const lines = readFileSync(join(harness.exportDir, file), 'utf8').split('\r\n').filter(Boolean);
  const header = lines[0]!.replace('\uFEFF', '').split(';');
  expect(header.slice(0, 4)).toEqual(['Zählpunkt', 'Register', 'Tag', 'Viertelstunden']);
  expect(header).toHaveLength(4 + 100);
  const dst = lines.find((l) => l.split(';')[2] === '25.10.2026')!;
  expect(dst.split(';')[3]).toBe('100');
  // The health calendar has its labels (drawn into the canvas: wider and taller than the bare grid).
  await page.getByTestId('analysis-health').click();
  const cal = (await page.getByTestId('health-calendar').boundingBox())!;
  expect(cal.height).toBeGreaterThan(7 * 14);
});

test('the duration curve starts at the meter’s own P90, and peaks mark partial months (item 4)', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('range-all').click();
  await page.getByTestId('tab-analysis').click();
  await expect(page.getByTestId('peaks-table').locator('tbody tr[data-partial=true]').first()).toBeVisible();
  await expect(page.getByTestId('mean-basis')).toContainText('volle Kalendermonate');
  await page.getByTestId('analysis-duration').click();
  const db = harnessDb(harness);
  const kw = (
    db
      .prepare(
        "SELECT r.value * 4 AS kw FROM readings r JOIN series s ON s.id = r.series_id JOIN meters m ON m.id = s.meter_id WHERE m.label = 'Wohnung Huber' AND s.obis_code = '1-1:1.9.0 G.01' ORDER BY kw",
      )
      .all() as { kw: number }[]
  ).map((r) => r.kw);
  db.close();
  const idx = (kw.length - 1) * 0.9;
  const p90 = kw[Math.floor(idx)]! + (kw[Math.ceil(idx)]! - kw[Math.floor(idx)]!) * (idx - Math.floor(idx));
  // Compared loosely: the range ends tomorrow, the database may hold a few more readings than the view.
  expect(Number(await page.getByTestId('duration-threshold').inputValue())).toBeCloseTo(
    Math.round(p90 * 10) / 10,
    0,
  );
  await expect(page.getByTestId('duration-threshold')).not.toHaveValue('5');
});

test('export several meters and registers into one long-format file, each named (item 11)', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('export-several').click();
  const dialog = page.getByTestId('export-dialog');
  // A community member delivers G.01, G.02 and G.03; a plain meter its G.01 alone (item 21).
  await dialog.getByLabel(/Haushalt Auer/).check();
  for (const r of await dialog.locator('fieldset').nth(1).getByRole('checkbox').all()) await r.check();
  await dialog.getByTestId('export-several-run').click();
  await expect(page.getByTestId('export-several-status')).toContainText('Zeilen gespeichert');
  const file = readdirSync(harness.exportDir).find((f) => f.includes('2-meters'))!;
  expect(file).toMatch(/^meterdesk-2-meters-3-registers-\d{4}-\d{2}-\d{2}-excel-at\.csv$/);
  const rows = readFileSync(join(harness.exportDir, file), 'utf8').split('\r\n').filter(Boolean).slice(1);
  const series = new Set(rows.map((r) => r.split(';').slice(4, 6).join(' ')));
  expect(series.size).toBe(4); // Huber's G.01, Auer's G.01, G.02, G.03: never added up
});

test('registering a pasted number with spaces, then withdrawing the pending request (item 10)', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await page.getByTestId('register-meter').click();
  const dialog = page.getByTestId('register-dialog');
  await dialog.getByTestId('mp-input').fill('AT 001000 00000 000000000000000077 12'.slice(0, 40));
  await expect(dialog.getByTestId('mp-hint')).toContainText(/gültig|valid/);
  await dialog.getByTestId('register-submit').click();
  await expect(dialog.getByTestId('consent-status')).toHaveAttribute('data-status', 'registered');
  await dialog.getByTestId('request-consent').click();
  await expect(dialog.getByTestId('consent-status')).toHaveAttribute('data-status', 'pending');
  await expect(dialog.getByTestId('resend-consent')).toBeVisible();
  await dialog.getByTestId('withdraw-consent').click();
  await expect(dialog.getByTestId('consent-status')).toHaveAttribute('data-status', 'registered');
});

test('kW mode says each value once, and a zoom can be reset (item 13)', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('unit-toggle').click();
  const over = app.chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  const text = (await page.getByTestId('chart-readout').textContent())!;
  expect(text.match(/kW\b/g)).toHaveLength(1);
  expect(text.match(/kWh/g)).toHaveLength(1);
  expect(text.indexOf('kW ')).toBeLessThan(text.indexOf('kWh'));
  // Register names in plain language.
  await expect(page.getByTestId('register-picker').locator('option').first()).toContainText('Verbrauch');
  // Drag to zoom, then back to the preset with one click.
  const label = await page.getByTestId('range-label').textContent();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('reset-zoom')).toBeVisible();
  await page.getByTestId('reset-zoom').click();
  await expect(page.getByTestId('range-label')).toHaveText(label!);
  await expect(page.getByTestId('reset-zoom')).toHaveCount(0);
  // "1 meter", not "1 meters".
  await page.getByTestId('language-select').selectOption('en');
  await page.getByTestId('meter-search').fill('Wohnung Huber');
  await expect(page.locator('.meter-list')).toContainText('1 meter');
  await expect(page.locator('.meter-list')).not.toContainText('1 meters');
});
