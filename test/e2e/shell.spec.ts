// The app shell in Chromium through the harness: renders, the contract round-trips, and the bridge
// refuses connections without the ticket of a page load.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

test('the page only at its keyed URL; the bridge only with the ticket of a page load, once, from the page origin; bridge.js holds no secret', async ({
  harness,
}) => {
  const page = new URL(harness.url).origin;
  const wsUrl = page.replace('http', 'ws') + '/__harness/ws';
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
  const ticketOfPageLoad = async () =>
    /name="meterdesk-bridge-ticket" content="([^"]+)"/.exec(await (await fetch(harness.url)).text())![1]!;
  expect(await attempt(wsUrl, page)).toBe('refused 403');
  expect(await attempt(`${wsUrl}?ticket=wrong`, page)).toBe('refused 403');
  // The run token (test hooks) is not a ticket, and bridge.js carries neither.
  const runToken = readFileSync(join(harness.dataDir, 'harness-token'), 'utf8');
  expect(statSync(join(harness.dataDir, 'harness-token')).mode & 0o077).toBe(0);
  expect(await attempt(`${wsUrl}?ticket=${runToken}&token=${runToken}`, page)).toBe('refused 403');
  const js = await (await fetch(page + '/__harness/bridge.js')).text();
  expect(js).not.toContain(runToken);
  expect(js).not.toMatch(/"[A-Za-z0-9_-]{32}"/);
  // Another origin is refused even with a fresh ticket (and the ticket is spent).
  const t1 = await ticketOfPageLoad();
  expect(await attempt(`${wsUrl}?ticket=${t1}`, 'http://evil.example')).toBe('refused 403');
  expect(await attempt(`${wsUrl}?ticket=${t1}`, page)).toBe('refused 403');
  // A page load's ticket opens one connection, once.
  const t2 = await ticketOfPageLoad();
  expect(await attempt(`${wsUrl}?ticket=${t2}`, page)).toBe('open');
  expect(await attempt(`${wsUrl}?ticket=${t2}`, page)).toBe('refused 403');
  // Without the page key a local process gets no page, so no ticket (a forged Origin does not help).
  for (const url of [`${page}/`, `${page}/index.html`, `${page}/?key=wrong`]) {
    const res = await fetch(url, { headers: { origin: page } });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toMatch(/meterdesk-bridge-ticket/);
  }
});

test('the bridge outlives hostile frames: `null`, a number, an array, a frame over its limit (issue 61)', async ({
  harness,
}) => {
  const page = new URL(harness.url).origin;
  const wsUrl = page.replace('http', 'ws') + '/__harness/ws';
  const ticketOfPageLoad = async () =>
    /name="meterdesk-bridge-ticket" content="([^"]+)"/.exec(await (await fetch(harness.url)).text())![1]!;
  const connect = async () => {
    const ws = new WebSocket(`${wsUrl}?ticket=${await ticketOfPageLoad()}`, { origin: page });
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    return ws;
  };
  /** A request's answer: the harness still dispatches. */
  const ask = (ws: WebSocket) =>
    new Promise<unknown>((resolve) => {
      ws.on('message', (m) => {
        const msg = JSON.parse(String(m)) as { id?: number; result?: unknown };
        if (msg.id === 7) resolve(msg.result);
      });
      ws.send(JSON.stringify({ id: 7, channel: 'app:info', input: {} }));
    });
  const ws = await connect();
  for (const frame of ['null', '42', '[1,2]', '"x"', '{"id":"1"}']) ws.send(frame);
  expect(await ask(ws)).toMatchObject({ ok: true, data: { name: 'Meterdesk' } });
  // A frame whose header claims 100 MB (the limit is 96 MB): the header alone, written on the socket
  // (masked, as a client's must be). The harness closes this connection (1009) and goes on.
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const header = Buffer.alloc(14);
  header[0] = 0x82; // FIN, binary
  header[1] = 0x80 | 127; // masked, 64-bit length
  header.writeBigUInt64BE(100n * 1024n * 1024n, 2);
  (ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(header);
  expect(await closed).toBe(1009);
  expect(harness.process.exitCode).toBeNull();
  const again = await connect();
  expect(await ask(again)).toMatchObject({ ok: true, data: { name: 'Meterdesk' } });
  again.close();
});
