// common/zone.ts, the one time-zone module of main and renderer, against Luxon (the test oracle only)
// at every quarter-hour of 2020–2026, in zones with 30- and 45-minute offsets and a 30-minute DST.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayNumberOf, dayStartSec, offsetMinutesAt, quarterHoursInDay, wallClock } from '../../common/zone';

const ZONES = ['Europe/Vienna', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
const FROM = Date.parse('2020-01-01T00:00:00Z') / 1000;
const TO = Date.parse('2027-01-01T00:00:00Z') / 1000;

describe('time zones at quarter-hour resolution', () => {
  it.each(ZONES)('%s: the offset and the local day of every quarter-hour of 2020–2026 are Luxon’s', (tz) => {
    const wrong: string[] = [];
    for (let sec = FROM; sec < TO; sec += 900) {
      const lx = DateTime.fromSeconds(sec, { zone: tz });
      const day = Math.floor(Date.UTC(lx.year, lx.month - 1, lx.day) / 86_400_000);
      if (offsetMinutesAt(sec, tz) !== lx.offset || dayNumberOf(sec, tz) !== day)
        wrong.push(`${new Date(sec * 1000).toISOString()}: ${offsetMinutesAt(sec, tz)} vs ${lx.offset}`);
      const w = wallClock(sec, tz);
      if (w.getUTCHours() !== lx.hour || w.getUTCMinutes() !== lx.minute) wrong.push(`wall clock at ${sec}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it.each(ZONES)('%s: every day of 2020–2026 starts where Luxon’s does', (tz) => {
    const wrong: string[] = [];
    for (let d = FROM / 86_400; d < TO / 86_400; d++) {
      const date = new Date(d * 86_400_000);
      const expected = DateTime.fromObject(
        { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
        { zone: tz },
      );
      if (dayStartSec(d, tz) !== expected.toSeconds()) wrong.push(date.toISOString().slice(0, 10));
      const next = expected.plus({ days: 1 }).startOf('day');
      if (quarterHoursInDay(d, tz) !== (next.toSeconds() - expected.toSeconds()) / 900)
        wrong.push(`length ${d}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('has the day lengths the zones are known for', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    expect(quarterHoursInDay(day('2025-03-30'), 'Europe/Vienna')).toBe(92);
    expect(quarterHoursInDay(day('2025-10-26'), 'Europe/Vienna')).toBe(100);
    // Lord Howe moves its clocks by 30 minutes: 94 and 98 quarter-hours.
    expect(quarterHoursInDay(day('2025-10-05'), 'Australia/Lord_Howe')).toBe(94);
    expect(quarterHoursInDay(day('2025-04-06'), 'Australia/Lord_Howe')).toBe(98);
    expect(offsetMinutesAt(Date.parse('2025-06-01T00:00:00Z') / 1000, 'Asia/Kathmandu')).toBe(345);
  });
});
