import { describe, expect, it } from 'vitest';
import { clampedDelayMs, createScheduler, MAX_WAIT_SEC, nextSyncSec } from '../../main/sync/scheduler';
import { parseIsoSec } from '../../main/time/local-days';

describe('sync schedule', () => {
  const o = { intervalSec: 3600, deliveryLocalHour: 7, jitterSec: 900 };
  it('syncs hourly, but never later than the morning delivery window', () => {
    expect(nextSyncSec(parseIsoSec('2026-11-20T10:00:00+01:00'), o, () => 0)).toBe(
      parseIsoSec('2026-11-20T11:00:00+01:00'),
    );
    expect(nextSyncSec(parseIsoSec('2026-11-20T06:30:00+01:00'), o, () => 0)).toBe(
      parseIsoSec('2026-11-20T07:00:00+01:00'),
    );
    expect(nextSyncSec(parseIsoSec('2026-11-20T06:30:00+01:00'), o, () => 0.5)).toBe(
      parseIsoSec('2026-11-20T07:07:30+01:00'),
    );
  });
  it('with no interval, syncs only around the next delivery window', () => {
    expect(nextSyncSec(parseIsoSec('2026-11-20T10:00:00+01:00'), { ...o, intervalSec: 0 }, () => 0)).toBe(
      parseIsoSec('2026-11-21T07:00:00+01:00'),
    );
  });
  it('finds the delivery window in local time across a DST change', () => {
    const long = { ...o, intervalSec: 86_400 * 2 };
    expect(nextSyncSec(parseIsoSec('2026-03-28T20:00:00+01:00'), long, () => 0)).toBe(
      parseIsoSec('2026-03-29T07:00:00+02:00'),
    );
    expect(nextSyncSec(parseIsoSec('2026-10-24T20:00:00+02:00'), long, () => 0)).toBe(
      parseIsoSec('2026-10-25T07:00:00+01:00'),
    );
  });
});

describe('a rate limit far ahead', () => {
  it('waits at most a day, never fires at once (setTimeout beyond 2³¹ ms fires after 1 ms)', async () => {
    let runs = 0;
    const s = createScheduler(
      async () => {
        runs++;
      },
      { intervalSec: 0, deliveryLocalHour: 7, jitterSec: 0 },
    );
    s.start();
    const now = Date.now() / 1000;
    s.runOnceAt(now + 30 * 86_400); // Retry-After of 30 days: 2.6e9 ms
    await new Promise((r) => setTimeout(r, 200));
    s.stop();
    expect(runs).toBe(0);
  });
  it('clamps every delay to a day and to zero', () => {
    const nowMs = Date.UTC(2026, 10, 24);
    expect(clampedDelayMs(nowMs / 1000 + 30 * 86_400, nowMs)).toBe(MAX_WAIT_SEC * 1000);
    expect(clampedDelayMs(nowMs / 1000 - 10, nowMs)).toBe(0);
    expect(clampedDelayMs(Infinity, nowMs)).toBe(MAX_WAIT_SEC * 1000);
    expect(clampedDelayMs(nowMs / 1000 + 60, nowMs)).toBe(60_000);
  });
});
