/**
 * Reconciling a bill (issue 34): the person types a bill's period and its line totals; Meterdesk puts
 * its own line beside each — from the same cost evaluation as the cost view, over the same quarter-hours
 * — with the difference and where it comes from: quarter-hours missing in the period (and the energy
 * they would hold at the period's mean), estimated values (which an operator may have replaced since),
 * a different energy price (the price the bill implies against the tariff's), fixed charges.
 */
import type Database from 'better-sqlite3';
import {
  BILL_PARTS,
  type Bill as BillOut,
  type BillReconciliation,
  type Tariff,
} from '../../preload/contract';
import { figuresOf, frameFor } from '../analysis/frame';
import { fixedClock } from '../time/clock';
import { AppError } from '../errors';
import { seriesOf } from '../db/series-reads';
import { createCostService } from './cost-service';
import { reconcileParts } from './bill-parts';

/** A bill as typed (preload/bill-contract.ts); its parts may be left out. */
export type Bill = Omit<BillOut, 'parts'> & { parts?: BillOut['parts'] };

export type Reconciliation = BillReconciliation;
export type BillLine = BillReconciliation['lines'][number];

const r2 = (v: number) => Math.round(v * 100) / 100;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function reconcileBill(
  db: Database.Database,
  q: { meterId: string; obisCode: string; fromSec: number; toSec: number; tariff: Tariff; bill: Bill },
  nowSec: number,
  tz: string,
): Reconciliation {
  const series = seriesOf(db, q.meterId, q.obisCode);
  if (!series)
    throw new AppError('not_found', `Meter ${q.meterId} has no register ${q.obisCode}.`, {
      reason: 'register_missing',
      params: { meterId: q.meterId, obisCode: q.obisCode },
    });
  const svc = createCostService(db, tz, fixedClock(nowSec));
  const cost = svc.cost(
    {
      meterId: q.meterId,
      obisCode: q.obisCode,
      fromSec: q.fromSec,
      toSec: q.toSec,
      tariffIds: [],
      shiftPercent: 0,
    },
    [q.tariff],
  );
  const priced = cost.tariffs[0]!;
  const t = priced.total;
  const f = figuresOf(db, frameFor(db, q, nowSec, tz));
  const b = q.bill;
  const line = (l: BillLine['line'], bill: number | null | undefined, ours: number): BillLine => ({
    line: l,
    bill: bill ?? null,
    ours: l === 'kwh' ? r3(ours) : r2(ours),
    difference: bill === null || bill === undefined ? null : l === 'kwh' ? r3(bill - ours) : r2(bill - ours),
  });
  const lines = [
    line('kwh', b.kwh, f.kwh),
    line('energy', b.energyEur, t.energyEur),
    // Each fixed charge on the line the bill lists it under (its kind): the metering fee with the grid
    // fees, the Förderpauschale with the levies (issue 44, item 5).
    line('baseFee', b.baseFeeEur, t.baseFeeEur - t.fixedGridEur - t.fixedLeviesEur),
    line('grid', b.gridEur, t.gridEnergyEur + t.gridPowerEur + t.fixedGridEur),
    line('levies', b.leviesEur, t.leviesEur + t.fixedLeviesEur),
    line('vat', b.vatEur, t.vatEur),
    line('total', b.totalEur, t.totalEur),
  ];
  const reasons: Reconciliation['reasons'] = [];
  // The grid and levies lines by their parts, where the bill shows them (issue 44, item 5).
  const byPart = reconcileParts(b.parts ?? [], priced.billParts, {
    billKwh: b.kwh,
    ourKwh: f.kwh,
    days: Math.round((q.toSec - q.fromSec) / 86_400),
  });
  reasons.push(...readingReasons(f, q.fromSec, b.kwh));
  const energyLine = lines[1]!;
  if (energyLine.difference !== null && Math.abs(energyLine.difference) >= 0.01 && b.kwh > 0 && f.kwh > 0) {
    const billPrice = (b.energyEur! / b.kwh) * 100;
    const ourPrice = (t.energyEur / f.kwh) * 100;
    if (Math.abs(billPrice - ourPrice) >= 0.01)
      reasons.push({
        code: 'price',
        values: { bill: r2(billPrice), ours: r2(ourPrice) },
        text: `The bill's energy line is ${r2(billPrice)} ct/kWh, the tariff's ${r2(ourPrice)} ct/kWh: a different price (or one entered gross where the bill is net).`,
      });
  }
  const feeLine = lines[2]!;
  if (feeLine.difference !== null && Math.abs(feeLine.difference) >= 0.01)
    reasons.push({
      code: 'fixed',
      values: { diff: r2(feeLine.difference) },
      text: `The fixed charges differ by ${r2(feeLine.difference)} €: a base fee, metering or grid provision charge the tariff does not hold, or another number of days.`,
    });
  // Every other line that differs by a cent or more says so, with what commonly makes it differ.
  const other: [number, 'grid' | 'levies' | 'vat', string][] = [
    [3, 'grid', 'a loss fee, metering fee or flat charge the tariff does not hold, or another network level'],
    [
      4,
      'levies',
      'a levy the tariff does not hold (Förderpauschale, Förderbeitrag, Gebrauchsabgabe) or another rate',
    ],
    [5, 'vat', 'another VAT rate, or VAT on lines that differ above'],
  ];
  // A line whose parts the bill gave is explained by its parts' reasons where they find one.
  const explained = new Set(byPart.reasons.map((r) => (r.part ? BILL_PARTS[r.part] : null)));
  for (const [i, code, why] of other) {
    const d = lines[i]!.difference;
    if (d !== null && Math.abs(d) >= 0.01 && !explained.has(code as 'grid' | 'levies'))
      reasons.push({
        code,
        values: { diff: r2(d) },
        text: `The ${code === 'vat' ? 'VAT' : code === 'grid' ? 'grid fees' : 'levies'} differ by ${r2(d)} €: ${why}.`,
      });
  }
  reasons.push(...byPart.reasons);
  // A total that differs where the bill gave no line between kWh and total: said, with what would tell.
  const total = lines[6]!.difference;
  if (
    total !== null &&
    Math.abs(total) >= 0.01 &&
    lines.slice(1, 6).every((l) => l.bill === null) &&
    (b.parts ?? []).every((p) => p.eur === null)
  )
    reasons.push({
      code: 'total',
      values: { diff: total },
      text: `The total differs by ${total} €: type the bill's lines (energy, base fee, grid fees, levies, VAT) or its parts to see which.`,
    });
  const same = (d: number | null) => d === null || Math.abs(d) < 0.01;
  if (
    reasons.length === 0 &&
    lines.every((l) =>
      l.line === 'kwh' ? Math.abs(b.kwh - f.kwh) <= printedHalf(b.kwh) : same(l.difference),
    ) &&
    byPart.parts.every((p) => same(p.difference))
  )
    reasons.push({ code: 'match', values: {}, text: 'Every line matches the bill to the cent.' });
  return {
    meterId: q.meterId,
    obisCode: q.obisCode,
    tariffId: q.tariff.id,
    fromSec: f.frame.fromSec,
    toSec: f.frame.toSec,
    lines,
    parts: byPart.parts,
    reasons,
  };
}

/**
 * What the readings say of the bill's kWh: intervals missing in the period (with the energy they would
 * hold), days before the register's first reading, the bill counting another period's kWh (beyond the
 * rounding it prints), estimated values.
 */
function readingReasons(
  f: ReturnType<typeof figuresOf>,
  fromSec: number,
  billKwh: number,
): Reconciliation['reasons'] {
  const out: Reconciliation['reasons'] = [];
  const missing = f.expected - f.readings;
  if (missing > 0) {
    const perInterval = f.readings > 0 ? f.kwh / f.readings : 0;
    out.push({
      code: 'missing',
      values: { missing, expected: f.expected, kwh: r3(missing * perInterval), diff: r3(billKwh - f.kwh) },
      text: `${missing} of ${f.expected} intervals of the period have no reading here; at the period's mean they would hold about ${r3(missing * perInterval)} kWh (the bill's kWh differ by ${r3(billKwh - f.kwh)}). Sync or import them, then reconcile again.`,
    });
  }
  // Days of the bill's period before the register's first reading: not counted (the frame starts there).
  const beforeData = f.frame.clippedToData ? Math.ceil((f.frame.fromSec - fromSec) / 86_400) : 0;
  if (beforeData > 0)
    out.push({
      code: 'before_data',
      values: { days: beforeData },
      text: `The register's readings start ${beforeData} days into the bill's period: those days are not counted here. Import the operator's portal file for them, or check the period.`,
    });
  const kwhDiff = r3(billKwh - f.kwh);
  // A bill prints its kWh rounded (481,7 or 3 550): a difference within that rounding is none.
  if (
    missing <= 0 &&
    beforeData === 0 &&
    Math.abs(kwhDiff) >= 0.001 &&
    Math.abs(billKwh - f.kwh) > printedHalf(billKwh)
  )
    out.push({
      code: 'period',
      values: { diff: r3(kwhDiff), percent: r2((kwhDiff / Math.max(f.kwh, 1e-9)) * 100) },
      // The words say which way; the numbers are sizes (issue 61: "counts -497 kWh less").
      text: `Every interval of the period is here, and the bill counts ${r3(Math.abs(kwhDiff))} kWh ${kwhDiff > 0 ? 'more' : 'less'}: its period may be another (meter readings taken on other days), or it bills readings the operator estimated. The other lines follow from the energy (${r2(Math.abs(kwhDiff / Math.max(f.kwh, 1e-9)) * 100)} %).`,
    });
  const estimated = f.quality.estimated + f.quality.unreliable;
  if (estimated > 0)
    out.push({
      code: 'estimated',
      values: { estimated },
      text: `${estimated} values of the period are estimated or unreliable; the operator may have replaced them since (a revision), and the bill may count the replacements.`,
    });
  return out;
}

/** Half the last printed digit of a number as typed (481.7 → 0.05, 3550 → 0.5), at least 0.0005. */
function printedHalf(v: number): number {
  const decimals = Math.min(3, (String(v).split('.')[1] ?? '').length);
  return 0.5 * 10 ** -decimals + 1e-9;
}
