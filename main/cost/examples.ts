/**
 * The example tariffs the demo profile ships with, and a synthetic hourly spot price series for them.
 * Every name says "Beispiel" and the series says "synthetisch": these are examples to try the views
 * with, not offers and not market data.
 */
import type { Tariff } from '../../preload/contract';
import { offsetMinutesAt } from '../time/local-days';
import type { TariffStore } from '../db/tariff-store';

export const DEMO_SPOT_SERIES = 'demo-spot-synthetic';

const levies = [{ name: 'Elektrizitätsabgabe', centsPerKwh: 1.5, percent: 0 }];

export const EXAMPLE_TARIFFS: Tariff[] = [
  {
    id: 'beispiel-fixpreis',
    name: 'Beispiel: Fixpreis',
    direction: 'consumption',
    commodity: 'electricity',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: { type: 'flat', centsPerKwh: 22 },
    baseFeeEurPerMonth: 3.5,
    gridEnergyCentsPerKwh: 8.5,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 0,
    gridEnergyWindows: [],
    levies,
    vatPercent: 20,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
  {
    id: 'beispiel-tag-nacht',
    name: 'Beispiel: Tag/Nacht',
    direction: 'consumption',
    commodity: 'electricity',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: {
      type: 'tou',
      defaultCentsPerKwh: 17,
      windows: [{ days: 'weekday', from: '06:00', to: '22:00', centsPerKwh: 25 }],
    },
    baseFeeEurPerMonth: 4,
    gridEnergyCentsPerKwh: 8.5,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 0,
    gridEnergyWindows: [],
    levies,
    vatPercent: 20,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
  {
    id: 'beispiel-spot',
    name: 'Beispiel: Spot stündlich',
    direction: 'consumption',
    commodity: 'electricity',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: { type: 'spot', priceSeriesId: DEMO_SPOT_SERIES, factor: 1, markupCentsPerKwh: 1.8 },
    baseFeeEurPerMonth: 4.5,
    gridEnergyCentsPerKwh: 8.5,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 0,
    gridEnergyWindows: [],
    levies,
    vatPercent: 20,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
  {
    id: 'beispiel-leistungspreis',
    name: 'Beispiel: Gewerbe mit Leistungspreis',
    direction: 'consumption',
    commodity: 'electricity',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: { type: 'flat', centsPerKwh: 19 },
    baseFeeEurPerMonth: 12,
    gridEnergyCentsPerKwh: 4.2,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 45,
    gridEnergyWindows: [],
    levies,
    vatPercent: 20,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
  {
    id: 'beispiel-einspeisung-fix',
    name: 'Beispiel: Einspeisung fix',
    direction: 'feed_in',
    commodity: 'electricity',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: { type: 'flat', centsPerKwh: 7 },
    baseFeeEurPerMonth: 0,
    gridEnergyCentsPerKwh: 0,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 0,
    gridEnergyWindows: [],
    levies: [],
    vatPercent: 0,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
  {
    id: 'beispiel-einspeisung-spot',
    name: 'Beispiel: Einspeisung Spot',
    direction: 'feed_in',
    commodity: 'electricity',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: { type: 'spot', priceSeriesId: DEMO_SPOT_SERIES, factor: 0.9, markupCentsPerKwh: -0.5 },
    baseFeeEurPerMonth: 0,
    gridEnergyCentsPerKwh: 0,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 0,
    gridEnergyWindows: [],
    levies: [],
    vatPercent: 0,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
  {
    // Gas is priced with gas tariffs only: energy, base fee, grid, Erdgasabgabe (0,066 €/m³ ≈ 0,6
    // ct/kWh), VAT. Example values, not an offer.
    id: 'beispiel-gas',
    name: 'Beispiel: Gas Fixpreis',
    direction: 'consumption',
    commodity: 'gas',
    isExample: true,
    validFrom: null,
    validTo: null,
    energy: { type: 'flat', centsPerKwh: 9.5 },
    baseFeeEurPerMonth: 4,
    gridEnergyCentsPerKwh: 2.2,
    gridLossCentsPerKwh: 0,
    gridPowerEurPerKwYear: 0,
    gridEnergyWindows: [],
    levies: [{ name: 'Erdgasabgabe', centsPerKwh: 0.6, percent: 0 }],
    vatPercent: 20,
    pricesEntered: 'net',
    powerBasis: 'mean_monthly',
    fixedCharges: [],
    changes: [],
  },
];

/** A reproducible hourly price (€/MWh) with the shape of a day-ahead market: morning and evening peaks, a sunny midday dip in summer, dearer winters, cheaper weekends. */
export function syntheticPrice(startSec: number, tz = 'Europe/Vienna'): number {
  const local = startSec + offsetMinutesAt(startSec, tz) * 60;
  const hour = Math.floor((local % 86_400) / 3600);
  const day = Math.floor(local / 86_400);
  const season = Math.cos(((day % 365.25) / 365.25) * 2 * Math.PI); // ≈ +1 in January, −1 in July
  const weekend = (day + 4) % 7 === 0 || (day + 4) % 7 === 6 ? -15 : 0;
  const peaks = 35 * Math.exp(-((hour - 8) ** 2) / 3) + 45 * Math.exp(-((hour - 19) ** 2) / 4);
  const solar = (1 - season) * 30 * Math.exp(-((hour - 13) ** 2) / 6);
  let h = (startSec / 3600) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  const noise = (((h ^ (h >>> 16)) >>> 0) / 4_294_967_296 - 0.5) * 20;
  return Math.round((70 + 25 * season + peaks - solar + weekend + noise) * 100) / 100;
}

/** Puts the examples into a profile whose tariff list is empty (the demo profile). */
export function seedExamples(store: TariffStore, nowSec: number, years = 4): void {
  if (store.list().length > 0) return;
  const from = Math.floor((nowSec - years * 366 * 86_400) / 3600) * 3600;
  const to = Math.floor(nowSec / 3600) * 3600 + 3 * 86_400;
  const points: { startSec: number; eurPerMwh: number }[] = [];
  for (let s = from; s < to; s += 3600) points.push({ startSec: s, eurPerMwh: syntheticPrice(s) });
  store.saveSeries(
    {
      id: DEMO_SPOT_SERIES,
      name: 'Beispiel: Spotpreise (synthetisch)',
      resolutionSec: 3600,
      source: 'demo',
      isExample: true,
    },
    points,
    nowSec,
  );
  for (const t of EXAMPLE_TARIFFS) store.save(t, nowSec);
}
