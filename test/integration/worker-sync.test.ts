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
