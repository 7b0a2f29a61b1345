/**
 * An Excel workbook a consultant can hand on (issue 47, item 3), written with the XLSX library the
 * importer reads with (SheetJS): a register's frame as a summary (the frame, completeness, energy, peak,
 * base load, the cheapest tariff where the profile has tariffs), its months, days and quarter-hours
 * (local time with MEZ/MESZ, UTC, value, quality in words), and the standard load profile beside it
 * with the difference. Cells are typed — numbers as numbers, dates as dates in a de-AT format — header
 * rows are frozen and columns sized; text from outside stays text (no cell is ever a formula).
 */
import type * as XLSXTypes from '@e965/xlsx';
import type Database from 'better-sqlite3';
import { figuresOf, frameFor } from '../analysis/frame';
import { readRange } from '../db/readings-read';
import { meterRow } from '../db/meter-reads';
import { createCostService } from '../cost/cost-service';
import { monthsOf } from '../cost/cost';
import { compareSlp, slpApplies } from '../slp/compare';
import { slpSeries, type SlpId } from '../slp/standard-profile';
import { fixedClock } from '../time/clock';
import { dayNumberOf, dayStartSec, isoUtc, offsetMinutesAt } from '../time/local-days';
import { WORKBOOK_WORDS, type WorkbookWords } from './workbook-words';
import { checkWorkbookSize, NO_RUN, stopIfCancelled, type WorkbookRun } from './workbook-run';
import { date, DATE, freezeHeaders, MONTH, num, QUALITY, sheet, text, type Cell } from './xlsx-cells';

export interface WorkbookQuery {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  /** The standard profile beside it; null: the one suggested for the meter. */
  slp: SlpId | null;
  lang: 'de' | 'en';
}

/** What every sheet of one register's workbook is made from: its frame, figures and readings. */
interface One {
  X: typeof XLSXTypes;
  db: Database.Database;
  q: WorkbookQuery;
  nowSec: number;
  tz: string;
  w: WorkbookWords;
  framed: ReturnType<typeof frameFor>;
  rows: ReturnType<typeof readRange>;
}
type Sheet = ReturnType<typeof sheet>;

/** The frame's figures, and the cheapest tariff where the profile has tariffs of the direction. */
function summarySheet({ X, db, q, nowSec, tz, w, framed }: One): Sheet {
  const fig = figuresOf(db, framed);
  const m = meterRow(db, q.meterId);
  const summary: Cell[][] = [
    [text(w.meteringPoint), text(m?.metering_point || q.meterId)],
    [text(w.meter), text(m?.label ?? '')],
    [text('Register'), text(q.obisCode)],
    [text(w.from), date(framed.frame.fromSec, tz)],
    [text(w.to), date(framed.frame.toSec, tz)],
    [text(w.completeness), num(fig.completeness, '0.0%')],
    [text(w.readings), num(fig.readings)],
    [text(w.energyKwh), num(fig.kwh, '#,##0.000')],
    [text(w.peakKw), num(fig.peakKw, '0.00')],
    [text(w.peakAt), fig.peakAtSec === null ? { t: 'z' } : date(fig.peakAtSec, tz)],
    [text(w.baseLoadKw), num(fig.baseLoadKw, '0.00')],
    ...cheapest(db, q, framed.frame, nowSec, tz, w),
  ];
  return sheet(X, [w.figure, w.value], summary, [34, 30]);
}

/** Each month of the frame, in its own frame's figures. */
function monthsSheet({ X, db, q, nowSec, tz, w, framed }: One): Sheet {
  const { fromSec, toSec } = framed.frame;
  const months = (toSec > fromSec ? monthsOf(fromSec, toSec, tz) : []).map((mo) => {
    const f = figuresOf(db, frameFor(db, { ...q, fromSec: mo.fromSec, toSec: mo.toSec }, nowSec, tz));
    return [
      date(mo.fromSec, tz, MONTH),
      num(f.kwh, '#,##0.000'),
      num(f.completeness, '0.0%'),
      num(f.peakKw, '0.00'),
    ];
  });
  return sheet(X, [w.month, 'kWh', w.completeness, w.monthPeakKw], months, [14, 14, 16, 12]);
}

/** kWh and readings per local day, from the readings read. */
function daysSheet({ X, tz, w, rows }: One): Sheet {
  const days = new Map<number, { kwh: number; n: number }>();
  for (const r of rows) {
    const d = dayNumberOf(r[0], tz);
    const x = days.get(d) ?? { kwh: 0, n: 0 };
    x.kwh += r[2];
    x.n += 1;
    days.set(d, x);
  }
  return sheet(
    X,
    [w.day, 'kWh', w.readings],
    [...days].map(([d, x]) => [
      date(dayStartSec(d, tz), tz, DATE),
      num(Math.round(x.kwh * 1000) / 1000, '#,##0.000'),
      num(x.n),
    ]),
    [12, 12, 12],
  );
}

/** Every reading: local time with MEZ/MESZ, UTC, value, quality in words. */
function quarterHoursSheet({ X, q, tz, w, rows }: One): Sheet {
  return sheet(
    X,
    [w.startLocal, w.time, w.startUtc, 'kWh', w.quality],
    rows.map((r) => [
      date(r[0], tz),
      // MEZ/MESZ on every row: the hour October repeats is told apart (winter time is UTC+1).
      text(offsetMinutesAt(r[0], tz) === 120 ? 'MESZ' : 'MEZ'),
      text(isoUtc(r[0])),
      num(r[2], '0.000'),
      text(QUALITY[q.lang][r[3]] ?? `L${r[3]}`),
    ]),
    [17, 6, 22, 10, 12],
  );
}

/** The standard profile, scaled as the comparison scales it, beside each quarter-hour (null: none applies). */
function standardProfileSheet({ X, db, q, nowSec, tz, w, framed, rows }: One): Sheet | null {
  if (rows.length === 0 || framed.frame.resolutionSec !== 900 || !slpApplies(db, q.meterId, q.obisCode))
    return null;
  const { fromSec, toSec } = framed.frame;
  const c = compareSlp(db, { ...q, profile: q.slp }, nowSec, tz);
  const std = slpSeries(c.profile as SlpId, fromSec, toSec, tz);
  const scale = c.scale / 1000;
  return sheet(
    X,
    [w.startLocal, w.kwhMeter, `kWh ${c.profile}`, w.differenceKwh],
    rows.map((r) => {
      const s = Math.round((std[(r[0] - fromSec) / 900] ?? 0) * scale * 1000) / 1000;
      return [
        date(r[0], tz),
        num(r[2], '0.000'),
        num(s, '0.000'),
        num(Math.round((r[2] - s) * 1000) / 1000, '0.000'),
      ];
    }),
    [17, 12, 12, 14],
  );
}

export async function buildWorkbook(
  db: Database.Database,
  q: WorkbookQuery,
  nowSec: number,
  tz: string,
  run: WorkbookRun = NO_RUN,
): Promise<Uint8Array> {
  checkWorkbookSize(1, q.fromSec, q.toSec);
  run.emit({ phase: 'read', done: 0, of: 1 });
  const X = await import('@e965/xlsx');
  const w = WORKBOOK_WORDS[q.lang];
  const framed = frameFor(db, q, nowSec, tz);
  const { fromSec, toSec } = framed.frame;
  const rows =
    toSec > fromSec && framed.seriesId !== null ? readRange(db, framed.seriesId, fromSec, toSec) : [];
  stopIfCancelled(run);
  run.emit({ phase: 'sheets', done: 0, of: 1 });
  const one: One = { X, db, q, nowSec, tz, w, framed, rows };
  const wb = X.utils.book_new();
  X.utils.book_append_sheet(wb, summarySheet(one), w.sheetSummary);
  X.utils.book_append_sheet(wb, monthsSheet(one), w.sheetMonths);
  X.utils.book_append_sheet(wb, daysSheet(one), w.sheetDays);
  X.utils.book_append_sheet(wb, quarterHoursSheet(one), w.sheetQuarterHours);
  const standard = standardProfileSheet(one);
  if (standard) X.utils.book_append_sheet(wb, standard, w.sheetStandardProfile);
  // Text as shared strings (t="s"), as Excel writes it: never a formula's string result.
  stopIfCancelled(run);
  run.emit({ phase: 'write', done: 0, of: 1 });
  const bytes = X.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }) as Buffer;
  stopIfCancelled(run);
  return freezeHeaders(X, bytes);
}

/** The cheapest tariff of the profile over the frame, where it has tariffs of the register's direction. */
function cheapest(
  db: Database.Database,
  q: WorkbookQuery,
  frame: { fromSec: number; toSec: number },
  nowSec: number,
  tz: string,
  w: WorkbookWords,
): Cell[][] {
  if (frame.toSec <= frame.fromSec) return [];
  const svc = createCostService(db, tz, fixedClock(nowSec));
  const want = q.obisCode.startsWith('1-1:2.') ? 'feed_in' : 'consumption';
  const commodity = q.obisCode.startsWith('7-') ? 'gas' : 'electricity';
  const ids = svc.store
    .list()
    .filter((t) => t.direction === want && (t.commodity ?? 'electricity') === commodity)
    .map((t) => t.id);
  if (ids.length === 0) return [];
  const r = svc.cost({
    meterId: q.meterId,
    obisCode: q.obisCode,
    fromSec: frame.fromSec,
    toSec: frame.toSec,
    tariffIds: ids,
    shiftPercent: 0,
  });
  const best = r.tariffs.find((t) => t.tariffId === r.bestTariffId);
  return best
    ? [
        [text(w.cheapestTariff), text(best.name)],
        [text(w.costGrossEur), num(best.total.totalEur, '#,##0.00')],
      ]
    : [];
}
