/**
 * `meterdesk stats --profile TEAM`: what a team's PostgreSQL store holds, in the same shape and counted
 * the same way as a local profile's (profile-stats.ts): readings from the daily rollups, which the
 * writer keeps in the transaction of their day's row; the newest reading from the newest stored day of
 * each series and the irregular readings.
 */
import type pg from 'pg';
import { readingStarts, type PgStoredDay } from './team-days';
import type { ProfileStats } from './profile-stats';
import { TEAM_SCHEMA } from './team-schema';

const S = TEAM_SCHEMA;

export async function teamStats(client: pg.Client): Promise<ProfileStats> {
  const one = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  const perMeter = new Map(
    (
      await client.query<{ meter_id: string; n: string }>(
        `SELECT s.meter_id, sum(r.count)::text AS n FROM ${S}.daily_rollups r
           JOIN ${S}.series s ON s.id = r.series_id GROUP BY s.meter_id`,
      )
    ).rows.map((r) => [r.meter_id, Number(r.n)]),
  );
  const meters = (
    await client.query<{ id: string; metering_point: string; status: string; cursor: string | null }>(
      `SELECT m.id, m.metering_point, m.status, s.cursor
         FROM ${S}.meters m LEFT JOIN ${S}.sync_state s ON s.meter_id = m.id
        ORDER BY m.metering_point COLLATE "C"`,
    )
  ).rows;
  const latest = await latestEnds(client);
  return {
    meters: await one(`SELECT count(*) AS n FROM ${S}.meters`),
    series: await one(`SELECT count(*) AS n FROM ${S}.series`),
    readings: await one(`SELECT coalesce(sum(count), 0) AS n FROM ${S}.daily_rollups`),
    revisions: await one(`SELECT count(*) AS n FROM ${S}.reading_revisions`),
    per_meter: meters.map((m) => ({
      id: m.id,
      metering_point: m.metering_point,
      status: m.status,
      readings: perMeter.get(m.id) ?? 0,
      cursor: m.cursor,
      latest_reading_at: latest.has(m.id) ? new Date(latest.get(m.id)! * 1000).toISOString() : null,
    })),
  };
}

/** The end of each meter's (or one meter's) newest reading, in epoch seconds. */
export async function latestEnds(
  client: pg.Client | pg.Pool,
  meterId?: string,
): Promise<Map<string, number>> {
  const only = meterId === undefined ? '' : 'WHERE s.meter_id = $1';
  const params = meterId === undefined ? [] : [meterId];
  const out = new Map<string, number>();
  const keep = (meterId: string, endSec: number) => {
    if (endSec > (out.get(meterId) ?? -Infinity)) out.set(meterId, endSec);
  };
  const days = await client.query<PgStoredDay & { meter_id: string; resolution_sec: number }>(
    `SELECT DISTINCT ON (d.series_id) s.meter_id, s.resolution_sec, d.day_start_sec, d.first_slot_sec,
            d.vals, d.flags, d.updated
       FROM ${S}.reading_days d JOIN ${S}.series s ON s.id = d.series_id ${only}
      ORDER BY d.series_id, d.day DESC`,
    params,
  );
  for (const r of days.rows) {
    const last = readingStarts(r, r.resolution_sec).at(-1);
    if (last !== undefined) keep(r.meter_id, last + r.resolution_sec);
  }
  const irregular = await client.query<{ meter_id: string; end_sec: string }>(
    `SELECT s.meter_id, max(i.end_sec)::text AS end_sec FROM ${S}.irregular_readings i
       JOIN ${S}.series s ON s.id = i.series_id ${only} GROUP BY s.meter_id`,
    params,
  );
  for (const r of irregular.rows) keep(r.meter_id, Number(r.end_sec));
  return out;
}
