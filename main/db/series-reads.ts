/**
 * Reads of series and their per-day rollups for the figures (frame, health, quality, portfolio, export,
 * the sync's check, the import's comparison): the statements live here, the arithmetic in analysis/.
 * Statements the views run per request are prepared once per connection.
 */
import type Database from 'better-sqlite3';

export interface SeriesRow {
  id: number;
  meter_id: string;
  obis_code: string;
  unit: string;
  resolution_sec: number | null;
}

/** A day's rollup as the readings store writes it (db/readings-store.ts). */
export interface RollupRow {
  day: number;
  day_start_sec: number;
  count: number;
  sum: number;
  max: number | null;
  max_start_sec: number | null;
  n_measured: number;
  n_estimated: number;
  n_unreliable: number;
  p5: number | null;
}

const COLUMNS = 'id, meter_id, obis_code, unit, resolution_sec';

function prepare(db: Database.Database) {
  return {
    series: db.prepare<[string, string], SeriesRow>(
      `SELECT ${COLUMNS} FROM series WHERE meter_id = ? AND obis_code = ?`,
    ),
    byId: db.prepare<[number], SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE id = ?`),
    registers: db.prepare<[string], SeriesRow>(
      `SELECT ${COLUMNS} FROM series WHERE meter_id = ? ORDER BY (obis_code LIKE '%G.01') DESC, obis_code`,
    ),
    summary: db.prepare<[number, number, number], RollupSummary>(
      `SELECT count(*) AS days, coalesce(sum(count), 0) AS n, coalesce(sum(sum), 0) AS kwh,
              coalesce(sum(n_measured), 0) AS measured, coalesce(sum(n_estimated), 0) AS estimated,
              coalesce(sum(n_unreliable), 0) AS unreliable, max(max) AS max, max_start_sec AS max_at,
              sum(p5) AS p5_sum, count(p5) AS p5_days
         FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? AND count > 0`,
    ),
    firstEdge: db.prepare<[number], EdgeDay>(
      'SELECT day, day_start_sec, count, expected FROM daily_rollups WHERE series_id = ? AND count > 0 ORDER BY day LIMIT 1',
    ),
    lastEdge: db.prepare<[number], EdgeDay>(
      'SELECT day, day_start_sec, count, expected FROM daily_rollups WHERE series_id = ? AND count > 0 ORDER BY day DESC LIMIT 1',
    ),
    watchDays: db
      .prepare<
        [number, number, number],
        [number, number, number, number | null, number | null, number | null]
      >(
        'SELECT day, count, sum, max, max_start_sec, p5 FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day',
      )
      .raw(true),
    yearPairs: db.prepare<[number, number, number, number], { now: number; before: number; n: number }>(
      `SELECT coalesce(sum(a.sum), 0) AS now, coalesce(sum(b.sum), 0) AS before, count(*) AS n
         FROM daily_rollups a JOIN daily_rollups b ON b.series_id = a.series_id AND b.day = a.day - ?
        WHERE a.series_id = ? AND a.day BETWEEN ? AND ?
          AND a.count > 0 AND a.count >= a.expected AND b.count > 0 AND b.count >= b.expected`,
    ),
    lastDataDay: db
      .prepare<[number], number>(
        'SELECT day FROM daily_rollups WHERE series_id = ? AND count > 0 ORDER BY day DESC LIMIT 1',
      )
      .pluck(),
    // A day number is its date's days since 1970-01-01 (time/local-days.ts): strftime gives its month.
    monthPeaks: db.prepare<[number, number, number], { month: string; max: number; at: number | null }>(
      `SELECT strftime('%Y-%m', day * 86400, 'unixepoch') AS month, max(max) AS max, max_start_sec AS at
         FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? AND max IS NOT NULL
        GROUP BY month ORDER BY month`,
    ),
    watchDaysPlain: db
      .prepare<[number, number, number], [number, number, number]>(
        'SELECT day, count, sum FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day',
      )
      .raw(true),
    rollups: db.prepare<[number, number, number], RollupRow>(
      `SELECT day, day_start_sec, count, sum, max, max_start_sec, n_measured, n_estimated, n_unreliable, p5
         FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day`,
    ),
  };
}
const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
const stmts = (db: Database.Database) => {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
};

/** The series of a meter's register, or null. */
export function seriesOf(db: Database.Database, meterId: string, obisCode: string): SeriesRow | null {
  return stmts(db).series.get(meterId, obisCode) ?? null;
}

/** A series by its id, or null. */
export function seriesById(db: Database.Database, id: number): SeriesRow | null {
  return stmts(db).byId.get(id) ?? null;
}

/** A meter's registers, its total register (… G.01) first, then by OBIS code. */
export function registersOf(db: Database.Database, meterId: string): SeriesRow[] {
  return stmts(db).registers.all(meterId);
}

/** The register a meter's screens open on: its total register (G.01) where it has one. */
export function mainRegister(
  db: Database.Database,
  meterId: string,
): { id: number; obis_code: string } | null {
  return registersOf(db, meterId)[0] ?? null;
}

/**
 * A series' whole days [firstDay, lastDay] summed in SQLite (one row, not a row a day): readings,
 * energy, quality counts, the highest quarter-hour and its start (SQLite takes a bare column from the
 * row of the one max()), and the days' P5 values summed and counted.
 */
export interface RollupSummary {
  days: number;
  n: number;
  kwh: number;
  measured: number;
  estimated: number;
  unreliable: number;
  max: number | null;
  max_at: number | null;
  p5_sum: number | null;
  p5_days: number;
}

export function rollupSummary(
  db: Database.Database,
  seriesId: number,
  firstDay: number,
  lastDay: number,
): RollupSummary {
  return stmts(db).summary.get(seriesId, firstDay, lastDay)!;
}

/** A series' first or last day with readings: its number, start, readings and slots. */
export interface EdgeDay {
  day: number;
  day_start_sec: number;
  count: number;
  expected: number;
}

/** A series' first and last day with readings (null without readings). */
export function rollupEdges(
  db: Database.Database,
  seriesId: number,
): { first: EdgeDay; last: EdgeDay } | null {
  const first = stmts(db).firstEdge.get(seriesId);
  const last = stmts(db).lastEdge.get(seriesId);
  return first && last ? { first, last } : null;
}

/** A series' rollups of the days [firstDay, lastDay], by day (days without a rollup are left out). */
export function rollupDays(db: Database.Database, seriesId: number, firstDay: number, lastDay: number) {
  return stmts(db).rollups.all(seriesId, firstDay, lastDay);
}

/**
 * A series' days for the watch list's rules (watch/rules.ts): the six columns they read, as arrays —
 * two years of 1 000 meters are 800 000 rows, and rows as objects of every column took 1.6 s of its 2.5.
 */
export function watchDays(
  db: Database.Database,
  seriesId: number,
  firstDay: number,
  lastDay: number,
  /** Days before it carry their energy only (peaks and base load are read for the later ones). */
  detailFrom = firstDay,
) {
  const st = stmts(db);
  const plain =
    detailFrom > firstDay
      ? st.watchDaysPlain
          .all(seriesId, firstDay, Math.min(lastDay, detailFrom - 1))
          .map(([day, count, sum]) => ({
            day,
            count,
            sum,
            max: null as number | null,
            max_start_sec: null as number | null,
            p5: null as number | null,
          }))
      : [];
  return plain.concat(
    st.watchDays
      .all(seriesId, Math.max(firstDay, detailFrom), lastDay)
      .map(([day, count, sum, max, maxStart, p5]) => ({ day, count, sum, max, max_start_sec: maxStart, p5 })),
  );
}

/**
 * The watch list's year rule: over days [firstDay, lastDay] of a series, the energy of the days complete
 * (as many readings as the day has intervals) whose day `offset` days earlier is complete too, the
 * energy of those earlier days, and how many pairs — summed in SQLite (two years of 1 000 meters read
 * into JavaScript day by day were most of the rules' time).
 */
export function yearPairs(
  db: Database.Database,
  seriesId: number,
  firstDay: number,
  lastDay: number,
  offset: number,
) {
  return stmts(db).yearPairs.get(offset, seriesId, firstDay, lastDay)!;
}

/** The series' newest day with a reading, or null. */
export function lastDataDay(db: Database.Database, seriesId: number): number | null {
  return stmts(db).lastDataDay.get(seriesId) ?? null;
}

/** Each local month's highest interval of a series over [firstDay, lastDay] and when (SQLite's max). */
export function monthPeaks(db: Database.Database, seriesId: number, firstDay: number, lastDay: number) {
  return stmts(db).monthPeaks.all(seriesId, firstDay, lastDay);
}

/** The first and last day with a rollup within [firstDay, lastDay]. */
export function rollupSpan(db: Database.Database, seriesId: number, firstDay: number, lastDay: number) {
  return (
    db
      .prepare<[number, number, number], { a: number | null; b: number | null }>(
        'SELECT min(day) AS a, max(day) AS b FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ?',
      )
      .get(seriesId, firstDay, lastDay) ?? { a: null, b: null }
  );
}

/** A prepared sum over a series' days: energy, peak, readings, expected readings, mean P5. */
export function rollupTotalsReader(db: Database.Database) {
  const agg = db.prepare<
    [number, number, number],
    { kwh: number | null; peak: number | null; n: number | null; expected: number | null; p5: number | null }
  >(
    'SELECT sum(sum) AS kwh, max(max) AS peak, sum(count) AS n, sum(expected) AS expected, avg(p5) AS p5 FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ?',
  );
  return (seriesId: number, firstDay: number, lastDay: number) => agg.get(seriesId, firstDay, lastDay)!;
}

/** Readings per series and day for these series over [firstDay, lastDay] (the sync's check). */
export function readingCountsByDay(
  db: Database.Database,
  seriesIds: readonly number[],
  firstDay: number,
  lastDay: number,
): { s: number; d: number; n: number }[] {
  if (seriesIds.length === 0) return [];
  return db
    .prepare(
      `SELECT series_id AS s, day AS d, count AS n FROM daily_rollups
        WHERE series_id IN (${seriesIds.map(() => '?').join(',')}) AND day BETWEEN ? AND ?`,
    )
    .all(...seriesIds, firstDay, lastDay) as { s: number; d: number; n: number }[];
}

/** Every reading a meter holds on the days [firstDay, lastDay], all registers together (the check). */
export function meterReadingCount(db: Database.Database, meterId: string, firstDay: number, lastDay: number) {
  return (
    db
      .prepare(
        `SELECT coalesce(sum(d.count), 0) AS n FROM daily_rollups d JOIN series s ON s.id = d.series_id
          WHERE s.meter_id = ? AND d.day BETWEEN ? AND ?`,
      )
      .get(meterId, firstDay, lastDay) as { n: number }
  ).n;
}

/** Series of other meters that could hold the same data as a file's (the import's suggestion). */
export function similarSeries(
  db: Database.Database,
  obisCode: string,
  excludeMeterId: string,
  direction: string,
  resolutionSec: number,
): { sid: number; id: string; label: string }[] {
  return db
    .prepare(
      `SELECT se.id AS sid, m.id, coalesce(m.label, m.metering_point) AS label FROM series se JOIN meters m ON m.id = se.meter_id
        WHERE se.obis_code = ? AND m.id <> ? AND m.energy_direction = ? AND se.resolution_sec = ? LIMIT 200`,
    )
    .all(obisCode, excludeMeterId, direction, resolutionSec) as { sid: number; id: string; label: string }[];
}

/** Days with readings per calendar month (`YYYY-MM`) over these series (any of them on a day counts). */
export function monthsWithData(
  db: Database.Database,
  seriesIds: readonly number[],
): { month: string; days: number }[] {
  if (seriesIds.length === 0) return [];
  return db
    .prepare(
      `SELECT strftime('%Y-%m', day * 86400, 'unixepoch') AS month, count(DISTINCT day) AS days
         FROM daily_rollups WHERE count > 0 AND series_id IN (${seriesIds.map(() => '?').join(',')})
        GROUP BY month ORDER BY month`,
    )
    .all(...seriesIds) as { month: string; days: number }[];
}
