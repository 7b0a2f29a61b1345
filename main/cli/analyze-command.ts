/**
 * `meterdesk analyze` and `meterdesk portfolio`: the figures the screens show, headless, from the same
 * functions (analysis/frame.ts `figuresOf`, analysis.ts `portfolio`). A period is a calendar day, ISO
 * week, month or year in the profile's zone, or an exact span; its figures describe its frame (clipped
 * to now and to the register's data).
 */
import { noDatabase, noReadings } from './refusals';
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { figuresOf, frameFor, mainRegister } from '../analysis/frame';
import { portfolio } from '../analysis/analysis';
import { openForReading } from '../db/open';
import { AppError } from '../errors';
import { localDateStart } from '../../common/zone';
import { DEFAULT_TZ, isoWithOffset, parseIsoSec } from '../time/local-days';
import { resolveMeter } from './lists-command';
import { UsageError } from './usage-error';
import { systemClock } from '../time/clock';
import { metersOfSite } from '../db/meter-reads';
import { seriesOf } from '../db/series-reads';

export interface AnalyzeArgs {
  dbPath: string;
  meter?: string;
  site?: string;
  register?: string[];
  period?: string;
  from?: string;
  to?: string;
  now?: string;
  json: boolean;
}

const note = (m: string) => process.stderr.write(`meterdesk: ${m}\n`);

function openData(dbPath: string): Database.Database {
  if (!existsSync(dbPath)) throw noDatabase(dbPath);
  return openForReading(dbPath, note);
}

/** `2026`, `2026-11`, `2026-11-24` or `2026-W48` → the local span [from, to). */
export function periodSpan(period: string, tz = DEFAULT_TZ): { fromSec: number; toSec: number } {
  let m = /^(\d{4})$/.exec(period);
  if (m) return { fromSec: localDateStart(+m[1]!, 1, 1, tz), toSec: localDateStart(+m[1]! + 1, 1, 1, tz) };
  m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m && +m[2]! >= 1 && +m[2]! <= 12) {
    const [y, mo] = [+m[1]!, +m[2]!];
    return {
      fromSec: localDateStart(y, mo, 1, tz),
      toSec: mo === 12 ? localDateStart(y + 1, 1, 1, tz) : localDateStart(y, mo + 1, 1, tz),
    };
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (m) {
    const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
    const probe = new Date(Date.UTC(y, mo - 1, d));
    if (probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d) {
      const next = new Date(Date.UTC(y, mo - 1, d + 1));
      return {
        fromSec: localDateStart(y, mo, d, tz),
        toSec: localDateStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz),
      };
    }
  }
  m = /^(\d{4})-W(\d{2})$/.exec(period);
  if (m) {
    // ISO week: the week with the year's first Thursday is week 1; weeks start on Monday.
    const [y, w] = [+m[1]!, +m[2]!];
    const jan4 = new Date(Date.UTC(y, 0, 4));
    const monday = new Date(Date.UTC(y, 0, 4 - ((jan4.getUTCDay() + 6) % 7) + (w - 1) * 7));
    const weeks = new Date(Date.UTC(y, 11, 28)); // always in the year's last week
    const lastWeek =
      Math.round(
        (Date.UTC(y, 11, 28 - ((weeks.getUTCDay() + 6) % 7)) -
          Date.UTC(y, 0, 4 - ((jan4.getUTCDay() + 6) % 7))) /
          (7 * 86_400_000),
      ) + 1;
    if (w >= 1 && w <= lastWeek) {
      const end = new Date(monday.getTime() + 7 * 86_400_000);
      return {
        fromSec: localDateStart(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), tz),
        toSec: localDateStart(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate(), tz),
      };
    }
  }
  throw new UsageError(
    `--period "${period}" is not a year (2026), month (2026-11), day (2026-11-24) or ISO week (2026-W48).`,
  );
}

export function spanOf(a: Pick<AnalyzeArgs, 'period' | 'from' | 'to'>): { fromSec: number; toSec: number } {
  if (a.period && (a.from || a.to)) throw new UsageError('Give --period, or --from and --to, not both.');
  if (a.period) return periodSpan(a.period);
  if (!a.from || !a.to) throw new UsageError('analyze needs --period, or --from and --to.');
  const fromSec = parseIsoSec(a.from);
  const toSec = parseIsoSec(a.to);
  if (!Number.isFinite(fromSec) || !Number.isFinite(toSec) || toSec <= fromSec)
    throw new UsageError(
      '--from and --to must be ISO 8601 timestamps with Z or an offset, --to after --from.',
    );
  if (toSec - fromSec > 10 * 366 * 86_400)
    throw new UsageError('Choose --from and --to at most 10 years apart.');
  return { fromSec, toSec };
}

function figuresJson(
  db: Database.Database,
  meterId: string,
  register: string | undefined,
  span: { fromSec: number; toSec: number },
  nowSec: number,
) {
  const s = register ? seriesOf(db, meterId, register) : mainRegister(db, meterId);
  if (!s) throw noReadings(meterId, register);
  const f = figuresOf(db, frameFor(db, { meterId, obisCode: s.obis_code, ...span }, nowSec, DEFAULT_TZ));
  const iso = (sec: number) => isoWithOffset(sec, DEFAULT_TZ);
  return {
    meter_id: meterId,
    register: s.obis_code,
    from: iso(f.frame.fromSec),
    to: iso(f.frame.toSec),
    requested_from: iso(f.frame.requestedFromSec),
    requested_to: iso(f.frame.requestedToSec),
    clipped_to_now: f.frame.clippedToNow,
    clipped_to_data: f.frame.clippedToData,
    /** Up to when the register owes data, and why (analysis/horizon.ts). */
    horizon: iso(f.frame.horizonSec),
    horizon_kind: f.frame.horizonKind,
    resolution_sec: f.frame.resolutionSec,
    readings: f.readings,
    expected: f.expected,
    completeness: Math.round(f.completeness * 1e6) / 1e6,
    kwh: f.kwh,
    quality: f.quality,
    peak_kw: f.peakKw,
    peak_at: f.peakAtSec === null ? null : iso(f.peakAtSec),
    base_load_kw: f.baseLoadKw,
  };
}

export function analyzeCommand(a: AnalyzeArgs): void {
  if (!a.meter && !a.site) throw new UsageError('analyze needs --meter ID|METERING_POINT (or --site ID).');
  const span = spanOf(a);
  const nowSec = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
  if (!Number.isFinite(nowSec))
    throw new UsageError('--now must be an ISO 8601 timestamp with Z or an offset.');
  const db = openData(a.dbPath);
  try {
    let out: unknown;
    if (a.meter) out = figuresJson(db, resolveMeter(db, a.meter).id, a.register?.[0], span, nowSec);
    else {
      const meters = metersOfSite(db, a.site ?? '');
      if (meters.length === 0)
        throw new AppError('local_data', `No meters of site "${a.site}" in this database.`, {
          reason: 'site_no_meters',
          params: { site: a.site },
        });
      // One frame per meter; a site's meters are never added up across commodities or directions.
      out = {
        site_id: a.site,
        meters: meters.flatMap((m) =>
          mainRegister(db, m.id) ? [figuresJson(db, m.id, undefined, span, nowSec)] : [],
        ),
      };
    }
    if (a.json) process.stdout.write(JSON.stringify(out) + '\n');
    else process.stdout.write(textOf(out) + '\n');
  } finally {
    db.close();
  }
}

/** Why a frame ends where it ends (FrameView.horizonKind), as the text output says it. */
const HORIZON_WORDS: Record<string, string> = {
  delivered: 'up to the newest delivery; later days not yet due',
  due: 'up to the days already due; later days not yet due',
  files: 'up to the end of its files',
  data: 'up to the latest reading',
  now: 'up to now',
};

function textOf(o: unknown): string {
  const one = (f: ReturnType<typeof figuresJson>) =>
    [
      `${f.meter_id} ${f.register}: ${f.from} – ${f.to}${f.clipped_to_now ? ` (${HORIZON_WORDS[f.horizon_kind]})` : ''}${f.clipped_to_data ? ' (from the first reading)' : ''}`,
      `  ${f.readings} of ${f.expected} ${f.resolution_sec === 3600 ? 'hours' : 'quarter-hours'} (${(f.completeness * 100).toFixed(2)} %), ${f.kwh} kWh`,
      `  measured ${f.quality.measured} · estimated ${f.quality.estimated} · unreliable ${f.quality.unreliable}`,
      `  peak ${f.peak_kw ?? '–'} kW${f.peak_at ? ` at ${f.peak_at}` : ''} · base load ${f.base_load_kw ?? '–'} kW`,
    ].join('\n');
  const x = o as { meters?: ReturnType<typeof figuresJson>[] } & ReturnType<typeof figuresJson>;
  return x.meters ? x.meters.map(one).join('\n') : one(x);
}

export function portfolioCommand(a: {
  dbPath: string;
  customer?: string;
  now?: string;
  json: boolean;
}): void {
  const nowSec = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
  if (!Number.isFinite(nowSec))
    throw new UsageError('--now must be an ISO 8601 timestamp with Z or an offset.');
  const db = openData(a.dbPath);
  try {
    const r = portfolio(db, nowSec, a.customer ?? null, DEFAULT_TZ);
    if (a.json) {
      process.stdout.write(JSON.stringify(r) + '\n');
      return;
    }
    for (const row of r.rows)
      process.stdout.write(
        `${row.meteringPoint}  ${row.commodity}/${row.energyDirection}  ${row.annualKwh ?? '–'} kWh  peak ${row.peakKw ?? '–'} kW  base ${row.baseLoadKw ?? '–'} kW  ${row.completeness === null ? '–' : (row.completeness * 100).toFixed(2) + ' %'}\n`,
      );
    for (const t of r.totals)
      process.stdout.write(
        `total ${t.commodity}/${t.energyDirection} ${t.obisCode}: ${t.meters} meters, ${t.annualKwh} ${t.unit}\n`,
      );
  } finally {
    db.close();
  }
}
