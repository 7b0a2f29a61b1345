/**
 * The one door for `--profile TEAM` (issue 63): every command named with a team profile passes here
 * before anything else runs. `team init`, `sync`, `stats`, `backup` and `restore` work on the team's
 * PostgreSQL store; the read commands read a snapshot of it through the code that reads a local
 * profile (`runCommand` on the snapshot's folder); `watch` runs on such a copy and writes its findings
 * back (team-watch.ts); `import` plans on such a copy and writes into the server (team-import.ts); every
 * other command is refused in words.
 */
import type Database from 'better-sqlite3';
import type { TeamServer } from '../db/team-change';
import type { CliValues } from './command-line';
import { UsageError } from './usage-error';

/**
 * A team profile goes to what this build does on PostgreSQL; every other command refuses it in words —
 * never a local database opened in its name, never "no such profile". Returns false when --profile
 * names no team profile. `runCommand` runs a read command on the snapshot's folder.
 */
export async function onTeamProfile(
  v: CliValues,
  positionals: string[],
  dataDir: string,
  runCommand: (v: CliValues, positionals: string[], dataDir: string) => Promise<void>,
): Promise<boolean> {
  const command = positionals[0]!;
  if (!v.profile || command === 'profile') return false;
  const { findTeamProfile, notOnTeam } = await import('./team-profile');
  const { SNAPSHOT_READS, onTeamSnapshot } = await import('./team-snapshot');
  const p = await findTeamProfile(dataDir, v.profile);
  if (!p) return false;
  const { teamCommand, teamStatsCommand, teamSyncCommand } = await import('./team-command');
  if (command === 'team')
    await teamCommand({
      args: positionals.slice(1),
      url: v.url,
      profile: p,
      appRole: v['app-role'],
      json: !!v.json,
    });
  else if (command === 'stats') await teamStatsCommand(p, !!v.json);
  else if (command === 'backup' || command === 'restore') {
    if (v.name)
      throw new UsageError('restore --profile TEAM takes no --name: the team profile keeps its own.');
    const { teamBackupCommand, teamRestoreCommand } = await import('./team-backup');
    if (command === 'backup') await teamBackupCommand(p, { dataDir, out: v.out, json: !!v.json });
    else await teamRestoreCommand(p, { dataDir, file: positionals[1], json: !!v.json });
  } else if (SNAPSHOT_READS.has(command))
    await onTeamSnapshot(p, dataDir, (snapshotDir) =>
      runCommand({ ...v, profile: undefined }, positionals, snapshotDir),
    );
  else if (command === 'import' || TARIFF_WRITES.has(`${command} ${positionals[1]}`)) {
    const { onTeamWrite } = await import('./team-snapshot');
    await onTeamWrite(p, dataDir, (into) => teamWriteCommand(v, positionals, dataDir, into));
  } else if (command === 'tariffs')
    await onTeamSnapshot(p, dataDir, (snapshotDir) =>
      runCommand({ ...v, profile: undefined }, positionals, snapshotDir),
    );
  else if (command === 'watch') {
    const { onTeamWatch } = await import('./team-watch');
    await onTeamWatch(p, dataDir, (copyDir) =>
      runCommand({ ...v, profile: undefined }, positionals, copyDir),
    );
  } else if (command === 'sync')
    await teamSyncCommand(p, {
      baseUrl: v['base-url'],
      team: v.team,
      teamUrl: v['team-url'],
      pageSize: v['page-size'],
    });
  else throw notOnTeam(p, command);
  return true;
}

const TARIFF_WRITES = new Set(['tariffs combine', 'tariffs assign']);

/** `import`, `tariffs combine` and `tariffs assign` on a snapshot, written into the team's server. */
async function teamWriteCommand(
  v: CliValues,
  positionals: string[],
  dataDir: string,
  into: { dbPath: string; server: (copy: Database.Database) => TeamServer },
): Promise<void> {
  if (positionals[0] === 'import') {
    const [{ importFiles }, { cliLanguage }, { teamImportWrites }] = await Promise.all([
      import('./import-command'),
      import('./cli-words'),
      import('../import/team-import'),
    ]);
    await importFiles(dataDir, positionals.slice(1), {
      json: !!v.json,
      meterId: v.meter,
      direction: v.direction,
      replace: !!v.replace,
      acceptSuspicious: !!v['accept-suspicious'],
      lang: cliLanguage(process.argv.slice(2)),
      into: { dbPath: into.dbPath, writesFor: (db) => teamImportWrites(into.server(db)) },
    });
    return;
  }
  const [{ combineCommand, assignCommand }, { teamTariffWrites }] = await Promise.all([
    import('./tariffs-command'),
    import('../db/team-tariffs'),
  ]);
  const a = {
    dbPath: into.dbPath,
    json: !!v.json,
    args: positionals.slice(2),
    customer: v.customer,
    site: v.site,
    meter: v.meter,
    writesFor: (db: Database.Database) => teamTariffWrites(into.server(db)),
  };
  if (positionals[1] === 'combine') await combineCommand({ ...a, id: v.id });
  else await assignCommand({ ...a, none: !!v.none });
}
