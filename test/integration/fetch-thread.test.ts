// The sync's download thread: pages crossing the thread boundary as transferred columns must arrive
// exactly as the direct client reads them, errors keep their class, code and status, and a thread
// that dies fails only the requests it held — against the real demo service over HTTP.
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../main/api/client';
import { AppError } from '../../main/errors';
import { withFetchThread } from '../../main/sync/fetch-thread';
import { admin, demo } from './helpers';

/** The demo service, a direct client and a client whose downloads run in a fetch thread. */
async function setup(years: number) {
  const svc = await demo({ years });
  const conn = {
    baseUrl: svc.info.base_url,
    team: svc.info.team,
    token: svc.info.tokens.pro!,
    baseDelayMs: 5,
    maxDelayMs: 50,
  };
  const direct = createApiClient(conn);
  const rateLimits: number[] = [];
  const threaded = withFetchThread(createApiClient(conn), conn, (r) => rateLimits.push(r.remaining));
  const stop = async () => {
    await threaded.close();
    await svc.stop();
  };
  return { svc, direct, threaded, rateLimits, stop };
}

describe('downloads in a fetch thread', () => {
  it('gives the same feed pages and window reads as the direct client, and reports rate limits', async () => {
    const { svc, direct, threaded, rateLimits, stop } = await setup(0.1);
    try {
      await threaded.ready(); // started ahead of the first download, as the sync worker does
      const meters = (await direct.listMeters()).filter((m) => m.status === 'connected');
      expect(meters.length).toBeGreaterThan(1);
      for (const m of meters.slice(0, 3)) {
        let cursor: string | null = null;
        for (let page = 0; page < 3; page++) {
          const a = await direct.feed(m.id, cursor, { limit: 700 });
          const b = await threaded.api.feed(m.id, cursor, { limit: 700 });
          expect(b).toEqual(a);
          expect(a.readings.length).toBeGreaterThan(0);
          if (a.more !== true) break;
          cursor = a.nextCursor;
        }
        const to = svc.state.nowSec;
        const w1 = await direct.windowRead(m.id, to - 3 * 86_400, to, { limit: 100 });
        const w2 = await threaded.api.windowRead(m.id, to - 3 * 86_400, to, { limit: 100 });
        expect(w2).toEqual(w1);
        expect(w2.more).toBe(true);
      }
      // Registers of one quarter-hour arrive together; a page holds several, each kept apart.
      const page = await threaded.api.feed(meters[0]!.id, null, { limit: 400 });
      expect(new Set(page.readings.map((r) => r.obisCode)).size).toBeGreaterThan(1);
      expect(page.readings.every((r) => r.unit === 'kWh')).toBe(true);
      expect(rateLimits.length).toBeGreaterThan(0);
      expect(threaded.api.rateLimit).toMatchObject({ limit: expect.any(Number) });
    } finally {
      await stop();
    }
  });

  it('passes errors through as ApiErrors with code and status (an expired cursor stays a 422)', async () => {
    const { svc, direct, threaded, stop } = await setup(0.05);
    try {
      const meter = (await direct.listMeters()).find((m) => m.status === 'connected')!;
      const first = await threaded.api.feed(meter.id, null, { limit: 100 });
      await admin(svc, 'POST', '/cursors/expire');
      const expired = await threaded.api.feed(meter.id, first.nextCursor).catch((e: unknown) => e);
      expect(expired).toBeInstanceOf(ApiError);
      expect(expired).toMatchObject({ status: 422, code: 'invalid_input' });
      const missing = await threaded.api.feed('no-such-meter', null).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(ApiError);
      expect(missing).toMatchObject({ status: 404, code: 'not_found' });
      expect((missing as Error).message).toBe(
        ((await direct.feed('no-such-meter', null).catch((e: unknown) => e)) as Error).message,
      );
    } finally {
      await stop();
    }
  });

  it('fails the requests a dying thread held, and serves the next request from a new thread', async () => {
    const { direct, threaded, stop } = await setup(0.1);
    try {
      const meter = (await direct.listMeters()).find((m) => m.status === 'connected')!;
      const held = threaded.api.feed(meter.id, null, { limit: 10_000 }).catch((e: unknown) => e);
      await threaded.close();
      const err = await held;
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'internal' });
      expect((err as Error).message).toMatch(/download thread .* stopped.*Sync again/);
      const again = await threaded.api.feed(meter.id, null, { limit: 500 });
      expect(again).toEqual(await direct.feed(meter.id, null, { limit: 500 }));
    } finally {
      await stop();
    }
  });
});
