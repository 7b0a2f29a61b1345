/**
 * A report's period from the data (issue 59): what the dialog offers (the last twelve complete months
 * the scope's data covers, and the months with data), the words of a period's name, and the refusal of
 * a period the data does not touch — an empty PDF is no deliverable.
 */
import type Database from 'better-sqlite3';
import type { ReportPeriods } from '../../preload/contract';
import { dataExtent, dataPeriod, monthsOfData } from '../analysis/data-period';
import { reportMeters } from '../db/meter-reads';
import { AppError } from '../errors';
import { dayKey, dayNumberOf } from '../time/local-days';

type Scope = { kind: 'meter' | 'site' | 'customer'; id: string };

/** The periods with data of a scope's meters. */
export function reportPeriods(
  db: Database.Database,
  scope: Scope,
  nowSec: number,
  tz: string,
): ReportPeriods {
  const ids = reportMeters(db, scope).map((m) => m.id);
  const p = dataPeriod(db, ids, nowSec, tz);
  return {
    last12: { fromSec: p.fromSec, toSec: p.toSec, kind: p.kind, months: p.months },
    months: monthsOfData(db, ids),
  };
}

/**
 * Refuses a period in which none of the report's meters holds a reading, naming the span the data
 * covers, so the person picks one that has data.
 */
export function assertPeriodHasData(
  db: Database.Database,
  meterIds: readonly string[],
  readings: number,
  nowSec: number,
  tz: string,
): void {
  if (readings > 0) return;
  const e = dataExtent(db, meterIds, nowSec, tz);
  const day = (sec: number) => dayKey(dayNumberOf(sec, tz));
  throw new AppError(
    'invalid_input',
    e
      ? `No reading in the period chosen: the data covers ${day(e.firstSec)} – ${day(e.lastSec - 1)}. Choose a period within it.`
      : 'No reading in the period chosen, and none at all: sync or import first.',
    {
      reason: 'report_period_empty',
      params: e ? { from: day(e.firstSec), to: day(e.lastSec - 1) } : { from: '', to: '' },
    },
  );
}

const MONTHS = {
  de: [
    'Jänner',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** A period's name as a reader reads it: "2026-06" is "Juni 2026"; any other name stays. */
export function periodName(label: string, lang: 'de' | 'en'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return label;
  return `${MONTHS[lang][Number(m[2]) - 1]} ${m[1]}`;
}
