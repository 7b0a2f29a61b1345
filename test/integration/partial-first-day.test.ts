/**
 * Issue 59 — a first day that starts mid-day is no gap, and a span that does not start at midnight is
 * framed as asked: the Wiener Netze file cut to begin at 26.10.2024 14:00 (its first 56 quarter-hours
 * left out; the 27th is the October change day of 100) is imported; `analyze`, the portfolio, the
 * workbook's summary, the watch list and the customer report all read it complete — no 26.10. gap, no
 * `days_missing` — and the report says over how many local days (2, the partial first one counted). A
 * span from 18:00 to 06:00 the next morning expects exactly its quarter-hours. The oracle counts the
 * file's own lines and Luxon's clock, never the code under test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportResult, HealthResult, Result } from '../../preload/contract';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices, type Services } from '../../main/services';
import { runCli } from './cli-bundle';

const WN = join(__dirname, '..', 'fixtures', 'dso', 'wienernetze-viertelstundenwerte-oct2024.csv');
const ZONE = 'Europe/Vienna';
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });

let data: string;
let id: string;
let lines: { start: DateTime; kwh: number }[];

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'md-partial-day-'));
  const all = readFileSync(WN, 'utf8').split(/\r?\n/);
  const rows = all.slice(1).filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l));
  const cut = rows.filter((l) => !(l.startsWith('26.10.2024;') && l.split(';')[1]! < '14:00:00'));
  writeFileSync(join(data, 'wn-from-14h.csv'), [all[0], ...cut, ''].join('\r\n'));
  // The oracle's quarter-hours: the file's lines, in order (the repeated 02:00–03:00 hour twice).
  lines = cut.map((l, i) => ({
    start: at('2024-10-26T14:00').plus({ minutes: 15 * i }),
    kwh: Number(l.split(';')[3]!.replace(',', '.')),
  }));
  const r = await runCli(['--data-dir', data, 'import', join(data, 'wn-from-14h.csv'), '--json']);
  expect(r.status, r.stderr).toBe(0);
  const meters = await runCli(['--data-dir', data, 'meters', '--json']);
  id = (JSON.parse(meters.stdout.trim()) as { id: string }[])[0]!.id;
}, 120_000);

const cli = async (args: string[]) => {
  const r = await runCli(['--data-dir', data, ...args]);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
};

let services: Services | null = null;
afterAll(async () => {
  await services?.close();
});

describe('a first day that starts mid-day (issue 59)', () => {
  it('the oracle: 40 quarter-hours of the 26th, 100 of the 27th', () => {
    expect(lines).toHaveLength(40 + 100);
    expect(lines.at(-1)!.start.plus({ minutes: 15 }).toSeconds()).toBe(at('2024-10-28').toSeconds());
  });

  it('analyze: every quarter-hour of the month’s frame is there; a span from 18:00 expects its own', async () => {
    const m = JSON.parse(await cli(['analyze', '--meter', id, '--period', '2024-10', '--json'])) as {
      from: string;
      readings: number;
      expected: number;
      completeness: number;
    };
    expect(Date.parse(m.from) / 1000).toBe(at('2024-10-26T14:00').toSeconds());
    expect([m.readings, m.expected, m.completeness]).toEqual([140, 140, 1]);
    const from = at('2024-10-26T18:00');
    const to = at('2024-10-27T06:00');
    const inside = lines.filter((l) => l.start >= from && l.start < to);
    // 6 h of the 26th and 7 h of the 27th (its 02:00–03:00 twice): 13 hours.
    expect(inside).toHaveLength(13 * 4);
    const s = JSON.parse(
      await cli(['analyze', '--meter', id, '--from', from.toISO()!, '--to', to.toISO()!, '--json']),
    ) as { readings: number; expected: number; kwh: number };
    expect([s.readings, s.expected]).toEqual([inside.length, inside.length]);
    expect(s.kwh).toBeCloseTo(
      inside.reduce((a, l) => a + l.kwh, 0),
      6,
    );
  });

  it('the portfolio, the workbook and the watch list: complete, no day missing', async () => {
    const p = JSON.parse(await cli(['portfolio', '--json'])) as { rows: { completeness: number }[] };
    expect(p.rows[0]!.completeness).toBe(1);
    const out = join(data, 'wn.xlsx');
    await cli([
      'export',
      '--meter',
      id,
      '--from',
      '2024-10-01T00:00:00+02:00',
      '--to',
      '2024-11-01T00:00:00+01:00',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    const book = XLSX.read(readFileSync(out));
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(summary.find((r) => /^(Vollständigkeit|Completeness)/.test(String(r[0])))?.[1]).toBe(1);
    const w = JSON.parse(await cli(['watch', '--json', '--now', '2024-10-30T00:00:00Z'])) as {
      findings: { rule: string }[];
    };
    expect(w.findings.filter((f) => f.rule === 'days_missing' || f.rule === 'data_stopped')).toEqual([]);
  });

  it('the data health as the app asks it, and its CSV: no day with gaps', async () => {
    const secrets = createSecretStore({
      loadKeytar: () => {
        throw new Error('none');
      },
    });
    secrets.useSessionOnly(true);
    services = createServices({
      dataDir: data,
      shell: 'harness',
      version: '0',
      secrets,
      autoSync: false,
      mqtt: false,
      chooseExportPath: async (name) => join(data, name),
    });
    const h = createHandlers(services);
    const call = async <T>(channel: string, input: unknown): Promise<T> => {
      const r = (await dispatch(h, channel, input)) as Result<T>;
      if (!r.ok) throw new Error(r.error.message);
      return r.data;
    };
    const q = {
      meterId: id,
      obisCode: '1-1:1.9.0 G.01',
      fromSec: at('2024-10-01').toSeconds(),
      toSec: at('2024-11-01').toSeconds(),
    };
    const health = await call<HealthResult>('analysis:health', q);
    expect(health.gapDays).toEqual([]);
    const csv = await call<ExportResult>('analysis:exportCsv', { kind: 'health', params: q, profile: 'iso' });
    expect(readFileSync(csv.path, 'utf8')).not.toContain('2024-10-26');
  });

  it('the report: 100 % over 2 local days, no day with gaps', async () => {
    const pdf = join(data, 'r.pdf');
    await cli(['report', '--meter', id, '--period', '2024-10', '--out', pdf]);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    const kwh = lines.reduce((a, l) => a + l.kwh, 0);
    const shown = `${kwh.toFixed(1).replace('.', ',')} kWh in 2 Tagen (26.10.2024 – 27.10.2024)`;
    expect(text).toContain(shown);
    expect(text).toMatch(/Vollständigkeit\s+100,0 % \(140 Messwerte von 140 Viertelstunden\)/);
    expect(text).toMatch(/Tage mit Lücken \(0\)\s+keine/);
  });
});
