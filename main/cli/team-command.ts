/**
 * `meterdesk team init (--url postgres://OWNER@HOST:PORT/DB | --profile TEAM) [--app-role ROLE]`: a
 * team's PostgreSQL database made ready (main/db/team-init.ts). The password comes from PGPASSWORD, or
 * for --profile from the OS keychain; never from the address.
 */
import { initTeam, parseTeamUrl } from '../db/team-init';
import type { TeamProfile } from '../profiles/team-profiles';
import { HELP } from './help';
import { teamConnection } from './team-profile';
import { UsageError } from './usage-error';

/** The apps' role when none is named (docs/team.md creates it). */
export const DEFAULT_APP_ROLE = 'meterdesk_app';

export async function teamCommand(a: {
  args: string[];
  url?: string;
  profile?: TeamProfile;
  appRole?: string;
  json: boolean;
}): Promise<void> {
  if (a.args[0] !== 'init' || a.args.length > 1) throw new UsageError(HELP.team!);
  if (!a.url === !a.profile)
    throw new UsageError(`team init needs --url or --profile (a team profile), not both.\n\n${HELP.team}`);
  const appRole = a.appRole ?? DEFAULT_APP_ROLE;
  if (!/^[a-z_][a-z0-9_$]{0,62}$/i.test(appRole))
    throw new UsageError(
      `--app-role "${appRole.slice(0, 80)}" is not a role name (letters, digits, _ and $).`,
    );
  const { target, password } = a.profile
    ? await teamConnection(a.profile)
    : { target: parseTeamUrl(a.url!), password: process.env.PGPASSWORD };
  const r = await initTeam(target, password, appRole);
  if (a.json) {
    process.stdout.write(`${JSON.stringify(r)}\n`);
    return;
  }
  process.stdout.write(
    `${
      r.applied.length
        ? `Schema "${r.schema}" in ${r.database}: migrated to version ${r.version} (${r.applied.join(', ')}).`
        : `Schema "${r.schema}" in ${r.database} is at version ${r.version}: nothing to apply.`
    }\nRole "${r.appRole}" may read and write its data, not change the schema; owner "${r.owner}".\n`,
  );
}

/** `stats --profile TEAM`: what the team's store holds, as `stats` prints a local profile's. */
export async function teamStatsCommand(profile: TeamProfile, json: boolean): Promise<void> {
  const [{ connectTeam, requireTeamSchema }, { teamStats }, { printStats }] = await Promise.all([
    import('../db/team-init'),
    import('../db/team-stats'),
    import('./stats-print'),
  ]);
  const { target, password } = await teamConnection(profile);
  const client = await connectTeam(target, password);
  try {
    await requireTeamSchema(client, target);
    printStats(await teamStats(client), json);
  } finally {
    await client.end().catch(() => null);
  }
}

/**
 * `sync --profile TEAM (--base-url URL --team T | --team-url URL)`: an account synced into the team's
 * PostgreSQL store — the same sync as a local profile's (sync/sync-service.ts), through the team's store
 * adapter (db/team-sync-store.ts). The token comes from METERDESK_TOKEN (the nightly job's environment).
 */
export async function teamSyncCommand(
  profile: TeamProfile,
  o: { baseUrl?: string; team?: string; teamUrl?: string; pageSize?: string },
): Promise<void> {
  const [
    { connectTeam, requireTeamSchema },
    store,
    { createApiClient, splitTeamUrl },
    { createSyncService },
  ] = await Promise.all([
    import('../db/team-init'),
    import('../db/team-sync-store'),
    import('../api/client'),
    import('../sync/sync-service'),
  ]);
  const { printSyncSummary, progressLine } = await import('./sync-print');
  const { DEFAULT_TZ } = await import('../time/local-days');
  const where = o.teamUrl ? splitTeamUrl(o.teamUrl) : { baseUrl: o.baseUrl, team: o.team };
  if (!where.baseUrl || !where.team)
    throw new UsageError(
      `A team profile's sync needs the account: --base-url and --team (or --team-url).\n\n${HELP.sync}`,
    );
  const token = process.env.METERDESK_TOKEN;
  if (!token) throw new UsageError('No token: set METERDESK_TOKEN.');
  const { target, password } = await teamConnection(profile);
  const client = await connectTeam(target, password);
  await requireTeamSchema(client, target).finally(() => client.end().catch(() => null));
  const pool = store.teamPool(target, password);
  try {
    const sync = createSyncService({
      api: createApiClient({ baseUrl: where.baseUrl, team: where.team, token }),
      store: store.teamSyncStore(pool, target, DEFAULT_TZ),
      pageSize: o.pageSize ? Number(o.pageSize) : undefined,
      onProgress: progressLine(),
    });
    process.once('SIGINT', () => sync.cancel());
    await printSyncSummary(await sync.syncAll());
  } finally {
    await pool.end().catch(() => null);
  }
}
