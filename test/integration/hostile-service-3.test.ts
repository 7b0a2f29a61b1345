// Hardening round 3 (issue 32) on the service's door: cursors, text, meter lists and answers have
// bounds; the service's clock is believed a day ahead at most; a base URL never carries credentials.
// Each case is the real demo service behind a proxy that rewrites one kind of answer.
import { describe, expect, it } from 'vitest';
import { createApiClient, jsonShapeIssue } from '../../main/api/client';
import { TEXT_CAPS } from '../../common/rules';
import { demo } from './helpers';
import { hostileService, type Rewrite } from './hostile-service';
import { localReadings, syncCore } from './sync-helpers';

const isFeed = (path: string) => /^\/api\/v1\/smart-meters\/[^/]+\/data$/.test(path);
const isMeterList = (path: string) => /^\/api\/v1\/teams\/[^/]+\/meters$/.test(path);

async function against(rewrite: Rewrite) {
  const svc = await demo({ years: 0.05 });
  const hostile = await hostileService(svc, rewrite);
  const c = syncCore(svc, { baseUrl: hostile.baseUrl, maxRetries: 0 });
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

describe('cursors have a length cap (bug 2)', () => {
  it('stops each meter with a clear error on a 20 MB cursor, and stores neither it nor its page', async () => {
    const huge = 'c'.repeat(20 * 1024 * 1024);
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path)) return undefined;
      const u = await upstream();
      return { status: 200, headers: u.headers, body: { ...(u.json as object), next_cursor: huge } };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBeGreaterThan(0);
      for (const e of r.errors) expect(e.message).toMatch(/cursor has 20971520 characters \(at most 2048\)/);
      const feedRequests = t.hostile.requests.filter((x) => isFeed(x.split(' ')[1]!.split('?')[0]!));
      expect(feedRequests.length).toBe(r.errors.length); // one page per meter, then the stop
      const cursors = t.c.db.prepare('SELECT max(length(cursor)) AS n FROM sync_state').get() as {
        n: number | null;
      };
      expect(cursors.n ?? 0).toBeLessThanOrEqual(TEXT_CAPS.cursor);
    } finally {
      await t.stop();
    }
  });

  it('drops a too-long cursor an older version stored, instead of sending it back', async () => {
    const t = await against(() => undefined);
    try {
      await t.c.sync.syncAll();
      const meter = (
        t.c.db.prepare('SELECT meter_id FROM sync_state WHERE cursor IS NOT NULL').get() as {
          meter_id: string;
        }
      ).meter_id;
      t.c.db.prepare('UPDATE sync_state SET cursor = ? WHERE meter_id = ?').run('x'.repeat(100_000), meter);
      expect(t.c.account.syncStateOf(meter).cursor).toBeNull();
      t.hostile.requests.length = 0;
      const r = await t.c.sync.syncAll();
      expect(r.errors).toEqual([]);
      expect(t.hostile.requests.every((x) => x.length < 4000)).toBe(true);
    } finally {
      await t.stop();
    }
  });
});

describe('service text has caps (bug 6)', () => {
  it('refuses a meter list whose metering point is 5 MB, holds escape sequences or starts like a formula, with a clear message', async () => {
    for (const [bad, why] of [
      ['AT'.repeat(2_500_000), /metering_point has 5000000 characters \(at most 64\)/],
      ['AT001\u001b[2J\u0007', /metering_point holds control characters/],
      ['=HYPERLINK("http://evil.example")', /metering_point starts with "=", as a spreadsheet formula does/],
    ] as const) {
      const t = await against(async (req, upstream) => {
        if (!isMeterList(req.path)) return undefined;
        const u = await upstream();
        const list = u.json as { data: Record<string, unknown>[] };
        list.data[0]!.metering_point = bad;
        return { status: 200, headers: u.headers, body: list };
      });
      try {
        const err = (await t.c.sync.syncAll().catch((e: Error) => e)) as Error;
        expect(err.message).toMatch(why);
        expect(err.message.length).toBeLessThan(400);
        expect(localReadings(t.c.db).size).toBe(0);
      } finally {
        await t.stop();
      }
    }
  });

  it('cleans labels and status words of control characters and cuts them to their caps', async () => {
    const t = await against(async (req, upstream) => {
      if (!isMeterList(req.path)) return undefined;
      const u = await upstream();
      const list = u.json as { data: Record<string, unknown>[] };
      list.data[0]!.label = `\u001b[31mRed\u001b[0m\u202eevil\n${'L'.repeat(10_000)}`;
      return { status: 200, headers: u.headers, body: list };
    });
    try {
      const meters = await t.c.api.listMeters();
      const label = meters[0]!.label!;
      expect(label.startsWith('Red evil LLL')).toBe(true);
      expect(label.length).toBe(TEXT_CAPS.label);
      // eslint-disable-next-line no-control-regex -- none may remain
      expect(label).not.toMatch(/[\u0000-\u001f\u202e]/);
    } finally {
      await t.stop();
    }
  });
});

describe('bounded meter lists and answers (weaknesses)', () => {
  it('stops at once on a meter list of 50 000 meters, without syncing any', async () => {
    const t = await against(async (req, upstream) => {
      if (!isMeterList(req.path)) return undefined;
      const u = await upstream();
      const m0 = (u.json as { data: Record<string, unknown>[] }).data[0]!;
      const data = Array.from({ length: 50_000 }, (_, i) => ({
        ...m0,
        id: `m${i}`,
        metering_point: `AT${i}`,
      }));
      return { status: 200, headers: u.headers, body: { data } };
    });
    try {
      await expect(t.c.sync.syncAll()).rejects.toThrow(/more than 10000 meters/);
      expect(t.hostile.requests.length).toBeLessThan(5);
    } finally {
      await t.stop();
    }
  });

  it('refuses an answer of 20 M empty objects or deep arrays before parsing it', async () => {
    expect(jsonShapeIssue(`{"data":[],"x":[${'{},'.repeat(300_000)}{}]}`)).toMatch(/objects and arrays/);
    expect(jsonShapeIssue(`{"data":[],"x":${'['.repeat(300_000)}${']'.repeat(300_000)}}`)).toMatch(
      /objects and arrays/,
    );
    expect(jsonShapeIssue(`{"data":[],"x":[${'1,'.repeat(2_000_000)}1]}`)).toMatch(/values/);
    expect(jsonShapeIssue('{"data":[{"timestamp":"x","value":1}],"next_cursor":"a"}')).toBeNull();
    const body = `{"data":[],"x":[${'{},'.repeat(20_000_000)}{}]}`; // 60 MB, under the 64 MB cap
    const t = await against((req) =>
      isFeed(req.path) ? { status: 200, headers: { 'content-type': 'application/json' }, body } : undefined,
    );
    try {
      const before = process.memoryUsage().rss;
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBeGreaterThan(0);
      for (const e of r.errors) expect(e.message).toMatch(/more than \d+ objects and arrays/);
      expect(process.memoryUsage().rss - before).toBeLessThan(1024 * 1024 * 1024);
    } finally {
      await t.stop();
    }
  });
});

describe("the service's clock is believed a day ahead at most (weakness)", () => {
  it('refuses an updated_at 300 days ahead even when the Date header says 360 days ahead', async () => {
    const ahead = (days: number) => new Date(Date.now() + days * 86_400_000);
    const t = await against(async (req, upstream) => {
      if (!isFeed(req.path)) return undefined;
      const u = await upstream();
      const p = u.json as { data: Record<string, unknown>[] };
      if (p.data.length === 0) return undefined;
      p.data[0]!.updated_at = ahead(300).toISOString();
      return { status: 200, headers: { ...u.headers, date: ahead(360).toUTCString() }, body: p };
    });
    try {
      const r = await t.c.sync.syncAll();
      expect(r.errors.length).toBeGreaterThan(0);
      for (const e of r.errors) expect(e.message).toMatch(/updated_at .* is in the future/);
      const max = t.c.db.prepare('SELECT max(updated_sec) AS m FROM readings').get() as { m: number | null };
      expect(max.m ?? 0).toBeLessThan(Date.now() / 1000 + 86_400);
    } finally {
      await t.stop();
    }
  });
});

describe('credentials in a base URL (weakness)', () => {
  it('refuses the URL and never repeats the password', () => {
    let message = '';
    try {
      createApiClient({ baseUrl: 'https://user:s3cret@api.example.at', team: 't', token: 'x'.repeat(20) });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/must not hold a user name or password/);
    expect(message).not.toMatch(/s3cret|user:/);
  });
});
