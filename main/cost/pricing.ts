/**
 * A tariff's price of one quarter-hour: its energy price (flat, time-of-use by local weekday and time,
 * spot: factor × the series' price + markup, on the series the tariff bills on — hourly index or
 * quarter-hours, switching on the day it names —, or a monthly table), and the all-in price of one more kWh (energy, grid
 * energy, per-kWh levies, then percentage levies and VAT) that a battery's savings are counted at.
 * Local time from the tz database; windows by month, weekday and Austrian public holiday
 * (time/holidays.ts), first match wins.
 */
import type { Tariff, TouWindow } from '../../preload/contract';
import { dayKey, dayNumberOf, offsetMinutesAt } from '../time/local-days';
import { isAustrianHoliday } from '../time/holidays';
import { AppError } from '../errors';
import { versionsOf } from './tariff-versions';
import type { TariffStore } from '../db/tariff-store';

export interface BilledSeries {
  seriesId: string;
  resolutionSec: number;
  fromDay: string | null;
}

export interface Pricing {
  /** Energy price in cents per kWh of the quarter-hour starting at `startSec`; null: not priced. */
  energyCents(startSec: number): number | null;
  /** Grid energy price in cents per kWh then (its window's, else the flat one), with the loss fee. */
  gridEnergyCents(startSec: number): number;
  /** The grid energy price varies by time (windows): priced per quarter-hour, not per month. */
  gridByTime: boolean;
  /** Spot tariffs: the price series billed on, each from the local day it applies (null: from the start). */
  series: BilledSeries[];
  /** The tariff is valid then (its validity period). */
  isValid(startSec: number): boolean;
  /** Sum of the percentage levies (0.07 for 7 %). */
  percentLevies: number;
  /** Per-kWh levies in cents. */
  perKwhLeviesCents: number;
  /** Cents per kWh of one more kWh at `startSec`, all in; null where not priced. */
  marginalCents(startSec: number): number | null;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The first window that holds the quarter-hour starting at `startSec` (local wall-clock time), or null. */
export function windowAt(windows: readonly TouWindow[], startSec: number, tz: string): TouWindow | null {
  if (windows.length === 0) return null;
  const local = startSec + offsetMinutesAt(startSec, tz) * 60;
  const minute = Math.floor((((local % 86_400) + 86_400) % 86_400) / 60);
  const day = dayNumberOf(startSec, tz);
  // 1970-01-01 was a Thursday: day 0 → 4 (0 = Sunday).
  const weekday = (((day + 4) % 7) + 7) % 7;
  const key = dayKey(day);
  const month = Number(key.slice(5, 7));
  let holiday: boolean | null = null;
  const isHoliday = () => (holiday ??= isAustrianHoliday(key));
  for (const w of windows) {
    if (w.months && !w.months.includes(month)) continue;
    const weekend = weekday === 0 || weekday === 6;
    if (w.days === 'weekday' && weekend) continue;
    if (w.days === 'weekend' && !weekend) continue;
    if (w.days === 'workday' && (weekend || isHoliday())) continue;
    if (w.days === 'saturday' && (weekday !== 6 || isHoliday())) continue;
    if (w.days === 'sunday_holiday' && !(weekday === 0 || isHoliday())) continue;
    const a = minutes(w.from);
    const b = minutes(w.to);
    const inside = a < b ? minute >= a && minute < b : minute >= a || minute < b;
    if (inside) return w;
  }
  return null;
}

/**
 * The tariff with its prices net of VAT: a tariff typed with gross prices (`pricesEntered: 'gross'`)
 * has every money value (energy, windows, spot factor and markup, base fee, grid energy and power,
 * per-kWh levies) divided by 1 + VAT; a net one is returned as it is.
 */
export function asNet(t: Tariff): Tariff {
  if (t.pricesEntered !== 'gross') return t;
  const k = 1 + t.vatPercent / 100;
  const n = (v: number) => v / k;
  const w = <T extends { centsPerKwh: number }>(x: T): T => ({ ...x, centsPerKwh: n(x.centsPerKwh) });
  const e = t.energy;
  return {
    ...t,
    pricesEntered: 'net',
    energy:
      e.type === 'flat'
        ? { ...e, centsPerKwh: n(e.centsPerKwh) }
        : e.type === 'tou'
          ? { ...e, defaultCentsPerKwh: n(e.defaultCentsPerKwh), windows: e.windows.map(w) }
          : e.type === 'monthly'
            ? { ...e, months: e.months.map(w) }
            : // The spot index (EPEX) is a net price: a gross price sheet's factor multiplies it as it
              // is; only the supplier's markup carries VAT. Dividing the factor too made a gross-entered
              // spot tariff ~14 % too cheap (issue 44, item 3).
              { ...e, markupCentsPerKwh: n(e.markupCentsPerKwh) },
    baseFeeEurPerMonth: n(t.baseFeeEurPerMonth),
    gridEnergyCentsPerKwh: n(t.gridEnergyCentsPerKwh),
    gridLossCentsPerKwh: n(t.gridLossCentsPerKwh ?? 0),
    gridEnergyWindows: (t.gridEnergyWindows ?? []).map(w),
    gridPowerEurPerKwYear: n(t.gridPowerEurPerKwYear),
    fixedCharges: (t.fixedCharges ?? []).map((c) => ({ ...c, eur: n(c.eur) })),
    levies: t.levies.map((l) => ({ ...l, centsPerKwh: n(l.centsPerKwh) })),
    ...(t.community ? { community: { ...t.community, centsPerKwh: n(t.community.centsPerKwh) } } : {}),
  };
}

/** A combined tariff's parts, as stored (issue 44); a part that is combined itself is refused. */
export function partsOf(t: Tariff, store: TariffStore): Tariff[] {
  const parts = storedParts(t, store);
  // A municipality's percentage levy (the Gebrauchsabgabe: 7 % in Vienna) is charged on the energy and
  // the grid alike (issue 44, item 1): held by the grid's or the levies' part, it is charged on the
  // supplier's part too — its energy and fees, not its levies (each change that replaces them keeps it).
  const percent = parts.flatMap((p, i) =>
    t.parts![i]!.role === 'supplier' ? [] : p.levies.filter((l) => (l.percent ?? 0) > 0),
  );
  if (percent.length === 0) return parts;
  const withPercent = (levies: Tariff['levies']) => [
    ...levies,
    ...percent.map((l) => ({ ...l, centsPerKwh: 0 })),
  ];
  return parts.map((p, i) =>
    t.parts![i]!.role !== 'supplier'
      ? p
      : {
          ...p,
          levies: withPercent(p.levies),
          changes: (p.changes ?? []).map((c) => (c.levies ? { ...c, levies: withPercent(c.levies) } : c)),
        },
  );
}

/** A combination's parts as the profile stores them (a combination inside one refused). */
function storedParts(t: Tariff, store: TariffStore): Tariff[] {
  return (t.parts ?? []).map((p) => {
    const part = store.get(p.tariffId);
    if (part.parts)
      throw new AppError(
        'invalid_input',
        `The part "${p.tariffId}" of "${t.name}" is a combined tariff itself.`,
        {
          reason: 'tariff_part_invalid',
          params: { id: p.tariffId, name: t.name },
        },
      );
    return part;
  });
}

/**
 * A combined tariff's price of a quarter-hour: its parts' prices added, each part's own (its net,
 * levies and VAT); a quarter-hour outside a part's validity, or without its price, is not priced (the
 * battery's and the standard profile's figures count those, as for a plain tariff).
 */
function combinedPricing(parts: Pricing[]): Pricing {
  const sum = (f: (p: Pricing) => number | null) => {
    let total = 0;
    for (const p of parts) {
      const v = f(p);
      if (v === null) return null;
      total += v;
    }
    return total;
  };
  return {
    energyCents: (s) => sum((p) => p.energyCents(s)),
    gridEnergyCents: (s) => parts.reduce((a, p) => a + p.gridEnergyCents(s), 0),
    gridByTime: parts.some((p) => p.gridByTime),
    series: parts.flatMap((p) => p.series),
    isValid: (s) => parts.every((p) => p.isValid(s)),
    percentLevies: parts.reduce((a, p) => a + p.percentLevies, 0),
    perKwhLeviesCents: parts.reduce((a, p) => a + p.perKwhLeviesCents, 0),
    marginalCents: (s) => sum((p) => p.marginalCents(s)),
  };
}

/** The version in force on a quarter-hour's local day prices it; the scalars are the range's last version's. */
function versionedPricing(
  versions: { fromDay: string | null; p: Pricing }[],
  toSec: number,
  tz: string,
): Pricing {
  const at = (s: number) => {
    const day = dayKey(dayNumberOf(s, tz));
    let found = versions[0]!.p;
    for (const v of versions) if (v.fromDay === null || v.fromDay <= day) found = v.p;
    return found;
  };
  const last = at(toSec - 1);
  return {
    energyCents: (s) => at(s).energyCents(s),
    gridEnergyCents: (s) => at(s).gridEnergyCents(s),
    gridByTime: versions.some((v) => v.p.gridByTime),
    series: versions
      .flatMap((v) => v.p.series)
      .filter(
        (x, i, all) => all.findIndex((y) => y.seriesId === x.seriesId && y.fromDay === x.fromDay) === i,
      ),
    isValid: (s) => at(s).isValid(s),
    percentLevies: last.percentLevies,
    perKwhLeviesCents: last.perKwhLeviesCents,
    marginalCents: (s) => at(s).marginalCents(s),
  };
}

export function pricingOf(
  t: Tariff,
  store: TariffStore,
  fromSec: number,
  toSec: number,
  tz: string,
): Pricing {
  if (t.parts) return combinedPricing(partsOf(t, store).map((p) => pricingOf(p, store, fromSec, toSec, tz)));
  // A tariff with dated changes prices each quarter-hour under the version in force on its local day
  // (the battery, the standard profile and the marginal price see the 1 April SNAP as the bill does).
  if ((t.changes ?? []).length > 0)
    return versionedPricing(
      versionsOf(t).map((v) => ({ fromDay: v.fromDay, p: pricingOf(v.tariff, store, fromSec, toSec, tz) })),
      toSec,
      tz,
    );
  t = asNet(t);
  const validFrom = t.validFrom ? Date.parse(`${t.validFrom}T00:00:00Z`) / 1000 : -Infinity;
  const validTo = t.validTo ? Date.parse(`${t.validTo}T00:00:00Z`) / 1000 + 86_400 : Infinity;
  // Validity dates are local days: compare the local date of the quarter-hour.
  const isValid = (s: number) => {
    const local = s + offsetMinutesAt(s, tz) * 60;
    return local >= validFrom && local < validTo;
  };
  let energy: (s: number) => number | null;
  const e = t.energy;
  const series: BilledSeries[] = [];
  if (e.type === 'flat') energy = () => e.centsPerKwh;
  else if (e.type === 'tou') energy = (s) => windowAt(e.windows, s, tz)?.centsPerKwh ?? e.defaultCentsPerKwh;
  else if (e.type === 'monthly') {
    const byMonth = new Map(e.months.map((m) => [m.month, m.centsPerKwh]));
    energy = (s) => byMonth.get(dayKey(dayNumberOf(s, tz)).slice(0, 7)) ?? null;
  } else {
    // The series the tariff bills on, and from the day it switched the quarter-hour series.
    const first = store.prices(e.priceSeriesId, fromSec, toSec);
    const want = e.billedOn === 'quarter_hour' ? 900 : e.billedOn === 'hourly' ? 3600 : null;
    if (want !== null && first.resolutionSec !== want)
      throw new AppError(
        'invalid_input',
        `"${t.name}" bills on ${e.billedOn === 'hourly' ? 'the hourly index' : 'quarter-hour prices'}, but the series "${e.priceSeriesId}" holds ${first.resolutionSec === 900 ? 'quarter-hour' : 'hourly'} prices. Pick the series the price sheet names, or import it.`,
        { reason: 'spot_series_resolution', params: { name: t.name, series: e.priceSeriesId } },
      );
    series.push({ seriesId: e.priceSeriesId, resolutionSec: first.resolutionSec, fromDay: null });
    let second: typeof first | null = null;
    let switchSec = Infinity;
    if (e.quarterHourFrom && e.quarterHourSeriesId) {
      second = store.prices(e.quarterHourSeriesId, fromSec, toSec);
      if (second.resolutionSec !== 900)
        throw new AppError(
          'invalid_input',
          `"${t.name}" bills quarter-hour prices from ${e.quarterHourFrom}, but the series "${e.quarterHourSeriesId}" holds hourly prices. Import a quarter-hour price file for it.`,
          {
            reason: 'spot_series_quarter_hours',
            params: { name: t.name, series: e.quarterHourSeriesId, from: e.quarterHourFrom },
          },
        );
      switchSec = Date.parse(`${e.quarterHourFrom}T00:00:00Z`) / 1000;
      series.push({ seriesId: e.quarterHourSeriesId, resolutionSec: 900, fromDay: e.quarterHourFrom });
    }
    energy = (s) => {
      // The switch is a local day: compare the quarter-hour's local time.
      const src = second && s + offsetMinutesAt(s, tz) * 60 >= switchSec ? second : first;
      const p = src.byStart.get(s - (s % src.resolutionSec));
      // €/MWh → cents per kWh: ÷ 10.
      return p === undefined ? null : e.factor * (p / 10) + e.markupCentsPerKwh;
    };
  }
  const percentLevies = t.levies.reduce((a, l) => a + l.percent, 0) / 100;
  const perKwhLeviesCents = t.levies.reduce((a, l) => a + l.centsPerKwh, 0);
  const vat = t.vatPercent / 100;
  const gridWindows = t.gridEnergyWindows ?? [];
  const loss = t.gridLossCentsPerKwh ?? 0;
  // The usage price by its window (SNAP), plus the loss fee on every kWh.
  const gridEnergyCents = (s: number) =>
    (windowAt(gridWindows, s, tz)?.centsPerKwh ?? t.gridEnergyCentsPerKwh) + loss;
  return {
    energyCents: (s) => (isValid(s) ? energy(s) : null),
    gridEnergyCents,
    gridByTime: gridWindows.length > 0,
    series,
    isValid,
    percentLevies,
    perKwhLeviesCents,
    marginalCents: (s) => {
      if (!isValid(s)) return null;
      const en = energy(s);
      if (en === null) return null;
      if (t.direction === 'feed_in') return en * (1 + vat);
      return ((en + gridEnergyCents(s)) * (1 + percentLevies) + perKwhLeviesCents) * (1 + vat);
    },
  };
}
