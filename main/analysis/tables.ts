/**
 * Turns analysis results into tables for CSV export (headers in German and English).
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { Cell } from '../export/table-csv';
import { DEFAULT_TZ, isoWithOffset } from '../time/local-days';
import { baseLoad, compare, duration, health, peaks, portfolio, profiles, pv, type Scope } from './analysis';

type Header = { de: string; en: string }[];
const h = (...pairs: [string, string][]): Header => pairs.map(([de, en]) => ({ de, en }));
const q = (n: number) => `L${n}`;
const slotTime = (i: number) =>
  `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;

export function analysisTable(
  db: Database.Database,
  kind: string,
  params: Record<string, string | number | null>,
  nowSec: number,
  tz = DEFAULT_TZ,
): { name: string; header: Header; rows: Cell[][] } {
  const scope = (): Scope => {
    const { meterId, obisCode, fromSec, toSec } = params;
    if (
      typeof meterId !== 'string' ||
      typeof obisCode !== 'string' ||
      typeof fromSec !== 'number' ||
      typeof toSec !== 'number' ||
      toSec <= fromSec
    ) {
      throw new AppError('invalid_input', 'This analysis export needs meterId, obisCode, fromSec and toSec.');
    }
    return { meterId, obisCode, fromSec, toSec };
  };
  const t = (sec: number) => isoWithOffset(sec, tz);
  switch (kind) {
    case 'peaks': {
      const r = peaks(db, scope(), 10, tz);
      return {
        name: 'peaks',
        header: h(
          ['Monat', 'month'],
          ['Zeitpunkt', 'time'],
          ['Spitze kW', 'peak_kw'],
          ['Qualität', 'quality'],
        ),
        rows: [
          ...r.monthly.map((m): Cell[] => [m.month, t(m.startSec), m.powerKw, q(m.quality)]),
          ['Mittel der Monatsspitzen', null, r.meanMonthlyMaxKw, null],
          ['Mittel der 3 höchsten Monatsspitzen', null, r.meanTop3MonthlyMaxKw, null],
        ],
      };
    }
    case 'baseLoad': {
      const r = baseLoad(db, scope(), tz);
      return {
        name: 'base-load',
        header: h(
          ['Tag', 'day'],
          ['Grundlast P5 kW', 'p5_kw'],
          ['Nachtminimum kW', 'night_min_kw'],
          ['gemessen', 'measured'],
          ['geschätzt', 'estimated'],
          ['unsicher', 'unreliable'],
        ),
        rows: r.days.map((d) => [
          d.day,
          d.p5Kw,
          d.nightMinKw,
          d.quality.measured,
          d.quality.estimated,
          d.quality.unreliable,
        ]),
      };
    }
    case 'duration': {
      const r = duration(
        db,
        scope(),
        typeof params.thresholdKw === 'number' ? params.thresholdKw : 0,
        100_000,
      );
      return {
        name: 'load-duration',
        header: h(['Stunden', 'hours'], ['Leistung kW', 'power_kw']),
        rows: r.points.map((p) => [p.hours, p.powerKw]),
      };
    }
    case 'profiles': {
      const r = profiles(db, scope(), tz);
      return {
        name: 'day-profiles',
        header: h(
          ['Uhrzeit', 'time'],
          ['Werktag kW', 'weekday_kw'],
          ['Wochenende kW', 'weekend_kw'],
          ['Winter kW', 'winter_kw'],
          ['Frühling kW', 'spring_kw'],
          ['Sommer kW', 'summer_kw'],
          ['Herbst kW', 'autumn_kw'],
        ),
        rows: Array.from({ length: 96 }, (_, i) => [
          slotTime(i),
          r.weekday?.[i] ?? null,
          r.weekend?.[i] ?? null,
          r.seasons.winter?.[i] ?? null,
          r.seasons.spring?.[i] ?? null,
          r.seasons.summer?.[i] ?? null,
          r.seasons.autumn?.[i] ?? null,
        ]),
      };
    }
    case 'compare': {
      const shift = params.shift === 'week' || params.shift === 'month' ? params.shift : 'year';
      const r = compare(db, scope(), shift, tz);
      return {
        name: `comparison-${shift}`,
        header: h(
          ['Uhrzeit', 'time'],
          ['Zeitraum kW', 'current_kw'],
          ['Vergleich kW', 'previous_kw'],
          ['Differenz kW', 'difference_kw'],
        ),
        rows: [
          ...Array.from({ length: 96 }, (_, i): Cell[] => {
            const a = r.currentProfile[i] ?? null;
            const b = r.previousProfile[i] ?? null;
            return [slotTime(i), a, b, a !== null && b !== null ? Math.round((a - b) * 1000) / 1000 : null];
          }),
          ['Summe kWh', r.current.totalKwh, r.previous.totalKwh, r.differenceKwh],
        ],
      };
    }
    case 'health': {
      const r = health(db, scope(), tz);
      return {
        name: 'data-health',
        header: h(
          ['Tag', 'day'],
          ['Erwartet', 'expected'],
          ['Erhalten', 'received'],
          ['geschätzt', 'estimated'],
          ['unsicher', 'unreliable'],
        ),
        rows: r.days.map((d) => [d.day, d.expected, d.received, d.estimated, d.unreliable]),
      };
    }
    case 'portfolio': {
      const rows = portfolio(
        db,
        nowSec,
        typeof params.customerId === 'string' ? params.customerId : null,
        tz,
      );
      return {
        name: 'portfolio',
        header: h(
          ['Zähler', 'meter'],
          ['Zählpunkt', 'metering_point'],
          ['Kunde', 'customer'],
          ['Register', 'obis_code'],
          ['Jahresverbrauch kWh', 'annual_kwh'],
          ['Spitze kW', 'peak_kw'],
          ['Grundlast kW', 'base_load_kw'],
          ['Vollständigkeit', 'completeness'],
          ['Letzte Daten', 'last_data'],
        ),
        rows: rows.map((r) => [
          r.label,
          r.meteringPoint,
          r.customer,
          r.obisCode,
          r.annualKwh,
          r.peakKw,
          r.baseLoadKw,
          r.completeness,
          r.lastDataSec === null ? null : t(r.lastDataSec),
        ]),
      };
    }
    case 'pv': {
      if (
        typeof params.siteId !== 'string' ||
        typeof params.fromSec !== 'number' ||
        typeof params.toSec !== 'number'
      )
        throw new AppError('invalid_input', 'The PV export needs siteId, fromSec and toSec.');
      const r = pv(db, params.siteId, params.fromSec, params.toSec);
      return {
        name: 'pv',
        header: h(['Kennzahl', 'figure'], ['Wert', 'value']),
        rows: [
          ['Netzbezug kWh', r.importKwh],
          ['Einspeisung kWh', r.exportKwh],
          ['Saldo kWh', r.netKwh],
          ['Stunden mit Einspeisung', r.exportHours],
          ...r.notDerivable.map((x): Cell[] => ['nicht ableitbar', x]),
        ],
      };
    }
    default:
      throw new AppError('invalid_input', `Unknown analysis "${kind}".`);
  }
}
