/**
 * The readings store's other writes (readings-store.ts): an import's undo (db/import-log.ts) puts the
 * days it snapshotted at import back — each day's record and rollup as they were, or none — inside the
 * undo's transaction; a restored backup's rollups are made again from its readings (restore-rebuild.ts).
 * Nothing else in the code writes reading_days or daily_rollups.
 */
import type Database from 'better-sqlite3';
import { MAX_KWH_PER_HOUR } from '../../common/rules';
import { AppError } from '../errors';
import { dayNumberOf } from '../time/local-days';
import { createDayIo, type OpenDay } from './open-day';

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

const implausibleRefusal = (path: string, why: string) =>
  new AppError('invalid_input', `${path} cannot be restored: ${why}. Nothing was changed.`, {
    reason: 'backup_values_implausible',
    params: { path },
  });

/** A day's readings must be plausible: finite, not negative, at most 1 GWh an hour. */
function implausible(d: OpenDay, resolutionSec: number): string | null {
  const max = (MAX_KWH_PER_HOUR * resolutionSec) / 3600;
  for (const v of d.slots.vals) if (v === v && !(v >= 0 && v <= max)) return String(v);
  for (const [start, x] of d.irregular) {
    const bound = (MAX_KWH_PER_HOUR * Math.max(0, x.endSec - start)) / 3600;
    if (!(Number.isFinite(x.value) && x.value >= 0 && x.value <= bound)) return String(x.value);
  }
  return null;
}

/**
 * The daily rollups made again from the readings (the file's are not read), each day's values checked.
 * Returns the number of days rebuilt.
 */
export function rebuildRollups(db: Database.Database, tz: string, path: string): number {
  const io = createDayIo(db, tz);
  const series = db.prepare('SELECT id, resolution_sec FROM series').all() as {
    id: number;
    resolution_sec: number;
  }[];
  const days = db.prepare('SELECT DISTINCT day FROM reading_days WHERE series_id = ?').pluck();
  const irregular = db.prepare('SELECT start_sec FROM irregular_readings WHERE series_id = ?').pluck();
  db.exec('DELETE FROM daily_rollups');
  let n = 0;
  for (const s of series) {
    const all = new Set<number>(days.all(s.id) as number[]);
    for (const start of irregular.all(s.id) as number[]) all.add(dayNumberOf(start, tz));
    for (const day of all) {
      let d: OpenDay;
      try {
        d = io.openDay(s.id, s.resolution_sec, day);
      } catch {
        throw implausibleRefusal(path, `a day of its readings cannot be read (register ${s.id})`);
      }
      const bad = implausible(d, s.resolution_sec);
      if (bad !== null)
        throw implausibleRefusal(
          path,
          `it holds a reading of ${bad.slice(0, 24)} kWh, which no meter measures`,
        );
      d.changed = true;
      io.writeDay(d);
      n++;
    }
  }
  return n;
}
