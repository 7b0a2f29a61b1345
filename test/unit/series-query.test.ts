// Chart-ready series from a real SQLite file: full quarter-hour grid with gaps, runs of estimated and
// unreliable intervals, and the per-day view from the rollups.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore, type IncomingReading } from '../../main/db/readings-store';
import { querySeries } from '../../main/db/series-query';
import { dayNumberOfKey, dayStartSec } from '../../main/time/local-days';

const reg = '1-1:1.9.0 G.01';

describe('series query', () => {
  it('returns the full grid with gaps as null and the runs of estimated/unreliable intervals', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-series-')), 'x.sqlite'));
    const store = createReadingsStore(db);
    const start = dayStartSec(dayNumberOfKey('2025-10-26')); // 100 quarter-hours (autumn change)
    const quality = (i: number) => (i >= 10 && i < 14 ? 2 : i >= 14 && i < 16 ? 3 : i === 40 ? 2 : 1);
    const rows: IncomingReading[] = [];
    for (let i = 0; i < 100; i++) {
      if (i === 12 || (i >= 50 && i < 53)) continue; // gaps
      rows.push({
        obisCode: reg,
        startSec: start + i * 900,
        endSec: start + (i + 1) * 900,
        value: i / 100,
        quality: quality(i),
        updatedSec: 1,
      });
    }
    // Stored out of time order: the query must not depend on insertion order.
    store.applyPage('m1', rows.slice(60), 'cursor', 1);
    store.applyPage('m1', rows.slice(0, 60), 'cursor', 1);
    const query = (maxPoints: number) =>
      querySeries(db, { meterId: 'm1', obisCode: reg, fromSec: start, toSec: start + 100 * 900, maxPoints });
    const s = query(5000);
    expect(s.resolution).toBe('quarter_hour');
    expect(s.timesSec).toHaveLength(100);
    expect(s.values.filter((v) => v === null)).toHaveLength(4);
    expect(s.values[12]).toBeNull();
    expect(s.values[99]).toBe(0.99);
    // The gap at 12 splits the estimated run; runs of different quality stay apart.
    expect(s.marks).toEqual([
      [10, 12, 2],
      [13, 14, 2],
      [14, 16, 3],
      [40, 41, 2],
    ]);
    for (let i = 0; i < 100; i++) {
      const inMark = s.marks.find(([a, b]) => i >= a && i < b);
      expect(inMark?.[2] ?? (s.quality[i] === null ? null : 1)).toBe(s.quality[i]);
    }

    const days = query(50);
    expect(days.resolution).toBe('day');
    expect(days.quality).toEqual([3]);
    expect(days.marks).toEqual([[0, 1, 3]]);
  });
});
