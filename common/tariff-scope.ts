/**
 * What a tariff prices of a bill (issue 60): the supplier's part (energy, base fee, the supplier's
 * fixed charges), the grid's (usage price and windows, loss fee, power price, the grid's fixed charges)
 * and the levies (per kWh, percentages, the levies' fixed charges). A consumption bill has all three;
 * a tariff that lacks one is a *part* — a supplier's offer, a grid preset — and is never the cheapest or
 * a report's headline cost: only a complete tariff (or a combination that completes it) is what a client
 * pays. A feed-in tariff pays for energy only: complete with its energy price.
 */
export type BillPart = 'supplier' | 'grid' | 'levies';

/** The fields of a tariff this reads (a plain shape, so both processes can use it). */
export interface ScopedTariff {
  id: string;
  direction: 'consumption' | 'feed_in';
  energy: { type: string; centsPerKwh?: number };
  baseFeeEurPerMonth: number;
  gridEnergyCentsPerKwh: number;
  gridLossCentsPerKwh: number;
  gridEnergyWindows: readonly unknown[];
  gridPowerEurPerKwYear: number;
  fixedCharges: readonly { kind: 'supplier' | 'grid' | 'levy' }[];
  levies: readonly unknown[];
  changes: readonly {
    energy?: unknown;
    baseFeeEurPerMonth?: number;
    gridEnergyCentsPerKwh?: number;
    gridLossCentsPerKwh?: number;
    gridEnergyWindows?: readonly unknown[];
    gridPowerEurPerKwYear?: number;
    fixedCharges?: readonly { kind: 'supplier' | 'grid' | 'levy' }[];
    levies?: readonly unknown[];
  }[];
  parts?: readonly { role: BillPart; tariffId: string }[];
}

/** The parts of a bill a plain tariff prices (its changes count: a grid fee from 1 April is a grid). */
export function billPartsOf(t: ScopedTariff): Set<BillPart> {
  const out = new Set<BillPart>();
  const supplier =
    t.energy.type !== 'flat' ||
    (t.energy.centsPerKwh ?? 0) > 0 ||
    t.baseFeeEurPerMonth > 0 ||
    t.fixedCharges.some((c) => c.kind === 'supplier') ||
    t.changes.some(
      (c) =>
        c.energy !== undefined ||
        (c.baseFeeEurPerMonth ?? 0) > 0 ||
        c.fixedCharges?.some((x) => x.kind === 'supplier'),
    );
  const grid =
    t.gridEnergyCentsPerKwh > 0 ||
    t.gridLossCentsPerKwh > 0 ||
    t.gridEnergyWindows.length > 0 ||
    t.gridPowerEurPerKwYear > 0 ||
    t.fixedCharges.some((c) => c.kind === 'grid') ||
    t.changes.some(
      (c) =>
        (c.gridEnergyCentsPerKwh ?? 0) > 0 ||
        (c.gridLossCentsPerKwh ?? 0) > 0 ||
        (c.gridEnergyWindows?.length ?? 0) > 0 ||
        (c.gridPowerEurPerKwYear ?? 0) > 0 ||
        c.fixedCharges?.some((x) => x.kind === 'grid'),
    );
  const levies =
    t.levies.length > 0 ||
    t.fixedCharges.some((c) => c.kind === 'levy') ||
    t.changes.some((c) => (c.levies?.length ?? 0) > 0 || c.fixedCharges?.some((x) => x.kind === 'levy'));
  if (supplier) out.add('supplier');
  if (grid) out.add('grid');
  if (levies) out.add('levies');
  return out;
}

/**
 * The parts of a bill a tariff lacks (empty: complete). A combined tariff has what its parts have; a
 * feed-in tariff needs its energy price only.
 */
export function lacksOf(t: ScopedTariff, all: readonly ScopedTariff[]): BillPart[] {
  const have = new Set<BillPart>();
  const parts = t.parts?.map((p) => all.find((x) => x.id === p.tariffId)).filter((x) => x !== undefined) ?? [
    t,
  ];
  for (const p of parts) for (const x of billPartsOf(p)) have.add(x);
  const needed: BillPart[] = t.direction === 'feed_in' ? ['supplier'] : ['supplier', 'grid', 'levies'];
  return needed.filter((x) => !have.has(x));
}
