/**
 * Data health of a register in its frame: completeness, quality, gaps, implausible values, revisions.
 * Its days and gaps are the frame's (frame.ts `frameDays`): from the first reading to what is owed.
 */
import type Database from 'better-sqlite3';
import { lastExportSec, revisionsAbove, revisionsRecordedSince } from '../db/revision-reads';
import type { HealthResult } from '../../preload/contract';
import { readAll, readRange } from '../db/readings-read';
import { percentile } from '../../common/percentile';
import { dayKey } from '../time/local-days';
import { frameDays } from './frame';
import { type Scope, seriesId, round } from './rows';

/** Data health: completeness and quality per day, gaps, implausible values, revisions since the last export. */
export function health(db: Database.Database, s: Scope): HealthResult {
  const id = seriesId(db, s.meterId, s.obisCode);
  // The frame's days, each counted inside the frame (frame.ts): a first day that starts at noon
  // expects its afternoon, a day not yet owed is not in it.
  const days: HealthResult['days'] = frameDays(db, s).map((d) => ({
    day: dayKey(d.day),
    expected: d.expected,
    received: d.received,
    estimated: d.estimated,
    unreliable: d.unreliable,
  }));
  // Implausible: far above the meter's own history (more than 10 × its 99.9th percentile and > 1 kWh).
  const all =
    id === null
      ? []
      : readAll(db, id)
          .map((r) => r[2])
          .sort((a, b) => a - b);
  const p999 = percentile(all, 0.999);
  const limit = Math.max(1, p999 * 10);
  const implausible =
    id === null
      ? []
      : readRange(db, id, s.fromSec, s.toSec)
          .filter((r) => r[2] > limit)
          .map((r) => ({ startSec: r[0], valueKwh: r[2], quality: r[3] }));
  const corrected =
    id === null
      ? []
      : revisionsAbove(db, id, s.fromSec, s.toSec, limit).map((r) => ({
          startSec: r.start_sec,
          oldValueKwh: r.old_value,
          newValueKwh: r.new_value,
          correctedSec: r.new_updated_sec,
        }));
  const lastExport = lastExportSec(db, s.meterId);
  const changedSinceExport =
    lastExport === null || id === null ? null : revisionsRecordedSince(db, id, lastExport);
  return {
    days,
    gapDays: days.filter((d) => d.received < d.expected).map((d) => d.day),
    implausible,
    corrected,
    implausibleLimitKwh: round(limit),
    lastExportSec: lastExport,
    changedSinceExport,
  };
}
