/**
 * The readings store's one other write (readings-store.ts): an import's undo (db/import-log.ts) puts the
 * days it snapshotted at import back — each day's record and rollup as they were, or none — inside the
 * undo's transaction. Nothing else in the code writes reading_days or daily_rollups.
 */
import type Database from 'better-sqlite3';

/**
 * Puts days back as an import's undo snapshotted them (db/import-log.ts): each day's record and rollup
 * as they were before the import, or no record where there was none. Called inside the undo's
 * transaction; the one path that writes reading_days outside a page, and it lives here, beside it.
 */
export function restoreDaySnapshots(
  db: Database.Database,
  days: readonly { seriesId: number; day: number; record: string | null; rollup: string | null }[],
): void {
  const delDay = db.prepare('DELETE FROM reading_days WHERE series_id = ? AND day = ?');
  const delRollup = db.prepare('DELETE FROM daily_rollups WHERE series_id = ? AND day = ?');
  const restore = (table: 'reading_days' | 'daily_rollups', json: string) => {
    const row = JSON.parse(json) as Record<string, unknown>;
    const cols = Object.keys(row);
    db.prepare(
      `INSERT OR REPLACE INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };
  for (const d of days) {
    delDay.run(d.seriesId, d.day);
    delRollup.run(d.seriesId, d.day);
    if (d.record) restore('reading_days', d.record);
    if (d.rollup) restore('daily_rollups', d.rollup);
  }
}
