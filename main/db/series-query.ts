/**
 * Chart-ready columnar series from the local store. Short ranges come as quarter-hours on a complete
 * time grid (gaps are nulls, never dropped); long ranges come per local day from the rollups, so the
 * renderer never receives millions of rows.
 */
import type Database from 'better-sqlite3';
import type { SeriesView } from '../../preload/contract';
import { DEFAULT_TZ, QH_SEC, dayNumberOf, dayStartSec } from '../time/local-days';

/** Appends index `i` with quality `q` to the runs of estimated/unreliable intervals. */
function addMark(marks: [number, number, 2 | 3][], i: number, q: number): void {
  if (q !== 2 && q !== 3) return;
  const last = marks[marks.length - 1];
  if (last && last[1] === i && last[2] === q) last[1] = i + 1;
  else marks.push([i, i + 1, q]);
}

export function querySeries(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number; maxPoints: number },
  tz = DEFAULT_TZ,
): SeriesView {
  const series = db
    .prepare<[string, string], { id: number; unit: string }>(
      'SELECT id, unit FROM series WHERE meter_id = ? AND obis_code = ?',
    )
    .get(q.meterId, q.obisCode);
  const from = Math.floor(q.fromSec / QH_SEC) * QH_SEC;
  const to = Math.ceil(q.toSec / QH_SEC) * QH_SEC;
  const slots = (to - from) / QH_SEC;
  const base = {
    meterId: q.meterId,
    obisCode: q.obisCode,
    unit: series?.unit ?? 'kWh',
    fromSec: from,
    toSec: to,
  };

  if (slots <= q.maxPoints) {
    const timesSec = new Array<number>(slots);
    for (let i = 0; i < slots; i++) timesSec[i] = from + i * QH_SEC;
    const values = new Array<number | null>(slots).fill(null);
    const quality = new Array<number | null>(slots).fill(null);
    const revisedSec = new Array<number | null>(slots).fill(null);
    const marks: [number, number, 2 | 3][] = [];
    if (series) {
      // Raw row arrays (no per-row objects): this is the chart's hot path.
      const rows = db
        .prepare(
          'SELECT start_sec, value, quality, revised_sec FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ? ORDER BY start_sec',
        )
        .raw(true)
        .all(series.id, from, to) as [number, number, number, number | null][];
      for (const r of rows) {
        const i = (r[0] - from) / QH_SEC;
        if (i % 1 !== 0) continue; // not on the quarter-hour grid
        values[i] = r[1];
        quality[i] = r[2];
        revisedSec[i] = r[3];
        addMark(marks, i, r[2]); // rows come in start order (the primary key)
      }
    }
    return {
      ...base,
      resolution: 'quarter_hour',
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
    const rows = db
      .prepare<
        [number, number, number],
        { day: number; sum: number; max: number | null; n_estimated: number; n_unreliable: number }
      >(
        'SELECT day, sum, max, n_estimated, n_unreliable FROM daily_rollups WHERE series_id = ? AND day BETWEEN ? AND ? ORDER BY day',
      )
      .all(series.id, firstDay, lastDay);
    for (const r of rows) {
      const i = r.day - firstDay;
      values[i] = Math.round(r.sum * 1000) / 1000;
      maxValues[i] = r.max;
      quality[i] = r.n_unreliable > 0 ? 3 : r.n_estimated > 0 ? 2 : 1;
      addMark(marks, i, quality[i]!);
    }
  }
  return { ...base, resolution: 'day', timesSec, values, maxValues, quality, revisedSec, marks };
}
