/**
 * A tariff's grid and levies lines by the parts a bill lists (issue 44, item 5): the usage price, the loss
 * fee, the power price and each fixed grid charge; each levy per kWh, per cent and per metering point.
 * Which part a levy or a fixed charge is follows from its name, in one place (`partOf`): the presets'
 * names and the words bills use; a name none of them matches is `gridOther` / `leviesOther`, shown with
 * its name. Parts are summed unrounded over the months and rounded once, as a bill rounds its lines; the
 * lines themselves stay as cost.ts rounds them per month (a line and its parts' sum can differ by a cent).
 */
import {
  BILL_PARTS,
  type Bill,
  type BillPartKey,
  type BillReconciliation,
  type CostBillPart,
  type Tariff,
} from '../../preload/contract';

/** The part a levy or a fixed charge of a tariff is, by its name (German or English). */
export function partOf(kind: 'grid' | 'levy', name: string): BillPartKey {
  const n = name.toLowerCase();
  if (kind === 'grid') {
    // "nicht gemessene Leistung" holds "mess": the flat charge is asked first.
    if (/pauschal|nicht gemessen|flat|not measured/.test(n)) return 'flat';
    if (/mess|meter/.test(n)) return 'metering';
    if (/verlust|loss/.test(n)) return 'loss';
    return 'gridOther';
  }
  if (/elektrizit|e-abgabe|electricity tax|electricity levy/.test(n)) return 'electricityTax';
  if (/f(ö|oe)rderpauschale|renewables? flat/.test(n)) return 'renewablesFlat';
  if (/f(ö|oe)rderbeitrag|renewables? contribution/.test(n)) return 'renewablesContribution';
  if (/gebrauchsabgabe|use levy/.test(n)) return 'useLevy';
  return 'leviesOther';
}

/** What a month's consumption came to before rounding, as cost.ts computed its lines. */
export interface MonthAmounts {
  /** kWh charged (inside the validity), and of them the community's (no per-kWh levies). */
  validKwh: number;
  communityKwh: number;
  /** Grid energy with the loss fee, and the power price, in €. */
  gridEnergy: number;
  gridPower: number;
  /** The power basis in kW × the years of the month inside the validity (a per-kW levy's base). */
  kwYears: number;
  /** What a percentage levy is charged on (energy, fees, grid; not a levy), in €. */
  percentBase: number;
  /** A fixed charge's amount in the month (pro rata, inside the validity). */
  fixed: (c: Tariff['fixedCharges'][number]) => number;
}

/** One month's grid and levies parts under a consumption tariff (already net), unrounded. */
export function monthParts(t: Tariff, a: MonthAmounts): CostBillPart[] {
  const out: CostBillPart[] = [];
  const loss = (a.validKwh * (t.gridLossCentsPerKwh ?? 0)) / 100;
  if (t.gridEnergyCentsPerKwh > 0 || (t.gridEnergyWindows ?? []).length > 0)
    out.push({ key: 'usage', name: 'Netznutzungsentgelt', eur: a.gridEnergy - loss });
  if ((t.gridLossCentsPerKwh ?? 0) > 0) out.push({ key: 'loss', name: 'Netzverlustentgelt', eur: loss });
  if (t.gridPowerEurPerKwYear > 0) out.push({ key: 'power', name: 'Leistungspreis', eur: a.gridPower });
  for (const c of t.fixedCharges ?? []) {
    const kind = c.kind ?? 'supplier';
    if (kind !== 'supplier') out.push({ key: partOf(kind, c.name), name: c.name, eur: a.fixed(c) });
  }
  for (const l of t.levies) {
    const eur =
      ((a.validKwh - a.communityKwh) * (l.centsPerKwh ?? 0)) / 100 +
      (a.percentBase * (l.percent ?? 0)) / 100 +
      (l.eurPerKwYear ?? 0) * a.kwYears;
    out.push({ key: partOf('levy', l.name), name: l.name, eur });
  }
  return out;
}

/** Parts of several months, periods, meters or a combination's components, summed by part and name. */
export function sumParts(lists: readonly (readonly CostBillPart[])[], round: boolean): CostBillPart[] {
  const by = new Map<string, CostBillPart>();
  for (const list of lists)
    for (const p of list) {
      const k = `${p.key}\u0000${p.name}`;
      const have = by.get(k);
      if (have) have.eur += p.eur;
      else by.set(k, { ...p });
    }
  const out = [...by.values()];
  if (round) for (const p of out) p.eur = Math.round(p.eur * 100) / 100;
  return out;
}

type Reconciled = Pick<BillReconciliation, 'parts' | 'reasons'>;

/**
 * How a part is compared: by its rate over the period's kWh, its amount a year (per metering point), as a
 * percentage of other lines (the Gebrauchsabgabe follows their differences), or its amount.
 */
type Basis = NonNullable<BillReconciliation['reasons'][number]['basis']>;
const BASIS: Record<BillPartKey, Basis> = {
  usage: 'per_kwh',
  loss: 'per_kwh',
  electricityTax: 'per_kwh',
  renewablesContribution: 'per_kwh',
  flat: 'per_year',
  metering: 'per_year',
  renewablesFlat: 'per_year',
  useLevy: 'percent',
  power: 'period',
  gridOther: 'period',
  leviesOther: 'period',
};
const PART_TEXT: Record<BillPartKey, string> = {
  usage: 'the usage price',
  loss: 'the loss fee',
  power: 'the power price',
  flat: 'the flat charge of power not measured',
  metering: 'the metering fee',
  gridOther: 'another grid charge',
  electricityTax: 'the Elektrizitätsabgabe',
  renewablesContribution: 'the Erneuerbaren-Förderbeitrag',
  renewablesFlat: 'the Erneuerbaren-Förderpauschale',
  useLevy: 'the Gebrauchsabgabe',
  leviesOther: 'another levy',
};

const r2 = (v: number) => Math.round(v * 100) / 100;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The bill's parts beside the tariff's: a row for every part either holds, and a reason for every
 * difference of a cent or more — a part the tariff does not hold (with the rate or yearly amount the bill
 * implies, to enter), a different rate per kWh or amount per year. A part the bill leaves empty is not
 * compared (its row shows the tariff's amount). The bill's rate is over the bill's kWh, the tariff's
 * over the readings'; a year's amount over the bill's period (the days typed).
 */
export function reconcileParts(
  billParts: Bill['parts'],
  ours: readonly CostBillPart[],
  period: { billKwh: number; ourKwh: number; days: number },
): Reconciled {
  const out: Reconciled = { parts: [], reasons: [] };
  const given = billParts.flatMap((p) => (p.eur === null ? [] : [{ ...p, eur: p.eur }]));
  const rateOver = (eur: number, kwh: number) => (kwh > 0 ? r3((eur / kwh) * 100) : 0);
  const perYear = (eur: number) => (period.days > 0 ? r2((eur * 365) / period.days) : 0);
  for (const key of Object.keys(BILL_PARTS) as BillPartKey[]) {
    const mine = ours.filter((p) => p.key === key);
    const b = given.find((p) => p.key === key) ?? null;
    if (!b && mine.length === 0) continue;
    const eur = r2(mine.reduce((a, p) => a + p.eur, 0));
    const difference = b ? r2(b.eur - eur) : null;
    const line = BILL_PARTS[key];
    out.parts.push({
      key,
      line,
      label: b?.label ?? null,
      names: mine.map((p) => p.name),
      bill: b?.eur ?? null,
      ours: eur,
      difference,
    });
    const what = b?.label ? `"${b.label}"` : PART_TEXT[key];
    const basis = BASIS[key];
    if (b && mine.length === 0 && Math.abs(b.eur) >= 0.01) {
      const values = {
        bill: b.eur,
        centsPerKwh: rateOver(b.eur, period.billKwh),
        perYear: perYear(b.eur),
      };
      const as =
        basis === 'per_kwh'
          ? `${values.centsPerKwh} ct/kWh`
          : basis === 'per_year'
            ? `${values.perYear.toFixed(2)} € a year`
            : `${b.eur.toFixed(2)} € for the period`;
      out.reasons.push({
        code: 'part_absent',
        part: key,
        basis,
        values,
        text: `The bill lists ${what} of ${b.eur.toFixed(2)} €; the tariff holds none: add it (the bill implies ${as}).`,
      });
    } else if (b && difference !== null && Math.abs(difference) >= 0.01) {
      const [bill, mineAs, unit] =
        basis === 'per_kwh'
          ? [rateOver(b.eur, period.billKwh), rateOver(eur, period.ourKwh), 'ct/kWh']
          : basis === 'per_year'
            ? [perYear(b.eur), perYear(eur), '€ a year']
            : [b.eur, eur, '€'];
      const why =
        basis === 'percent'
          ? 'a percentage of the energy and grid charges, it follows their differences above, or another rate'
          : basis === 'per_kwh'
            ? 'another price'
            : 'another amount, or other days counted';
      out.reasons.push({
        code: 'part_differs',
        part: key,
        basis,
        values: { diff: difference, bill, ours: mineAs },
        text: `${what} differs by ${difference.toFixed(2)} € (the bill ${bill}, the tariff ${mineAs} ${unit}): ${why}.`,
      });
    }
  }
  return out;
}
