// A team profile in the window (issue 63), against a real PostgreSQL server whose store the team's job
// (the built CLI: team init, sync) filled from a demo service: added in the Profiles dialog (server,
// database, user, TLS, password), opened as a copy of the team's store — every meter the service has,
// the copy's time in the status bar — and a change refused in words, nothing written.
import type { Page } from '@playwright/test';
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

  // A change (a note): refused in words, nothing added.
  await app.meterItems.first().click();
  await expect(app.chart.locator('canvas').first()).toBeVisible();
  await page.getByTestId('note-add').click();
  await page.getByTestId('note-text').fill('Betriebsurlaub');
  await page.getByTestId('note-on').selectOption('meter');
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('notes').getByRole('alert')).toContainText('“Büro Wien” is a team profile');
  await expect(page.getByTestId('note-item')).toHaveCount(0);
  await app.screenshot('team-profile-refused');

  // The team's nightly job syncs the next day: the open app hears it and offers a new copy.
  const advanced = await fetch(`${svc.info.admin_url}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: 1 }),
  });
  expect(advanced.ok).toBe(true);
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
  try {
    const app2 = new AppPage(page2, other);
    for (const [a, p] of [
      [app, page],
      [app2, page2],
    ] as const) {
      await a.open();
      await a.waitForSynced();
      await a.language('en');
      await addTeamProfile(p);
    }
    const advanced = await fetch(`${svc.info.admin_url}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: 1 }),
    });
    expect(advanced.ok).toBe(true);
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
    // Both read the same copy of the same store: the same meters with the same latest reading.
    await expect(page.getByTestId('meter-item')).toHaveCount(await page2.getByTestId('meter-item').count());
    expect(await firstMeter(page)).toBe(await firstMeter(page2));
    await expect(page.getByTestId('meter-list')).toContainText(/21 Nov 2026|22 Nov 2026/);
  } finally {
    await page2.close();
    other.process.kill('SIGTERM');
  }
});
