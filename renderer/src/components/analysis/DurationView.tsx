/**
 * Load duration curve with hours above a threshold. The threshold starts at the meter's own 90th
 * percentile (from main), so it means something for a flat as for a factory; the person can change it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtQuantity } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { XYChart } from './XYChart';

export function DurationView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  // null: the meter's own default; a number once the person sets one.
  const [threshold, setThreshold] = useState<number | null>(null);
  const { data: d, error } = useResult(
    () => api().analysis.duration({ meterId: meter.id, obisCode, fromSec, toSec, thresholdKw: threshold }),
    [meter.id, obisCode, fromSec, toSec, threshold],
  );
  useEffect(() => {
    if (d) setExportParams({ thresholdKw: d.thresholdKw });
  }, [d, setExportParams]);
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  return (
    <>
      <label className="inline">
        {t('threshold')} (kW)
        <input
          type="number"
          min={0}
          step={0.1}
          value={threshold ?? d.thresholdKw}
          onChange={(e) => setThreshold(Math.max(0, Number(e.target.value) || 0))}
          style={{ width: 90 }}
          data-testid="duration-threshold"
        />
      </label>
      {d.thresholdFromData && <span className="small muted"> {t('thresholdFromData')}</span>}
      <p data-testid="hours-above">
        {t('hoursAbove', {
          hours: fmtQuantity(d.hoursAbove, 'hours', prefs, false),
          share: fmtQuantity(d.shareAbove, 'percent', prefs),
          total: fmtQuantity(d.totalHours, 'hours', prefs, false),
        })}
      </p>
      <XYChart
        testId="duration-chart"
        xs={d.points.map((p) => p.hours)}
        series={[{ label: 'kW', values: d.points.map((p) => p.powerKw) }]}
        xName={t('hours')}
        xLabel={(v) => `${Math.round(v)} h`}
        yLabel="kW"
        yValue={(v) => fmtQuantity(v, 'kw', prefs, false)}
      />
    </>
  );
}
