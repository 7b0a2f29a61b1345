/**
 * Writes readings into a profile database, in their one stored form: a record per series and local day
 * (main/db/day-record.ts), plus `irregular_readings` for what fits no slot. Guarantees:
 * - Idempotent and revision-guarded: a reading replaces the stored one only if its `updated_at` is
 *   newer (or, when the source gives no `updated_at`, if its value or quality differ). Replays, MQTT
 *   duplicates and overlapping window reads are no-ops and write nothing.
 * - Every replacement that changes value or quality leaves its previous state in `reading_revisions`.
 * - The per-local-day rollups of every touched day are recomputed from the day's readings in the same
 *   transaction, so they can never drift from the readings. This store is the only writer of readings,
 *   with one companion: an import's undo puts its day snapshots back through readings-restore.ts.
 * - A page is one transaction; `withinTransaction` lets the caller write its cursor in it too.
 * - Imported files (source `import`) fill gaps only: a reading the service delivered is never replaced by
 *   an import (counted as `kept`), while the service's reading always replaces an imported one.
 */
import type Database from 'better-sqlite3';
import { ReadingColumns, type ReadingRow } from '../api/reading-columns';
import { MAX_SERIES_PER_METER } from '../api/schemas';
import { AppError } from '../errors';
import { DEFAULT_TZ, QH_SEC } from '../time/local-days';
import { restoreDaySnapshots } from './readings-restore';
import { createDayIo } from './open-day';
import { dayLocator, emptyWriteResult, mergePage, type WriteResult } from './page-merge';

/** A reading as an object, for the sources that give objects (imports, MQTT, tests); kWh without a unit. */
export type IncomingReading = ReadingRow;
export type { WriteResult };

export function createReadingsStore(db: Database.Database, tz = DEFAULT_TZ) {
  const seriesCache = new Map<string, { id: number; resolutionSec: number }>();
  const findSeries = db.prepare<[string, string, string], { id: number; resolution_sec: number }>(
    'SELECT id, resolution_sec FROM series WHERE meter_id = ? AND obis_code = ? AND unit = ?',
  );
  const insertSeries = db.prepare(
    'INSERT INTO series (meter_id, obis_code, unit, resolution_sec) VALUES (?, ?, ?, ?)',
  );
  const countSeries = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM series WHERE meter_id = ?',
  );
  const insertRevision = db.prepare(
    `INSERT INTO reading_revisions (series_id, start_sec, old_value, old_quality, old_updated_sec, new_value, new_quality, new_updated_sec, recorded_sec, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const { openDay, writeDay } = createDayIo(db, tz);

  /** A register's series, created with `resolutionSec` if it is new. */
  function seriesOf(meterId: string, obisCode: string, unit: string, resolutionSec: number) {
    const key = `${meterId}\u0000${obisCode}\u0000${unit}`;
    let s = seriesCache.get(key);
    if (s === undefined) {
      const found = findSeries.get(meterId, obisCode, unit);
      if (found) s = { id: found.id, resolutionSec: found.resolution_sec };
      else {
        if ((countSeries.get(meterId)?.n ?? 0) >= MAX_SERIES_PER_METER)
          throw new AppError(
            'bad_response',
            `Meter ${meterId} would get more than ${MAX_SERIES_PER_METER} registers (the next: "${obisCode.slice(0, 40)}"); nothing of these readings was stored. Report this to the service.`,
            { reason: 'too_many_registers', params: { meterId, max: MAX_SERIES_PER_METER } },
          );
        const id = Number(insertSeries.run(meterId, obisCode, unit, resolutionSec).lastInsertRowid);
        s = { id, resolutionSec };
      }
      seriesCache.set(key, s);
    }
    return s;
  }

  /** The series id of a register (created, quarter-hourly, if new). */
  function seriesId(meterId: string, obisCode: string, unit: string): number {
    return seriesOf(meterId, obisCode, unit, QH_SEC).id;
  }

  /**
   * Applies one page of readings of one meter in a single transaction. `withinTransaction` runs inside
   * the same transaction after the readings (used to store the sync cursor atomically with its page).
   * A reading that appears twice in the page (a reading and its revision) is compared against its first
   * version.
   */
  function applyPage(
    meterId: string,
    readings: ReadingColumns | readonly IncomingReading[],
    source: string,
    nowSec: number,
    withinTransaction?: () => void,
  ): WriteResult {
    const result = emptyWriteResult();
    const c = readings instanceof ReadingColumns ? readings : ReadingColumns.of(readings);
    db.transaction(() => {
      const { days, dayOf } = dayLocator(meterId, c, seriesOf, openDay, tz);
      mergePage(meterId, c, dayOf, source, nowSec, result, (rev) => insertRevision.run(...rev));
      for (const d of days.values()) {
        if (!d.changed) continue;
        writeDay(d);
        if (!result.touchedDays.has(d.sid)) result.touchedDays.set(d.sid, new Set());
        result.touchedDays.get(d.sid)!.add(d.day);
      }
      withinTransaction?.();
    }).immediate();
    return result;
  }

  // restoreDays: an import's undo puts its day snapshots back (readings-restore.ts); tz: the store's zone.
  const restoreDays = (days: Parameters<typeof restoreDaySnapshots>[1]) => restoreDaySnapshots(db, days);
  return { seriesId, applyPage, restoreDays, tz };
}

export type ReadingsStore = ReturnType<typeof createReadingsStore>;
