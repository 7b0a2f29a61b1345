/**
 * Dated presets that ship with the app (issue 34), each with its source, its validity and the published
 * example it reproduces (`published`; test/unit/tariff-presets.test.ts prices each preset through the
 * cost evaluation and compares with that number). As data, not code: a preset is a tariff (schema of
 * preload/cost-contract.ts) priced by the same evaluation as the person's own.
 *
 * Grid and levies: every area's rows and the levies by date, built from the reference data in
 * resources/tariffs/ (grid-presets.ts, reference/).
 *
 * Suppliers and feed-in: price sheets as public backtesting code and comparison pages quote them
 * (each `source` names where); spot presets bill on the series `epex-at-60` (the hourly index) and
 * `epex-at-15` (quarter-hours) — import the day-ahead prices under those names.
 *
 * What is not here, because no checked source gives it: the 2024 and 2025 grid fees, the January–March
 * 2026 values of the measured-power and NE3–NE6 rows, every operator's metering fee (Messentgelt), the
 * 2027 values, and a supplier's time-of-use tariff (resources/tariffs/README.md). None is invented.
 */
import type { Tariff } from '../../preload/contract';
import { GRID_2026 } from './grid-presets';
import { reference } from './reference/reference-data';
import type { ReferenceParts } from './reference/reference-presets';

export { GRID_2026_SINCE, NE7_2026, SNAP_SINCE, SNAP_WINDOW } from './grid-presets';

/** What a preset's source publishes, as a number the test reproduces through the cost evaluation. */
export type Published =
  /** Grid usage price and SNAP, ct/kWh net (a quarter-hour outside and inside the window), loss fee. */
  | { kind: 'grid'; apCents: number; snapCents: number; lossCents: number }
  /** The energy price in ct/kWh gross at a given spot price (€/MWh), and the monthly fee gross. */
  | { kind: 'spot'; atEurPerMwh: number; grossCents: number; baseFeeGrossEurPerMonth: number }
  /** A flat price, ct/kWh, as the source states it (net or gross as `basis` says). */
  | { kind: 'flat'; cents: number; basis: 'net' | 'gross' }
  /** A month's published price in ct/kWh. */
  | { kind: 'monthly'; month: string; cents: number }
  /** The levies per kWh in force on a day, ct/kWh net. */
  | { kind: 'levies'; day: string; centsPerKwh: number };

export interface TariffPreset {
  tariff: Tariff;
  /** The example the source publishes, and where. */
  published: Published & { text: string };
  /** A reference preset's values with source and level, and what the reference lacks (issue 62). */
  parts?: ReferenceParts;
}

const HOURLY = 'epex-at-60';
const QUARTER_HOURLY = 'epex-at-15';

const base: Pick<
  Tariff,
  | 'commodity'
  | 'isExample'
  | 'baseFeeEurPerMonth'
  | 'gridEnergyCentsPerKwh'
  | 'gridLossCentsPerKwh'
  | 'gridEnergyWindows'
  | 'gridPowerEurPerKwYear'
  | 'levies'
  | 'vatPercent'
  | 'pricesEntered'
  | 'powerBasis'
  | 'fixedCharges'
  | 'changes'
> = {
  commodity: 'electricity',
  isExample: false,
  baseFeeEurPerMonth: 0,
  gridEnergyCentsPerKwh: 0,
  gridLossCentsPerKwh: 0,
  gridEnergyWindows: [],
  gridPowerEurPerKwYear: 0,
  levies: [],
  vatPercent: 20,
  pricesEntered: 'net',
  powerBasis: 'mean_monthly',
  fixedCharges: [],
  changes: [],
};

const AWATTAR_BACKTESTING =
  'awattar-backtesting/awattar-backtesting.github.io docs/tariffs.js (the supplier price sheets it links)';

/** Supplier energy, one of each kind a checked source publishes (no grid fees: add a grid preset). */
const SUPPLIERS: TariffPreset[] = [
  {
    published: {
      kind: 'spot',
      atEurPerMwh: 100,
      grossCents: 13.56,
      baseFeeGrossEurPerMonth: 2.16,
      text: 'AAE Naturstrom SPOT Stunde II (Preisblatt 10/2024): EPEX Spot AT Stundenpreis + 1,30 ct/kWh netto (1,56 brutto), Grundpauschale 2,16 €/Monat brutto',
    },
    tariff: {
      ...base,
      id: 'lieferant-spot-stunde-naturstrom',
      name: 'Naturstrom SPOT Stunde II (Stundenpreis + 1,30 ct netto)',
      direction: 'consumption',
      validFrom: '2024-10-01',
      validTo: null,
      energy: { type: 'spot', priceSeriesId: HOURLY, billedOn: 'hourly', factor: 1, markupCentsPerKwh: 1.3 },
      baseFeeEurPerMonth: 1.8,
      source: `AAE Preisblatt Naturstrom SPOT Stunde II (aae.at, 10/2024), as ${AWATTAR_BACKTESTING}`,
    },
  },
  {
    published: {
      kind: 'spot',
      atEurPerMwh: 100,
      grossCents: 13.8,
      baseFeeGrossEurPerMonth: 2.16,
      text: 'oekostrom oeko Spot+: EPEX Spot AT + 1,50 ct/kWh netto (1,80 brutto), 2,16 €/Monat brutto; Stundenpreis bis 30.9.2025, Viertelstundenpreis ab 1.10.2025',
    },
    tariff: {
      ...base,
      id: 'lieferant-spot-viertelstunde-oekostrom',
      name: 'oeko Spot+ (Spot + 1,50 ct netto; Viertelstunde ab 1.10.2025)',
      direction: 'consumption',
      validFrom: null,
      validTo: null,
      energy: {
        type: 'spot',
        priceSeriesId: HOURLY,
        billedOn: 'hourly',
        quarterHourFrom: '2025-10-01',
        quarterHourSeriesId: QUARTER_HOURLY,
        factor: 1,
        markupCentsPerKwh: 1.5,
      },
      baseFeeEurPerMonth: 1.8,
      source: `oekostrom AG Preisblatt oeko Spot+ (hub.oekostrom.at), as ${AWATTAR_BACKTESTING}`,
    },
  },
  {
    published: {
      kind: 'spot',
      atEurPerMwh: 100,
      grossCents: 13.9,
      baseFeeGrossEurPerMonth: 4.95,
      text: 'Hofer Grünstrom SPOT (Preisinformation, ab 1.2.2026): EPEX Spot AT Viertelstundenpreis + 1,5833 ct/kWh netto (1,90 brutto), 4,95 €/Monat brutto',
    },
    tariff: {
      ...base,
      id: 'lieferant-spot-viertelstunde-hofer',
      name: 'Hofer Grünstrom SPOT (Viertelstunde + 1,5833 ct netto)',
      direction: 'consumption',
      validFrom: '2026-02-01',
      validTo: null,
      energy: {
        type: 'spot',
        priceSeriesId: QUARTER_HOURLY,
        billedOn: 'quarter_hour',
        factor: 1,
        markupCentsPerKwh: 1.5833,
      },
      baseFeeEurPerMonth: 4.125,
      source: `Hofer Grünstrom Preisinformation SPOT (launched 1.2.2026, quarter-hour billing), as ${AWATTAR_BACKTESTING}`,
    },
  },
  {
    published: {
      kind: 'flat',
      cents: 6,
      basis: 'net',
      text: 'Sozialtarif Strom ab 1.4.2026: 6 Cent netto pro kWh bis 2.900 kWh im Jahr (die-nachrichten.at, nach tarife.at)',
    },
    tariff: {
      ...base,
      id: 'lieferant-fix-sozialtarif-2026',
      name: 'Sozialtarif 2026 (6 ct/kWh netto; Grenze 2.900 kWh/Jahr nicht abgebildet)',
      direction: 'consumption',
      validFrom: '2026-04-01',
      validTo: null,
      energy: { type: 'flat', centsPerKwh: 6 },
      source:
        'Sozialtarif für Strom ab 1. April 2026: 6 ct/kWh netto bis 2.900 kWh/Jahr (die-nachrichten.at, citing tarife.at); the 2.900 kWh limit is not modelled: every kWh is priced at 6 ct',
    },
  },
];

/**
 * The OeMAG market price (Marktpreis, PV), set monthly and ex post since 2024 and published on the first
 * working day of the next month (AUSTRIA-2026.md §3.5), ct/kWh, from resources/tariffs/
 * oemag-market-price.json (each month's source and level there; from 2026 already less the
 * balancing-energy deduction). A month the reference has no value for is not priced: the cost view
 * counts its quarter-hours as unpriced and says so — enter it from OeMAG's table as a tariff.
 */
export const OEMAG_MONTHS: { month: string; centsPerKwh: number }[] = reference()
  .oemag.filter((m) => m.ctPerKwh !== null)
  .map((m) => ({ month: m.month, centsPerKwh: m.ctPerKwh! }));
const OEMAG_LAST = OEMAG_MONTHS.at(-1)!.month;

/** Feed-in: OeMAG's monthly market price, a spot feed-in and a flat one (no VAT: a household's sale). */
const FEED_IN: TariffPreset[] = [
  {
    published: {
      kind: 'monthly',
      month: '2025-05',
      cents: 5.855,
      text: 'OeMAG Marktpreis Mai 2025: 5,855 ct/kWh (stromrechner.at/einspeisetarif; Quelle E-Control, OeMAG)',
    },
    tariff: {
      ...base,
      id: 'einspeisung-oemag-marktpreis',
      name: 'OeMAG Marktpreis (monatlich, im Nachhinein)',
      direction: 'feed_in',
      validFrom: '2024-01-01',
      validTo: null,
      energy: { type: 'monthly', months: OEMAG_MONTHS },
      vatPercent: 0,
      source: `OeMAG Marktpreis PV, monthly ex post (§ 13 Abs. 3 iVm § 41 ÖSG), ${OEMAG_MONTHS[0]!.month} – ${OEMAG_LAST} from resources/tariffs/oemag-market-price.json (level secondary: OeMAG's page or sources checked against it); later months not yet published there: not priced`,
    },
  },
  {
    published: {
      kind: 'spot',
      atEurPerMwh: 100,
      grossCents: 8,
      baseFeeGrossEurPerMonth: 0,
      text: 'oekostrom oeko Sun Spot+ (Tarifkonditionen 02/2026): EPEX Spot AT Viertelstundenpreis − 2,0 ct/kWh Abwicklungsgebühr, keine Grundgebühr',
    },
    tariff: {
      ...base,
      id: 'einspeisung-spot-viertelstunde-oekostrom',
      name: 'oeko Sun Spot+ (Viertelstunde − 2,0 ct)',
      direction: 'feed_in',
      validFrom: '2025-10-01',
      validTo: null,
      energy: {
        type: 'spot',
        priceSeriesId: QUARTER_HOURLY,
        billedOn: 'quarter_hour',
        factor: 1,
        markupCentsPerKwh: -2,
      },
      vatPercent: 0,
      source: `oekostrom AG Tarifkonditionen oeko Sun Spot+ (Stand 02/2026), as ${AWATTAR_BACKTESTING}`,
    },
  },
  {
    published: {
      kind: 'flat',
      cents: 4.91,
      basis: 'net',
      text: 'Energie AG Oberösterreich Einspeisetarif 4,91 ct/kWh, keine Servicepauschale (stromrechner.at/einspeisetarif, 2025)',
    },
    tariff: {
      ...base,
      id: 'einspeisung-fix-energie-ag-2025',
      name: 'Energie AG Einspeisung 2025 (4,91 ct/kWh)',
      direction: 'feed_in',
      validFrom: '2025-01-01',
      validTo: '2025-12-31',
      energy: { type: 'flat', centsPerKwh: 4.91 },
      vatPercent: 0,
      source: 'stromrechner.at/einspeisetarif (2025): Energie AG Oberösterreich 4,91 ct/kWh, no service fee',
    },
  },
];

export const PRESETS: readonly TariffPreset[] = [...GRID_2026, ...SUPPLIERS, ...FEED_IN];

export const TARIFF_PRESETS: readonly Tariff[] = PRESETS.map((p) => p.tariff);

export function presetOf(id: string): Tariff | null {
  return TARIFF_PRESETS.find((t) => t.id === id) ?? null;
}
