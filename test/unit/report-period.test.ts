// @vitest-environment happy-dom
// The report's period (issues 42 and 59): the period the data chose (the last twelve complete months it
// covers, or its own span), named as a person reads it; a chosen year or month is that calendar span;
// how much of a chosen period the data covers, from the months with data.
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { coverageOf, periodSpan } from '../../renderer/src/components/ReportPeriod';

const ZONE = 'Europe/Vienna';
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toSeconds();
const local = (sec: number) => DateTime.fromSeconds(sec, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm');

describe('the report period', () => {
  it('is the period the data chose, named by its months or by its days', () => {
    const months = periodSpan(
      0,
      0,
      { fromSec: at('2025-11-01T00:00'), toSec: at('2026-11-01T00:00'), kind: 'months', months: 12 },
      ZONE,
    );
    expect([local(months.fromSec), local(months.toSec), months.label]).toEqual([
      '2025-11-01 00:00',
      '2026-11-01 00:00',
      '11.2025–10.2026',
    ]);
    const span = periodSpan(
      0,
      0,
      { fromSec: at('2026-03-29T12:00'), toSec: at('2026-04-02T00:00'), kind: 'span', months: 0 },
      ZONE,
    );
    expect([local(span.fromSec), span.label]).toEqual(['2026-03-29 12:00', '29.03.2026–01.04.2026']);
  });
  it('a chosen year or month is that calendar span', () => {
    const y = periodSpan(2025, 0, null, ZONE);
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
  it('says how many days of a chosen period hold data', () => {
    const periods = {
      last12: { fromSec: 0, toSec: 0, kind: 'none' as const, months: 0 },
      months: [
        { month: '2023-03', days: 2 },
        { month: '2023-04', days: 30 },
      ],
    };
    expect(coverageOf(periods, 2023, 3)).toEqual({ days: 2, of: 31 });
    expect(coverageOf(periods, 2023, 0)).toEqual({ days: 32, of: 365 });
    expect(coverageOf(periods, 2022, 0)).toEqual({ days: 0, of: 365 });
  });
});
