/**
 * Issue 46: a running sync's events reach the main side at most every 100 ms — the changed meters
 * gathered, the latest progress and rate limit — and the end at once, after what changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncProgress } from '../../main/sync/sync-service';
import { coalesced, type SyncEvent } from '../../main/sync/sync-thread-calls';

const progress = (pages: number, done = false): SyncProgress => ({
  meterId: done ? null : `m${pages % 3}`,
  meterIndex: 0,
  meterCount: 3,
  pages,
  readings: pages * 10,
  revisions: 0,
  etaSec: null,
  done,
});

describe('a running sync’s events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a page’s three events, 300 times within 100 ms, reach the main side as three', () => {
    const sent: SyncEvent[] = [];
    const events = coalesced((e) => sent.push(e));
    for (let page = 1; page <= 300; page++) {
      events.emit({ type: 'rateLimit', rateLimit: { limit: 1000, remaining: 1000 - page, resetSec: 60 } });
      events.emit({ type: 'changed', meterIds: [`m${page % 3}`] });
      events.emit({ type: 'progress', progress: progress(page) });
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([
      { type: 'changed', meterIds: ['m1', 'm2', 'm0'] },
      { type: 'rateLimit', rateLimit: { limit: 1000, remaining: 700, resetSec: 60 } },
      { type: 'progress', progress: progress(300) },
    ]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(3); // nothing new, nothing sent
  });

  it('the end is passed on at once, after the meters that changed before it', () => {
    const sent: SyncEvent[] = [];
    const events = coalesced((e) => sent.push(e));
    events.emit({ type: 'changed', meterIds: ['a'] });
    events.emit({ type: 'progress', progress: progress(1, true) });
    expect(sent.map((e) => e.type)).toEqual(['changed', 'progress']);
    expect(sent[1]).toEqual({ type: 'progress', progress: progress(1, true) });
  });
});
