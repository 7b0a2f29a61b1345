/**
 * An Excel workbook of several meters or a whole site (issue 47, item 3: "any meter or site"): each
 * register its own column, never added to another (a site's consumption and feed-in, a meter's G.01
 * and G.02 stay apart). A summary row per register (its frame, completeness, energy, peak, base load),
 * the months and days (kWh per register), and the quarter-hours (local time with MEZ/MESZ, UTC, then
 * each register's kWh and quality in words). The standard profile is per meter (export/workbook.ts).
 */
import type * as XLSXTypes from '@e965/xlsx';
import type Database from 'better-sqlite3';
import { figuresOf, frameFor } from '../analysis/frame';
import { monthsOf } from '../cost/cost';
import { meterRow } from '../db/meter-reads';
import { readRange } from '../db/readings-read';
import { dayNumberOf, dayStartSec, isoUtc, offsetMinutesAt } from '../time/local-days';
import { WORKBOOK_WORDS, type WorkbookWords } from './workbook-words';
import { checkWorkbookSize, NO_RUN, stopIfCancelled, type WorkbookRun } from './workbook-run';
import { date, DATE, freezeHeaders, MONTH, num, QUALITY, sheet, text, type Cell } from './xlsx-cells';

export interface ManyWorkbookQuery {
  series: { meterId: string; obisCode: string }[];
  fromSec: number;
  toSec: number;
  lang: 'de' | 'en';
}

/** What every sheet is written with: the xlsx library, the zone and the language's words. */
interface Sheets {
  X: typeof XLSXTypes;
  tz: string;
  lang: 'de' | 'en';
  w: WorkbookWords;
}

/** Each register's frame, figures and readings, read one after another with progress. */
function readParts(
  db: Database.Database,
  q: ManyWorkbookQuery,
  nowSec: number,
  tz: string,
  run: WorkbookRun,
) {
  return q.series.map((s, i) => {
    stopIfCancelled(run);
    run.emit({ phase: 'read', done: i, of: q.series.length });
    const framed = frameFor(db, { ...s, fromSec: q.fromSec, toSec: q.toSec }, nowSec, tz);
    const m = meterRow(db, s.meterId);
    const { fromSec, toSec } = framed.frame;
    return {
      ...s,
      name: `${m?.label ?? m?.metering_point ?? s.meterId} · ${s.obisCode}`,
      meteringPoint: m?.metering_point ?? s.meterId,
      framed,
      fig: figuresOf(db, framed),
      rows: toSec > fromSec && framed.seriesId !== null ? readRange(db, framed.seriesId, fromSec, toSec) : [],
    };
  });
}
type Part = ReturnType<typeof readParts>[number];

/** A row per register: its frame, completeness, energy, peak and base load. */
function summarySheet({ X, tz, w }: Sheets, parts: Part[]) {
  return sheet(
    X,
    [
      w.meterRegister,
      w.meteringPoint,
      w.from,
      w.to,
      w.completeness,
      w.readings,
      'kWh',
      w.peakKw,
      w.baseLoadKw,
    ],
    parts.map((p) => [
      text(p.name),
      text(p.meteringPoint),
      date(p.framed.frame.fromSec, tz),
      date(p.framed.frame.toSec, tz),
      num(p.fig.completeness, '0.0%'),
      num(p.fig.readings),
      num(p.fig.kwh, '#,##0.000'),
      num(p.fig.peakKw, '0.00'),
      num(p.fig.baseLoadKw, '0.00'),
    ]),
    [36, 36, 17, 17, 14, 11, 14, 12, 12],
  );
}

/** kWh per register and month, each month in its own frame (as the single workbook counts it). */
function monthsSheet(
  { X, tz, w }: Sheets,
  db: Database.Database,
  q: ManyWorkbookQuery,
  parts: Part[],
  nowSec: number,
) {
  const months = q.toSec > q.fromSec ? monthsOf(q.fromSec, q.toSec, tz) : [];
  return sheet(
    X,
    [w.month, ...parts.map((p) => p.name)],
    months.map((mo) => [
      date(mo.fromSec, tz, MONTH),
      ...parts.map((p) =>
        num(
          figuresOf(db, frameFor(db, { ...p, fromSec: mo.fromSec, toSec: mo.toSec }, nowSec, tz)).kwh,
          '#,##0.000',
        ),
      ),
    ]),
    [14, ...parts.map(() => 22)],
  );
}

/** kWh per register and local day, from the readings read. */
function daysSheet({ X, tz, w }: Sheets, parts: Part[]) {
  const days = new Map<number, (number | null)[]>();
  parts.forEach((p, k) => {
    for (const r of p.rows) {
      const d = dayNumberOf(r[0], tz);
      const row = days.get(d) ?? parts.map(() => null);
      row[k] = (row[k] ?? 0) + r[2];
      days.set(d, row);
    }
  });
  return sheet(
    X,
    [w.day, ...parts.map((p) => p.name)],
    [...days]
      .sort((a, b) => a[0] - b[0])
      .map(([d, xs]) => [
        date(dayStartSec(d, tz), tz, DATE),
        ...xs.map((x) => num(x === null ? null : Math.round(x * 1000) / 1000, '#,##0.000')),
      ]),
    [12, ...parts.map(() => 22)],
  );
}

/** Quarter-hours (or hours): every start any register has, each register's value and quality beside. */
function quarterHoursSheet({ X, tz, lang, w }: Sheets, parts: Part[]) {
  const at = new Map<number, (readonly [number, number] | null)[]>();
  parts.forEach((p, k) => {
    for (const r of p.rows) {
      const row = at.get(r[0]) ?? parts.map(() => null);
      row[k] = [r[2], r[3]];
      at.set(r[0], row);
    }
  });
  return sheet(
    X,
    [w.startLocal, w.time, w.startUtc, ...parts.flatMap((p) => [`kWh ${p.name}`, w.quality])],
    [...at]
      .sort((a, b) => a[0] - b[0])
      .map(([t, xs]): Cell[] => [
        date(t, tz),
        // MEZ/MESZ on every row: the hour October repeats is told apart (winter time is UTC+1).
        text(offsetMinutesAt(t, tz) === 120 ? 'MESZ' : 'MEZ'),
        text(isoUtc(t)),
        ...xs.flatMap((x): Cell[] =>
          x === null
            ? [{ t: 'z' }, { t: 'z' }]
            : [num(x[0], '0.000'), text(QUALITY[lang][x[1]] ?? `L${x[1]}`)],
        ),
      ]),
    [17, 6, 22, ...parts.flatMap(() => [22, 11])],
  );
}

export async function buildManyWorkbook(
  db: Database.Database,
  q: ManyWorkbookQuery,
  nowSec: number,
  tz: string,
  run: WorkbookRun = NO_RUN,
): Promise<Uint8Array> {
  checkWorkbookSize(q.series.length, q.fromSec, q.toSec);
  const X = await import('@e965/xlsx');
  const c: Sheets = { X, tz, lang: q.lang, w: WORKBOOK_WORDS[q.lang] };
  const parts = readParts(db, q, nowSec, tz, run);
  const sheets: [() => ReturnType<typeof sheet>, string][] = [
    [() => summarySheet(c, parts), c.w.sheetSummary],
    [() => monthsSheet(c, db, q, parts, nowSec), c.w.sheetMonths],
    [() => daysSheet(c, parts), c.w.sheetDays],
    [() => quarterHoursSheet(c, parts), c.w.sheetQuarterHours],
  ];
  const wb = X.utils.book_new();
  for (const [i, [make, name]] of sheets.entries()) {
    stopIfCancelled(run);
    run.emit({ phase: 'sheets', done: i, of: sheets.length });
    X.utils.book_append_sheet(wb, make(), name);
  }
  stopIfCancelled(run);
  run.emit({ phase: 'write', done: 0, of: 1 });
  const bytes = X.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }) as Buffer;
  stopIfCancelled(run);
  return freezeHeaders(X, bytes);
}
