// Every figure from one frame (issue 30), through the real UI and core (browser harness, demo clock
// 20.11.2026 12:00 UTC): the current month's figures up to yesterday, the Quality tab without future
// gaps, the portfolio's completeness with days without data, the gas meter priced with gas tariffs
// only, the PV house's battery on netted data (1 and 10 kWh), a zoomed span whose figures are its own.
// Each count is checked against the harness's database by plain SQL; screenshots in
// test-results/screens/.
import { countText, expect, harnessDb, test } from './fixtures';

const sec = (iso: string) => Date.parse(iso) / 1000;

test('the current month up to yesterday, its Quality tab, a zoomed span: one frame each', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('range-month').click();
  // Plain SQL on the harness's file: the readings of 01.11.–19.11. (the demo's "now" is 20.11.).
  const db = harnessDb(harness);
  const count = (from: number, to: number) =>
    (
      db
        .prepare(
          `SELECT count(*) AS n FROM readings r JOIN series s ON s.id = r.series_id JOIN meters m ON m.id = s.meter_id
            WHERE m.label = 'Wohnung Huber' AND s.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
        )
        .get(from, to) as { n: number }
    ).n;
  const month = count(sec('2026-11-01T00:00:00+01:00'), sec('2026-11-20T00:00:00+01:00'));
  expect(month).toBe(19 * 96);
  await expect(page.getByTestId('figure-frame')).toContainText(
    'geliefert bis 19.11.2026; ab 20.11.2026 noch nicht fällig',
  );
  await expect(page.getByTestId('figure-frame')).toContainText('19.11.2026');
  const de = new Intl.NumberFormat('de-AT').format(month);
  await expect(page.getByTestId('figure-readings')).toHaveText(`${de} von ${de}`);
  await expect(page.getByTestId('figure-completeness')).toContainText('100');
  await app.screenshot('frame-current-month');
  // The month's data table lists the frame's quarter-hours: none after "now", so no future "Lücke".
  await page.locator('details.data-table summary').click();
  const tableRows = page.getByTestId('data-table').locator('tbody tr');
  await expect(tableRows).toHaveCount(700); // the first 700, then "show all"
  await page.getByTestId('table-show-all').click();
  await expect(tableRows).toHaveCount(month);
  await expect(page.getByTestId('data-table')).not.toContainText('Lücke');
  await page.locator('details.data-table summary').click();

  await page.getByTestId('tab-quality').click();
  await expect(page.getByTestId('q-expected')).toHaveText(countText(month));
  await expect(page.getByTestId('q-received')).toHaveText(countText(month));
  // No day after today is a gap; days are in the de-AT format, never ISO (issue 42, item 19).
  await expect(page.getByTestId('gap-days')).not.toContainText(/2026-11-2|2\d\.11\.2026/);
  await expect(page.getByTestId('gap-days')).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await app.screenshot('frame-quality');

  // A zoomed span: its frame shows times, and its counts are its own quarter-hours.
  await page.getByTestId('tab-chart').click();
  await page.getByTestId('range-week').click();
  const over = app.chart.locator('.u-over');
  await expect(page.getByTestId('range-label')).not.toContainText('.11.2026–30.11.2026');
  let box: { x: number; y: number; width: number; height: number } | null = null;
  // The week's chart replaces the month's: measure the one that stays.
  await expect(async () => {
    await page.waitForTimeout(200);
    box = await over.boundingBox();
    expect(box).not.toBeNull();
    expect(await over.boundingBox()).toEqual(box);
  }).toPass();
  box = box!;
  await page.mouse.move(box.x + box.width * 0.31, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.58, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('reset-zoom')).toBeVisible();
  await expect(page.getByTestId('figure-frame')).toContainText(':');
  const [received, expected] = (await page.getByTestId('figure-readings').textContent())!
    .split(' von ')
    .map((x) => Number(x.replace(/\D/g, ''))) as [number, number];
  expect(received).toBe(expected);
  expect(expected).toBeGreaterThan(0);
  expect(expected % 96).not.toBe(0); // not whole days: the span on screen
  await app.screenshot('frame-zoomed-span');
  db.close();
});

test('portfolio completeness, the gas meter priced with gas tariffs only, the PV house battery', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await page.getByTestId('open-portfolio').click();
  const table = page.getByTestId('portfolio-table');
  await expect(table).toBeVisible();
  await app.screenshot('frame-portfolio');
  await page.getByTestId('portfolio').getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByTestId('portfolio')).toHaveCount(0);

  await app.openMeter('Haus Berger – Gas');
  await page.getByTestId('range-year').click();
  await page.getByTestId('tab-analysis').click();
  await page.getByTestId('analysis-cost').click();
  // Only the gas tariff is offered; no electricity tariff prices gas.
  const picks = page.getByTestId('cost-tariff-pick');
  await expect(picks).toHaveCount(1);
  await expect(picks.first()).toHaveAttribute('data-tariff', 'beispiel-gas');
  await expect(page.getByTestId('cost-compare').getByTestId('cost-compare-row')).toHaveCount(1);
  await expect(page.getByTestId('cost-compare')).not.toContainText('Elektrizitätsabgabe');
  // Gas has no power price: no sentence about the power component's basis (issue 42, item 10).
  await expect(page.getByTestId('cost-power-basis')).toHaveCount(0);
  await app.screenshot('frame-cost-gas-meter');
  // A battery and peak shaving size against electricity: neither is offered on the gas meter.
  await expect(page.getByTestId('analysis-peakShaving')).toHaveCount(0);
  await expect(page.getByTestId('analysis-battery')).toHaveCount(0);

  await app.meter('Haus Wagner – Bezug').first().click(); // the analysis tab stays open
  await page.getByTestId('range-year').click();
  await page.getByTestId('analysis-battery').click();
  // The electricity battery is offered electricity tariffs only: the demo's gas tariff is not one.
  await expect(page.getByTestId('battery-tariff').locator('option[value="beispiel-gas"]')).toHaveCount(0);
  await expect(page.getByTestId('battery-tariff').locator('option[value="beispiel-fixpreis"]')).toHaveCount(
    1,
  );
  for (const kwh of ['1', '10']) {
    await page.getByTestId('battery-capacity').fill(kwh);
    await expect(page.getByTestId('battery-figures')).toBeVisible();
    // Netted data: no warning that import and export coexist, no implausible cycling.
    await expect(page.getByTestId('battery-warning-not_netted')).toHaveCount(0);
    await expect(page.getByTestId('battery-warning-implausible_cycles')).toHaveCount(0);
    await app.screenshot(`frame-battery-pv-${kwh}kwh`);
  }
  // The demo PV house on netted data: never import and export in one quarter-hour (plain SQL).
  const db = harnessDb(harness);
  const both = db
    .prepare(
      `SELECT count(*) AS n FROM readings a JOIN series sa ON sa.id = a.series_id JOIN meters ma ON ma.id = sa.meter_id
         JOIN readings b ON b.start_sec = a.start_sec JOIN series sb ON sb.id = b.series_id JOIN meters mb ON mb.id = sb.meter_id
        WHERE ma.label = 'Haus Wagner – Bezug' AND sa.obis_code = '1-1:1.9.0 G.01'
          AND mb.label = 'Haus Wagner – PV-Einspeisung' AND sb.obis_code = '1-1:2.9.0 G.01' AND a.value > 0 AND b.value > 0`,
    )
    .get() as { n: number };
  db.close();
  expect(both.n).toBe(0);
});
