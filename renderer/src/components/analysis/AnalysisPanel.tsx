/**
 * Analysis views for one meter and register over the chosen range (a view per file beside this one).
 * All figures come from main (computed from the local store); the views only draw them. Each view
 * exports its own table as CSV (Excel de-AT or ISO: the carpet its matrix) and its chart as PNG.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { useApp, usePrefs } from '../../store';
import { errorText } from '../ErrorText';
import { ExportStatus, type ExportMessage } from '../meter/ExportStatus';
import { BaseLoadView } from './BaseLoadView';
import { CarpetView } from './CarpetView';
import { CompareView } from './CompareView';
import { DurationView } from './DurationView';
import { HealthView } from './HealthView';
import { PeaksView } from './PeaksView';
import { ProfilesView } from './ProfilesView';
import { PvView } from './PvView';
import type { ViewProps } from './types';

import { analysisViews, type AnalysisView } from './views';
import { BatteryView } from './BatteryView';
import { CostView } from './CostView';
import { PeakShavingView } from './PeakShavingView';
import { SlpView } from './SlpView';

/** The views that draw no chart: their PNG button is off, and says why. */
const CHARTLESS = new Set<AnalysisView>(['cost', 'pv', 'peakShaving']);

const VIEWS: Record<AnalysisView, (p: ViewProps) => React.ReactNode> = {
  peaks: PeaksView,
  baseLoad: BaseLoadView,
  duration: DurationView,
  carpet: CarpetView,
  profiles: ProfilesView,
  compare: CompareView,
  pv: PvView,
  health: HealthView,
  cost: CostView,
  battery: BatteryView,
  peakShaving: PeakShavingView,
  slp: SlpView,
};

export function AnalysisPanel(props: {
  meter: MeterView;
  obisCode: string;
  fromSec: number;
  toSec: number;
  onJump: (startSec: number) => void;
}) {
  const { meter, obisCode, fromSec, toSec, onJump } = props;
  const { t } = useTranslation();
  const prefs = usePrefs();
  const offered = analysisViews.filter(
    // Battery and peak shaving size a battery against electricity: not offered on a gas meter.
    (v) => meter.commodity !== 'gas' || (v !== 'peakShaving' && v !== 'battery'),
  );
  const chosen = useApp((s) => s.analysisView);
  const choose = useApp((s) => s.analysisViewChosen);
  const view: AnalysisView = offered.includes(chosen) ? chosen : 'peaks';
  const [message, setMessage] = useState<ExportMessage | null>(null);
  // A message is about the view it was said in: another view starts without it.
  const setView = (v: AnalysisView) => {
    setMessage(null);
    choose(v);
  };
  const hasChart = !CHARTLESS.has(view);
  const exportParams = useRef<Record<string, string | number | null>>({});
  const setExportParams = useCallback((p: Record<string, string | number | null>) => {
    exportParams.current = p;
  }, []);
  const figureRef = useRef<HTMLDivElement>(null);

  const exportCsv = async (profile: 'excel-at' | 'iso') => {
    try {
      const params: Record<string, string | number | null> =
        view === 'pv'
          ? { siteId: meter.siteId, fromSec, toSec }
          : view === 'battery'
            ? { ...exportParams.current, siteId: meter.siteId, fromSec, toSec }
            : {
                meterId: meter.id,
                obisCode,
                fromSec: view === 'carpet' ? Math.max(fromSec, toSec - 366 * 86_400) : fromSec,
                toSec,
                ...exportParams.current,
              };
      const r = await unwrap(api().analysis.exportCsv({ kind: view, params, profile }));
      setMessage({
        text: t('exported', { count: r.rows, rows: r.rows.toLocaleString(prefs.locale), path: r.path }),
      });
    } catch (e) {
      setMessage({ ...errorText(e, t, prefs), error: true });
    }
  };
  const exportPng = async () => {
    const canvas = figureRef.current?.querySelector('canvas');
    if (!canvas) {
      setMessage({ text: t('analysis_noChart'), error: true });
      return;
    }
    try {
      const r = await unwrap(
        api().export.png({
          suggestedName: `meterdesk-${view}-${meter.meteringPoint}.png`.replace(/[^\w.-]/g, '_'),
          dataUrl: canvas.toDataURL('image/png'),
        }),
      );
      setMessage({ text: t('exportedPng', { path: r.path }) });
    } catch (e) {
      setMessage({ ...errorText(e, t, prefs), error: true });
    }
  };
  const View = VIEWS[view];
  return (
    <section className="analysis" data-testid="analysis-panel" data-view={view}>
      <div className="toolbar">
        <div className="segmented wrap" role="group" aria-label={t('analysis')}>
          {offered.map((v) => (
            <button
              key={v}
              aria-pressed={view === v}
              onClick={() => setView(v)}
              data-testid={`analysis-${v}`}
            >
              {t(`view_${v}`)}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <button onClick={() => void exportCsv('excel-at')} data-testid="analysis-csv-excel">
          CSV Excel
        </button>
        <button onClick={() => void exportCsv('iso')}>CSV ISO</button>
        <button
          onClick={() => void exportPng()}
          disabled={!hasChart}
          title={hasChart ? t('analysis_pngHint') : t('analysis_noChart')}
          data-testid="analysis-png"
        >
          PNG
        </button>
      </div>
      <ExportStatus message={message} testId="analysis-message" small />
      <div ref={figureRef} key={view}>
        <View
          meter={meter}
          obisCode={obisCode}
          fromSec={fromSec}
          toSec={toSec}
          prefs={prefs}
          onJump={onJump}
          setExportParams={setExportParams}
        />
      </div>
    </section>
  );
}
