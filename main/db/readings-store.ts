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
import { MAX_SERIES_PER_METER } from '../api/schemas';
import { AppError } from '../errors';
import { DEFAULT_TZ, QH_SEC, dayNumberOf, dayStartSec } from '../time/local-days';
import { percentile } from '../../common/percentile';
import { restoreDaySnapshots } from './readings-restore';
import { SOURCES, decodeDay, emptyDay, encodeDay, slotGrid, sourceCode, type DaySlots } from './day-record';

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
  /** Imported readings not written because the service's reading for that interval is stored. */
  kept: number;
  /** Local day numbers touched, per series id. */
  touchedDays: Map<number, Set<number>>;
}

/** A stored reading as the revision guard compares it. */
interface Held {
  value: number;
  quality: number;
  updatedSec: number;
  source: number;
  revised: boolean;
}

/** One day of one series while a page is applied: its slots and its irregular readings. */
interface OpenDay {
  sid: number;
  day: number;
  slots: DaySlots;
  dayEndSec: number;
  /** The irregular readings starting in the day, by start. */
  irregular: Map<number, Held & { endSec: number }>;
  isStored: boolean;
  changed: boolean;
}

const IMPORT = sourceCode('import');

/** The resolution a new series gets from its first reading: hourly if that lasts an hour. */
const resolutionOf = (r: IncomingReading) => (r.endSec - r.startSec === 3600 ? 3600 : 900);

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
  const selectDay = db.prepare<
    [number, number],
    { day_start_sec: number; first_slot_sec: number; vals: string; flags: string; updated: string }
  >(
    'SELECT day_start_sec, first_slot_sec, vals, flags, updated FROM reading_days WHERE series_id = ? AND day = ?',
  );
  const upsertDay = db.prepare(
    `INSERT INTO reading_days (series_id, day, day_start_sec, first_slot_sec, vals, flags, updated)
     VALUES (@sid, @day, @dayStart, @firstSlot, @vals, @flags, @updated)
     ON CONFLICT (series_id, day) DO UPDATE SET vals = excluded.vals, flags = excluded.flags, updated = excluded.updated`,
  );
  const deleteDay = db.prepare('DELETE FROM reading_days WHERE series_id = ? AND day = ?');
  const selectIrregular = db.prepare<
    [number, number, number],
    {
      start_sec: number;
      end_sec: number;
      value: number;
      quality: number;
      updated_sec: number;
      revised_sec: number | null;
      source: string;
    }
  >(
    'SELECT start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM irregular_readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
  );
  const deleteIrregularOfDay = db.prepare(
    'DELETE FROM irregular_readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
  );
  const insertIrregular = db.prepare(
    'INSERT INTO irregular_readings (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertRevision = db.prepare(
    `INSERT INTO reading_revisions (series_id, start_sec, old_value, old_quality, old_updated_sec, new_value, new_quality, new_updated_sec, recorded_sec, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const upsertRollup = db.prepare(
    `INSERT INTO daily_rollups (series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, p5)
     VALUES (@sid, @day, @dayStart, @expected, @count, @sum, @max, @maxStart, @n1, @n2, @n3, @p5)
     ON CONFLICT (series_id, day) DO UPDATE SET expected = excluded.expected, count = excluded.count, sum = excluded.sum,
       max = excluded.max, max_start_sec = excluded.max_start_sec, n_measured = excluded.n_measured,
       n_estimated = excluded.n_estimated, n_unreliable = excluded.n_unreliable, p5 = excluded.p5`,
  );
  const deleteRollup = db.prepare('DELETE FROM daily_rollups WHERE series_id = ? AND day = ?');

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

  function openDay(sid: number, resolutionSec: number, day: number): OpenDay {
    const dayStart = dayStartSec(day, tz);
    const dayEnd = dayStartSec(day + 1, tz);
    const row = selectDay.get(sid, day);
    const slots = row
      ? decodeDay(
          row.day_start_sec,
          row.first_slot_sec,
          resolutionSec,
          slotGrid(dayStart, dayEnd, resolutionSec).n,
          row,
        )
      : emptyDay(dayStart, dayEnd, resolutionSec);
    const irregular: OpenDay['irregular'] = new Map();
    for (const r of selectIrregular.all(sid, dayStart, dayEnd))
      irregular.set(r.start_sec, {
        endSec: r.end_sec,
        value: r.value,
        quality: r.quality,
        updatedSec: r.updated_sec,
        source: sourceCode(r.source),
        revised: r.revised_sec !== null,
      });
    return { sid, day, slots, dayEndSec: dayEnd, irregular, isStored: row !== undefined, changed: false };
  }

  /** The reading stored at `start` in a day, from its slot or its irregular rows. */
  function heldAt(d: OpenDay, start: number): Held | undefined {
    const s = d.slots;
    const i = (start - s.firstSlotSec) / s.resolutionSec;
    if (Number.isInteger(i) && i >= 0 && i < s.vals.length && s.vals[i] !== null) {
      const f = s.flags[i]!;
      return {
        value: s.vals[i]!,
        quality: f & 3,
        updatedSec: s.dayStartSec + s.updated[i]!,
        source: f >> 3,
        revised: (f & 4) !== 0,
      };
    }
    return d.irregular.get(start);
  }

  /** Stores a reading at its start: in its slot when it fits one, else as an irregular reading. */
  function put(d: OpenDay, r: IncomingReading, held: Held & { endSec?: number }): void {
    const s = d.slots;
    const i = (r.startSec - s.firstSlotSec) / s.resolutionSec;
    const fits =
      Number.isInteger(i) &&
      i >= 0 &&
      i < s.vals.length &&
      r.endSec - r.startSec === s.resolutionSec &&
      (held.quality === 1 || held.quality === 2 || held.quality === 3);
    if (fits) {
      d.irregular.delete(r.startSec);
      s.vals[i] = held.value;
      s.flags[i] = held.quality + (held.revised ? 4 : 0) + held.source * 8;
      s.updated[i] = held.updatedSec - s.dayStartSec;
    } else {
      if (Number.isInteger(i) && i >= 0 && i < s.vals.length) s.vals[i] = s.flags[i] = s.updated[i] = null;
      d.irregular.set(r.startSec, { ...held, endSec: r.endSec });
    }
    d.changed = true;
  }

  /** Writes a changed day: its record, its irregular readings and its rollup. */
  function writeDay(d: OpenDay): void {
    const s = d.slots;
    let count = 0;
    let sum = 0;
    let max: number | null = null;
    let maxStart: number | null = null;
    const n = [0, 0, 0, 0];
    const values: number[] = [];
    const take = (start: number, value: number, quality: number) => {
      count += 1;
      sum += value;
      values.push(value);
      if (max === null || value > max) {
        max = value;
        maxStart = start;
      }
      if (quality >= 1 && quality <= 3) n[quality]! += 1;
    };
    // In time order: slots and irregular readings interleaved (the first of equal peaks is the peak).
    const irregular = [...d.irregular].sort((a, b) => a[0] - b[0]);
    let k = 0;
    for (let i = 0; i < s.vals.length; i++) {
      const start = s.firstSlotSec + i * s.resolutionSec;
      while (k < irregular.length && irregular[k]![0] < start) {
        const [t, r] = irregular[k++]!;
        take(t, r.value, r.quality);
      }
      if (s.vals[i] !== null) take(start, s.vals[i]!, s.flags[i]! & 3);
    }
    for (; k < irregular.length; k++)
      take(irregular[k]![0], irregular[k]![1].value, irregular[k]![1].quality);

    const slotsUsed = s.vals.some((v) => v !== null);
    if (slotsUsed)
      upsertDay.run({
        sid: d.sid,
        day: d.day,
        dayStart: s.dayStartSec,
        firstSlot: s.firstSlotSec,
        ...encodeDay(s),
      });
    else if (d.isStored) deleteDay.run(d.sid, d.day);
    deleteIrregularOfDay.run(d.sid, s.dayStartSec, d.dayEndSec);
    for (const [start, r] of irregular)
      insertIrregular.run(
        d.sid,
        start,
        r.endSec,
        r.value,
        r.quality,
        r.updatedSec,
        r.revised ? r.updatedSec : null,
        SOURCES[r.source]!,
      );
    if (count === 0) deleteRollup.run(d.sid, d.day);
    else
      upsertRollup.run({
        sid: d.sid,
        day: d.day,
        dayStart: s.dayStartSec,
        expected: s.vals.length,
        count,
        sum,
        max,
        maxStart,
        n1: n[1],
        n2: n[2],
        n3: n[3],
        p5: percentile(
          values.sort((a, b) => a - b),
          0.05,
        ),
      });
  }

  /**
   * Applies one page of readings of one meter in a single transaction. `withinTransaction` runs inside
   * the same transaction after the readings (used to store the sync cursor atomically with its page).
   * A reading that appears twice in the page (a reading and its revision) is compared against its first
   * version.
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
      kept: 0,
      touchedDays: new Map(),
    };
    const code = sourceCode(source);
    const isImport = code === IMPORT;
    db.transaction(() => {
      const days = new Map<string, OpenDay>();
      // Readings arrive in runs within one day of one register: the day last used is kept at hand.
      let last: OpenDay | null = null;
      let lastKey = '';
      for (const r of readings) {
        const unit = r.unit ?? 'kWh';
        const series = seriesOf(meterId, r.obisCode, unit, resolutionOf(r));
        const key = `${r.obisCode}\u0000${unit}`;
        let d: OpenDay;
        if (last && lastKey === key && r.startSec >= last.slots.dayStartSec && r.startSec < last.dayEndSec)
          d = last;
        else {
          const day = dayNumberOf(r.startSec, tz);
          const dayKey = `${series.id}:${day}`;
          let found = days.get(dayKey);
          if (!found) days.set(dayKey, (found = openDay(series.id, series.resolutionSec, day)));
          d = found;
          last = d;
          lastKey = key;
        }
        const updatedSec = r.updatedSec ?? nowSec;
        const old = heldAt(d, r.startSec);
        if (old === undefined) {
          put(d, r, { value: r.value, quality: r.quality, updatedSec, source: code, revised: false });
          result.inserted += 1;
          continue;
        }
        const oldImported = old.source === IMPORT;
        if (isImport && !oldImported) {
          result.kept += 1; // the service's reading stays
          result.unchanged += 1;
          continue;
        }
        const differs = old.value !== r.value || old.quality !== r.quality;
        // The service's reading replaces an imported one whatever their times say.
        const replacesImport = oldImported && !isImport;
        const newer = replacesImport || (r.updatedSec === null ? differs : r.updatedSec > old.updatedSec);
        if (!newer) {
          result.unchanged += 1;
          continue;
        }
        if (!differs) {
          // Same value and quality, newer updated_sec (and the service's, if it was imported).
          put(d, r, { ...old, updatedSec, source: replacesImport ? code : old.source });
          result.unchanged += 1;
          continue;
        }
        insertRevision.run(
          d.sid,
          r.startSec,
          old.value,
          old.quality,
          old.updatedSec,
          r.value,
          r.quality,
          updatedSec,
          nowSec,
          source,
        );
        put(d, r, { value: r.value, quality: r.quality, updatedSec, source: code, revised: true });
        result.updated += 1;
        result.revisions += 1;
      }
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
