/**
 * A team profile's tariffs (issue 63): a save, combination, assignment or removal is first made on the
 * copy the app reads, inside a transaction that is rolled back at once — by the code a local profile's
 * tariffs use (tariff-store.ts, cost/combine.ts), so every check is the same — and what it would change
 * is written into the team's server in one transaction: each changed tariff only if the server still
 * holds the version the copy had, else the change is refused naming who saved it when
 * (`tariff_changed_elsewhere`). Then the copy takes the server's rows.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { localStamp } from '../time/local-days';
import { createTariffStore, type TariffStore } from './tariff-store';
import { teamChange, type TeamServer } from './team-change';
import { TEAM_SCHEMA } from './team-schema';

const S = TEAM_SCHEMA;
const LOCK = 'meterdesk tariffs';

interface TariffRow {
  id: string;
  json: string;
  updated_sec: number;
  version: number;
  changed_by: string | null;
}

/** The writes a profile's tariffs take (a local profile's go straight into its SQLite). */
export interface TariffWrites {
  change<T>(op: (store: TariffStore) => T): Promise<T>;
}

export function sqliteTariffWrites(db: Database.Database, by: string): TariffWrites {
  return { change: async (op) => op(createTariffStore(db, by)) };
}

const rowsOf = (db: Database.Database) =>
  new Map(
    (db.prepare('SELECT id, json, updated_sec, version, changed_by FROM tariffs').all() as TariffRow[]).map(
      (r) => [r.id, r],
    ),
  );

/** What `op` would change on `copy`, worked out and rolled back: the tariffs it writes, the ids it drops. */
function dryRun<T>(copy: Database.Database, op: (store: TariffStore) => T, by: string) {
  const before = rowsOf(copy);
  copy.exec('BEGIN IMMEDIATE');
  let out: T;
  let after: Map<string, TariffRow>;
  try {
    out = op(createTariffStore(copy, by));
    after = rowsOf(copy);
  } finally {
    copy.exec('ROLLBACK');
  }
  const put = [...after.values()].filter((r) => before.get(r.id)?.json !== r.json);
  const drop = [...before.keys()].filter((id) => !after.has(id));
  return { out: out!, before, put, drop };
}

export function teamTariffWrites(d: TeamServer): TariffWrites {
  return {
    async change(op) {
      const { out, before, put, drop } = dryRun(d.copy, op, d.by);
      if (put.length + drop.length === 0) return out;
      const written = await teamChange(d, async (q) => {
        await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCK]);
        for (const id of [...put.map((r) => r.id), ...drop]) {
          const now = await q.query<TariffRow>(
            `SELECT id, json, updated_sec, version, changed_by FROM ${S}.tariffs WHERE id = $1`,
            [id],
          );
          const server = now.rows[0] ?? null;
          if ((server?.version ?? null) !== (before.get(id)?.version ?? null))
            throw staleTariff(id, server, d.tz);
        }
        const rows: TariffRow[] = [];
        for (const r of put) {
          const w = await q.query<TariffRow>(
            `INSERT INTO ${S}.tariffs (id, json, updated_sec, version, changed_by) VALUES ($1, $2, $3, 1, $4)
             ON CONFLICT (id) DO UPDATE SET json = excluded.json, updated_sec = excluded.updated_sec,
               version = ${S}.tariffs.version + 1, changed_by = excluded.changed_by
             RETURNING id, json, updated_sec, version, changed_by`,
            [r.id, r.json, r.updated_sec, d.by],
          );
          rows.push(w.rows[0]!);
        }
        for (const id of drop) await q.query(`DELETE FROM ${S}.tariffs WHERE id = $1`, [id]);
        return rows;
      });
      mirror(d.copy, written, drop);
      return out;
    },
  };
}

/** The server's rows into the copy, as they are. */
function mirror(copy: Database.Database, rows: TariffRow[], drop: string[]): void {
  const upsert = copy.prepare(
    `INSERT INTO tariffs (id, json, updated_sec, version, changed_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET json = excluded.json, updated_sec = excluded.updated_sec,
       version = excluded.version, changed_by = excluded.changed_by`,
  );
  const del = copy.prepare('DELETE FROM tariffs WHERE id = ?');
  copy.transaction(() => {
    for (const r of rows) upsert.run(r.id, r.json, Number(r.updated_sec), r.version, r.changed_by);
    for (const id of drop) del.run(id);
  })();
}

/** A tariff changed on the server since the copy was taken: who saved it when, or that it is gone. */
function staleTariff(id: string, now: TariffRow | null, tz: string): AppError {
  if (!now)
    return new AppError(
      'conflict',
      `The tariff "${id}" was removed meanwhile on the team's server. Reload to see the tariffs as they are; your change was not saved.`,
      { reason: 'tariff_gone', params: { id } },
    );
  const by = now.changed_by ?? '–';
  const at = localStamp(Number(now.updated_sec), tz);
  return new AppError(
    'conflict',
    `The tariff "${id}" was changed meanwhile by ${by} at ${at} (version ${now.version}). Reload from the server to see it; your change was not saved.`,
    { reason: 'tariff_changed_elsewhere', params: { id, by, at, version: now.version } },
  );
}
