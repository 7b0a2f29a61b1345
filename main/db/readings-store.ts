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
import { DEFAULT_TZ, QH_SEC, dayNumberOf } from '../time/local-days';
import { restoreDaySnapshots } from './readings-restore';
import { sourceCode } from './day-record';
import { createDayIo, heldAt, put, putNew, type OpenDay } from './open-day';

/** A reading as an object, for the sources that give objects (imports, MQTT, tests); kWh without a unit. */
export type IncomingReading = ReadingRow;

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

const IMPORT = sourceCode('import');

/**
 * The open day each reading of a page goes to. Readings arrive in runs within one day of one register:
 * the day last used is kept at hand per register of the page (a feed page interleaves a meter's
 * registers), with its series looked up once a page — a key string and a lookup per reading were 7 %
 * of the first sync's CPU (issue 46).
 */
function dayLocator(
  meterId: string,
  c: ReadingColumns,
  seriesOf: (
    meterId: string,
    obisCode: string,
    unit: string,
    resolutionSec: number,
  ) => { id: number; resolutionSec: number },
  openDay: (seriesId: number, resolutionSec: number, day: number) => OpenDay,
  tz: string,
) {
  const days = new Map<string, OpenDay>();
  const registers: ({ series: { id: number; resolutionSec: number }; last: OpenDay | null } | undefined)[] =
    [];
  const dayOf = (i: number): OpenDay => {
    const k = c.register[i]!;
    const start = c.startSec[i]!;
    let reg = registers[k];
    if (!reg) {
      const { obisCode, unit } = c.registers[k]!;
      // The resolution a new series gets from its first reading: hourly if that lasts an hour.
      const resolution = c.endSec[i]! - start === 3600 ? 3600 : 900;
      registers[k] = reg = { series: seriesOf(meterId, obisCode, unit ?? 'kWh', resolution), last: null };
    }
    const last = reg.last;
    if (last && start >= last.slots.dayStartSec && start < last.dayEndSec) return last;
    const day = dayNumberOf(start, tz);
    const dayKey = `${reg.series.id}:${day}`;
    let found = days.get(dayKey);
    if (!found) days.set(dayKey, (found = openDay(reg.series.id, reg.series.resolutionSec, day)));
    reg.last = found;
    return found;
  };
  return { days, dayOf };
}

const isoOrNumber = (sec: number) =>
  Number.isFinite(sec) ? new Date(sec * 1000).toISOString() : String(sec);
const notFinite = (meterId: string, c: ReadingColumns, i: number) =>
  new AppError(
    'bad_response',
    `A reading of meter ${meterId} at ${isoOrNumber(c.startSec[i]!)} has no finite value (${c.value[i]}); nothing of these readings was stored.`,
    { reason: 'reading_not_finite', params: { meterId } },
  );

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
    const c = readings instanceof ReadingColumns ? readings : ReadingColumns.of(readings);
    db.transaction(() => {
      const { days, dayOf } = dayLocator(meterId, c, seriesOf, openDay, tz);
      for (let i = 0; i < c.length; i++) {
        // A value is finite (an empty slot is NaN while a day is written: open-day.ts); every source
        // checks that first, and the store refuses anything else whole rather than drop it.
        if (!Number.isFinite(c.value[i])) throw notFinite(meterId, c, i);
        const d = dayOf(i);
        const startSec = c.startSec[i]!;
        const given = c.updatedSec[i]!;
        const updatedSec = Number.isNaN(given) ? nowSec : given;
        const old = heldAt(d, startSec);
        if (old === undefined) {
          putNew(d, c, i, updatedSec, code);
          result.inserted += 1;
          continue;
        }
        const oldImported = old.source === IMPORT;
        if (isImport && !oldImported) {
          result.kept += 1; // the service's reading stays
          result.unchanged += 1;
          continue;
        }
        const value = c.value[i]!;
        const quality = c.quality[i]!;
        const endSec = c.endSec[i]!;
        const differs = old.value !== value || old.quality !== quality;
        // The service's reading replaces an imported one whatever their times say.
        const replacesImport = oldImported && !isImport;
        const newer = replacesImport || (Number.isNaN(given) ? differs : given > old.updatedSec);
        if (!newer) {
          result.unchanged += 1;
          continue;
        }
        if (!differs) {
          // Same value and quality, newer updated_sec (and the service's, if it was imported).
          put(d, startSec, endSec, { ...old, updatedSec, source: replacesImport ? code : old.source });
          result.unchanged += 1;
          continue;
        }
        insertRevision.run(
          d.sid,
          startSec,
          old.value,
          old.quality,
          old.updatedSec,
          value,
          quality,
          updatedSec,
          nowSec,
          source,
        );
        put(d, startSec, endSec, { value, quality, updatedSec, source: code, revised: true });
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
