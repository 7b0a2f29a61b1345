// The comparison of one view's result on its surfaces, shared by the cross-surface tests: what the
// screen gets (the query thread's functions) and its CSV (written and parsed back), each against an
// oracle the test computed on its own. Only the reading of the surfaces is shared here, never the
// oracle.
import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { FrameRequest } from '../../main/analysis/frame';
import type { Cell } from '../../main/export/table-csv';

export interface HealthDay {
  day: string;
  expected: number;
  received: number;
}
export interface PeakMonth {
  month: string;
  powerKw: number;
  received: number;
  expected: number;
}

/** An ISO CSV parsed back: rows of cells, the header first. */
const rowsOf = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
const tableOf = (t: { header: { de: string; en: string }[]; rows: Cell[][] }) => [t.header, t.rows] as const;

async function csvOf(db: Database.Database, kind: string, req: FrameRequest, nowSec: number, tz: string) {
  const { queries } = await import('../../main/query/queries');
  const { tableCsv } = await import('../../main/export/table-csv');
  return rowsOf(tableCsv(...tableOf(queries.table(db, kind, { ...req }, nowSec, tz)), 'iso', tz)).slice(1);
}

/** Data health's days on screen and in its CSV equal the oracle's. */
export async function expectHealthOnSurfaces(
  db: Database.Database,
  req: FrameRequest,
  nowSec: number,
  tz: string,
  oracle: HealthDay[],
  at: string,
): Promise<void> {
  const { queries } = await import('../../main/query/queries');
  const screen = queries.health(db, req, nowSec, tz);
  expect(
    screen.days.map((d) => ({ day: d.day, expected: d.expected, received: d.received })),
    `${at}: health on screen`,
  ).toEqual(oracle);
  const csv = await csvOf(db, 'health', req, nowSec, tz);
  expect(
    csv.map((r) => ({ day: r[2], expected: Number(r[3]), received: Number(r[4]) })),
    `${at}: health in the CSV`,
  ).toEqual(oracle);
}

/** Monthly peaks on screen and in their CSV equal the oracle's. */
export async function expectPeaksOnSurfaces(
  db: Database.Database,
  req: FrameRequest,
  nowSec: number,
  tz: string,
  oracle: PeakMonth[],
  at: string,
): Promise<void> {
  const { queries } = await import('../../main/query/queries');
  const peaks = queries.peaks(db, req, nowSec, tz, 10);
  expect(
    peaks.monthly.map((m) => ({
      month: m.month,
      powerKw: m.powerKw,
      received: m.received,
      expected: m.expected,
    })),
    `${at}: peaks on screen`,
  ).toEqual(oracle);
  const csv = await csvOf(db, 'peaks', req, nowSec, tz);
  expect(
    csv
      .filter((r) => /^\d{4}-\d{2}$/.test(r[2] ?? ''))
      .map((r) => ({ month: r[2], powerKw: Number(r[4]), received: Number(r[6]) })),
    `${at}: peaks in the CSV`,
  ).toEqual(oracle.map(({ month, powerKw, received }) => ({ month, powerKw, received })));
}

export interface CarpetDay {
  day: string;
  slots: number;
  values: (number | null)[];
}

/** The carpet's days on screen (kWh per slot) and in its CSV (kW per wall-clock column) equal the oracle's. */
export async function expectCarpetOnSurfaces(
  db: Database.Database,
  req: FrameRequest,
  nowSec: number,
  tz: string,
  oracle: CarpetDay[],
  at: string,
): Promise<void> {
  const { queries } = await import('../../main/query/queries');
  const screen = queries.carpet(db, req, nowSec, tz);
  expect(
    screen.days.map((d) => ({ day: d.day, slots: d.slots, values: d.values })),
    `${at}: carpet on screen`,
  ).toEqual(oracle);
  const csv = await csvOf(db, 'carpet', req, nowSec, tz);
  const kw = (v: number | null) => (v === null ? null : Math.round(v * 4 * 1000) / 1000);
  expect(
    csv.map((r) => ({ day: r[2], slots: Number(r[3]) })),
    `${at}: carpet days in the CSV`,
  ).toEqual(oracle.map((d) => ({ day: d.day, slots: d.slots })));
  csv.forEach((r, k) => {
    const cells = r.slice(4).map((c) => (c === '' ? null : Number(c)));
    const want = oracle[k]!.values.map(kw);
    // A day of 96 quarter-hours: each value in the column of its time (00:00 … 02:45, the four columns
    // of the repeated hour, 03:00 … 23:45); a DST day: the same values.
    if (oracle[k]!.slots === 96)
      expect(cells, `${at}: carpet ${r[2]} in the CSV`).toEqual([
        ...want.slice(0, 12),
        null,
        null,
        null,
        null,
        ...want.slice(12),
      ]);
    else
      expect(
        cells.filter((c) => c !== null).sort((a, b) => a! - b!),
        `${at}: carpet ${r[2]} (a DST day) in the CSV`,
      ).toEqual(want.filter((c) => c !== null).sort((a, b) => a! - b!));
  });
}

/** The load duration curve on screen (its ends, hours and threshold) and in its CSV (every point). */
export async function expectDurationOnSurfaces(
  db: Database.Database,
  req: FrameRequest,
  nowSec: number,
  tz: string,
  oracle: { kwDescending: number[]; p90: number },
  at: string,
): Promise<void> {
  const { queries } = await import('../../main/query/queries');
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  const n = oracle.kwDescending.length;
  const screen = queries.duration(db, req, nowSec, tz, null);
  expect(screen.totalHours, `${at}: duration hours on screen`).toBe(Math.round(n * 25) / 100);
  expect(screen.thresholdKw, `${at}: duration threshold (P90) on screen`).toBeCloseTo(oracle.p90, 3);
  const above = oracle.kwDescending.filter((v) => v > screen.thresholdKw).length;
  expect(screen.hoursAbove, `${at}: hours above on screen`).toBe(Math.round(above * 25) / 100);
  if (n > 0) {
    expect(screen.points[0]!.powerKw, `${at}: duration start on screen`).toBe(r3(oracle.kwDescending[0]!));
    expect(screen.points.at(-1)!.powerKw, `${at}: duration end on screen`).toBe(
      r3(oracle.kwDescending[n - 1]!),
    );
  }
  const csv = await csvOf(db, 'duration', req, nowSec, tz);
  expect(
    csv.map((c) => [Number(c[2]), Number(c[3])]),
    `${at}: every point of the duration curve in the CSV`,
  ).toEqual(oracle.kwDescending.map((v, i) => [Math.round(i * 25) / 100, r3(v)]));
}

/** Mean kW per wall-clock quarter-hour (96), by weekday/weekend and season; null where nothing fell. */
export type ProfileCurves = Record<
  'weekday' | 'weekend' | 'winter' | 'spring' | 'summer' | 'autumn',
  (number | null)[] | null
>;

/** The day profiles on screen and in their CSV equal the oracle's (to the watt). */
export async function expectProfilesOnSurfaces(
  db: Database.Database,
  req: FrameRequest,
  nowSec: number,
  tz: string,
  oracle: ProfileCurves,
  at: string,
): Promise<void> {
  const { queries } = await import('../../main/query/queries');
  const close = (a: (number | null)[] | null, b: (number | null)[] | null, what: string) => {
    expect(a === null, `${what}: present`).toBe(b === null);
    if (a === null || b === null) return;
    // Every slot at once (one expectation per curve, not 96): the slots that differ, if any.
    const off = a.flatMap((v, i) =>
      (v === null) !== (b[i] === null) || (v !== null && Math.abs(v - b[i]!) > 0.0011) ? [[i, v, b[i]]] : [],
    );
    expect(off, what).toEqual([]);
  };
  const s = queries.profiles(db, req, nowSec, tz);
  const onScreen: ProfileCurves = { weekday: s.weekday, weekend: s.weekend, ...s.seasons };
  for (const k of Object.keys(oracle) as (keyof ProfileCurves)[])
    close(onScreen[k], oracle[k], `${at}: ${k} profile on screen`);
  const csv = await csvOf(db, 'profiles', req, nowSec, tz);
  const keys = ['weekday', 'weekend', 'winter', 'spring', 'summer', 'autumn'] as const;
  keys.forEach((k, j) => {
    const column = csv.map((r) => (r[3 + j] === '' || r[3 + j] === undefined ? null : Number(r[3 + j])));
    close(oracle[k] === null ? null : column, oracle[k], `${at}: ${k} profile in the CSV`);
  });
}

export interface ComparePeriod {
  fromSec: number;
  toSec: number;
  readings: number;
  expected: number;
  totalKwh: number;
  peakKw: number | null;
  coverage: number;
}
export interface CompareOracle {
  current: ComparePeriod;
  previous: ComparePeriod;
  reason: 'overlap' | 'no_data' | 'partial' | null;
  differenceKwh: number | null;
  currentProfile: (number | null)[];
  previousProfile: (number | null)[];
}

/** A period against the one before it, on screen and in its CSV (profiles, sums, coverage). */
export async function expectCompareOnSurfaces(
  db: Database.Database,
  req: FrameRequest,
  nowSec: number,
  tz: string,
  shift: 'week' | 'month' | 'year',
  oracle: CompareOracle,
  at: string,
): Promise<void> {
  const { queries } = await import('../../main/query/queries');
  const near = (a: number | null, b: number | null, tol: number, what: string) => {
    expect(a === null, `${what}: present`).toBe(b === null);
    if (a !== null && b !== null) expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(tol);
  };
  const r = queries.compare(db, req, nowSec, tz, shift);
  for (const k of ['current', 'previous'] as const) {
    const [s, o] = [r[k], oracle[k]];
    expect([s.fromSec, s.toSec, s.readings, s.expected], `${at}: ${k} period on screen`).toEqual([
      o.fromSec,
      o.toSec,
      o.readings,
      o.expected,
    ]);
    near(s.totalKwh, o.totalKwh, 0.0011, `${at}: ${k} kWh on screen`);
    near(s.peakKw, o.peakKw, 0.0011, `${at}: ${k} peak on screen`);
    near(s.coverage, o.coverage, 0.00011, `${at}: ${k} coverage on screen`);
  }
  expect(r.reason, `${at}: comparable?`).toBe(oracle.reason);
  near(r.differenceKwh, oracle.differenceKwh, 0.0021, `${at}: difference on screen`);
  // Every slot at once (one expectation per profile, not 96): the slots that differ, if any.
  const offSlots = (a: (number | null)[], b: (number | null)[]) =>
    b.flatMap((v, i) => {
      const x = a[i] ?? null;
      return (x === null) !== (v === null) || (x !== null && Math.abs(x - v!) > 0.0011) ? [[i, x, v]] : [];
    });
  expect(offSlots(r.currentProfile, oracle.currentProfile), `${at}: profile on screen`).toEqual([]);
  expect(offSlots(r.previousProfile, oracle.previousProfile), `${at}: previous profile on screen`).toEqual(
    [],
  );
  const csv = await csvOf(db, 'compare', { ...req, shift } as FrameRequest, nowSec, tz);
  // A CSV cell: a negative number is quoted (a leading minus could start a formula).
  const num = (c: string | undefined) =>
    c === '' || c === undefined ? null : Number(c.replace(/^"(.*)"$/, '$1'));
  const rows96 = csv.slice(0, 96);
  expect(
    offSlots(
      rows96.map((row) => num(row[3])),
      oracle.currentProfile,
    ),
    `${at}: CSV profile`,
  ).toEqual([]);
  expect(
    offSlots(
      rows96.map((row) => num(row[4])),
      oracle.previousProfile,
    ),
    `${at}: CSV previous profile`,
  ).toEqual([]);
  const sums = csv[96]!;
  near(num(sums[3]), oracle.current.totalKwh, 0.0011, `${at}: CSV kWh`);
  near(num(sums[4]), oracle.previous.totalKwh, 0.0011, `${at}: CSV previous kWh`);
  near(num(sums[5]), oracle.differenceKwh, 0.0021, `${at}: CSV difference`);
  const coverage = csv[97]!;
  near(num(coverage[3]), oracle.current.coverage, 0.00011, `${at}: CSV coverage`);
  near(num(coverage[4]), oracle.previous.coverage, 0.00011, `${at}: CSV previous coverage`);
}
