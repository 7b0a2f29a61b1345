// What is owed (issue 59), in the browser: at a demo clock before the operator's daily delivery
// (04:00 on 29.11.2026; the demo delivers a day at 06:00 of the next), the current month of a complete
// meter reads 100 %, says up to when it was delivered and what is not yet due, and no surface lists
// 28.11. as a gap. Counts against the harness's database by plain SQL; screenshot in test-results/screens.
import { countText, expect, harnessDb, test } from './fixtures';

test.use({ harnessArgs: ['--demo-clock', '2026-11-29T03:00:00Z'] });

const sec = (iso: string) => Date.parse(iso) / 1000;

test('before the delivery: the month is complete, yesterday not yet due', async ({ app, page, harness }) => {
  await app.open();
  await app.waitForSynced();
  const db = harnessDb(harness);
  const month = (
    db
      .prepare(
        `SELECT count(*) AS n FROM readings r JOIN series s ON s.id = r.series_id JOIN meters m ON m.id = s.meter_id
          WHERE m.label = 'Wohnung Huber' AND s.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
      )
      .get(sec('2026-11-01T00:00:00+01:00'), sec('2026-11-29T00:00:00+01:00')) as { n: number }
  ).n;
  db.close();
  // The account holds 1.–27.11. (27 days), nothing of the 28th yet.
  expect(month).toBe(27 * 96);
  // The meter list: the last 30 days complete.
  await expect(page.getByTestId('meter-item').filter({ hasText: 'Wohnung Huber' })).toContainText('100 %');
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('range-month').click();
  await expect(page.getByTestId('figure-frame')).toContainText(
    'geliefert bis 27.11.2026; ab 28.11.2026 noch nicht fällig',
  );
  await expect(page.getByTestId('figure-readings')).toContainText(`von`);
  await expect(page.getByTestId('figure-completeness')).toContainText('100');
  await app.screenshot('owed-before-delivery');
  await page.getByTestId('tab-quality').click();
  await expect(page.getByTestId('q-expected')).toHaveText(countText(month));
  await expect(page.getByTestId('q-received')).toHaveText(countText(month));
  await expect(page.getByTestId('gap-days')).not.toContainText('28.11.2026');
});
