/**
 * `meterdesk team init --url postgres://OWNER@HOST:PORT/DB [--app-role ROLE]`: a team's PostgreSQL
 * database made ready (main/db/team-init.ts). The password comes from PGPASSWORD, never the address.
 */
import { initTeam, parseTeamUrl } from '../db/team-init';
import { HELP } from './help';
import { UsageError } from './usage-error';

/** The apps' role when none is named (docs/team.md creates it). */
export const DEFAULT_APP_ROLE = 'meterdesk_app';

export async function teamCommand(a: {
  args: string[];
  url?: string;
  appRole?: string;
  json: boolean;
}): Promise<void> {
  if (a.args[0] !== 'init' || a.args.length > 1) throw new UsageError(HELP.team!);
  if (!a.url) throw new UsageError(`team init needs --url.\n\n${HELP.team}`);
  const appRole = a.appRole ?? DEFAULT_APP_ROLE;
  if (!/^[a-z_][a-z0-9_$]{0,62}$/i.test(appRole))
    throw new UsageError(
      `--app-role "${appRole.slice(0, 80)}" is not a role name (letters, digits, _ and $).`,
    );
  const r = await initTeam(parseTeamUrl(a.url), process.env.PGPASSWORD, appRole);
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
