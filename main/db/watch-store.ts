/**
 * The watch list's findings (issue 45), behind db/: one row per condition (meter, register, rule and
 * key), stated once — a new one is inserted, one that holds still is updated, one that no longer holds
 * is cleared; a cleared condition that comes back is new again. The person acknowledges a finding.
 */
import type Database from 'better-sqlite3';
import { staleMark, storedMark, type MarkSeen } from './watch-marks';
import { AppError } from '../errors';
import { localStamp } from '../time/local-days';

export interface Finding {
  meterId: string;
  obisCode: string;
  rule: string;
  key: string;
  figures: Record<string, unknown>;
}

export interface StoredFinding extends Finding {
  id: number;
  firstSec: number;
  lastSec: number;
  clearedSec: number | null;
  acknowledgedSec: number | null;
  /** Snoozed: not new until then (migration 0009). */
  snoozedUntilSec: number | null;
}

interface Row {
  id: number;
  meter_id: string;
  obis_code: string;
  rule: string;
  key: string;
  first_sec: number;
  last_sec: number;
  cleared_sec: number | null;
  acknowledged_sec: number | null;
  snoozed_until: number | null;
  figures_json: string;
}

const view = (r: Row): StoredFinding => ({
  id: r.id,
  meterId: r.meter_id,
  obisCode: r.obis_code,
  rule: r.rule,
  key: r.key,
  figures: JSON.parse(r.figures_json) as Record<string, unknown>,
  firstSec: r.first_sec,
  lastSec: r.last_sec,
  clearedSec: r.cleared_sec,
  acknowledgedSec: r.acknowledged_sec,
  snoozedUntilSec: r.snoozed_until,
});

/** Records one evaluation's findings: says which are new, and how many ended. One transaction. */
export function recordFindings(
  db: Database.Database,
  found: readonly Finding[],
  nowSec: number,
): { added: StoredFinding[]; cleared: number } {
  const added: number[] = [];
  let cleared = 0;
  db.transaction(() => {
    const open = db.prepare('SELECT * FROM watch_findings WHERE cleared_sec IS NULL').all() as Row[];
    const key = (f: {
      meter_id?: string;
      meterId?: string;
      obis_code?: string;
      obisCode?: string;
      rule: string;
      key: string;
    }) => `${f.meter_id ?? f.meterId}|${f.obis_code ?? f.obisCode}|${f.rule}|${f.key}`;
    const now = new Set(found.map(key));
    const stop = db.prepare('UPDATE watch_findings SET cleared_sec = ? WHERE id = ?');
    for (const r of open)
      if (!now.has(key(r))) {
        stop.run(nowSec, r.id);
        cleared += 1;
      }
    const get = db.prepare(
      'SELECT * FROM watch_findings WHERE meter_id = ? AND obis_code = ? AND rule = ? AND key = ?',
    );
    for (const f of found) {
      const was = get.get(f.meterId, f.obisCode, f.rule, f.key) as Row | undefined;
      const figures = JSON.stringify(f.figures);
      if (!was) {
        added.push(
          Number(
            db
              .prepare(
                `INSERT INTO watch_findings (meter_id, obis_code, rule, key, first_sec, last_sec, figures_json)
                 VALUES (?, ?, ?, ?, ?, ?, ?)`,
              )
              .run(f.meterId, f.obisCode, f.rule, f.key, nowSec, nowSec, figures).lastInsertRowid,
          ),
        );
      } else if (was.cleared_sec !== null) {
        // It ended and came back: new again, to be looked at again.
        db.prepare(
          'UPDATE watch_findings SET first_sec = ?, last_sec = ?, cleared_sec = NULL, acknowledged_sec = NULL, snoozed_until = NULL, figures_json = ? WHERE id = ?',
        ).run(nowSec, nowSec, figures, was.id);
        added.push(was.id);
      } else
        db.prepare('UPDATE watch_findings SET last_sec = ?, figures_json = ? WHERE id = ?').run(
          nowSec,
          figures,
          was.id,
        );
    }
  }).immediate();
  const byId = db.prepare('SELECT * FROM watch_findings WHERE id = ?');
  return { added: added.map((id) => view(byId.get(id) as Row)), cleared };
}

/** The findings that hold (not cleared), newest first; with `sinceSec`, those first seen since. */
export function openFindings(db: Database.Database, sinceSec: number | null = null): StoredFinding[] {
  return (
    db
      .prepare(
        'SELECT * FROM watch_findings WHERE cleared_sec IS NULL AND first_sec >= ? ORDER BY first_sec DESC, id DESC',
      )
      .all(sinceSec ?? 0) as Row[]
  ).map(view);
}

/** The person has seen a finding: it stays listed while it holds, marked as seen. */
export function acknowledgeFinding(db: Database.Database, id: number, nowSec: number): boolean {
  return (
    db.prepare('UPDATE watch_findings SET acknowledged_sec = ? WHERE id = ?').run(nowSec, id).changes > 0
  );
}

/**
 * Not now: the finding is unseen and not new until `untilSec` (the meter list's badge leaves it out),
 * then new again if it still holds.
 */
export function snoozeFinding(db: Database.Database, id: number, untilSec: number): boolean {
  return (
    db
      .prepare('UPDATE watch_findings SET acknowledged_sec = NULL, snoozed_until = ? WHERE id = ?')
      .run(untilSec, id).changes > 0
  );
}

/** The person's marks on findings ("seen", "not now"), whatever store a profile has. */
export interface WatchMarks {
  /** With `was` (the marks the person saw), refused when the finding was marked otherwise since. */
  acknowledge(id: number, nowSec: number, was?: MarkSeen): Promise<boolean>;
  snooze(id: number, untilSec: number, was?: MarkSeen): Promise<boolean>;
  /** A threshold set or removed; with `was` (the value the person saw), refused when it changed since. */
  setThreshold(t: ThresholdChange, was: number | null | undefined, nowSec: number): Promise<void>;
}

/** A local profile's marks and thresholds, in its SQLite; `by` names this person and computer. */
export function sqliteWatchMarks(db: Database.Database, by: string, tz: string): WatchMarks {
  return {
    acknowledge: async (id, nowSec, was) =>
      db
        .transaction(() => {
          const stale = staleMark(storedMark(db, id), was, tz);
          if (stale) throw stale;
          return acknowledgeFinding(db, id, nowSec);
        })
        .immediate(),
    snooze: async (id, untilSec, was) =>
      db
        .transaction(() => {
          const stale = staleMark(storedMark(db, id), was, tz);
          if (stale) throw stale;
          return snoozeFinding(db, id, untilSec);
        })
        .immediate(),
    setThreshold: async (t, was, nowSec) =>
      db
        .transaction(() => {
          const stale = staleThreshold(storedThreshold(db, t), was, tz);
          if (stale) throw stale;
          setThreshold(db, t, nowSec, by);
        })
        .immediate(),
  };
}

/** Unseen: neither acknowledged nor snoozed past `nowSec` (the meter list's badge, the list's "new"). */
export const isUnseen = (
  f: { acknowledgedSec: number | null; snoozedUntilSec: number | null },
  nowSec: number,
) => f.acknowledgedSec === null && (f.snoozedUntilSec === null || f.snoozedUntilSec <= nowSec);

/** A series the rules evaluate, with its meter's direction, status, site and customer. */
export interface WatchedSeries {
  id: number;
  meter_id: string;
  obis_code: string;
  resolution_sec: number;
  direction: string;
  status: string;
  site_id: string | null;
  customer_id: string | null;
}

/** Every series with readings, with its meter's direction (what the rules evaluate). */
export function watchedSeries(db: Database.Database): WatchedSeries[] {
  return db
    .prepare<[], WatchedSeries>(
      `SELECT s.id, s.meter_id, s.obis_code, s.resolution_sec, m.energy_direction AS direction, m.status,
              m.site_id, si.customer_id
         FROM series s JOIN meters m ON m.id = s.meter_id LEFT JOIN sites si ON si.id = m.site_id
        WHERE s.obis_code LIKE '%G.01' OR s.obis_code LIKE '7-%'
        ORDER BY s.meter_id, s.obis_code`,
    )
    .all();
}

/** A threshold a person set for a meter, site or customer (migration 0008). */
export interface ThresholdRow {
  scope: 'meter' | 'site' | 'customer';
  scope_id: string;
  rule: string;
  value: number;
}

/** The thresholds a person set (watch/thresholds.ts resolves them). */
export function thresholdRows(db: Database.Database): ThresholdRow[] {
  return db.prepare('SELECT scope, scope_id, rule, value FROM watch_thresholds').all() as ThresholdRow[];
}

/** A threshold to set (a number) or remove (null) for a meter, site or customer. */
export interface ThresholdChange {
  scope: 'meter' | 'site' | 'customer';
  scopeId: string;
  rule: string;
  value: number | null;
}

/** Sets (a number) or removes (null) a threshold of a meter, site or customer; `by` who did. */
export function setThreshold(
  db: Database.Database,
  t: ThresholdChange,
  nowSec: number,
  by: string | null = null,
): void {
  if (t.value === null)
    db.prepare('DELETE FROM watch_thresholds WHERE scope = ? AND scope_id = ? AND rule = ?').run(
      t.scope,
      t.scopeId,
      t.rule,
    );
  else
    db.prepare(
      `INSERT INTO watch_thresholds (scope, scope_id, rule, value, set_sec, set_by) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, scope_id, rule) DO UPDATE SET value = excluded.value, set_sec = excluded.set_sec, set_by = excluded.set_by`,
    ).run(t.scope, t.scopeId, t.rule, t.value, nowSec, by);
}

/** A threshold as stored: its value, and who set it when. */
export interface StoredThreshold {
  value: number;
  setSec: number;
  setBy: string | null;
}

export function storedThreshold(db: Database.Database, t: ThresholdChange): StoredThreshold | null {
  return (
    (db
      .prepare(
        'SELECT value, set_sec AS setSec, set_by AS setBy FROM watch_thresholds WHERE scope = ? AND scope_id = ? AND rule = ?',
      )
      .get(t.scope, t.scopeId, t.rule) as StoredThreshold | undefined) ?? null
  );
}

/**
 * A threshold changed on a value that is no longer the stored one (`was`: what the person saw there,
 * null for none): refused, naming who set it when; null when the change may go ahead.
 */
export function staleThreshold(
  now: StoredThreshold | null,
  was: number | null | undefined,
  tz: string,
): AppError | null {
  if (was === undefined || (now?.value ?? null) === was) return null;
  const at = now ? localStamp(now.setSec, tz) : '–';
  const by = now?.setBy ?? '–';
  return new AppError(
    'conflict',
    now
      ? `This threshold was set meanwhile to ${now.value} by ${by} at ${at}. Look at it again; your change was not saved.`
      : 'This threshold was removed meanwhile. Look at it again; your change was not saved.',
    {
      reason: now ? 'threshold_changed_elsewhere' : 'threshold_gone',
      params: { value: now?.value ?? '–', by, at },
    },
  );
}

/**
 * The consumers of energy communities with their community registers (the watch list's community
 * rules): the meter's G.01, G.02 (allocated) and G.03 (Eigendeckung) series, where it has them.
 */
export function communityConsumers(db: Database.Database): {
  meterId: string;
  communityId: string;
  validFrom: string | null;
  validTo: string | null;
  g01: number | null;
  g02: number | null;
  g03: number | null;
}[] {
  return db
    .prepare(
      `SELECT cm.meter_id AS meterId, cm.community_id AS communityId, cm.valid_from AS validFrom, cm.valid_to AS validTo,
              (SELECT id FROM series WHERE meter_id = cm.meter_id AND obis_code LIKE '1-1:1.9.0 G.01%' ORDER BY obis_code LIMIT 1) AS g01,
              (SELECT id FROM series WHERE meter_id = cm.meter_id AND obis_code LIKE '1-1:1.9.0 G.02%' ORDER BY obis_code LIMIT 1) AS g02,
              (SELECT id FROM series WHERE meter_id = cm.meter_id AND obis_code LIKE '1-1:1.9.0 G.03%' ORDER BY obis_code LIMIT 1) AS g03
         FROM community_members cm WHERE cm.role = 'consumer' ORDER BY cm.meter_id`,
    )
    .all() as ReturnType<typeof communityConsumers>;
}
