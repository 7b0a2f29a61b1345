// The app shell in Chromium through the harness: renders, the contract round-trips, and the bridge
// refuses connections without the run token.
import WebSocket from 'ws';
import { channelNames } from '../../preload/contract';
import { expect, test } from './fixtures';

test('the app shell renders and a call round-trips through the contract', async ({ app, page }) => {
  await app.open();
  await expect(page.getByRole('heading', { name: 'Meterdesk' })).toBeVisible();
  const info = await page.evaluate(() => window.meterdesk!.app.info());
  expect(info).toMatchObject({ ok: true, data: { name: 'Meterdesk', shell: 'harness' } });
  const exposed = await page.evaluate(() => [...window.meterdesk!.channels].sort());
  expect(exposed).toEqual([...channelNames].sort());
  const invalid = await page.evaluate(() =>
    window.meterdesk!.readings.series({ meterId: '', obisCode: 'x', fromSec: 5, toSec: 1 } as never),
  );
  expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  await app.waitForSynced();
  await app.screenshot('app-shell');
});

test('the bridge WebSocket refuses a connection without the run token or from another origin', async ({
  harness,
}) => {
  const wsUrl = harness.url.replace('http', 'ws') + '__harness/ws';
  const attempt = (url: string, origin?: string) =>
    new Promise<string>((resolve) => {
      const ws = new WebSocket(url, origin ? { origin } : {});
      ws.on('open', () => {
        ws.close();
        resolve('open');
      });
      ws.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
      ws.on('error', (e) => resolve(`error ${e.message}`));
    });
  expect(await attempt(wsUrl, harness.url.slice(0, -1))).toBe('refused 403');
  expect(await attempt(`${wsUrl}?token=wrong`, harness.url.slice(0, -1))).toBe('refused 403');
  // Even with the right token, another origin is refused: read the token the page gets.
  const js = await (await fetch(harness.url + '__harness/bridge.js')).text();
  const token =
    /token=\$\{encodeURIComponent\("([^"]+)"\)/.exec(js)?.[1] ?? /"([A-Za-z0-9_-]{32})"/.exec(js)?.[1];
  expect(token).toBeTruthy();
  expect(await attempt(`${wsUrl}?token=${token}`, 'http://evil.example')).toBe('refused 403');
  expect(await attempt(`${wsUrl}?token=${token}`, harness.url.slice(0, -1))).toBe('open');
});
