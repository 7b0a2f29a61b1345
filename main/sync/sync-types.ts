/** The sync's constants and the shapes its callers see (progress, summary, dependencies). */
import type { ApiClient } from '../api/client';
import type { SyncStore } from '../db/sync-store';
import type { MeterCheck, SyncWarning } from './verify';
import type { ContractError } from '../../preload/contract';

export const REBASELINE_DAYS = 62;
/** The longest history any plan reaches (3 years): how far back a first sync by window reads goes. */
export const HISTORY_DAYS = 3 * 366;
/**
 * Readings per feed page: the service's maximum (SERVICE-CONTRACT §4). Fewer requests and larger
 * transactions; the app runs the sync in a worker thread, so a page's write never blocks the UI.
 */
export const DEFAULT_PAGE_SIZE = 10_000;
/** Pages one meter's feed may take in one run before the run calls it a service fault. */
export const MAX_FEED_PAGES = 20_000;
export const WINDOW_CHUNK_DAYS = 90;
export const DAY_SEC = 86_400;

export interface SyncProgress {
  meterId: string | null;
  meterIndex: number;
  meterCount: number;
  pages: number;
  readings: number;
  revisions: number;
  etaSec: number | null;
  done: boolean;
}

export interface SyncSummary {
  meters: number;
  readingsWritten: number;
  revisions: number;
  pages: number;
  durationMs: number;
  errors: { meterId: string; code: string; message: string; error: ContractError }[];
  /** Shortfalls the checks against the service found (and what they fetched), per meter. */
  warnings: SyncWarning[];
  /** What was checked against the service, per meter. */
  checks: MeterCheck[];
}

export interface SyncDeps {
  api: ApiClient;
  /** Where the sync reads and writes: a local profile's SQLite or a team's PostgreSQL (db/sync-store.ts). */
  store: SyncStore;
  tz?: string;
  now?: () => number;
  onProgress?: (p: SyncProgress) => void;
  onReadingsChanged?: (meterIds: string[]) => void;
  /** Readings per feed page requested from the service (the service's default when unset). */
  pageSize?: number;
  concurrency?: number;
  /** On a meter's first sync, read this many recent days by window first (0 = off; default 14). */
  recentFirstDays?: number;
  /** Check each meter's synced days against the service after its run (default true). */
  verify?: boolean;
}

export interface Tally {
  pages: number;
  readings: number;
  revisions: number;
  /** Local days this run wrote readings into (the range the check covers). */
  firstDay: number | null;
  lastDay: number | null;
}

/** A run that has done nothing yet (or, for a profile without an account, has nothing to do). */
export function emptySummary(): SyncSummary {
  return {
    meters: 0,
    readingsWritten: 0,
    revisions: 0,
    pages: 0,
    durationMs: 0,
    errors: [],
    warnings: [],
    checks: [],
  };
}
