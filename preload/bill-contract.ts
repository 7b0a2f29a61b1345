/**
 * The bill part of the contract (issue 44, item 5): a bill as the person types it — its period, its line
 * totals and, where the bill shows them, the parts of its grid and levies lines — and Meterdesk's
 * reconciliation of it. Apart from the cost contract so that neither grows past one reading; one schema
 * for the app's dialog, the kept bills and the CLI's `--bill FILE.json`.
 */
import { z } from 'zod';
import { personLabel } from './person-name';
import { BILL_PARTS } from './contract-plain';
import { meterId, sec, tariffId } from './tariff-contract';

export { BILL_PARTS };

export type BillPartKey = keyof typeof BILL_PARTS;
export const billPartKey = z.enum(Object.keys(BILL_PARTS) as [BillPartKey, ...BillPartKey[]]);

/** A part of a tariff's cost over a range, summed from its months and rounded once, as a bill's line. */
export interface CostBillPart {
  key: BillPartKey;
  /** The component's name in the tariff (a levy's, a fixed charge's) or the part's own for prices. */
  name: string;
  eur: number;
}

const euros = z.number().min(-10_000_000).max(10_000_000);

/**
 * A bill's part as typed: which part, the bill's own words for it (optional) and its amount, net; an
 * amount left empty (null, as the templates ship) is a part not given.
 */
const billPart = z
  .object({
    key: billPartKey,
    label: personLabel(80).optional(),
    eur: euros.nullable(),
  })
  .strict();

export const billSchema = z
  .object({
    kwh: z.number().min(0).max(1e9),
    energyEur: euros.nullable().default(null),
    gridEur: euros.nullable().default(null),
    baseFeeEur: euros.nullable().default(null),
    leviesEur: euros.nullable().default(null),
    vatEur: euros.nullable().default(null),
    totalEur: euros,
    /** The bill's own note (a template says what it is for): kept, not compared. */
    note: z.string().trim().max(300).optional(),
    /** The grid and levies lines by their parts, where the bill shows them; each part at most once. */
    parts: z
      .array(billPart)
      .max(20)
      .default([])
      .refine((ps) => new Set(ps.map((p) => p.key)).size === ps.length, 'a part is listed twice'),
  })
  .strict();
export type BillInput = z.input<typeof billSchema>;
export type Bill = z.output<typeof billSchema>;

export const billInput = z
  .object({
    meterId,
    obisCode: z.string().min(1).max(64),
    fromSec: sec,
    toSec: sec,
    tariffId,
    bill: billSchema,
  })
  .strict();

type Line = 'kwh' | 'energy' | 'baseFee' | 'grid' | 'levies' | 'vat' | 'total';

/** A bill's lines beside Meterdesk's (main/cost/bill.ts), with the reasons for the differences. */
export interface BillReconciliation {
  meterId: string;
  obisCode: string;
  tariffId: string;
  fromSec: number;
  toSec: number;
  lines: { line: Line; bill: number | null; ours: number; difference: number | null }[];
  /**
   * The grid and levies lines by their parts: every part the bill or the tariff holds, with the
   * tariff's components counted in it (`names`) and the bill's words (`label`).
   */
  parts: {
    key: BillPartKey;
    line: 'grid' | 'levies';
    label: string | null;
    names: string[];
    bill: number | null;
    ours: number;
    difference: number | null;
  }[];
  /** Codes with the numbers they name (worded per language), and the CLI's English text. */
  reasons: {
    code:
      | 'missing'
      | 'estimated'
      | 'price'
      | 'fixed'
      | 'grid'
      | 'levies'
      | 'vat'
      | 'period'
      | 'match'
      | 'total'
      | 'before_data'
      | 'part_absent'
      | 'part_differs';
    /** The part a `part_…` reason is about, and what its numbers are: per kWh, a year, a percentage, €. */
    part?: BillPartKey;
    basis?: 'per_kwh' | 'per_year' | 'percent' | 'period';
    values: Record<string, number>;
    text: string;
  }[];
}

/** A bill kept in the profile (db/bill-store.ts): as typed, with the tariff it was compared with. */
export interface KeptBillView {
  id: number;
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  tariffId: string;
  bill: Bill;
  keptSec: number;
}
