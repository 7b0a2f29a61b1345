// The sync core against the real demo service over HTTP and real SQLite files, in every contract
// generation the service is known to speak (spec, current, ours): the same suite, parametrised.
import { describe, expect, it } from 'vitest';
import { dayNumberOf, quarterHoursInDay } from '../../main/time/local-days';
import { sqliteSyncStore } from '../../main/db/sync-store';
import { createReadingsStore } from '../../main/db/readings-store';
import { generations } from '../../main/demo/generations';
import { wireRegister } from '../../main/demo/generations';
import { UNNAMED_REGISTER } from '../../main/api/schemas';
import { createSyncService } from '../../main/sync/sync-service';
import { admin, demo } from './helpers';
import { diff, localReadings, serviceReadings, syncCore } from './sync-helpers';

describe.each(generations)('sync against the %s contract', (contract) => {
  it('copies the demo team exactly, a second sync writes nothing, and the next day brings exactly the new day and the due revisions', async () => {
    const svc = await demo({ years: 0.4, contract });
    try {
      const c = syncCore(svc);
      const first = await c.sync.syncAll();
      expect(first.errors).toEqual([]);
      expect(first.warnings).toEqual([]);
      const stats = (await admin(svc, 'GET', '/stats')).teams[svc.info.team].readings;
      const local = localReadings(c.db);
      expect(local.size).toBe(stats);
      expect(diff(local, serviceReadings(svc))).toEqual([]);
      // Every meter's synced days were checked against the service.
      expect(first.checks.map((k) => k.meterId).sort()).toEqual(
        svc.state
          .teamMeters(svc.info.team)
          .filter((m) => m.hasData)
          .map((m) => m.id)
          .sort(),
      );
      expect(first.checks.every((k) => k.fromDay !== null)).toBe(true);
      // The gas meter is gas whether the service says so (ours, current) or only its registers do (spec).
      const gas = svc.state.teamMeters(svc.info.team).find((m) => m.commodity === 'gas')!;
      expect(c.db.prepare('SELECT commodity FROM meters WHERE id = ?').get(gas.id)).toEqual({
        commodity: 'gas',
      });

      const second = await c.sync.syncAll();
      expect(second.readingsWritten).toBe(0);
      expect(second.revisions).toBe(0);
      expect(second.errors).toEqual([]);

      const revisionsBefore = (
        c.db.prepare('SELECT count(*) AS n FROM reading_revisions').get() as { n: number }
      ).n;
      await svc.advanceDays(1);
      const day = svc.state.readings.lastDeliveryDay(svc.state.nowSec);
      let expectedNew = 0;
      let expectedRevised = 0;
      for (const m of svc.state.catalog.meters.filter((x) => x.team === svc.info.team && x.hasData)) {
        for (const r of svc.state.readings.batch(m, day, svc.state.readings.opts.dataStartDay)) {
          if (r.day === day - 1 || svc.state.readings.versions(m, r.register, r.day, r.slot).length === 1)
            expectedNew += 1;
          else expectedRevised += 1;
        }
      }
      const third = await c.sync.syncAll();
      expect(third.errors).toEqual([]);
      expect(third.warnings).toEqual([]);
      expect(third.readingsWritten).toBe(expectedNew + expectedRevised);
      expect(third.revisions).toBe(expectedRevised);
      expect(expectedNew).toBeGreaterThan(quarterHoursInDay(day - 1) * 6);
      const revisionsAfter = (
        c.db.prepare('SELECT count(*) AS n FROM reading_revisions').get() as { n: number }
      ).n;
      expect(revisionsAfter - revisionsBefore).toBe(third.revisions);
      expect(diff(localReadings(c.db), serviceReadings(svc))).toEqual([]);
    } finally {
      await svc.stop();
    }
  });

  it('keeps local-day rollups with 92/96/100 quarter-hours per register on the DST change days', async () => {
    const svc = await demo({ years: 0.7, clock: '2026-04-15T12:00:00Z', meters: 9, contract });
    try {
      const c = syncCore(svc);
      expect((await c.sync.syncAll()).errors).toEqual([]);
      const meters = svc.state.teamMeters(svc.info.team).filter((m) => m.hasData);
      expect(meters.length).toBeGreaterThanOrEqual(7);
      for (const m of meters) {
        for (const register of m.registers) {
          const name = wireRegister(contract, m, register) ?? UNNAMED_REGISTER;
          const series = c.db
            .prepare('SELECT id FROM series WHERE meter_id = ? AND obis_code = ?')
            .get(m.id, name) as { id: number };
          const rollup = (key: string) =>
            c.db
              .prepare('SELECT expected, count FROM daily_rollups WHERE series_id = ? AND day = ?')
              .get(series.id, dayNumberOf(Date.parse(`${key}T12:00:00Z`) / 1000)) as {
              expected: number;
              count: number;
            };
          expect(rollup('2025-10-26'), `${m.label} ${name}`).toEqual({ expected: 100, count: 100 });
          expect(rollup('2026-03-29'), `${m.label} ${name}`).toEqual({ expected: 92, count: 92 });
          expect(rollup('2026-01-14').expected).toBe(96);
          const rows = c.db
            .prepare('SELECT count(*) AS n FROM readings WHERE series_id = ?')
            .get(series.id) as { n: number };
          const rolled = c.db
            .prepare('SELECT sum(count) AS n FROM daily_rollups WHERE series_id = ?')
            .get(series.id) as { n: number };
          expect(rolled.n).toBe(rows.n);
        }
      }
    } finally {
      await svc.stop();
    }
  });

  it('settles a cancelled sync only when every meter has stopped, so the next sync leaves none out', async () => {
    const svc = await demo({ years: 0.3, contract });
    try {
      const c = syncCore(svc, { pageSize: 500 });
      let pages = 0;
      const syncing = createSyncService({
        api: c.api,
        store: sqliteSyncStore(c.db, c.account, createReadingsStore(c.db)),
        pageSize: 500,
        concurrency: 4,
        onProgress: () => {
          if (++pages === 6) syncing.cancel();
        },
      });
      const cancelled = syncing.syncAll().catch((e: unknown) => e);
      expect(await cancelled).toMatchObject({ code: 'cancelled' });
      // No meter is still being synced once the cancelled run has settled: each one runs again now.
      const meters = (
        c.db.prepare("SELECT id FROM meters WHERE status = 'connected'").all() as { id: string }[]
      ).map((m) => m.id);
      expect(meters.length).toBeGreaterThan(3);
      // All asked at the same moment (a meter still running answers "skipped" at once).
      const again = await Promise.all(meters.map((id) => syncing.syncMeter(id)));
      expect(again.filter((r) => r.skipped)).toEqual([]);
      expect(diff(localReadings(c.db), serviceReadings(svc))).toEqual([]);
    } finally {
      await svc.stop();
    }
  });

  it('recovers from an expired cursor by re-baselining, ending with the same data', async () => {
    const svc = await demo({ years: 0.3, contract });
    try {
      const c = syncCore(svc);
      await c.sync.syncAll();
      await svc.advanceDays(2);
      await admin(svc, 'POST', '/cursors/expire');
      const r = await c.sync.syncAll();
      expect(r.errors).toEqual([]);
      expect(r.warnings).toEqual([]);
      expect(diff(localReadings(c.db), serviceReadings(svc))).toEqual([]);
      const again = await c.sync.syncAll();
      expect(again.readingsWritten).toBe(0);
    } finally {
      await svc.stop();
    }
  });

  it('finishes with the same data through 429 storms (both Retry-After forms), 5xx, resets and truncated JSON', async () => {
    const svc = await demo({ years: 0.3, contract });
    try {
      for (const f of [
        { kind: 'status429', count: 3, retry_after: 'seconds', retry_after_sec: 1, path_contains: '/meters' },
        { kind: 'status429', count: 2, retry_after: 'date', retry_after_sec: 1, path_contains: '/data' },
        { kind: 'status503', count: 1, path_contains: '/data' },
        { kind: 'status500', count: 2, path_contains: '/smart-meters/' },
        { kind: 'reset', count: 2, path_contains: '/smart-meters/' },
        { kind: 'truncate', count: 2, path_contains: '/smart-meters/' },
      ]) {
        await admin(svc, 'POST', '/faults', f);
      }
      const c = syncCore(svc, { pageSize: 2000 });
      const r = await c.sync.syncAll();
      expect(r.errors).toEqual([]);
      expect(
        (await admin(svc, 'POST', '/faults', { kind: 'slow', count: 0 })).faults.every(
          (f: { remaining: number }) => f.remaining === 0,
        ),
      ).toBe(true);
      expect(diff(localReadings(c.db), serviceReadings(svc))).toEqual([]);
    } finally {
      await svc.stop();
    }
  });

  it('stops with a clear error when the service keeps failing', async () => {
    const svc = await demo({ years: 0.1, contract });
    try {
      await admin(svc, 'POST', '/faults', { kind: 'status500', count: 1000 });
      const c = syncCore(svc);
      await expect(c.sync.syncAll()).rejects.toThrow(/service answered with an error \(500\)/);
    } finally {
      await svc.stop();
    }
  });

  it('stops with a clear error for a bad token, and keeps the local data', async () => {
    const svc = await demo({ years: 0.1, contract });
    try {
      const c = syncCore(svc, { token: 'md_not_a_token' });
      await expect(c.sync.syncAll()).rejects.toThrow(/rejected the API token.*Data → API Tokens/);
    } finally {
      await svc.stop();
    }
  });
});

describe.each(['spec', 'ours'] as const)(
  'sync against a %s service that offers window reads only',
  (contract) => {
    it('copies the team by window reads, keeps each meter current by windows, and writes nothing twice', async () => {
      const svc = await demo({ years: 0.3, contract });
      try {
        await admin(svc, 'POST', '/compat', { feed_disabled: true });
        const c = syncCore(svc);
        const first = await c.sync.syncAll();
        expect(first.errors).toEqual([]);
        expect(first.warnings).toEqual([]);
        expect(diff(localReadings(c.db), serviceReadings(svc))).toEqual([]);
        const modes = c.db
          .prepare('SELECT DISTINCT mode FROM sync_state WHERE window_synced_sec IS NOT NULL')
          .all();
        expect(modes).toEqual([{ mode: 'window' }]);
        expect((await c.sync.syncAll()).readingsWritten).toBe(0);
        await svc.advanceDays(3);
        const later = await c.sync.syncAll();
        expect(later.errors).toEqual([]);
        expect(later.readingsWritten).toBeGreaterThan(0);
        expect(diff(localReadings(c.db), serviceReadings(svc))).toEqual([]);
      } finally {
        await svc.stop();
      }
    });
  },
);
