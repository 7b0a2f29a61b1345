// The Excel workbook (issue 47, item 3) through the CLI as it ships, read back with SheetJS: its
// sheets, every quarter-hour as SQL holds it (value a number, local time a date that Luxon agrees
// with, UTC, MEZ/MESZ, quality in words), the standard profile beside it, frozen header rows, and a
// meter name that starts like a formula kept as text.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { cliBundle } from './cli-bundle';

const cli = async (args: string[]) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      env: { ...process.env, METERDESK_LANG: 'de' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

describe('meterdesk export --format xlsx', () => {
  it('writes typed sheets that hold every quarter-hour as stored, with the standard profile beside them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-xlsx-'));
    const imp = await cli([
      '--data-dir',
      dir,
      'import',
      join(__dirname, '..', 'fixtures', 'dso', 'netzooe-csv-mar2025.csv'),
      '--meter',
      'new:Haus',
      '--json',
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const meter = (JSON.parse(imp.stdout.trim()) as { meter_id: string }).meter_id;
    expect((await cli(['--data-dir', dir, 'meters', 'rename', meter, '=HYPERLINK("x")'])).status).toBe(0);
    const out = join(dir, 'mappe.xlsx');
    const r = await cli([
      '--data-dir',
      dir,
      'export',
      '--meter',
      meter,
      '--from',
      '2025-03-01T00:00:00+01:00',
      '--to',
      '2025-04-01T00:00:00+02:00',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const bytes = readFileSync(out);
    const wb = XLSX.read(bytes, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Übersicht', 'Monate', 'Tage', 'Viertelstunden', 'Standardprofil']);
    // Every quarter-hour as SQL holds it.
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    const rows = db
      .prepare('SELECT start_sec AS s, value AS v, quality AS q FROM readings ORDER BY start_sec')
      .all() as { s: number; v: number; q: number }[];
    db.close();
    const qh = wb.Sheets['Viertelstunden']!;
    expect(XLSX.utils.decode_range(qh['!ref']!).e.r).toBe(rows.length);
    rows.forEach((x, i) => {
      const at = (c: number) => qh[XLSX.utils.encode_cell({ r: i + 1, c })]!;
      expect(at(3)).toMatchObject({ t: 'n', v: x.v });
      // The local time as a date serial: Luxon's wall clock of the instant.
      const local = DateTime.fromSeconds(x.s, { zone: 'Europe/Vienna' });
      const serial = (local.toSeconds() + local.offset * 60) / 86_400 + 25_569;
      expect(at(0).t).toBe('n');
      expect(at(0).v as number).toBeCloseTo(serial, 8);
      expect(at(1).v).toBe(local.offset === 120 ? 'MESZ' : 'MEZ');
      expect(at(2).v).toBe(new Date(x.s * 1000).toISOString().replace('.000Z', 'Z'));
      expect(at(4).v).toBe(['', 'gemessen', 'geschätzt', 'unsicher'][x.q]);
    });
    // The 30 March 2025 holds 92 quarter-hours: no 02:00–03:00 local time among them.
    const march30 = rows.filter(
      (x) => DateTime.fromSeconds(x.s, { zone: 'Europe/Vienna' }).toISODate() === '2025-03-30',
    );
    expect(march30.length).toBeLessThanOrEqual(92);
    // The standard profile beside each quarter-hour, summing to the meter's energy (it is scaled to it).
    const slp = XLSX.utils
      .sheet_to_json<unknown[]>(wb.Sheets['Standardprofil']!, { header: 1 })
      .slice(1) as number[][];
    expect(slp).toHaveLength(rows.length);
    const sum = (k: number) => slp.reduce((a, x) => a + x[k]!, 0);
    expect(sum(2)).toBeCloseTo(sum(1), 1);
    // The name that starts like a formula is text, never a formula.
    const summary = wb.Sheets['Übersicht']!;
    expect(summary['B3']).toMatchObject({ t: 's', v: '=HYPERLINK("x")' });
    expect(summary['B3']!.f).toBeUndefined();
    // Frozen header rows, in every sheet's view.
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
    const sheets = zip.FullPaths.filter((p: string) => /xl\/worksheets\/sheet\d+\.xml$/.test(p));
    expect(sheets).toHaveLength(5);
    for (const p of sheets)
      expect(Buffer.from(XLSX.CFB.find(zip, p)!.content as Uint8Array).toString('utf8')).toContain(
        'state="frozen"',
      );
  });
});
