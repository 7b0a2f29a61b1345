import { describe, expect, it } from 'vitest';
import { nextSyncSec } from '../../main/sync/scheduler';
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
