/**
 * This range against the same range a week, month or year earlier, like with like: both periods' coverage
 * is shown; a difference only for equal, non-overlapping, fully covered periods; otherwise why not, and
 * for partly covered periods the difference per covered quarter-hour, labelled as scaled. No data is
 * "no data", never "0 kWh".
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodSummary } from '../../../../preload/contract';
import { api } from '../../bridge';
import { fmtDate, fmtQuantity, fmtNumber } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { slotLabel, XYChart } from './XYChart';

/**
 * The period before of the range's own length: a week up to 7 days, a month up to 31, else a year (a
 * range of more than a year overlaps any shift, and the comparison says so).
 */
export function defaultShift(fromSec: number, toSec: number): 'week' | 'month' | 'year' {
  const days = (toSec - fromSec) / 86_400;
  return days <= 7.05 ? 'week' : days <= 31.05 ? 'month' : 'year';
}

export function CompareView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const [shift, setShift] = useState<'week' | 'month' | 'year'>(() => defaultShift(fromSec, toSec));
  // Until the person picks one, the comparison is with the period before of the range's own length:
  // a week with the week before, a month with the month before, a year with the year before.
  const [picked, setPicked] = useState(false);
  useEffect(() => setPicked(false), [meter.id, obisCode]);
  useEffect(() => {
    if (!picked) setShift(defaultShift(fromSec, toSec));
  }, [picked, fromSec, toSec]);
  useEffect(() => setExportParams({ shift }), [shift, setExportParams]);
  const { data: d, error } = useResult(
    () => api().analysis.compare({ meterId: meter.id, obisCode, fromSec, toSec, shift }),
    [meter.id, obisCode, fromSec, toSec, shift],
  );
  const row = (label: string, p: PeriodSummary) => (
    <tr>
      <th scope="row">
        {label}
        <div className="small muted">
          {fmtDate(p.fromSec, prefs)} – {fmtDate(p.toSec - 1, prefs)}
        </div>
      </th>
      <td className="num">{p.readings === 0 ? t('noData') : fmtQuantity(p.totalKwh, 'kwhTotal', prefs)}</td>
      <td className="num" data-testid="compare-per-day">
        {p.kwhPerDay === null ? '–' : fmtQuantity(p.kwhPerDay, 'kwhTotal', prefs)}
      </td>
      <td className="num">{p.readings === 0 ? '–' : fmtQuantity(p.peakKw, 'kw', prefs)}</td>
      <td className="num" data-testid="coverage">
        {fmtQuantity(p.coverage, 'percent', prefs)} (
        {t('ofExpected', {
          received: fmtNumber(p.readings, prefs, 0),
          expected: fmtNumber(p.expected, prefs, 0),
        })}
        )
      </td>
    </tr>
  );
  return (
    <>
      <label className="inline">
        {t('compareWith')}
        <select
          value={shift}
          onChange={(e) => {
            setPicked(true);
            setShift(e.target.value as typeof shift);
          }}
          data-testid="compare-shift"
        >
          <option value="year">{t('prevYear')}</option>
          <option value="month">{t('prevMonth')}</option>
          <option value="week">{t('prevWeek')}</option>
        </select>
      </label>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {!d && !error && <p className="muted">{t('loading')}</p>}
      {d && (
        <>
          <table className="grid-table" data-testid="compare-table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">{t('total')}</th>
                <th scope="col">{t('perDay')}</th>
                <th scope="col">{t(d.intervalSec === 3600 ? 'peakHour' : 'peakQuarterHour')}</th>
                <th scope="col">{t('coverage')}</th>
              </tr>
            </thead>
            <tbody>
              {row(t('currentPeriod'), d.current)}
              {row(t('previousPeriod'), d.previous)}
              <tr>
                <th scope="row">{t('difference')}</th>
                <td colSpan={4} data-testid="compare-difference" data-reason={d.reason ?? 'none'}>
                  {d.reason === null
                    ? `${fmtQuantity(d.differenceKwh, 'kwhTotal', prefs)} (${d.differenceShare === null ? '–' : (d.differenceShare > 0 ? '+' : '') + fmtQuantity(d.differenceShare, 'percent', prefs)})`
                    : d.reason === 'partial'
                      ? t('compareScaled', {
                          share:
                            d.scaledDifferenceShare === null
                              ? '–'
                              : (d.scaledDifferenceShare > 0 ? '+' : '') +
                                fmtQuantity(d.scaledDifferenceShare, 'percent', prefs),
                        })
                      : t(`compareReason_${d.reason}`)}
                </td>
              </tr>
            </tbody>
          </table>
          <XYChart
            testId="compare-chart"
            xs={Array.from({ length: 96 }, (_, i) => i)}
            series={[
              { label: t('currentPeriod'), values: d.currentProfile },
              { label: t('previousPeriod'), values: d.previousProfile },
            ]}
            xName={t('timeOfDay')}
            xLabel={(v) => slotLabel(Math.round(v))}
            yLabel="kW"
            yValue={(v) => fmtQuantity(v, 'kw', prefs, false)}
          />
        </>
      )}
    </>
  );
}
