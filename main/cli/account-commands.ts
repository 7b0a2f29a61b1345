/**
 * The CLI's account commands: `sync` (an account into the local database), `stats` and `export`.
 * Loaded only when one of them runs, so `meterdesk --help` starts without the database, the HTTP client
 * or the keychain; each command loads only what it uses (`stats` neither the HTTP client nor the
 * schemas: ≈ 25 ms of module compilation at every run).
 */
import { lacksRegister, noDatabase, noReadings } from './refusals';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openForReading, openForWriting } from '../db/open';
import { assertExportTarget } from '../export/file-names';
import { resolveMeter } from './lists-command';
import { systemClock } from '../time/clock';

/** A remark on stderr, apart from the command's output. */
const note = (message: string) => process.stderr.write(`meterdesk: ${message}\n`);
import { DEFAULT_TZ, parseIsoSec } from '../time/local-days';
import { UsageError } from './usage-error';
import { AppError } from '../errors';
import { profileStats, registersOfMeter } from '../db/profile-stats';
import { printStats } from './stats-print';
import { printSyncSummary, progressLine } from './sync-print';
import { profileDbPath } from './profile-path';

export interface AccountArgs {
  'data-dir'?: string;
  'base-url'?: string;
  team?: string;
  'team-url'?: string;
  profile?: string;
  'page-size'?: string;
  json?: boolean;
  meter?: string;
  from?: string;
  to?: string;
  format?: string;
  out?: string;
  register?: string[];
  site?: string;
}

export async function accountCommand(
  command: 'sync' | 'stats' | 'export',
  v: AccountArgs,
  dataDir: string,
  help: Record<string, string>,
): Promise<void> {
  if (command === 'sync') return syncCommand(v, dataDir, help);
  // The data folder's own database, or a named profile's (--profile, as every other command takes it).
  const path = await profileDbPath(dataDir, v.profile);
  const dbPath = existsSync(path) ? path : null;
  if (!dbPath) throw noDatabase(dataDir, `Run "meterdesk --data-dir ${v['data-dir']} sync …" first.`);
  if (command === 'stats') statsCommand(v, dbPath);
  else await exportCommand(v, dataDir, dbPath, help);
}

/** `sync`: an account (a profile's, or --base-url and --team, or --team-url) into the local database. */
async function syncCommand(v: AccountArgs, dataDir: string, help: Record<string, string>): Promise<void> {
  const [{ splitTeamUrl }, { createProfileRegistry }, { createSecretStore }, { createWorkerSync }] =
    await Promise.all([
      import('../api/client'),
      import('../profiles/registry'),
      import('../secrets/keychain'),
      import('../sync/worker-sync'),
    ]);
  let baseUrl: string;
  let team: string;
  let token: string | null | undefined = process.env.METERDESK_TOKEN;
  let dbPath = join(dataDir, 'meterdesk.sqlite');
  if (v.profile) {
    const registry = createProfileRegistry(dataDir);
    const p = registry.list().find((x) => x.id === v.profile || x.name === v.profile);
    if (!p || p.kind !== 'account') throw new UsageError(`No account profile "${v.profile}" in ${dataDir}.`);
    ({ baseUrl, team } = p);
    token = token || (await createSecretStore().get(p.id));
    dbPath = registry.dbPath(p.id);
  } else if (v['team-url']) {
    ({ baseUrl, team } = splitTeamUrl(v['team-url']));
  } else {
    if (!v['base-url'] || !v.team)
      throw new UsageError(`Give --base-url and --team (or --team-url, or --profile).\n\n${help.sync}`);
    baseUrl = v['base-url'];
    team = v.team;
  }
  if (!token)
    throw new UsageError('No token: set METERDESK_TOKEN (or store one for the profile in the app).');
  // Opened here for its checks (place, damage, migrations); the sync itself runs in the app's sync
  // worker (sync/worker-sync.ts), the same code on its own connection, with the worker's small young
  // generation: the CLI's sync peaked at 311 MB on the main thread, the app's at 243–268 MB (issue 46).
  const db = openForWriting(dbPath);
  db.close();
  const sync = createWorkerSync({
    dbPath,
    tz: DEFAULT_TZ,
    connection: { baseUrl, team, token },
    pageSize: v['page-size'] ? Number(v['page-size']) : undefined,
    onProgress: progressLine(),
  });
  process.once('SIGINT', () => sync.cancel());
  try {
    await printSyncSummary(await sync.syncAll());
  } finally {
    await sync.close();
  }
}

/** `stats`: what the database holds, per meter. */
function statsCommand(v: AccountArgs, dbPath: string): void {
  const db = openForReading(dbPath, note);
  try {
    printStats(profileStats(db), !!v.json);
  } finally {
    db.close();
  }
}

/** `export`: one meter's readings as CSV (Excel-AT, ISO) or a calendar year's load profile. */
async function exportCommand(v: AccountArgs, dataDir: string, dbPath: string, help: Record<string, string>) {
  const [{ exportCsv, MAX_EXPORT_RANGE_SEC }, { createPartialTracker }] = await Promise.all([
    import('../export/csv'),
    import('../export/partials'),
  ]);
  if ((!v.meter && !(v.site && v.format === 'xlsx')) || !v.from || !v.to || !v.format || !v.out)
    throw new UsageError(
      `export needs --meter (or --site with --format xlsx), --from, --to, --format and --out.\n\n${help.export}`,
    );
  if (v.format !== 'excel-at' && v.format !== 'iso' && v.format !== 'load-profile' && v.format !== 'xlsx')
    throw new UsageError('--format must be excel-at, iso, load-profile or xlsx.');
  const fromSec = parseIsoSec(v.from);
  const toSec = parseIsoSec(v.to);
  if (v.format === 'load-profile') return loadProfileExport(v, dataDir, dbPath);
  if (!Number.isFinite(fromSec) || !Number.isFinite(toSec) || toSec <= fromSec)
    throw new UsageError(
      '--from and --to must be ISO 8601 timestamps with Z or an offset, --to after --from.',
    );
  if (toSec - fromSec > MAX_EXPORT_RANGE_SEC)
    throw new UsageError('An export covers at most 10 years: choose --from and --to closer together.');
  assertExportTarget(v.out, dataDir, dbPath);
  if (v.format === 'xlsx' && v.site) return siteWorkbookExport(v, dbPath, fromSec, toSec);
  if (v.format === 'xlsx') return workbookExport(v, dbPath, fromSec, toSec);
  const db = openForReading(dbPath, note);
  try {
    const meterId = resolveMeter(db, v.meter!).id; // an id or a metering point
    if (v.register) lacksRegister(meterId, v.register, registersOfMeter(db, meterId));
    const registers = v.register ?? registersOfMeter(db, meterId);
    if (registers.length === 0) throw noReadings(String(v.meter));
    const r = await exportCsv(
      db,
      { meterIds: [meterId], obisCodes: registers, fromSec, toSec, profile: v.format },
      resolve(v.out),
      { partials: createPartialTracker(dataDir) },
    );
    process.stdout.write(JSON.stringify({ path: resolve(v.out), rows: r.rows, bytes: r.bytes }) + '\n');
  } finally {
    db.close();
  }
}

/** `export --format xlsx`: one register's workbook (summary, months, days, quarter-hours, standard profile). */
async function workbookExport(v: AccountArgs, dbPath: string, fromSec: number, toSec: number): Promise<void> {
  const [{ buildWorkbook }, { mainRegister }, { writeWholeFile }, { cliLanguage }] = await Promise.all([
    import('../export/workbook'),
    import('../analysis/frame'),
    import('../export/whole-file'),
    import('./cli-words'),
  ]);
  const db = openForReading(dbPath, note);
  try {
    const meterId = resolveMeter(db, v.meter!).id;
    if (v.register) lacksRegister(meterId, v.register, registersOfMeter(db, meterId));
    const register = v.register?.[0] ?? mainRegister(db, meterId)?.obis_code;
    if (!register) throw noReadings(String(v.meter));
    // The workbook's headings in the CLI's language (--lang, METERDESK_LANG, the system's).
    const lang = cliLanguage(process.argv.slice(2));
    const bytes = await buildWorkbook(
      db,
      { meterId, obisCode: register, fromSec, toSec, slp: null, lang },
      systemClock.nowSec(),
      DEFAULT_TZ,
    );
    const n = writeWholeFile(resolve(v.out!), bytes);
    process.stdout.write(JSON.stringify({ path: resolve(v.out!), bytes: n, register }) + '\n');
  } finally {
    db.close();
  }
}

/** `export --format xlsx --site ID`: every meter of the site, each register its own column. */
async function siteWorkbookExport(
  v: AccountArgs,
  dbPath: string,
  fromSec: number,
  toSec: number,
): Promise<void> {
  const [{ buildManyWorkbook }, { metersOfSite }, { writeWholeFile }, { cliLanguage }] = await Promise.all([
    import('../export/workbook-many'),
    import('../db/meter-reads'),
    import('../export/whole-file'),
    import('./cli-words'),
  ]);
  const db = openForReading(dbPath, note);
  try {
    const series = metersOfSite(db, v.site!).flatMap((m) =>
      registersOfMeter(db, m.id)
        .filter((o) => !v.register || v.register.includes(o))
        .map((obisCode) => ({ meterId: m.id, obisCode })),
    );
    if (series.length === 0)
      throw new AppError(
        'not_found',
        `No site "${v.site}" with readings in this profile ("meterdesk sites" lists them).`,
        {
          reason: 'unknown_in_profile',
          params: { kind: 'site', id: String(v.site) },
        },
      );
    const lang = cliLanguage(process.argv.slice(2));
    const bytes = await buildManyWorkbook(
      db,
      { series, fromSec, toSec, lang },
      systemClock.nowSec(),
      DEFAULT_TZ,
    );
    const n = writeWholeFile(resolve(v.out!), bytes);
    process.stdout.write(JSON.stringify({ path: resolve(v.out!), bytes: n, series }) + '\n');
  } finally {
    db.close();
  }
}

/** `export --format load-profile`: one calendar year of one register (--from YYYY-01-01…, --to (YYYY+1)-01-01…). */
async function loadProfileExport(v: AccountArgs, dataDir: string, dbPath: string): Promise<void> {
  const from = v.from!;
  const to = v.to!;
  const out = v.out!;
  const meter = v.meter!;
  // A calendar year: --from YYYY-01-01…, --to (YYYY+1)-01-01… (any offset).
  const year = Number(from.slice(0, 4));
  if (!/^\d{4}-01-01/.test(from) || !to.startsWith(`${year + 1}-01-01`))
    throw new UsageError(
      'load-profile exports one calendar year: --from 2025-01-01T00:00:00+01:00 --to 2026-01-01T00:00:00+01:00.',
    );
  assertExportTarget(out, dataDir, dbPath);
  const [{ loadProfileOf, writeLoadProfile }, { mainRegister }] = await Promise.all([
    import('../export/load-profile'),
    import('../analysis/frame'),
  ]);
  const db = openForReading(dbPath, note);
  try {
    const meterId = resolveMeter(db, meter).id;
    const register = v.register?.[0] ?? mainRegister(db, meterId)?.obis_code;
    if (!register) throw noReadings(meter);
    const p = loadProfileOf(db, meterId, register, year);
    const bytes = writeLoadProfile(resolve(out), p);
    process.stdout.write(
      JSON.stringify({
        path: resolve(out),
        rows: p.values,
        bytes,
        register,
        kwh: Math.round(p.kwh * 1000) / 1000,
        leap_day_left_out: p.leapDayLeftOut,
      }) + '\n',
    );
  } finally {
    db.close();
  }
}
