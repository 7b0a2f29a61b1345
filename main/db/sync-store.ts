/**
 * The sync's store port (issue 63): every read and write the sync and its check make, behind one
 * interface with two adapters — a local profile's SQLite (here, over the account and readings stores)
 * and a team's PostgreSQL (team-sync-store.ts). The sync (main/sync/) knows only this interface. Each
 * call is awaited: PostgreSQL answers over the network; SQLite's answers are already there.
 */
import type Database from 'better-sqlite3';
import type { ContractError, SyncNote } from '../../preload/contract';
import type { ReadingColumns } from '../api/reading-columns';
import type { ApiMeter } from '../api/schemas';
import type { AccountStore } from './account-store';
import type { WriteResult } from './page-merge';
import type { ReadingsStore } from './readings-store';
import { countReadings, latestOfMeters } from './readings-read';
import { meterRow } from './meter-reads';
import { meterReadingCount, readingCountsByDay, registersOf } from './series-reads';

/** How a meter is kept current: the feed from a cursor (null before the first sync), or windows. */
export interface SyncState {
  cursor: string | null;
  mode: 'feed' | 'window';
  windowSyncedSec: number | null;
  /** A first sync by windows: read up to here, with this feed cursor from its first windows. */
  backfill: { untilSec: number; feedCursor: string | null } | null;
}

export interface SyncStore {
  saveMeters(meters: ApiMeter[], nowSec: number): Promise<void>;
  saveStructure(
    customers: { id: string; name: string; email?: string | null }[],
    sites: { id: string; customer_id?: string | null; name: string; address?: string | null }[],
  ): Promise<void>;
  /** The meters a sync visits: connected ones and the demo's, by id. */
  syncableMeterIds(): Promise<string[]>;
  syncStateOf(meterId: string): Promise<SyncState>;
  /** How far a first sync by window reads got (written after each window it finished). */
  writeBackfill(meterId: string, untilSec: number, feedCursor: string | null): Promise<void>;
  /** A feed cursor on its own (one a window read handed out); a page's goes with `applyPage`. */
  writeCursor(meterId: string, cursor: string | null, nowSec: number): Promise<void>;
  /** A meter kept current by window reads: they covered everything up to `syncedSec` (service clock). */
  writeWindowSynced(meterId: string, syncedSec: number, nowSec: number): Promise<void>;
  clearCursor(meterId: string): Promise<void>;
  /** A meter whose service names no commodity is gas once gas registers (7-…) arrive for it. */
  inferCommodity(meterId: string): Promise<void>;
  recordError(meterId: string, error: ContractError): Promise<void>;
  recordWarning(meterId: string, notes: SyncNote[] | null): Promise<void>;
  /** A page of readings and, when given, the feed cursor after it: one transaction. */
  applyPage(
    meterId: string,
    readings: ReadingColumns,
    source: 'cursor' | 'window',
    nowSec: number,
    cursor?: string | null,
  ): Promise<WriteResult>;
  /** What the check starts from: the service's newest data, the meter's series, its newest reading's end. */
  checkFacts(
    meterId: string,
  ): Promise<{ serviceLatestSec: number | null; seriesIds: number[]; latestEndSec: number | null }>;
  /** Readings per series and local day in [firstDay, lastDay], from the rollups. */
  readingCountsByDay(
    seriesIds: readonly number[],
    firstDay: number,
    lastDay: number,
  ): Promise<{ s: number; d: number; n: number }[]>;
  /** Readings of the meter (all registers) starting in [fromSec, toSec). */
  countReadings(meterId: string, fromSec: number, toSec: number): Promise<number>;
  /** Readings of the meter on the whole days [firstDay, lastDay], from the rollups. */
  meterReadingCount(meterId: string, firstDay: number, lastDay: number): Promise<number>;
}

/** A local profile's SQLite as the sync's store. */
export function sqliteSyncStore(
  db: Database.Database,
  account: AccountStore,
  readings: ReadingsStore,
): SyncStore {
  const inTransaction = (fn: () => void) => db.transaction(fn).immediate();
  return {
    saveMeters: async (meters, nowSec) => account.saveMeters(meters, nowSec),
    saveStructure: async (customers, sites) => account.saveStructure(customers, sites),
    syncableMeterIds: async () => account.syncableMeterIds(),
    syncStateOf: async (meterId) => account.syncStateOf(meterId),
    writeBackfill: async (meterId, untilSec, feedCursor) => {
      account.writeBackfill(meterId, untilSec, feedCursor);
    },
    writeCursor: async (meterId, cursor, nowSec) =>
      inTransaction(() => account.writeCursor(meterId, cursor, nowSec)),
    writeWindowSynced: async (meterId, syncedSec, nowSec) =>
      inTransaction(() => account.writeWindowSynced(meterId, syncedSec, nowSec)),
    clearCursor: async (meterId) => {
      account.clearCursor(meterId);
    },
    inferCommodity: async (meterId) => {
      account.inferCommodity(meterId);
    },
    recordError: async (meterId, error) => {
      account.recordError(meterId, error);
    },
    recordWarning: async (meterId, notes) => {
      account.recordWarning(meterId, notes);
    },
    applyPage: async (meterId, page, source, nowSec, cursor) =>
      readings.applyPage(
        meterId,
        page,
        source,
        nowSec,
        cursor === undefined ? undefined : () => account.writeCursor(meterId, cursor, nowSec),
      ),
    checkFacts: async (meterId) => ({
      serviceLatestSec: meterRow(db, meterId)?.latest_data_sec ?? null,
      seriesIds: registersOf(db, meterId).map((s) => s.id),
      latestEndSec: latestOfMeters(db, [meterId])?.endSec ?? null,
    }),
    readingCountsByDay: async (seriesIds, firstDay, lastDay) =>
      readingCountsByDay(db, seriesIds, firstDay, lastDay),
    countReadings: async (meterId, fromSec, toSec) => countReadings(db, meterId, fromSec, toSec),
    meterReadingCount: async (meterId, firstDay, lastDay) =>
      meterReadingCount(db, meterId, firstDay, lastDay),
  };
}
