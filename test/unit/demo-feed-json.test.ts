import { describe, expect, it } from 'vitest';
import { feedReadingJson } from '../../main/demo/generations';
import { feedPageJson } from '../../main/demo/records';
import type { DemoReading } from '../../main/demo/readings';
import { parseIsoSec } from '../../main/time/local-days';

/** Readings across the autumn change, two interleaved registers, revisions with their own updated_at. */
function readings(): DemoReading[] {
  const out: DemoReading[] = [];
  const from = parseIsoSec('2025-10-25T20:00:00Z');
  const registers = ['1-1:1.9.0 G.01', '1-1:2.9.0 G.01', 'odd "register" \\ name'];
  for (let k = 0; k < 400; k++) {
    const startSec = from + k * 900;
    for (const register of registers) {
      out.push({
        meter: {} as DemoReading['meter'],
        register,
        startSec,
        endSec: startSec + 900,
        day: 0,
        slot: k,
        value: [0, 0.083, 12.5, 1e-7, 123456.789][k % 5]!,
        quality: ((k % 3) + 1) as 1 | 2 | 3,
        updatedSec: k % 7 === 0 ? startSec + 86_400 * 30 : parseIsoSec('2025-10-27T05:00:00Z'),
      });
    }
  }
  return out;
}

describe('demo feed page text', () => {
  it('is byte for byte JSON.stringify of the documented page object (with and without has_more), in zones east and west of UTC', () => {
    for (const tz of ['Europe/Vienna', 'America/New_York']) {
      for (const hasMore of [true, false, null]) {
        const rs = readings();
        // null: the spec generation's page, which says nothing about further pages.
        const expected = JSON.stringify({
          unit: 'kWh',
          data: rs.map((r) => feedReadingJson(r, tz)),
          next_cursor: 'eyJ2IjoxfQ',
          ...(hasMore === null ? {} : { has_more: hasMore }),
        });
        expect(feedPageJson(rs, tz, 'eyJ2IjoxfQ', hasMore).toString('utf8')).toBe(expected);
      }
    }
    expect(JSON.parse(feedPageJson([], 'Europe/Vienna', 'c', false).toString('utf8'))).toEqual({
      unit: 'kWh',
      data: [],
      next_cursor: 'c',
      has_more: false,
    });
  });
});
