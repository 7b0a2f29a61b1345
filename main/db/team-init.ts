/**
 * `meterdesk team init` (issue 63, first step): a team's PostgreSQL database made ready — the schema
 * `meterdesk` created and migrated by the role that owns it (the one connecting here), and the app's
 * role granted what the apps need: to read and write the data, never to change the schema. One
 * transaction under an advisory lock: two inits at once apply each migration once; a failure leaves
 * the database as it was. A schema written by a newer Meterdesk is refused, never touched.
 */
import pg from 'pg';
import { AppError } from '../errors';
import { TEAM_MIGRATIONS, TEAM_SCHEMA } from './team-schema';

/** Where a team's database is: never a password (PGPASSWORD or the keychain hold it). */
export interface TeamTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  ssl: 'disable' | 'require' | 'verify-full';
}

/** A `postgres://USER@HOST:PORT/DB?sslmode=…` address, checked; a password in it is refused. */
export function parseTeamUrl(text: string): TeamTarget {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new AppError(
      'invalid_input',
      `"${text.slice(0, 200)}" is not an address: write postgres://USER@HOST:PORT/DATABASE.`,
      {
        reason: 'pg_url',
      },
    );
  }
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (
    !/^postgres(ql)?:$/.test(u.protocol) ||
    !u.hostname ||
    !u.username ||
    !database ||
    database.includes('/')
  )
    throw new AppError(
      'invalid_input',
      `"${text.slice(0, 200)}" is not an address: write postgres://USER@HOST:PORT/DATABASE.`,
      {
        reason: 'pg_url',
      },
    );
  if (u.password)
    throw new AppError(
      'invalid_input',
      'The address holds a password: leave it out and give it in PGPASSWORD (it is kept in the keychain, never in a file).',
      { reason: 'pg_url_password' },
    );
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  const mode = u.searchParams.get('sslmode') ?? (local ? 'disable' : 'verify-full');
  if (mode !== 'disable' && mode !== 'require' && mode !== 'verify-full')
    throw new AppError(
      'invalid_input',
      `sslmode "${mode.slice(0, 40)}" is not one of disable, require, verify-full.`,
      {
        reason: 'pg_url',
      },
    );
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : 5432,
    database,
    user: decodeURIComponent(u.username),
    ssl: mode,
  };
}

const where = (t: TeamTarget) => `${t.host}:${t.port}/${t.database}`;

/** A connection to the team's database, with the server's refusals said in words. */
export async function connectTeam(t: TeamTarget, password: string | undefined): Promise<pg.Client> {
  const client = new pg.Client({
    host: t.host,
    port: t.port,
    database: t.database,
    user: t.user,
    password,
    ssl: t.ssl === 'disable' ? false : { rejectUnauthorized: t.ssl === 'verify-full' },
    connectionTimeoutMillis: 10_000,
    application_name: 'meterdesk',
  });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => null);
    throw connectRefusal(t, err as Error & { code?: string });
  }
}

function connectRefusal(t: TeamTarget, err: Error & { code?: string }): AppError {
  if (err.code === '28P01' || err.code === '28000')
    return new AppError(
      'unauthenticated',
      `PostgreSQL at ${where(t)} refused user "${t.user}": ${err.message}. Check the user and the password (PGPASSWORD).`,
      { reason: 'pg_auth' },
    );
  if (err.code === '3D000')
    return new AppError(
      'not_found',
      `PostgreSQL at ${t.host}:${t.port} has no database "${t.database}": create it first (docs/team.md).`,
      { reason: 'pg_no_database' },
    );
  return new AppError(
    'unreachable',
    `Cannot reach PostgreSQL at ${t.host}:${t.port} (${err.message}). Is the server running, and the host and port right?`,
    { reason: 'pg_unreachable' },
  );
}

export interface TeamInitResult {
  database: string;
  schema: string;
  version: number;
  applied: string[];
  owner: string;
  appRole: string;
}

/** Creates or migrates the schema and grants `appRole` its rights; see the module's comment. */
export async function initTeam(
  t: TeamTarget,
  password: string | undefined,
  appRole: string,
): Promise<TeamInitResult> {
  const client = await connectTeam(t, password);
  try {
    const version = Number(
      ((await client.query('SHOW server_version_num')).rows[0] as { server_version_num: string })
        .server_version_num,
    );
    if (version < 150000)
      throw new AppError(
        'invalid_input',
        `PostgreSQL at ${where(t)} is version ${Math.floor(version / 10000)}: a team profile needs 15 or newer.`,
        {
          reason: 'pg_server_old',
        },
      );
    const role = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [appRole]);
    if (role.rowCount === 0)
      throw new AppError(
        'not_found',
        `There is no role "${appRole}" on ${t.host}:${t.port}: create the apps' role first (docs/team.md: CREATE ROLE … LOGIN PASSWORD …).`,
        { reason: 'pg_no_app_role', params: { role: appRole } },
      );
    await client.query('BEGIN');
    try {
      const applied = await migrate(client, t);
      // The roles granted before (an earlier init's) get the tables this one added, and so does appRole.
      for (const role of new Set([...(await grantedRoles(client)), appRole])) await grant(client, role);
      await client.query('COMMIT');
      return {
        database: where(t),
        schema: TEAM_SCHEMA,
        version: TEAM_MIGRATIONS.length,
        applied,
        owner: t.user,
        appRole,
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => null);
      throw (err as { code?: string }).code === '42501' ? notOwner(t) : err;
    }
  } finally {
    await client.end().catch(() => null);
  }
}

/** A user that may not create or change the schema (PostgreSQL's insufficient_privilege, 42501). */
function notOwner(t: TeamTarget): AppError {
  return new AppError(
    'forbidden',
    `User "${t.user}" may not create or change the schema "${TEAM_SCHEMA}" in ${where(t)}: run team init as the database's owner (docs/team.md).`,
    { reason: 'pg_not_owner' },
  );
}

/** The pending migrations, in the caller's transaction, once however many inits run at once. */
async function migrate(client: pg.Client, t: TeamTarget): Promise<string[]> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('meterdesk team schema'))");
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${TEAM_SCHEMA}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${TEAM_SCHEMA}.schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
  } catch (err) {
    throw (err as { code?: string }).code === '42501' ? notOwner(t) : err;
  }
  const at = Number(
    (
      (await client.query(`SELECT coalesce(max(version), 0) AS v FROM ${TEAM_SCHEMA}.schema_migrations`))
        .rows[0] as { v: number }
    ).v,
  );
  if (at > TEAM_MIGRATIONS.length)
    throw new AppError(
      'local_data',
      `The team's schema in ${where(t)} was written by a newer Meterdesk (version ${at}, this one knows ${TEAM_MIGRATIONS.length}). Update Meterdesk; nothing was changed.`,
      { reason: 'pg_schema_newer', params: { schema: at, knows: TEAM_MIGRATIONS.length } },
    );
  const applied: string[] = [];
  for (const m of TEAM_MIGRATIONS.slice(at)) {
    await client.query(m.sql);
    await client.query(`INSERT INTO ${TEAM_SCHEMA}.schema_migrations (version, name) VALUES ($1, $2)`, [
      m.version,
      m.name,
    ]);
    applied.push(m.name);
  }
  return applied;
}

/** The apps' role: the data, read and written; the schema, neither created in nor changed. */
async function grant(client: pg.Client, appRole: string): Promise<void> {
  const r = client.escapeIdentifier(appRole);
  for (const sql of [
    `REVOKE ALL ON SCHEMA ${TEAM_SCHEMA} FROM PUBLIC`,
    `GRANT USAGE ON SCHEMA ${TEAM_SCHEMA} TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${TEAM_SCHEMA} TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${TEAM_SCHEMA} TO ${r}`,
    `REVOKE INSERT, UPDATE, DELETE ON ${TEAM_SCHEMA}.schema_migrations FROM ${r}`,
  ])
    await client.query(sql);
}

/** The roles that may write the team's data already (given by an earlier init). */
async function grantedRoles(client: pg.Client): Promise<string[]> {
  const r = await client.query<{ grantee: string }>(
    `SELECT DISTINCT grantee FROM information_schema.role_table_grants
     WHERE table_schema = $1 AND table_name = 'meters' AND privilege_type = 'INSERT'
       AND grantee NOT IN (current_user, 'PUBLIC')`,
    [TEAM_SCHEMA],
  );
  return r.rows.map((x) => x.grantee);
}

/** The team schema's version, or null when `team init` has not made it (or this role cannot see it). */
export async function teamSchemaVersion(client: pg.Client): Promise<number | null> {
  try {
    const r = await client.query<{ t: string | null }>(
      `SELECT to_regclass('${TEAM_SCHEMA}.schema_migrations')::text AS t`,
    );
    if (!r.rows[0]?.t) return null;
    const v = await client.query<{ v: number }>(
      `SELECT coalesce(max(version), 0)::int AS v FROM ${TEAM_SCHEMA}.schema_migrations`,
    );
    return v.rows[0]!.v;
  } catch {
    return null;
  }
}

/** Refuses a database whose schema `team init` has not made (or not migrated) yet, or a newer one's. */
export async function requireTeamSchema(client: pg.Client, t: TeamTarget): Promise<void> {
  const v = await teamSchemaVersion(client);
  if (v !== null && v > TEAM_MIGRATIONS.length)
    throw new AppError(
      'local_data',
      `The team's schema in ${where(t)} was written by a newer Meterdesk (version ${v}, this one knows ${TEAM_MIGRATIONS.length}). Update Meterdesk; nothing was changed.`,
      { reason: 'pg_schema_newer', params: { schema: v, knows: TEAM_MIGRATIONS.length } },
    );
  if (v === null || v < TEAM_MIGRATIONS.length)
    throw new AppError(
      'local_data',
      `${where(t)} has no Meterdesk schema${v === null ? '' : ` at version ${TEAM_MIGRATIONS.length} (it is at ${v})`} that user "${t.user}" can use: run "meterdesk team init" as the database's owner first (docs/team.md). Nothing was changed.`,
      { reason: 'pg_schema_missing' },
    );
}
