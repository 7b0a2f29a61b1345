// CSV export, byte-exact for both profiles on the autumn DST day (100 quarter-hours), with a gap,
// an estimated and a revised reading. Expected bytes are built here independently with Intl.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { addNote } from '../../main/db/notes';
import { exportCsv } from '../../main/export/csv';
import { wallClock } from '../intl-reference';

const OBIS = '1-1:1.9.0 G.01';
const MP = 'AT0010000000000000000000000000042';
const dayStart = Date.parse('2025-10-25T22:00:00Z') / 1000; // local midnight of 26 Oct 2025
const SLOTS = 100;

function local(sec: number) {
  const w = wallClock(sec);
  const de = (x: typeof w) => `${x.day}.${x.month}.${x.year} ${x.hour}:${x.minute}`;
  // A wall time the clock shows twice (October) is named by its offset in the Excel profile.
  const twice = [sec - 3600, sec + 3600].some((o) => de(wallClock(o)) === de(w));
  return { de: twice ? `${de(w)} ${w.offset === '+02:00' ? 'MESZ' : 'MEZ'}` : de(w), iso: w.iso };
}
const utc = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z');
const value = (i: number) => Math.round((0.1 + i * 0.013) * 1000) / 1000;

function setup() {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-csv-')), 'meterdesk.sqlite'));
  db.prepare(
    "INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES ('m1', ?, 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
  ).run(MP);
  const store = createReadingsStore(db);
  const rows = [];
  for (let i = 0; i < SLOTS; i++) {
    if (i === 40) continue; // a gap
    rows.push({
      obisCode: OBIS,
      unit: 'kWh',
      startSec: dayStart + i * 900,
      endSec: dayStart + (i + 1) * 900,
      value: i === 41 ? 7 : value(i),
      quality: i === 50 ? 2 : 1,
      updatedSec: 100,
    });
  }
  store.applyPage('m1', rows, 'cursor', 1);
  // Slot 41 is later revised to its real value.
  store.applyPage(
    'm1',
    [
      {
        obisCode: OBIS,
        unit: 'kWh',
        startSec: dayStart + 41 * 900,
        endSec: dayStart + 42 * 900,
        value: value(41),
        quality: 1,
        updatedSec: 200,
      },
    ],
    'cursor',
    2,
  );
  return db;
}

/** Exports m1's register over setup()'s DST day into a new file. */
async function exportDstDay(db: ReturnType<typeof setup>, profile: 'excel-at' | 'iso') {
  const path = join(mkdtempSync(join(tmpdir(), 'md-csv-out-')), 'x.csv');
  const r = await exportCsv(
    db,
    { meterIds: ['m1'], obisCodes: [OBIS], fromSec: dayStart, toSec: dayStart + SLOTS * 900, profile },
    path,
  );
  return { r, path };
}

/**
 * setup() plus a second meter (its metering point holds the separator) and a second register, each
 * with 45 days of readings and a few gaps: several 30-day read chunks per series.
 */
function setupTwoMeters() {
  const db = setup();
  db.prepare(
    "INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES ('m2', 'AT;semicolon', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
  ).run();
  const store = createReadingsStore(db);
  const OBIS2 = '1-1:2.9.0 G.01';
  const days = 45; // more than one 30-day read chunk
  const from = dayStart;
  const slots = days * 96 + 4; // the DST day has 100 quarter-hours
  const has = (m: number, o: number, i: number) => (i + m * 7 + o * 3) % 11 !== 0 && !(i >= 2878 && i < 2882);
  for (const [m, meterId] of ['m1', 'm2'].entries())
    for (const [o, obis] of [OBIS, OBIS2].entries()) {
      const rows = [];
      for (let i = 0; i < slots; i++)
        if (has(m, o, i))
          rows.push({
            obisCode: obis,
            startSec: from + i * 900,
            endSec: from + (i + 1) * 900,
            value: value(i + m + o),
            quality: 1 + ((i + o) % 3),
            updatedSec: 100,
          });
      store.applyPage(meterId, rows, 'cursor', 1);
    }
  const req = {
    meterIds: ['m1', 'm2'],
    obisCodes: [OBIS, OBIS2],
    fromSec: from,
    toSec: from + slots * 900,
    profile: 'excel-at' as const,
  };
  return { db, req, slots, from, has, OBIS2 };
}

describe('CSV export', () => {
  it('writes the Excel (de-AT) profile byte-exact: BOM, semicolons, decimal comma, CRLF, 100 rows on the DST day', async () => {
    const db = setup();
    // A note on four quarter-hours (issue 33): written on those rows, with a `;` in it quoted.
    addNote(
      db,
      {
        meterId: 'm1',
        fromSec: dayStart + 60 * 900,
        toSec: dayStart + 64 * 900,
        text: 'Betriebsurlaub; Kühlung aus',
      },
      1,
    );
    const { r, path } = await exportDstDay(db, 'excel-at');
    let expected =
      '\uFEFFBeginn (lokal);Ende (lokal);Beginn (UTC);Ende (UTC);Zählpunkt;Register;Wert;Einheit;Qualität;Revidiert;Notiz\r\n';
    for (let i = 0; i < SLOTS; i++) {
      const s = dayStart + i * 900;
      const v = i === 40 ? '' : String(value(i)).replace('.', ',');
      const q = i === 40 ? '' : i === 50 ? 'L2 geschätzt' : 'L1 gemessen';
      const rev = i === 40 ? '' : i === 41 ? 'ja' : 'nein';
      const note = i >= 60 && i < 64 ? '"Betriebsurlaub; Kühlung aus"' : '';
      expected +=
        [local(s).de, local(s + 900).de, utc(s), utc(s + 900), MP, OBIS, v, 'kWh', q, rev, note].join(';') +
        '\r\n';
    }
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8')).toBe(expected);
    expect(r.rows).toBe(SLOTS);
    expect(r.bytes).toBe(bytes.length);
    // The repeated hour appears twice in local time, named MESZ then MEZ (and by the UTC columns).
    expect(expected.match(/\r\n26\.10\.2025 02:00 MESZ;/g)).toHaveLength(1);
    expect(expected.match(/\r\n26\.10\.2025 02:00 MEZ;/g)).toHaveLength(1);
  });

  it('writes the ISO / RFC 4180 profile byte-exact', async () => {
    const db = setup();
    const { path } = await exportDstDay(db, 'iso');
    let expected =
      'start_local,end_local,start_utc,end_utc,metering_point,obis_code,value,unit,quality,revised,note\r\n';
    for (let i = 0; i < SLOTS; i++) {
      const s = dayStart + i * 900;
      const v = i === 40 ? '' : String(value(i));
      const q = i === 40 ? '' : i === 50 ? '2' : '1';
      const rev = i === 40 ? '' : i === 41 ? 'true' : 'false';
      expected +=
        [local(s).iso, local(s + 900).iso, utc(s), utc(s + 900), MP, OBIS, v, 'kWh', q, rev, ''].join(',') +
        '\r\n';
    }
    expect(readFileSync(path, 'utf8')).toBe(expected);
  });

  it('writes several meters and registers over several read chunks in meter, register, time order', async () => {
    const { db, req, slots, from, has, OBIS2 } = setupTwoMeters();
    const path = join(mkdtempSync(join(tmpdir(), 'md-csv-out-')), 'x.csv');
    const progress: number[] = [];
    const r = await exportCsv(db, req, path, { onProgress: (n) => progress.push(n) });
    const lines = readFileSync(path, 'utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 4 * slots + 1);
    expect(r.rows).toBe(4 * slots);
    expect(progress.at(-1)).toBe(4 * slots);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    let n = 1;
    for (const [m, mp] of [MP, '"AT;semicolon"'].entries())
      for (const [o, obis] of [OBIS, OBIS2].entries())
        for (let i = 0; i < slots; i++) {
          const s0 = from + i * 900;
          const ok = has(m, o, i);
          // m1's first register also holds setup()'s DST-day rows (kept: ours are not newer), except
          // in setup()'s gap at slot 40, which ours fill.
          const fromSetup = m === 0 && o === 0 && i < SLOTS && i !== 40;
          const stored = fromSetup || ok;
          const v = fromSetup || ok ? String(fromSetup ? value(i) : value(i + m + o)).replace('.', ',') : '';
          const expected = [local(s0).de, local(s0 + 900).de, utc(s0), utc(s0 + 900), mp, obis, v, 'kWh'];
          const got = lines[n++]!.split(';');
          // The quoted metering point holds the separator: compare the fields around it.
          const fields = mp.startsWith('"')
            ? [...got.slice(0, 4), `${got[4]};${got[5]}`, ...got.slice(6)]
            : got;
          expect(fields.slice(0, 8), `row ${n}`).toEqual(expected);
          expect(fields[8] === '', `row ${n}`).toBe(!stored);
        }
  });

  it('leaves out readings off the quarter-hour grid and writes a quality outside 1–3 as stored', async () => {
    const db = setup();
    const store = createReadingsStore(db);
    const reading = (startSec: number, v: number, quality: number, updatedSec: number) => ({
      obisCode: OBIS,
      unit: 'kWh',
      startSec,
      endSec: startSec + 900,
      value: v,
      quality,
      updatedSec,
    });
    // Neither fits a slot (they are stored as irregular readings): an interval off the grid, and a
    // quality outside 1–3.
    store.applyPage('m1', [reading(dayStart + 20 * 900 + 450, 9.5, 1, 100)], 'cursor', 3);
    const exportLines = async () => {
      const { r, path } = await exportDstDay(db, 'excel-at');
      expect(r.rows).toBe(SLOTS);
      const lines = readFileSync(path, 'utf8').split('\r\n').slice(1, -1);
      expect(lines).toHaveLength(SLOTS);
      expect(lines.some((l) => l.includes(';9,5;'))).toBe(false);
      expect(lines[20]!.split(';')[0]).toBe(local(dayStart + 20 * 900).de);
      expect(lines[21]!.split(';')[0]).toBe(local(dayStart + 21 * 900).de);
      expect(lines[41]!.split(';').slice(6, 10)).toEqual([
        String(value(41)).replace('.', ','),
        'kWh',
        'L1 gemessen',
        'ja',
      ]);
      expect(lines[40]!.split(';').slice(6, 10)).toEqual(['', 'kWh', '', '']);
      return lines;
    };
    expect((await exportLines())[10]!.split(';')[8]).toBe('L1 gemessen');
    store.applyPage('m1', [reading(dayStart + 10 * 900, value(10), 7, 300)], 'cursor', 4);
    expect((await exportLines())[10]!.split(';').slice(6, 10)).toEqual([
      String(value(10)).replace('.', ','),
      'kWh',
      'L7',
      'ja',
    ]);
  });

  it('writes values of any sign, size and precision exactly as stored, in both profiles', async () => {
    const db = setup();
    const store = createReadingsStore(db);
    let updatedSec = 1000;
    const values: Record<number, number> = {
      3: -0.5,
      4: 0,
      5: 123_456.789,
      6: 65.535,
      7: 65.536,
      8: 99_999_999.999,
      9: -99_999_999.999,
      11: 0.1 + 0.2,
      12: 1e-7,
      13: 2.5e9,
      14: -2.5e9,
    };
    const set = (v: number, startSec: number) =>
      store.applyPage(
        'm1',
        [
          {
            obisCode: OBIS,
            unit: 'kWh',
            startSec,
            endSec: startSec + 900,
            value: v,
            quality: 1,
            updatedSec: ++updatedSec,
          },
        ],
        'cursor',
        updatedSec,
      );
    const check = async (only: number[]) => {
      for (const [i, v] of Object.entries(values))
        set(only.includes(Number(i)) ? v : value(Number(i)), dayStart + Number(i) * 900);
      for (const profile of ['excel-at', 'iso'] as const) {
        const { path } = await exportDstDay(db, profile);
        const lines = readFileSync(path, 'utf8').split('\r\n').slice(1, -1);
        for (let i = 3; i <= 14; i++) {
          if (i === 10) continue;
          const v = only.includes(i) ? values[i]! : value(i);
          const text = profile === 'excel-at' ? String(v).replace('.', ',') : String(v);
          expect(lines[i]!.split(profile === 'excel-at' ? ';' : ',')[6], `${profile} row ${i}`).toBe(text);
        }
      }
    };
    await check([3, 4, 5, 6, 7, 8, 9]); // all in thousandths
    await check([3, 4, 5, 6, 7, 8, 9, 11]); // 0.30000000000000004
    await check([12]);
    await check([13, 14]);
  });

  it('leaves no file behind when the export fails', async () => {
    const db = setup();
    const dir = mkdtempSync(join(tmpdir(), 'md-csv-out-'));
    db.close();
    await expect(
      exportCsv(
        db,
        { meterIds: ['m1'], obisCodes: [OBIS], fromSec: dayStart, toSec: dayStart + 900, profile: 'iso' },
        join(dir, 'x.csv'),
      ),
    ).rejects.toThrow();
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(dir)).toEqual([]);
  });
});
