/**
 * Monthly totals and monthly peak power of every series, from the per-day rollups: one indexed scan,
 * no readings touched (the portfolio benchmark's query).
 */
import type Database from 'better-sqlite3';

export interface MonthlyFigure {
  seriesId: number;
  month: string;
  kwh: number;
  peakKw: number | null;
}

export function portfolioMonthly(db: Database.Database, fromDay: number, toDay: number): MonthlyFigure[] {
  // Day numbers count local calendar days since 1970-01-01, so date(day × 86400) is the local date.
  return db
    .prepare<[number, number], MonthlyFigure>(
      `SELECT series_id AS seriesId, strftime('%Y-%m', day * 86400, 'unixepoch') AS month, round(sum(sum), 3) AS kwh, max(max) * 4 AS peakKw
         FROM daily_rollups WHERE day BETWEEN ? AND ? GROUP BY series_id, month ORDER BY series_id, month`,
    )
    .all(fromDay, toDay);
}
