import { describe, expect, it } from 'vitest';
import {
  dayKey,
  dayNumberOf,
  dayNumberOfKey,
  dayStartSec,
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
