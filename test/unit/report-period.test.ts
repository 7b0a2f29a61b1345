// @vitest-environment happy-dom
// The report's default period (issue 42, item 2): the last twelve complete months with data, never a
// calendar year the data covers a few weeks of.
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { periodSpan } from '../../renderer/src/components/ReportDialog';

const ZONE = 'Europe/Vienna';
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toSeconds();
const local = (sec: number) => DateTime.fromSeconds(sec, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm');

describe('the report period', () => {
  it('defaults to the twelve complete months before the month of the latest reading', () => {
    const mid = periodSpan(0, 0, at('2026-11-19T12:00'), ZONE);
    expect([local(mid.fromSec), local(mid.toSec), mid.label]).toEqual([
      '2025-11-01 00:00',
      '2026-11-01 00:00',
      '11.2025–10.2026',
    ]);
    // Readings up to the end of November: November is complete.
    const end = periodSpan(0, 0, at('2026-12-01T00:00'), ZONE);
    expect([local(end.fromSec), local(end.toSec), end.label]).toEqual([
      '2025-12-01 00:00',
      '2026-12-01 00:00',
      '12.2025–11.2026',
    ]);
    const january = periodSpan(0, 0, at('2026-01-15T08:00'), ZONE);
    expect(january.label).toBe('01.2025–12.2025');
  });
  it('a chosen year or month is that calendar span', () => {
    const y = periodSpan(2025, 0, at('2026-11-19T12:00'), ZONE);
    expect([local(y.fromSec), local(y.toSec), y.label]).toEqual([
      '2025-01-01 00:00',
      '2026-01-01 00:00',
      '2025',
    ]);
    const m = periodSpan(2026, 3, null, ZONE);
    expect([local(m.fromSec), local(m.toSec), m.label]).toEqual([
      '2026-03-01 00:00',
      '2026-04-01 00:00',
      '2026-03',
    ]);
  });
});
