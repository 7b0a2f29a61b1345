/**
 * Chart-ready columnar series from the local store. Short ranges come as quarter-hours on a complete
 * time grid (gaps are nulls, never dropped); long ranges come per local day from the rollups, so the
 * renderer never receives millions of rows.
 */
import type Database from 'better-sqlite3';
import type { SeriesView } from '../../preload/contract';
import { readRange } from './readings-read';
import { DEFAULT_TZ, QH_SEC, dayNumberOf, dayStartSec } from '../time/local-days';
import { systemClock } from '../time/clock';

/** Appends index `i` with quality `q` to the runs of estimated/unreliable intervals. */
function addMark(marks: [number, number, 2 | 3][], i: number, q: number): void {
  if (q !== 2 && q !== 3) return;
  const last = marks[marks.length - 1];
  if (last && last[1] === i && last[2] === q) last[1] = i + 1;
  else marks.push([i, i + 1, q]);
}

/**
 * The chart's statements, prepared once per connection: preparing costs more than reading a year of
 * day rows (≈ 20–40 µs each, three of them per chart), and the chart asks on every zoom and pan.
 */
const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
function prepare(db: Database.Database) {
  return {
    series: db.prepare<[string, string], { id: number; unit: string; resolution_sec: number }>(
      'SELECT id, unit, resolution_sec FROM series WHERE meter_id = ? AND obis_code = ?',
    ),
    span: db.prepare<[number], { a: number | null; b: number | null }>(
      'SELECT min(day_start_sec) AS a, max(day_start_sec) AS b FROM daily_rollups WHERE series_id = ?',
    ),
    days: db
      .prepare(
        'SELECT day, sum, max, n_estimated, n_unreliable FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day',
      )
      .raw(true),
  };
}
function statementsOf(db: Database.Database) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
}

/** How far back a chart reaches without data to show there: the longest history a plan holds, and a year. */
const REACH_SEC = 4 * 366 * 86_400;

/**
 * A long range is clamped to where a chart can show anything: from the earlier of the first reading
 * and four years ago, to the later of the last reading and tomorrow. So "1970 → 3000" costs the days
 * that hold data (not 376 000 of them), while a year with three months of data still shows its gaps.
 */
function clampedRange(
  db: Database.Database,
  seriesId: number | null,
  fromSec: number,
  toSec: number,
  nowSec: number,
): [number, number] {
  let first = nowSec - REACH_SEC;
  let last = nowSec + 86_400;
  // Within four years back and tomorrow nothing is cut, whatever the data: no need to ask.
  if (fromSec >= first && toSec <= last) return [fromSec, toSec];
  if (seriesId !== null) {
    const span = statementsOf(db).span.get(seriesId);
    if (span?.a != null) first = Math.min(first, span.a);
    if (span?.b != null) last = Math.max(last, span.b + 2 * 86_400);
  }
  const from = Math.max(fromSec, first);
  const to = Math.min(toSec, last);
  return to > from ? [from, to] : [fromSec, fromSec + QH_SEC];
}

export function querySeries(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number; maxPoints: number },
  tz = DEFAULT_TZ,
  nowSec = systemClock.nowSec(),
): SeriesView {
  const st = statementsOf(db);
  const series = st.series.get(q.meterId, q.obisCode);
  // The series' own interval: quarter-hours, or hours for an hourly series (never spread).
  const step = series?.resolution_sec === 3600 ? 3600 : QH_SEC;
  const [fromSec, toSec] =
    q.toSec - q.fromSec > q.maxPoints * step
      ? clampedRange(db, series?.id ?? null, q.fromSec, q.toSec, nowSec)
      : [q.fromSec, q.toSec];
  const from = Math.floor(fromSec / step) * step;
  const to = Math.ceil(toSec / step) * step;
  const slots = (to - from) / step;
  const base = {
    meterId: q.meterId,
    obisCode: q.obisCode,
    unit: series?.unit ?? 'kWh',
    intervalSec: step as 900 | 3600,
    fromSec: from,
    toSec: to,
  };

  if (slots <= q.maxPoints) {
    const timesSec = new Array<number>(slots);
    for (let i = 0; i < slots; i++) timesSec[i] = from + i * step;
    const values = new Array<number | null>(slots).fill(null);
    const quality = new Array<number | null>(slots).fill(null);
    const revisedSec = new Array<number | null>(slots).fill(null);
    const marks: [number, number, 2 | 3][] = [];
    if (series) {
      // Raw row arrays (no per-row objects): this is the chart's hot path.
      for (const r of readRange(db, series.id, from, to)) {
        const i = (r[0] - from) / step;
        if (i % 1 !== 0) continue; // not on the series' grid
        values[i] = r[2];
        quality[i] = r[3];
        revisedSec[i] = r[5];
        addMark(marks, i, r[3]); // readings come in start order
      }
    }
    return {
      ...base,
      resolution: step === 3600 ? 'hour' : 'quarter_hour',
      timesSec,
      values,
      maxValues: null,
      quality,
      revisedSec,
      marks,
    };
  }

  const firstDay = dayNumberOf(from, tz);
  const lastDay = dayNumberOf(to - 1, tz);
  const n = lastDay - firstDay + 1;
  const timesSec = new Array<number>(n);
  const values = new Array<number | null>(n).fill(null);
  const maxValues = new Array<number | null>(n).fill(null);
  const quality = new Array<number | null>(n).fill(null);
  const revisedSec = new Array<number | null>(n).fill(null);
  const marks: [number, number, 2 | 3][] = [];
  for (let i = 0; i < n; i++) timesSec[i] = dayStartSec(firstDay + i, tz);
  if (series) {
    // Raw row arrays: [day, sum, max, n_estimated, n_unreliable].
    const rows = st.days.all(series.id, firstDay, lastDay) as [
      number,
      number,
      number | null,
      number,
      number,
    ][];
    for (const r of rows) {
      const i = r[0] - firstDay;
      const q = r[4] > 0 ? 3 : r[3] > 0 ? 2 : 1;
      values[i] = Math.round(r[1] * 1000) / 1000;
      maxValues[i] = r[2];
      quality[i] = q;
      addMark(marks, i, q);
    }
  }
  return { ...base, resolution: 'day', timesSec, values, maxValues, quality, revisedSec, marks };
}
