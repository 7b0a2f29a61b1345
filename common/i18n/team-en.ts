/** English strings of team profiles (issue 63): the same keys as team-de.ts (the type says so). */
import type { teamDe } from './team-de';

export const teamEn: Record<keyof typeof teamDe, string> = {
  teamProfile: 'Team profile (PostgreSQL)',
  addTeamProfile: 'Add a team profile (PostgreSQL)',
  teamProfileHint:
    "A consultancy's shared store on a PostgreSQL server: the app shows a copy of it, taken when it opens; the server is synced on the server (docs/team.md). The password goes into the OS keychain, never into a file.",
  teamName: 'Name',
  teamHost: 'Server',
  teamPort: 'Port',
  teamDatabase: 'Database',
  teamUser: 'User',
  teamPassword: 'Password',
  teamSsl: 'TLS',
  teamSsl_disable: 'off (this computer or a protected network only)',
  teamSsl_require: 'encrypted, certificate not checked',
  'teamSsl_verify-full': 'encrypted, certificate checked',
  teamCopyOf: 'copy of {{time}}',
  teamCopyNotYet: 'no copy taken in this session yet',
  teamCopyStale: 'No new copy could be taken — the app shows the one of {{time}}:',
  teamChanged: "Newer data on the team's server (readings or notes of {{count}} meters, {{time}}).",
  teamRefreshing: 'Taking a new copy …',
  teamAdding:
    'Connecting to the server and taking the first copy of the team’s store — about half a minute for 1 000 meters × 3 years; after that, Reload reads only what changed …',
  teamReloading: 'Reading what changed on the team’s server since the copy …',
  teamNewerCopy: 'A newer copy ({{time}}) is ready.',
  teamOpenNewer: 'Open it',
  teamReload: 'Reload from the server',
  teamReadOnly:
    "Team profile: the app shows a copy of the team's store of {{time}}; notes, tariffs, the watch list and imports are written to the team's server; it is synced there (its nightly job).",
};
