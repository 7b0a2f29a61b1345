/**
 * Turns analysis results into tables for CSV export (headers in German and English). Every table of one
 * meter names its metering point and register in each row, and writes times as time cells, which the
 * Excel (de-AT) profile writes as dates Excel parses (table-csv.ts).
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { Cell } from '../export/table-csv';
import { DEFAULT_TZ, offsetMinutesAt } from '../time/local-days';
import { frameFor } from './frame';
import { pv, pvFrames } from './pv';
import { meteringPointOf } from '../db/meter-lookups';
import {
  baseLoad,
  carpet,
  compare,
  duration,
  health,
  peaks,
  portfolio,
  profiles,
  type Scope,
} from './analysis';

type Header = { de: string; en: string }[];
const h = (...pairs: [string, string][]): Header => pairs.map(([de, en]) => ({ de, en }));
const q = (n: number) => `L${n}`;
const slotTime = (i: number) =>
  `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;

/** The carpet's columns: the 96 wall-clock quarter-hours, and the second 02:00–02:45 of the autumn day. */
const CARPET_COLUMNS = [
  ...Array.from({ length: 12 }, (_, i) => slotTime(i)),
  ...Array.from({ length: 4 }, (_, i) => slotTime(8 + i))
    .map((t) => [t, `${t} (2)`])
    .flat(),
  ...Array.from({ length: 84 }, (_, i) => slotTime(12 + i)),
].filter((c, i, all) => all.indexOf(c) === i);

type Table = { name: string; header: Header; rows: Cell[][] };
type Params = Record<string, string | number | null>;
/** A single-meter table: its name, its columns after the meter's and its rows, from one result object. */
type MeterTable = (
  db: Database.Database,
  sc: Scope,
  params: Params,
  tz: string,
) => [string, Header, Cell[][]];

/** The tables of one register, each the CSV of its screen's result object in the same frame. */
const METER_TABLES: Record<string, MeterTable> = {
  peaks: (db, sc, _params, tz) => {
    const r = peaks(db, sc, 10, tz);
    return [
      'peaks',
      h(
        ['Monat', 'month'],
        ['Zeitpunkt', 'time'],
        ['Spitze kW', 'peak_kw'],
        ['Qualität', 'quality'],
        ['Viertelstunden', 'readings'],
        ['Teilmonat', 'partial'],
      ),
      [
        ...r.monthly.map((m): Cell[] => [
          { month: m.month },
          { at: m.startSec },
          m.powerKw,
          q(m.quality),
          m.received,
          m.partial ? 'ja' : 'nein',
        ]),
        [
          r.meanBasis === 'complete'
            ? `Mittel der Monatsspitzen (${r.monthsComplete} volle Monate)`
            : 'Mittel der Monatsspitzen (keine vollen Monate: alle)',
          null,
          r.meanMonthlyMaxKw,
          null,
          null,
          null,
        ],
        ['Mittel der 3 höchsten Monatsspitzen', null, r.meanTop3MonthlyMaxKw, null, null, null],
      ],
    ];
  },
  baseLoad: (db, sc, _params, tz) => {
    const r = baseLoad(db, sc, tz);
    return [
      'base-load',
      h(
        ['Tag', 'day'],
        ['Grundlast P5 kW', 'p5_kw'],
        ['Nachtminimum kW', 'night_min_kw'],
        ['gemessen', 'measured'],
        ['geschätzt', 'estimated'],
        ['unsicher', 'unreliable'],
      ),
      r.days.map((d) => [
        { day: d.day },
        d.p5Kw,
        d.nightMinKw,
        d.quality.measured,
        d.quality.estimated,
        d.quality.unreliable,
      ]),
    ];
  },
  duration: (db, sc, params) => {
    const r = duration(db, sc, typeof params.thresholdKw === 'number' ? params.thresholdKw : null, 100_000);
    return [
      'load-duration',
      h(['Stunden', 'hours'], ['Leistung kW', 'power_kw'], ['über Schwelle', 'above_threshold']),
      r.points.map((p) => [p.hours, p.powerKw, p.powerKw > r.thresholdKw ? 'ja' : 'nein']),
    ];
  },
  carpet: (db, sc, _params, tz) => {
    const r = carpet(db, sc, tz);
    return [
      'carpet',
      [
        ...h(['Tag', 'day'], ['Viertelstunden', 'quarter_hours']),
        ...CARPET_COLUMNS.map((c) => ({ de: `${c} kW`, en: `${c}_kw` })),
      ],
      r.days.map((d) => {
        // Each value in the column of its wall-clock quarter-hour; a time seen a second time that day
        // (the repeated hour of the autumn change, standard time again) in its "(2)" column. The
        // skipped hour of the spring change leaves its columns empty.
        const cells: Cell[] = new Array<Cell>(CARPET_COLUMNS.length).fill(null);
        const seen = new Set<string>();
        d.values.forEach((v, i) => {
          const at = d.startSec + i * 900;
          const local = ((((at + offsetMinutesAt(at, tz) * 60) % 86_400) + 86_400) % 86_400) / 900;
          const label = slotTime(local);
          const col = CARPET_COLUMNS.indexOf(seen.has(label) ? `${label} (2)` : label);
          seen.add(label);
          if (col >= 0) cells[col] = v === null ? null : Math.round(v * 4 * 1000) / 1000;
        });
        return [{ day: d.day }, d.slots, ...cells];
      }),
    ];
  },
  profiles: (db, sc, _params, tz) => {
    const r = profiles(db, sc, tz);
    return [
      'day-profiles',
      h(
        ['Uhrzeit', 'time'],
        ['Werktag kW', 'weekday_kw'],
        ['Wochenende kW', 'weekend_kw'],
        ['Winter kW', 'winter_kw'],
        ['Frühling kW', 'spring_kw'],
        ['Sommer kW', 'summer_kw'],
        ['Herbst kW', 'autumn_kw'],
      ),
      Array.from({ length: 96 }, (_, i) => [
        slotTime(i),
        r.weekday?.[i] ?? null,
        r.weekend?.[i] ?? null,
        r.seasons.winter?.[i] ?? null,
        r.seasons.spring?.[i] ?? null,
        r.seasons.summer?.[i] ?? null,
        r.seasons.autumn?.[i] ?? null,
      ]),
    ];
  },
  compare: (db, sc, params, tz) => {
    const shift = params.shift === 'week' || params.shift === 'month' ? params.shift : 'year';
    const r = compare(db, sc, shift, tz);
    return [
      `comparison-${shift}`,
      h(
        ['Uhrzeit', 'time'],
        ['Zeitraum kW', 'current_kw'],
        ['Vergleich kW', 'previous_kw'],
        ['Differenz kW', 'difference_kw'],
      ),
      [
        ...Array.from({ length: 96 }, (_, i): Cell[] => {
          const a = r.currentProfile[i] ?? null;
          const b = r.previousProfile[i] ?? null;
          return [slotTime(i), a, b, a !== null && b !== null ? Math.round((a - b) * 1000) / 1000 : null];
        }),
        ['Summe kWh', r.current.totalKwh, r.previous.totalKwh, r.differenceKwh],
        ['Abdeckung', r.current.coverage, r.previous.coverage, null],
        [
          r.reason === null
            ? 'vergleichbar'
            : r.reason === 'overlap'
              ? 'nicht vergleichbar: Zeiträume überlappen'
              : r.reason === 'no_data'
                ? 'nicht vergleichbar: keine Daten'
                : 'teilweise abgedeckt: Differenz je Viertelstunde',
          null,
          null,
          r.scaledDifferenceShare,
        ],
      ],
    ];
  },
  health: (db, sc) => {
    const r = health(db, sc);
    return [
      'data-health',
      h(
        ['Tag', 'day'],
        ['Erwartet', 'expected'],
        ['Erhalten', 'received'],
        ['geschätzt', 'estimated'],
        ['unsicher', 'unreliable'],
      ),
      r.days.map((d) => [{ day: d.day }, d.expected, d.received, d.estimated, d.unreliable]),
    ];
  },
};

function portfolioTable(db: Database.Database, params: Params, nowSec: number, tz: string): Table {
  const r = portfolio(db, nowSec, typeof params.customerId === 'string' ? params.customerId : null, tz);
  return {
    name: 'portfolio',
    header: h(
      ['Zähler', 'meter'],
      ['Zählpunkt', 'metering_point'],
      ['Kunde', 'customer'],
      ['Sparte', 'commodity'],
      ['Richtung', 'energy_direction'],
      ['Register', 'obis_code'],
      ['Energie kWh (Zeitraum je Zeile)', 'energy_kwh'],
      ['Spitze kW', 'peak_kw'],
      ['Grundlast kW', 'base_load_kw'],
      ['Vollständigkeit', 'completeness'],
      ['Letzte Daten', 'last_data'],
      ['Von', 'from'],
      ['Bis', 'to'],
    ),
    rows: [
      ...r.rows.map((x): Cell[] => [
        x.label,
        x.meteringPoint,
        x.customer,
        x.commodity,
        x.energyDirection,
        x.obisCode,
        x.annualKwh,
        x.peakKw,
        x.baseLoadKw,
        x.completeness,
        x.lastDataSec === null ? null : { at: x.lastDataSec },
        x.fromSec === null ? null : { at: x.fromSec },
        x.toSec === null ? null : { at: x.toSec },
      ]),
      // Sums per commodity, direction and register: never across them.
      ...r.totals.map((t): Cell[] => [
        t.partialMeters > 0
          ? `Summe (${t.meters} Zähler, davon ${t.partialMeters} mit kürzerem Zeitraum)`
          : `Summe (${t.meters} Zähler)`,
        null,
        null,
        t.commodity,
        t.energyDirection,
        t.obisCode,
        t.annualKwh,
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
    ],
  };
}

function pvTable(db: Database.Database, params: Params, nowSec: number, tz: string): Table {
  if (
    typeof params.siteId !== 'string' ||
    typeof params.fromSec !== 'number' ||
    typeof params.toSec !== 'number'
  )
    throw new AppError('invalid_input', 'The PV export needs siteId, fromSec and toSec.', {
      reason: 'export_request_incomplete',
    });
  // The export's span in the same frame as its screen: never the raw request span.
  const r = pv(db, pvFrames(db, params.siteId, { fromSec: params.fromSec, toSec: params.toSec }, nowSec, tz));
  return {
    name: 'pv',
    header: h(['Kennzahl', 'figure'], ['Wert', 'value']),
    rows: [
      ['Von', { at: r.frame?.fromSec ?? params.fromSec }],
      ['Bis', { at: r.frame?.toSec ?? params.fromSec }],
      ['Netzbezug kWh', r.importKwh],
      ['Einspeisung kWh', r.exportKwh],
      ['Saldo kWh', r.netKwh],
      ['Stunden mit Einspeisung', r.exportHours],
      ...r.notDerivable.map((x): Cell[] => ['nicht ableitbar', x]),
    ],
  };
}

/** The table of an analysis for its CSV export (headers in German and English). */
export function analysisTable(
  db: Database.Database,
  kind: string,
  params: Params,
  nowSec: number,
  tz = DEFAULT_TZ,
): Table {
  if (kind === 'portfolio') return portfolioTable(db, params, nowSec, tz);
  if (kind === 'pv') return pvTable(db, params, nowSec, tz);
  const table = METER_TABLES[kind];
  if (!table)
    throw new AppError('invalid_input', `Unknown analysis "${kind}".`, {
      reason: 'export_request_incomplete',
    });
  const { meterId, obisCode, fromSec, toSec } = params;
  if (
    typeof meterId !== 'string' ||
    typeof obisCode !== 'string' ||
    typeof fromSec !== 'number' ||
    typeof toSec !== 'number' ||
    toSec <= fromSec
  )
    throw new AppError('invalid_input', 'This analysis export needs meterId, obisCode, fromSec and toSec.', {
      reason: 'export_request_incomplete',
    });
  // The export's span in the same frame as its screen (frame.ts): never the raw request span.
  const sc = frameFor(db, { meterId, obisCode, fromSec, toSec }, nowSec, tz);
  const [name, header, rows] = table(db, sc, params, tz);
  // Every single-meter table starts with the meter's metering point and register in each row.
  const mp = meteringPointOf(db, meterId) ?? meterId;
  return {
    name: `${name}-${mp}-${obisCode}`,
    header: [...h(['Zählpunkt', 'metering_point'], ['Register', 'obis_code']), ...header],
    rows: rows.map((r) => [mp, obisCode, ...r]),
  };
}
