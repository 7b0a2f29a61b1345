// The cursor sync in its worker thread (as the app runs it): same data as the service, events back on
// this thread, errors with their codes, cancel and close — against the real demo service and a real file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import type { DemoService } from '../../main/demo/service';
import { AppError } from '../../main/errors';
import type { SyncProgress } from '../../main/sync/sync-service';
import { createWorkerSync, type WorkerSyncOptions } from '../../main/sync/worker-sync';
import { DEFAULT_TZ } from '../../main/time/local-days';
import { generations } from '../../main/demo/generations';
import { admin, demo } from './helpers';
import { diff, localReadings, serviceReadings } from './sync-helpers';
import { digest, storeAllAsRows } from '../readings-fixture';

function workerCore(svc: DemoService, o: Partial<WorkerSyncOptions> = {}) {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'md-worker-')), 'meterdesk.sqlite');
  const db = openDatabase(dbPath);
  const progress: SyncProgress[] = [];
  const changed = new Set<string>();
  const rateLimits: number[] = [];
  const sync = createWorkerSync({
    dbPath,
    tz: DEFAULT_TZ,
    connection: { baseUrl: svc.info.base_url, team: svc.info.team, token: svc.info.tokens.pro! },
    apiOptions: { baseDelayMs: 5, maxDelayMs: 50 },
    onProgress: (p) => progress.push(p),
    onReadingsChanged: (ids) => ids.forEach((id) => changed.add(id)),
    onRateLimit: (r) => rateLimits.push(r.remaining),
    ...o,
  });
  /** Closes the worker, the file and the service (each test's `finally`). */
  const stop = async () => {
    await sync.close();
    db.close();
    await svc.stop();
  };
  return { db, dbPath, sync, progress, changed, rateLimits, stop };
}

describe.each(generations)('sync in a worker thread against the %s contract', (contract) => {
  it('copies the service exactly while this thread reads the same file, and reports back', async () => {
    const svc = await demo({ years: 0.3, contract });
    const c = workerCore(svc);
    try {
      await c.sync.ready();
      const running = c.sync.syncAll();
      expect(c.sync.isRunning()).toBe(true);
      await expect(c.sync.syncAll()).rejects.toMatchObject({ code: 'conflict' });
      // Reads on this thread go on while the worker writes (WAL): they never fail or block for long.
      let reads = 0;
      while (c.sync.isRunning()) {
        c.db.prepare('SELECT count(*) AS n FROM readings').get();
        reads += 1;
        await new Promise((r) => setTimeout(r, 5));
      }
      const summary = await running;
      expect(summary.errors).toEqual([]);
      expect(summary.warnings).toEqual([]);
      expect(reads).toBeGreaterThan(0);

      const stats = (await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings;
      const local = localReadings(c.db);
      expect(local.size).toBe(stats);
      // Written = new + revised (the feed brings a revised reading again), so at least every reading.
      expect(summary.readingsWritten).toBeGreaterThanOrEqual(stats);
      expect(diff(local, await serviceReadings(svc))).toEqual([]);

      expect(c.progress.at(-1)).toMatchObject({ done: true, readings: summary.readingsWritten });
      const meterIds = (c.db.prepare('SELECT DISTINCT meter_id FROM series').all() as { meter_id: string }[])
        .map((r) => r.meter_id)
        .sort();
      expect([...c.changed].sort()).toEqual(meterIds);
      // The spec names no rate-limit headers: a spec service sends none.
      if (contract !== 'spec') expect(c.rateLimits.length).toBeGreaterThan(0);

      const again = await c.sync.syncAll();
      expect(again.readingsWritten).toBe(0);
      expect(again.errors).toEqual([]);
    } finally {
      await c.stop();
    }
  });
});

describe('sync in a worker thread', () => {
  it('fills in the day blocks of days synced before migrations 0003 and 0007, in the background', async () => {
    const svc = await demo({ years: 0.3 });
    const c = workerCore(svc);
    let second: ReturnType<typeof createWorkerSync> | null = null;
    try {
      await c.sync.ready();
      await c.sync.syncAll();
      await c.sync.close();
      const blocks = () =>
        c.db
          .prepare(
            'SELECT series_id, day, packed, block_source, block_updated_sec FROM daily_rollups ORDER BY 1, 2',
          )
          .all();
      const synced = blocks();
      const readings = digest(c.db);
      expect(
        c.db.prepare('SELECT count(*) FROM daily_rollups WHERE block_source IS NOT NULL').pluck().get(),
      ).toBeGreaterThan(50);
      // What migrations 0003 and 0007 leave in a database synced before them: every day in rows, and
      // complete days marked '?'.
      storeAllAsRows(c.db);
      const marked = c.db
        .prepare("UPDATE daily_rollups SET packed = '?' WHERE count = expected")
        .run().changes;
      expect(marked).toBeGreaterThan(50);

      second = createWorkerSync({
        dbPath: c.dbPath,
        tz: DEFAULT_TZ,
        connection: { baseUrl: svc.info.base_url, team: svc.info.team, token: svc.info.tokens.pro! },
        onProgress: () => {},
        onReadingsChanged: () => {},
        onRateLimit: () => {},
      });
      await second.ready();
      const pending = c.db.prepare("SELECT count(*) FROM daily_rollups WHERE packed = '?'").pluck();
      for (let i = 0; i < 200 && (pending.get() as number) > 0; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(pending.get()).toBe(0);
      expect(blocks()).toEqual(synced);
      expect(digest(c.db)).toEqual(readings);
    } finally {
      await second?.close();
      c.db.close();
      await svc.stop();
    }
  });

  it('passes the service errors through with their codes and messages', async () => {
    const svc = await demo({ years: 0.1 });
    const bad = workerCore(svc, {
      connection: { baseUrl: svc.info.base_url, team: svc.info.team, token: 'md_not_a_token' },
    });
    try {
      const err = await bad.sync.syncAll().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'unauthenticated' });
      expect((err as Error).message).toMatch(/rejected the API token.*Data → API Tokens/);
      expect((err as Error).message).not.toContain('md_not_a_token');
    } finally {
      await bad.stop();
    }
  });

  it('cancels a running sync, keeps every committed page, survives a dead thread, and refuses work after close', async () => {
    const svc = await demo({ years: 0.5 });
    const c = workerCore(svc, { pageSize: 1000 });
    try {
      const running = c.sync.syncAll().catch((e: unknown) => e);
      while (c.progress.length < 3) await new Promise((r) => setTimeout(r, 5));
      expect(c.sync.cancel()).toBe(true);
      const err = await running;
      expect(err).toMatchObject({ code: 'cancelled' });
      const n = (c.db.prepare('SELECT count(*) AS n FROM readings').get() as { n: number }).n;
      expect(n).toBeGreaterThan(0);
      // Every committed page left its cursor: a new run resumes and completes the copy.
      const rest = await c.sync.syncAll();
      expect(rest.errors).toEqual([]);
      expect(rest.readingsWritten).toBeGreaterThan(0);
      const stats = (await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings;
      expect(localReadings(c.db).size).toBe(stats);
      expect(diff(localReadings(c.db), await serviceReadings(svc))).toEqual([]);

      // A thread that dies mid-sync fails that sync only; the next one starts a new thread.
      await svc.advanceDays(1);
      const interrupted = c.sync.syncAll().catch((e: unknown) => e);
      await c.sync.terminate();
      expect(await interrupted).toMatchObject({ code: 'internal' });
      expect(c.sync.isRunning()).toBe(false);
      const after = await c.sync.syncAll();
      expect(after.errors).toEqual([]);
      expect(localReadings(c.db).size).toBe(
        (await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings,
      );
      expect(c.db.pragma('integrity_check', { simple: true })).toBe('ok');

      await c.sync.close();
      await expect(c.sync.syncAll()).rejects.toMatchObject({ code: 'internal' });
      expect(c.sync.cancel()).toBe(false);
    } finally {
      await c.stop();
    }
  });
});
