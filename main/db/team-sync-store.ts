/**
 * The sync's store on a team's PostgreSQL (issue 63): the SyncStore of sync-store.ts over a pool of
 * connections (a sync runs several meters at once, each page in a transaction of its own connection).
 * Same rows, same rules as a local profile's SQLite: a page and its cursor commit together; the sync
 * state's statements mirror account-store.ts. A connection lost or refused midway is said in words
 * (reason pg_unreachable), so is a role that may only read (pg_read_only); the transaction is rolled
 * back, so nothing is half-written.
 */
import pg from 'pg';
import { AppError } from '../errors';
import { dayNumberOf } from '../time/local-days';
import { checkedCursor, usableCursor } from './account-store';
import { readingStarts, type PgStoredDay } from './team-days';
import type { SyncState, SyncStore } from './sync-store';
import { teamApplyPage } from './team-readings';
import type { TeamTarget } from './team-init';
import { TEAM_SCHEMA } from './team-schema';
import { latestEnds } from './team-stats';

const S = TEAM_SCHEMA;

/** Errors of the connection itself (not of a statement): the server went away or cannot be reached. */
const CONNECTION = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Connection terminated|terminating connection/i;

/** A failure of the team's server said in words: the connection lost, or a role that may not write. */
export function teamFailure(t: TeamTarget, err: unknown): unknown {
  const e = err as Error & { code?: string };
  if (e instanceof AppError) return e;
  if (e.code === '42501')
    return new AppError(
      'forbidden',
      `User "${t.user}" may not write to the team's store at ${t.host}:${t.port}/${t.database} (${e.message}): a read-only role. Syncs and imports need the apps' role (team init --app-role grants it); nothing was written.`,
      { reason: 'pg_read_only' },
    );
  if (CONNECTION.test(e.message ?? '') || /^(08|57P)/.test(e.code ?? ''))
    return new AppError(
      'unreachable',
      `The connection to PostgreSQL at ${t.host}:${t.port}/${t.database} was lost (${e.message}). What was being written was rolled back; sync again once the server is back.`,
      { reason: 'pg_unreachable' },
    );
  return err;
}

/** A pool for a team's database (closed by the caller with `end()`). */
export function teamPool(t: TeamTarget, password: string | undefined, max = 4): pg.Pool {
  const pool = new pg.Pool({
    host: t.host,
    port: t.port,
    database: t.database,
    user: t.user,
    password,
    ssl: t.ssl === 'disable' ? false : { rejectUnauthorized: t.ssl === 'verify-full' },
    max,
    connectionTimeoutMillis: 10_000,
    application_name: 'meterdesk',
  });
  // An idle connection the server drops is not this process's end: the next query says so.
  pool.on('error', () => undefined);
  return pool;
}

/** The statements' runners: each failure said in words (teamFailure), a transaction rolled back whole. */
function teamDb(pool: pg.Pool, t: TeamTarget) {
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw teamFailure(t, err);
    }
  };
  const tx = <T>(fn: (q: pg.PoolClient) => Promise<T>): Promise<T> =>
    run(async () => {
      const q = await pool.connect();
      try {
        await q.query('BEGIN');
        const out = await fn(q);
        await q.query('COMMIT');
        return out;
      } catch (err) {
        await q.query('ROLLBACK').catch(() => null);
        throw err;
      } finally {
        q.release();
      }
    });
  const exec = (sql: string, params: unknown[]) =>
    run(async () => {
      await pool.query(sql, params);
    });
  const rows = <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    run(async () => (await pool.query<R>(sql, params)).rows);
  const setCursor = (q: pg.PoolClient, meterId: string, cursor: string | null, nowSec: number) =>
    q.query(
      `INSERT INTO ${S}.sync_state AS st (meter_id, cursor, last_sync_sec, last_error, pages, mode) VALUES ($1, $2, $3, NULL, 1, 'feed')
       ON CONFLICT (meter_id) DO UPDATE SET cursor = excluded.cursor, last_sync_sec = excluded.last_sync_sec, last_error = NULL,
         pages = st.pages + 1, mode = 'feed', window_synced_sec = NULL, backfill_until_sec = NULL, backfill_cursor = NULL`,
      [meterId, checkedCursor(cursor), nowSec],
    );
  return { pool, run, tx, exec, rows, setCursor };
}

type TeamDb = ReturnType<typeof teamDb>;

export function teamSyncStore(pool: pg.Pool, t: TeamTarget, tz: string): SyncStore {
  const db = teamDb(pool, t);
  return { ...accountPart(db), ...statePart(db), ...readingsPart(db, tz) };
}

/** The account's meters, customers and sites, as account-store.ts writes them. */
function accountPart(
  db: TeamDb,
): Pick<SyncStore, 'saveMeters' | 'saveStructure' | 'syncableMeterIds' | 'inferCommodity'> {
  const { tx, exec, rows } = db;
  return {
    saveMeters: (meters, nowSec) =>
      tx(async (q) => {
        for (const m of meters)
          await q.query(
            `INSERT INTO ${S}.meters AS m (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, is_demo, latest_data_sec, created_sec, consent_state, consent_expires_sec, raw_json, seen_sec)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
             ON CONFLICT (id) DO UPDATE SET metering_point = excluded.metering_point, label = excluded.label, energy_direction = excluded.energy_direction,
               commodity = CASE WHEN $16 THEN excluded.commodity ELSE m.commodity END, granularity = excluded.granularity, status = excluded.status,
               site_id = excluded.site_id, is_demo = excluded.is_demo, latest_data_sec = excluded.latest_data_sec, created_sec = excluded.created_sec,
               consent_state = excluded.consent_state, consent_expires_sec = excluded.consent_expires_sec, raw_json = excluded.raw_json, seen_sec = excluded.seen_sec`,
            [
              m.id,
              m.meteringPoint,
              m.label,
              m.energyDirection,
              m.commodity,
              m.granularity,
              m.status,
              m.siteId,
              !!m.isDemo,
              m.latestDataSec,
              m.createdSec,
              m.consentState,
              m.consentExpiresSec,
              JSON.stringify(m.raw),
              nowSec,
              !!m.commodityStated,
            ],
          );
      }),
    saveStructure: (customers, sites) =>
      tx(async (q) => {
        for (const c of customers)
          await q.query(
            `INSERT INTO ${S}.customers (id, name, email) VALUES ($1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email`,
            [c.id, c.name, c.email ?? null],
          );
        for (const s of sites)
          await q.query(
            `INSERT INTO ${S}.sites (id, customer_id, name, address) VALUES ($1, $2, $3, $4)
             ON CONFLICT (id) DO UPDATE SET customer_id = excluded.customer_id, name = excluded.name, address = excluded.address`,
            [s.id, s.customer_id ?? null, s.name, s.address ?? null],
          );
      }),
    syncableMeterIds: async () =>
      (
        await rows<{ id: string }>(
          `SELECT id FROM ${S}.meters WHERE status = 'connected' OR is_demo ORDER BY id COLLATE "C"`,
        )
      ).map((r) => r.id),
    inferCommodity: (meterId) =>
      exec(
        `UPDATE ${S}.meters m SET commodity = 'gas' WHERE m.id = $1 AND m.commodity <> 'gas'
           AND (m.raw_json::json ->> 'commodity') IS NULL AND (m.raw_json::json ->> 'obis_codes') IS NULL
           AND EXISTS (SELECT 1 FROM ${S}.series s WHERE s.meter_id = m.id AND s.obis_code LIKE '7-%')`,
        [meterId],
      ),
  };
}

/** Each meter's sync state, as account-store.ts keeps it. */
function statePart(
  db: TeamDb,
): Pick<
  SyncStore,
  | 'syncStateOf'
  | 'writeBackfill'
  | 'writeCursor'
  | 'writeWindowSynced'
  | 'clearCursor'
  | 'recordError'
  | 'recordWarning'
> {
  const { tx, exec, rows, setCursor } = db;
  return {
    syncStateOf: async (meterId): Promise<SyncState> => {
      const [s] = await rows<{
        cursor: string | null;
        mode: 'feed' | 'window';
        window_synced_sec: string | null;
        backfill_until_sec: string | null;
        backfill_cursor: string | null;
      }>(
        `SELECT cursor, mode, window_synced_sec, backfill_until_sec, backfill_cursor FROM ${S}.sync_state WHERE meter_id = $1`,
        [meterId],
      );
      const num = (x: string | null | undefined) => (x === null || x === undefined ? null : Number(x));
      const until = num(s?.backfill_until_sec);
      return {
        cursor: usableCursor(s?.cursor),
        mode: s?.mode ?? 'feed',
        windowSyncedSec: num(s?.window_synced_sec),
        backfill: until === null ? null : { untilSec: until, feedCursor: usableCursor(s?.backfill_cursor) },
      };
    },
    writeBackfill: (meterId, untilSec, feedCursor) =>
      exec(
        `INSERT INTO ${S}.sync_state (meter_id, cursor, backfill_until_sec, backfill_cursor) VALUES ($1, NULL, $2, $3)
         ON CONFLICT (meter_id) DO UPDATE SET backfill_until_sec = excluded.backfill_until_sec, backfill_cursor = excluded.backfill_cursor`,
        [meterId, untilSec, checkedCursor(feedCursor)],
      ),
    writeCursor: (meterId, cursor, nowSec) =>
      tx(async (q) => {
        await setCursor(q, meterId, cursor, nowSec);
      }),
    writeWindowSynced: (meterId, syncedSec, nowSec) =>
      exec(
        `INSERT INTO ${S}.sync_state AS st (meter_id, cursor, last_sync_sec, last_error, pages, mode, window_synced_sec) VALUES ($1, NULL, $2, NULL, 1, 'window', $3)
         ON CONFLICT (meter_id) DO UPDATE SET cursor = NULL, last_sync_sec = excluded.last_sync_sec, last_error = NULL,
           pages = st.pages + 1, mode = 'window', window_synced_sec = excluded.window_synced_sec, backfill_until_sec = NULL, backfill_cursor = NULL`,
        [meterId, nowSec, syncedSec],
      ),
    clearCursor: (meterId) => exec(`UPDATE ${S}.sync_state SET cursor = NULL WHERE meter_id = $1`, [meterId]),
    recordError: (meterId, error) =>
      exec(
        `INSERT INTO ${S}.sync_state (meter_id, cursor, last_sync_sec, last_error) VALUES ($1, NULL, NULL, $2)
         ON CONFLICT (meter_id) DO UPDATE SET last_error = excluded.last_error`,
        [meterId, JSON.stringify(error)],
      ),
    recordWarning: (meterId, notes) =>
      exec(
        `INSERT INTO ${S}.sync_state (meter_id, cursor, last_sync_sec, last_warning) VALUES ($1, NULL, NULL, $2)
         ON CONFLICT (meter_id) DO UPDATE SET last_warning = excluded.last_warning`,
        [meterId, notes === null ? null : JSON.stringify(notes)],
      ),
  };
}

/** A page written with its cursor, and what the check reads. */
function readingsPart(
  db: TeamDb,
  tz: string,
): Pick<
  SyncStore,
  'applyPage' | 'checkFacts' | 'readingCountsByDay' | 'countReadings' | 'meterReadingCount'
> {
  const { pool, run, tx, rows, setCursor } = db;
  return {
    applyPage: (meterId, page, source, nowSec, cursor) =>
      tx(async (q) => {
        const w = await teamApplyPage(q, tz, meterId, page, source, nowSec);
        if (cursor !== undefined) await setCursor(q, meterId, cursor, nowSec);
        return w;
      }),
    checkFacts: async (meterId) => {
      const [m] = await rows<{ latest_data_sec: string | null }>(
        `SELECT latest_data_sec FROM ${S}.meters WHERE id = $1`,
        [meterId],
      );
      const series = await rows<{ id: string }>(
        `SELECT id FROM ${S}.series WHERE meter_id = $1 ORDER BY obis_code COLLATE "C"`,
        [meterId],
      );
      const latest = await run(() => latestEnds(pool, meterId));
      return {
        serviceLatestSec: m?.latest_data_sec == null ? null : Number(m.latest_data_sec),
        seriesIds: series.map((s) => Number(s.id)),
        latestEndSec: latest.get(meterId) ?? null,
      };
    },
    readingCountsByDay: async (seriesIds, firstDay, lastDay) =>
      seriesIds.length === 0
        ? []
        : (
            await rows<{ s: string; d: number; n: number }>(
              `SELECT series_id AS s, day AS d, count AS n FROM ${S}.daily_rollups
                WHERE series_id = ANY($1::bigint[]) AND day BETWEEN $2 AND $3`,
              [seriesIds, firstDay, lastDay],
            )
          ).map((r) => ({ s: Number(r.s), d: r.d, n: r.n })),
    countReadings: (meterId, fromSec, toSec) => run(() => countReadings(pool, tz, meterId, fromSec, toSec)),
    meterReadingCount: async (meterId, firstDay, lastDay) =>
      Number(
        (
          await rows<{ n: string }>(
            `SELECT coalesce(sum(d.count), 0) AS n FROM ${S}.daily_rollups d JOIN ${S}.series s ON s.id = d.series_id
              WHERE s.meter_id = $1 AND d.day BETWEEN $2 AND $3`,
            [meterId, firstDay, lastDay],
          )
        )[0]!.n,
      ),
  };
}

/** Readings of a meter (all registers) starting in [fromSec, toSec): its days' slots and irregular readings. */
async function countReadings(pool: pg.Pool, tz: string, meterId: string, fromSec: number, toSec: number) {
  if (toSec <= fromSec) return 0;
  const days = await pool.query<PgStoredDay & { resolution_sec: number }>(
    `SELECT s.resolution_sec, d.day_start_sec, d.first_slot_sec, d.vals, d.flags, d.updated
       FROM ${S}.reading_days d JOIN ${S}.series s ON s.id = d.series_id
      WHERE s.meter_id = $1 AND d.day BETWEEN $2 AND $3`,
    [meterId, dayNumberOf(fromSec, tz), dayNumberOf(toSec - 1, tz)],
  );
  let n = 0;
  for (const r of days.rows)
    for (const start of readingStarts(r, r.resolution_sec)) if (start >= fromSec && start < toSec) n += 1;
  const irregular = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${S}.irregular_readings i JOIN ${S}.series s ON s.id = i.series_id
      WHERE s.meter_id = $1 AND i.start_sec >= $2 AND i.start_sec < $3`,
    [meterId, fromSec, toSec],
  );
  return n + irregular.rows[0]!.n;
}
