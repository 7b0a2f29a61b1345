/** Data health of a register in its frame: completeness, quality, gaps, implausible values, revisions. */
import type Database from 'better-sqlite3';
import { lastExportSec, revisionsAbove, revisionsRecordedSince } from '../db/revision-reads';
import { rollupDays } from '../db/series-reads';
import type { HealthResult } from '../../preload/contract';
import { readAll, readRange } from '../db/readings-read';
import { percentile } from '../../common/percentile';
import { DEFAULT_TZ, QH_SEC, dayKey, dayNumberOf, quarterHoursInDay } from '../time/local-days';
import { type Scope, seriesId, intervalOf, round } from './rows';

/** Data health: completeness and quality per day, gaps, implausible values, revisions since the last export. */
export function health(db: Database.Database, s: Scope, tz = DEFAULT_TZ): HealthResult {
  const id = seriesId(db, s.meterId, s.obisCode);
  const perQh = intervalOf(db, s.meterId, s.obisCode) / QH_SEC;
  const firstDay = dayNumberOf(s.fromSec, tz);
  const lastDay = dayNumberOf(s.toSec - 1, tz);
  const roll = new Map((id === null ? [] : rollupDays(db, id, firstDay, lastDay)).map((r) => [r.day, r]));
  const days: HealthResult['days'] = [];
  for (let d = firstDay; d <= lastDay; d++) {
    const r = roll.get(d);
    const expected = quarterHoursInDay(d, tz) / perQh;
    days.push({
      day: dayKey(d),
      expected,
      received: r?.count ?? 0,
      estimated: r?.n_estimated ?? 0,
      unreliable: r?.n_unreliable ?? 0,
    });
  }
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
  // Gaps lie between the first and the last day with readings: days before the meter's data begins
  // (or after it ends) are "no data", shown as such in the calendar, not a list of gaps.
  const firstWith = days.findIndex((d) => d.received > 0);
  const lastWith = days.findLastIndex((d) => d.received > 0);
  return {
    days,
    gapDays:
      firstWith < 0
        ? []
        : days
            .slice(firstWith, lastWith + 1)
            .filter((d) => d.received < d.expected)
            .map((d) => d.day),
    implausible,
    corrected,
    implausibleLimitKwh: round(limit),
    lastExportSec: lastExport,
    changedSinceExport,
  };
}
