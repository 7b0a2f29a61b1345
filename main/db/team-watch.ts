/**
 * The watch list on a team's store (issue 63). The rules are evaluated by the code that evaluates a
 * local profile's (watch/rules.ts) on a copy of the team's store; the findings the evaluation recorded
 * there are written back whole. Everything that writes the team's findings or thresholds takes one
 * lock first (WATCH_LOCK): the command line's `watch --profile TEAM` (the nightly job, after its sync)
 * holds it from its copy to its write-back, an app's "seen" or "not now" holds it for its one change —
 * so neither writes over the other, and a finding acknowledged meanwhile is never set back.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { AppError } from '../errors';
import { teamChange, type TeamServer } from './team-change';
import { staleMark, type MarkSeen } from './watch-marks';
import { TEAM_CHANGES_CHANNEL, TEAM_SCHEMA } from './team-schema';
import {
  acknowledgeFinding,
  setThreshold,
  snoozeFinding,
  staleThreshold,
  type StoredThreshold,
  type ThresholdChange,
  type WatchMarks,
} from './watch-store';

const S = TEAM_SCHEMA;
const WATCH_LOCK = 'meterdesk watch';
const FINDING_COLS = [
  'id',
  'meter_id',
  'obis_code',
  'rule',
  'key',
  'first_sec',
  'last_sec',
  'cleared_sec',
  'acknowledged_sec',
  'figures_json',
  'snoozed_until',
] as const;
const THRESHOLD_COLS = ['scope', 'scope_id', 'rule', 'value', 'set_sec', 'set_by'] as const;

/** `fn` while this session holds the watch lock (waits for another holder; released after). */
export async function withWatchLock<T>(q: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
  await q.query('SELECT pg_advisory_lock(hashtext($1))', [WATCH_LOCK]);
  try {
    return await fn();
  } finally {
    await q.query('SELECT pg_advisory_unlock(hashtext($1))', [WATCH_LOCK]).catch(() => null);
  }
}

/**
 * The findings and thresholds of `copy` (a copy of the team's store taken under the watch lock, then
 * evaluated) written back into the team's store, in the caller's transaction and under its lock; the
 * other apps are told (the channel of every change, one payload per meter with a finding).
 */
export async function watchIntoTeam(copy: Database.Database, q: pg.ClientBase): Promise<number> {
  const put = async (table: string, cols: readonly string[]) => {
    await q.query(`DELETE FROM ${S}.${table}`);
    const rows = copy
      .prepare(`SELECT ${cols.join(', ')} FROM ${table}`)
      .raw(true)
      .all() as unknown[][];
    for (let at = 0; at < rows.length;) {
      const batch = rows.slice(at, (at += 1000));
      const values = batch.map(
        (_, r) => `(${cols.map((__, c) => `$${r * cols.length + c + 1}`).join(', ')})`,
      );
      await q.query(
        `INSERT INTO ${S}.${table} (${cols.join(', ')}) VALUES ${values.join(', ')}`,
        batch.flat(),
      );
    }
    return rows.length;
  };
  const n = await put('watch_findings', FINDING_COLS);
  await put('watch_thresholds', THRESHOLD_COLS);
  const meters = copy
    .prepare('SELECT DISTINCT meter_id FROM watch_findings WHERE cleared_sec IS NULL')
    .pluck()
    .all() as string[];
  for (const m of meters) await q.query('SELECT pg_notify($1, $2)', [TEAM_CHANGES_CHANNEL, m]);
  return n;
}

/** A finding as a copy holds it: what names it on the server (its condition, not its id). */
export interface FindingKey {
  meterId: string;
  obisCode: string;
  rule: string;
  key: string;
}

export function findingKey(copy: Database.Database, id: number): (FindingKey & { row: unknown[] }) | null {
  const row = copy
    .prepare(`SELECT ${FINDING_COLS.join(', ')} FROM watch_findings WHERE id = ?`)
    .raw(true)
    .get(id) as unknown[] | undefined;
  if (!row) return null;
  return {
    meterId: String(row[1]),
    obisCode: String(row[2]),
    rule: String(row[3]),
    key: String(row[4]),
    row,
  };
}

/**
 * The person's "seen" (acknowledgedSec) or "not now" (snoozedUntil, which clears "seen") on a finding
 * of the team's store, named by its condition; one the server does not hold yet (the app found it on
 * its copy before the job did) is added with the next free id. In the caller's transaction, under the
 * watch lock.
 */
export async function setTeamFindingState(
  q: pg.ClientBase,
  f: FindingKey & { row: unknown[] },
  state: { acknowledgedSec: number } | { snoozedUntil: number },
  /** The marks the person saw (refused when the server's differ), and the zone a refusal's time is said in. */
  seen: { was?: MarkSeen; tz: string } = { tz: 'UTC' },
): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [WATCH_LOCK]);
  const [ack, snooze] =
    'acknowledgedSec' in state ? [state.acknowledgedSec, undefined] : [null, state.snoozedUntil];
  const where = 'meter_id = $1 AND obis_code = $2 AND rule = $3 AND key = $4';
  const keyVals = [f.meterId, f.obisCode, f.rule, f.key];
  const now = (
    await q.query<{ a: string | null; s: string | null }>(
      `SELECT acknowledged_sec AS a, snoozed_until AS s FROM ${S}.watch_findings WHERE ${where}`,
      keyVals,
    )
  ).rows[0];
  const stale = staleMark(
    now ? { acknowledgedSec: numOrNull(now.a), snoozedUntilSec: numOrNull(now.s) } : null,
    seen.was,
    seen.tz,
  );
  if (stale) throw stale;
  const set =
    snooze === undefined
      ? await q.query(`UPDATE ${S}.watch_findings SET acknowledged_sec = $5 WHERE ${where}`, [
          ...keyVals,
          ack,
        ])
      : await q.query(
          `UPDATE ${S}.watch_findings SET acknowledged_sec = NULL, snoozed_until = $5 WHERE ${where}`,
          [...keyVals, snooze],
        );
  if (set.rowCount === 0) {
    const row = [...f.row];
    row[8] = ack;
    row[10] = snooze ?? row[10];
    await q.query(
      `INSERT INTO ${S}.watch_findings (${FINDING_COLS.join(', ')})
       VALUES ((SELECT coalesce(max(id), 0) + 1 FROM ${S}.watch_findings), ${FINDING_COLS.slice(1)
         .map((_, i) => `$${i + 1}`)
         .join(', ')})`,
      row.slice(1),
    );
  }
  await q.query('SELECT pg_notify($1, $2)', [TEAM_CHANGES_CHANNEL, f.meterId]);
}

const numOrNull = (v: string | null) => (v === null ? null : Number(v));

function setFindingMarks(copy: Database.Database, f: FindingKey, ack: number | null, snooze: number | null) {
  copy
    .prepare(
      'UPDATE watch_findings SET acknowledged_sec = ?, snoozed_until = ? WHERE meter_id = ? AND obis_code = ? AND rule = ? AND key = ?',
    )
    .run(ack, snooze, f.meterId, f.obisCode, f.rule, f.key);
}

/** The server's marks of a finding into the copy's row (after a refusal: the list then shows them). */
async function copyFindingMarks(q: pg.ClientBase, copy: Database.Database, f: FindingKey) {
  const r = (
    await q.query<{ a: string | null; s: string | null }>(
      `SELECT acknowledged_sec AS a, snoozed_until AS s FROM ${S}.watch_findings
        WHERE meter_id = $1 AND obis_code = $2 AND rule = $3 AND key = $4`,
      [f.meterId, f.obisCode, f.rule, f.key],
    )
  ).rows[0];
  if (!r) return;
  setFindingMarks(copy, f, numOrNull(r.a), numOrNull(r.s));
}

/**
 * A team profile's marks and thresholds: written into the team's server (a mark by the finding's
 * condition: setTeamFindingState), each in a transaction of its own (teamChange), then into the copy.
 */
export function teamWatchMarks(d: TeamServer): WatchMarks {
  const mark = async (
    id: number,
    state: { acknowledgedSec: number } | { snoozedUntil: number },
    was: MarkSeen | undefined,
  ) => {
    const f = findingKey(d.copy, id);
    if (!f) return false;
    try {
      await teamChange(d, (q) => setTeamFindingState(q, f, state, { was, tz: d.tz }));
    } catch (err) {
      // Refused: the copy takes the server's marks of that finding, so the list shows them.
      if (err instanceof AppError && String(err.details?.reason).startsWith('finding_'))
        await teamChange(d, async (q) => copyFindingMarks(q, d.copy, f)).catch(() => null);
      throw err;
    }
    return true;
  };
  return {
    acknowledge: async (id, nowSec, was) =>
      (await mark(id, { acknowledgedSec: nowSec }, was)) && acknowledgeFinding(d.copy, id, nowSec),
    snooze: async (id, untilSec, was) =>
      (await mark(id, { snoozedUntil: untilSec }, was)) && snoozeFinding(d.copy, id, untilSec),
    async setThreshold(t, was, nowSec) {
      await teamChange(d, (q) => setTeamThreshold(q, t, was, nowSec, d.by, d.tz));
      setThreshold(d.copy, t, nowSec, d.by);
    },
  };
}

/** A threshold set on the team's server under the watch lock: refused when it changed since `was`. */
async function setTeamThreshold(
  q: pg.ClientBase,
  t: ThresholdChange,
  was: number | null | undefined,
  nowSec: number,
  by: string,
  tz: string,
): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [WATCH_LOCK]);
  const key = [t.scope, t.scopeId, t.rule];
  const where = 'scope = $1 AND scope_id = $2 AND rule = $3';
  const r = await q.query<{ value: number; set_sec: string; set_by: string | null }>(
    `SELECT value, set_sec, set_by FROM ${S}.watch_thresholds WHERE ${where}`,
    key,
  );
  const now: StoredThreshold | null = r.rows[0]
    ? { value: r.rows[0].value, setSec: Number(r.rows[0].set_sec), setBy: r.rows[0].set_by }
    : null;
  const stale = staleThreshold(now, was, tz);
  if (stale) throw stale;
  if (t.value === null) await q.query(`DELETE FROM ${S}.watch_thresholds WHERE ${where}`, key);
  else
    await q.query(
      `INSERT INTO ${S}.watch_thresholds (scope, scope_id, rule, value, set_sec, set_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (scope, scope_id, rule) DO UPDATE SET value = excluded.value, set_sec = excluded.set_sec, set_by = excluded.set_by`,
      [...key, t.value, nowSec, by],
    );
}
