/**
 * Every portal export sample (test/fixtures/dso, copies of shared/fixtures/dso) against what is in the
 * file, written down by hand: rows counted, the value column added up, the first and last label turned
 * into UTC by reading the format's stamping and the day's offset, quarter-hours per local day. None of
 * these numbers comes from the parser under test. A few readings of each change day are pinned by line
 * to their UTC quarter-hour (which of the two 02:00s is which).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../main/import/read-file';
import { summarize } from '../../main/import/summary';
import type { ParsedFile } from '../../main/import/types';

const DIR = join(__dirname, '..', 'fixtures', 'dso');
const TZ = 'Europe/Vienna';

interface Expected {
  format: string;
  encoding: string;
  meteringPoint: string | null;
  direction: 'consumption' | 'feed_in';
  series: {
    obis: string;
    readings: number;
    sumKwh: number;
    firstStart: string;
    lastEnd: string;
    /** Quarter-hours per local day (start of the interval, Vienna). */
    days: Record<string, number>;
  }[];
  /** Line → [UTC start, kWh]: readings around the change hour. */
  pinned?: Record<number, [string, number]>;
  /** Note codes the file must bring. */
  notes?: string[];
}

const EXPECTED: Record<string, Expected> = {
  'energienetze-steiermark-v1.csv': {
    format: 'energienetze-steiermark',
    encoding: 'UTF-8 with BOM',
    meteringPoint: 'AT0080000000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 20.286,
        firstStart: '2022-04-27T22:00:00Z', // 28.04.2022 00:00 CEST
        lastEnd: '2022-04-29T22:00:00Z', // Ende 30.04.2022 00:00
        days: { '2022-04-28': 96, '2022-04-29': 96 },
      },
    ],
  },
  'ikb.csv': {
    format: 'ikb',
    encoding: 'UTF-8 with BOM',
    meteringPoint: 'AT0051000000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 22.616,
        firstStart: '2024-02-27T23:00:00Z', // label 28.02. 00:15 is the first interval's end
        lastEnd: '2024-02-29T23:00:00Z', // label 01.03. 00:00 (the file's first row)
        days: { '2024-02-28': 96, '2024-02-29': 96 },
      },
    ],
    notes: ['ikb_end_stamped', 'direction_assumed', 'no_quality_column'],
  },
  'kaerntennetz-2025.csv': {
    format: 'kaerntennetz-2025',
    encoding: 'Windows-1252',
    meteringPoint: 'AT0070000000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 21.786,
        firstStart: '2025-08-31T22:00:00Z',
        lastEnd: '2025-09-02T22:00:00Z',
        days: { '2025-09-01': 96, '2025-09-02': 96 },
      },
    ],
  },
  'linznetz-v2.csv': {
    format: 'linznetz',
    encoding: 'UTF-8',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 22.308,
        firstStart: '2024-07-02T22:00:00Z',
        lastEnd: '2024-07-04T22:00:00Z',
        days: { '2024-07-03': 96, '2024-07-04': 96 },
      },
    ],
  },
  'netzburgenland-v3-oct2024.csv': {
    format: 'netzburgenland',
    encoding: 'UTF-8',
    meteringPoint: 'AT0090000000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 P.01', // the preamble's Kennzahl
        readings: 196,
        sumKwh: 23.08,
        firstStart: '2024-10-25T22:00:00Z',
        lastEnd: '2024-10-27T23:00:00Z',
        days: { '2024-10-26': 96, '2024-10-27': 100 },
      },
    ],
    pinned: {
      111: ['2024-10-27T00:45:00Z', 0.052], // 02:45 → 02:00: the first 02:45, summer time
      112: ['2024-10-27T01:00:00Z', 0.046], // the second 02:00, winter time
      115: ['2024-10-27T01:45:00Z', 0.055], // 02:45 → 03:00
    },
  },
  'netznoe-2024-eeg.csv': {
    format: 'netznoe',
    encoding: 'UTF-8 with BOM',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      ...(
        [
          ['1-1:1.9.0 G.01', 21.359],
          ['1-1:1.9.0 P.01', 18.311],
          ['1-1:2.9.0 G.03', 3.048],
          ['1-1:2.9.0 G.02', 3.048],
        ] as const
      ).map(([obis, sumKwh]) => ({
        obis,
        readings: 192,
        sumKwh,
        firstStart: '2023-12-31T23:00:00Z', // label 01.01.2024 00:15 is an end
        lastEnd: '2024-01-02T23:00:00Z', // label 03.01.2024 00:00
        days: { '2024-01-01': 96, '2024-01-02': 96 },
      })),
    ],
    notes: ['no_quality_column', 'column_empty'],
  },
  'netznoe-2024-qualitaet.csv': {
    format: 'netznoe',
    encoding: 'UTF-8 with BOM',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 21.359,
        firstStart: '2023-12-31T23:00:00Z',
        lastEnd: '2024-01-02T23:00:00Z',
        days: { '2024-01-01': 96, '2024-01-02': 96 },
      },
    ],
  },
  'netznoe-2025-eeg-oct2024.csv': {
    format: 'netznoe',
    encoding: 'UTF-8 with BOM',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 196,
        sumKwh: 22.314,
        firstStart: '2024-10-25T22:00:00Z',
        lastEnd: '2024-10-27T23:00:00Z',
        days: { '2024-10-26': 96, '2024-10-27': 100 },
      },
    ],
    pinned: {
      108: ['2024-10-27T00:30:00Z', 0.047], // the first "02:45" (an end): 02:30–02:45 summer time
      109: ['2024-10-27T00:45:00Z', 0.066], // the second "02:00": 02:45 summer → 02:00 winter
      113: ['2024-10-27T01:45:00Z', 0.066], // "03:00": 02:45–03:00 winter time
    },
    notes: ['column_empty'],
  },
  'netzooe-csv-mar2025.csv': {
    format: 'netzooe',
    encoding: 'UTF-8 with BOM',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 188,
        sumKwh: 21.18,
        firstStart: '2025-03-28T23:00:00Z',
        lastEnd: '2025-03-30T22:00:00Z',
        days: { '2025-03-29': 96, '2025-03-30': 92 },
      },
    ],
    pinned: {
      105: ['2025-03-30T00:45:00Z', 0.074], // 01:45 CET
      106: ['2025-03-30T01:00:00Z', 0.065], // 03:00 CEST, the next quarter-hour
    },
    notes: ['direction_assumed'],
  },
  'salzburgnetz-v4.csv': {
    format: 'salzburgnetz',
    encoding: 'UTF-8',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01', // Restverbrauch: one register with the later "Verbrauch" (issue 31)
        readings: 192,
        sumKwh: 20.199,
        firstStart: '2024-04-30T22:00:00Z',
        lastEnd: '2024-05-02T22:00:00Z',
        days: { '2024-05-01': 96, '2024-05-02': 96 },
      },
    ],
  },
  'stadtwerke-klagenfurt.csv': {
    format: 'stadtwerke-klagenfurt',
    encoding: 'Windows-1252',
    meteringPoint: 'AT0071000000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 194,
        sumKwh: 22.733,
        firstStart: '2023-12-31T23:00:00Z',
        lastEnd: '2024-01-02T23:30:00Z', // the last label 03.01. 00:15, read as a start
        days: { '2024-01-01': 96, '2024-01-02': 96, '2024-01-03': 2 },
      },
    ],
    notes: ['start_or_end_unknown'],
  },
  'stromnetzgraz-2026-oct2024.csv': {
    format: 'stromnetzgraz',
    encoding: 'UTF-8',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 196, // 197 rows: the first carries only the opening meter reading
        sumKwh: 19.721,
        firstStart: '2024-10-25T22:00:00Z',
        lastEnd: '2024-10-27T23:00:00Z',
        days: { '2024-10-26': 96, '2024-10-27': 100 },
      },
    ],
    pinned: {
      109: ['2024-10-27T00:30:00Z', 0.067], // 02:45+02:00 is an end
      110: ['2024-10-27T00:45:00Z', 0.063], // 02:00+01:00
    },
    notes: ['meter_readings_kept_apart', 'column_empty'],
  },
  'tinetz-rohdaten-oct2024.csv': {
    format: 'tinetz',
    encoding: 'UTF-8',
    meteringPoint: null,
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 196,
        sumKwh: 23,
        firstStart: '2024-10-25T22:00:00Z',
        lastEnd: '2024-10-27T23:00:00Z',
        days: { '2024-10-26': 96, '2024-10-27': 100 },
      },
    ],
    pinned: {
      113: ['2024-10-27T00:45:00Z', 0.073], // the first 02:45
      114: ['2024-10-27T01:00:00Z', 0.073], // the second 02:00 (same label as line 110)
      117: ['2024-10-27T01:45:00Z', 0.067],
    },
    notes: ['direction_assumed', 'no_quality_column'],
  },
  'tiwag-portal.csv': {
    format: 'tiwag',
    encoding: 'UTF-8',
    meteringPoint: 'AT0051200000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 19.77,
        firstStart: '2026-03-31T22:00:00Z',
        lastEnd: '2026-04-02T22:00:00Z',
        days: { '2026-04-01': 96, '2026-04-02': 96 },
      },
    ],
  },
  'vorarlbergnetz.csv': {
    format: 'vorarlbergnetz',
    encoding: 'UTF-16LE',
    meteringPoint: 'AT0000000000000000000000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 192,
        sumKwh: 24.232,
        firstStart: '2023-08-14T22:00:00Z',
        lastEnd: '2023-08-16T22:00:00Z',
        days: { '2023-08-15': 96, '2023-08-16': 96 },
      },
    ],
  },
  'wienernetze-econtrol-oct2024.csv': {
    format: 'wienernetze-econtrol',
    encoding: 'UTF-8 with BOM',
    meteringPoint: 'AT0010000000000000001000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 196,
        sumKwh: 22.597,
        firstStart: '2024-10-25T22:00:00Z',
        lastEnd: '2024-10-27T23:00:00Z',
        days: { '2024-10-26': 96, '2024-10-27': 100 },
      },
    ],
    pinned: {
      108: ['2024-10-27T00:30:00Z', 0.06],
      109: ['2024-10-27T00:45:00Z', 0.065],
    },
  },
  'wienernetze-viertelstundenwerte-oct2024.csv': {
    format: 'wienernetze-qh',
    encoding: 'UTF-8 with BOM',
    meteringPoint: 'AT0010000000000000001000000000001',
    direction: 'consumption',
    series: [
      {
        obis: '1-1:1.9.0 G.01',
        readings: 196,
        sumKwh: 22.597,
        firstStart: '2024-10-25T22:00:00Z',
        lastEnd: '2024-10-27T23:00:00Z',
        days: { '2024-10-26': 96, '2024-10-27': 100 },
      },
    ],
    pinned: {
      109: ['2024-10-27T00:45:00Z', 0.065], // 02:45 → 02:00
      110: ['2024-10-27T01:00:00Z', 0.071], // the second 02:00
      113: ['2024-10-27T01:45:00Z', 0.069], // 02:45 → 03:00
    },
  },
};

const iso = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z');

/** Quarter-hours per local day, counted with Intl (not with the code under test). */
function perDay(starts: readonly number[]): Record<string, number> {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const s of starts) {
    const d = f.format(new Date(s * 1000));
    out[d] = (out[d] ?? 0) + 1;
  }
  return out;
}

describe('every sample export of shared/fixtures/dso', () => {
  it('has an expectation for each file (none forgotten)', async () => {
    const { readdirSync } = await import('node:fs');
    expect(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.csv'))
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, exp] of Object.entries(EXPECTED)) {
    it(`${file}: ${exp.series.map((s) => `${s.readings} × ${s.obis}`).join(', ')}`, async () => {
      const parsed: ParsedFile = await readImportFile(readFileSync(join(DIR, file)), { tz: TZ });
      expect(parsed.format.id).toBe(exp.format);
      expect(parsed.encoding).toBe(exp.encoding);
      expect(parsed.meteringPoint).toBe(exp.meteringPoint);
      expect(parsed.direction).toBe(exp.direction);
      expect(parsed.series.map((s) => s.obisCode)).toEqual(exp.series.map((s) => s.obis));
      for (const [i, want] of exp.series.entries()) {
        const s = parsed.series[i]!;
        expect(s.startSec.length).toBe(want.readings);
        expect(s.valueKwh.reduce((a, b) => a + b, 0)).toBeCloseTo(want.sumKwh, 9);
        expect(iso(s.startSec[0]!)).toBe(want.firstStart);
        expect(iso(s.startSec[s.startSec.length - 1]! + 900)).toBe(want.lastEnd);
        expect(perDay(s.startSec)).toEqual(want.days);
        // Every quarter-hour once, in order, none invented: consecutive starts 900 s apart.
        for (let k = 1; k < s.startSec.length; k++) expect(s.startSec[k]! - s.startSec[k - 1]!).toBe(900);
        // The summary the preview and the CLI show agrees with the hand count.
        const sum = summarize(s, TZ);
        expect(sum.readings).toBe(want.readings);
        expect(sum.sumKwh).toBeCloseTo(want.sumKwh, 6);
        expect(sum.missing).toBe(0);
        expect(sum.changeDays).toEqual(
          Object.entries(want.days)
            .filter(([day]) => day === '2024-10-27' || day === '2025-03-30')
            .map(([day, received]) => ({ day, expected: day === '2025-03-30' ? 92 : 100, received })),
        );
      }
      for (const [line, [start, kwh]] of Object.entries(exp.pinned ?? {})) {
        const s = parsed.series[0]!;
        const k = s.line.indexOf(Number(line));
        expect(k, `line ${line} is a reading`).toBeGreaterThanOrEqual(0);
        expect(iso(s.startSec[k]!)).toBe(start);
        expect(s.valueKwh[k]).toBeCloseTo(kwh, 9);
      }
      const codes = parsed.notes.map((n) => n.code);
      for (const c of exp.notes ?? []) expect(codes).toContain(c);
      // Clean samples: no warning about the data itself.
      expect(parsed.notes.filter((n) => n.isWarning).map((n) => n.code)).toEqual([]);
    });
  }
});
