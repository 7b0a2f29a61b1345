/**
 * Moving a profile between the stores (issue 63): a team's rows copied into a local profile's SQLite
 * file (which a backup then carries to any local profile), and a local profile's rows into an empty team
 * store. Only the tables both stores hold move (team-schema.ts; their columns are alike, checked by
 * team-init.test.ts), as they are, ids included. What only a local profile holds (
 * communities, bills, prices, usage classes; an import's undo record) is counted and named by the caller,
 * never dropped in silence; the backup file itself is only read.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { AppError } from '../errors';
import { TEAM_ONLY_COLUMNS, TEAM_SCHEMA } from './team-schema';
import { ON_TEAM } from './import-log';

const S = TEAM_SCHEMA;

/** The tables both stores hold, parents first. */
export const SHARED_TABLES = [
  'account',
  'customers',
  'sites',
  'meters',
  'notes',
  'series',
  'sync_state',
  'reading_days',
  'irregular_readings',
  'daily_rollups',
  'reading_revisions',
  'watch_findings',
  'watch_thresholds',
  'tariffs',
  'imports',
] as const;

/** Tables whose rows are read a series at a time (the bulk of a profile). */
export const PER_SERIES = new Set([
  'reading_days',
  'irregular_readings',
  'daily_rollups',
  'reading_revisions',
]);
const IDENTITY = new Set(['series', 'reading_revisions', 'notes', 'imports']);
/** A BOOLEAN (is_demo) as SQLite stores it. */
export const toSqlite = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/** The columns of a shared table both stores hold (the team's own bookkeeping left out), in order. */
export async function teamColumns(q: pg.ClientBase, table: string): Promise<string[]> {
  return (
    await q.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
      [S, table],
    )
  ).rows
    .map((r) => r.column_name)
    .filter((c) => !TEAM_ONLY_COLUMNS.has(c));
}

/**
 * Every shared row of the team's store into `db`, a local profile's database made empty by this build
 * (openDatabase on a new file): the caller backs it up or discards it. PostgreSQL hands BIGINT over as
 * text and BOOLEAN as true/false: both become SQLite's numbers.
 */
export async function teamIntoSqlite(q: pg.ClientBase, db: Database.Database): Promise<void> {
  const series = (await q.query<{ id: string }>(`SELECT id FROM ${S}.series ORDER BY id`)).rows.map(
    (r) => r.id,
  );
  for (const table of SHARED_TABLES) {
    const cols = await teamColumns(q, table);
    const big = await bigintColumns(q, table);
    const insert = db.prepare(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    );
    const put = db.transaction((rows: unknown[][]) => {
      for (const r of rows)
        insert.run(...r.map((v, i) => (big.has(cols[i]!) && v !== null ? Number(v) : toSqlite(v))));
    });
    const read = (where: string, params: unknown[]) =>
      q.query({
        text: `SELECT ${cols.join(', ')} FROM ${S}.${table} ${where}`,
        values: params,
        rowMode: 'array',
      });
    if (!PER_SERIES.has(table)) put((await read('', [])).rows as unknown[][]);
    else for (const sid of series) put((await read('WHERE series_id = $1', [sid])).rows as unknown[][]);
  }
}

export async function bigintColumns(q: pg.ClientBase, table: string): Promise<Set<string>> {
  return new Set(
    (
      await q.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND data_type = 'bigint'`,
        [S, table],
      )
    ).rows.map((r) => r.column_name),
  );
}

/**
 * Every shared row of `db` (a restored backup's database) into the team's store, in the caller's
 * transaction, which must have found the store empty (`assertTeamEmpty`): a restore never merges into
 * or overwrites a team's data. Series and revisions get the team's own ids (its sequences move on as
 * with any insert; the apps' role may not set them): each row of a series follows its series' new id.
 */
export async function sqliteIntoTeam(db: Database.Database, q: pg.ClientBase): Promise<void> {
  const newId = new Map<number, number>();
  for (const table of SHARED_TABLES) {
    const cols = (await teamColumns(q, table)).filter((c) => !IDENTITY.has(table) || c !== 'id');
    const select = db
      .prepare(`SELECT ${[...(table === 'series' ? ['id'] : []), ...cols].join(', ')} FROM ${table}`)
      .raw(true);
    if (table === 'series') {
      for (const [id, ...row] of select.all() as unknown[][]) {
        const made = await q.query<{ id: string }>(
          `INSERT INTO ${S}.series (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
          row,
        );
        newId.set(Number(id), Number(made.rows[0]!.id));
      }
      continue;
    }
    const sid = cols.indexOf('series_id');
    // An import's undo record (its day snapshots) stays behind: on the team it cannot be undone.
    const value = (v: unknown, c: number) =>
      cols[c] === 'is_demo'
        ? v === 1
        : c === sid
          ? newId.get(Number(v))
          : table === 'imports' && cols[c] === 'revisions_from'
            ? ON_TEAM
            : table === 'imports' && cols[c] === 'revisions_to'
              ? null
              : v;
    // Read a batch at a time (a profile's days of readings never all in memory: 1.8 GB at 1 000 meters).
    const size = Math.max(1, Math.floor(20_000 / cols.length));
    let batch: unknown[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const values = batch.map(
        (_, r) => `(${cols.map((__, c) => `$${r * cols.length + c + 1}`).join(', ')})`,
      );
      const params = batch.flatMap((row) => row.map(value));
      batch = [];
      await q.query(`INSERT INTO ${S}.${table} (${cols.join(', ')}) VALUES ${values.join(', ')}`, params);
    };
    for (const row of select.iterate() as IterableIterator<unknown[]>) {
      batch.push(row);
      if (batch.length >= size) await flush();
    }
    await flush();
  }
}

/** `fn` in one transaction on `q`: committed whole, or rolled back whole. */
export async function inTransaction<T>(
  q: pg.ClientBase,
  fn: () => Promise<T>,
  readOnlySnapshot = false,
): Promise<T> {
  await q.query(readOnlySnapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
  try {
    const out = await fn();
    await q.query('COMMIT');
    return out;
  } catch (err) {
    await q.query('ROLLBACK').catch(() => null);
    throw err;
  }
}

/** Refuses a team store that holds any meter or reading: a restore goes into an empty one only. */
export async function assertTeamEmpty(q: pg.ClientBase, where: string): Promise<void> {
  await q.query(`LOCK TABLE ${S}.meters, ${S}.series IN EXCLUSIVE MODE`);
  const n = (
    await q.query<{ m: number; s: number }>(
      `SELECT (SELECT count(*) FROM ${S}.meters)::int AS m, (SELECT count(*) FROM ${S}.series)::int AS s`,
    )
  ).rows[0]!;
  if (n.m + n.s > 0)
    throw new AppError(
      'conflict',
      `The team's store at ${where} holds ${n.m} meters already: a backup is restored into an empty team database only, never merged into one. Nothing was changed.`,
      { reason: 'team_not_empty', params: { meters: n.m } },
    );
}

/** What a local profile holds that the team's store does not (yet): counted, to be said. */
export function localOnlyCounts(db: Database.Database): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of ['communities', 'kept_bills', 'price_series']) {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
    const n = exists ? (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
    if (n > 0) out[table] = n;
  }
  const classes = (
    db.prepare('SELECT count(*) AS n FROM meters WHERE usage_class IS NOT NULL').get() as { n: number }
  ).n;
  if (classes > 0) out.usage_classes = classes;
  return out;
}
