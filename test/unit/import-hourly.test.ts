/**
 * Issue 31, items 4 and 5 on the workbook samples (test/fixtures/dso, written by make-samples.ts in the
 * layouts of DSO-FORMATS.md §3.15): hourly exports import as hourly series — never spread into
 * quarter-hours — with 24 hours a day, 23 in March, 25 (or what the file has of them) in October; the
 * Ebner Strom month with its double-written March instant imports whole. Before, the hourly files were
 * refused ("refused_hourly") and the Ebner month was refused as a time that does not exist.
 *
 * The expectations are counted independently: instants from luxon, values from the samples' own value
 * functions, never from the parser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../main/import/read-file';
import { summarize } from '../../main/import/summary';
import { ebnerDrawn, hallKwh, kwgKwh } from '../fixtures/dso/make-samples';

const TZ = 'Europe/Vienna';
const DIR = join(__dirname, '..', 'fixtures', 'dso');
const read = (file: string) => readImportFile(readFileSync(join(DIR, file)), { tz: TZ });
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toSeconds();
const localDay = (sec: number) => DateTime.fromSeconds(sec, { zone: TZ }).toISODate()!;

function perDay(starts: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of starts) out.set(localDay(s), (out.get(localDay(s)) ?? 0) + 1);
  return out;
}

describe('hourly exports are hourly series (issue 31, item 4)', () => {
  it('Hall AG / Kufstein: every hour of October at its instant, the merged change-day row left unsplit and said', async () => {
    const parsed = await read('hall-ag-hourly-oct2024.xlsx');
    expect(parsed.format.id).toBe('lastprofil-hourly');
    expect(parsed.meteringPoint).toBe('AT0051400000000000000000000000001');
    expect(parsed.series).toHaveLength(1);
    const s = parsed.series[0]!;
    expect(s.intervalSec).toBe(3600);

    // What should be there: each wall-clock hour of each October day, by luxon; on 27.10 the two
    // 02:00 hours are one row in the file, so neither is stored.
    const want = new Map<number, number>();
    for (let d = 1; d <= 31; d++)
      for (let h = 0; h < 24; h++) {
        if (d === 27 && h === 2) continue;
        want.set(at(`2024-10-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00`), hallKwh(d, h));
      }
    expect(s.startSec).toEqual([...want.keys()].sort((a, b) => a - b));
    s.startSec.forEach((t, i) => expect(s.valueKwh[i]).toBeCloseTo(want.get(t)!, 9));
    // Hours one after another, 3600 s apart, except across the merged pair (two hours left out).
    const steps = s.startSec.slice(1).map((t, i) => t - s.startSec[i]!);
    expect(steps.filter((x) => x !== 3600)).toEqual([3 * 3600]);

    const days = perDay(s.startSec);
    expect(days.get('2024-10-01')).toBe(24);
    expect(days.get('2024-10-27')).toBe(23);
    expect([...days.values()].filter((n) => n !== 24)).toEqual([23]);

    const codes = parsed.notes.map((n) => n.code);
    expect(codes).toContain('hourly_series');
    expect(codes).not.toContain('dst_hour_once');
    // The meter readings agree with the hours (the merged row counts toward the rise).
    expect(codes).not.toContain('meter_reading_mismatch');
    const merged = parsed.notes.find((n) => n.code === 'dst_hours_merged')!;
    expect(merged.params).toMatchObject({
      day: '27.10.2024',
      kwh: Math.round(2 * hallKwh(27, 2) * 1000) / 1000,
      received: 23,
    });

    // The preview's summary speaks of hours: 25 expected on the change day, 23 received.
    const sum = summarize(s, TZ);
    expect(sum.intervalSec).toBe(3600);
    expect(sum.changeDays).toEqual([{ day: '2024-10-27', expected: 25, received: 23 }]);
    expect(sum.missing).toBe(2);
    expect(sum.lastEndSec).toBe(at('2024-11-01T00:00'));
  });

  it('KWG: end-stamped hours, 23 on the March change day, no metering point', async () => {
    const parsed = await read('kwg-hourly-mar2025.xlsx');
    expect(parsed.format.id).toBe('kwg');
    expect(parsed.meteringPoint).toBeNull();
    const s = parsed.series[0]!;
    expect(s.intervalSec).toBe(3600);
    // The row labelled 01:00 is the hour 00:00–01:00; on 30.03 the label 03:00 ends the hour that
    // began at 01:00 (the clocks jump at 02:00).
    expect(s.startSec[0]).toBe(at('2025-03-01T00:00'));
    expect(s.valueKwh[0]).toBeCloseTo(kwgKwh(1, 1), 9);
    const jumpHour = s.startSec.indexOf(at('2025-03-30T01:00'));
    expect(jumpHour).toBeGreaterThan(0);
    expect(s.valueKwh[jumpHour]).toBeCloseTo(kwgKwh(30, 3), 9);
    expect(s.startSec[jumpHour + 1]! - s.startSec[jumpHour]!).toBe(3600);
    expect(s.startSec.at(-1)).toBe(at('2025-03-31T23:00'));
    const days = perDay(s.startSec);
    expect(days.get('2025-03-30')).toBe(23);
    expect([...days.values()].filter((n) => n !== 24)).toEqual([23]);
    let total = 0;
    for (let d = 1; d <= 31; d++)
      for (let h = 1; h <= 24; h++) if (!(d === 30 && h === 2)) total += kwgKwh(d, h);
    expect(s.valueKwh.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 6);
    expect(summarize(s, TZ).changeDays).toEqual([{ day: '2025-03-30', expected: 23, received: 23 }]);
  });

  it('a CSV of hours (start and end columns) is an hourly series; the October hour twice gives 25', async () => {
    const rows = ['Datum von;Datum bis;Verbrauch in kWh;Ersatzwert'];
    const oct = [
      ['26.10.2024 23:00', '27.10.2024 00:00'],
      ['27.10.2024 00:00', '27.10.2024 01:00'],
      ['27.10.2024 01:00', '27.10.2024 02:00'],
      ['27.10.2024 02:00', '27.10.2024 02:00'],
      ['27.10.2024 02:00', '27.10.2024 03:00'],
      ['27.10.2024 03:00', '27.10.2024 04:00'],
    ];
    oct.forEach(([a, b], i) => rows.push(`${a};${b};0,${i + 1};`));
    const parsed = await readImportFile(new TextEncoder().encode(rows.join('\n')), { tz: TZ });
    const s = parsed.series[0]!;
    expect(s.intervalSec).toBe(3600);
    // 02:00 CEST (00:00 UTC) and 02:00 CET (01:00 UTC): both hours, each once.
    expect(s.startSec).toEqual([
      at('2024-10-26T23:00'),
      at('2024-10-27T00:00'),
      at('2024-10-27T01:00'),
      Date.UTC(2024, 9, 27, 0) / 1000,
      Date.UTC(2024, 9, 27, 1) / 1000,
      at('2024-10-27T03:00'),
    ]);
  });

  it('quarter-hours and hours in one file are refused with the line, not mixed', async () => {
    const rows = [
      'Datum von;Datum bis;Verbrauch in kWh;Ersatzwert',
      '03.07.2024 00:00;03.07.2024 01:00;0,5;',
      '03.07.2024 01:00;03.07.2024 01:15;0,1;',
      '03.07.2024 01:15;03.07.2024 01:30;0,1;',
    ];
    await expect(
      readImportFile(new TextEncoder().encode(rows.join('\n') + '\n'), { tz: TZ }),
    ).rejects.toMatchObject({
      kind: 'bad_interval',
      line: 3,
      message: expect.stringMatching(/not an hour, as the rows from line 2 are/),
    });
  });
});

describe('the Ebner Strom sample (issue 31, item 5)', () => {
  it('imports the whole March: 92 quarter-hours on the change day, the double-written instant once', async () => {
    const parsed = await read('ebner-strom-mar2026.xlsx');
    expect(parsed.meteringPoint).toBe('AT0034600000000000000000000000001');
    const drawn = parsed.series.find((x) => x.obisCode === '1-1:1.9.0 G.01')!;
    expect(drawn.intervalSec).toBe(900);
    // 30 days × 96 + 92 quarter-hours; every start on the grid 900 s apart (none missing, none twice).
    expect(drawn.startSec).toHaveLength(30 * 96 + 92);
    expect(drawn.startSec[0]).toBe(at('2026-03-01T00:00'));
    for (let i = 1; i < drawn.startSec.length; i++)
      expect(drawn.startSec[i]! - drawn.startSec[i - 1]!).toBe(900);
    expect(perDay(drawn.startSec).get('2026-03-29')).toBe(92);
    // The quarter-hour 01:45–02:00 CET (03:00 CEST) holds the value written under 02:00 and 03:00.
    expect(drawn.valueKwh[drawn.startSec.indexOf(at('2026-03-29T01:45'))]).toBeCloseTo(
      ebnerDrawn(29, 120),
      9,
    );
    expect(drawn.valueKwh[drawn.startSec.indexOf(at('2026-03-29T03:00'))]).toBeCloseTo(
      ebnerDrawn(29, 195),
      9,
    );
    expect(parsed.notes.map((n) => n.code)).toContain('dst_jump_written_twice');
  });
});
