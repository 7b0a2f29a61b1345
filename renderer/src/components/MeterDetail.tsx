/**
 * One meter: register picker (G.01 preselected, with plain-language names; registers are never
 * summed), range presets (calendar month and year), date picker, previous/next, kWh/kW, reset zoom,
 * the chart, the range's figures, CSV export (this register, or several meters and registers at once)
 * and an accessible data table with every row.
 *
 * The figures count quarter-hours, and their quality counts come from the same source as the Quality
 * tab (quality:breakdown over the same range), whatever resolution the chart draws.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteView, QualityBreakdown, SeriesView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { useApp, usePrefs, type RangePreset } from '../store';
import { fmtDate, fmtDateTime, fmtFrameSpan, fmtQuantity, fmtTime, localMidnight } from '../format';
import { registerLabel } from '../registers';
import { Chart } from './Chart';
import { QualityPanel } from './QualityPanel';
import { AnalysisPanel } from './analysis/AnalysisPanel';
import { ErrorText, errorText } from './ErrorText';
import { ExportDialog } from './ExportDialog';
import { ReportDialog } from './ReportDialog';
import { NotesPanel } from './NotesPanel';
import { alignOverlay, overlayChoices, overlayKey, overlayRange, type OverlayChoice } from './overlay';
import { MeterAdmin } from './MeterAdmin';

const presets: RangePreset[] = ['day', 'week', 'month', 'year', 'all'];
/** Rows the data table shows before "show all" (a week of quarter-hours is 672). */
export const TABLE_FIRST_ROWS = 700;

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
  const theme = useApp((s) => s.theme);
  const dataVersion = useApp((s) => s.dataVersion);
  const prefs = usePrefs();
  const { registerPicked, presetChosen, rangeShifted, unitToggled, rangeZoomed, dateChosen } =
    useApp.getState();
  const [exportMsg, setExportMsg] = useState<{
    text: string;
    details?: string | null;
    error?: boolean;
  } | null>(null);
  const [tab, setTab] = useState<'chart' | 'quality' | 'analysis'>('chart');
  const [exportProgress, setExportProgress] = useState<{ rows: number; totalRows: number } | null>(null);
  const [figures, setFigures] = useState<QualityBreakdown | null>(null);
  const [allRows, setAllRows] = useState(false);
  // The table's rows exist only while it is open: 700 rows rendered into the closed table took
  // ≈ 80 ms of every chart change (open, zoom, register) for nobody to see.
  const [tableOpen, setTableOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [notes, setNotes] = useState<NoteView[]>([]);
  const notesOf = meter?.id;
  const loadNotes = useCallback(() => {
    if (!notesOf) return;
    void unwrap(api().notes.list({ meterId: notesOf })).then(setNotes, () => setNotes([]));
  }, [notesOf]);
  useEffect(loadNotes, [loadNotes]);
  // A second series on the chart (overlay.ts): asked for with the chart's range, aligned to its times.
  const allMeters = useApp((s) => s.meters);
  const [overlay, setOverlay] = useState<OverlayChoice>({ kind: 'none' });
  const [overlaySeries, setOverlaySeries] = useState<{ view: SeriesView; shiftSec: number } | null>(null);
  const choices = useMemo(
    () => (meter ? overlayChoices(meter, allMeters, register) : [{ kind: 'none' } as OverlayChoice]),
    [meter, allMeters, register],
  );
  useEffect(() => setOverlay({ kind: 'none' }), [notesOf]);
  useEffect(() => {
    setOverlaySeries(null);
    if (!meter || !range || !register || overlay.kind === 'none') return;
    const r = overlayRange(overlay, range, prefs.timeZone);
    const target =
      overlay.kind === 'register'
        ? { meterId: meter.id, obisCode: overlay.obisCode }
        : overlay.kind === 'meter'
          ? { meterId: overlay.meterId, obisCode: overlay.obisCode }
          : { meterId: meter.id, obisCode: register };
    let live = true;
    void unwrap(
      api().readings.series({ ...target, fromSec: r.fromSec, toSec: r.toSec, maxPoints: 6000 }),
    ).then(
      (view) => live && setOverlaySeries({ view, shiftSec: r.shiftSec }),
      () => live && setOverlaySeries(null),
    );
    return () => {
      live = false;
    };
  }, [meter, range, register, overlay, prefs.timeZone]);
  const overlayLabel = (c: OverlayChoice): string => {
    if (c.kind === 'none') return t('overlay_none');
    if (c.kind === 'year') return t(c.by === 'date' ? 'overlay_yearByDate' : 'overlay_yearByWeekday');
    if (c.kind === 'register') return registerLabel(c.obisCode, t);
    const m = allMeters.find((x) => x.id === c.meterId);
    return `${m?.label ?? m?.meteringPoint ?? c.meterId} – ${registerLabel(c.obisCode, t)}`;
  };
  const overlayData = useMemo(() => {
    if (!series || !overlaySeries || overlay.kind === 'none') return null;
    if (series.resolution !== overlaySeries.view.resolution) return null;
    return {
      label: overlayLabel(overlay),
      values: alignOverlay(series, overlaySeries.view, overlaySeries.shiftSec, false),
      maxValues: alignOverlay(series, overlaySeries.view, overlaySeries.shiftSec, true),
    };
    // overlayLabel only words the choice
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, overlaySeries, overlay]);
  useEffect(() => api().on('export:progress', (p) => setExportProgress(p.done ? null : p)), []);

  // The range's counts, from the Quality tab's own source.
  const meterId = meter?.id;
  useEffect(() => {
    setFigures(null);
    setAllRows(false);
    if (!meterId || !register || !range) return;
    let live = true;
    const span = Math.min(range.toSec, range.fromSec + 4 * 366 * 86_400);
    unwrap(
      api().quality.breakdown({
        meterId,
        obisCode: register,
        fromSec: range.fromSec,
        toSec: span,
        detail: false,
      }),
    ).then(
      (q) => live && setFigures(q),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [meterId, register, range, dataVersion]);

  if (!meter) return <section className="detail empty-detail">{t('selectMeter')}</section>;

  // Every figure of the range comes from its frame (core: analysis/frame.ts): the span clipped to now
  // and to the register's data, exact at a zoomed span's edges. Nothing is summed here.
  const fig = figures?.figures ?? null;
  const doExport = async (profile: 'excel-at' | 'iso') => {
    if (!range || !register) return;
    setExportMsg({ text: t('loading') });
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
      setExportMsg({ text: t('exported', { rows: r.rows, path: r.path }) });
    } catch (err) {
      setExportMsg({ ...errorText(err, t, prefs), error: true });
    }
  };
  const dateValue = range
    ? new Intl.DateTimeFormat('en-CA', {
        timeZone: prefs.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date((range.toSec - 1) * 1000))
    : '';
  const isDay = series?.resolution === 'day';
  // The table lists the rows of the figures' frame only: a quarter-hour still to come is no gap.
  const frame = fig && fig.frame.toSec > fig.frame.fromSec ? fig.frame : null;
  const rowEnd = (i: number) => series!.timesSec[i + 1] ?? series!.timesSec[i]! + series!.intervalSec;
  const rows = series
    ? series.timesSec.flatMap((ts, i) =>
        !frame || (ts < frame.toSec && rowEnd(i) > frame.fromSec) ? [i] : [],
      )
    : [];
  const rowCount = rows.length;
  const shownRows = allRows ? rowCount : Math.min(rowCount, TABLE_FIRST_ROWS);

  return (
    <section className="detail" aria-label={meter.label ?? meter.meteringPoint}>
      <header className="detail-head">
        <div>
          <h2>{meter.label ?? meter.meteringPoint}</h2>
          <div className="mono small muted">
            {meter.meteringPoint} · {meter.customerName ?? ''} {meter.siteName ? `· ${meter.siteName}` : ''}
          </div>
          {meter.status === 'imported' && <MeterAdmin meter={meter} />}
        </div>
        <div className="export">
          <span className="small muted">{t('exportCsv')}:</span>
          <button onClick={() => void doExport('excel-at')} data-testid="export-excel">
            {t('exportExcel')}
          </button>
          <button onClick={() => void doExport('iso')} data-testid="export-iso">
            {t('exportIso')}
          </button>
          <button onClick={() => setExportOpen(true)} data-testid="export-several">
            {t('exportSeveral')}
          </button>
          <button onClick={() => setReportOpen(true)} data-testid="report-open">
            {t('report_open')}
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
        <div
          className={exportMsg.error ? 'notice error' : 'notice'}
          role="status"
          data-testid="export-status"
        >
          {exportMsg.text}
          {exportMsg.details && (
            <details className="error-details">
              <summary>{t('details')}</summary>
              <pre>{exportMsg.details}</pre>
            </details>
          )}
        </div>
      )}
      <div className="toolbar" role="toolbar" aria-label={t('date')}>
        <label>
          <span className="sr-only">{t('register')}</span>
          <select
            value={register ?? ''}
            onChange={(e) => registerPicked(e.target.value)}
            data-testid="register-picker"
            aria-label={t('register')}
          >
            {meter.registers.map((r) => (
              <option key={r} value={r}>
                {registerLabel(r, t)}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label={t('period')}>
          {presets.map((p) => (
            <button
              key={p}
              aria-pressed={!zoomed && preset === p}
              onClick={() => presetChosen(p)}
              data-testid={`range-${p}`}
              title={t(`rangeHint_${p}`)}
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
        <button
          onClick={unitToggled}
          aria-pressed={unit === 'kW'}
          data-testid="unit-toggle"
          title={t('unitHint')}
        >
          {unit === 'kWh' ? t('unitKwh') : t('unitKw')}
        </button>
        {zoomed && (
          <button onClick={() => presetChosen(preset)} data-testid="reset-zoom" title={t('resetZoomHint')}>
            {t('resetZoom')}
          </button>
        )}
      </div>
      {range && (
        <div className="small muted" data-testid="range-label">
          {/* Whole days as dates; a zoomed span cut inside a day with its times (as its figures). */}
          {fmtFrameSpan(range.fromSec, range.toSec, prefs)}
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
        <>
          {seriesError && <ErrorText error={seriesError} prefs={prefs} />}
          <label className="small inline">
            {t('overlay_title')}{' '}
            <select
              value={overlayKey(overlay)}
              onChange={(e) =>
                setOverlay(choices.find((c) => overlayKey(c) === e.target.value) ?? { kind: 'none' })
              }
              data-testid="overlay-picker"
            >
              {choices.map((c) => (
                <option key={overlayKey(c)} value={overlayKey(c)}>
                  {overlayLabel(c)}
                </option>
              ))}
            </select>
          </label>
          {series && (
            <Chart
              series={series}
              unit={unit}
              prefs={prefs}
              theme={theme}
              onZoom={rangeZoomed}
              notes={notes}
              overlay={overlayData}
            />
          )}
          <NotesPanel meterId={meter.id} notes={notes} range={range} onChanged={loadNotes} />
          {series && (
            <dl className="figures" data-testid="range-figures">
              <div className="figures-frame">
                <dt>{t('frameSpan')}</dt>
                <dd data-testid="figure-frame">
                  {fig
                    ? `${fmtFrameSpan(fig.frame.fromSec, fig.frame.toSec, prefs)}${fig.frame.clippedToNow ? ` (${localMidnight(fig.frame.toSec, prefs.timeZone) === fig.frame.toSec ? t('frameUntilYesterday') : t('frameUntilLatest')})` : ''}${fig.frame.clippedToData ? ` (${t('frameFromFirstReading')})` : ''}`
                    : '…'}
                </dd>
              </div>
              <div>
                <dt>{t('total')}</dt>
                <dd data-testid="figure-total">{fmtQuantity(fig ? fig.kwh : null, 'kwhTotal', prefs)}</dd>
              </div>
              <div>
                <dt>{t(fig?.frame.resolutionSec === 3600 ? 'peakHour' : 'peakQuarterHour')}</dt>
                <dd data-testid="figure-peak">
                  {fmtQuantity(fig?.peakKw ?? null, 'kw', prefs)}
                  {fig?.peakAtSec != null && (
                    <span className="small muted"> {fmtDateTime(fig.peakAtSec, prefs)}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>{fig?.frame.resolutionSec === 3600 ? t('hours') : t('quarterHours')}</dt>
                <dd data-testid="figure-readings">
                  {fig ? t('ofExpected', { received: fig.readings, expected: fig.expected }) : '…'}
                </dd>
              </div>
              <div>
                <dt>{t('quality')}</dt>
                <dd data-testid="figure-quality">
                  {fig
                    ? `${t('q1')} ${fig.quality.measured} · ${t('q2')} ${fig.quality.estimated} · ${t('q3')} ${fig.quality.unreliable}`
                    : '…'}
                </dd>
              </div>
              <div>
                <dt>{t('completeness')}</dt>
                <dd data-testid="figure-completeness">
                  {fmtQuantity(fig?.completeness ?? null, 'percent', prefs)}
                </dd>
              </div>
            </dl>
          )}
          {series && (
            <details
              className="data-table"
              open={tableOpen}
              onToggle={(e) => setTableOpen(e.currentTarget.open)}
            >
              <summary>
                {t('chartTable')} (
                {t(allRows || rowCount <= TABLE_FIRST_ROWS ? 'rowsAll' : 'rowsOf', {
                  shown: shownRows,
                  count: rowCount,
                })}
                )
              </summary>
              {tableOpen && (
                <table data-testid="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{isDay ? t('day') : t('interval')}</th>
                      <th scope="col">{isDay ? `${t('total')} (kWh)` : `${t('value')} (kWh)`}</th>
                      {isDay && (
                        <th scope="col">{`${t(series.intervalSec === 3600 ? 'peakHour' : 'peakQuarterHour')} (kW)`}</th>
                      )}
                      <th scope="col">{t('quality')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.slice(0, shownRows).map((i) => {
                      const ts = series.timesSec[i]!;
                      return (
                        <tr key={ts}>
                          <td>
                            {isDay
                              ? fmtDate(ts, prefs)
                              : `${fmtDateTime(ts, prefs)} – ${fmtTime(ts + series.intervalSec, prefs)}`}
                          </td>
                          <td className="num">
                            {fmtQuantity(series.values[i] ?? null, isDay ? 'kwhTotal' : 'kwh', prefs, false)}
                          </td>
                          {isDay && (
                            <td className="num">
                              {fmtQuantity(
                                series.maxValues?.[i] == null
                                  ? null
                                  : (series.maxValues[i]! * 3600) / series.intervalSec,
                                'kw',
                                prefs,
                                false,
                              )}
                            </td>
                          )}
                          <td>{series.quality[i] ? t(`q${series.quality[i]}`) : t('gap')}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
              {tableOpen && shownRows < rowCount && (
                <button onClick={() => setAllRows(true)} data-testid="table-show-all">
                  {t('showAllRows', { count: rowCount })}
                </button>
              )}
            </details>
          )}
        </>
      )}
      {exportOpen && range && (
        <ExportDialog
          initialMeterIds={[meter.id]}
          initialRegisters={register ? [register] : []}
          fromSec={range.fromSec}
          toSec={range.toSec}
          onClose={() => setExportOpen(false)}
        />
      )}
      {reportOpen && <ReportDialog meter={meter} onClose={() => setReportOpen(false)} />}
    </section>
  );
}
