/**
 * What the window hears about syncing: the state, the last run's errors and warnings, MQTT and the
 * service's rate limit. One holder, so a switch of profile resets all of it at once.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode, SyncStatus } from '../preload/contract';
import type { RateLimitState } from './api/client';
import type { Emit } from './profile-context';
import type { SyncSummary } from './sync/sync-service';
import { noteOf } from './sync/verify';
import { systemClock } from './time/clock';
import { unexpected, AppError, toContractError } from './errors';

export function createSyncStatus(emit: Emit) {
  let status: SyncStatus = {
    state: 'idle',
    lastSyncSec: null,
    lastError: null,
    rateLimit: null,
    mqtt: 'off',
    warnings: [],
    meterErrors: [],
  };
  let rateLimit: RateLimitState | null = null;

  function setState(state: SyncStatus['state']): void {
    if (status.state !== state) {
      status = { ...status, state };
      emit('sync:statusChanged', { state });
    }
  }

  return {
    state: () => status.state,
    /** Tells the window the state again (it may have shown a due sync as running). */
    announce: () => emit('sync:statusChanged', { state: status.state }),
    setState,
    setRateLimit(r: RateLimitState | null): void {
      rateLimit = r;
    },
    /** MQTT's state; `quiet`: the profile is closing, the window hears of the next one instead. */
    setMqtt(mqtt: SyncStatus['mqtt'], quiet = false): void {
      if (status.mqtt === mqtt) return;
      status = { ...status, mqtt };
      if (!quiet) emit('sync:statusChanged', { state: status.state });
    },
    /** A finished run: its first error, its warnings and each meter's error. */
    recordRun(summary: SyncSummary): void {
      const first = summary.errors[0];
      status = {
        ...status,
        lastSyncSec: systemClock.nowSec(),
        lastError: first ? { code: first.code as ErrorCode, message: first.message } : null,
        warnings: summary.warnings.map((w) => ({ meterId: w.meterId, note: noteOf(w) })),
        meterErrors: summary.errors.map((e) => ({ meterId: e.meterId, error: e.error })),
      };
      setState(summary.errors.length > 0 ? 'error' : 'idle');
    },
    /** A run that failed as a whole: its error, and the state it leaves (offline, idle on cancel, error). */
    recordFailure(err: unknown): number | undefined {
      const e = err instanceof AppError ? err : unexpected(err);
      const lastError = toContractError(e);
      status = { ...status, lastError };
      setState(e.code === 'unreachable' ? 'offline' : e.code === 'cancelled' ? 'idle' : 'error');
      return lastError.retryAtSec;
    },
    /** Sync status and quota belong to a profile: nothing of the previous one carries over. */
    reset(): void {
      status = {
        ...status,
        state: 'idle',
        lastSyncSec: null,
        lastError: null,
        warnings: [],
        meterErrors: [],
      };
      rateLimit = null;
    },
    /** The status as the window reads it; `startupDue`: the start-up sync waits for the window's list. */
    read(startupDue: boolean, storedLastSyncSec: () => number | null): SyncStatus {
      return {
        ...status,
        // A due start-up sync shows as running, never as a finished "idle" it has not reached yet.
        state: status.state === 'idle' && startupDue ? 'syncing' : status.state,
        rateLimit,
        lastSyncSec: status.lastSyncSec ?? storedLastSyncSec(),
      };
    },
  };
}

export type SyncStatusHolder = ReturnType<typeof createSyncStatus>;

const INTERVALS_MIN = [0, 15, 60, 360, 1440];

/** The sync interval, an app setting kept beside profiles.json (no secret, no readings); 60 unless set. */
export function readSyncInterval(dataDir: string): number {
  try {
    const v = (
      JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { syncIntervalMin?: unknown }
    ).syncIntervalMin;
    return typeof v === 'number' && INTERVALS_MIN.includes(v) ? v : 60;
  } catch {
    return 60;
  }
}

/** Saves the sync interval (written whole, then renamed: a crash leaves the old or the new one). */
export function writeSyncInterval(dataDir: string, min: number): void {
  const file = join(dataDir, 'settings.json');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify({ syncIntervalMin: min }));
  renameSync(`${file}.tmp`, file);
}

/** How long the window takes to draw its meter list once served (a few hundred meters, 2 cores). */
const LIST_DRAW_MS = 300;

/**
 * The sync at start, once the window has been served its meter list (what is stored shows first:
 * the sync's threads, and with the demo profile the service answering in this process, would share
 * the cores with the window's first paint), and at the latest `maxWaitMs` after `startupSync` (no
 * window asks: a hidden window, the harness without a page).
 */
export function createStartup(
  syncNow: () => Promise<unknown>,
  status: SyncStatusHolder,
  closed: () => boolean,
  /** Once the window was served its list (each time): the app warms its analysis thread meanwhile. */
  afterList?: () => void,
) {
  /** Starts the start-up sync, while it waits for the window's meter list. */
  let pending: (() => void) | null = null;
  return {
    startupSync(maxWaitMs = 2_000): void {
      if (pending) return;
      const timer = setTimeout(() => pending?.(), maxWaitMs);
      timer.unref?.();
      pending = () => {
        pending = null;
        clearTimeout(timer);
        if (closed()) return;
        // Until now the status said "syncing" (a sync was due); a profile without an account syncs
        // nothing, so the window hears the state as it is.
        void syncNow().finally(() => {
          if (!closed() && status.state() !== 'syncing') status.announce();
        });
      };
    },
    /**
     * The window was served its meter list (`meters` long): the start-up sync begins once the list has
     * been drawn, or at once when there is nothing to draw (a new profile: its first sync fills it).
     */
    listServed(meters: number): void {
      const go = pending;
      if (go) setTimeout(go, meters > 0 ? LIST_DRAW_MS : 0);
      if (afterList) setTimeout(afterList, 0).unref?.();
    },
    /** The start-up sync is due (it waits for the window's list). */
    due: () => pending !== null,
    cancel(): void {
      pending = null;
    },
  };
}
