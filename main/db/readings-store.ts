/**
 * Writes readings into a profile database. Guarantees:
 * - Idempotent and revision-guarded: a reading replaces the stored one only if its `updated_at` is
 *   newer (or, when the source gives no `updated_at`, if its value or quality differ). Replays, MQTT
 *   duplicates and overlapping window reads are no-ops.
 * - Every replacement that changes value or quality leaves its previous state in `reading_revisions`.
 * - The per-local-day rollups of every touched day are recomputed from the readings in the same
 *   transaction, so they can never drift from the rows.
 * - A page is one transaction; `withinTransaction` lets the caller write its cursor in it too.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_TZ, dayNumberOf, dayStartSec, quarterHoursInDay } from '../time/local-days';

export interface IncomingReading {
  obisCode: string;
  /** kWh when not given. */
  unit?: string;
  startSec: number;
  endSec: number;
  value: number;
  quality: number;
  /** When the service last revised the reading; null when the source does not say. */
  updatedSec: number | null;
}

export interface WriteResult {
  inserted: number;
  updated: number;
  unchanged: number;
  revisions: number;
  /** Local day numbers touched, per series id. */
  touchedDays: Map<number, Set<number>>;
}

interface StoredRow {
  value: number;
  quality: number;
  updated_sec: number;
}

export function createReadingsStore(db: Database.Database, tz = DEFAULT_TZ) {
  const seriesCache = new Map<string, number>();
  const findSeries = db.prepare<[string, string, string], { id: number }>(
    'SELECT id FROM series WHERE meter_id = ? AND obis_code = ? AND unit = ?',
  );
  const insertSeries = db.prepare('INSERT INTO series (meter_id, obis_code, unit) VALUES (?, ?, ?)');
  const selectReading = db.prepare<[number, number], StoredRow>(
    'SELECT value, quality, updated_sec FROM readings WHERE series_id = ? AND start_sec = ?',
  );
  // New readings (the bulk of any sync) cost one statement: the insert is ignored when the row exists,
  // and only then is the stored version read and compared.
  const insertReading = db.prepare(
    'INSERT OR IGNORE INTO readings (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)',
  );
  const updateReading = db.prepare(
    'UPDATE readings SET end_sec = ?, value = ?, quality = ?, updated_sec = ?, revised_sec = ?, source = ? WHERE series_id = ? AND start_sec = ?',
  );
  const touchReading = db.prepare(
    'UPDATE readings SET updated_sec = ? WHERE series_id = ? AND start_sec = ?',
  );
  const insertRevision = db.prepare(
    `INSERT INTO reading_revisions (series_id, start_sec, old_value, old_quality, old_updated_sec, new_value, new_quality, new_updated_sec, recorded_sec, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const aggregateDay = db.prepare<
    [number, number, number],
    {
      n: number;
      total: number | null;
      top: number | null;
      top_start: number | null;
      m: number | null;
      e: number | null;
      u: number | null;
    }
  >(
    `SELECT count(*) AS n, sum(value) AS total, max(value) AS top, start_sec AS top_start,
            sum(quality = 1) AS m, sum(quality = 2) AS e, sum(quality = 3) AS u
       FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ?`,
  );
  const upsertRollup = db.prepare(
    `INSERT INTO daily_rollups (series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (series_id, day) DO UPDATE SET count = excluded.count, sum = excluded.sum, max = excluded.max,
       max_start_sec = excluded.max_start_sec, n_measured = excluded.n_measured, n_estimated = excluded.n_estimated,
       n_unreliable = excluded.n_unreliable, expected = excluded.expected`,
  );
  const deleteRollup = db.prepare('DELETE FROM daily_rollups WHERE series_id = ? AND day = ?');

  function seriesId(meterId: string, obisCode: string, unit: string): number {
    const key = `${meterId}\u0000${obisCode}\u0000${unit}`;
    let id = seriesCache.get(key);
    if (id === undefined) {
      id = findSeries.get(meterId, obisCode, unit)?.id;
      if (id === undefined) id = Number(insertSeries.run(meterId, obisCode, unit).lastInsertRowid);
      seriesCache.set(key, id);
    }
    return id;
  }

  function refreshRollups(touched: Map<number, Set<number>>): void {
    for (const [sid, days] of touched) {
      for (const day of days) {
        const start = dayStartSec(day, tz);
        const end = dayStartSec(day + 1, tz);
        const a = aggregateDay.get(sid, start, end)!;
        if (a.n === 0) deleteRollup.run(sid, day);
        else
          upsertRollup.run(
            sid,
            day,
            start,
            quarterHoursInDay(day, tz),
            a.n,
            a.total ?? 0,
            a.top,
            a.top_start,
            a.m ?? 0,
            a.e ?? 0,
            a.u ?? 0,
          );
      }
    }
  }

  /**
   * Applies one page of readings of one meter in a single transaction. `withinTransaction` runs inside
   * the same transaction after the rows (used to store the sync cursor atomically with its page).
   */
  function applyPage(
    meterId: string,
    readings: readonly IncomingReading[],
    source: string,
    nowSec: number,
    withinTransaction?: () => void,
  ): WriteResult {
    const result: WriteResult = {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      revisions: 0,
      touchedDays: new Map(),
    };
    // Per series of this page: its id and the bounds of the local day last touched. Registers arrive
    // interleaved (all registers of one quarter-hour, then the next), so each keeps its own state.
    interface SeriesState {
      sid: number;
      days: Set<number>;
      dayFrom: number;
      dayTo: number;
    }
    const states = new Map<string, SeriesState>();
    const stateOf = (obisCode: string, unit: string | undefined): SeriesState => {
      const key = unit === undefined || unit === 'kWh' ? obisCode : obisCode + '\u0000' + unit;
      let st = states.get(key);
      if (!st) {
        const sid = seriesId(meterId, obisCode, unit ?? 'kWh');
        let days = result.touchedDays.get(sid);
        if (!days) result.touchedDays.set(sid, (days = new Set()));
        st = { sid, days, dayFrom: 0, dayTo: -1 };
        states.set(key, st);
      }
      return st;
    };
    const touch = (st: SeriesState, startSec: number) => {
      // Readings arrive in runs within one local day: reuse the last day's bounds.
      if (startSec < st.dayFrom || startSec >= st.dayTo) {
        const dayNo = dayNumberOf(startSec, tz);
        st.dayFrom = dayStartSec(dayNo, tz);
        st.dayTo = dayStartSec(dayNo + 1, tz);
        st.days.add(dayNo);
      }
    };
    db.transaction(() => {
      let lastObis = '';
      let lastUnit: string | undefined;
      let st: SeriesState | null = null;
      for (let i = 0; i < readings.length; i++) {
        const r = readings[i]!;
        if (st === null || r.obisCode !== lastObis || r.unit !== lastUnit) {
          st = stateOf(r.obisCode, r.unit);
          lastObis = r.obisCode;
          lastUnit = r.unit;
        }
        const sid = st.sid;
        const updatedSec = r.updatedSec ?? nowSec;
        if (
          insertReading.run(sid, r.startSec, r.endSec, r.value, r.quality, updatedSec, source).changes === 1
        ) {
          result.inserted += 1;
          touch(st, r.startSec);
          continue;
        }
        const existing = selectReading.get(sid, r.startSec)!;
        const differs = existing.value !== r.value || existing.quality !== r.quality;
        const newer = r.updatedSec === null ? differs : r.updatedSec > existing.updated_sec;
        if (!newer) {
          result.unchanged += 1;
          continue;
        }
        if (!differs) {
          touchReading.run(updatedSec, sid, r.startSec);
          result.unchanged += 1;
          continue;
        }
        insertRevision.run(
          sid,
          r.startSec,
          existing.value,
          existing.quality,
          existing.updated_sec,
          r.value,
          r.quality,
          updatedSec,
          nowSec,
          source,
        );
        updateReading.run(r.endSec, r.value, r.quality, updatedSec, updatedSec, source, sid, r.startSec);
        result.updated += 1;
        result.revisions += 1;
        touch(st, r.startSec);
      }
      refreshRollups(result.touchedDays);
      withinTransaction?.();
    })();
    return result;
  }

  return { seriesId, applyPage };
}

export type ReadingsStore = ReturnType<typeof createReadingsStore>;
