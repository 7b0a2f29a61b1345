/**
 * Analysis views for one meter and register over the chosen range. All figures come from main
 * (computed from the local store); this component only draws them. Each view exports its figures as
 * CSV (Excel de-AT or ISO) and its chart as PNG.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { useTranslation } from 'react-i18next';
import type {
  BaseLoadResult,
  CarpetResult,
  CompareResult,
  DurationResult,
  HealthResult,
  PeaksResult,
  ProfilesResult,
  PvResult,
} from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtNumber, fmtPercent, type FormatPrefs } from '../format';

export const analysisViews = [
  'peaks',
  'baseLoad',
  'duration',
  'carpet',
  'profiles',
  'compare',
  'pv',
  'health',
] as const;
export type AnalysisView = (typeof analysisViews)[number];

interface Props {
  meterId: string;
  obisCode: string;
  siteId: string | null;
  fromSec: number;
  toSec: number;
  prefs: FormatPrefs;
  onJump: (startSec: number) => void;
}

const slotLabel = (i: number) =>
  `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
const SERIES_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];

/** A small uPlot line chart with a numeric x axis (hours, time of day). */
function XYChart(props: {
  xs: number[];
  series: { label: string; values: (number | null)[] }[];
  xLabel: (v: number) => string;
  yLabel: string;
  testId: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { xs, series, xLabel, yLabel, testId } = props;
  useEffect(() => {
    if (!host.current) return;
    const css = getComputedStyle(host.current);
    const fg = css.getPropertyValue('--fg-muted').trim() || '#5b6576';
    const grid = css.getPropertyValue('--grid').trim() || 'rgba(0,0,0,0.07)';
    const plot = new uPlot(
      {
        width: host.current.clientWidth || 700,
        height: 260,
        scales: { x: { time: false } },
        axes: [
          { stroke: fg, grid: { stroke: grid }, values: (_u, splits) => splits.map(xLabel) },
          { stroke: fg, grid: { stroke: grid }, label: yLabel, size: 60 },
        ],
        legend: { show: series.length > 1 },
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: SERIES_COLOURS[i % SERIES_COLOURS.length],
            width: 1.5,
            dash: i % 2 ? [6, 3] : undefined,
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      host.current,
    );
    return () => plot.destroy();
  }, [xs, series, xLabel, yLabel]);
  return <div ref={host} className="chart-canvas small-chart" data-testid={testId} />;
}

/** Carpet plot: one row per local day (92/96/100 slots drawn in their real count), single-hue scale. */
function Carpet({ data, testId }: { data: CarpetResult; testId: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    const rowH = Math.max(2, Math.min(8, Math.floor(600 / Math.max(1, data.days.length))));
    c.width = 100 * 6;
    c.height = data.days.length * rowH;
    const g = c.getContext('2d');
    if (!g) return;
    g.clearRect(0, 0, c.width, c.height);
    data.days.forEach((d, row) => {
      const w = c.width / d.slots;
      d.values.forEach((v, i) => {
        if (v === null) {
          g.fillStyle = '#d0d0d0';
        } else {
          const t = data.maxKwh > 0 ? Math.min(1, v / data.maxKwh) : 0;
          // Single hue (blue), light → dark: colour-blind safe.
          const l = Math.round(95 - t * 70);
          g.fillStyle = `hsl(205, 90%, ${l}%)`;
        }
        g.fillRect(i * w, row * rowH, Math.ceil(w), rowH);
        const q = d.quality[i];
        if (q === 2 || q === 3) {
          g.fillStyle = q === 2 ? '#E69F00' : '#CC79A7';
          g.fillRect(i * w, row * rowH + rowH / 2 - 0.5, Math.max(1, w / 2), 1.5);
        }
      });
    });
  }, [data]);
  return (
    <canvas
      ref={ref}
      className="carpet"
      data-testid={testId}
      data-days={data.days.length}
      data-slots={data.days.map((d) => d.slots).join(',')}
      role="img"
      aria-label={`Carpet plot, ${data.days.length} days`}
    />
  );
}

function Calendar({ data, testId }: { data: HealthResult; testId: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    const weeks = Math.ceil(data.days.length / 7) + 1;
    c.width = weeks * 14;
    c.height = 7 * 14;
    const g = c.getContext('2d');
    if (!g) return;
    data.days.forEach((d, i) => {
      const col = Math.floor(i / 7);
      const row = i % 7;
      const share = d.expected ? d.received / d.expected : 0;
      g.fillStyle =
        share >= 1
          ? d.estimated + d.unreliable > 0
            ? '#E69F00'
            : '#009E73'
          : share > 0
            ? '#F0E442'
            : '#bbbbbb';
      g.fillRect(col * 14, row * 14, 12, 12);
      if (d.unreliable > 0) {
        g.strokeStyle = '#CC79A7';
        g.strokeRect(col * 14 + 1, row * 14 + 1, 10, 10);
      }
    });
  }, [data]);
  return <canvas ref={ref} data-testid={testId} role="img" aria-label="Data health calendar" />;
}

export function AnalysisPanel(props: Props) {
  const { meterId, obisCode, siteId, fromSec, toSec, prefs, onJump } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<AnalysisView>('peaks');
  const [threshold, setThreshold] = useState(5);
  const [shift, setShift] = useState<'week' | 'month' | 'year'>('year');
  // The result remembers which view it belongs to, so a view never renders another view's data.
  const [result, setResult] = useState<{ view: AnalysisView; data: unknown } | null>(null);
  const data = result?.view === view ? result.data : null;
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const figureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    const scope = { meterId, obisCode, fromSec, toSec };
    const m = api();
    const p: Promise<unknown> =
      view === 'peaks'
        ? unwrap(m.analysis.peaks({ ...scope, topN: 10 }))
        : view === 'baseLoad'
          ? unwrap(m.analysis.baseLoad(scope))
          : view === 'duration'
            ? unwrap(m.analysis.duration({ ...scope, thresholdKw: threshold }))
            : view === 'carpet'
              ? unwrap(m.analysis.carpet({ ...scope, fromSec: Math.max(fromSec, toSec - 366 * 86_400) }))
              : view === 'profiles'
                ? unwrap(m.analysis.profiles(scope))
                : view === 'compare'
                  ? unwrap(m.analysis.compare({ ...scope, shift }))
                  : view === 'health'
                    ? unwrap(m.analysis.health(scope))
                    : siteId
                      ? unwrap(m.analysis.pv({ siteId, fromSec, toSec }))
                      : Promise.resolve(null);
    p.then((d) => live && setResult({ view, data: d })).catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [view, meterId, obisCode, siteId, fromSec, toSec, threshold, shift]);

  const exportCsv = async (profile: 'excel-at' | 'iso') => {
    try {
      const params: Record<string, string | number | null> =
        view === 'pv'
          ? { siteId, fromSec, toSec }
          : { meterId, obisCode, fromSec, toSec, thresholdKw: threshold, shift };
      const r = await unwrap(
        api().analysis.exportCsv({ kind: view === 'carpet' ? 'health' : view, params, profile }),
      );
      setMessage(t('exported', { rows: r.rows, path: r.path }));
    } catch (e) {
      setMessage(`${t('error')}: ${(e as Error).message}`);
    }
  };
  const exportPng = async () => {
    const canvas = figureRef.current?.querySelector('canvas');
    if (!canvas) return;
    try {
      const r = await unwrap(
        api().export.png({ suggestedName: `meterdesk-${view}.png`, dataUrl: canvas.toDataURL('image/png') }),
      );
      setMessage(t('exported', { rows: 1, path: r.path }));
    } catch (e) {
      setMessage(`${t('error')}: ${(e as Error).message}`);
    }
  };

  const kw = (v: number | null | undefined) =>
    v === null || v === undefined ? '–' : `${fmtNumber(v, prefs, 2)} kW`;
  let body: React.ReactNode = <p className="muted">{t('loading')}</p>;
  if (error)
    body = (
      <p className="error" role="alert">
        {error}
      </p>
    );
  else if (result?.view === view && data === null && view === 'pv')
    body = <p className="muted">{t('pvNoSite')}</p>;
  else if (data !== null) {
    switch (view) {
      case 'peaks': {
        const d = data as PeaksResult;
        body = (
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
            {d.peakQualityNote && <p className="warn small">{t('peakQualityNote')}</p>}
            <div ref={figureRef}>
              <XYChart
                testId="peaks-chart"
                xs={d.monthly.map((_, i) => i)}
                series={[{ label: 'kW', values: d.monthly.map((m) => m.powerKw) }]}
                xLabel={(v) => (Number.isInteger(v) ? (d.monthly[v]?.month ?? '') : '')}
                yLabel="kW"
              />
            </div>
            <table className="grid-table" data-testid="peaks-table">
              <thead>
                <tr>
                  <th scope="col">{t('month')}</th>
                  <th scope="col">{t('peak')}</th>
                  <th scope="col">{t('time')}</th>
                  <th scope="col">{t('quality')}</th>
                </tr>
              </thead>
              <tbody>
                {d.monthly.map((m) => (
                  <tr key={m.month}>
                    <td>{m.month}</td>
                    <td>{kw(m.powerKw)}</td>
                    <td>
                      <button className="link" onClick={() => onJump(m.startSec)} title={t('jumpToPeak')}>
                        {fmtDateTime(m.startSec, prefs)}
                      </button>
                    </td>
                    <td>{t(`q${m.quality}`)}</td>
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
        break;
      }
      case 'baseLoad': {
        const d = data as BaseLoadResult;
        body = (
          <>
            <p>
              {t('baseLoadTrend')}:{' '}
              <strong data-testid="base-trend">
                {d.trendKwPerYear === null ? '–' : `${fmtNumber(d.trendKwPerYear, prefs, 3)} kW/a`}
              </strong>
            </p>
            <div ref={figureRef}>
              <XYChart
                testId="base-chart"
                xs={d.days.map((_, i) => i)}
                series={[
                  { label: t('baseLoadP5'), values: d.days.map((x) => x.p5Kw) },
                  { label: t('nightMin'), values: d.days.map((x) => x.nightMinKw) },
                ]}
                xLabel={(v) => (Number.isInteger(v) ? (d.days[v]?.day.slice(5) ?? '') : '')}
                yLabel="kW"
              />
            </div>
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
                    <td>{m.month}</td>
                    <td>{kw(m.meanP5Kw)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        );
        break;
      }
      case 'duration': {
        const d = data as DurationResult;
        body = (
          <>
            <label className="inline">
              {t('threshold')} (kW)
              <input
                type="number"
                min={0}
                step={0.5}
                value={threshold}
                onChange={(e) => setThreshold(Math.max(0, Number(e.target.value) || 0))}
                style={{ width: 90 }}
              />
            </label>
            <p data-testid="hours-above">
              {t('hoursAbove', {
                hours: fmtNumber(d.hoursAbove, prefs, 2),
                share: fmtPercent(d.shareAbove, prefs),
                total: fmtNumber(d.totalHours, prefs, 0),
              })}
            </p>
            <div ref={figureRef}>
              <XYChart
                testId="duration-chart"
                xs={d.points.map((p) => p.hours)}
                series={[{ label: 'kW', values: d.points.map((p) => p.powerKw) }]}
                xLabel={(v) => `${Math.round(v)} h`}
                yLabel="kW"
              />
            </div>
          </>
        );
        break;
      }
      case 'carpet': {
        const d = data as CarpetResult;
        body = (
          <div ref={figureRef} className="carpet-wrap">
            <Carpet data={d} testId="carpet" />
            <p className="small muted">
              {t('carpetLegend', { max: fmtNumber(d.maxKwh * 4, prefs, 2) })} {d.days[0]?.day} –{' '}
              {d.days.at(-1)?.day}
            </p>
          </div>
        );
        break;
      }
      case 'profiles': {
        const d = data as ProfilesResult;
        const xs = Array.from({ length: 96 }, (_, i) => i);
        const series = [
          { label: t('weekday'), values: d.weekday ?? [] },
          { label: t('weekend'), values: d.weekend ?? [] },
          ...(['winter', 'spring', 'summer', 'autumn'] as const)
            .filter((s) => d.seasons[s])
            .map((s) => ({ label: t(`season_${s}`), values: d.seasons[s]! })),
        ];
        body = (
          <div ref={figureRef}>
            <XYChart
              testId="profiles-chart"
              xs={xs}
              series={series}
              xLabel={(v) => slotLabel(Math.round(v))}
              yLabel="kW"
            />
            <p className="small muted">
              {t('qualityOfValues', {
                m: d.quality.measured,
                e: d.quality.estimated,
                u: d.quality.unreliable,
              })}
            </p>
          </div>
        );
        break;
      }
      case 'compare': {
        const d = data as CompareResult;
        body = (
          <>
            <label className="inline">
              {t('compareWith')}
              <select value={shift} onChange={(e) => setShift(e.target.value as typeof shift)}>
                <option value="year">{t('prevYear')}</option>
                <option value="month">{t('prevMonth')}</option>
                <option value="week">{t('prevWeek')}</option>
              </select>
            </label>
            <table className="grid-table" data-testid="compare-table">
              <thead>
                <tr>
                  <th scope="col" />
                  <th scope="col">{t('total')}</th>
                  <th scope="col">{t('peak')}</th>
                  <th scope="col">{t('readings')}</th>
                </tr>
              </thead>
              <tbody>
                {[d.current, d.previous].map((p, i) => (
                  <tr key={i}>
                    <td>
                      {fmtDateTime(p.fromSec, prefs)} – {fmtDateTime(p.toSec, prefs)}
                    </td>
                    <td>{fmtNumber(p.totalKwh, prefs, 1)} kWh</td>
                    <td>{kw(p.peakKw)}</td>
                    <td>{p.readings}</td>
                  </tr>
                ))}
                <tr>
                  <td>{t('difference')}</td>
                  <td>
                    {fmtNumber(d.differenceKwh, prefs, 1)} kWh ({fmtPercent(d.differenceShare, prefs)})
                  </td>
                  <td />
                  <td />
                </tr>
              </tbody>
            </table>
            <div ref={figureRef}>
              <XYChart
                testId="compare-chart"
                xs={Array.from({ length: 96 }, (_, i) => i)}
                series={[
                  { label: t('currentPeriod'), values: d.currentProfile },
                  { label: t('previousPeriod'), values: d.previousProfile },
                ]}
                xLabel={(v) => slotLabel(Math.round(v))}
                yLabel="kW"
              />
            </div>
          </>
        );
        break;
      }
      case 'pv': {
        const d = data as PvResult;
        body = (
          <>
            <dl className="figures" data-testid="pv-figures">
              <div>
                <dt>{t('gridImport')}</dt>
                <dd>{d.importKwh === null ? '–' : `${fmtNumber(d.importKwh, prefs, 1)} kWh`}</dd>
              </div>
              <div>
                <dt>{t('gridExport')}</dt>
                <dd>{d.exportKwh === null ? '–' : `${fmtNumber(d.exportKwh, prefs, 1)} kWh`}</dd>
              </div>
              <div>
                <dt>{t('net')}</dt>
                <dd>{d.netKwh === null ? '–' : `${fmtNumber(d.netKwh, prefs, 1)} kWh`}</dd>
              </div>
              <div>
                <dt>{t('exportHours')}</dt>
                <dd>{fmtNumber(d.exportHours, prefs, 1)} h</dd>
              </div>
            </dl>
            <p className="small">{t('pvNotDerivable')}</p>
          </>
        );
        break;
      }
      case 'health': {
        const d = data as HealthResult;
        body = (
          <>
            <div ref={figureRef}>
              <Calendar data={d} testId="health-calendar" />
            </div>
            <p className="small muted">{t('healthLegend')}</p>
            <p>
              {t('gapDays')}:{' '}
              {d.gapDays.length
                ? d.gapDays.slice(0, 20).join(', ') + (d.gapDays.length > 20 ? ' …' : '')
                : t('none')}
            </p>
            <p data-testid="implausible">
              {t('implausible', { limit: fmtNumber(d.implausibleLimitKwh, prefs, 2) })}:{' '}
              {d.implausible.length}
              {d.corrected.length > 0 && ` · ${t('corrected', { count: d.corrected.length })}`}
            </p>
            <ul className="small">
              {d.corrected.map((c) => (
                <li key={c.startSec}>
                  {fmtDateTime(c.startSec, prefs)}: {fmtNumber(c.oldValueKwh, prefs)} →{' '}
                  {fmtNumber(c.newValueKwh, prefs)} kWh
                </li>
              ))}
            </ul>
            <p data-testid="changed-since-export">
              {d.lastExportSec === null
                ? t('neverExported')
                : t('changedSinceExport', {
                    count: d.changedSinceExport ?? 0,
                    date: fmtDateTime(d.lastExportSec, prefs),
                  })}
            </p>
          </>
        );
        break;
      }
    }
  }

  return (
    <section className="analysis" data-testid="analysis-panel" data-view={view}>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label={t('analysis')}>
          {analysisViews.map((v) => (
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
        <button onClick={() => void exportCsv('excel-at')}>CSV Excel</button>
        <button onClick={() => void exportCsv('iso')}>CSV ISO</button>
        <button onClick={() => void exportPng()}>PNG</button>
      </div>
      {message && (
        <p className="notice small" role="status">
          {message}
        </p>
      )}
      {body}
    </section>
  );
}
