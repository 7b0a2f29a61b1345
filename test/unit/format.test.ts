import { describe, expect, it } from 'vitest';
import { dateFormat, fmtDateTime, fmtNumber, numberFormat, zonedDate } from '../../renderer/src/format';

describe('renderer formatting', () => {
  it('reuses one Intl formatter per locale and options', () => {
    expect(numberFormat('de-AT', { maximumFractionDigits: 2 })).toBe(
      numberFormat('de-AT', { maximumFractionDigits: 2 }),
    );
    expect(numberFormat('de-AT', { maximumFractionDigits: 2 })).not.toBe(
      numberFormat('en-GB', { maximumFractionDigits: 2 }),
    );
    expect(dateFormat('de-AT', { timeZone: 'Europe/Vienna' })).not.toBe(
      dateFormat('de-AT', { timeZone: 'UTC' }),
    );
    const prefs = { locale: 'de-AT', timeZone: 'Europe/Vienna' };
    expect(fmtNumber(1234.5678, prefs, 2)).toMatch(/^1\s234,57$/u); // de-AT groups with a (narrow) no-break space
    expect(fmtNumber(0.5, { ...prefs, locale: 'en-GB' })).toBe('0.5');
    expect(fmtDateTime(Date.UTC(2025, 9, 26, 1, 30) / 1000, prefs)).toMatch(/26\.10\.2025.*02:30/);
  });

  it('gives uPlot the wall-clock time of any zone, like uPlot.tzDate, across DST changes', () => {
    for (const tz of [
      'Europe/Vienna',
      'America/New_York',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'UTC',
    ]) {
      const from = Date.UTC(2025, 2, 28);
      for (let ms = from; ms < from + 240 * 86_400_000; ms += 37 * 60_000) {
        // uPlot's definition: the zone's local time, parsed as a local Date.
        const expected = new Date(new Date(ms).toLocaleString('en-US', { timeZone: tz }));
        const got = zonedDate(ms, tz);
        if (got.getTime() !== expected.getTime())
          expect(got.toString(), `${tz} ${ms}`).toBe(expected.toString());
      }
    }
  });
});
