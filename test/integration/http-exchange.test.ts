// The service's answers through Node's HTTP client (main/api/http-exchange.ts, the door's
// readBodyBounded): what fetch did for the sync before (issue 46) must still hold — compressed answers
// read, an answer cut before its end an error (never a shorter page), a silent service a timeout, a
// cancel a cancel, connections kept open between requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../main/api/client';

const page = JSON.stringify({
  unit: 'kWh',
  data: [
    {
      timestamp: '2026-11-01T00:00:00+01:00',
      value: 0.25,
      obis_code: '1-1:1.8.0',
      quality: 1,
      updated_at: '2026-11-02T06:00:00+01:00',
    },
  ],
  has_more: false,
});
const packed: Record<string, Buffer> = {
  gzip: gzipSync(page),
  deflate: deflateSync(page),
  br: brotliCompressSync(page),
};

let base = '';
const sockets = new Set<Socket>();
const server = createServer((req: IncomingMessage, res: ServerResponse): void => {
  const kind = decodeURIComponent(req.url!.split('/')[4] ?? '');
  if (kind in packed) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': kind });
    res.end(packed[kind]);
  } else if (kind === 'cut') {
    // Announces the whole page, sends half of it, and closes.
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(page.length) });
    res.write(page.slice(0, page.length >> 1));
    setTimeout(() => res.socket?.destroy(), 20);
  } else if (kind !== 'silent') {
    // 'silent' never answers.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(page);
  }
});
server.on('connection', (s) => sockets.add(s));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const client = (o: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  createApiClient({ baseUrl: base, team: 't', token: 'x'.repeat(20), maxRetries: 0, timeoutMs: 5000, ...o });

describe('answers through Node’s HTTP client', () => {
  it.each(['gzip', 'deflate', 'br', 'plain'])('reads a %s answer as the page it is', async (kind) => {
    const p = await client().feed(kind, null);
    expect(p.readings.rows()).toEqual([
      {
        startSec: Date.parse('2026-10-31T23:00:00Z') / 1000,
        endSec: Date.parse('2026-10-31T23:15:00Z') / 1000,
        value: 0.25,
        unit: 'kWh',
        obisCode: '1-1:1.8.0',
        quality: 1,
        updatedSec: Date.parse('2026-11-02T05:00:00Z') / 1000,
      },
    ]);
    expect(p.more).toBe(false);
  });

  it('keeps the connection open between requests', async () => {
    const before = sockets.size;
    const api = client();
    for (let i = 0; i < 5; i++) await api.feed('plain', null);
    expect(sockets.size - before).toBeLessThanOrEqual(1);
  });

  it('calls an answer cut before its end an error, never a shorter page', async () => {
    await expect(client().feed('cut', null)).rejects.toThrow(/Cannot reach the service/);
  });

  it('gives up on a silent service after its timeout, saying so', async () => {
    await expect(client({ timeoutMs: 300 }).feed('silent', null)).rejects.toThrow(/no answer within/);
  });

  it('stops a request when the sync is cancelled', async () => {
    const ctl = new AbortController();
    const p = client({ signal: ctl.signal }).feed('silent', null);
    setTimeout(() => ctl.abort(), 100);
    await expect(p).rejects.toMatchObject({ code: 'cancelled' });
  });
});
