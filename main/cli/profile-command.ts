/**
 * `meterdesk profile list | add-team NAME --url postgres://USER@HOST:PORT/DB | remove-team NAME`: the
 * data folder's profiles, and its team profiles (issue 63). A team profile is checked before it is kept
 * (the server answers, the user and password are accepted); its password (PGPASSWORD) goes into the OS
 * keychain, never into a file; if the keychain cannot take it, the profile is not kept either.
 */
import { systemClock } from '../time/clock';
import { HELP } from './help';
import { UsageError } from './usage-error';

interface ProfileArgs {
  dataDir: string;
  args: string[];
  url?: string;
  json: boolean;
}

const say = (json: boolean, data: unknown, text: string) =>
  process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${text}\n`);

export async function profileCommand(a: ProfileArgs): Promise<void> {
  const [sub, name, ...rest] = a.args;
  if (rest.length > 0) throw new UsageError(HELP.profile!);
  if (sub === 'list' && name === undefined) return listProfiles(a);
  if (sub === 'add-team' && name) return addTeam(a, name);
  if (sub === 'remove-team' && name) return removeTeam(a, name);
  throw new UsageError(HELP.profile!);
}

async function listProfiles(a: ProfileArgs): Promise<void> {
  const [{ createProfileRegistry }, { createTeamProfiles }] = await Promise.all([
    import('../profiles/registry'),
    import('../profiles/team-profiles'),
  ]);
  const rows = [
    ...createProfileRegistry(a.dataDir)
      .list()
      .map((p) => ({ id: p.id, name: p.name, kind: p.kind, where: p.kind === 'account' ? p.baseUrl : '' })),
    ...createTeamProfiles(a.dataDir)
      .list()
      .map((p) => ({
        id: p.id,
        name: p.name,
        kind: p.kind,
        where: `postgres://${p.user}@${p.host}:${p.port}/${p.database} (sslmode ${p.ssl})`,
      })),
  ];
  say(
    a.json,
    rows,
    rows
      .map((r) => `${r.id.padEnd(20)} ${r.kind.padEnd(8)} ${r.name}${r.where ? `  ${r.where}` : ''}`)
      .join('\n'),
  );
}

async function addTeam(a: ProfileArgs, name: string): Promise<void> {
  if (!a.url) throw new UsageError(`profile add-team needs --url.\n\n${HELP.profile}`);
  const [{ parseTeamUrl, connectTeam, teamSchemaVersion }, { createProfileRegistry }, teams, keychain] =
    await Promise.all([
      import('../db/team-init'),
      import('../profiles/registry'),
      import('../profiles/team-profiles'),
      import('../secrets/keychain'),
    ]);
  const target = parseTeamUrl(a.url);
  const password = process.env.PGPASSWORD || undefined;
  // The server is asked first: a profile that cannot connect is not kept.
  const client = await connectTeam(target, password);
  const version = await teamSchemaVersion(client).finally(() => client.end().catch(() => null));
  const local = createProfileRegistry(a.dataDir);
  const store = teams.createTeamProfiles(a.dataDir);
  const p = store.add(name, target, (x) => local.isTaken(x), systemClock.nowSec());
  // A server (the nightly job's) often has no keychain: the profile is kept without a password, said.
  let kept: 'keychain' | 'none' | 'no-keychain' = password === undefined ? 'none' : 'keychain';
  if (password !== undefined) {
    try {
      await keychain.createSecretStore({ service: teams.TEAM_KEYCHAIN_SERVICE }).set(p.id, password);
    } catch (err) {
      if ((err as { code?: string }).code !== 'keychain_unavailable') {
        store.remove(p.id);
        throw err;
      }
      kept = 'no-keychain';
    }
  }
  const server = `${target.host}:${target.port}/${target.database}`;
  say(
    a.json,
    { ...p, password: kept, schema_version: version },
    [
      `Team profile "${p.name}" (id ${p.id}) added: user "${p.user}" at ${server}, sslmode ${p.ssl}.`,
      kept === 'keychain'
        ? 'Its password is kept in the OS keychain, never in a file.'
        : kept === 'none'
          ? 'No password kept (PGPASSWORD was not set): give it in PGPASSWORD to each command, or add the profile again with it.'
          : 'No password kept: the OS keychain is not usable here (a server without a desktop session). Give it in PGPASSWORD to each command (the nightly job: docs/team.md); it is never written to a file.',
      version === null
        ? `The server has no Meterdesk schema yet: run "meterdesk --data-dir … team init --profile ${p.id}" as the database's owner.`
        : `The team's schema is at version ${version}.`,
    ].join('\n'),
  );
}

async function removeTeam(a: ProfileArgs, name: string): Promise<void> {
  const [teams, keychain] = await Promise.all([
    import('../profiles/team-profiles'),
    import('../secrets/keychain'),
  ]);
  const store = teams.createTeamProfiles(a.dataDir);
  const p = store.find(name);
  if (!p) throw new UsageError(`No team profile "${name}" in ${a.dataDir}.`);
  store.remove(p.id);
  let forgot = true;
  try {
    await keychain.createSecretStore({ service: teams.TEAM_KEYCHAIN_SERVICE }).delete(p.id);
  } catch {
    forgot = false;
  }
  say(
    a.json,
    { removed: p.id, password_forgotten: forgot },
    `Team profile "${p.name}" removed from this data folder; the team's server and its data are untouched.${
      forgot
        ? ''
        : ` Its password could not be removed from the OS keychain (service "${teams.TEAM_KEYCHAIN_SERVICE}", account "${p.id}"): remove it there.`
    }`,
  );
}
