/** What `meterdesk team --help` and `meterdesk profile --help` print (issue 63: team profiles). */
export const TEAM_HELP: Record<string, string> = {
  team: `Usage: meterdesk --data-dir DIR team init (--url postgres://OWNER@HOST:PORT/DATABASE | --profile TEAM) [--app-role ROLE] [--json]

Creates or migrates the schema "meterdesk" of a team's PostgreSQL database (15 or newer), connected as
the role that owns it, and grants the apps' role (default meterdesk_app, created beforehand: docs/team.md)
what the apps need: to read and write the data, never to change the schema. The password comes from
PGPASSWORD (for --profile: else from the OS keychain, where "profile add-team" kept it), never from the
address. Safe to run again: it applies only what is pending, and refuses a schema written by a newer
Meterdesk. sslmode in the address: disable (default for 127.0.0.1 and localhost), require, verify-full
(default otherwise).
Then "sync --profile TEAM --base-url URL --team T" syncs an account into it, "stats --profile TEAM"
counts what it holds, the read commands (analyze, cost, battery, report, meters, sites, portfolio,
compare-slp, export, imports) read a snapshot of it, "import --profile TEAM FILE..." writes portal
files into it (refused when a colleague imported into the same meter since the snapshot; an import
there cannot be undone), "watch --profile TEAM" (after the nightly sync; also snooze, thresholds, set,
unset) evaluates the watch list on a copy and writes its findings back, and "backup"/"restore
--profile TEAM" move data between it and local profiles. "tariffs" lists the team's tariffs; "tariffs
combine" and "tariffs assign" write into its server (refused when a colleague changed the tariff since
the snapshot). Prices, bills and communities from the command line on a team profile are not built
yet and refuse it in words.`,
  profile: `Usage: meterdesk --data-dir DIR profile list [--json]
       meterdesk --data-dir DIR profile add-team NAME --url postgres://USER@HOST:PORT/DATABASE [--json]
       meterdesk --data-dir DIR profile remove-team NAME [--json]

list: every profile of the data folder (the demo, account, local and team profiles) with its id.
add-team: a team profile, whose store is a team's PostgreSQL database (docs/team.md). The server is
asked first (a profile that cannot connect is not kept); the password comes from PGPASSWORD and is kept
in the OS keychain (service "Meterdesk PostgreSQL"), never in a file. Team profiles are listed in
DIR/team-profiles.json, apart from profiles.json, so that an earlier Meterdesk never meets a kind it
does not know. remove-team: forgets the profile and its password here; the server is not touched.`,
};
