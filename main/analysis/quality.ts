/**
 * Quality breakdown of one register over a range, from the rollups and the audit trail, in the range's
 * frame (analysis/frame.ts: clipped to now and to the register's data, exact at a zoomed span's edges):
 * totals with completeness against the real number of quarter-hours (92/96/100 per local day), per day
 * and per month, the days with gaps, and the revised readings with old → new values. Days after "now"
 * are not gaps; they are not in the frame.
 */
import type Database from 'better-sqlite3';
import { latestRevisions, revisionCount } from '../db/revision-reads';
import { seriesOf } from '../db/series-reads';
import type { QualityBreakdown } from '../../preload/contract';
import { figuresOf, frameDays, frameFor } from './frame';
import { dayKey } from '../time/local-days';

export function queryQuality(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number; detail?: boolean },
  tz: string,
  nowSec: number,
): QualityBreakdown {
  const series = seriesOf(db, q.meterId, q.obisCode);
  // The chart's figures need the totals only: no list of every day and revision (≈ 200 KB over years).
  const detail = q.detail ?? true;
  const framed = series ? frameFor(db, q, nowSec, tz) : null;
  const figures = framed ? figuresOf(db, framed) : null;
  const days: QualityBreakdown['days'] = [];
  const months = new Map<string, QualityBreakdown['months'][number]>();
  const totals = { expected: 0, received: 0, measured: 0, estimated: 0, unreliable: 0, completeness: 0 };
  if (figures) {
    totals.expected = figures.expected;
    totals.received = figures.readings;
    totals.measured = figures.quality.measured;
    totals.estimated = figures.quality.estimated;
    totals.unreliable = figures.quality.unreliable;
  }
  for (const d of detail && framed ? frameDays(db, framed) : []) {
    const entry = { ...d, day: dayKey(d.day) };
    days.push(entry);
    const mk = entry.day.slice(0, 7);
    const m = months.get(mk) ?? {
      month: mk,
      expected: 0,
      received: 0,
      measured: 0,
      estimated: 0,
      unreliable: 0,
    };
    for (const k of ['expected', 'received', 'measured', 'estimated', 'unreliable'] as const)
      m[k] += entry[k];
    months.set(mk, m);
  }
  totals.completeness = figures?.completeness ?? 0;
  const revisions =
    series && detail
      ? latestRevisions(db, series.id, q.fromSec, q.toSec).map((r) => ({
          startSec: r.start_sec,
          oldValue: r.old_value,
          oldQuality: r.old_quality,
          newValue: r.new_value,
          newQuality: r.new_quality,
          revisedSec: r.new_updated_sec,
        }))
      : [];
  return {
    meterId: q.meterId,
    obisCode: q.obisCode,
    figures,
    totals,
    days,
    months: [...months.values()],
    gapDays: days.filter((d) => d.received < d.expected).map((d) => d.day),
    revisions,
    revisionCount: series ? revisionCount(db, series.id, q.fromSec, q.toSec) : 0,
  };
}
