/**
 * The horizon: up to when a meter owes data, so that no figure counts as missing what nobody owes yet.
 *
 * - A **synced** meter (kept current by the service) owes a day once any synced meter of the profile's
 *   account has it (the operators' daily delivery has come), and in any case once the delivery delay
 *   has passed after the day's end (default: the end of the next day; the profile's setting
 *   `delivery_delay_days`). Before the morning's delivery yesterday is not owed: not a gap.
 * - An **imported** meter owes data up to the end of its files (an EDA member: the report's end), never
 *   up to yesterday: a file of March is complete in March.
 * - Either way never beyond now; a register's own readings past the horizon (MQTT) extend it.
 *
 * Every frame (frame.ts `frameFor`) ends at its register's horizon, so completeness, gaps, "days
 * missing", expected counts and partial periods all follow from it. Computed once per state of the
 * database and clock (`dataStamp`): the portfolio frames 1 000 meters with one read of the table.
 */
import type Database from 'better-sqlite3';
import { dayNumberOf, dayStartSec, DEFAULT_TZ } from '../../common/zone';
import { dataStamp, horizonRows, lastEndOf, storedDeliveryDelay } from '../db/horizon-reads';

/** Days after a day's end until the operator owes it, unless the profile sets another. */
export const DEFAULT_DELIVERY_DELAY_DAYS = 1;

/**
 * Why a frame ends where it ends: `delivered` (synced: the account's newest delivered data), `due`
 * (synced: the delivery delay has passed), `files` (imported: the end of its files), `data` (its own
 * readings reach further), `now`.
 */
export type HorizonKind = 'delivered' | 'due' | 'files' | 'data' | 'now';

export interface Horizon {
  /** Data is owed up to here (exclusive), never after now. */
  toSec: number;
  kind: HorizonKind;
  /** Synced: the end of the account's newest delivered data, or null before any. */
  deliveredToSec: number | null;
  /** Synced: days up to here are owed whatever was delivered (the delivery delay has passed). */
  dueToSec: number;
  delayDays: number;
}

interface Table {
  stamp: string;
  nowSec: number;
  tz: string;
  account: Horizon;
  byMeter: Map<string, Horizon>;
}
const tables = new WeakMap<Database.Database, Table>();

/** The horizon of a meter at `nowSec`. */
export function horizonOfMeter(
  db: Database.Database,
  meterId: string,
  nowSec: number,
  tz = DEFAULT_TZ,
): Horizon {
  const t = tableOf(db, nowSec, tz);
  return t.byMeter.get(meterId) ?? t.account;
}

/** The horizon of a register: its meter's, extended by its own readings, never after now. */
export function horizonOfSeries(
  h: Horizon,
  ownLastEndSec: number | null,
  nowSec: number,
): { toSec: number; kind: HorizonKind } {
  if (ownLastEndSec !== null && ownLastEndSec > h.toSec)
    return ownLastEndSec >= nowSec ? { toSec: nowSec, kind: 'now' } : { toSec: ownLastEndSec, kind: 'data' };
  return { toSec: h.toSec, kind: h.kind };
}

function tableOf(db: Database.Database, nowSec: number, tz: string): Table {
  const stamp = dataStamp(db);
  const cached = tables.get(db);
  if (cached && cached.stamp === stamp && cached.nowSec === nowSec && cached.tz === tz) return cached;
  const t = build(db, nowSec, tz, stamp);
  tables.set(db, t);
  return t;
}

function build(db: Database.Database, nowSec: number, tz: string, stamp: string): Table {
  const rows = horizonRows(db);
  const delayDays = storedDeliveryDelay(db) ?? DEFAULT_DELIVERY_DELAY_DAYS;
  const today = dayNumberOf(nowSec, tz);
  const dueToSec = Math.min(nowSec, dayStartSec(today - delayDays, tz));
  const synced = rows.filter((r) => r.status !== 'imported');
  const deliveredToSec = deliveredEnd(db, synced, tz);
  const account: Horizon = {
    toSec: Math.min(nowSec, Math.max(dueToSec, deliveredToSec ?? -Infinity)),
    kind: deliveredToSec !== null && deliveredToSec >= dueToSec ? 'delivered' : 'due',
    deliveredToSec,
    dueToSec,
    delayDays,
  };
  const byMeter = new Map<string, Horizon>();
  for (const r of rows) {
    if (byMeter.has(r.meter_id)) continue;
    if (r.status !== 'imported') {
      const files = r.files_to_sec ?? -Infinity;
      byMeter.set(
        r.meter_id,
        files > account.toSec ? { ...account, toSec: Math.min(nowSec, files), kind: 'files' } : account,
      );
      continue;
    }
    // An imported meter: the end of its files (an import of an earlier build: the meter's latest
    // data, which its import set to the file's end); without either, its own readings (frame.ts).
    const files = r.files_to_sec ?? r.latest_data_sec;
    byMeter.set(r.meter_id, {
      toSec: files === null ? -Infinity : Math.min(nowSec, files),
      kind: 'files',
      deliveredToSec: null,
      dueToSec,
      delayDays,
    });
  }
  return { stamp, nowSec, tz, account, byMeter };
}

/**
 * The end of the newest data any synced series holds: the next midnight where a series' newest day is
 * complete, else the latest reading's end on that day.
 */
function deliveredEnd(
  db: Database.Database,
  synced: ReturnType<typeof horizonRows>,
  tz: string,
): number | null {
  let maxDay = -Infinity;
  for (const r of synced) if (r.last_day !== null && r.last_day > maxDay) maxDay = r.last_day;
  if (maxDay === -Infinity) return null;
  const newest = synced.filter((r) => r.last_day === maxDay);
  if (newest.some((r) => (r.last_count ?? 0) >= (r.last_expected ?? Infinity)))
    return dayStartSec(maxDay + 1, tz);
  let end: number | null = null;
  for (const r of newest) {
    const e = lastEndOf(db, r.series_id);
    if (e !== null && (end === null || e > end)) end = e;
  }
  return end;
}
