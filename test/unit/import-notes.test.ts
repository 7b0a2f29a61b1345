/**
 * Issue 31, items 2 and 6 — notes that say only what is so, and one household's history in one
 * register (synthetic values, the real layouts of DSO-FORMATS.md):
 * - Salzburg Netz's consumption column is `Restverbrauch` to 2024 and `Verbrauch` in 2026: one register
 *   (before: P.01 and G.01, two registers for one household);
 * - eww Wels daily totals are checked per register, and a few Wh of rounding are not a contradiction
 *   (before: one warning mixing registers, raised by 0,002 kWh);
 * - Netz Burgenland v2's second block (feed-in, every value `-`) is an empty column of its register,
 *   not "2 880 quarter-hours have no value" about the complete consumption column.
 */
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { noteText } from '../../main/import/notes';
import { readImportFile } from '../../main/import/read-file';

const TZ = 'Europe/Vienna';
const enc = (lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');
/** Quarter-hour starts of `days` local days from `first`, by luxon. */
function quarterHours(first: string, days: number): number[] {
  const from = DateTime.fromISO(first, { zone: TZ });
  const a = from.toSeconds();
  const b = from.plus({ days }).toSeconds();
  const out: number[] = [];
  for (let s = a; s < b; s += 900) out.push(s);
  return out;
}
const wall = (s: number, f: string) => DateTime.fromSeconds(s, { zone: TZ }).toFormat(f);

describe('one register per household, whatever the export version', () => {
  it('Salzburg Netz: "Restverbrauch" (2024) and "Verbrauch" (2026) are both the meter’s G.01; the first says so', async () => {
    const rows = (head: string, extra: string) => [
      head,
      ...quarterHours('2024-05-01', 1).map(
        (s, i) => `"${wall(s, 'dd.MM.yyyy HH:mm:ss')}";0,0${i % 9};"Wert ist gültig(L1)"${extra}`,
      ),
    ];
    const v4 = await readImportFile(enc(rows('"Datum";"Restverbrauch (kWh)";"Status"', '')), { tz: TZ });
    const v5 = await readImportFile(enc(rows('"Datum";"Verbrauch (kWh)";"Status";"Zeitumstellung"', ';""')), {
      tz: TZ,
    });
    expect(v4.series.map((s) => s.obisCode)).toEqual(['1-1:1.9.0 G.01']);
    expect(v5.series.map((s) => s.obisCode)).toEqual(['1-1:1.9.0 G.01']);
    const n = v4.notes.find((x) => x.code === 'residual_as_total')!;
    expect(noteText(n)).toMatch(/"Restverbrauch \(kWh\)".*1-1:1\.9\.0 G\.01/);
    expect(v5.notes.map((x) => x.code)).not.toContain('residual_as_total');
  });
});

describe('notes count only what they say', () => {
  it('eww Wels: a daily total off by 0,002 kWh (rounding) is no warning; one off by 0,5 kWh is, named by its register', async () => {
    const starts = quarterHours('2024-06-01', 2);
    const head = [
      'BeginDate',
      'EndDate',
      'Restnetzbezug (1-1:1.9.0 P.01)',
      'Status',
      'gemessener Gesamtverbrauch (1-1:1.9.0 G.01)',
      'Status',
      'Unit',
    ];
    const t = (s: number) => wall(s, 'yyyy-MM-dd HH:mm:ss');
    const p01 = (i: number) => ((i * 7) % 11) / 1000 + 0.01;
    const g01 = (i: number) => ((i * 5) % 13) / 1000 + 0.05;
    const rows: unknown[][] = [head];
    for (let d = 0; d < 2; d++) {
      const day = starts.slice(d * 96, d * 96 + 96);
      const idx = day.map((_, k) => d * 96 + k);
      const sumP = idx.reduce((a, i) => a + p01(i), 0);
      const sumG = idx.reduce((a, i) => a + g01(i), 0);
      // Day 1: both totals 0,002 off (rounding); day 2: G.01's total 0,5 kWh off.
      rows.push([
        t(day[0]!),
        t(day[0]! + 86_400),
        sumP + 0.002,
        'gemessen',
        sumG + (d === 1 ? 0.5 : 0.002),
        'gemessen',
        'kWh',
      ]);
      for (const [k, s] of day.entries())
        rows.push([t(s), t(s + 900), p01(idx[k]!), 'gemessen', g01(idx[k]!), 'gemessen', 'kWh']);
    }
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Worksheet');
    const parsed = await readImportFile(
      new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' })),
      {
        tz: TZ,
      },
    );
    expect(parsed.format.id).toBe('eww-wels');
    const mismatches = parsed.notes.filter((n) => n.code === 'day_total_mismatch');
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]!.params).toMatchObject({ register: '1-1:1.9.0 G.01', count: 1, day: '02.06.2024' });
    expect(noteText(mismatches[0]!)).toMatch(
      /1 daily totals of "gemessener Gesamtverbrauch \(1-1:1\.9\.0 G\.01\)"/,
    );
  });

  it('Netz Burgenland v2: an all-"-" second block is an empty column of its register, not missing values of the first', async () => {
    const block = (kennzahl: string, value: (i: number) => string) => [
      'Zählpunktbezeichnung;Kennzahl;Zählernummer;Exportiere ab;Exportiere bis;Exportiere ab;Exportiere bis',
      `AT0090000000000000000000000000001;${kennzahl};;01.06.2024;02.06.2024;00:00;00:00`,
      'Startdatum;Startuhrzeit;Enddatum;Enduhrzeit;Verbrauch (in kWh);Zählerstand um 24 Uhr (in kWh);Status',
      ...quarterHours('2024-06-01', 1).map(
        (s, i) =>
          `${wall(s, 'dd.MM.yyyy')};${wall(s, 'HH:mm')};${wall(s + 900, 'dd.MM.yyyy')};${wall(s + 900, 'HH:mm')};${value(i)};-;Wahrer Wert`,
      ),
    ];
    const parsed = await readImportFile(
      enc([...block('1-1:1.9.0 G.01', (i) => `0,0${i % 9}`), '', ...block('1-1:2.9.0 G.01', () => '-')]),
      { tz: TZ },
    );
    expect(parsed.format.id).toBe('netzburgenland');
    expect(parsed.series.map((s) => [s.obisCode, s.startSec.length])).toEqual([['1-1:1.9.0 G.01', 96]]);
    const codes = parsed.notes.map((n) => n.code);
    expect(codes).not.toContain('empty_values');
    const empty = parsed.notes.find((n) => n.code === 'column_empty')!;
    expect(empty.params.columns).toBe('Verbrauch (in kWh) – 1-1:2.9.0 G.01');
  });
});
