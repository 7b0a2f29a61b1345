/** What `meterdesk --help` prints per command, and the options each command reads. */
import { MONEY_HELP } from './help-money';
import { TEAM_HELP } from './help-team';
export const HELP: Record<string, string> = {
  main: `meterdesk — Meterdesk's command line

Usage: meterdesk --data-dir DIR <command> [options]

Commands:
  sync     sync all meters of an account into the local database
  stats    counts of meters, series, readings and revisions
  export   write readings of a meter as CSV
  import   read grid operators' portal exports (CSV, XLSX) into the local database
  cost     what a meter's quarter-hours cost under one or more tariffs, per month
  battery  a home battery simulated on a site's import and export, with a size sweep
  meters   the meters in the database, with the ids other commands take (also --json)
  sites    the sites, with their ids and customers (also --json)
  tariffs  the tariffs stored in the profile, with their ids (also --json)
  imports  the import log (each file: name, hash, when, counts, meter); "imports undo ID" undoes one
  analyze  a meter's figures for a period, as its screens show them (frame, completeness, kWh, peak)
  portfolio  one row per meter: the last 365 days' energy, peak, base load, completeness
  report   the customer report (PDF) of a meter, a site or a customer for a period
  prices   import a spot price file (aWATTar, Energy-Charts, smartENERGY, ENTSO-E, CSV) into a profile
  bill     a bill's lines beside Meterdesk's own for the period, with where they differ
  backup   the profile as one file (--out FILE), to move it to another computer or consultant
  restore  a backup file as a new local profile of this data folder (never over an existing one)
  watch    what changed since the last look (new peaks, base-load steps, missing data, a feed-in
           drop), each stated once; exit code 1 when anything is new (for a nightly job)
  compare-slp  a meter against a standard load profile (H0, G0–G6, L0–L2, H25, G25, L25, P25)
  community  an energy community's quarter-hours per member, checks, and what another key would bring;
           "community import FILE" brings a whole community from the EDA portal's Energie Report
  team     "team init": a team's PostgreSQL database made ready for Meterdesk (schema and the apps' role)
  profile  the data folder's profiles ("profile list"); "profile add-team" / "remove-team": team profiles

Run "meterdesk <command> --help" for a command's options.
--lang de|en: the language of refusals, notes and warnings (else METERDESK_LANG, else the system's
LC_ALL/LC_MESSAGES/LANG; English unless German is asked for). Help and tables are English.
Exit codes: 0 ok, 1 usage, 2 service/auth error, 3 local data error.`,
  ...TEAM_HELP,
  ...MONEY_HELP,
  sync: `Usage: meterdesk --data-dir DIR sync (--base-url URL --team T | --team-url URL | --profile NAME) [--page-size N]
       meterdesk --data-dir DIR sync --profile TEAM (--base-url URL --team T | --team-url URL) [--page-size N]

Syncs every connected meter. The token comes from METERDESK_TOKEN, or from the OS keychain for --profile.
A team profile (profile add-team) is synced into its PostgreSQL database, the same way, with the token
from METERDESK_TOKEN and the account named on the command line (the nightly job: docs/team.md).
Shows progress on a terminal and ends with one JSON line: meters, readings written, revisions, pages,
duration, errors, warnings (shortfalls found by checking the synced days against the service, with
their numbers) and checks (the days checked per meter). Exit code 2 when a meter failed.`,
  stats: `Usage: meterdesk --data-dir DIR stats [--profile NAME] [--json]

Counts of meters, series, readings and revisions, and per meter the cursor and latest reading time.
With a team profile, what its PostgreSQL database holds, counted the same way.`,
  export: `Usage: meterdesk --data-dir DIR export --meter ID --from ISO --to ISO --format excel-at|iso|load-profile|xlsx --out FILE [--register OBIS]... [--profile NAME]
       meterdesk --data-dir DIR export --site ID --from ISO --to ISO --format xlsx --out FILE [--register OBIS]...

Writes the meter's readings (all registers unless --register is given) as CSV, streaming.
--format xlsx: one register (the main one unless --register) as an Excel workbook: summary, months,
days, quarter-hours (local time, MEZ/MESZ, UTC, kWh, quality in words) and the standard load profile
suggested for the meter beside them, typed cells, frozen header rows (headings in the --lang language).
--site ID --format xlsx: every meter of the site in one workbook, each register its own column (never
added up): a summary row per register, months, days, quarter-hours with each register's quality.
--format load-profile: one register's calendar year (--from YYYY-01-01…, --to the next 1 January) as
the load profile E-Control's Tarifkalkulator and PV/battery design tools (SMA Sunny Design, Tesvolt)
import: 35 040 quarter-hour values on standard time, one per line, decimal comma, at most 5 decimals
(29 February left out in a leap year). A year with a missing quarter-hour is refused.`,
  import: `Usage: meterdesk --data-dir DIR import FILE... [--json] [--profile NAME] [--meter ID|METERING_POINT|new:NAME] [--direction consumption|feed_in] [--replace] [--accept-suspicious]

Imports quarter-hour exports of the Austrian grid operators' portals (Wiener Netze, Netz NÖ, Netz OÖ,
Linz Netz, Salzburg Netz, Kärnten Netz, Energienetze Steiermark, TINETZ, TIWAG, Vorarlberg Netz, Netz
Burgenland, Stromnetz Graz, IKB, Stadtwerke Klagenfurt, eww Wels, Ebner Strom, ClamStrom) and hourly
exports (Stadtwerke Kufstein, Hall AG, KWG) as hourly series, never spread into quarter-hours; a meter
keeps one interval per register, so an hourly file goes to a meter of its own. Each file is
one transaction: all its readings or none. A file's metering point joins the meter of that number (or
a new meter of the local "Imported" customer). A file without a metering point is never put on a meter
by guess: give --meter ID or METERING_POINT ("meterdesk meters" lists them), or --meter new:NAME for a
new meter called NAME; without --meter it is refused. Readings the service delivered are never
replaced; quarter-hours an earlier file stored with other values are kept (and counted) unless
--replace is given. A file whose magnitudes look implausible (a quarter-hour far beyond the file's own
level, or a header total off by a factor of 10: a decimal point read as a thousands separator) is
refused unless --accept-suspicious is given. The database is DIR/meterdesk.sqlite (created if missing), or the profile's.
Prints one line per file (with --json: one JSON object per line). Exit code 3 when a file cannot be
imported; its line names the file, the line and the column.`,
  meters: `Usage: meterdesk --data-dir DIR meters [--profile NAME] [--json]
       meterdesk --data-dir DIR meters rename ID NAME
       meterdesk --data-dir DIR meters site ID (SITE_ID | new:NAME [CUSTOMER_ID | new:NAME])
       meterdesk --data-dir DIR meters merge FROM INTO [--replace] [--dry-run]
       meterdesk --data-dir DIR meters site-rename|customer-rename ID NAME
       meterdesk --data-dir DIR meters site-merge|customer-merge FROM INTO
       meterdesk --data-dir DIR meters delete ID --yes
       meterdesk --data-dir DIR meters usage ID household|business|agriculture|auto

Every meter: id, metering point, label, commodity, direction, status, site and customer ids, and the
end of its latest reading. --meter of other commands takes the id or the metering point.
Imported meters are the person's: rename one, put it at a site (a new site and customer can be made
here, without an account), merge it into another meter (register by register; quarter-hours the
other holds with other values are kept unless --replace; --dry-run shows what it would do, with the
first conflicting quarter-hours, and writes nothing), or delete it with all its readings (--yes).
The customers and sites made here (ids starting "local-") can be renamed, or merged into another
(site-merge moves its meters, customer-merge its sites; the emptied one goes). A service meter's
name, site and existence, and a service's customer or site, are the service's: refused. "meters usage"
marks what any meter supplies: its standard load profile is suggested within that class (household
H0/H25, business G0–G6/G25, farm L0–L2/L25); "auto" takes household or business by its yearly energy.`,
  imports: `Usage: meterdesk --data-dir DIR imports [--profile NAME] [--json]
       meterdesk --data-dir DIR imports undo ID [--profile NAME] [--json]

The import log, newest first: id, when, file name, meter, readings (new, changed, kept from the
service), and whether it was undone. "imports undo ID" restores every day that import wrote to what it
was before the file (a meter or register it created goes, its revisions leave the audit trail); it is
refused when a later import or a sync wrote those days since (undo those first).`,
  sites: `Usage: meterdesk --data-dir DIR sites [--profile NAME] [--json]

Every site: id, name, customer id and name, number of meters (the ids --site takes).`,
  watch: `Usage: meterdesk --data-dir DIR watch [--since ISO] [--now ISO] [--profile NAME] [--json]
       meterdesk --data-dir DIR watch thresholds --meter ID [--json]
       meterdesk --data-dir DIR watch set RULE VALUE --meter ID [--scope meter|site|customer]
       meterdesk --data-dir DIR watch unset RULE --meter ID [--scope meter|site|customer]
       meterdesk --data-dir DIR watch snooze ID DAYS [--now ISO]

Evaluates the watch rules over every meter's total register from the daily rollups and records each
finding once (it stays until its condition ends, then it is cleared): peak_new (this month's highest
quarter-hour above the twelve months before), base_step (the last 14 days' base load 1.5× or 2/3 of
the 8 weeks before, and 0.1 kW apart), data_stopped (a synced meter's newest reading more than 3
days old), days_missing (incomplete days of the last 30, up to the day before yesterday), feed_in_drop
(the 5 best feed-in days of the last 14 under 70 % of the same weeks a year earlier), year_change
(this month or this year so far 20 % and 20/100 kWh off the same days a year earlier, on days complete
in both years), day_revised (a day the operator revised by 10 % and 1 kWh or more, recorded in the
last 14 days). Prints the
findings that hold, new ones marked; exit code 1 when one is new since --since (else: new in this
run). "thresholds" lists a meter's threshold of each rule and where it is set; "set"/"unset" change
it for the meter, its site or its customer (the narrowest wins): peak_cap kW (off until set),
base_step factor, year_change %, day_revised %, feed_in_drop %, data_stopped days. "snooze" keeps a
finding from being new (and from the exit code) for DAYS days. See docs/watch.md.`,
  'compare-slp': `Usage: meterdesk --data-dir DIR compare-slp --meter ID|METERING_POINT [--register OBIS]
       [--slp H0|G0|…|G6|L0|L1|L2|H25|G25|L25|P25] (--period 2025 | --from ISO --to ISO) [--now ISO] [--json]

The register against a standard load profile (VDEW 1999 or BDEW 2025, with Austrian holidays; 24 and
31 December as Saturdays) scaled to the meter's energy on the same quarter-hours: the shares of the
night (22–06), the day and the SNAP window, the peaks, each month, each hour by day type, and on each
spot tariff of the profile what this profile's energy costs on the spot index against the standard
one's (ct/kWh). Without --slp: P25 at a site with PV, else H0.`,
  analyze: `Usage: meterdesk --data-dir DIR analyze --meter ID|METERING_POINT [--register OBIS]
       (--period 2026-11 | --from ISO --to ISO) [--now ISO] [--profile NAME] [--json]
       meterdesk --data-dir DIR analyze --site ID (--period … | --from ISO --to ISO) [--json]

The figures the meter's screens show for that frame, from the same functions: the period (a year
2026, a month 2026-11, a day 2026-11-24, an ISO week 2026-W48, in Austrian time; or an exact span)
clipped to now (the start of today, or the latest reading) and to the register's first reading; then
readings, expected quarter-hours (92/96/100 per day; hours for an hourly series), completeness, kWh,
quality counts, peak kW with its time and base load (mean daily P5). Default register: the meter's
total (G.01). With --site: one such object per meter of the site, never added up. --now sets "now".`,
  backup: `Usage: meterdesk --data-dir DIR backup --out FILE [--profile NAME] [--json]

Writes the profile (the data folder's own database, or --profile's) as one file, with SQLite's online
backup while it may be in use, and a manifest of what it holds (meters, registers, readings and their
span, revisions, notes, tariffs, communities, imported files). Never writes over an existing file. The
token is not in it: it stays in this computer's keychain. With a team profile: the team's store (one
snapshot of it) as a backup any local profile restores.`,
  restore: `Usage: meterdesk --data-dir DIR restore FILE [--name NAME] [--json]
       meterdesk --data-dir DIR restore FILE --profile TEAM [--json]

Checks a backup (a Meterdesk backup, whole, of a storage generation this version reads) and copies it
into a new local profile of the data folder, named NAME or after the profile it was made from with
the backup's day. Never writes over an existing profile; the backup file is only read.
With --profile TEAM: into a team profile's store, which must be empty (never merged into); what the
team's store does not hold yet (notes, tariffs, communities, imports, …) is named with its counts.`,
  report: `Usage: meterdesk --data-dir DIR report (--meter ID|METERING_POINT | --site ID | --customer ID)
       (--period 2025 | --from ISO --to ISO) --out FILE.pdf [--lang de|en]
       [--sections master,energy,profile,peaks,baseload,cost,measures,annex] [--consultant NAME]
       [--logo FILE.png] [--conclusions TEXT|@FILE] [--area M2] [--persons N] [--community ID] [--now ISO] [--profile NAME] [--json]
       [--ahead --tariff-id ID [--billing-start MM-DD] [--payment EUR [--payments N]]]

The customer report as a PDF (A4, page numbers, contents): master data with completeness and the
shares of measured, estimated and unreliable values; energy by month beside the previous year; the
load profile (daily energy, carpet, typical days); peaks (monthly maxima with their time, the top
quarter-hours, the mean of the 3 highest, utilisation hours, duration curve); base load; cost under
the profile's tariffs; the method, gaps and revisions. The figures come from the same functions and
frame as the screens and "meterdesk analyze". A site or customer gets a summary page and a page per
meter (registers and commodities never added up). --ahead adds the bill ahead to each consumption
meter's cost section, as "bill --ahead" computes it (the billing year around --now). --community ID adds an energy community's page: its
totals as recorded and by its key, its members with what they shared, paid and saved, the data check
and where the EDA summary disagrees. The app writes the same file (Meter → Report).`,
  portfolio: `Usage: meterdesk --data-dir DIR portfolio [--customer ID] [--now ISO] [--profile NAME] [--json]

One row per meter (of all customers, or one): the last 365 days up to yesterday of its total register
— energy, peak, base load (mean daily P5), completeness in its frame — and totals per commodity,
direction and register (never across them). The app's portfolio view, from the same function.`,
};

/** The options each command reads (besides --data-dir and --help). */
export const OPTIONS: Record<string, string[]> = {
  sync: ['base-url', 'team', 'team-url', 'profile', 'page-size'],
  team: ['url', 'app-role', 'json', 'profile'],
  profile: ['url', 'json'],
  stats: ['json', 'profile'],
  export: ['meter', 'site', 'from', 'to', 'format', 'out', 'register', 'profile'],
  import: ['json', 'profile', 'meter', 'direction', 'replace', 'accept-suspicious'],
  cost: [
    'profile',
    'json',
    'meter',
    'register',
    'from',
    'to',
    'tariff',
    'tariff-id',
    'tariff-preset',
    'prices',
    'shift',
    'power-price',
    'power-min',
    'power-window',
  ],
  battery: [
    'profile',
    'json',
    'site',
    'capacity',
    'power',
    'efficiency',
    'min-soc',
    'from',
    'to',
    'tariff',
    'tariff-id',
    'feed-in-tariff',
    'feed-in-tariff-id',
    'sweep-max',
    'prices',
  ],
  analyze: ['profile', 'json', 'meter', 'site', 'register', 'period', 'from', 'to', 'now'],
  watch: ['profile', 'json', 'since', 'now', 'meter', 'scope'],
  'compare-slp': ['profile', 'json', 'meter', 'register', 'slp', 'period', 'from', 'to', 'now'],
  portfolio: ['profile', 'json', 'customer', 'now'],
  report: [
    'profile',
    'json',
    'meter',
    'site',
    'customer',
    'period',
    'from',
    'to',
    'lang',
    'sections',
    'consultant',
    'logo',
    'conclusions',
    'area',
    'persons',
    'community',
    'ahead',
    'tariff-id',
    'billing-start',
    'payment',
    'payments',
    'now',
    'out',
  ],
  meters: ['profile', 'json', 'yes', 'replace', 'dry-run'],
  imports: ['profile', 'json'],
  backup: ['profile', 'json', 'out'],
  restore: ['json', 'name', 'profile'],
  sites: ['profile', 'json'],
  tariffs: ['profile', 'json', 'presets', 'id', 'customer', 'site', 'meter', 'none'],
  community: [
    'profile',
    'json',
    'id',
    'name',
    'kind',
    'period',
    'from',
    'to',
    'share',
    'add',
    'remove',
    'capacity',
    'power',
    'efficiency',
  ],
  prices: ['profile', 'json', 'name', 'replace'],
  bill: [
    'profile',
    'json',
    'meter',
    'register',
    'from',
    'to',
    'tariff',
    'tariff-id',
    'tariff-preset',
    'bill',
    'ahead',
    'billing-start',
    'payment',
    'payments',
    'now',
  ],
};
