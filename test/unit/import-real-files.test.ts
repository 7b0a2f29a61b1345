/**
 * Issue 31, item 5 — real files decide (synthetic values, the real layouts of DSO-FORMATS.md):
 * Ebner Strom writes the March clock-change instant twice (02:00 and 03:00, equal values); a Stromnetz
 * Graz placeholder row (meter reading 0) is not a reading; direction words match in any case (Kärnten
 * `Energierichtung;Netzeinspeisung`); a gap note names its register and its full span. Each failed
 * before: the Ebner month was refused ("does not exist"), the placeholder became a measured 0 and a
 * false "meter readings rose" warning, Netzeinspeisung was read as consumption, gaps lost their end date.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { notesWithGaps } from '../../main/import/import-service';
import { noteText } from '../../main/import/notes';
import { readImportFile } from '../../main/import/read-file';
import { summarize } from '../../main/import/summary';

const TZ = 'Europe/Vienna';
const MP = 'AT0034600000000000000000000000001';

/** Ebner Strom's sheet for 29.03.2026: the fixed 96-label grid, 02:15–02:45 empty, 02:00 and 03:00. */
function ebner(second: { drawn: number; fed: number }) {
  const rows: unknown[][] = [
    ['Zeitstempel String', 'Obiscode', 'Wert (kWh)', 'Angezeigter Zeitraum'],
    [`Zählpunkt: ${MP}`],
  ];
  const label = (m: number) => {
    const h = Math.floor(m / 60);
    const d = h === 24 ? '30.03.2026' : '29.03.2026';
    return `${d} ${String(h % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  for (let m = 15; m <= 24 * 60; m += 15) {
    const empty = m === 135 || m === 150 || m === 165; // 02:15, 02:30, 02:45 do not exist
    const at03 = m === 180;
    const drawn = empty ? null : m === 120 ? 0.21 : at03 ? second.drawn : 0.1 + (m % 60) / 1000;
    const fed = empty ? null : m === 120 ? 0 : at03 ? second.fed : 0;
    rows.push([label(m), '1.8.0', drawn, '01.03.2026 - 31.03.2026']);
    rows.push([label(m), '2.8.0', fed, '01.03.2026 - 31.03.2026']);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Lastgang');
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

describe('real files decide (issue 31, item 5)', () => {
  it('Ebner Strom: the March instant written as 02:00 and 03:00 with equal values is one quarter-hour, said in a note', async () => {
    const parsed = await readImportFile(ebner({ drawn: 0.21, fed: 0 }), { tz: TZ });
    const drawn = parsed.series.find((s) => s.obisCode.startsWith('1-1:1.9.0'))!;
    // 92 quarter-hours that day, as the clocks say; the jump's quarter-hour 01:45–02:00 CET once.
    expect(drawn.startSec).toHaveLength(92);
    const jump = DateTime.fromISO('2026-03-29T01:45', { zone: TZ }).toSeconds();
    expect(drawn.startSec.filter((s) => s === jump)).toHaveLength(1);
    expect(drawn.valueKwh[drawn.startSec.indexOf(jump)]).toBe(0.21);
    expect(new Set(drawn.startSec).size).toBe(92);
    expect(parsed.notes.map((n) => n.code)).toContain('dst_jump_written_twice');
  });

  it('Ebner Strom: different values under 02:00 and 03:00 are refused with the two lines and why', async () => {
    await expect(readImportFile(ebner({ drawn: 0.3, fed: 0 }), { tz: TZ })).rejects.toMatchObject({
      kind: 'repeated_time',
      message: expect.stringMatching(
        /Lines \d+ and \d+ both stand for the quarter-hour ending at 29\.03\.2026 03:00: that night the clocks jump from 02:00 to 03:00.*0\.21 and 0\.3 kWh/,
      ),
    });
  });

  it('Stromnetz Graz: a placeholder row with meter reading 0 is not a reading and makes no false rise', async () => {
    const head =
      'Ablesezeitpunkt,Zaehlerstand Einheitstarif,Zaehlerstand Hochtarif,Zaehlerstand Niedertarif,Verbrauch Einheitstarif,Verbrauch Hochtarif,Verbrauch Niedertarif';
    const lines = [head, '2023-04-14T00:00:00.000+02:00,0,0,0,0,0,0'];
    let reading = 284.913;
    for (let i = 1; i <= 96; i++) {
      const c = 0.02 + (i % 7) / 1000;
      if (i > 1) reading = Math.round((reading + c) * 1000) / 1000;
      const at = DateTime.fromISO('2023-04-14T00:00', { zone: TZ }).plus({ minutes: 15 * i });
      lines.push(`${at.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZZ")},${reading},0,0,${c},0,0`);
    }
    const parsed = await readImportFile(new TextEncoder().encode(lines.join('\n') + '\n'), { tz: TZ });
    const s = parsed.series[0]!;
    expect(s.startSec).toHaveLength(96); // not 97: the placeholder's "0 kWh" is not a reading
    const codes = parsed.notes.map((n) => n.code);
    expect(codes).toContain('placeholder_rows');
    expect(codes).not.toContain('meter_reading_mismatch');
  });

  it.each([
    ['Netzeinspeisung', 'feed_in'],
    ['Netzbezug', 'consumption'],
    ['NETZEINSPEISUNG', 'feed_in'],
  ] as const)('Kärnten Netz: "Energierichtung;%s" says %s, in any case', async (word, direction) => {
    const lines = ['Kundennummer;123456', `Energierichtung;${word}`, 'Datum;Zeit;kWh;Status'];
    for (let i = 0; i < 96; i++)
      lines.push(
        `01.09.2024;${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')};0,05;Echtwert`,
      );
    const parsed = await readImportFile(new TextEncoder().encode(lines.join('\r\n')), { tz: TZ });
    expect(parsed.format.id).toBe('kaerntennetz-2024');
    expect(parsed.direction).toBe(direction);
    expect(parsed.notes.map((n) => n.code)).not.toContain('direction_assumed');
  });

  it('a gap note names its register and its full span, the end date too', async () => {
    const lines = ['Datum von;Datum bis;Verbrauch in kWh;Ersatzwert'];
    const start = DateTime.fromISO('2024-07-03T00:00', { zone: TZ });
    for (let i = 0; i < 96 * 5; i++) {
      if (i >= 10 && i < 96 * 3 + 4) continue; // a gap from 03.07. 02:30 to 06.07. 01:00
      const a = start.plus({ minutes: 15 * i });
      const b = a.plus({ minutes: 15 });
      lines.push(`${a.toFormat('dd.MM.yyyy HH:mm')};${b.toFormat('dd.MM.yyyy HH:mm')};0,050;`);
    }
    const parsed = await readImportFile(new TextEncoder().encode(lines.join('\n')), { tz: TZ });
    const notes = notesWithGaps(
      parsed,
      parsed.series.map((s) => summarize(s, TZ)),
      TZ,
    );
    const gap = notes.find((n) => n.code === 'gaps')!;
    expect(gap.params.obis).toBe(parsed.series[0]!.obisCode);
    expect(String(gap.params.ranges)).toBe('03.07.2024 02:30–06.07.2024 01:00');
  });
});

describe('suspicious magnitudes and cut-off downloads (issue 31, items 6 and 7)', () => {
  const linz = () =>
    readFileSync(join(__dirname, '..', 'fixtures', 'dso', 'linznetz-v2.csv'), 'utf8').replace(/^\uFEFF/, '');
  const read = (text: string) => readImportFile(new TextEncoder().encode(text), { tz: TZ });

  it('a file re-saved by a de-AT Excel (0.050 → 50): every value whole and large is suspicious', async () => {
    const text = linz().replace(/;0,(\d{3});/g, (_, d: string) => `;${Number(d)};`);
    const parsed = await read(text);
    expect(noteText(parsed.suspicious!)).toMatch(/whole number of kWh .* thousands separator/);
  });

  it('one quarter-hour of 219 kWh among values of 0,05: suspicious, naming its line', async () => {
    const lines = linz().split('\n');
    lines[40] = lines[40]!.replace(/;0,\d{3};/, ';219;');
    const parsed = await read(lines.join('\n'));
    expect(noteText(parsed.suspicious!)).toMatch(/^Line 41: 219 kWh in the quarter-hour .* \(876 kW\)/);
    // The file as the portal wrote it is not.
    expect((await read(linz())).suspicious).toBeNull();
  });

  it('a download cut off in the middle of its last line says so', async () => {
    const text = linz().trimEnd();
    const cut = text.slice(0, text.lastIndexOf('\n') + 26); // "04.07.2024 23:45;05.07.20": mid-date
    await expect(read(cut)).rejects.toMatchObject({
      kind: 'short_row',
      message: expect.stringMatching(
        /is cut off: the file ends in the middle of it, so the download was incomplete/,
      ),
    });
  });
});
