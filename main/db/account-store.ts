/**
 * The account structure of a profile database: customers, sites, meters, sync state, and the
 * meter list view (its 30-day figures come from each meter's frame: analysis/meter-list.ts).
 */
import type Database from 'better-sqlite3';
import type { ContractError, MeterView, SyncNote } from '../../preload/contract';
import type { ApiMeter } from '../api/schemas';
import { latestOfMeters } from './readings-read';
import { cleanText, identifierIssue, TEXT_CAPS } from '../../common/rules';
import { AppError } from '../errors';

/** Each meter's sync state: its feed cursor or window reads, a first sync's backfill, its last error and warning. */
function syncStateRows(db: Database.Database) {
  const getState = db.prepare<
    [string],
    {
      cursor: string | null;
      mode: 'feed' | 'window';
      window_synced_sec: number | null;
      backfill_until_sec: number | null;
      backfill_cursor: string | null;
    }
  >(
    'SELECT cursor, mode, window_synced_sec, backfill_until_sec, backfill_cursor FROM sync_state WHERE meter_id = ?',
  );
  const setBackfill = db.prepare(
    `INSERT INTO sync_state (meter_id, cursor, backfill_until_sec, backfill_cursor) VALUES (?, NULL, ?, ?)
     ON CONFLICT (meter_id) DO UPDATE SET backfill_until_sec = excluded.backfill_until_sec, backfill_cursor = excluded.backfill_cursor`,
  );
  const setCursor = db.prepare(
    `INSERT INTO sync_state (meter_id, cursor, last_sync_sec, last_error, pages, mode) VALUES (?, ?, ?, NULL, 1, 'feed')
     ON CONFLICT (meter_id) DO UPDATE SET cursor = excluded.cursor, last_sync_sec = excluded.last_sync_sec, last_error = NULL,
       pages = pages + 1, mode = 'feed', window_synced_sec = NULL, backfill_until_sec = NULL, backfill_cursor = NULL`,
  );
  const setWindowSynced = db.prepare(
    `INSERT INTO sync_state (meter_id, cursor, last_sync_sec, last_error, pages, mode, window_synced_sec) VALUES (?, NULL, ?, NULL, 1, 'window', ?)
     ON CONFLICT (meter_id) DO UPDATE SET cursor = NULL, last_sync_sec = excluded.last_sync_sec, last_error = NULL,
       pages = pages + 1, mode = 'window', window_synced_sec = excluded.window_synced_sec, backfill_until_sec = NULL, backfill_cursor = NULL`,
  );
  const setError = db.prepare(
    `INSERT INTO sync_state (meter_id, cursor, last_sync_sec, last_error) VALUES (?, NULL, NULL, ?)
     ON CONFLICT (meter_id) DO UPDATE SET last_error = excluded.last_error`,
  );
  const setWarning = db.prepare(
    `INSERT INTO sync_state (meter_id, cursor, last_sync_sec, last_warning) VALUES (?, NULL, NULL, ?)
     ON CONFLICT (meter_id) DO UPDATE SET last_warning = excluded.last_warning`,
  );
  return {
    cursorOf: (meterId: string): string | null => usableCursor(getState.get(meterId)?.cursor),
    /** How the meter is kept current: the feed from a cursor (null before the first sync), or windows. */
    syncStateOf(meterId: string): {
      cursor: string | null;
      mode: 'feed' | 'window';
      windowSyncedSec: number | null;
      /** A first sync by windows: read up to here, with this feed cursor from its first windows. */
      backfill: { untilSec: number; feedCursor: string | null } | null;
    } {
      const s = getState.get(meterId);
      return {
        cursor: usableCursor(s?.cursor),
        mode: s?.mode ?? 'feed',
        windowSyncedSec: s?.window_synced_sec ?? null,
        backfill:
          s?.backfill_until_sec === null || s?.backfill_until_sec === undefined
            ? null
            : { untilSec: s.backfill_until_sec, feedCursor: usableCursor(s.backfill_cursor) },
      };
    },
    /** How far a first sync by window reads got (written after each window it finished). */
    writeBackfill: (meterId: string, untilSec: number, feedCursor: string | null) =>
      setBackfill.run(meterId, untilSec, checkedCursor(feedCursor)),
    /** Must be called inside the transaction of the page that produced the cursor. */
    writeCursor: (meterId: string, cursor: string | null, nowSec: number) =>
      setCursor.run(meterId, checkedCursor(cursor), nowSec),
    /** A meter kept current by window reads: they covered everything up to `syncedSec` (service clock). */
    writeWindowSynced: (meterId: string, syncedSec: number, nowSec: number) =>
      setWindowSynced.run(meterId, nowSec, syncedSec),
    clearCursor: (meterId: string) =>
      db.prepare('UPDATE sync_state SET cursor = NULL WHERE meter_id = ?').run(meterId),
    /** The meter's last sync error, kept as its code, reason and words (JSON). */
    recordError: (meterId: string, error: ContractError) => setError.run(meterId, JSON.stringify(error)),
    /** The last sync's shortfall against the service (null: none found). */
    recordWarning: (meterId: string, notes: SyncNote[] | null) =>
      setWarning.run(meterId, notes === null ? null : JSON.stringify(notes)),
    lastSyncSec: (): number | null =>
      (db.prepare('SELECT max(last_sync_sec) AS s FROM sync_state').get() as { s: number | null }).s,
  };
}

/** The account's structure (customers, sites, meters), its key-values, and the meter list with its sync state. */
export function createAccountStore(db: Database.Database) {
  const upsertMeterStmt = db.prepare(
    `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, is_demo, latest_data_sec, created_sec, consent_state, consent_expires_sec, raw_json, seen_sec)
     VALUES (@id, @meteringPoint, @label, @energyDirection, @commodity, @granularity, @status, @siteId, @isDemo, @latestDataSec, @createdSec, @consentState, @consentExpiresSec, @raw, @seen)
     ON CONFLICT (id) DO UPDATE SET metering_point = excluded.metering_point, label = excluded.label, energy_direction = excluded.energy_direction,
       commodity = CASE WHEN @commodityStated = 1 THEN excluded.commodity ELSE meters.commodity END, granularity = excluded.granularity, status = excluded.status, site_id = excluded.site_id,
       is_demo = excluded.is_demo, latest_data_sec = excluded.latest_data_sec, created_sec = excluded.created_sec,
       consent_state = excluded.consent_state, consent_expires_sec = excluded.consent_expires_sec, raw_json = excluded.raw_json, seen_sec = excluded.seen_sec`,
  );
  const upsertCustomer = db.prepare(
    'INSERT INTO customers (id, name, email) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email',
  );
  const upsertSite = db.prepare(
    'INSERT INTO sites (id, customer_id, name, address) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET customer_id = excluded.customer_id, name = excluded.name, address = excluded.address',
  );
  const getAccount = db.prepare<[string], { value: string }>('SELECT value FROM account WHERE key = ?');
  const setAccount = db.prepare(
    'INSERT INTO account (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );

  return {
    ...syncStateRows(db),
    saveMeters(meters: ApiMeter[], nowSec: number): void {
      db.transaction(() => {
        for (const m of meters) {
          upsertMeterStmt.run({
            ...m,
            isDemo: m.isDemo ? 1 : 0,
            commodityStated: m.commodityStated ? 1 : 0,
            raw: JSON.stringify(m.raw),
            seen: nowSec,
          });
        }
      }).immediate();
    },
    saveStructure(
      customers: { id: string; name: string; email?: string | null }[],
      sites: { id: string; customer_id?: string | null; name: string; address?: string | null }[],
    ): void {
      db.transaction(() => {
        for (const c of customers) upsertCustomer.run(c.id, c.name, c.email ?? null);
        for (const s of sites) upsertSite.run(s.id, s.customer_id ?? null, s.name, s.address ?? null);
      }).immediate();
    },
    /** A meter whose service names no commodity is gas once gas registers (7-…) arrive for it. */
    inferCommodity: (meterId: string) =>
      db
        .prepare(
          `UPDATE meters SET commodity = 'gas' WHERE id = ? AND commodity <> 'gas'
             AND json_extract(raw_json, '$.commodity') IS NULL AND json_extract(raw_json, '$.obis_codes') IS NULL
             AND EXISTS (SELECT 1 FROM series WHERE meter_id = meters.id AND obis_code LIKE '7-%')`,
        )
        .run(meterId),
    getAccountValue: (key: string): string | null => getAccount.get(key)?.value ?? null,
    setAccountValue: (key: string, value: string) => setAccount.run(key, value),
    /** The meter with this metering point (an MQTT topic names it), or null. */
    meterIdOfPoint: (meteringPoint: string): string | null =>
      (
        db.prepare('SELECT id FROM meters WHERE metering_point = ?').get(meteringPoint) as
          { id: string } | undefined
      )?.id ?? null,
    /** The meters a sync visits: connected ones and the demo's, by id. */
    syncableMeterIds: (): string[] =>
      (
        db.prepare("SELECT id FROM meters WHERE status = 'connected' OR is_demo = 1 ORDER BY id").all() as {
          id: string;
        }[]
      ).map((r) => r.id),

    listMeterViews: (nowSec: number): MeterView[] => listMeterViews(db, nowSec),
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

/** The meter list: each meter with its registers, latest and earliest data, and the last 30 days' completeness and quality. */
function listMeterViews(db: Database.Database, nowSec: number): MeterView[] {
  const rows = db
    .prepare(
      `SELECT m.*, s.name AS site_name, c.id AS customer_id, c.name AS customer_name,
                st.last_error AS sync_error, st.last_warning AS sync_warning,
                (SELECT count(*) FROM watch_findings w
                  WHERE w.meter_id = m.id AND w.cleared_sec IS NULL AND w.acknowledged_sec IS NULL
                    AND (w.snoozed_until IS NULL OR w.snoozed_until <= @now)) AS watch_unseen
           FROM meters m LEFT JOIN sites s ON s.id = m.site_id LEFT JOIN customers c ON c.id = s.customer_id
           LEFT JOIN sync_state st ON st.meter_id = m.id
          ORDER BY c.name, s.name, m.label`,
    )
    .all({ now: nowSec }) as Record<string, unknown>[];
  const regs = db.prepare<[string], { id: number; obis_code: string }>(
    'SELECT id, obis_code FROM series WHERE meter_id = ? ORDER BY obis_code',
  );
  // Each series' first day by the primary key (series_id, day): min(day_start_sec) over the join
  // read every rollup of the meter, ≈ 1 s for the list of 200 meters × 3 years.
  const earliest = db.prepare<[string], { t: number | null }>(
    `SELECT min((SELECT d.day_start_sec FROM daily_rollups d WHERE d.series_id = s.id ORDER BY d.day LIMIT 1)) AS t
         FROM series s WHERE s.meter_id = ?`,
  );
  return rows.map((r) => {
    const series = regs.all(r.id as string);
    const known = JSON.parse(r.raw_json as string) as { obis_codes?: string[] };
    const registers = [...new Set([...(known.obis_codes ?? []), ...series.map((s) => s.obis_code)])];
    const localLatest = latestOfMeters(db, [r.id as string])?.endSec ?? null;
    return {
      id: r.id as string,
      usageClass: (r.usage_class as MeterView['usageClass'] | undefined) ?? null,
      meteringPoint: r.metering_point as string,
      label: (r.label as string | null) ?? null,
      energyDirection: r.energy_direction as string,
      commodity: r.commodity as string,
      granularity: r.granularity as string,
      status: r.status as string,
      isDemo: r.is_demo === 1,
      customerId: (r.customer_id as string | null) ?? null,
      customerName: (r.customer_name as string | null) ?? null,
      siteId: (r.site_id as string | null) ?? null,
      siteName: (r.site_name as string | null) ?? null,
      registers,
      latestDataSec: localLatest,
      earliestDataSec: earliest.get(r.id as string)?.t ?? null,
      // The last 30 days' figures come from each meter's frame (analysis/meter-list.ts).
      completeness30d: null,
      quality30d: { measured: 0, estimated: 0, unreliable: 0 },
      syncError: storedError(r.sync_error as string | null),
      syncWarning: storedNotes(r.sync_warning as string | null),
      watchUnseen: (r.watch_unseen as number | null) ?? 0,
    };
  });
}

/**
 * A meter's stored sync error: JSON of its code and words; an earlier build stored its English sentence,
 * which is kept under Details (reason `earlier_sync_error`).
 */
function storedError(text: string | null): ContractError | null {
  if (text === null) return null;
  try {
    const e = JSON.parse(text) as ContractError;
    if (e && typeof e.code === 'string' && typeof e.message === 'string') return e;
  } catch {
    // an earlier build's plain sentence
  }
  return { code: 'internal', reason: 'earlier_sync_error', message: cleanText(text) };
}

/** A meter's stored sync notes (JSON); an earlier build's plain sentence becomes one `earlier` note. */
function storedNotes(text: string | null): SyncNote[] | null {
  if (text === null) return null;
  try {
    const notes = JSON.parse(text) as SyncNote[];
    if (Array.isArray(notes)) return notes;
  } catch {
    // an earlier build's plain sentence
  }
  const earlier: SyncNote = {
    kind: 'earlier',
    fromSec: null,
    toSec: null,
    serviceReadings: null,
    localReadings: null,
    fetched: null,
    message: cleanText(text),
  };
  return [earlier];
}

/**
 * A stored cursor, unless it breaks the cap (common/rules.ts): one an older version stored is
 * dropped, so the meter syncs again from the start of the service's retention (idempotent).
 */
export function usableCursor(cursor: string | null | undefined): string | null {
  return cursor && identifierIssue(cursor, TEXT_CAPS.cursor) === null ? cursor : null;
}

/** The API client refuses such cursors; any other writer is stopped here before anything is stored. */
export function checkedCursor(cursor: string | null): string | null {
  const why = cursor === null ? null : identifierIssue(cursor, TEXT_CAPS.cursor);
  if (why)
    throw new AppError('bad_response', `The service's cursor ${why}; it was not stored.`, {
      reason: 'cursor_invalid',
    });
  return cursor;
}
