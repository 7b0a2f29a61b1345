/** Base load: per day the 5th-percentile quarter-hour power and the night minimum, monthly means, trend. */
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtMonthKey, fmtQuantity } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { XYChart } from './XYChart';

export function BaseLoadView({ meter, obisCode, fromSec, toSec, prefs }: ViewProps) {
  const { t } = useTranslation();
  const { data: d, error } = useResult(
    () => api().analysis.baseLoad({ meterId: meter.id, obisCode, fromSec, toSec }),
    [meter.id, obisCode, fromSec, toSec],
  );
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  return (
    <>
      <p>
        {t('baseLoadTrend')}:{' '}
        <strong data-testid="base-trend">
          {d.trendKwPerYear === null ? '–' : `${fmtQuantity(d.trendKwPerYear, 'kw', prefs, false)} kW/a`}
        </strong>{' '}
        <span className="small muted" data-testid="base-trend-basis">
          {t(
            d.trendBasis === null
              ? 'trendNone'
              : d.trendBasis === 'regression'
                ? 'trendRegression'
                : 'trendSameMonth',
          )}
        </span>
      </p>
      <XYChart
        testId="base-chart"
        xs={d.days.map((_, i) => i)}
        series={[
          { label: t('baseLoadP5'), values: d.days.map((x) => x.p5Kw) },
          { label: t('nightMin'), values: d.days.map((x) => x.nightMinKw) },
        ]}
        xName={t('day')}
        xLabel={(v) => (Number.isInteger(v) ? (d.days[v]?.day.slice(5) ?? '') : '')}
        yLabel="kW"
        yValue={(v) => fmtQuantity(v, 'kw', prefs, false)}
      />
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('month')}</th>
            <th scope="col">{t('baseLoadP5')}</th>
          </tr>
        </thead>
        <tbody>
          {d.monthly.map((m) => (
            <tr key={m.month}>
              <td>{fmtMonthKey(m.month, prefs)}</td>
              <td className="num">{fmtQuantity(m.meanP5Kw, 'kw', prefs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
