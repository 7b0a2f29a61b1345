/**
 * Issue 59, item 1 — yesterday is no gap before the operator delivers it. The demo service delivers a
 * day at 06:00 of the next; at its clock of 04:00 on 29.11.2026 the account holds data up to 28.11.
 * 00:00. Every surface — the meter view's figures (quality:breakdown), `meterdesk analyze`, the
 * portfolio, the data-health CSV, the workbook's summary and the customer report (pdftotext) — reads a
 * complete meter's current month as 100 % and lists no 28.11. gap; a meter of the same account that
 * lacks a day the others have (its 27.11. taken away) shows it, everywhere, and the watch list says so.
 * The oracle is plain SQL over the profile's `readings` view and Luxon: the account's newest reading's
 * end, the due day, and the counts — no app code.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExportResult,
  HealthResult,
  MeterView,
  PortfolioResult,
  ProfileView,
  QualityBreakdown,
  ReportResult,
  Result,
} from '../../preload/contract';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices, type Services } from '../../main/services';
import { evaluateWatch } from '../../main/watch/rules';
import { runCli } from './cli-bundle';

const ZONE = 'Europe/Vienna';
const CLOCK = '2026-11-29T04:00:00+01:00';
const NOW = Date.parse(CLOCK) / 1000;
const day = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toSeconds();
const MONTH = { fromSec: day('2026-11-01'), toSec: day('2026-12-01') };

let dir: string;
let services: Services;
let dbPath: string;
let call: <T>(channel: string, input?: unknown) => Promise<T>;
let complete: MeterView;
let lacking: MeterView;

/** The oracle's horizon: the end of the newest reading of any synced meter, at least the day before yesterday's end. */
function oracleHorizon(db: Database.Database): number {
  const newest = (
    db
      .prepare(
        `SELECT max(r.end_sec) AS t FROM readings r JOIN series s ON s.id = r.series_id
           JOIN meters m ON m.id = s.meter_id WHERE m.status <> 'imported'`,
      )
      .get() as { t: number }
  ).t;
  const due = DateTime.fromSeconds(NOW, { zone: ZONE }).startOf('day').minus({ days: 1 }).toSeconds();
  return Math.min(NOW, Math.max(newest, due));
}

/** Readings of a meter's total register in [from, to): plain SQL. */
function count(db: Database.Database, meterId: string, from: number, to: number): number {
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM readings r JOIN series s ON s.id = r.series_id
          WHERE s.meter_id = ? AND s.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ?`,
      )
      .get(meterId, from, to) as { n: number }
  ).n;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'md-undelivered-'));
  const secrets = createSecretStore({
    loadKeytar: () => {
      throw new Error('none');
    },
  });
  secrets.useSessionOnly(true);
  services = createServices({
    dataDir: dir,
    shell: 'harness',
    version: '0',
    secrets,
    mqtt: false,
    demo: { seed: 1, meters: 9, years: 0.2, clock: CLOCK, withBrokers: false },
    chooseExportPath: async (name) => join(dir, name),
  });
  const h = createHandlers(services);
  call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const r = (await dispatch(h, channel, input)) as Result<T>;
    if (!r.ok) throw Object.assign(new Error(r.error.message), { error: r.error });
    return r.data;
  };
  await services.syncNow();
  const active = (await call<ProfileView[]>('profiles:list')).find((p) => p.kind === 'demo')!;
  dbPath = join(dir, 'profiles', active.id, 'meterdesk.sqlite');
  const meters = await call<MeterView[]>('meters:list');
  const db = new Database(dbPath, { readonly: true });
  const owedTo = oracleHorizon(db);
  // A meter complete this month up to what is owed (the oracle's count), and another to take a day from.
  const electric = meters.filter(
    (m) => m.status === 'connected' && m.commodity === 'electricity' && m.energyDirection === 'consumption',
  );
  const full = electric.filter(
    (m) => count(db, m.id, MONTH.fromSec, owedTo) === (owedTo - MONTH.fromSec) / 900,
  );
  db.close();
  complete = full[0]!;
  lacking = full[1]!;
  // The lacking meter loses 27.11. (a day every other meter of the account has): record and rollup.
  const w = new Database(dbPath);
  const d = Math.round(Date.UTC(2026, 10, 27) / 86_400_000);
  for (const t of ['reading_days', 'daily_rollups'])
    w.prepare(
      `DELETE FROM ${t} WHERE day = ? AND series_id IN (SELECT id FROM series WHERE meter_id = ?)`,
    ).run(d, lacking.id);
  w.close();
}, 180_000);
afterAll(async () => {
  await services?.close();
});

describe('before the daily delivery (issue 59)', () => {
  it('the oracle: the account holds data up to 28.11. 00:00, yesterday not yet', () => {
    const db = new Database(dbPath, { readonly: true });
    expect(oracleHorizon(db)).toBe(day('2026-11-28'));
    db.close();
    expect(complete).toBeDefined();
    expect(lacking).toBeDefined();
  });

  it('the meter view, the data health and its CSV: 100 %, no 28.11. gap; the lacking meter shows 27.11.', async () => {
    const expected = (day('2026-11-28') - MONTH.fromSec) / 900;
    const q = await call<QualityBreakdown>('quality:breakdown', {
      meterId: complete.id,
      obisCode: '1-1:1.9.0 G.01',
      ...MONTH,
    });
    expect([q.figures!.readings, q.figures!.expected, q.figures!.completeness]).toEqual([
      expected,
      expected,
      1,
    ]);
    expect(q.figures!.frame.horizonKind).toBe('delivered');
    expect(q.gapDays).toEqual([]);
    expect(q.days.map((x) => x.day)).not.toContain('2026-11-28');
    const h = await call<HealthResult>('analysis:health', {
      meterId: complete.id,
      obisCode: '1-1:1.9.0 G.01',
      ...MONTH,
    });
    expect(h.gapDays).toEqual([]);
    const l = await call<QualityBreakdown>('quality:breakdown', {
      meterId: lacking.id,
      obisCode: '1-1:1.9.0 G.01',
      ...MONTH,
    });
    expect(l.gapDays).toEqual(['2026-11-27']);
    expect(l.figures!.readings).toBe(expected - 96);
    const csv = await call<ExportResult>('analysis:exportCsv', {
      kind: 'health',
      params: { meterId: lacking.id, obisCode: '1-1:1.9.0 G.01', ...MONTH },
      profile: 'iso',
    });
    const text = readFileSync(csv.path, 'utf8');
    expect(text).toContain('2026-11-27');
    expect(text).not.toContain('2026-11-28');
  });

  it('meterdesk analyze and the portfolio say the same', async () => {
    for (const [m, readings] of [
      [complete, (day('2026-11-28') - MONTH.fromSec) / 900],
      [lacking, (day('2026-11-28') - MONTH.fromSec) / 900 - 96],
    ] as const) {
      const a = await runCli([
        '--data-dir',
        join(dir, 'profiles', dbPath.split('/').at(-2)!),
        'analyze',
        '--meter',
        m.id,
        '--period',
        '2026-11',
        '--now',
        CLOCK,
        '--json',
      ]);
      expect(a.status, a.stderr).toBe(0);
      const f = JSON.parse(a.stdout.trim()) as { readings: number; expected: number };
      expect([f.readings, f.expected]).toEqual([readings, (day('2026-11-28') - MONTH.fromSec) / 900]);
    }
    const p = await call<PortfolioResult>('analysis:portfolio', { customerId: null });
    const db = new Database(dbPath, { readonly: true });
    for (const m of [complete, lacking]) {
      const row = p.rows.find((r) => r.meterId === m.id)!;
      expect(row.toSec).toBe(day('2026-11-28'));
      const n = count(db, m.id, row.fromSec!, row.toSec!);
      expect(row.completeness).toBeCloseTo(n / ((row.toSec! - row.fromSec!) / 900), 4);
    }
    db.close();
  });

  it('the workbook and the report: 100 % for the complete meter, the lacking day said', async () => {
    const x = await call<ExportResult>('export:xlsx', {
      meterId: complete.id,
      obisCode: '1-1:1.9.0 G.01',
      ...MONTH,
    });
    const book = XLSX.read(readFileSync(x.path));
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(summary.find((r) => String(r[0]).startsWith('Vollständigkeit'))?.[1]).toBe(1);
    const r = await call<ReportResult>('report:pdf', {
      scope: { kind: 'meter', id: complete.id },
      ...MONTH,
      periodLabel: '2026-11',
      lang: 'de',
      sections: ['master', 'energy', 'annex'],
      consultant: null,
      logoPngBase64: null,
      conclusions: null,
      areaM2: null,
      persons: null,
    });
    const text = execFileSync('pdftotext', ['-layout', r.path, '-'], { encoding: 'utf8' }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    expect(text).toMatch(/Vollständigkeit\s+100,0 %/);
    expect(text).toMatch(/Nov\.? 2026 \(bis 27\.11\.\)/);
    expect(text).not.toMatch(/28\.11\.2026/);
  });

  it('the watch list: no missing day for the complete meter, 27.11. for the other', () => {
    const db = new Database(dbPath, { readonly: true });
    const found = evaluateWatch(db, NOW, ZONE).filter((f) => f.rule === 'days_missing');
    db.close();
    expect(found.find((f) => f.meterId === complete.id)).toBeUndefined();
    const f = found.find((x) => x.meterId === lacking.id)!;
    expect(f.figures.lastDays).toEqual(['2026-11-27']);
    expect([f.figures.toSec, f.figures.complete]).toEqual([day('2026-11-28'), false]);
  });
});
