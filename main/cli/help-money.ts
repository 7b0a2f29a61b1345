/** What the money commands' --help prints: cost, battery, bill, tariffs, prices and community. */
export const MONEY_HELP: Record<string, string> = {
  cost: `Usage: meterdesk --data-dir DIR cost --meter ID (--tariff FILE | --tariff-id ID | --tariff-preset ID)... [--register OBIS]
       [--from ISO --to ISO] [--prices FILE] [--shift PERCENT] [--profile NAME] [--json]

The register's cost per calendar month and component (energy, base fee, grid energy and power, levies,
VAT) under each tariff, the cheapest fully priced one marked. A tariff file is JSON (one tariff or an
array) in the app's tariff shape; --prices imports a spot price file (CSV/JSON, EUR/MWh) into the
profile first. Without --from/--to: the last twelve calendar months before the newest reading.

       meterdesk --data-dir DIR cost --meter ID --power-price EUR_PER_KW_MONTH [--power-min KW]
       [--power-window FROM-TO] [--from ISO --to ISO] [--json]

2027 ahead: each month under a power price on its highest quarter-hour (the draft SNE-G-V of
30.06.2026, § 6: monthly, feed-in not netted, at least --power-min kW, default 2), optionally only
in a daily window of local hours (17-20). No ordinance gives the price yet: it is yours to give.`,
  battery: `Usage: meterdesk --data-dir DIR battery --site ID --capacity KWH --power KW [--efficiency 0.9]
       [--min-soc 10] [--from ISO --to ISO] [--tariff FILE | --tariff-id ID] [--feed-in-tariff FILE |
       --feed-in-tariff-id ID] [--sweep-max 20] [--profile NAME] [--json]

Simulates the battery on the site's consumption (import) and feed-in (export) meters quarter-hour by
quarter-hour: import and export after, self-consumption gained (a lower bound: the PV's own direct use
is not metered), full cycles, savings under the tariffs, and a sweep of sizes with its knee.`,
  tariffs: `Usage: meterdesk --data-dir DIR tariffs [--presets] [--profile NAME] [--json]
       meterdesk --data-dir DIR tariffs combine NAME supplier=ID [grid=ID] [levies=ID]
                 [--customer ID | --site ID | --meter ID] [--id ID] [--json]
       meterdesk --data-dir DIR tariffs assign ID (--customer ID | --site ID | --meter ID | --none) [--json]

Every tariff stored in the profile: id, name, direction, commodity, kind of energy price, whether it
is an example (the ids --tariff-id takes). With --presets: the dated presets that ship with the app
(the 2026 grid usage prices of the 14 network areas with SNAP, and the 2026 levies), with validity and
legal source (the ids --tariff-preset takes).

"tariffs combine" stores a combined tariff: the supplier's, the grid's and the levies' tariff, each an
id of this profile or of a preset (added to the profile first), priced together per meter, each part
with its own validity: nothing of a part is charged outside it, and those quarter-hours are counted
and named per part ("meterdesk cost --tariff-id ID" prices it). Each part stands for its bill: a
supplier's tariff as the supplier, a grid tariff as the grid.

A tariff belongs to a client — a customer, a site or a meter ("tariffs assign", or --customer/--site/
--meter when combining) — or to no one. A client's report shows its own tariffs and, only when the
profile has a single customer, those of no one; never another client's, never a part of a combination
alone, never a grid preset of another network area.`,
  prices: `Usage: meterdesk --data-dir DIR prices [list] [--profile NAME] [--json]
       meterdesk --data-dir DIR prices import FILE [--name NAME] [--replace] [--profile NAME] [--json]
       meterdesk --data-dir DIR prices rename ID NAME [--profile NAME]
       meterdesk --data-dir DIR prices remove ID [--profile NAME]

Stores a spot price file as a named series of the profile (the ids a spot tariff's priceSeriesId
takes): aWATTar JSON, Energy-Charts JSON, smartENERGY JSON (gross: stored net, said), ENTSO-E
Transparency XML (A03 gaps filled forward, the first sequence), and CSV/JSON of time and price. Hourly
and quarter-hourly prices are kept as such. A file under the name of a series the profile has (a second
month of epex-at-60) extends it: new intervals are added, a price it holds is kept where the file differs
(counted and said) unless --replace. "list" (or no verb) lists the series with their ids, names,
resolution and span; "rename" changes the name lists show (the id, which tariffs bill on, stays; an
example series keeps its name); "remove" deletes a series no tariff uses.`,
  community: `Usage: meterdesk --data-dir DIR community [--id ID] (--period 2026 | --from ISO --to ISO) [--profile NAME] [--json]
       meterdesk --data-dir DIR community … [--share METER=PCT]... [--add METER:consumer|producer]... [--remove METER]... [--capacity KWH --power KW [--efficiency 0.9]]
       meterdesk --data-dir DIR community import FILE.xlsx --name NAME [--kind local|regional|beg] [--json]

An energy community's figures for the period, as the app's community view shows them: generation,
consumption, shared energy (G.03), surplus (P.01) and coverage, recorded by the operator's registers and
as the community's key allocates the same quarter-hours; per member what it consumed, shared, paid and
saved; the checks (days lacking quarter-hours, quarter-hours breaking G.03 ≤ G.02 or G.03 ≤ G.01); the
EDA report's summary where it disagrees with its own quarter-hours; and what a static key (--share),
the dynamic key, other members (--add, --remove) or a community battery (--capacity) would bring.
Without --id: the profile's only community, or the list. "import" reads the EDA portal's "Energie Report"
(XLSX) into one imported meter per metering point and the community, in one transaction.`,
  bill: `Usage: meterdesk --data-dir DIR bill --meter ID|METERING_POINT (--tariff FILE | --tariff-id ID | --tariff-preset ID)
       --from DAY|ISO --to DAY|ISO --bill FILE.json [--register OBIS] [--profile NAME] [--json]

--from 2026-06-01 --to 2026-06-30: the bill's days, the --to day included (as the dialog's "to
(inclusive)"); ISO timestamps with an offset are instants, --to then excluded.
Reconciles a bill: FILE.json holds its lines, {"kwh", "energyEur", "baseFeeEur", "gridEur",
"leviesEur", "vatEur", "totalEur"} (kwh and totalEur required; net lines, VAT apart) and, where the
bill shows them, "parts": [{"key", "label", "eur"}] — the grid line's usage, loss, power, flat,
metering, gridOther and the levies' electricityTax, renewablesContribution, renewablesFlat, useLevy,
leviesOther. Templates for a Wiener Netze and a Netz NÖ household bill: docs/bills/ (fill in the
amounts). Prints each line and part beside Meterdesk's own for the same period and tariff (the cost
view's evaluation), the difference, and where it comes from: missing quarter-hours (with the energy
they would hold), estimated values, a different energy price, a part the tariff does not hold (with
the rate or yearly amount the bill implies), a different rate.

       meterdesk --data-dir DIR bill --ahead --meter ID --tariff-id ID [--billing-start MM-DD]
       [--payment EUR [--payments N]] [--register OBIS] [--now ISO] [--json]

The bill ahead: the billing year around today from --billing-start (the operator's reading date,
default 01-01), its cost so far under the tariff, the rest projected (last year's same days × this
year's trend, else the last four weeks) with its range, and against N partial payments (default 12)
of EUR: about how much more to pay or comes back.`,
};
