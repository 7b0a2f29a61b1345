/**
 * Monthly peaks (calendar months) with the grid-fee means, top-N quarter-hours (click to jump). Months
 * cut by the range or missing readings are marked partial, and the means say which months they are over.
 */
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtDateTime, fmtMonthKey, fmtQuantity, fmtNumber } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { XYChart } from './XYChart';

export function PeaksView({ meter, obisCode, fromSec, toSec, prefs, onJump }: ViewProps) {
  const { t } = useTranslation();
  const { data: d, error } = useResult(
    () => api().analysis.peaks({ meterId: meter.id, obisCode, fromSec, toSec, topN: 10 }),
    [meter.id, obisCode, fromSec, toSec],
  );
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  const partial = d.monthly.filter((m) => m.partial).length;
  const kw = (v: number | null) => fmtQuantity(v, 'kw', prefs);
  return (
    <>
      <dl className="figures">
        <div>
          <dt>{t('meanMonthlyMax')}</dt>
          <dd data-testid="mean-monthly-max">{kw(d.meanMonthlyMaxKw)}</dd>
        </div>
        <div>
          <dt>{t('meanTop3')}</dt>
          <dd data-testid="mean-top3">{kw(d.meanTop3MonthlyMaxKw)}</dd>
        </div>
      </dl>
      <p className="small" data-testid="mean-basis">
        {d.meanBasis === 'complete'
          ? t('meanBasisComplete', { count: d.monthsComplete, partial })
          : t('meanBasisAll', { count: d.monthly.length })}
      </p>
      {d.peakQualityNote && <p className="warn small">{t('peakQualityNote')}</p>}
      <XYChart
        testId="peaks-chart"
        xs={d.monthly.map((_, i) => i)}
        series={[{ label: 'kW', values: d.monthly.map((m) => m.powerKw) }]}
        xName={t('month')}
        xLabel={(v) => (Number.isInteger(v) ? (d.monthly[v]?.month ?? '') : '')}
        yLabel="kW"
        yValue={(v) => fmtQuantity(v, 'kw', prefs, false)}
      />
      <table className="grid-table" data-testid="peaks-table">
        <thead>
          <tr>
            <th scope="col">{t('month')}</th>
            <th scope="col">{t('peak')}</th>
            <th scope="col">{t('time')}</th>
            <th scope="col">{t('quality')}</th>
            <th scope="col">{t('quarterHours')}</th>
          </tr>
        </thead>
        <tbody>
          {d.monthly.map((m) => (
            <tr key={m.month} className={m.partial ? 'partial' : undefined} data-partial={m.partial}>
              <td>
                {fmtMonthKey(m.month, prefs)}
                {m.partial && (
                  <span className="badge" title={t('partialMonthHint')}>
                    {' '}
                    {t('partialMonth')}
                  </span>
                )}
              </td>
              <td className="num">{kw(m.powerKw)}</td>
              <td>
                <button className="link" onClick={() => onJump(m.startSec)} title={t('jumpToPeak')}>
                  {fmtDateTime(m.startSec, prefs)}
                </button>
              </td>
              <td>{t(`q${m.quality}`)}</td>
              <td className="num">
                {t('ofExpected', {
                  received: fmtNumber(m.received, prefs, 0),
                  expected: fmtNumber(m.expected, prefs, 0),
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('topN', { count: d.top.length })}</h3>
      <ol className="top-list">
        {d.top.map((p) => (
          <li key={p.startSec}>
            <button className="link" onClick={() => onJump(p.startSec)}>
              {fmtDateTime(p.startSec, prefs)}
            </button>{' '}
            {kw(p.powerKw)} · {t(`q${p.quality}`)}
          </li>
        ))}
      </ol>
    </>
  );
}
