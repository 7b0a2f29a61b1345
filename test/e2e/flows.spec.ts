// Quality, consent, account connection and revisions, checked against the store and the services.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countText, expect, harnessDb, test } from './fixtures';
import type { Harness } from './fixtures';
import { spawnDemoService } from '../harness/spawn';

async function demoInfo(h: Harness): Promise<{
  base_url: string;
  team: string;
  admin_url: string;
  portal_url: string;
  tokens: Record<string, string>;
}> {
  const token = readFileSync(join(h.dataDir, 'harness-token'), 'utf8');
  return (await fetch(`${new URL(h.url).origin}/__harness/demo?token=${token}`)).json();
}
const dbOf = harnessDb;

test('the quality breakdown equals the store, and revisions appear after the clock advances and a sync runs', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await page.getByTestId('range-month').click();
  await page.getByTestId('tab-quality').click();
  await expect(page.getByTestId('quality-panel')).toBeVisible();
  const range = await page.evaluate(() => {
    const txt = document.querySelector('[data-testid=range-label]')!.textContent!;
    return txt;
  });
  expect(range).toMatch(/–/);
  // Independent counts straight from the readings table of the harness database.
  const db = dbOf(harness);
  const meter = db.prepare("SELECT id FROM meters WHERE label = 'Wohnung Huber'").get() as { id: string };
  const series = db
    .prepare("SELECT id FROM series WHERE meter_id = ? AND obis_code = '1-1:1.9.0 G.01'")
    .get(meter.id) as { id: number };
  // The month preset is the calendar month of the last delivered day (19 Nov): 1–30 November.
  const to = Date.parse('2026-12-01T00:00:00+01:00') / 1000;
  const from = Date.parse('2026-11-01T00:00:00+01:00') / 1000;
  const counts = db
    .prepare(
      'SELECT quality, count(*) AS n FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ? GROUP BY quality',
    )
    .all(series.id, from, to) as { quality: number; n: number }[];
  const n = (q: number) => counts.find((c) => c.quality === q)?.n ?? 0;
  await expect(page.getByTestId('q-received')).toHaveText(countText(n(1) + n(2) + n(3)));
  // The month's frame ends at the demo's "now" (20.11., its start): 19 days, never the future ones.
  await expect(page.getByTestId('q-expected')).toHaveText(countText(19 * 96));
  await expect(page.getByTestId('q-measured')).toHaveText(countText(n(1), { whole: false }));
  await expect(page.getByTestId('q-estimated')).toHaveText(countText(n(2), { whole: false }));
  await expect(page.getByTestId('q-unreliable')).toContainText(`${n(3)} (`);
  db.close();
  await app.screenshot('quality');

  // Move the service clock: due revisions arrive; a sync brings them into the audit trail.
  const revisionCount = (seriesId?: number) => {
    const d = dbOf(harness);
    const r = (
      seriesId === undefined
        ? d.prepare('SELECT count(*) AS n FROM reading_revisions').get()
        : d.prepare('SELECT count(*) AS n FROM reading_revisions WHERE series_id = ?').get(seriesId)
    ) as { n: number };
    d.close();
    return r.n;
  };
  const before = revisionCount();
  const info = await demoInfo(harness);
  await fetch(`${info.admin_url}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Three days: the demo clock (20.11.2026) stays behind this computer's, as a real service's does
    // (a service clock ahead of it by more than a day is not believed: common/rules.ts).
    body: JSON.stringify({ advance_days: 3 }),
  });
  await page.getByTestId('sync-now').click();
  // The sync brings the revisions, then the bar says idle again. An incremental sync can be over before
  // a look at the bar sees "syncing" (a CI run saw only idle): what it wrote is what is waited for.
  await expect.poll(() => revisionCount(), { timeout: 60_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-sync-state', 'idle', {
    timeout: 60_000,
  });
  await page.getByTestId('tab-chart').click();
  await page.getByTestId('range-all').click();
  await page.getByTestId('tab-quality').click();
  await expect(page.getByTestId('revisions-table')).toBeVisible();
  // Every revision is reachable: 200 at first, the heading says "N of M", "show more" adds the rest.
  const all = revisionCount(series.id);
  await expect(page.getByTestId('revisions-table').locator('tbody tr')).toHaveCount(Math.min(200, all));
  if (all > 200) {
    await expect(page.getByTestId('revisions-heading')).toContainText(`200 von ${all}`);
    while (await page.getByTestId('revisions-more').isVisible())
      await page.getByTestId('revisions-more').click();
    await expect(page.getByTestId('revisions-table').locator('tbody tr')).toHaveCount(Math.min(1000, all));
  } else await expect(page.getByTestId('revisions-heading')).toContainText(`(${all})`);
  await expect(page.getByTestId('revisions-table')).toContainText('→');
  await app.screenshot('revisions');
});

test('registering a meter and requesting consent: pending, then connected via the simulated portal', async ({
  app,
  page,
  harness,
}) => {
  await app.open();
  await app.waitForSynced();
  await page.getByTestId('register-meter').click();
  const input = page.getByTestId('mp-input');
  await input.fill('XX12');
  await expect(page.getByTestId('mp-hint')).toHaveText(/AT/);
  await expect(page.getByTestId('register-submit')).toBeDisabled();
  await input.fill('AT00100000000000000000000000');
  await expect(page.getByTestId('mp-hint')).toContainText('28');
  const mp = 'AT0010000000000000000000000077777';
  await input.fill(mp);
  await expect(page.getByTestId('register-submit')).toBeEnabled();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'registered');
  await page.getByTestId('request-consent').click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'pending');
  await app.screenshot('consent-pending');
  const info = await demoInfo(harness);
  const consents = (await (await fetch(`${info.admin_url}/consents`)).json()) as {
    data: { id: string; state: string }[];
  };
  const pending = consents.data.find((c) => c.state === 'requested')!;
  await fetch(`${info.portal_url}/consents/${pending.id}/approve`, { method: 'POST' });
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 20_000,
  });
  await app.screenshot('consent-connected');
  await page.getByRole('button', { name: /Schließen|Close/ }).click();
  await expect(app.meter(mp)).toBeVisible();
  // A duplicate registration is explained.
  await page.getByTestId('register-meter').click();
  await page.getByTestId('mp-input').fill(mp);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-error')).toContainText(/already registered/);
});

test('connecting an account profile against the standalone demo service, with a wrong token first', async ({
  app,
  page,
  harness,
}) => {
  const svc = await spawnDemoService(['--years', '0.1']);
  try {
    const info = svc.info;
    await app.open();
    await app.waitForSynced();
    await page.getByTestId('connect-account').click();
    const dialog = page.getByTestId('connect-dialog');
    await dialog.getByLabel(/Name/).fill('Kanzlei Test');
    // Issue 64, item 4: a URL where nothing answers — Save says what "Test" says (not the keychain's
    // words), and no profile is made.
    await dialog.getByLabel(/Team/).fill(`http://127.0.0.1:9/api/v1/teams/${info.team}`);
    await dialog.getByLabel(/Token/).fill(info.tokens.plus!);
    await dialog.getByRole('button', { name: /Speichern|Save/ }).click();
    await expect(page.getByTestId('connect-error')).toContainText('Der Dienst ist nicht erreichbar');
    await expect(page.getByTestId('connect-error')).not.toContainText(/Schlüsselbund|keychain/i);
    await expect(page.getByTestId('profile-select').locator('option')).toHaveCount(1);
    await dialog.getByLabel(/Team/).fill(`${info.base_url}/api/v1/teams/${info.team}`);
    await dialog.getByLabel(/Token/).fill('md_wrong_token_value');
    await dialog.getByRole('button', { name: /testen|Test/ }).click();
    // Worded in the UI's language; the service's own text only under "Details".
    await expect(page.getByTestId('connect-error')).toContainText('Der Dienst hat das API-Token abgelehnt');
    await expect(page.getByTestId('connect-error').locator('details')).toContainText(
      'Missing or invalid API token',
    );
    await dialog.getByLabel(/Token/).fill(info.tokens.plus!);
    await dialog.getByRole('button', { name: /testen|Test/ }).click();
    await expect(page.getByTestId('connect-message')).toContainText(`${info.team}`);
    await expect(page.getByTestId('connect-message')).toContainText('plus');
    await app.screenshot('connect-account');
    await dialog.getByRole('button', { name: /Speichern|Save/ }).click();
    await expect(page.getByTestId('profile-select')).toHaveValue('kanzlei-test');
    await expect(page.getByTestId('status-bar')).toHaveAttribute('data-sync-state', 'idle', {
      timeout: 60_000,
    });
    await expect(app.meterItems.first()).toBeVisible();
    // The token field is write-only: nothing on the page contains the token.
    expect(await page.content()).not.toContain(info.tokens.plus!);

    // Rename, then remove with confirmation (and its local data): back on the demo profile.
    await page.getByTestId('manage-profiles').click();
    const dialog2 = page.getByTestId('profiles-dialog');
    await dialog2.getByRole('button', { name: /Umbenennen|Rename/ }).click();
    await dialog2.getByRole('textbox', { name: /Name des Profils|Profile name/ }).fill('Kanzlei Umbenannt');
    await dialog2.getByRole('button', { name: /Speichern|Save/ }).click();
    await expect(dialog2).toContainText('Kanzlei Umbenannt');
    await app.screenshot('profiles');
    await dialog2.getByTestId('profile-remove').click();
    await dialog2.getByRole('checkbox').check();
    await dialog2.getByTestId('confirm-remove').click();
    await expect(dialog2.getByTestId('profile-row')).toHaveCount(1);
    await expect(page.getByTestId('profile-select')).toHaveValue('demo');
    await dialog2.getByRole('button', { name: /Schließen|Close/ }).click();
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('storage')).toContainText('MB');
    await page.getByTestId('sync-interval').selectOption('360');
    await expect(page.getByTestId('sync-interval')).toHaveValue('360');
    expect(JSON.parse(readFileSync(join(harness.dataDir, 'settings.json'), 'utf8'))).toEqual({
      syncIntervalMin: 360,
    });
    await app.screenshot('settings');
  } finally {
    await svc.stop();
  }
});
