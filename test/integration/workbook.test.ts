// The Excel workbook (issue 47, item 3) through the CLI as it ships, read back with SheetJS: its
// sheets, every quarter-hour as SQL holds it (value a number, local time a date that Luxon agrees
// with, UTC, MEZ/MESZ, quality in words), the standard profile beside it, frozen header rows, and a
// meter name that starts like a formula kept as text.
import { spawn } from 'node:child_process';
import { inflateRawSync } from 'node:zlib';
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

  it('a site in one workbook: each register its own column, as SQL holds it, the October hour twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-xlsx-site-'));
    const fixture = (f: string) => join(__dirname, '..', 'fixtures', 'dso', f);
    const imported = async (file: string, name: string) => {
      const r = await cli(['--data-dir', dir, 'import', fixture(file), '--meter', `new:${name}`, '--json']);
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(r.stdout.trim()) as { meter_id: string }).meter_id;
    };
    // Two households of one house (Wiener Netze and Netz NÖ files), October 2024: each its own column.
    const a = await imported('wienernetze-viertelstundenwerte-oct2024.csv', 'Wohnung');
    const b = await imported('netznoe-2025-eeg-oct2024.csv', 'Nachbar');
    expect((await cli(['--data-dir', dir, 'meters', 'site', a, 'new:Haus', 'new:Familie'])).status).toBe(0);
    const listed = JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout.trim()) as {
      id: string;
      site_id: string | null;
    }[];
    const site = listed.find((m) => m.id === a)!.site_id!;
    expect((await cli(['--data-dir', dir, 'meters', 'site', b, site])).status).toBe(0);
    const out = join(dir, 'haus.xlsx');
    const r = await cli([
      '--data-dir',
      dir,
      'export',
      '--site',
      site,
      '--from',
      '2024-10-01T00:00:00+02:00',
      '--to',
      '2024-11-01T00:00:00+01:00',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const wb = XLSX.read(readFileSync(out), { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Übersicht', 'Monate', 'Tage', 'Viertelstunden']);
    // Plain SQL: every series of the site with its readings in October.
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    const series = db
      .prepare(
        `SELECT s.id, s.meter_id AS meter, s.obis_code AS obis FROM series s WHERE s.meter_id IN (?, ?) ORDER BY s.meter_id, s.obis_code`,
      )
      .all(a, b) as { id: number; meter: string; obis: string }[];
    const readings = (id: number) =>
      db
        .prepare(
          'SELECT start_sec AS s, value AS v FROM readings WHERE series_id = ? AND start_sec >= ? AND start_sec < ?',
        )
        .all(id, Date.parse('2024-09-30T22:00:00Z') / 1000, Date.parse('2024-10-31T23:00:00Z') / 1000) as {
        s: number;
        v: number;
      }[];
    expect(series.map((x) => x.meter).sort()).toEqual([a, b].sort());
    const summary = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['Übersicht']!, { header: 1 }).slice(1);
    expect(summary).toHaveLength(series.length);
    // Quarter-hours: a value column per register, never one across them; each as SQL holds it.
    const qh = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['Viertelstunden']!, { header: 1 });
    const head = qh[0] as string[];
    const utc = new Map(qh.slice(1).map((row) => [Date.parse(String(row[2])) / 1000, row]));
    for (const x of series) {
      const col = head.findIndex(
        (h) =>
          h.startsWith('kWh ') &&
          h.endsWith(` · ${x.obis}`) &&
          h.includes(x.meter === a ? 'Wohnung' : 'Nachbar'),
      );
      expect(col, `${x.meter} ${x.obis}`).toBeGreaterThan(2);
      const rows = readings(x.id);
      expect(rows.length).toBeGreaterThan(0);
      for (const y of rows) expect(utc.get(y.s)?.[col]).toBe(y.v);
    }
    // 27 October 2024: the repeated hour, 02:00 local twice, told apart by MESZ and MEZ.
    const twice = qh
      .slice(1)
      .filter(
        (row) => String(row[2]).startsWith('2024-10-27T00') || String(row[2]).startsWith('2024-10-27T01'),
      );
    expect(twice.map((row) => row[1])).toEqual([...Array(4).fill('MESZ'), ...Array(4).fill('MEZ')]);
    db.close();
  });

  it('read back by a small reader of its own (not SheetJS): cell types, the repeated October hour, no formula', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-xlsx-oct-'));
    const imp = await cli([
      '--data-dir',
      dir,
      'import',
      join(__dirname, '..', 'fixtures', 'dso', 'wienernetze-viertelstundenwerte-oct2024.csv'),
      '--meter',
      'new:+Wien',
      '--json',
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const meter = (JSON.parse(imp.stdout.trim()) as { meter_id: string }).meter_id;
    const out = join(dir, 'oktober.xlsx');
    const r = await cli([
      '--data-dir',
      dir,
      'export',
      '--meter',
      meter,
      '--from',
      '2024-10-01T00:00:00+02:00',
      '--to',
      '2024-11-01T00:00:00+01:00',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const files = unzip(readFileSync(out));
    const sheets = [...files.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k));
    // No cell anywhere is a formula.
    for (const k of sheets) expect(files.get(k)!).not.toMatch(/<f[ >]/);
    // The quarter-hours (sheet 4): its cells as the XML holds them.
    const xml = files.get('xl/worksheets/sheet4.xml')!;
    const strings = [...files.get('xl/sharedStrings.xml')!.matchAll(/<si><t[^>]*>([^<]*)<\/t><\/si>/g)].map(
      (m) => m[1]!,
    );
    const cells = new Map<string, { t: string | null; v: string }>();
    for (const m of xml.matchAll(/<c r="([A-Z]+\d+)"(?: s="\d+")?(?: t="(\w+)")?[^>]*>(?:<v>([^<]*)<\/v>)?/g))
      cells.set(m[1]!, { t: m[2] ?? null, v: m[3] ?? '' });
    const text = (ref: string) => {
      const c = cells.get(ref)!;
      return c.t === 's' ? strings[Number(c.v)]! : c.v;
    };
    // Start (local) is a number (a date serial), kWh a number, Time and Quality text.
    expect(cells.get('A2')!.t).toBeNull();
    expect(Number(cells.get('A2')!.v)).toBeGreaterThan(45_000);
    expect(cells.get('D2')!.t).toBeNull();
    expect(cells.get('B2')!.t).toBe('s');
    // The hour October repeats: the same local serial twice, first MESZ, then MEZ, an hour apart in UTC.
    const rows = Math.max(...[...cells.keys()].map((k) => Number(k.replace(/[A-Z]+/, ''))));
    const repeated: { serial: string; zone: string; utc: string }[] = [];
    const seen = new Map<string, number>();
    for (let i = 2; i <= rows; i++)
      seen.set(cells.get(`A${i}`)!.v, (seen.get(cells.get(`A${i}`)!.v) ?? 0) + 1);
    for (let i = 2; i <= rows; i++)
      if (seen.get(cells.get(`A${i}`)!.v) === 2)
        repeated.push({ serial: cells.get(`A${i}`)!.v, zone: text(`B${i}`), utc: text(`C${i}`) });
    expect(repeated).toHaveLength(8);
    expect(repeated[0]).toMatchObject({ zone: 'MESZ', utc: '2024-10-27T00:00:00Z' });
    expect(repeated[4]).toMatchObject({
      zone: 'MEZ',
      utc: '2024-10-27T01:00:00Z',
      serial: repeated[0]!.serial,
    });
    // The meter's name starts like a formula: stored as a shared string, never as a formula.
    expect(files.get('xl/worksheets/sheet1.xml')!).toMatch(/<c r="B3"[^>]* t="s"/);
    expect(strings).toContain('+Wien');
  });
});

/** A zip's files by name, read from its central directory and inflated (the format's own structure). */
function unzip(zip: Buffer): Map<string, string> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLen + extra + comment;
  }
  return out;
}
