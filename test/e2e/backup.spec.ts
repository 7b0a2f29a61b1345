// A profile as one file and back, as a person does it: Profiles → "Save a backup", then "Restore from
// a backup" makes a new profile (the demo profile untouched), which opens with the same meters.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, harnessDb, test } from './fixtures';

test('backup of the demo profile, restored as a new profile with the same meters and readings', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  const db = harnessDb(harness);
  const meters = (db.prepare('SELECT count(*) AS n FROM meters').get() as { n: number }).n;
  const readings = (db.prepare('SELECT sum(count) AS n FROM daily_rollups').get() as { n: number }).n;
  db.close();
  await page.getByTestId('manage-profiles').click();
  await page.getByTestId('backup-profile').click();
  const done = page.getByTestId('backup-done');
  await expect(done).toContainText('.meterdesk-backup');
  await expect(done).toContainText(
    `Enthält ${meters} Zähler, ${new Intl.NumberFormat('de-AT').format(readings)} Messwerte`,
  );
  await page.getByTestId('restore-profile').click();
  await expect(done).toContainText('Als neues Profil');
  await expect(page.getByTestId('profile-row')).toHaveCount(2);
  // The new profile, opened: it is active, lists meters, and its file holds what the demo profile held.
  const row = page.getByTestId('profile-row').filter({ hasText: 'Demo – ' }); // named with the backup's day
  await row.getByRole('button', { name: /Switch|Wechseln/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-select')).not.toHaveValue('demo'); // the switch takes a moment
  const id = await page.getByTestId('profile-select').inputValue();
  await expect(app.meterItems.first()).toBeVisible();
  const restored = new Database(join(harness.dataDir, 'profiles', id, 'meterdesk.sqlite'), {
    readonly: true,
  });
  expect((restored.prepare('SELECT count(*) AS n FROM meters').get() as { n: number }).n).toBe(meters);
  expect((restored.prepare('SELECT sum(count) AS n FROM daily_rollups').get() as { n: number }).n).toBe(
    readings,
  );
  restored.close();
});
