/**
 * The cost views' tables for CSV export (headers in German and English), from the same computations
 * the views show: monthly cost per tariff and component, the battery sweep, peak shaving per month.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { meteringPointOf } from '../db/meter-lookups';
import type { Cell } from '../export/table-csv';
import { fixedClock } from '../time/clock';
import { createCostService } from './cost-service';

type Header = { de: string; en: string }[];
const h = (...pairs: [string, string][]): Header => pairs.map(([de, en]) => ({ de, en }));

export const costKinds = ['cost', 'battery', 'peakShaving'] as const;

function need<T extends string | number>(
  params: Record<string, string | number | null>,
  key: string,
  type: 'string' | 'number',
): T {
  const v = params[key];
  if (typeof v !== type)
    throw new AppError('invalid_input', `This export needs "${key}".`, {
      reason: 'export_request_incomplete',
    });
  return v as T;
}

const num = (params: Record<string, string | number | null>, key: string, fallback: number) =>
  typeof params[key] === 'number' ? (params[key] as number) : fallback;
const strOrNull = (params: Record<string, string | number | null>, key: string) =>
  typeof params[key] === 'string' && params[key] !== '' ? (params[key] as string) : null;

type Params = Record<string, string | number | null>;
type CostTable = { name: string; header: Header; rows: Cell[][] };
type CostService = ReturnType<typeof createCostService>;

export function costTable(
  db: Database.Database,
  kind: (typeof costKinds)[number],
  params: Params,
  tz: string,
  nowSec: number,
): CostTable {
  const svc = createCostService(db, tz, fixedClock(nowSec));
  const span = {
    fromSec: need<number>(params, 'fromSec', 'number'),
    toSec: need<number>(params, 'toSec', 'number'),
  };
  if (kind === 'battery') return batteryTable(svc, params, span);
  const table = kind === 'cost' ? tariffCostTable(svc, params, span) : peakShavingTable(svc, params, span);
  return withMeter(
    db,
    table,
    need<string>(params, 'meterId', 'string'),
    need<string>(params, 'obisCode', 'string'),
  );
}

/**
 * A meter's table names its meter (issue 64): the metering point in the file name, and the metering
 * point and register in every row, as the other analyses' tables have them (analysis/tables.ts).
 */
function withMeter(db: Database.Database, t: CostTable, meterId: string, obisCode: string): CostTable {
  const mp = meteringPointOf(db, meterId) ?? meterId;
  return {
    name: `${t.name}-${mp}-${obisCode}`,
    header: [...h(['Zählpunkt', 'metering_point'], ['Register', 'obis_code']), ...t.header],
    rows: t.rows.map((r) => [mp, obisCode, ...r]),
  };
}

/** Each tariff's months and its sum, the cheapest (or, for feed-in, the best paid) marked. */
function tariffCostTable(
  svc: CostService,
  params: Params,
  span: { fromSec: number; toSec: number },
): CostTable {
  const r = svc.cost({
    meterId: need(params, 'meterId', 'string'),
    obisCode: need(params, 'obisCode', 'string'),
    ...span,
    tariffIds: need<string>(params, 'tariffIds', 'string').split(',').filter(Boolean),
    shiftPercent: num(params, 'shiftPercent', 10),
    siteWide: params.siteWide === 1,
  });
  const rows: Cell[][] = [];
  for (const t of r.tariffs) {
    for (const m of t.months)
      rows.push([
        t.name,
        { month: m.month },
        m.kwh,
        m.energyEur,
        m.baseFeeEur,
        m.gridEnergyEur,
        m.gridPowerEur,
        m.leviesEur,
        m.vatEur,
        m.totalEur,
        m.meanCentsPerKwh,
        m.monthShare,
        m.unpricedQuarterHours,
        '',
      ]);
    rows.push([
      t.name,
      'Summe',
      r.kwh,
      t.total.energyEur,
      t.total.baseFeeEur,
      t.total.gridEnergyEur,
      t.total.gridPowerEur,
      t.total.leviesEur,
      t.total.vatEur,
      t.total.totalEur,
      t.total.meanCentsPerKwh,
      null,
      t.unpricedQuarterHours,
      r.bestTariffId === t.tariffId ? (r.direction === 'feed_in' ? 'höchster Erlös' : 'günstigster') : '',
    ]);
  }
  return {
    name: 'cost',
    header: h(
      ['Tarif', 'tariff'],
      ['Monat', 'month'],
      ['kWh', 'kwh'],
      ['Energie EUR', 'energy_eur'],
      ['Grundgebühr EUR', 'base_fee_eur'],
      ['Netz Arbeit EUR', 'grid_energy_eur'],
      ['Netz Leistung EUR', 'grid_power_eur'],
      ['Abgaben EUR', 'levies_eur'],
      ['USt EUR', 'vat_eur'],
      ['Summe EUR', 'total_eur'],
      ['ct/kWh', 'cents_per_kwh'],
      ['Monatsanteil', 'month_share'],
      ['ohne Preis (Viertelstunden)', 'unpriced_quarter_hours'],
      ['Vergleich', 'comparison'],
    ),
    rows,
  };
}

/** The chosen battery and the size sweep, the knee marked. */
function batteryTable(svc: CostService, params: Params, span: { fromSec: number; toSec: number }): CostTable {
  const r = svc.battery({
    siteId: need(params, 'siteId', 'string'),
    ...span,
    capacityKwh: num(params, 'capacityKwh', 10),
    powerKw: num(params, 'powerKw', 5),
    efficiency: num(params, 'efficiency', 0.9),
    minSocPercent: num(params, 'minSocPercent', 10),
    sweepMaxKwh: num(params, 'sweepMaxKwh', 20),
    consumptionTariffId: strOrNull(params, 'consumptionTariffId'),
    feedInTariffId: strOrNull(params, 'feedInTariffId'),
  });
  const row = (x: typeof r, mark: string): Cell[] => [
    x.capacityKwh,
    x.powerKw,
    x.importBeforeKwh,
    x.importAfterKwh,
    x.exportBeforeKwh,
    x.exportAfterKwh,
    x.selfConsumptionGainedKwh,
    x.fullCycles,
    x.savingsEur,
    mark,
  ];
  return {
    name: 'battery',
    header: h(
      ['Kapazität kWh', 'capacity_kwh'],
      ['Leistung kW', 'power_kw'],
      ['Bezug vorher kWh', 'import_before_kwh'],
      ['Bezug nachher kWh', 'import_after_kwh'],
      ['Einspeisung vorher kWh', 'export_before_kwh'],
      ['Einspeisung nachher kWh', 'export_after_kwh'],
      ['Eigenverbrauch zusätzlich kWh (Untergrenze)', 'self_consumption_gained_kwh_lower_bound'],
      ['Vollzyklen', 'full_cycles'],
      ['Ersparnis EUR', 'savings_eur'],
      ['', 'note'],
    ),
    rows: [
      row(r, 'gewählt'),
      ...r.sweep.map((s) => row({ ...r, ...s }, s.capacityKwh === r.kneeCapacityKwh ? 'Knick' : '')),
    ],
  };
}

/** Monthly peaks before and after the cap, and what the cap needs and saves. */
function peakShavingTable(
  svc: CostService,
  params: Params,
  span: { fromSec: number; toSec: number },
): CostTable {
  const r = svc.peakShaving({
    meterId: need(params, 'meterId', 'string'),
    obisCode: need(params, 'obisCode', 'string'),
    ...span,
    capKw: need<number>(params, 'capKw', 'number'),
    battery:
      typeof params.capacityKwh === 'number' && typeof params.powerKw === 'number'
        ? {
            capacityKwh: params.capacityKwh,
            powerKw: params.powerKw,
            efficiency: num(params, 'efficiency', 0.9),
          }
        : null,
    tariffId: strOrNull(params, 'tariffId'),
  });
  return {
    name: 'peak-shaving',
    header: h(
      ['Monat', 'month'],
      ['Spitze vorher kW', 'peak_before_kw'],
      ['Spitze nachher kW', 'peak_after_kw'],
      ['Teilmonat', 'partial'],
    ),
    rows: [
      ...r.months.map((m): Cell[] => [
        { month: m.month },
        m.peakBeforeKw,
        m.peakAfterKw,
        m.partial ? 'ja' : 'nein',
      ]),
      ['Mittel der Monatsspitzen', r.meanMonthlyMaxBeforeKw, r.meanMonthlyMaxAfterKw, null],
      ['Deckel kW', r.capKw, null, null],
      ['Nötige Speicherenergie kWh', r.requiredEnergyKwh, null, null],
      ['Nötige Leistung kW', r.requiredPowerKw, null, null],
      ['Ersparnis Leistungspreis EUR', r.savingsEur, null, null],
    ],
  };
}
