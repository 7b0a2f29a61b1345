// Issue 64, items 1 and 2, in German: the analysis toolbar says what each action did in words that fit
// it — no PNG offered on a view without a chart (and why), no message carried to another view, a saved
// chart called a chart, a one-row count in the singular, the cost CSV naming its meter — and the
// analysis view the person chose stays chosen across the Lastgang tab and a change of meter (a gas
// meter, where the battery is not offered, shows the first view and keeps the choice for the next).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, test } from './fixtures';

test('the analysis toolbar: PNG only with a chart, messages per view, the cost CSV names its meter', async ({
  app,
  page,
}) => {
  await app.openAnalysis('Wohnung Huber', 'de', 'cost');
  const png = page.getByTestId('analysis-png');
  await expect(png).toBeDisabled();
  await expect(png).toHaveAttribute('title', /Diese Ansicht hat kein Diagramm/);
  // The cost CSV: its file name and each row carry the metering point and the register.
  await expect(page.getByTestId('cost-compare')).toBeVisible();
  await page.getByTestId('analysis-csv-excel').click();
  const message = page.getByTestId('analysis-message');
  await expect(message).toContainText('Zeilen gespeichert:');
  const path = (await message.textContent())!.replace(/^.*gespeichert: /, '').trim();
  const mp = (await page.locator('section.detail').first().textContent())!.match(/AT\d{31}/)![0];
  expect(basename(path)).toContain(mp);
  const rows = readFileSync(path, 'latin1').trim().split(/\r?\n/).slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.startsWith(`${mp};1-1:1.9.0 G.01;`), r).toBe(true);
  // Another view starts without the cost view's message; a saved chart is called a chart.
  await page.getByTestId('analysis-peaks').click();
  await expect(message).toHaveCount(0);
  await expect(png).toBeEnabled();
  await expect(page.getByTestId('analysis-panel').locator('canvas').first()).toBeVisible();
  await png.click();
  await expect(message).toContainText('Diagramm als PNG gespeichert:');
  await expect(message).not.toContainText('Zeilen');
});

test('the chosen analysis view stays chosen across the Lastgang tab and a change of meter', async ({
  app,
  page,
}) => {
  await app.openAnalysis('Haus Berger – Wärmepumpe', 'de', 'baseLoad');
  const pressed = (v: string) =>
    expect(page.getByTestId(`analysis-${v}`)).toHaveAttribute('aria-pressed', 'true');
  await pressed('baseLoad');
  await page.getByTestId('tab-chart').click();
  await page.getByTestId('tab-analysis').click();
  await pressed('baseLoad');
  // Another meter: the same view.
  await app.meter('Wohnung Huber').first().click();
  await page.getByTestId('tab-analysis').click();
  await pressed('baseLoad');
  // The battery is chosen; the gas meter does not offer it and shows the first view …
  await page.getByTestId('analysis-battery').click();
  await pressed('battery');
  await app.meter('Haus Berger – Gas').first().click();
  await page.getByTestId('tab-analysis').click();
  await expect(page.getByTestId('analysis-battery')).toHaveCount(0);
  await pressed('peaks');
  // … and the next electricity meter opens on the battery again.
  await app.meter('Wohnung Huber').first().click();
  await page.getByTestId('tab-analysis').click();
  await pressed('battery');
});

test('right after an export, no value is revised since it (issue 64, item 9: the demo clock)', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('de');
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-status')).toContainText('Zeilen gespeichert');
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-health').click();
  await expect(page.getByTestId('changed-since-export')).toContainText(
    '0 Werte revidiert seit dem letzten Export',
  );
});

test('the watch thresholds in German: "3 Tage", not "3 days" (issue 64, item 3)', async ({ app, page }) => {
  await app.open();
  await app.waitForSynced();
  await app.language('de');
  await page.getByTestId('open-portfolio').click();
  const th = page.getByTestId('watch-thresholds');
  await th.locator('summary').click();
  await th.getByTestId('watch-thresholds-meter').selectOption({ label: 'Wohnung Huber' });
  const row = th.locator('tr[data-rule="data_stopped"]');
  await expect(row).toContainText('3 Tage');
  await expect(row).not.toContainText('days');
});

test.describe('at 1024 × 700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });
  test('the cost view’s month table shows VAT, total and ct/kWh without a sideways scroll', async ({
    app,
    page,
  }) => {
    await app.openAnalysis('Wohnung Huber', 'de', 'cost');
    const compare = page.getByTestId('cost-compare');
    await compare.getByRole('button', { name: 'Beispiel: Fixpreis' }).click();
    const table = page.getByTestId('cost-months');
    await expect(table).toBeVisible();
    for (const head of ['USt', 'Summe', 'ct/kWh']) {
      const box = (await table.locator('th', { hasText: head }).first().boundingBox())!;
      expect(box.x + box.width, head).toBeLessThanOrEqual(1024);
    }
    const [scroll, client] = await table.evaluate((el) => [
      el.parentElement!.scrollWidth,
      el.parentElement!.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client);
    await app.screenshot('cost-view-1024');
  });

  test('the report dialog’s “PDF speichern …” is in view; “Personen” is not clipped', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.waitForSynced();
    await app.language('de');
    await app.openMeter('Wohnung Huber');
    await page.getByTestId('report-open').click();
    const save = page.getByTestId('report-save');
    await expect(save).toBeVisible();
    const box = (await save.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    const persons = page.getByRole('spinbutton', { name: 'Personen', exact: true });
    const fits = await persons.evaluate((el: HTMLInputElement) => {
      const cs = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 18; // the spinner
      return ctx.measureText(el.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await app.screenshot('report-dialog-1024');
  });
});

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the portfolio keeps a figure with its unit and a date with its time on one line', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.waitForSynced();
    await app.language('de');
    await page.getByTestId('open-portfolio').click();
    const table = page.getByTestId('portfolio-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // Every figure and date cell is one line high.
    const lines = await table.evaluate((t) =>
      [...t.querySelectorAll('tbody td.num, tbody td.when')].map((td) => {
        // The figure itself (its first node; a note under it, such as "erst ab …", is a line of its own).
        const range = document.createRange();
        range.selectNodeContents(td.firstChild ?? td);
        // Lines of its text: the text's height over one line's (the font size × 1.8 at most).
        const line = parseFloat(getComputedStyle(td).fontSize) * 1.8;
        return Math.ceil(range.getBoundingClientRect().height / line);
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((n) => n > 1)).toEqual([]);
    await app.screenshot('portfolio-1280');
  });
});
