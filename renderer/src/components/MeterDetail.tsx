/**
 * One meter: register picker (G.01 preselected; registers are never summed), range presets, date
 * picker, previous/next, kWh/kW, the chart, range figures, CSV export, and an accessible data table.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../bridge';
import { useApp, type RangePreset } from '../store';
import { fmtDate, fmtDateTime, fmtNumber, fmtPercent } from '../format';
import { Chart } from './Chart';
import { QualityPanel } from './QualityPanel';
import { AnalysisPanel } from './AnalysisPanel';

const presets: RangePreset[] = ['day', 'week', 'month', 'year', 'all'];

export function MeterDetail() {
  const { t } = useTranslation();
  const meter = useApp((s) => s.meters.find((m) => m.id === s.selectedMeterId) ?? null);
  const register = useApp((s) => s.register);
  const series = useApp((s) => s.series);
  const seriesError = useApp((s) => s.seriesError);
  const preset = useApp((s) => s.preset);
  const zoomed = useApp((s) => s.zoomed);
  const range = useApp((s) => s.range);
  const unit = useApp((s) => s.unit);
  const locale = useApp((s) => s.locale);
  const timeZone = useApp((s) => s.timeZone);
  const theme = useApp((s) => s.theme);
  const dataVersion = useApp((s) => s.dataVersion);
  const prefs = useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  const { registerPicked, presetChosen, rangeShifted, unitToggled, rangeZoomed, dateChosen } =
    useApp.getState();
  const [exportMsg, setExportMsg] = useState<string | null>(null);
  const [tab, setTab] = useState<'chart' | 'quality' | 'analysis'>('chart');
  const [exportProgress, setExportProgress] = useState<{ rows: number; totalRows: number } | null>(null);
  useEffect(() => api().on('export:progress', (p) => setExportProgress(p.done ? null : p)), []);
  // Store actions are stable functions, so the chart does not re-create on every render.
  const onZoom = rangeZoomed;

  if (!meter) return <section className="detail empty-detail">{t('selectMeter')}</section>;

  const vals = series?.values ?? [];
  let total = 0;
  let n = 0;
  let peak: number | null = null;
  const q = { 1: 0, 2: 0, 3: 0 } as Record<number, number>;
  vals.forEach((v, i) => {
    if (v === null) return;
    total += v;
    n += 1;
    const p = series?.resolution === 'day' ? (series.maxValues?.[i] ?? null) : v;
    if (p !== null && (peak === null || p > peak)) peak = p;
    const qi = series?.quality[i];
    if (qi) q[qi] = (q[qi] ?? 0) + 1;
  });
  const doExport = async (profile: 'excel-at' | 'iso') => {
    if (!range || !register) return;
    setExportMsg(t('loading'));
    try {
      const r = await unwrap(
        api().export.csv({
          meterIds: [meter.id],
          obisCodes: [register],
          fromSec: range.fromSec,
          toSec: range.toSec,
          profile,
        }),
      );
      setExportMsg(t('exported', { rows: r.rows, path: r.path }));
    } catch (err) {
      setExportMsg(`${t('error')}: ${(err as Error).message}`);
    }
  };
  const dateValue = range
    ? new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date((range.toSec - 1) * 1000))
    : '';

  return (
    <section className="detail" aria-label={meter.label ?? meter.meteringPoint}>
      <header className="detail-head">
        <div>
          <h2>{meter.label ?? meter.meteringPoint}</h2>
          <div className="mono small muted">
            {meter.meteringPoint} · {meter.customerName ?? ''} {meter.siteName ? `· ${meter.siteName}` : ''}
          </div>
        </div>
        <div className="export">
          <span className="small muted">{t('exportCsv')}:</span>
          <button onClick={() => void doExport('excel-at')} data-testid="export-excel">
            {t('exportExcel')}
          </button>
          <button onClick={() => void doExport('iso')} data-testid="export-iso">
            {t('exportIso')}
          </button>
        </div>
      </header>
      {meter.syncError && (
        <p className="notice error" role="alert" data-testid="detail-sync-error">
          {t('meterSyncFailedLong')} {meter.syncError}
        </p>
      )}
      {meter.syncWarning && (
        <p className="notice warn" role="status" data-testid="detail-sync-warning">
          {t('meterSyncCheckedLong')} {meter.syncWarning}
        </p>
      )}
      {exportProgress && (
        <p className="small" role="status">
          <progress max={Math.max(1, exportProgress.totalRows)} value={exportProgress.rows} />{' '}
          {t('exporting', { rows: exportProgress.rows, total: exportProgress.totalRows })}
        </p>
      )}
      {exportMsg && (
        <p className="notice" role="status" data-testid="export-status">
          {exportMsg}
        </p>
      )}
      <div className="toolbar" role="toolbar" aria-label={t('date')}>
        <label>
          {t('register')}{' '}
          <select
            value={register ?? ''}
            onChange={(e) => registerPicked(e.target.value)}
            data-testid="register-picker"
          >
            {meter.registers.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label={t('date')}>
          {presets.map((p) => (
            <button
              key={p}
              aria-pressed={!zoomed && preset === p}
              onClick={() => presetChosen(p)}
              data-testid={`range-${p}`}
            >
              {t(`range_${p}`)}
            </button>
          ))}
        </div>
        <button
          onClick={() => rangeShifted(-1)}
          aria-label={t('previous')}
          title={`${t('previous')} (Alt+←)`}
        >
          ‹
        </button>
        <input
          type="date"
          aria-label={t('date')}
          value={dateValue}
          onChange={(e) => e.target.value && dateChosen(Date.parse(`${e.target.value}T12:00:00Z`) / 1000)}
        />
        <button onClick={() => rangeShifted(1)} aria-label={t('next')} title={`${t('next')} (Alt+→)`}>
          ›
        </button>
        <button onClick={unitToggled} aria-pressed={unit === 'kW'} data-testid="unit-toggle">
          {unit === 'kWh' ? t('unitKwh') : t('unitKw')}
        </button>
      </div>
      {range && (
        <div className="small muted" data-testid="range-label">
          {fmtDate(range.fromSec, prefs)} – {fmtDate(range.toSec - 1, prefs)}
        </div>
      )}
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
          meterId={meter.id}
          obisCode={register}
          siteId={meter.siteId}
          fromSec={range.fromSec}
          toSec={range.toSec}
          prefs={prefs}
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
        <>
          {seriesError && (
            <p className="error" role="alert">
              {seriesError}
            </p>
          )}
          {series && <Chart series={series} unit={unit} prefs={prefs} theme={theme} onZoom={onZoom} />}
          {series && (
            <dl className="figures" data-testid="range-figures">
              <div>
                <dt>{t('total')}</dt>
                <dd>{fmtNumber(total, prefs)} kWh</dd>
              </div>
              <div>
                <dt>{t('peak')}</dt>
                <dd>{peak === null ? '–' : `${fmtNumber((peak as number) * 4, prefs)} kW`}</dd>
              </div>
              <div>
                <dt>{t('readings')}</dt>
                <dd>{n}</dd>
              </div>
              <div>
                <dt>{t('quality')}</dt>
                <dd>
                  {t('q1')} {q[1]} · {t('q2')} {q[2]} · {t('q3')} {q[3]}
                </dd>
              </div>
              <div>
                <dt>{t('completeness30')}</dt>
                <dd>{fmtPercent(meter.completeness30d, prefs)}</dd>
              </div>
            </dl>
          )}
          {series && (
            <details className="data-table">
              <summary>{t('chartTable')}</summary>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('time')}</th>
                    <th scope="col">{t('value')} (kWh)</th>
                    <th scope="col">{t('quality')}</th>
                  </tr>
                </thead>
                <tbody>
                  {series.timesSec.slice(0, 500).map((ts, i) => (
                    <tr key={ts}>
                      <td>{fmtDateTime(ts, prefs)}</td>
                      <td>{fmtNumber(series.values[i] ?? null, prefs)}</td>
                      <td>{series.quality[i] ? t(`q${series.quality[i]}`) : t('gaps')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      )}
    </section>
  );
}
