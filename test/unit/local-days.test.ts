import { describe, expect, it } from 'vitest';
import {
  dayKey,
  dayNumberOf,
  dayNumberOfKey,
  dayStartSec,
  isoSecOfBytes,
  isoUtc,
  isoWithOffset,
  localDateTimeDe,
  offsetMinutesAt,
  parseIsoSec,
  quarterHoursInDay,
  utcSec,
} from '../../main/time/local-days';
import { DateTime } from 'luxon';
import { wallClock } from '../intl-reference';

describe('local days in Europe/Vienna', () => {
  it('has 92, 96 and 100 quarter-hours on the spring change, normal and autumn change days', () => {
    expect(quarterHoursInDay(dayNumberOfKey('2025-03-30'))).toBe(92);
    expect(quarterHoursInDay(dayNumberOfKey('2025-03-31'))).toBe(96);
    expect(quarterHoursInDay(dayNumberOfKey('2025-10-26'))).toBe(100);
    expect(quarterHoursInDay(dayNumberOfKey('2026-03-29'))).toBe(92);
    expect(quarterHoursInDay(dayNumberOfKey('2026-10-25'))).toBe(100);
  });

  it('starts days at local midnight and maps instants back to their local day', () => {
    const d = dayNumberOfKey('2025-10-26');
    expect(dayStartSec(d)).toBe(parseIsoSec('2025-10-25T22:00:00Z'));
    expect(dayStartSec(d + 1)).toBe(parseIsoSec('2025-10-26T23:00:00Z'));
    expect(dayNumberOf(parseIsoSec('2025-10-26T22:59:00Z'))).toBe(d);
    expect(dayNumberOf(parseIsoSec('2025-10-26T23:00:00Z'))).toBe(d + 1);
    expect(dayKey(d)).toBe('2025-10-26');
  });

  it('formats with the local UTC offset, including the repeated hour', () => {
    expect(isoWithOffset(parseIsoSec('2025-10-26T00:30:00Z'))).toBe('2025-10-26T02:30:00+02:00');
    expect(isoWithOffset(parseIsoSec('2025-10-26T01:30:00Z'))).toBe('2025-10-26T02:30:00+01:00');
    expect(isoWithOffset(parseIsoSec('2025-07-01T10:00:00Z'))).toBe('2025-07-01T12:00:00+02:00');
  });

  it('formats every quarter-hour of two years like Intl does (ISO and German), in zones east and west of UTC', () => {
    for (const tz of ['Europe/Vienna', 'America/New_York', 'Asia/Kathmandu']) {
      const from = parseIsoSec('2024-12-31T20:00:00Z');
      for (let sec = from; sec < from + 2 * 366 * 86_400; sec += 900 * 7) {
        const w = wallClock(sec, tz);
        const got = isoWithOffset(sec, tz);
        if (got !== w.iso) expect(got, `${tz} ${sec}`).toBe(w.iso);
        const de = `${w.day}.${w.month}.${w.year} ${w.hour}:${w.minute}`;
        if (localDateTimeDe(sec, tz) !== de) expect(localDateTimeDe(sec, tz), `${tz} ${sec}`).toBe(de);
        // And back: the text names the same instant.
        if (parseIsoSec(got) !== sec) expect(parseIsoSec(got)).toBe(sec);
      }
    }
  });

  it('gives the UTC offset of every hour as Luxon does, in zones with half-hour, 45-minute and southern DST, and historical local mean time', () => {
    const zones = [
      'Europe/Vienna',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/Sao_Paulo',
      'UTC',
    ];
    for (const tz of zones) {
      const spans = [
        [Date.parse('2024-01-01T00:00:00Z') / 1000, 2 * 366 * 24],
        [Date.parse('1890-06-01T00:00:00Z') / 1000, 24],
        [Date.parse('1945-01-01T00:00:00Z') / 1000, 366 * 24],
      ] as const;
      for (const [from, hours] of spans)
        for (let h = 0; h < hours; h++) {
          const sec = from + h * 3600; // the cache asks once per UTC hour, at its start
          const expected = DateTime.fromSeconds(sec, { zone: tz }).offset;
          if (offsetMinutesAt(sec, tz) !== expected)
            expect(`${tz} ${new Date(sec * 1000).toISOString()}: ${offsetMinutesAt(sec, tz)}`).toBe(
              `${expected}`,
            );
        }
    }
    // Local mean time of Vienna (+1:05:21) keeps its seconds; zones east and west have the right sign.
    expect(offsetMinutesAt(Date.parse('1890-06-01T12:00:00Z') / 1000)).toBeCloseTo(65 + 21 / 60, 10);
    expect(offsetMinutesAt(Date.parse('2025-07-01T12:00:00Z') / 1000, 'America/New_York')).toBe(-240);
    expect(offsetMinutesAt(Date.parse('2025-01-01T12:00:00Z') / 1000, 'Pacific/Chatham')).toBe(825);
    expect(offsetMinutesAt(Date.parse('2025-01-01T12:00:00Z') / 1000, 'UTC')).toBe(0);
  });

  it('starts every day at its first instant by Luxon’s clock, also in zones whose clocks change at midnight', () => {
    // Sao Paulo (2018) and Havana skip or repeat midnight; Santiago changes at 24:00; Lord Howe by 30 min.
    const zones = [
      'Europe/Vienna',
      'America/Sao_Paulo',
      'America/Havana',
      'America/Santiago',
      'Asia/Beirut',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'UTC',
    ];
    const first = Math.floor(Date.parse('2017-01-01T00:00:00Z') / 86_400_000);
    for (const tz of zones)
      for (let d = first; d < first + 3 * 366; d++) {
        const date = new Date(d * 86_400_000);
        // The day's first second has the day's date on Luxon's clock, the second before it the day
        // before's (Luxon's own start of a day with a repeated midnight, Havana 2017-11-05, is the
        // second midnight: an hour of the day would then belong to the day before).
        const localDate = (sec: number) => DateTime.fromSeconds(sec, { zone: tz }).toISODate();
        const start = dayStartSec(d, tz);
        const key = date.toISOString().slice(0, 10);
        const got = `${tz} ${key}: ${localDate(start)} / ${localDate(start - 1)}`;
        const before = new Date((d - 1) * 86_400_000).toISOString().slice(0, 10);
        if (localDate(start) !== key || localDate(start - 1) !== before)
          expect(got).toBe(`${tz} ${key}: ${key} / ${before}`);
      }
  });

  it('writes UTC like toISOString, cut to whole seconds, also before 1970 and for fractions', () => {
    for (const sec of [0, -1, -0.5, 59.999, 86_399, 86_400, 951_782_400 /* 2000-02-29 */, -86_401.25])
      expect(isoUtc(sec), String(sec)).toBe(
        new Date(Math.floor(sec) * 1000).toISOString().slice(0, 19) + 'Z',
      );
    const from = parseIsoSec('2023-12-31T00:00:00Z');
    for (let sec = from; sec < from + 3 * 366 * 86_400; sec += 900 * 13 + 7) {
      const expected = new Date(sec * 1000).toISOString().slice(0, 19) + 'Z';
      if (isoUtc(sec) !== expected) expect(isoUtc(sec), String(sec)).toBe(expected);
    }
  });

  it('parses Z and offset forms and refuses non-timestamps', () => {
    expect(parseIsoSec('2025-10-26T02:30:00+01:00')).toBe(parseIsoSec('2025-10-26T01:30:00Z'));
    expect(Number.isNaN(parseIsoSec('yesterday'))).toBe(true);
    expect(Number.isNaN(parseIsoSec('2025-10-26'))).toBe(true);
  });
});

describe("the service's own timestamp forms, read from bytes (the page reader) and from text", () => {
  /** An independent reading: a regex, Date.UTC, and a date that exists (no rollover), offsets to ±18:59. */
  const oracle = (t: string): number => {
    const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(Z|([+-])(\d\d):(\d\d))$/.exec(t);
    if (!m) return NaN;
    const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const day = new Date(Date.UTC(2000, mo - 1, d));
    day.setUTCFullYear(y);
    if (mo < 1 || mo > 12 || day.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) return NaN;
    const at = new Date(Date.UTC(2000, mo - 1, d, h, mi, se));
    at.setUTCFullYear(y);
    const off = m[7] === 'Z' ? 0 : (Number(m[9]) * 60 + Number(m[10])) * 60;
    if (m[7] !== 'Z' && (Number(m[9]) > 18 || Number(m[10]) > 59)) return NaN;
    return at.getTime() / 1000 - (m[8] === '-' ? -off : off);
  };
  const fromBytes = (t: string) => {
    // Inside a larger buffer, as in a page: the text between quotes.
    const buf = Buffer.from(`{"timestamp":"${t}"}`, 'latin1');
    return isoSecOfBytes(buf, 14, 14 + Buffer.byteLength(t, 'latin1'));
  };

  it('reads what a regex and Date.UTC read, and refuses days that do not exist, hours past 23 and odd offsets', () => {
    const texts = [
      '2026-03-29T01:00:00Z',
      '2026-03-29T03:00:00+02:00',
      '2025-10-26T02:30:00+01:00',
      '2025-10-26T02:30:00-09:30',
      '2024-02-29T23:59:59Z',
      '2000-02-29T00:00:00+18:59',
      '0000-01-01T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-00-01T00:00:00Z',
      '2026-01-00T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
      '2026-01-01T00:00:60Z',
      '2026-01-01T00:00:00+19:00',
      '2026-01-01T00:00:00+01:60',
      '2026-01-01 00:00:00Z',
      '2026-01-01T00:00:00z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00+0100',
      '2026-01-0aT00:00:00Z',
      '２026-01-01T00:00:00Z',
    ];
    for (const t of texts) {
      const want = oracle(t);
      expect(fromBytes(t), t).toBe(t.length === 20 || t.length === 25 ? want : NaN);
      // parseIsoSec reads the other forms its general way; it agrees wherever the forms are the service's.
      if (!Number.isNaN(want)) expect(parseIsoSec(t), t).toBe(want);
    }
  });

  it('agrees with the independent reading on 20 000 timestamps and their mutations, in any order', () => {
    let seed = 20261127;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pieces = '0123456789+-:TZ x';
    let valid = 0;
    for (let k = 0; k < 20_000; k++) {
      const sec = 946_684_800 + rnd(40 * 365) * 86_400 + rnd(96) * 900;
      const off = [0, 60, 120, -300, 345][rnd(5)]!;
      let t =
        off === 0
          ? isoUtc(sec)
          : `${isoUtc(sec + off * 60).slice(0, 19)}${off < 0 ? '-' : '+'}${String(Math.floor(Math.abs(off) / 60)).padStart(2, '0')}:${String(Math.abs(off) % 60).padStart(2, '0')}`;
      if (rnd(3) === 0) {
        const at = rnd(t.length);
        t = t.slice(0, at) + pieces[rnd(pieces.length)]! + t.slice(at + 1);
      }
      const want = oracle(t);
      const got = fromBytes(t);
      if (!Object.is(got, want)) expect(got, t).toBe(want);
      if (!Number.isNaN(want)) {
        valid++;
        if (parseIsoSec(t) !== want) expect(parseIsoSec(t), t).toBe(want);
      }
    }
    expect(valid).toBeGreaterThan(15_000);
  });
});

describe('utcSec (integer arithmetic, no Date)', () => {
  it('equals Date.UTC for every month of years 0 … 2200, leap days and the change days included', () => {
    const viaDate = (y: number, mo: number, d: number, h: number, mi: number, se: number) => {
      const at = new Date(Date.UTC(2000, mo - 1, d, h, mi, se));
      at.setUTCFullYear(y);
      return at.getTime() / 1000;
    };
    const wrong: string[] = [];
    const check = (y: number, mo: number, d: number, h: number, mi: number, se: number) => {
      if (utcSec(y, mo, d, h, mi, se) !== viaDate(y, mo, d, h, mi, se)) wrong.push(`${y}-${mo}-${d}`);
    };
    for (let y = 0; y <= 2200; y++)
      for (let mo = 1; mo <= 12; mo++)
        for (const d of [1, 15, 28]) check(y, mo, d, (y * 7) % 24, mo * 4, d * 2);
    for (const [y, mo, d] of [
      [2024, 2, 29],
      [2000, 2, 29],
      [1900, 2, 28],
      [2026, 3, 29],
      [2026, 10, 25],
      [2026, 12, 31],
    ] as const)
      check(y, mo, d, 23, 59, 59);
    expect(wrong).toEqual([]);
  });
});
