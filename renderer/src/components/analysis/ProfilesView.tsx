/** Mean day profiles (kW by wall-clock quarter-hour): weekday vs weekend, and by season. */
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtQuantity } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { slotLabel, XYChart } from './XYChart';

export function ProfilesView({ meter, obisCode, fromSec, toSec, prefs }: ViewProps) {
  const { t } = useTranslation();
  const { data: d, error } = useResult(
    () => api().analysis.profiles({ meterId: meter.id, obisCode, fromSec, toSec }),
    [meter.id, obisCode, fromSec, toSec],
  );
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  const series = [
    { label: t('weekday'), values: d.weekday ?? [] },
    { label: t('weekend'), values: d.weekend ?? [] },
    ...(['winter', 'spring', 'summer', 'autumn'] as const)
      .filter((s) => d.seasons[s])
      .map((s) => ({ label: t(`season_${s}`), values: d.seasons[s]! })),
  ];
  return (
    <>
      <XYChart
        testId="profiles-chart"
        xs={Array.from({ length: 96 }, (_, i) => i)}
        series={series}
        xName={t('timeOfDay')}
        xLabel={(v) => slotLabel(Math.round(v))}
        yLabel="kW"
        yValue={(v) => fmtQuantity(v, 'kw', prefs, false)}
      />
      <p className="small muted">
        {t('qualityOfValues', { m: d.quality.measured, e: d.quality.estimated, u: d.quality.unreliable })}
      </p>
    </>
  );
}
