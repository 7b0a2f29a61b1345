/**
 * The bill ahead (issue 44, item 7): the billing year the operator reads the meter in (from a month and
 * day, not the calendar year), its cost so far under the tariff, a projection of the rest with its
 * range, and what that means against the monthly partial payments. Said with its method:
 * - `last_year`: the rest of the billing year as the same days a year earlier, scaled by this year's
 *   trend (this year's kWh so far ÷ the same days a year earlier); the range from the months' own
 *   trends (the lowest and the highest);
 * - `recent_days`: without last year's days, the mean day of the last four weeks times the days left;
 *   the range from the lowest and highest of those weeks.
 * The projected kWh are priced by the tariff itself on the quarter-hours they are expected to hold
 * (expected-rows.ts: last year's same times × the trend, or the recent weeks' weekday profile), each
 * month under the prices valid then (issue 60: at the year so far's mean price a December came out
 * 13 % low, with the summer's SNAP and a part's unpriced months in it).
 */
import type Database from 'better-sqlite3';
import type { BillAheadResult } from '../../preload/contract';
import { figuresOf, frameFor } from '../analysis/frame';
import { AppError } from '../errors';
import { dayNumberOf, dayStartSec } from '../time/local-days';
import { localDateStart } from '../../common/zone';
import { monthsOf } from './cost';
import type { createCostService } from './cost-service';
import { expectedRows, yearBefore } from './expected-rows';

export interface BillAheadQuery {
  meterId: string;
  obisCode: string;
  tariffId: string;
  /** The month and day the billing year starts (the operator's reading date), `MM-DD`. */
  billingStart: string;
  /** The partial payment and how many a billing year has (Teilbeträge), or none. */
  payment: { eur: number; perYear: number } | null;
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const DAY = 86_400;

/** The billing year around `nowSec` starting on `MM-DD`. */
export function billingYearOf(
  billingStart: string,
  nowSec: number,
  tz: string,
): { fromSec: number; toSec: number } {
  const m = /^(\d{2})-(\d{2})$/.exec(billingStart);
  const month = Number(m?.[1]);
  const day = Number(m?.[2]);
  if (!m || month < 1 || month > 12 || day < 1 || day > 28)
    throw new AppError(
      'invalid_input',
      'The billing year starts on a month and day, 01-01 to 12-28 (MM-DD).',
      {
        reason: 'billing_start',
      },
    );
  const year = new Date((nowSec + 14 * 3600) * 1000).getUTCFullYear();
  let from = localDateStart(year, month, day, tz);
  if (from > nowSec) from = localDateStart(year - 1, month, day, tz);
  const next = new Date(from * 1000 + 14 * 3600 * 1000).getUTCFullYear() + 1;
  return { fromSec: from, toSec: localDateStart(next, month, day, tz) };
}

export function billAhead(
  db: Database.Database,
  svc: ReturnType<typeof createCostService>,
  q: BillAheadQuery,
  nowSec: number,
  tz: string,
): BillAheadResult {
  const by = billingYearOf(q.billingStart, nowSec, tz);
  const reg = { meterId: q.meterId, obisCode: q.obisCode };
  const cost = svc.cost({
    ...reg,
    fromSec: by.fromSec,
    toSec: Math.min(nowSec, by.toSec),
    tariffIds: [q.tariffId],
    shiftPercent: 0,
  });
  const t = cost.tariffs[0]!;
  const soFar = { fromSec: cost.fromSec, toSec: cost.toSec, kwh: cost.kwh, eur: t.total.totalEur };
  const restFrom = Math.max(cost.toSec, by.fromSec);
  const days = Math.max(0, Math.round((by.toSec - restFrom) / DAY));
  const kwhOf = (fromSec: number, toSec: number) => {
    const f = figuresOf(db, frameFor(db, { ...reg, fromSec, toSec }, nowSec, tz));
    // Against the whole span asked for (a frame starts at the first reading: a span before the data
    // would otherwise read as complete).
    return { kwh: f.kwh, completeness: (f.readings * f.frame.resolutionSec) / Math.max(1, toSec - fromSec) };
  };
  const p = projection(kwhOf, soFar, restFrom, by, days, tz);
  // The rest priced by the tariff itself, on the quarter-hours it is expected to hold (expected-rows.ts),
  // each month under the prices valid then; its range scaled with the projection's.
  const expected = expectedRows(
    db,
    reg,
    p.method,
    { fromSec: restFrom, toSec: by.toSec },
    p.trend,
    soFar.toSec,
    nowSec,
    tz,
  );
  const expectedKwh = expected.reduce((a, r) => a + r.value, 0);
  const priceRest = (kwh: number) => {
    if (expected.length === 0 || expectedKwh <= 0)
      return { eur: 0, months: [] as BillAheadResult['rest']['months'] };
    const k = kwh / expectedKwh;
    const c = svc.cost({
      ...reg,
      fromSec: restFrom,
      toSec: by.toSec,
      tariffIds: [q.tariffId],
      shiftPercent: 0,
      expected: k === 1 ? expected : expected.map((r) => ({ ...r, value: r.value * k })),
    }).tariffs[0]!;
    return {
      eur: r2(c.total.totalEur),
      months: c.months.map((m) => ({ month: m.month, kwh: r2(m.kwh), eur: m.totalEur })),
    };
  };
  const mid = priceRest(p.kwh);
  const rest = {
    ...p,
    eur: mid.eur,
    low: priceRest(p.kwhLow).eur,
    high: priceRest(p.kwhHigh).eur,
    months: mid.months,
  };
  const year = {
    eur: r2(soFar.eur + rest.eur),
    low: r2(soFar.eur + rest.low),
    high: r2(soFar.eur + rest.high),
  };
  const payments = q.payment ? { ...q.payment, total: r2(q.payment.eur * q.payment.perYear) } : null;
  return {
    billingYear: by,
    soFar: { ...soFar, eur: r2(soFar.eur) },
    rest,
    year,
    payments,
    balance: payments
      ? {
          eur: r2(payments.total - year.eur),
          low: r2(payments.total - year.high),
          high: r2(payments.total - year.low),
        }
      : null,
    unpriced: {
      withoutPrice: t.unpricedQuarterHours - t.outsideValidity,
      outsideValidity: t.outsideValidity,
    },
  };
}

/** The rest's kWh and range: by last year's same days and this year's trend, else by recent weeks. */
function projection(
  kwhOf: (fromSec: number, toSec: number) => { kwh: number; completeness: number },
  soFar: { fromSec: number; toSec: number; kwh: number },
  restFrom: number,
  by: { fromSec: number; toSec: number },
  days: number,
  tz: string,
) {
  const none = { days, method: 'none' as const, trend: null, kwh: 0, kwhLow: 0, kwhHigh: 0 };
  if (days === 0) return { ...none, method: 'last_year' as const };
  const ago = (sec: number) => yearBefore(sec, tz);
  const lastRest = kwhOf(ago(restFrom), ago(by.toSec));
  const lastSoFar = soFar.toSec > soFar.fromSec ? kwhOf(ago(soFar.fromSec), ago(soFar.toSec)) : null;
  if (lastRest.completeness >= 0.9 && lastSoFar && lastSoFar.completeness >= 0.9 && lastSoFar.kwh > 0) {
    const trend = soFar.kwh / lastSoFar.kwh;
    // Each month of this year so far against the same month a year earlier: the range of trends.
    const trends = monthsOf(soFar.fromSec, soFar.toSec, tz)
      .map((m) => {
        const now = kwhOf(m.fromSec, m.toSec);
        const then = kwhOf(ago(m.fromSec), ago(m.toSec));
        return then.kwh > 0 && now.completeness >= 0.9 && then.completeness >= 0.9
          ? now.kwh / then.kwh
          : null;
      })
      .filter((x): x is number => x !== null);
    const lo = Math.min(trend, ...trends);
    const hi = Math.max(trend, ...trends);
    return {
      days,
      method: 'last_year' as const,
      trend: Math.round(trend * 1000) / 1000,
      kwh: r2(lastRest.kwh * trend),
      kwhLow: r2(lastRest.kwh * lo),
      kwhHigh: r2(lastRest.kwh * hi),
    };
  }
  // The last four weeks, a week at a time.
  const end = dayStartSec(dayNumberOf(soFar.toSec - 1, tz) + 1, tz);
  const weeks = [0, 1, 2, 3]
    .map((w) => kwhOf(end - (w + 1) * 7 * DAY, end - w * 7 * DAY))
    .filter((w) => w.completeness >= 0.9)
    .map((w) => w.kwh / 7);
  if (weeks.length === 0) return none;
  const mean = weeks.reduce((a, x) => a + x, 0) / weeks.length;
  return {
    days,
    method: 'recent_days' as const,
    trend: null,
    kwh: r2(mean * days),
    kwhLow: r2(Math.min(...weeks) * days),
    kwhHigh: r2(Math.max(...weeks) * days),
  };
}
