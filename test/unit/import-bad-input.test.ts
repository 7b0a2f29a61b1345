/**
 * Bad files get a clear error naming the line and column, and nothing of them is kept: a truncated
 * line, a value that is not a number, a date that does not exist, an hour repeated where it cannot be,
 * a file of another kind, an empty file, a binary file, hourly values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, readImportFile } from '../../main/import/read-file';

const TZ = 'Europe/Vienna';
const DIR = join(__dirname, '..', 'fixtures', 'dso');
const fixture = (f: string) => readFileSync(join(DIR, f), 'utf8').replace(/^\uFEFF/, '');
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readImportFile(bytes(text), { tz: TZ });

describe('bad import files', () => {
  it('a line cut off in the middle names its line', async () => {
    const lines = fixture('netznoe-2024-qualitaet.csv').split('\n');
    lines[150] = '02.01.2024 13';
    await expect(read(lines.join('\n'))).rejects.toMatchObject({ kind: 'short_row', line: 151 });
    lines[150] = '02.01.2024 13:3;0,05;G;';
    await expect(read(lines.join('\n'))).rejects.toMatchObject({
      kind: 'bad_time',
      line: 151,
      column: { index: 1, name: 'Messzeitpunkt' },
    });
  });

  it('a value that is not a number names line and column', async () => {
    const lines = fixture('linznetz-v2.csv').split('\n');
    lines[10] = lines[10]!.replace(/;0,\d+;/, ';0,0x5;');
    await expect(read(lines.join('\n'))).rejects.toMatchObject({
      kind: 'bad_number',
      line: 11,
      column: { index: 3, name: 'Verbrauch in kWh' },
      message: expect.stringMatching(/"0,0x5"/),
    });
    // A decimal point in a decimal-comma format is not silently read as a thousands separator.
    lines[10] = lines[10]!.replace('0,0x5', '1.234');
    await expect(read(lines.join('\n'))).rejects.toMatchObject({ kind: 'bad_number', line: 11 });
  });

  it('a date that does not exist, and the skipped March hour, are errors', async () => {
    const linz = fixture('linznetz-v2.csv').split('\n');
    linz[5] = '31.02.2024 01:00;31.02.2024 01:15;0,052;';
    await expect(read(linz.join('\n'))).rejects.toMatchObject({ kind: 'bad_time', line: 6 });
    const ooe = fixture('netzooe-csv-mar2025.csv').split('\n');
    // 30.03.2025 02:15 does not exist in Austria.
    ooe[105] = '"30.03.2025 02:15";0,065;0,26;"VALID";';
    await expect(read(ooe.join('\n'))).rejects.toMatchObject({
      kind: 'nonexistent_time',
      line: 106,
      message: expect.stringMatching(/30\.03\.2025 02:15 does not exist/),
    });
  });

  it('an hour repeated where it cannot be: a third 02:00 in October, or any other label twice', async () => {
    const wn = fixture('wienernetze-viertelstundenwerte-oct2024.csv').split('\n');
    wn.splice(112, 0, '27.10.2024;02:00:00;02:15:00;0,05;;');
    await expect(read(wn.join('\n'))).rejects.toMatchObject({ kind: 'repeated_time', line: 113 });
    const noe = fixture('netznoe-2024-qualitaet.csv').split('\n');
    noe.splice(20, 0, noe[19]!);
    await expect(read(noe.join('\n'))).rejects.toMatchObject({
      kind: 'repeated_time',
      // In the file's own time (the line says 04:45, the end of the quarter-hour from 04:30), not UTC.
      message: expect.stringMatching(
        /Lines 20 and 21 are the same quarter-hour \(2024-01-01T04:30:00\+01:00\)/,
      ),
    });
  });

  it('a file of another kind, an empty file and a binary file are refused with the reason', async () => {
    await expect(read('Datum;Wert\n01.01.2024;5\n')).rejects.toMatchObject({
      kind: 'unknown_format',
      line: 1,
      message: expect.stringMatching(/first line is "Datum;Wert"/),
    });
    // Meterdesk's own CSV export is not a portal export either.
    await expect(read('\uFEFFZählpunkt;Register;Beginn (lokal)\n')).rejects.toMatchObject({
      kind: 'unknown_format',
    });
    await expect(readImportFile(new Uint8Array(0), { tz: TZ })).rejects.toMatchObject({ kind: 'empty' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    await expect(readImportFile(png, { tz: TZ })).rejects.toMatchObject({ kind: 'not_text' });
    // A header only.
    await expect(read('Datum von;Datum bis;Verbrauch in kWh;Ersatzwert\n')).rejects.toMatchObject({
      kind: 'no_readings',
    });
  });

  it('a quotation mark left open is a damaged file, with its line', async () => {
    const sb = fixture('salzburgnetz-v4.csv').split('\n');
    sb[50] = '"02.05.2024 00:15:00;0,06;"Wert ist gültig(L1)"';
    await expect(read(sb.join('\n'))).rejects.toMatchObject({
      kind: expect.stringMatching(/csv_syntax|bad_time|short_row/),
    });
  });

  it('daily values are refused, never spread into hours or quarter-hours (hourly files: import-hourly.test.ts)', async () => {
    // Netz NÖ without the 15-minute opt-in: one value per day.
    const daily = [
      'Messzeitpunkt;Verbrauch (kWh);Qualität;',
      '01.01.2024;9,5;L1;',
      '02.01.2024;8,1;L1;',
      '03.01.2024;7,9;L1;',
    ];
    await expect(read(daily.join('\n'))).rejects.toMatchObject({
      kind: 'refused_daily',
      message: expect.stringMatching(/daily values/),
    });
  });

  it('a file over the size limit is refused before it is read', async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1);
    await expect(readImportFile(big, { tz: TZ })).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('a unit that is neither kWh nor kW is refused', async () => {
    const k = readFileSync(join(DIR, 'kaerntennetz-2025.csv'));
    const text = new TextDecoder('windows-1252').decode(k).replace(';0,046;kWh;', ';46;Wh;');
    const iconv = (await import('iconv-lite')).default;
    await expect(readImportFile(iconv.encode(text, 'windows-1252'), { tz: TZ })).rejects.toMatchObject({
      kind: 'bad_unit',
      line: 3,
    });
  });

  it('an unknown quality word is kept, marked unreliable, and counted', async () => {
    const text = fixture('salzburgnetz-v4.csv').replace(
      '"01.05.2024 00:15:00";0,06;"Wert ist gültig(L1)"',
      '"01.05.2024 00:15:00";0,06;"Wert vorläufig"',
    );
    const p = await read(text);
    expect(p.series[0]!.quality[1]).toBe(3);
    expect(p.notes).toContainEqual(
      expect.objectContaining({
        code: 'unknown_quality',
        isWarning: true,
        params: { word: 'Wert vorläufig', count: 1 },
      }),
    );
  });
});
