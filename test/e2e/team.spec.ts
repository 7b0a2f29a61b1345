// A team profile in the window (issue 63), against a real PostgreSQL server whose store the team's job
// (the built CLI: team init, sync) filled from a demo service: added in the Profiles dialog (server,
// database, user, TLS, password), opened as a copy of the team's store — every meter the service has,
// the copy's time in the status bar — and a note written into the team's store. Two windows (two
// computers) edit one note: the second, made on the older version, is refused with the first's change
// named, and its text stays in the field. A file imported in one goes into the team's server; the
// other, importing into the same meter on its older copy, is refused naming it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dropFiles } from './drop-files';
import { spawnDemoService, spawnHarness, type DemoService } from '../harness/spawn';
import { teamJob, type TeamJob } from '../integration/team-job';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app-page';

let svc: DemoService;
let job: TeamJob;
const jobSync = () => job.sync();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  svc = await spawnDemoService(['--years', '0.1']);
  job = await teamJob('mde', svc.info);
});

test.afterAll(async () => {
  await svc?.stop();
  await job?.drop();
});

/** The demo service's clock one day on (the next day's readings delivered). */
async function nextServiceDay(): Promise<void> {
  const advanced = await fetch(`${svc.info.admin_url}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: 1 }),
  });
  expect(advanced.ok).toBe(true);
}

/** Opens Profiles and fills the team profile's form of this window with `password`, then adds it. */
async function submitTeamForm(page: Page, password: string) {
  const more = page.getByTestId('head-more');
  if (await more.isVisible()) await more.click();
  await page.getByTestId('manage-profiles').click();
  await page.getByTestId('team-profile-section').locator('summary').click();
  const form = page.getByTestId('team-profile-form');
  await form.getByTestId('team-name').fill('Büro Wien');
  await form.getByTestId('team-host').fill('127.0.0.1');
  await form.getByTestId('team-port').fill(String(job.server.port));
  await form.getByTestId('team-database').fill(job.db);
  await form.getByTestId('team-user').fill(job.app);
  await form.getByTestId('team-password').fill(password);
  await form.getByTestId('add-team-profile').click();
  return form;
}

test("a team profile added in the Profiles dialog shows the team's store and changes nothing", async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.language('en');
  // A wrong password: said, nothing kept.
  const form = await submitTeamForm(page, 'wrong');
  // TLS off is offered for this computer only; elsewhere the certificate is checked by default.
  await expect(form.getByTestId('team-ssl')).toHaveValue('disable');
  await expect(form.getByRole('alert')).toContainText(/refused the user or the password/);
  await expect(page.getByTestId('team-store')).toHaveCount(0);
  await form.getByTestId('team-password').fill(job.appPassword);
  await form.getByTestId('add-team-profile').click();
  const line = page.getByTestId('team-store');
  await expect(line).toContainText(`${job.app}@127.0.0.1:${job.server.port}/${job.db}`);
  await expect(line).toContainText('copy of');
  await expect(form.getByTestId('team-password')).toHaveValue('');
  await page.getByTestId('profiles-dialog').getByRole('button', { name: 'Close' }).last().click();

  const bar = page.getByTestId('status-bar');
  await expect(bar).toHaveAttribute('data-sync-state', 'team');
  await expect(bar).toContainText("copy of the team's store");
  const served = (await (
    await fetch(`${svc.info.base_url}/api/v1/teams/${svc.info.team}/meters`, {
      headers: { authorization: `Bearer ${svc.info.tokens.pro}` },
    })
  ).json()) as { data: unknown[] };
  await expect(app.meterItems).toHaveCount(served.data.length);
  await expect(page.getByTestId('register-meter')).toHaveCount(0);

  // A note: written into the team's store (its one change the app makes there so far), shown at once.
  await app.meterItems.first().click();
  await expect(app.chart.locator('canvas').first()).toBeVisible();
  await page.getByTestId('note-add').click();
  await page.getByTestId('note-text').fill('Betriebsurlaub');
  await page.getByTestId('note-on').selectOption('meter');
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-item')).toHaveText(/Betriebsurlaub/);
  await expect(page.getByTestId('notes').getByRole('alert')).toHaveCount(0);

  // The team's nightly job syncs the next day: the open app hears it and offers a new copy.
  await nextServiceDay();
  await jobSync();
  const changed = page.getByTestId('team-changed');
  await expect(changed).toContainText("Newer data on the team's server");
  await app.screenshot('team-changed');
  await page.getByTestId('team-changed-reload').click();
  await expect(changed).toHaveCount(0);
  await expect(bar).toHaveAttribute('data-sync-state', 'team');
});

/** Adds the team profile through the Profiles dialog of this window, and closes the dialog. */
async function addTeamProfile(page: Page): Promise<void> {
  await submitTeamForm(page, job.appPassword);
  await expect(page.getByTestId('team-store')).toContainText('copy of');
  await page.getByTestId('profiles-dialog').getByRole('button', { name: 'Close' }).last().click();
}

test("two windows and the team's sync at once: both hear it and read the same new day", async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A second Meterdesk on another computer: its own harness, data folder and window.
  const other = await spawnHarness();
  const page2 = await browser.newPage();
  const app2 = new AppPage(page2, other);
  try {
    for (const [a, p] of [
      [app, page],
      [app2, page2],
    ] as const) {
      await a.open();
      await a.waitForSynced();
      await a.language('en');
      await addTeamProfile(p);
    }
    await nextServiceDay();
    // The team's nightly job syncs while both windows are open on the team profile.
    await jobSync();
    const firstMeter = async (p: Page) => {
      await p.getByTestId('meter-item').first().click();
      return p.getByTestId('meter-item').first().textContent();
    };
    for (const p of [page, page2]) {
      await expect(p.getByTestId('team-changed')).toContainText("Newer data on the team's server");
      await p.getByTestId('team-changed-reload').click();
      await expect(p.getByTestId('team-changed')).toHaveCount(0);
    }
    // Both read the same copy of the same store: every meter the service has, the same latest reading.
    // (A reloaded list is empty while it is read again: wait for the whole list, never count it once.)
    const served = (
      (await (
        await fetch(`${svc.info.base_url}/api/v1/teams/${svc.info.team}/meters`, {
          headers: { authorization: `Bearer ${svc.info.tokens.pro}` },
        })
      ).json()) as { data: unknown[] }
    ).data.length;
    await expect(page.getByTestId('meter-item')).toHaveCount(served);
    await expect(page2.getByTestId('meter-item')).toHaveCount(served);
    expect(await firstMeter(page)).toBe(await firstMeter(page2));
    await expect(page.getByTestId('meter-list')).toContainText(/21 Nov 2026|22 Nov 2026/);

    // One note, edited in both windows: the second edit was made on the version before the first's.
    await page.getByTestId('note-add').click();
    await page.getByTestId('note-text').fill('Zählertausch 12.11.');
    await page.getByTestId('note-on').selectOption('meter');
    await page.getByTestId('note-save').click();
    const mine = page.getByTestId('note-item').filter({ hasText: 'Zählertausch' });
    await expect(mine).toHaveText(/Zählertausch 12\.11\./);
    await expect(page2.getByTestId('team-changed')).toContainText("Newer data on the team's server");
    await page2.getByTestId('team-changed-reload').click();
    await expect(page2.getByTestId('team-changed')).toHaveCount(0);
    await firstMeter(page2);
    const theirs = page2.getByTestId('note-item').filter({ hasText: 'Zählertausch' });
    await expect(theirs).toHaveText(/Zählertausch 12\.11\./);
    await theirs.getByTestId('note-edit').click(); // opened on version 1
    await mine.getByTestId('note-edit').click();
    await page.getByTestId('note-edit-text').fill('Zählertausch 14.11.');
    await page.getByTestId('note-edit-save').click();
    await expect(mine).toHaveAttribute('data-version', '2');
    await page2.getByTestId('note-edit-text').fill('Zählertausch 12.11., Stand 4711');
    await page2.getByTestId('note-edit-save').click();
    await expect(page2.getByTestId('notes').getByRole('alert')).toContainText(
      'This note was changed meanwhile by',
    );
    await expect(page2.getByTestId('note-edit-text')).toHaveValue('Zählertausch 12.11., Stand 4711');
    // The list now holds the first window's version (2); the field still this window's text.
    const editing = page2.getByTestId('note-item').filter({ has: page2.getByTestId('note-edit-text') });
    await expect(editing).toHaveAttribute('data-version', '2');
    await app2.screenshot('team-note-refused');
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await expect(theirs).toHaveText(/Zählertausch 14\.11\./);

    // A file dropped in the first window goes into the team's server and opens on its chart.
    const wien = readFileSync(join('test', 'fixtures', 'dso', 'wienernetze-viertelstundenwerte-oct2024.csv'));
    await dropFiles(page, [{ name: 'wien.csv', bytes: wien }]);
    await page.getByTestId('import-dialog').getByTestId('import-commit').click();
    await expect(page.getByTestId('import-dialog')).toBeHidden();
    await expect(page.getByTestId('figure-readings')).toContainText('196');
    // The second window, on its older copy, imports a corrected file into the same meter: refused,
    // naming the first's import; after Reload it lists the meter and the import log says who.
    const corrected = Buffer.from(wien.toString('utf8').replace(/;(\d+),(\d+);;/g, ';$1,$21;;'), 'utf8');
    await dropFiles(page2, [{ name: 'wien-korrigiert.csv', bytes: corrected }]);
    const card2 = page2.getByTestId('import-dialog').getByTestId('import-card');
    await card2.getByTestId('import-commit').click();
    await expect(card2.getByRole('alert')).toContainText(
      '“wien.csv” was imported into this meter meanwhile by',
    );
    await expect(card2.getByRole('alert')).toContainText('nothing was written');
    await app2.screenshot('team-import-refused');
    await page2.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect(page2.getByTestId('team-changed')).toContainText("Newer data on the team's server");
    await page2.getByTestId('team-changed-reload').click();
    await expect(page2.getByTestId('meter-item')).toHaveCount(served + 1);
    await page2.getByTestId('open-import').click();
    const log = page2.getByTestId('import-log');
    await log.locator('summary').click();
    const row = log.getByTestId('import-log-row').filter({ hasText: 'wien.csv' });
    await expect(row).toContainText(/wien\.csv · by \S+@\S+/);
    await expect(row.getByTestId('import-log-on-team')).toHaveText(/on the team’s server: cannot be undone/);
    await expect(row.getByTestId('import-log-undo')).toHaveCount(0);
  } finally {
    await page2.close();
    other.process.kill('SIGTERM');
  }
});
