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
