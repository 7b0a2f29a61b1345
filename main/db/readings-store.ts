/**
 * Writes readings into a profile database. Guarantees:
 * - Idempotent and revision-guarded: a reading replaces the stored one only if its `updated_at` is
 *   newer (or, when the source gives no `updated_at`, if its value or quality differ). Replays, MQTT
 *   duplicates and overlapping window reads are no-ops.
 * - Every replacement that changes value or quality leaves its previous state in `reading_revisions`.
 * - The per-local-day rollups of every touched day, including the day's block for the CSV export
 *   (0003_day_blocks.sql), are recomputed from the readings in the same transaction, so they can never
 *   drift from the rows. This store is the only writer of readings; anything else that changes rows
 *   must call `refreshRollups` for the days it touched.
 * - A page is one transaction; `withinTransaction` lets the caller write its cursor in it too.
 * - Imported files (source `import`) fill gaps only: a reading the service delivered is never replaced by
 *   an import (counted as `kept`), while the service's reading always replaces an imported one.
 */
import type Database from 'better-sqlite3';
import { MAX_SERIES_PER_METER } from '../api/schemas';
import type { ReadingColumns } from '../api/reading-columns';
import { AppError } from '../errors';
import { decodeBlock, type StoredReading } from './readings-read';
import { DEFAULT_TZ, QH_SEC, dayNumberOf, dayStartSec, quarterHoursInDay } from '../time/local-days';

/** Day blocks hold values in thousandths (0003_day_blocks.sql). */
export const BLOCK_SCALE = 1000;

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
  /** Imported readings not written because the service's reading for that quarter-hour is stored. */
  kept: number;
  /** Local day numbers touched, per series id. */
  touchedDays: Map<number, Set<number>>;
}

/** Rows per multi-row INSERT (6 parameters each, well under SQLite's limit of 32 766). */
const INSERT_BATCH = 100;

/**
 * A day's block built from the rows a page holds for it: `keys[slot]` = thousandths · 8 + quality (a
 * new row is not revised). Used only if the page inserts every quarter-hour of the day (`n` = keys) and
 * nothing disqualified it (`ok`: a stored row in the day, a quarter-hour twice, a value not exact in
 * thousandths, a row off the grid or not a quarter-hour long, a quality outside 1–3). `updated` is the
 * updated_sec all rows share, NaN once two differ: then the day keeps its rows (0007_day_storage.sql),
 * else it is stored as this block alone and its rows are never written.
 */
interface DayBuild {
  keys: number[];
  n: number;
  ok: boolean;
  updated: number;
  dayFrom: number;
}
const NO_BUILD: DayBuild = { keys: [], n: 0, ok: false, updated: NaN, dayFrom: 0 };

/** A day block to write with the rollup: stored as the block alone when `updated` is not null. */
interface BuiltBlock {
  block: string;
  keys: number[];
  updated: number | null;
}

/**
 * A day's rollup figures from its block keys (thousandths · 8 + quality, in time order), exactly as
 * the rollup statement computes them from the rows: SQLite's sum() of REAL values (Kahan–Babuška–
 * Neumaier, as in its func.c), max() keeping the first of equal values, and the quality counts.
 */
export function rollupOfBlock(keys: readonly number[], dayStart: number) {
  let sum = 0;
  let err = 0;
  let max = -Infinity;
  let maxStart = dayStart;
  const n = [0, 0, 0, 0];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const m = Math.floor(key / 8);
    const v = m / BLOCK_SCALE;
    const t = sum + v;
    err += Math.abs(sum) > Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
    if (v > max) {
      max = v;
      maxStart = dayStart + i * QH_SEC;
    }
    n[(key - m * 8) & 3]! += 1;
  }
  return {
    count: keys.length,
    sum: Number.isFinite(err) ? sum + err : sum,
    max,
    maxStart,
    n1: n[1]!,
    n2: n[2]!,
    n3: n[3]!,
  };
}

/**
 * A page's rows as parallel arrays, whichever form they came in (objects, or the columns the fetch
 * thread sends: a sync writes those without an object per reading). Row i belongs to `keys[series[i]]`;
 * `updatedSec` is NaN where the source gives none.
 */
interface PageRows {
  n: number;
  startSec: ArrayLike<number>;
  endSec: ArrayLike<number>;
  value: ArrayLike<number>;
  quality: ArrayLike<number>;
  updatedSec: ArrayLike<number>;
  series: Int32Array;
  keys: { obisCode: string; unit: string | undefined }[];
}

/** The series key of a register and unit: kWh is the unit when none is given. */
const keyOf = (obisCode: string, unit: string | undefined) =>
  unit === undefined || unit === 'kWh' ? obisCode : obisCode + '\u0000' + unit;

function rowsOf(readings: readonly IncomingReading[] | ReadingColumns): PageRows {
  const keys: PageRows['keys'] = [];
  const byKey = new Map<string, number>();
  const keyIndex = (obisCode: string, unit: string | undefined): number => {
    const key = keyOf(obisCode, unit);
    let k = byKey.get(key);
    if (k === undefined) {
      k = keys.push({ obisCode, unit }) - 1;
      byKey.set(key, k);
    }
    return k;
  };
  if (!Array.isArray(readings)) {
    const c = readings as ReadingColumns;
    const series = new Int32Array(c.length);
    // Each (register, unit) pair of the page looked up once.
    const byPair = new Map<number, number>();
    for (let i = 0; i < c.length; i++) {
      const pair = c.register[i]! * 65_536 + c.unit[i]!;
      let k = byPair.get(pair);
      if (k === undefined) {
        k = keyIndex(c.registers[c.register[i]!]!, c.units[c.unit[i]!] ?? undefined);
        byPair.set(pair, k);
      }
      series[i] = k;
    }
    return { n: c.length, ...c, series, keys };
  }
  const list = readings as readonly IncomingReading[];
  const n = list.length;
  const [startSec, endSec, value, quality, updatedSec] = [0, 0, 0, 0, 0].map(() => new Float64Array(n)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const series = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = list[i]!;
    startSec[i] = r.startSec;
    endSec[i] = r.endSec;
    value[i] = r.value;
    quality[i] = r.quality;
    updatedSec[i] = r.updatedSec ?? NaN;
    series[i] = keyIndex(r.obisCode, r.unit);
  }
  return { n, startSec, endSec, value, quality, updatedSec, series, keys };
}

export function createReadingsStore(db: Database.Database, tz = DEFAULT_TZ) {
  const seriesCache = new Map<string, number>();
  const findSeries = db.prepare<[string, string, string], { id: number }>(
    'SELECT id FROM series WHERE meter_id = ? AND obis_code = ? AND unit = ?',
  );
  const insertSeries = db.prepare('INSERT INTO series (meter_id, obis_code, unit) VALUES (?, ?, ?)');
  const countSeries = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM series WHERE meter_id = ?',
  );
  const selectRange = db
    .prepare<[number, number, number]>(
      "SELECT start_sec, value, quality, updated_sec, source = 'import' FROM reading_rows WHERE series_id = ? AND start_sec >= ? AND start_sec <= ?",
    )
    .raw();
  // New readings (the bulk of any sync) go in 100 to a statement: a third less time than one by one.
  // The source is part of the statement text (one pair of statements per source), not a parameter:
  // binding a string costs a UTF-8 conversion per row.
  const inserts = new Map<string, { one: Database.Statement; many: Database.Statement }>();
  function insertsFor(source: string) {
    let st = inserts.get(source);
    if (!st) {
      if (!/^[a-z_]{1,20}$/.test(source)) throw new Error(`Unknown readings source "${source}"`);
      const cols =
        'INSERT INTO reading_rows (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source) VALUES ';
      const row = `(?, ?, ?, ?, ?, ?, NULL, '${source}')`;
      st = {
        one: db.prepare(cols + row),
        many: db.prepare(cols + Array.from({ length: INSERT_BATCH }, () => row).join(', ')),
      };
      inserts.set(source, st);
    }
    return st;
  }
  const updateReading = db.prepare(
    'UPDATE reading_rows SET end_sec = ?, value = ?, quality = ?, updated_sec = ?, revised_sec = ?, source = ? WHERE series_id = ? AND start_sec = ?',
  );
  const touchReading = db.prepare(
    'UPDATE reading_rows SET updated_sec = ? WHERE series_id = ? AND start_sec = ?',
  );
  // The service delivers the value an import had stored: the reading becomes the service's.
  const adoptReading = db.prepare(
    'UPDATE reading_rows SET updated_sec = ?, source = ? WHERE series_id = ? AND start_sec = ?',
  );
  const insertRevision = db.prepare(
    `INSERT INTO reading_revisions (series_id, start_sec, old_value, old_quality, old_updated_sec, new_value, new_quality, new_updated_sec, recorded_sec, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // A day's rollup, computed and written by one statement, with its block for the CSV export
  // (0003_day_blocks.sql) when the day is complete: on the grid, count = expected and every quality
  // 1–3 (the three counts then cover every row). The block of a day this page inserted whole is built
  // here in JS from the page's rows (`@block`); any other complete day's block (a gap filled later, a
  // revision, a value JS could not pack) comes from a second scan of its rows, in scan order, which for
  // this range of the primary key is time order (a test inserts rows backwards and checks); a value not
  // exact in thousandths gives 'x' there, and the day no block. Incomplete days cost no block work. The
  // blocks cost the sync ≈ 0.2 µs a reading (docs/performance.md).
  const packedRows = `group_concat(CASE WHEN round(value * ${BLOCK_SCALE}) / ${BLOCK_SCALE} = value
      THEN CAST(round(value * ${BLOCK_SCALE}) AS INTEGER) * 8 + (revised_sec IS NOT NULL) * 4 + quality
      ELSE 'x' END, ',')`;
  const rollupSql = (block: string) =>
    `INSERT INTO daily_rollups (series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, packed)
     SELECT @sid, @day, @start, @expected, count(*), sum(value), max(value), start_sec,
            sum(quality = 1), sum(quality = 2), sum(quality = 3),
            CASE WHEN count(*) = @expected AND sum((start_sec - @start) % ${QH_SEC}) = 0
                   AND sum(quality = 1) + sum(quality = 2) + sum(quality = 3) = count(*)
                 THEN ${block} END
       FROM reading_rows WHERE series_id = @sid AND start_sec >= @start AND start_sec < @end
     HAVING count(*) > 0
     ON CONFLICT (series_id, day) DO UPDATE SET count = excluded.count, sum = excluded.sum, max = excluded.max,
       max_start_sec = excluded.max_start_sec, n_measured = excluded.n_measured, n_estimated = excluded.n_estimated,
       n_unreliable = excluded.n_unreliable, expected = excluded.expected, packed = excluded.packed`;
  type RollupParams = { sid: number; day: number; start: number; end: number; expected: number };
  const upsertRollup = db.prepare<RollupParams>(
    rollupSql(`(SELECT iif(instr(b, 'x') = 0, b, NULL) FROM (SELECT ${packedRows} AS b
                  FROM reading_rows WHERE series_id = @sid AND start_sec >= @start AND start_sec < @end))`),
  );
  const upsertRollupWithBlock = db.prepare<RollupParams & { block: string | null }>(rollupSql('@block'));
  // A day the page inserted whole and regular, stored as its block alone: its rollup computed here from
  // the page's values (`rollupOfBlock`), the same figures SQLite computes from rows (a test compares).
  const upsertRollupFromBlock = db.prepare(
    `INSERT INTO daily_rollups (series_id, day, day_start_sec, expected, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, packed, block_updated_sec, block_source)
     VALUES (@sid, @day, @start, @expected, @count, @sum, @max, @maxStart, @n1, @n2, @n3, @block, @updated, @source)
     ON CONFLICT (series_id, day) DO UPDATE SET count = excluded.count, sum = excluded.sum, max = excluded.max,
       max_start_sec = excluded.max_start_sec, n_measured = excluded.n_measured, n_estimated = excluded.n_estimated,
       n_unreliable = excluded.n_unreliable, expected = excluded.expected, packed = excluded.packed,
       block_updated_sec = excluded.block_updated_sec, block_source = excluded.block_source`,
  );
  const isStoredAsBlock = db
    .prepare<[number, number], number>(
      'SELECT 1 FROM daily_rollups WHERE series_id = ? AND day = ? AND block_source IS NOT NULL',
    )
    .pluck(true);
  const deleteRollup = db.prepare('DELETE FROM daily_rollups WHERE series_id = ? AND day = ?');

  // Day storage (0007_day_storage.sql): a complete, regular day lives in its block alone.
  const blockDaysIn = db
    .prepare<[number, number, number], [number, number, string, number, string]>(
      'SELECT day, day_start_sec, packed, block_updated_sec, block_source FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? AND block_source IS NOT NULL',
    )
    .raw(true);
  // Back to rows: the block's quarter-hours as the rows they were (the same decoding as the view).
  const unpackDayRows = db.prepare<[number, number]>(
    `INSERT INTO reading_rows (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source)
     SELECT d.series_id, d.day_start_sec + ${QH_SEC} * j.key, d.day_start_sec + ${QH_SEC} * j.key + ${QH_SEC},
            (j.value >> 3) / ${BLOCK_SCALE}.0, j.value & 3, d.block_updated_sec,
            iif(j.value & 4, d.block_updated_sec, NULL), d.block_source
       FROM daily_rollups d, json_each('[' || d.packed || ']') j
      WHERE d.series_id = ? AND d.day = ? AND d.block_source IS NOT NULL`,
  );
  const clearBlockStorage = db.prepare(
    'UPDATE daily_rollups SET block_updated_sec = NULL, block_source = NULL WHERE series_id = ? AND day = ?',
  );
  // Into the block alone, when nothing is lost: see 0007_day_storage.sql. The rollup was just computed
  // from the rows, so `packed` is the block of exactly these rows.
  const storeAsBlock = db
    .prepare<RollupParams, string | null>(
      `UPDATE daily_rollups SET (block_updated_sec, block_source) = (
         SELECT min(updated_sec), min(source) FROM reading_rows
          WHERE series_id = @sid AND start_sec >= @start AND start_sec < @end
         HAVING count(*) = @expected AND count(updated_sec) = count(*) AND count(DISTINCT updated_sec) = 1
            AND count(DISTINCT source) = 1 AND sum(end_sec - start_sec <> ${QH_SEC}) = 0
            AND sum(revised_sec IS NOT NULL AND revised_sec <> updated_sec) = 0 AND sum(abs(value) >= 1e12) = 0)
       WHERE series_id = @sid AND day = @day AND packed IS NOT NULL AND packed <> '?'
       RETURNING block_source`,
    )
    .pluck(true);
  const deleteDayRows = db.prepare(
    'DELETE FROM reading_rows WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
  );

  /** Moves a day stored as its block back to rows, so it can be changed; false if it was rows. */
  function toRows(sid: number, day: number): boolean {
    if (isStoredAsBlock.get(sid, day) === undefined || unpackDayRows.run(sid, day).changes === 0)
      return false;
    clearBlockStorage.run(sid, day);
    return true;
  }

  function seriesId(meterId: string, obisCode: string, unit: string): number {
    const key = `${meterId}\u0000${obisCode}\u0000${unit}`;
    let id = seriesCache.get(key);
    if (id === undefined) {
      id = findSeries.get(meterId, obisCode, unit)?.id;
      if (id === undefined) {
        if ((countSeries.get(meterId)?.n ?? 0) >= MAX_SERIES_PER_METER)
          throw new AppError(
            'bad_response',
            `Meter ${meterId} would get more than ${MAX_SERIES_PER_METER} registers (the next: "${obisCode.slice(0, 40)}"); nothing of these readings was stored. Report this to the service.`,
          );
        id = Number(insertSeries.run(meterId, obisCode, unit).lastInsertRowid);
      }
      seriesCache.set(key, id);
    }
    return id;
  }

  /**
   * Recomputes the rollups of the touched days. `built` holds the blocks of days a page inserted whole
   * (by series id and day), built from its rows; the statement still checks that the day is complete.
   */
  function refreshRollups(
    touched: Map<number, Set<number>>,
    built?: Map<number, Map<number, BuiltBlock>>,
    source?: string,
  ): void {
    for (const [sid, days] of touched) {
      const blocks = built?.get(sid);
      for (const day of days) {
        const start = dayStartSec(day, tz);
        const end = dayStartSec(day + 1, tz);
        const expected = quarterHoursInDay(day, tz);
        const block = blocks?.get(day);
        const params = { sid, day, start, end, expected };
        if (block && block.updated !== null && source !== undefined) {
          upsertRollupFromBlock.run({
            ...rollupOfBlock(block.keys, start),
            sid,
            day,
            start,
            expected,
            block: block.block,
            updated: block.updated,
            source,
          });
          continue;
        }
        // A day stored as its block has no rows to compute from: back to rows first (applyPage has
        // done so for the days it writes; this guards every other caller).
        toRows(sid, day);
        const written =
          block === undefined
            ? upsertRollup.run(params)
            : upsertRollupWithBlock.run({ ...params, block: block.block });
        // No row left in the day: the SELECT gives none, and the day's rollup goes.
        if (written.changes === 0) deleteRollup.run(sid, day);
        else if (storeAsBlock.get(params) != null) deleteDayRows.run(sid, start, end);
      }
    }
  }

  /**
   * Applies one page of readings of one meter in a single transaction. `withinTransaction` runs inside
   * the same transaction after the rows (used to store the sync cursor atomically with its page).
   *
   * How (a sync writes millions of rows, so this is the hot path): the page's rows are grouped per
   * series; the stored rows of each series' time range are read with one range query; rows not stored
   * yet are inserted 100 to a statement; stored ones are compared and revised one by one. A row that
   * appears twice in the page (a reading and its revision) is compared against its first version.
   */
  function applyPage(
    meterId: string,
    readings: readonly IncomingReading[] | ReadingColumns,
    source: string,
    nowSec: number,
    withinTransaction?: () => void,
  ): WriteResult {
    const rows = rowsOf(readings);
    const result: WriteResult = {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      revisions: 0,
      kept: 0,
      touchedDays: new Map(),
    };
    const isImport = source === 'import';
    // Per series of this page: its id, time range, stored rows and the local day last touched.
    // Registers arrive interleaved (all registers of one quarter-hour, then the next).
    interface SeriesState {
      sid: number;
      days: Set<number>;
      dayFrom: number;
      dayTo: number;
      minStart: number;
      maxStart: number;
      /**
       * start_sec → the stored (or queued) version: `[value, quality, updated_sec, is imported]` as read
       * from the database, or the index of the row of this page that is now stored (no allocation per row).
       */
      stored: Map<number, [number, number, number, number] | number>;
      /** Per local day, the block built from the rows this page holds for it (see `DayBuild`). */
      builds: Map<number, DayBuild>;
      /** The build of the day of the row last seen (the pre-pass). */
      build: DayBuild;
      /** Local days with a stored row (before this page). */
      storedDays: Set<number>;
      /** Local days of this page's range stored as their blocks alone (not yet moved to rows). */
      blockDays: Set<number>;
    }
    const states: SeriesState[] = new Array<SeriesState>(rows.keys.length);
    const stateOf = (k: number): SeriesState => {
      let st = states[k];
      if (!st) {
        const { obisCode, unit } = rows.keys[k]!;
        const sid = seriesId(meterId, obisCode, unit ?? 'kWh');
        let days = result.touchedDays.get(sid);
        if (!days) result.touchedDays.set(sid, (days = new Set()));
        st = {
          sid,
          days,
          dayFrom: 0,
          dayTo: -1,
          minStart: Infinity,
          maxStart: -Infinity,
          stored: new Map(),
          builds: new Map(),
          build: NO_BUILD,
          storedDays: new Set(),
          blockDays: new Set(),
        };
        states[k] = st;
      }
      return st;
    };
    /** Before the page writes a row of a day stored as its block: the day moves to rows, to be refreshed. */
    const toRowsBeforeWrite = (st: SeriesState, startSec: number) => {
      if (st.blockDays.size === 0) return;
      const day = dayNumberOf(startSec, tz);
      if (!st.blockDays.delete(day)) return;
      toRows(st.sid, day);
      st.days.add(day);
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
      // Pass 1: the series of every row and each series' time range.
      const { n, startSec, endSec, value, quality, updatedSec: updated } = rows;
      for (let i = 0; i < n; i++) {
        const st = stateOf(rows.series[i]!);
        const start = startSec[i]!;
        if (start < st.minStart) st.minStart = start;
        if (start > st.maxStart) st.maxStart = start;
      }
      for (const s of states) {
        // Days of this range stored as their blocks: their readings are read from the blocks; such a
        // day moves back to rows only if this page writes to it (`toRowsBeforeWrite`), so that a
        // replay (an overlapping window read, an MQTT duplicate) writes nothing.
        const first = dayNumberOf(s.minStart, tz);
        for (const [day, dayStart, packed, updatedSec, source] of blockDaysIn.all(
          s.sid,
          first,
          dayNumberOf(s.maxStart, tz),
        )) {
          const decoded: StoredReading[] = [];
          decodeBlock(decoded, dayStart, packed, updatedSec, source);
          for (const r of decoded) s.stored.set(r[0], [r[2], r[3], r[4], r[6] === 'import' ? 1 : 0]);
          s.blockDays.add(day);
        }
        for (const row of selectRange.all(s.sid, s.minStart, s.maxStart) as [
          number,
          number,
          number,
          number,
          number,
        ][])
          s.stored.set(row[0], [row[1], row[2], row[3], row[4]]);
        for (const start of s.stored.keys()) s.storedDays.add(dayNumberOf(start, tz));
      }

      // Pass 1b: per local day, the block of the rows this page holds for it (see `DayBuild`); row i's
      // build in `rowBuild[i]`.
      const rowBuild = new Array<DayBuild>(n);
      for (let i = 0; i < n; i++) {
        const s = states[rows.series[i]!]!;
        const start = startSec[i]!;
        let build = s.build;
        if (
          start < build.dayFrom ||
          start >= build.dayFrom + build.keys.length * QH_SEC ||
          build === NO_BUILD
        ) {
          const dayNo = dayNumberOf(start, tz);
          let b = s.builds.get(dayNo);
          if (!b) {
            const dayFrom = dayStartSec(dayNo, tz);
            b = {
              keys: new Array<number>(quarterHoursInDay(dayNo, tz)),
              n: 0,
              ok: !s.storedDays.has(dayNo),
              updated: NaN,
              dayFrom,
            };
            s.builds.set(dayNo, b);
          }
          s.build = build = b;
        }
        rowBuild[i] = build;
        if (!build.ok) continue;
        const slot = (start - build.dayFrom) / QH_SEC;
        const v = value[i]!;
        const q = quality[i]!;
        const m = Math.round(v * BLOCK_SCALE);
        // Exact in thousandths and small enough for exact integers; otherwise SQL decides.
        if (
          slot % 1 !== 0 ||
          build.keys[slot] !== undefined ||
          endSec[i] !== start + QH_SEC ||
          !(q === 1 || q === 2 || q === 3) ||
          m / BLOCK_SCALE !== v ||
          !(Math.abs(m) < 1e12)
        ) {
          build.ok = false;
          continue;
        }
        build.keys[slot] = m * 8 + q;
        const u = Number.isNaN(updated[i]!) ? nowSec : updated[i]!;
        if (build.n === 0) build.updated = u;
        else if (build.updated !== u) build.updated = NaN;
        build.n += 1;
      }
      const whole = (b: DayBuild) => b.ok && b.n === b.keys.length;

      // Pass 2: queue new rows for the multi-row insert; compare stored ones.
      const { one: insertOne, many: insertMany } = insertsFor(source);
      const params = new Array<number>(INSERT_BATCH * 6);
      let queued = 0;
      const flush = () => {
        if (queued === INSERT_BATCH) {
          if (insertMany.run(params).changes !== INSERT_BATCH)
            throw new Error('readings changed during a page write');
        } else {
          for (let k = 0; k < queued * 6; k += 6)
            insertOne.run(
              params[k],
              params[k + 1],
              params[k + 2],
              params[k + 3],
              params[k + 4],
              params[k + 5],
            );
        }
        queued = 0;
      };
      for (let i = 0; i < n; i++) {
        const s = states[rows.series[i]!]!;
        const sid = s.sid;
        const start = startSec[i]!;
        const v = value[i]!;
        const q = quality[i]!;
        const given = updated[i]!;
        // The source's updated_at, or null where it gives none (then "now" is stored).
        const rUpdated = Number.isNaN(given) ? null : given;
        const updatedSec = rUpdated ?? nowSec;
        const existing = s.stored.get(start);
        if (existing === undefined) {
          s.stored.set(start, i);
          result.inserted += 1;
          touch(s, start);
          const b = rowBuild[i]!;
          // A day inserted whole and regular is stored as its block alone: no rows.
          if (whole(b) && !Number.isNaN(b.updated)) continue;
          toRowsBeforeWrite(s, start);
          const o = queued * 6;
          params[o] = sid;
          params[o + 1] = start;
          params[o + 2] = endSec[i]!;
          params[o + 3] = v;
          params[o + 4] = q;
          params[o + 5] = updatedSec;
          if (++queued === INSERT_BATCH) flush();
          continue;
        }
        let oldValue: number;
        let oldQuality: number;
        let oldUpdated: number;
        let oldImported: boolean;
        if (typeof existing === 'number') {
          oldValue = value[existing]!;
          oldQuality = quality[existing]!;
          const prevUpdated = updated[existing]!;
          oldUpdated = Number.isNaN(prevUpdated) ? nowSec : prevUpdated;
          oldImported = isImport;
        } else {
          [oldValue, oldQuality, oldUpdated] = existing;
          oldImported = existing[3] === 1;
        }
        if (isImport && !oldImported) {
          result.kept += 1; // the service's reading stays
          result.unchanged += 1;
          continue;
        }
        const differs = oldValue !== v || oldQuality !== q;
        // The service's reading replaces an imported one whatever their times say.
        const replacesImport = oldImported && !isImport;
        const newer = replacesImport || (rUpdated === null ? differs : rUpdated > oldUpdated);
        if (!newer) {
          result.unchanged += 1;
          continue;
        }
        if (queued > 0) flush(); // the row compared against may still be queued
        toRowsBeforeWrite(s, start);
        if (!differs) {
          if (replacesImport) adoptReading.run(updatedSec, source, sid, start);
          else touchReading.run(updatedSec, sid, start);
          s.stored.set(start, i); // same value and quality, newer updated_sec
          result.unchanged += 1;
          continue;
        }
        insertRevision.run(sid, start, oldValue, oldQuality, oldUpdated, v, q, updatedSec, nowSec, source);
        updateReading.run(endSec[i]!, v, q, updatedSec, updatedSec, source, sid, start);
        s.stored.set(start, i);
        result.updated += 1;
        result.revisions += 1;
        touch(s, start);
      }
      if (queued > 0) flush();
      // Days this page inserted whole (every quarter-hour, nothing revised) get the block built here.
      const built = new Map<number, Map<number, BuiltBlock>>();
      for (const st of states) {
        const blocks = new Map<number, BuiltBlock>();
        for (const [day, b] of st.builds)
          if (whole(b))
            blocks.set(day, {
              block: b.keys.join(','),
              keys: b.keys,
              updated: Number.isNaN(b.updated) ? null : b.updated,
            });
        built.set(st.sid, blocks);
      }
      refreshRollups(result.touchedDays, built, source);
      withinTransaction?.();
    })();
    return result;
  }

  return { seriesId, applyPage, refreshRollups };
}

export type ReadingsStore = ReturnType<typeof createReadingsStore>;

/**
 * Gives the complete days that migration 0003 marked '?' (synced before day blocks existed) their
 * block, a batch of days per transaction, yielding between batches; returns how many days it
 * recomputed. Runs in the sync worker after it starts (`shouldStop` ends it early when the worker
 * closes); until a day is done the CSV export reads it row by row.
 */
export async function fillPendingBlocks(
  db: Database.Database,
  store: ReadingsStore,
  opts: { batchDays?: number; shouldStop?: () => boolean } = {},
): Promise<number> {
  const pending = db
    .prepare<[number, number, number], [number, number]>(
      `SELECT series_id, day FROM daily_rollups WHERE (series_id, day) > (?, ?) AND packed = '?'
        ORDER BY series_id, day LIMIT ?`,
    )
    .raw(true);
  let after: [number, number] = [-1, 0];
  let filled = 0;
  for (;;) {
    if (opts.shouldStop?.()) return filled;
    const days = pending.all(after[0], after[1], opts.batchDays ?? 200);
    if (days.length === 0) return filled;
    const touched = new Map<number, Set<number>>();
    for (const [sid, day] of days) {
      let set = touched.get(sid);
      if (!set) touched.set(sid, (set = new Set()));
      set.add(day);
    }
    db.transaction(() => store.refreshRollups(touched))();
    filled += days.length;
    after = days[days.length - 1]!;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
