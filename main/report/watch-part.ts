/**
 * The report's watch entry (issue 45, item 2): the findings of the watch list that hold on the report's
 * meters, as last evaluated (db/watch-store.ts; after every sync and import, watch/after-writes.ts),
 * newest first. Worded in the document (common/watch-words.ts, the app's words).
 */
import type Database from 'better-sqlite3';
import type { WatchFindingView } from '../../preload/contract';
import { openFindings } from '../db/watch-store';

/** A finding as the app lists it (its meter named), the fields the report prints. */
export type ReportWatchItem = Pick<
  WatchFindingView,
  'meterLabel' | 'obisCode' | 'rule' | 'key' | 'figures' | 'firstSec' | 'lastSec'
>;

export function watchOf(
  db: Database.Database,
  meters: readonly { meter: { id: string; label: string | null; meteringPoint: string } }[],
): ReportWatchItem[] {
  const byId = new Map(meters.map((m) => [m.meter.id, m.meter.label ?? m.meter.meteringPoint]));
  return openFindings(db)
    .filter((f) => byId.has(f.meterId))
    .map((f) => ({
      meterLabel: byId.get(f.meterId)!,
      obisCode: f.obisCode,
      rule: f.rule,
      key: f.key,
      figures: f.figures,
      firstSec: f.firstSec,
      lastSec: f.lastSec,
    }));
}
