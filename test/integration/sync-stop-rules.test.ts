// The sync follows pages by what they say, never by what they omit, and checks what it got: against a
// misbehaving service (the real demo service behind a proxy that rewrites chosen answers).
import { describe, expect, it } from 'vitest';
import { demo } from './helpers';
import { hostileService, type Rewrite } from './hostile-service';
import { diff, localReadings, serviceReadings, syncCore } from './sync-helpers';

const isFeed = (path: string) => /^\/api\/v1\/smart-meters\/[^/]+\/data$/.test(path);
const isWindow = (path: string) => /^\/api\/v1\/teams\/[^/]+\/meters\/[^/]+\/data$/.test(path);
const meterOf = (path: string) => path.split('/')[4]!;

async function against(rewrite: Rewrite, o: { years?: number; pageSize?: number } = {}) {
  const svc = await demo({ years: o.years ?? 0.15 });
  const hostile = await hostileService(svc, rewrite);
  const c = syncCore(svc, { baseUrl: hostile.baseUrl, pageSize: o.pageSize ?? 1000, maxRetries: 1 });
  return {
    svc,
    hostile,
    c,
    feedRequests: () => hostile.requests.filter((r) => isFeed(r.split(' ')[1]!.split('?')[0]!)).length,
    stop: async () => {
      c.db.close();
      await hostile.stop();
      await svc.stop();
    },
  };
}

describe('the sync follows pages by what they say', () => {
  it('follows feed pages in the data_window envelope (is_truncated, no has_more) to the end', async () => {
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path)) return undefined;
      const u = await upstream();
      const p = u.json as { data: unknown[]; next_cursor: string; has_more: boolean };
      return {
        status: u.status,
        headers: u.headers,
        body: {
          object: 'data_window',
          data: p.data,
          is_truncated: p.has_more,
          ...(p.data.length > 0 ? { next_cursor: p.next_cursor } : {}),
        },
      };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors).toEqual([]);
      expect(r.warnings).toEqual([]);
      expect(diff(localReadings(t.c.db), serviceReadings(t.svc))).toEqual([]);
      expect(t.feedRequests()).toBeGreaterThan(7 * 3);
    } finally {
      await t.stop();
    }
  });

  it('reports and fills a shortfall: a feed that silently leaves readings out is caught by the check', async () => {
    let dropped = 0;
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path) || !req.url.searchParams.has('cursor')) return undefined;
      const u = await upstream();
      const p = u.json as { data: { timestamp: string; updated_at: string }[] };
      // Some pages lose the first deliveries in their second half, without a word. (Only first
      // deliveries: a revision left out changes no count, and counts are what the check compares.)
      if (dropped < 7 && p.data.length > 100 && req.n % 3 === 0) {
        dropped += 1;
        const half = p.data.length / 2;
        const firstDelivery = (r: { timestamp: string; updated_at: string }) =>
          Date.parse(r.updated_at) - Date.parse(r.timestamp) < 1.5 * 86_400_000;
        return {
          status: u.status,
          headers: u.headers,
          body: { ...p, data: p.data.filter((r, i) => i < half || !firstDelivery(r)) },
        };
      }
      return undefined;
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(dropped).toBeGreaterThan(0);
      expect(r.errors).toEqual([]);
      const missing = r.warnings.filter((w) => w.kind === 'missing');
      expect(missing.length).toBeGreaterThan(0);
      for (const w of missing) {
        expect(w.serviceReadings).toBeGreaterThan(w.localReadings);
        expect(w.fetched).toBe(w.serviceReadings! - w.localReadings);
        expect(w.message).toMatch(
          /The service has \d+ readings for .*, the sync had brought \d+; the check fetched \d+/,
        );
      }
      // Stored per meter for the UI.
      const stored = t.c.db
        .prepare('SELECT count(*) AS n FROM sync_state WHERE last_warning IS NOT NULL')
        .get() as { n: number };
      expect(stored.n).toBe(new Set(missing.map((w) => w.meterId)).size);
      // Nothing is missing once the check has filled it in; the next sync finds nothing to report.
      expect(diff(localReadings(t.c.db), serviceReadings(t.svc))).toEqual([]);
      const again = await t.c.sync.syncAll();
      expect(again.warnings).toEqual([]);
    } finally {
      await t.stop();
    }
  });

  it('stops a meter whose feed cursor does not move after a page with readings, and says so', async () => {
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path) || !req.url.searchParams.has('cursor')) return undefined;
      const u = await upstream();
      const p = u.json as { data: unknown[]; next_cursor: string; has_more: boolean };
      return {
        status: u.status,
        headers: u.headers,
        body: { ...p, next_cursor: req.url.searchParams.get('cursor'), has_more: true },
      };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(
        /cursor did not move after a page of \d+ readings; stopped this meter so as not to loop/,
      );
      // Two pages per meter at most (the one that handed the cursor out, the one that repeated it) and a prefetch.
      expect(t.feedRequests()).toBeLessThanOrEqual(7 * 4);
    } finally {
      await t.stop();
    }
  });

  it('stops a meter whose feed cursor comes back to one handed out before', async () => {
    const handedOut = new Map<string, string[]>();
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path)) return undefined;
      const u = await upstream();
      const p = u.json as { data: unknown[]; next_cursor: string };
      const seen = handedOut.get(meterOf(req.path)) ?? [];
      handedOut.set(meterOf(req.path), seen);
      // From the third page on, the service hands out its first cursor again.
      const next = seen.length >= 2 ? seen[0]! : p.next_cursor;
      seen.push(next);
      return { status: u.status, headers: u.headers, body: { ...p, next_cursor: next, has_more: true } };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(/came back to one handed out before/);
      expect(t.feedRequests()).toBeLessThanOrEqual(7 * 5);
    } finally {
      await t.stop();
    }
  });

  it('stops a meter whose page has readings but neither a cursor nor a word about more', async () => {
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path)) return undefined;
      const u = await upstream();
      const p = u.json as { unit: string; data: unknown[] };
      return { status: u.status, headers: u.headers, body: { unit: p.unit, data: p.data } };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(
        /without a cursor to continue from, so Meterdesk cannot tell whether more follow/,
      );
    } finally {
      await t.stop();
    }
  });

  it('tries each first-sync fallback once, then stops with an error naming both refusals', async () => {
    const t = await against((req) =>
      isFeed(req.path) && !req.url.searchParams.has('cursor')
        ? {
            status: 400,
            headers: { 'content-type': 'application/json' },
            body: { error: { code: 'bad_request', message: `no: ${req.url.search}` } },
          }
        : undefined,
    );
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(
        /refused both ways to start its change feed: without a cursor .* and as a window read with from, to and order=asc/,
      );
      // Per meter: the feed without a cursor, then one window read on the feed endpoint.
      expect(t.feedRequests()).toBe(7 * 2);
      const window = t.hostile.requests.find((x) => x.includes('order=asc') && x.includes('/smart-meters/'))!;
      expect(window).toMatch(/from=.*&to=.*&order=asc/);
    } finally {
      await t.stop();
    }
  });

  it('re-baselines an expired cursor once per run; a second refusal is an error, not a loop', async () => {
    const svc = await demo({ years: 0.15 });
    const first = syncCore(svc);
    await first.sync.syncAll();
    const hostile = await hostileService(svc, (req) =>
      isFeed(req.path) && req.url.searchParams.has('cursor')
        ? {
            status: 422,
            headers: { 'content-type': 'application/json' },
            body: { error: { code: 'validation_failed', message: 'expired' } },
          }
        : undefined,
    );
    const c = syncCore(svc, { baseUrl: hostile.baseUrl, path: first.path, pageSize: 1000 });
    try {
      await svc.advanceDays(1);
      const r = await c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(
        /refused the change feed's cursor again right after a re-baseline/,
      );
      const withCursor = hostile.requests.filter(
        (x) => isFeed(x.split(' ')[1]!.split('?')[0]!) && x.includes('cursor='),
      );
      expect(withCursor.length).toBeLessThanOrEqual(7 * 3);
    } finally {
      first.db.close();
      c.db.close();
      await hostile.stop();
      await svc.stop();
    }
  });

  it('stops a window read that says it is truncated but hands out the same cursor again', async () => {
    const firstPages = new Map<string, unknown>();
    const t = await against(async (req, upstream) => {
      if (!isWindow(req.path)) return undefined;
      // Every page of a window is its first page again, saying more follow, with the same cursor.
      const key = req.path + req.url.searchParams.get('from');
      if (!firstPages.has(key)) {
        const p = (await upstream()).json as { data: unknown[]; meta: Record<string, unknown> };
        firstPages.set(key, { ...p, meta: { ...p.meta, is_truncated: true, next_cursor: 'd2xvb3A' } });
      }
      return { status: 200, body: firstPages.get(key) };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBe(7);
      expect(r.errors[0]!.message).toMatch(/handed out a cursor it had handed out before/);
      expect(
        t.hostile.requests.filter((x) => isWindow(x.split(' ')[1]!.split('?')[0]!)).length,
      ).toBeLessThanOrEqual(7 * 2);
    } finally {
      await t.stop();
    }
  });

  it('reads a window the service cut without saying so (fewer readings than its total) again in halves', async () => {
    const t = await against(async (req, upstream) => {
      if (!isWindow(req.path)) return undefined;
      const u = await upstream();
      const p = u.json as { data: unknown[]; meta: Record<string, unknown> };
      // A spec-like service: no pagination fields, and it quietly stops after 500 readings.
      const { is_truncated: _t, next_cursor: _n, ...meta } = p.meta;
      return { status: u.status, headers: u.headers, body: { data: p.data.slice(0, 500), meta } };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors).toEqual([]);
      expect(r.warnings).toEqual([]);
      expect(diff(localReadings(t.c.db), serviceReadings(t.svc))).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
