/**
 * The report's period (issue 59): offered from the data (report:periods) — the last twelve complete
 * months the scope's data covers (or the data's own span), and the years and months that hold data —
 * and a warning in words when a chosen period holds little of it. The core refuses a period without
 * any reading (an empty PDF is no deliverable).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportPeriods } from '../../../preload/contract';
import { localDateStart, wallClock } from '../../../common/zone';
import { api, unwrap } from '../bridge';
import { fmtDate } from '../format';
import { usePrefs } from '../store';

/** The year picker's value for the period the data chose (the last complete months, or its span). */
export const LAST_12 = 0;

/** The periods with data of the report's scope, or null while they load. */
export function useReportPeriods(kind: 'meter' | 'site' | 'customer', id: string): ReportPeriods | null {
  const [periods, setPeriods] = useState<ReportPeriods | null>(null);
  useEffect(() => {
    let live = true;
    setPeriods(null);
    unwrap(api().report.periods({ scope: { kind, id } })).then(
      (p) => live && setPeriods(p),
      () => live && setPeriods({ last12: { fromSec: 0, toSec: 0, kind: 'none', months: 0 }, months: [] }),
    );
    return () => {
      live = false;
    };
  }, [kind, id]);
  return periods;
}

const mm = (k: number) => String(k).padStart(2, '0');

/**
 * The report's span and its name: the period the data chose (LAST_12), a calendar month, or a whole
 * year (month 0), in local time.
 */
export function periodSpan(
  year: number,
  month: number,
  last12: ReportPeriods['last12'] | null,
  tz: string,
): { fromSec: number; toSec: number; label: string } {
  if (year === LAST_12 && last12 && last12.toSec > last12.fromSec) {
    const a = wallClock(last12.fromSec, tz);
    const b = wallClock(last12.toSec - 1, tz);
    const day = (d: Date) => `${mm(d.getUTCDate())}.${mm(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
    const label =
      last12.kind === 'months'
        ? `${mm(a.getUTCMonth() + 1)}.${a.getUTCFullYear()}–${mm(b.getUTCMonth() + 1)}.${b.getUTCFullYear()}`
        : `${day(a)}–${day(b)}`;
    return { fromSec: last12.fromSec, toSec: last12.toSec, label };
  }
  const fromSec = localDateStart(year, month || 1, 1, tz);
  const toSec =
    month === 0 || month === 12 ? localDateStart(year + 1, 1, 1, tz) : localDateStart(year, month + 1, 1, tz);
  return { fromSec, toSec, label: month === 0 ? String(year) : `${year}-${mm(month)}` };
}

/** Days with data of a year (month 0) or a month, and the days it has. */
export function coverageOf(
  periods: ReportPeriods,
  year: number,
  month: number,
): { days: number; of: number } {
  const keys =
    month === 0 ? Array.from({ length: 12 }, (_, i) => `${year}-${mm(i + 1)}`) : [`${year}-${mm(month)}`];
  const days = periods.months.filter((m) => keys.includes(m.month)).reduce((a, m) => a + m.days, 0);
  const of = keys.reduce(
    (a, k) => a + new Date(Date.UTC(Number(k.slice(0, 4)), Number(k.slice(5)), 0)).getUTCDate(),
    0,
  );
  return { days, of };
}

/** The years with data (newest first), and the period the data chose; months with data of a year. */
export function PeriodPicker(props: {
  periods: ReportPeriods | null;
  year: number;
  month: number;
  onYear: (y: number) => void;
  onMonth: (m: number) => void;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const { periods, year, month } = props;
  const years = [...new Set((periods?.months ?? []).map((m) => Number(m.month.slice(0, 4))))].sort(
    (a, b) => b - a,
  );
  const monthsOf = (y: number) => (periods?.months ?? []).filter((m) => m.month.startsWith(`${y}-`));
  const last12 = periods?.last12;
  const chosenLabel =
    last12 && last12.kind !== 'none'
      ? `${t(last12.kind === 'months' ? 'report_last12' : 'report_dataSpan')} (${fmtDate(last12.fromSec, prefs)} – ${fmtDate(last12.toSec - 1, prefs)})`
      : t('report_last12');
  const cover = periods && year !== LAST_12 ? coverageOf(periods, year, month) : null;
  return (
    <span>
      <select
        id="report-year"
        value={year}
        onChange={(e) => {
          props.onYear(Number(e.target.value));
          props.onMonth(0);
        }}
        data-testid="report-year"
      >
        <option value={LAST_12}>{chosenLabel}</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>{' '}
      <select
        aria-label={t('report_month')}
        value={year === LAST_12 ? 0 : month}
        disabled={year === LAST_12}
        onChange={(e) => props.onMonth(Number(e.target.value))}
        data-testid="report-month"
      >
        <option value={0}>{t('report_wholeYear')}</option>
        {monthsOf(year).map((m) => (
          <option key={m.month} value={Number(m.month.slice(5))}>
            {new Intl.DateTimeFormat(prefs.locale, { month: 'long', timeZone: 'UTC' }).format(
              new Date(Date.UTC(2025, Number(m.month.slice(5)) - 1, 15)),
            )}
          </option>
        ))}
      </select>
      {cover && cover.days < cover.of && (
        <span className="small warn" role="note" data-testid="report-coverage">
          {' '}
          {cover.days === 0 ? t('report_noData') : t('report_littleData', { days: cover.days, of: cover.of })}
        </span>
      )}
      {periods && periods.months.length === 0 && (
        <span className="small warn" role="note" data-testid="report-coverage">
          {' '}
          {t('report_noDataAtAll')}
        </span>
      )}
    </span>
  );
}
