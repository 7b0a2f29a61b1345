/**
 * The CLI's account commands: `sync` (an account into the local database), `stats` and `export`.
 * Loaded only when one of them runs, so `meterdesk --help` starts without the database, the HTTP client
 * or the keychain; each command loads only what it uses (`stats` neither the HTTP client nor the
 * schemas: ≈ 25 ms of module compilation at every run).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { assertIntact, assertWritablePlace, openDatabase, openForReading } from '../db/open';
import { assertExportTarget } from '../export/file-names';
import { resolveMeter } from './lists-command';
import { systemClock } from '../time/clock';

/** A remark on stderr, apart from the command's output. */
const note = (message: string) => process.stderr.write(`meterdesk: ${message}\n`);
import { AppError } from '../errors';
import type { SyncProgress } from '../sync/sync-service';
import { parseIsoSec } from '../time/local-days';
import { UsageError } from './usage-error';
import { latestOfMeters } from '../db/readings-read';

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
}

export async function accountCommand(
  command: 'sync' | 'stats' | 'export',
  v: AccountArgs,
  dataDir: string,
  help: Record<string, string>,
): Promise<void> {
  if (command === 'sync') {
    const [
      { createApiClient, splitTeamUrl },
      { createAccountStore },
      { createReadingsStore },
      { createProfileRegistry },
      { createSecretStore },
      { createSyncService },
    ] = await Promise.all([
      import('../api/client'),
      import('../db/account-store'),
      import('../db/readings-store'),
      import('../profiles/registry'),
      import('../secrets/keychain'),
      import('../sync/sync-service'),
    ]);
    let baseUrl: string;
    let team: string;
    let token: string | null | undefined = process.env.METERDESK_TOKEN;
    let dbPath = join(dataDir, 'meterdesk.sqlite');
    if (v.profile) {
      const registry = createProfileRegistry(dataDir);
      const p = registry.list().find((x) => x.id === v.profile || x.name === v.profile);
      if (!p || p.kind !== 'account')
        throw new UsageError(`No account profile "${v.profile}" in ${dataDir}.`);
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
    assertWritablePlace(dbPath);
    const db = openDatabase(dbPath);
    try {
      assertIntact(db);
    } catch (err) {
      db.close();
      throw err;
    }
    const account = createAccountStore(db);
    const api = createApiClient({ baseUrl, team, token });
    const isTty = process.stderr.isTTY;
    let lastDraw = 0;
    const readings = createReadingsStore(db);
    const sync = createSyncService({
      db,
      api,
      account,
      readings,
      pageSize: v['page-size'] ? Number(v['page-size']) : undefined,
      onProgress: (p: SyncProgress) => {
        if (!isTty || (systemClock.nowMs() - lastDraw < 200 && !p.done)) return;
        lastDraw = systemClock.nowMs();
        const eta = p.etaSec !== null ? `, ~${Math.ceil(p.etaSec)} s left` : '';
        process.stderr.write(
          `\rmeter ${Math.min(p.meterIndex + 1, p.meterCount)}/${p.meterCount} · ${p.readings} readings · ${p.revisions} revisions${eta}   ${p.done ? '\n' : ''}`,
        );
      },
    });
    process.once('SIGINT', () => sync.cancel());
    try {
      const s = await sync.syncAll();
      process.stdout.write(
        JSON.stringify({
          meters: s.meters,
          readings_written: s.readingsWritten,
          revisions: s.revisions,
          pages: s.pages,
          duration_ms: s.durationMs,
          errors: s.errors.map((e) => ({ meter_id: e.meterId, code: e.code, message: e.message })),
          warnings: s.warnings.map((w) => ({
            meter_id: w.meterId,
            kind: w.kind,
            message: w.message,
            from: new Date(w.fromSec * 1000).toISOString(),
            to: new Date(w.toSec * 1000).toISOString(),
            service_readings: w.serviceReadings,
            local_readings: w.localReadings,
            fetched: w.fetched,
          })),
          checks: s.checks.map((c) => ({
            meter_id: c.meterId,
            from_day: c.fromDay,
            to_day: c.toDay,
            incomplete_days: c.incompleteDays,
            probes: c.probes,
          })),
        }) + '\n',
      );
      for (const w of s.warnings)
        process.stderr.write(`meterdesk: warning: meter ${w.meterId}: ${w.message}\n`);
      if (s.errors.length > 0) process.exitCode = 2;
    } finally {
      db.close();
    }
    return;
  }

  const dbPath = existsSync(join(dataDir, 'meterdesk.sqlite')) ? join(dataDir, 'meterdesk.sqlite') : null;
  if (!dbPath)
    throw new AppError(
      'local_data',
      `No Meterdesk database in ${dataDir}. Run "meterdesk --data-dir ${v['data-dir']} sync …" first.`,
    );

  if (command === 'stats') {
    const db = openForReading(dbPath, note);
    try {
      const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      // Counts from the daily rollups (kept in the same transaction as the rows, so exact) and the
      // newest reading by index: no scan of millions of rows (21 M readings: ~0.1 s instead of ~6 s).
      // The rollups are read once (each holds its day's block: 126 MB at 21 M readings), per series.
      const perSeries = db
        .prepare('SELECT series_id, sum(count) FROM daily_rollups GROUP BY series_id')
        .raw(true)
        .all() as [number, number][];
      const seriesMeter = new Map(
        (db.prepare('SELECT id, meter_id FROM series').raw(true).all() as [number, string][]).map(
          ([id, m]) => [id, m],
        ),
      );
      const perMeter = new Map<string, number>();
      let readings = 0;
      for (const [sid, n] of perSeries) {
        readings += n;
        const m = seriesMeter.get(sid);
        if (m !== undefined) perMeter.set(m, (perMeter.get(m) ?? 0) + n);
      }
      const meters = (
        db
          .prepare(
            `SELECT m.id, m.metering_point, m.status, s.cursor, s.last_sync_sec
               FROM meters m LEFT JOIN sync_state s ON s.meter_id = m.id ORDER BY m.metering_point`,
          )
          .all() as {
          id: string;
          metering_point: string;
          status: string;
          cursor: string | null;
          last_sync_sec: number | null;
        }[]
      ).map((m) => ({ ...m, readings: perMeter.get(m.id) ?? 0 }));
      const out = {
        meters: one('SELECT count(*) AS n FROM meters'),
        series: seriesMeter.size,
        readings,
        revisions: one('SELECT count(*) AS n FROM reading_revisions'),
        per_meter: meters.map((m) => ({
          id: m.id,
          metering_point: m.metering_point,
          status: m.status,
          readings: m.readings,
          cursor: m.cursor,
          latest_reading_at: latestAt(db, m.id),
        })),
      };
      if (v.json) process.stdout.write(JSON.stringify(out) + '\n');
      else {
        process.stdout.write(
          `meters ${out.meters} · series ${out.series} · readings ${out.readings} · revisions ${out.revisions}\n`,
        );
        for (const m of out.per_meter)
          process.stdout.write(
            `  ${m.metering_point}  ${m.status.padEnd(10)} ${String(m.readings).padStart(9)} readings  latest ${m.latest_reading_at ?? '—'}\n`,
          );
      }
    } finally {
      db.close();
    }
    return;
  }

  if (command === 'export') {
    const [{ exportCsv, MAX_EXPORT_RANGE_SEC }, { createPartialTracker }] = await Promise.all([
      import('../export/csv'),
      import('../export/partials'),
    ]);
    if (!v.meter || !v.from || !v.to || !v.format || !v.out)
      throw new UsageError(`export needs --meter, --from, --to, --format and --out.\n\n${help.export}`);
    if (v.format !== 'excel-at' && v.format !== 'iso' && v.format !== 'load-profile')
      throw new UsageError('--format must be excel-at, iso or load-profile.');
    const fromSec = parseIsoSec(v.from);
    const toSec = parseIsoSec(v.to);
    if (v.format === 'load-profile') {
      // A calendar year: --from YYYY-01-01…, --to (YYYY+1)-01-01… (any offset).
      const year = Number(v.from.slice(0, 4));
      if (!/^\d{4}-01-01/.test(v.from) || !v.to.startsWith(`${year + 1}-01-01`))
        throw new UsageError(
          'load-profile exports one calendar year: --from 2025-01-01T00:00:00+01:00 --to 2026-01-01T00:00:00+01:00.',
        );
      assertExportTarget(v.out, dataDir, dbPath);
      const [{ loadProfileOf, writeLoadProfile }, { mainRegister }] = await Promise.all([
        import('../export/load-profile'),
        import('../analysis/frame'),
      ]);
      const db = openForReading(dbPath, note);
      try {
        const meterId = resolveMeter(db, v.meter).id;
        const register = v.register?.[0] ?? mainRegister(db, meterId)?.obis_code;
        if (!register) throw new AppError('local_data', `No readings of meter ${v.meter} in this database.`);
        const p = loadProfileOf(db, meterId, register, year);
        const bytes = writeLoadProfile(resolve(v.out), p);
        process.stdout.write(
          JSON.stringify({
            path: resolve(v.out),
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
      return;
    }
    if (!Number.isFinite(fromSec) || !Number.isFinite(toSec) || toSec <= fromSec)
      throw new UsageError(
        '--from and --to must be ISO 8601 timestamps with Z or an offset, --to after --from.',
      );
    if (toSec - fromSec > MAX_EXPORT_RANGE_SEC)
      throw new UsageError('An export covers at most 10 years: choose --from and --to closer together.');
    assertExportTarget(v.out, dataDir, dbPath);
    const db = openForReading(dbPath, note);
    try {
      const meterId = resolveMeter(db, v.meter).id; // an id or a metering point
      const registers =
        v.register ??
        (
          db.prepare('SELECT obis_code FROM series WHERE meter_id = ? ORDER BY obis_code').all(meterId) as {
            obis_code: string;
          }[]
        ).map((r) => r.obis_code);
      if (registers.length === 0)
        throw new AppError('local_data', `No readings of meter ${v.meter} in this database.`);
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
}

/** The end of a meter's latest reading as ISO text, or null. */
function latestAt(db: Database.Database, meterId: string): string | null {
  const last = latestOfMeters(db, [meterId]);
  return last === null ? null : new Date(last.endSec * 1000).toISOString();
}
