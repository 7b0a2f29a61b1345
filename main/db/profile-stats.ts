/** What a profile's database holds, counted for `meterdesk stats` without a scan of its readings. */
import type Database from 'better-sqlite3';
import { latestOfMeters } from './readings-read';

export interface ProfileStats {
  meters: number;
  series: number;
  readings: number;
  revisions: number;
  per_meter: {
    id: string;
    metering_point: string;
    status: string;
    readings: number;
    cursor: string | null;
    latest_reading_at: string | null;
  }[];
}

/** A meter's registers, by OBIS code. */
export function registersOfMeter(db: Database.Database, meterId: string): string[] {
  return (
    db.prepare('SELECT obis_code FROM series WHERE meter_id = ? ORDER BY obis_code').all(meterId) as {
      obis_code: string;
    }[]
  ).map((r) => r.obis_code);
}

/**
 * Counts from the daily rollups (kept in the same transaction as the rows, so exact) and the newest
 * reading by index: no scan of millions of rows (21 M readings: ~0.1 s instead of ~6 s). The rollups
 * are read once (each holds its day's block: 126 MB at 21 M readings), per series.
 */
export function profileStats(db: Database.Database): ProfileStats {
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const perSeries = db
    .prepare('SELECT series_id, sum(count) FROM daily_rollups GROUP BY series_id')
    .raw(true)
    .all() as [number, number][];
  const seriesMeter = new Map(
    (db.prepare('SELECT id, meter_id FROM series').raw(true).all() as [number, string][]).map(([id, m]) => [
      id,
      m,
    ]),
  );
  const perMeter = new Map<string, number>();
  let readings = 0;
  for (const [sid, n] of perSeries) {
    readings += n;
    const m = seriesMeter.get(sid);
    if (m !== undefined) perMeter.set(m, (perMeter.get(m) ?? 0) + n);
  }
  const meters = db
    .prepare(
      `SELECT m.id, m.metering_point, m.status, s.cursor
         FROM meters m LEFT JOIN sync_state s ON s.meter_id = m.id ORDER BY m.metering_point`,
    )
    .all() as { id: string; metering_point: string; status: string; cursor: string | null }[];
  return {
    meters: one('SELECT count(*) AS n FROM meters'),
    series: seriesMeter.size,
    readings,
    revisions: one('SELECT count(*) AS n FROM reading_revisions'),
    per_meter: meters.map((m) => ({
      id: m.id,
      metering_point: m.metering_point,
      status: m.status,
      readings: perMeter.get(m.id) ?? 0,
      cursor: m.cursor,
      latest_reading_at: latestAt(db, m.id),
    })),
  };
}

/** The end of a meter's latest reading as ISO text, or null. */
function latestAt(db: Database.Database, meterId: string): string | null {
  const last = latestOfMeters(db, [meterId]);
  return last === null ? null : new Date(last.endSec * 1000).toISOString();
}
