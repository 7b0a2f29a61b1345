/**
 * One meter: its head (names, exports, sync state), the toolbar (register, range, date, unit), and
 * three tabs: the chart with its figures and data table, the quality, the analyses. Each part is its
 * own component in meter/.
 *
 * The figures count quarter-hours, and their quality counts come from the same source as the Quality
 * tab (quality:breakdown over the same range), whatever resolution the chart draws.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../preload/contract';
import { useApp, usePrefs } from '../store';
import { AnalysisPanel } from './analysis/AnalysisPanel';
import { ChartTab, useChartTabState } from './meter/ChartTab';
import { MeterHeader } from './meter/MeterHeader';
import { MeterToolbar } from './meter/MeterToolbar';
import { useRangeFigures } from './meter/RangeFigures';
import { QualityPanel } from './QualityPanel';

export { TABLE_FIRST_ROWS } from './meter/DataTable';

type Tab = 'chart' | 'quality' | 'analysis';

export function MeterDetail() {
  const { t } = useTranslation();
  const meter = useApp((s) => s.meters.find((m) => m.id === s.selectedMeterId) ?? null);
  if (!meter) return <section className="detail empty-detail">{t('selectMeter')}</section>;
  return <MeterPage meter={meter} />;
}

function MeterPage({ meter }: { meter: MeterView }) {
  const { t } = useTranslation();
  const register = useApp((s) => s.register);
  const range = useApp((s) => s.range);
  const dataVersion = useApp((s) => s.dataVersion);
  const prefs = usePrefs();
  const [tab, setTab] = useState<Tab>('chart');
  const fig = useRangeFigures(meter.id);
  const chartState = useChartTabState(meter);
  return (
    <section className="detail" aria-label={meter.label ?? meter.meteringPoint}>
      <MeterHeader meter={meter} />
      <MeterToolbar meter={meter} />
      <div role="tablist" className="tabs" aria-label={t('tab_chart')}>
        {(['chart', 'quality', 'analysis'] as const).map((k) => (
          <button
            key={k}
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'tab active' : 'tab'}
            onClick={() => setTab(k)}
            data-testid={`tab-${k}`}
          >
            {t(`tab_${k}`)}
          </button>
        ))}
      </div>
      {tab === 'analysis' && range && register ? (
        <AnalysisPanel
          meter={meter}
          obisCode={register}
          fromSec={range.fromSec}
          toSec={range.toSec}
          onJump={(sec) => {
            useApp.getState().peakJumped(sec);
            setTab('chart');
          }}
        />
      ) : null}
      {tab === 'analysis' ? null : tab === 'quality' && range && register ? (
        <QualityPanel
          meterId={meter.id}
          obisCode={register}
          fromSec={range.fromSec}
          toSec={range.toSec}
          prefs={prefs}
          refreshKey={dataVersion}
        />
      ) : (
        <ChartTab meter={meter} fig={fig} state={chartState} />
      )}
    </section>
  );
}
