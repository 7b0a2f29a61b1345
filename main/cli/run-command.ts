/**
 * Runs one CLI command, loading only its module (so `meterdesk --help` starts without the database,
 * the HTTP client or the keychain). Each command's options are checked before (help.ts: OPTIONS).
 */
import { resolve } from 'node:path';
import type { CliValues } from './command-line';
import { HELP } from './help';
import { profileDbPath } from './profile-path';
import { UsageError } from './usage-error';

type Run = (v: CliValues, positionals: string[], dataDir: string) => Promise<void>;

/** `prices`: price series, listed or imported. */
const prices: Run = async (v, positionals, dataDir) => {
  const { pricesCommand } = await import('./prices-command');
  pricesCommand({
    dataDir,
    profile: v.profile,
    json: !!v.json,
    args: positionals.slice(1),
    name: v.name,
    replace: !!v.replace,
  });
};

/** `bill`: a bill rebuilt and reconciled. */
const bill: Run = async (v, _positionals, dataDir) => {
  if (v.ahead) {
    const { billAheadCommand } = await import('./bill-ahead-command');
    const { dbPathOf } = await import('./cost-command');
    return billAheadCommand({
      dbPath: dbPathOf({ dataDir, profile: v.profile, json: false }),
      json: !!v.json,
      meter: v.meter,
      register: v.register,
      tariffId: v['tariff-id'],
      billingStart: v['billing-start'],
      payment: v.payment,
      payments: v.payments,
      now: v.now,
    });
  }
  const { billCommand } = await import('./cost-command');
  billCommand({
    dataDir,
    profile: v.profile,
    json: !!v.json,
    meter: v.meter,
    register: v.register,
    from: v.from,
    to: v.to,
    tariff: v.tariff,
    tariffId: v['tariff-id'],
    tariffPreset: v['tariff-preset'],
    bill: v.bill,
  });
};

/** `community`: energy communities, their members, view and what-if. */
const community: Run = async (v, positionals, dataDir) => {
  const { communityCommand } = await import('./community-command');
  await communityCommand({
    dataDir,
    profile: v.profile,
    json: !!v.json,
    args: positionals.slice(1),
    id: v.id,
    name: v.name,
    kind: v.kind,
    period: v.period,
    from: v.from,
    to: v.to,
    share: v.share,
    add: v.add,
    remove: v.remove,
    capacity: v.capacity,
    power: v.power,
    efficiency: v.efficiency,
  });
};

/** `cost` and `battery`. */
const costOrBattery: Run = async (v, positionals, dataDir) => {
  const { costCommand } = await import('./cost-command');
  costCommand(positionals[0] as 'cost' | 'battery', {
    dataDir,
    profile: v.profile,
    json: !!v.json,
    meter: v.meter,
    register: v.register,
    site: v.site,
    from: v.from,
    to: v.to,
    tariff: v.tariff,
    tariffId: v['tariff-id'],
    tariffPreset: v['tariff-preset'],
    feedInTariff: v['feed-in-tariff'],
    feedInTariffId: v['feed-in-tariff-id'],
    prices: v.prices,
    capacity: v.capacity,
    power: v.power,
    efficiency: v.efficiency,
    minSoc: v['min-soc'],
    sweepMax: v['sweep-max'],
    shift: v.shift,
    powerPrice: v['power-price'],
    powerMin: v['power-min'],
    powerWindow: v['power-window'],
  });
};

/** The commands that read one profile's database: analyze, portfolio, lists, imports, report. */
const fromDatabase: Run = async (v, positionals, dataDir) => {
  const command = positionals[0];
  const [{ analyzeCommand, portfolioCommand }, { listCommand, importsCommand, metersAdminCommand }, dbPath] =
    await Promise.all([
      import('./analyze-command'),
      import('./lists-command'),
      profileDbPath(dataDir, v.profile),
    ]);
  if (command === 'report') {
    const { reportCommand } = await import('./report-command');
    await reportCommand({
      dataDir,
      dbPath,
      meter: v.meter,
      site: v.site,
      customer: v.customer,
      period: v.period,
      from: v.from,
      to: v.to,
      lang: v.lang,
      sections: v.sections,
      consultant: v.consultant,
      logo: v.logo,
      conclusions: v.conclusions,
      area: v.area,
      persons: v.persons,
      community: v.community,
      ahead: !!v.ahead,
      tariffId: v['tariff-id'],
      billingStart: v['billing-start'],
      payment: v.payment,
      payments: v.payments,
      now: v.now,
      out: v.out ? resolve(v.out) : undefined,
      json: !!v.json,
    });
    return;
  }
  if (command === 'watch') {
    const { watchCommand, thresholdCommand, snoozeCommand } = await import('./watch-command');
    if (positionals[1] === 'snooze') snoozeCommand({ dbPath, args: positionals.slice(2), now: v.now });
    else if (positionals[1])
      thresholdCommand({
        dbPath,
        json: !!v.json,
        args: positionals.slice(1),
        meter: v.meter,
        scope: v.scope,
      });
    else {
      const { cliLanguage } = await import('./cli-words');
      watchCommand({
        dbPath,
        json: !!v.json,
        since: v.since,
        now: v.now,
        lang: cliLanguage(process.argv.slice(2)),
      });
    }
    return;
  }
  if (command === 'compare-slp') {
    const { slpCommand } = await import('./slp-command');
    slpCommand({
      dbPath,
      json: !!v.json,
      meter: v.meter,
      register: v.register,
      profile: v.slp,
      period: v.period,
      from: v.from,
      to: v.to,
      now: v.now,
    });
    return;
  }
  if (command === 'imports') importsCommand({ dbPath, json: !!v.json, args: positionals.slice(1) });
  else if (command === 'meters' && positionals.length > 1)
    metersAdminCommand({
      dbPath,
      json: !!v.json,
      args: positionals.slice(1),
      dryRun: !!v['dry-run'],
      yes: !!v.yes,
      replace: !!v.replace,
    });
  else if (command === 'tariffs' && positionals[1] === 'combine')
    await (
      await import('./tariffs-command')
    ).combineCommand({
      dbPath,
      json: !!v.json,
      args: positionals.slice(2),
      id: v.id,
      customer: v.customer,
      site: v.site,
      meter: v.meter,
    });
  else if (command === 'tariffs' && positionals[1] === 'assign')
    await (
      await import('./tariffs-command')
    ).assignCommand({
      dbPath,
      json: !!v.json,
      args: positionals.slice(2),
      customer: v.customer,
      site: v.site,
      meter: v.meter,
      none: !!v.none,
    });
  else if (command === 'meters' || command === 'sites' || command === 'tariffs')
    listCommand(command, { dbPath, json: !!v.json, presets: !!v.presets });
  else if (command === 'analyze')
    analyzeCommand({
      dbPath,
      meter: v.meter,
      site: v.site,
      register: v.register,
      period: v.period,
      from: v.from,
      to: v.to,
      now: v.now,
      json: !!v.json,
    });
  else portfolioCommand({ dbPath, customer: v.customer, now: v.now, json: !!v.json });
};

/** `import`: portal files into a profile. */
const importFilesCommand: Run = async (v, positionals, dataDir) => {
  const { importFiles } = await import('./import-command');
  const { cliLanguage } = await import('./cli-words');
  await importFiles(dataDir, positionals.slice(1), {
    json: !!v.json,
    profile: v.profile,
    meterId: v.meter,
    direction: v.direction,
    replace: !!v.replace,
    acceptSuspicious: !!v['accept-suspicious'],
    lang: cliLanguage(process.argv.slice(2)),
  });
};

/** `backup` and `restore`: a profile as one file, and back as a new profile. */
const backupOrRestore: Run = async (v, positionals, dataDir) => {
  const { backupCommand, restoreCommand } = await import('./backup-command');
  if (positionals[0] === 'backup')
    await backupCommand({ dataDir, profile: v.profile, out: v.out, json: !!v.json });
  else if (v.profile)
    // A team profile was taken by the door above: a local one is never restored into.
    throw new UsageError(
      `restore --profile takes a team profile; "${v.profile}" is none. A restore makes a new local profile (leave out --profile).`,
    );
  else await restoreCommand({ dataDir, file: positionals[1], name: v.name, json: !!v.json });
};

/** `team init`: a team's PostgreSQL database made ready (main/db/team-init.ts). */
const team: Run = async (v, positionals) => {
  const { teamCommand } = await import('./team-command');
  await teamCommand({ args: positionals.slice(1), url: v.url, appRole: v['app-role'], json: !!v.json });
};

/** `profile`: the data folder's profiles; team profiles added and removed. */
const profile: Run = async (v, positionals, dataDir) => {
  const { profileCommand } = await import('./profile-command');
  await profileCommand({ dataDir, args: positionals.slice(1), url: v.url, json: !!v.json });
};

const RUNS: Record<string, Run> = {
  team,
  profile,
  backup: backupOrRestore,
  restore: backupOrRestore,
  prices,
  bill,
  community,
  cost: costOrBattery,
  battery: costOrBattery,
  analyze: fromDatabase,
  portfolio: fromDatabase,
  meters: fromDatabase,
  sites: fromDatabase,
  tariffs: fromDatabase,
  imports: fromDatabase,
  report: fromDatabase,
  'compare-slp': fromDatabase,
  watch: fromDatabase,
  import: importFilesCommand,
};

/** Runs `command` (checked: it has a help text) with its options; sync, stats and export are the account's. */
export async function runCommand(v: CliValues, positionals: string[], dataDir: string): Promise<void> {
  const command = positionals[0]!;
  const { onTeamProfile } = await import('./team-door');
  if (await onTeamProfile(v, positionals, dataDir, runCommand)) return;
  const run = RUNS[command];
  if (run) return run(v, positionals, dataDir);
  const { accountCommand } = await import('./account-commands');
  await accountCommand(command as 'sync' | 'stats' | 'export', v, dataDir, HELP);
}
