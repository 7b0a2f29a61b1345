/**
 * Issue 59, item 2 — an imported file is complete in its own span, everywhere: a complete two-day
 * Wiener Netze file (26.–27.10.2024, the October change day's 100 quarter-hours included) reads 100 % in
 * `analyze`, the portfolio, the workbook's summary and the customer report (not "33,8 %" of a month,
 * not "0,0 %" of the last year); the report's month names the days it covers; a report of a year the
 * file does not touch is refused, naming the data's span; and the Ebner Strom PV household's battery
 * without a period runs on the file's own month with non-zero results. Counted from the file itself
 * (its lines, Luxon), never from the code under test; the PDF read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-bundle';

const FIXTURES = join(__dirname, '..', 'fixtures', 'dso');
const WN = join(FIXTURES, 'wienernetze-viertelstundenwerte-oct2024.csv');
const ZONE = 'Europe/Vienna';

/** The file's own count: one line per quarter-hour after the header, with a value. */
function fileQuarterHours(): { n: number; kwh: number } {
  const lines = readFileSync(WN, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l));
  return { n: lines.length, kwh: lines.reduce((a, l) => a + Number(l.split(';')[3]!.replace(',', '.')), 0) };
}

async function importedWn() {
  const data = mkdtempSync(join(tmpdir(), 'md-imported-span-'));
  const r = await runCli(['--data-dir', data, 'import', WN, '--json']);
  expect(r.status, r.stderr).toBe(0);
  const meters = await runCli(['--data-dir', data, 'meters', '--json']);
  const id = (JSON.parse(meters.stdout.trim()) as { id: string }[])[0]!.id;
  return { data, id };
}

describe('an imported file reads complete in its own span (issue 59)', () => {
  it('analyze, the portfolio and the workbook: 100 % of the file’s quarter-hours', async () => {
    const { data, id } = await importedWn();
    const file = fileQuarterHours();
    // 26. and 27.10.2024: 96 + 100 quarter-hours (the clock went back on the 27th).
    const expected =
      (DateTime.fromISO('2024-10-28', { zone: ZONE }).toSeconds() -
        DateTime.fromISO('2024-10-26', { zone: ZONE }).toSeconds()) /
      900;
    expect(file.n).toBe(expected);
    for (const period of ['2024', '2024-10']) {
      const a = await runCli(['--data-dir', data, 'analyze', '--meter', id, '--period', period, '--json']);
      expect(a.status, a.stderr).toBe(0);
      const f = JSON.parse(a.stdout.trim()) as {
        readings: number;
        expected: number;
        completeness: number;
        horizon_kind: string;
      };
      expect([f.readings, f.expected, f.completeness, f.horizon_kind], period).toEqual([
        file.n,
        file.n,
        1,
        'files',
      ]);
    }
    const p = await runCli(['--data-dir', data, 'portfolio', '--json']);
    const row = (
      JSON.parse(p.stdout.trim()) as { rows: { completeness: number; annualKwh: number; toSec: number }[] }
    ).rows[0]!;
    expect(row.completeness).toBe(1);
    expect(row.annualKwh).toBeCloseTo(file.kwh, 3);
    expect(row.toSec).toBe(DateTime.fromISO('2024-10-28', { zone: ZONE }).toSeconds());
    const out = join(data, 'wn.xlsx');
    const x = await runCli([
      '--data-dir',
      data,
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
    expect(x.status, x.stderr).toBe(0);
    expect(x.stdout).toContain(out);
    const book = XLSX.read(readFileSync(out));
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const completeness = summary.find(
      (r) => String(r[0]).startsWith('Vollständigkeit') || String(r[0]).startsWith('Completeness'),
    );
    expect(completeness?.[1]).toBe(1);
  });

  it('the report: 100 %, its month says which days it covers; a year without data is refused', async () => {
    const { data, id } = await importedWn();
    const pdf = join(data, 'r.pdf');
    const r = await runCli([
      '--data-dir',
      data,
      'report',
      '--meter',
      id,
      '--period',
      '2024-10',
      '--lang',
      'de',
      '--out',
      pdf,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    expect(text).toMatch(/Vollständigkeit\s+100,0 %/);
    expect(text).not.toMatch(/33,8 %/);
    expect(text).toMatch(/Okt\.? 2024 \(26\.10\.–27\.10\.\)/);
    expect(text).toMatch(/Zeitraum: Oktober 2024/);
    const refused = await runCli([
      '--data-dir',
      data,
      'report',
      '--meter',
      id,
      '--period',
      '2023',
      '--out',
      join(data, 'x.pdf'),
    ]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(
      /No reading in the period chosen: the data covers 2024-10-26 – 2024-10-27/,
    );
    const german = await runCli([
      '--data-dir',
      data,
      'report',
      '--meter',
      id,
      '--period',
      '2023',
      '--lang',
      'de',
      '--out',
      join(data, 'x.pdf'),
    ]);
    expect(german.stderr).toMatch(/die Daten reichen vom 26\.10\.2024 bis 27\.10\.2024/);
  });

  it('the Ebner Strom PV household’s battery without a period runs on the file’s month, not on a year before it', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-ebner-'));
    const imp = await runCli([
      '--data-dir',
      data,
      'import',
      join(FIXTURES, 'ebner-strom-mar2026.xlsx'),
      '--meter',
      'new:Ebner',
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const sites = await runCli(['--data-dir', data, 'sites', '--json']);
    const site = (JSON.parse(sites.stdout.trim()) as { id: string }[])[0]!.id;
    const b = await runCli([
      '--data-dir',
      data,
      'battery',
      '--site',
      site,
      '--capacity',
      '10',
      '--power',
      '5',
      '--json',
    ]);
    expect(b.status, b.stderr).toBe(0);
    const r = JSON.parse(b.stdout.trim()) as {
      fromSec: number;
      toSec: number;
      importBeforeKwh: number;
      exportBeforeKwh: number;
      fullCycles: number;
      warnings: { code: string }[];
    };
    expect([r.fromSec, r.toSec]).toEqual([
      DateTime.fromISO('2026-03-01', { zone: ZONE }).toSeconds(),
      DateTime.fromISO('2026-04-01', { zone: ZONE }).toSeconds(),
    ]);
    expect(r.importBeforeKwh).toBeGreaterThan(100);
    expect(r.exportBeforeKwh).toBeGreaterThan(10);
    expect(r.fullCycles).toBeGreaterThan(0);
    expect(r.warnings.map((w) => w.code)).not.toContain('little_data');
    // A year asked before the file: said, not silent.
    const before = await runCli([
      '--data-dir',
      data,
      'battery',
      '--site',
      site,
      '--capacity',
      '10',
      '--power',
      '5',
      '--from',
      '2025-03-01T00:00:00+01:00',
      '--to',
      '2026-03-01T00:00:00+01:00',
    ]);
    expect(before.stderr).toMatch(/the period holds little data/);
  });
});
