/**
 * `meterdesk bill --ahead`: the billing year so far, the rest projected with its range and method, and
 * the balance against the partial payments (main/cost/bill-ahead.ts, as the app's cost view shows it).
 */
import { aheadUnpricedLine, cliLanguage } from './cli-words';
import { billAhead, type BillAheadQuery } from '../cost/bill-ahead';
import { createCostService } from '../cost/cost-service';
import { mainRegister } from '../analysis/frame';
import { openForReading } from '../db/open';
import { DEFAULT_TZ, localParts, parseIsoSec } from '../time/local-days';
import { fixedClock, systemClock } from '../time/clock';
import { noReadings } from './refusals';
import { resolveMeter } from './lists-command';
import { UsageError } from './usage-error';

/**
 * `--tariff-id`, `--billing-start`, `--payment` and `--payments` as the bill ahead's query: `bill
 * --ahead` and `report --ahead` read them alike.
 */
export function aheadQueryOf(
  a: { tariffId?: string[]; billingStart?: string; payment?: string; payments?: string },
  command: string,
): Omit<BillAheadQuery, 'meterId' | 'obisCode'> {
  if (!a.tariffId?.[0]) throw new UsageError(`${command} needs --tariff-id (a tariff of the profile).`);
  const payment = a.payment !== undefined ? Number(a.payment) : null;
  const perYear = a.payments !== undefined ? Number(a.payments) : 12;
  if (payment !== null && (!Number.isFinite(payment) || payment < 0))
    throw new UsageError('--payment is the partial payment in EUR, a number ≥ 0.');
  if (!Number.isInteger(perYear) || perYear < 1 || perYear > 12)
    throw new UsageError('--payments is how many partial payments a billing year has, 1 to 12.');
  return {
    tariffId: a.tariffId[0],
    billingStart: a.billingStart ?? '01-01',
    payment: payment === null ? null : { eur: payment, perYear },
  };
}

export function billAheadCommand(a: {
  dbPath: string;
  json: boolean;
  meter?: string;
  register?: string[];
  tariffId?: string[];
  billingStart?: string;
  payment?: string;
  payments?: string;
  /** The day it is (ISO), as `analyze` and `report` take it; else the computer's clock. */
  now?: string;
}): void {
  if (!a.meter) throw new UsageError('bill --ahead needs --meter and --tariff-id (a tariff of the profile).');
  const q = aheadQueryOf(a, 'bill --ahead');
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const meterId = resolveMeter(db, a.meter).id;
    const obisCode = a.register?.[0] ?? mainRegister(db, meterId)?.obis_code;
    if (!obisCode) throw noReadings(a.meter);
    const now = a.now ? parseIsoSec(a.now) : systemClock.nowSec();
    if (!Number.isFinite(now))
      throw new UsageError('--now must be an ISO 8601 timestamp with Z or an offset.');
    const r = billAhead(
      db,
      createCostService(db, DEFAULT_TZ, fixedClock(now)),
      { meterId, obisCode, ...q },
      now,
      DEFAULT_TZ,
    );
    if (a.json) {
      process.stdout.write(JSON.stringify(r) + '\n');
      return;
    }
    const day = (s: number) => localParts(s).date; // the billing year's local days, not UTC's
    const e = (v: number) => v.toFixed(2);
    process.stdout.write(
      `billing year ${day(r.billingYear.fromSec)} – ${day(r.billingYear.toSec - 1)}\n` +
        `so far (${day(r.soFar.fromSec)} – ${day(r.soFar.toSec - 1)}): ${r.soFar.kwh} kWh, ${e(r.soFar.eur)} EUR\n` +
        `rest (${r.rest.days} days, ${r.rest.method === 'last_year' ? `last year's days × trend ${r.rest.trend}` : r.rest.method === 'recent_days' ? 'the last four weeks' : 'no data to project from'}): ${r.rest.kwh} kWh (${r.rest.kwhLow}–${r.rest.kwhHigh}), ${e(r.rest.eur)} EUR (${e(r.rest.low)}–${e(r.rest.high)})\n` +
        `year: ${e(r.year.eur)} EUR (${e(r.year.low)}–${e(r.year.high)})\n` +
        (r.payments && r.balance
          ? `payments ${r.payments.perYear} × ${e(r.payments.eur)} = ${e(r.payments.total)} EUR: ${balanceWords(r.balance)}\n`
          : '') +
        (r.unpriced.withoutPrice + r.unpriced.outsideValidity > 0
          ? `${aheadUnpricedLine(r.unpriced, cliLanguage(process.argv.slice(2)))}\n`
          : ''),
    );
  } finally {
    db.close();
  }
}

/**
 * The balance a person reads (issue 64): a refund is a refund and a payment a payment, the range in the
 * same words — never "more to pay (-15.97 to -0.44)".
 */
export function balanceWords(b: { eur: number; low: number; high: number }): string {
  const e = (v: number) => Math.abs(v).toFixed(2);
  const one = (v: number) => (v >= 0 ? `${e(v)} EUR back` : `${e(v)} EUR more to pay`);
  const about = `about ${one(b.eur)}`;
  if (b.low >= 0) return `${about} (between ${e(b.low)} and ${e(b.high)} EUR back)`;
  if (b.high <= 0) return `${about} (between ${e(b.high)} and ${e(b.low)} EUR more to pay)`;
  return `${about} (between ${e(b.low)} EUR more to pay and ${e(b.high)} EUR back)`;
}
