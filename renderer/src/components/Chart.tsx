/**
 * Interval chart (uPlot). Columnar data straight from main; gaps are nulls and drawn as gaps.
 * Estimated and unreliable intervals are shaded (orange dots / purple hatching: not colour alone).
 * Dragging a range zooms; main answers with quarter-hours or daily aggregates as fits.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTranslation } from 'react-i18next';
import type { NoteView, SeriesView } from '../../../preload/contract';
import { denseLinePaths } from './dense-fill';
import { dayBarPaths } from './day-bars';
import {
  dateFormat,
  fmtDate,
  fmtDateTime,
  fmtNumber,
  fmtQuantity,
  fmtTime,
  zonedDate,
  type FormatPrefs,
} from '../format';

/**
 * The chart's last known width. Reading `clientWidth` of a freshly mounted chart forces a synchronous
 * layout of the page before the chart can draw; the width rarely changes between charts, so the last
 * one is used and the ResizeObserver corrects it after the browser's own layout if it did change.
 */
let lastWidth = 0;

/**
 * Canvas cannot resolve CSS variables, so the theme's colours are read from the stylesheet — once per
 * theme and system colour scheme: `getComputedStyle` on a freshly mounted chart forces a style
 * recalculation before the chart can draw.
 */
const themeCache = new Map<string, { fgMuted: string; grid: string }>();
function themeColours(el: HTMLElement, theme: string): { fgMuted: string; grid: string } {
  const key = `${theme}|${window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false}`;
  let c = themeCache.get(key);
  if (!c) {
    const css = getComputedStyle(el);
    c = {
      fgMuted: css.getPropertyValue('--fg-muted').trim() || '#5b6576',
      grid: css.getPropertyValue('--grid').trim() || 'rgba(0,0,0,0.07)',
    };
    themeCache.set(key, c);
  }
  return c;
}

/**
 * The chart's fixed labels per language: i18next's `t` costs tens of microseconds a call, and the chart
 * is re-rendered whenever its data changes.
 */
const labelCache = new Map<string, string>();
function cachedLabel(t: (key: string) => string, language: string, key: string): string {
  const k = `${language}|${key}`;
  let v = labelCache.get(k);
  if (v === undefined) labelCache.set(k, (v = t(key)));
  return v;
}

export const QUALITY_COLOURS = { 2: 'rgba(230,159,0,0.28)', 3: 'rgba(204,121,167,0.32)' } as const;

function hatch(ctx: CanvasRenderingContext2D, kind: 2 | 3): CanvasPattern | string {
  const c = document.createElement('canvas');
  c.width = 8;
  c.height = 8;
  const g = c.getContext('2d');
  if (!g) return QUALITY_COLOURS[kind];
  g.fillStyle = QUALITY_COLOURS[kind];
  g.fillRect(0, 0, 8, 8);
  g.strokeStyle = kind === 3 ? 'rgba(150,60,110,0.8)' : 'rgba(170,110,0,0.7)';
  g.lineWidth = 1;
  if (kind === 3) {
    g.beginPath();
    g.moveTo(0, 8);
    g.lineTo(8, 0);
    g.stroke();
  } else {
    g.fillStyle = 'rgba(170,110,0,0.8)';
    g.fillRect(3, 3, 2, 2);
  }
  return ctx.createPattern(c, 'repeat') ?? QUALITY_COLOURS[kind];
}

export function Chart(props: {
  series: SeriesView;
  unit: 'kWh' | 'kW';
  prefs: FormatPrefs;
  theme: string;
  onZoom: (fromSec: number, toSec: number) => void;
  /** Notes on spans of this meter (issue 33): a band and a label each, where they meet the chart. */
  notes?: NoteView[];
  /** A second series at the chart's times (issue 33): kWh per interval, and per day its maximum. */
  overlay?: { label: string; values: (number | null)[]; maxValues: (number | null)[] } | null;
}) {
  const { series, unit, prefs, onZoom, theme } = props;
  const notes = props.notes;
  const overlay = props.overlay ?? null;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const label = (key: string) => cachedLabel(t, language, key);
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [cursorIdx, setCursorIdx] = useState<number | null>(null);
  const isDay = series.resolution === 'day';
  const resolutionKey =
    isDay && series.intervalSec === 3600 ? 'resolution_day_hourly' : `resolution_${series.resolution}`;
  // kW = kWh per interval × intervals per hour (4 for quarter-hours, 1 for an hourly series).
  const perHour = 3600 / (series.intervalSec ?? 900);
  const factor = unit === 'kW' ? perHour : 1;

  const values = useMemo(() => {
    if (isDay)
      return unit === 'kW'
        ? (series.maxValues ?? []).map((v) => (v === null ? null : v * perHour))
        : series.values;
    return factor === 1 ? series.values : series.values.map((v) => (v === null ? null : v * factor));
  }, [series, unit, isDay, factor, perHour]);
  const overlayValues = useMemo(() => {
    if (!overlay) return null;
    if (isDay)
      return unit === 'kW' ? overlay.maxValues.map((v) => (v === null ? null : v * perHour)) : overlay.values;
    return overlay.values.map((v) => (v === null ? null : v * factor));
  }, [overlay, unit, isDay, factor, perHour]);

  // A layout effect: the chart is built before the browser paints, in the same task as the render.
  useLayoutEffect(() => {
    if (!host.current) return;
    if (!lastWidth) lastWidth = host.current.clientWidth;
    const width = lastWidth || 800;
    const { fgMuted, grid } = themeColours(host.current, theme);
    // Cached formatters (format.ts): axis ticks format on every draw.
    const hm = dateFormat(prefs.locale, {
      timeZone: prefs.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const dm = dateFormat(prefs.locale, { timeZone: prefs.timeZone, day: '2-digit', month: '2-digit' });
    const my = dateFormat(prefs.locale, { timeZone: prefs.timeZone, month: 'short', year: '2-digit' });
    let patterns: [CanvasPattern | string, CanvasPattern | string] | null = null;
    const axisValues = (_u: uPlot, splits: number[]) => {
      const span = (splits.at(-1) ?? 0) - (splits[0] ?? 0);
      return splits.map((v) => {
        const d = new Date(v * 1000);
        if (span > 120 * 86_400) return my.format(d);
        const time = hm.format(d);
        // Ticks at local midnight show the date; others the time of day.
        return time === '00:00' ? dm.format(d) : span > 14 * 86_400 ? dm.format(d) : time;
      });
    };
    const marks = series.marks;
    const times = series.timesSec;
    const step = isDay ? 86_400 : (series.intervalSec ?? 900);
    const opts: uPlot.Options = {
      width,
      height: 320,
      tzDate: (ts) => zonedDate(ts * 1000, prefs.timeZone),
      scales: {
        x: { time: true },
        y: { auto: true, range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.05 : 1] },
      },
      axes: [
        { stroke: fgMuted, grid: { stroke: grid }, ticks: { stroke: grid }, values: axisValues },
        {
          stroke: fgMuted,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          label: isDay && unit === 'kWh' ? `kWh / ${cachedLabel(t, language, 'range_day')}` : unit,
          size: 64,
          values: (_u: uPlot, splits: number[]) => splits.map((v) => fmtNumber(v, prefs, 2)),
        },
      ],
      cursor: { drag: { x: true, y: false, setScale: false } },
      legend: { show: false },
      series: [
        {},
        isDay && unit === 'kWh'
          ? {
              label: unit,
              stroke: '#0072B2',
              fill: 'rgba(0,114,178,0.35)',
              // No outline: uPlot shifts a series with an odd line width by half a pixel, which would put
              // every bar edge between pixels again (day-bars.ts).
              width: 0,
              paths: dayBarPaths(0.8),
              points: { show: false },
            }
          : {
              label: unit,
              stroke: '#0072B2',
              // 1 px: a thicker line needs outline geometry and rasterised ~3 × slower at these densities.
              width: 1,
              fill: 'rgba(0,114,178,0.12)',
              // Dense data: the area as one line per pixel column (dense-fill.ts), same picture.
              paths: denseLinePaths('#0072B2', 'rgba(0,114,178,0.12)'),
              spanGaps: false,
              points: { show: false },
            },
        ...(overlayValues
          ? [
              {
                label: overlay!.label,
                stroke: '#D55E00',
                width: 1.5,
                dash: [6, 3],
                spanGaps: false,
                points: { show: false },
              },
            ]
          : []),
      ],
      hooks: {
        drawClear: [
          (u) => {
            if (marks.length === 0) return;
            const ctx = u.ctx;
            const top = u.bbox.top;
            const h = u.bbox.height;
            // Patterns are made once per chart (and only when needed), not on every redraw.
            patterns ??= [hatch(ctx, 2), hatch(ctx, 3)];
            const [p2, p3] = patterns;
            ctx.save();
            // One rectangle per run of estimated or unreliable intervals (main computed the runs).
            for (const [first, end, q] of marks) {
              const x0 = u.valToPos(times[first]!, 'x', true);
              const x1 = u.valToPos(times[end - 1]! + step, 'x', true);
              ctx.fillStyle = q === 2 ? p2 : p3;
              ctx.fillRect(x0, top, Math.max(1, x1 - x0), h);
            }
            ctx.restore();
          },
        ],
        setSelect: [
          (u) => {
            if (u.select.width > 5) {
              const from = u.posToVal(u.select.left, 'x');
              const to = u.posToVal(u.select.left + u.select.width, 'x');
              u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
              onZoom(from, to);
            }
          },
        ],
        setCursor: [(u) => setCursorIdx(u.cursor.idx ?? null)],
        // A signal for tests and benchmarks that this series has been drawn, and which one.
        draw: [
          (u) => {
            // Notes on spans: dashed edges, a band along the top, the text at its start (clipped).
            const spans = (notes ?? []).filter(
              (n) =>
                n.fromSec !== null &&
                n.toSec !== null &&
                n.toSec > times[0]! &&
                n.fromSec < times.at(-1)! + step,
            );
            if (spans.length > 0) {
              const ctx = u.ctx;
              const { left, top, width, height } = u.bbox;
              ctx.save();
              ctx.font = `${Math.round(11 * devicePixelRatio)}px system-ui, sans-serif`;
              ctx.textAlign = 'left';
              ctx.textBaseline = 'alphabetic';
              spans.forEach((n, k) => {
                const x0 = Math.max(left, u.valToPos(n.fromSec!, 'x', true));
                const x1 = Math.min(left + width, u.valToPos(n.toSec!, 'x', true));
                const band = 14 * devicePixelRatio;
                const y = top + (k % 3) * band;
                ctx.fillStyle = 'rgba(204,121,167,0.22)';
                ctx.fillRect(x0, y, Math.max(2, x1 - x0), band);
                ctx.strokeStyle = '#CC79A7';
                ctx.setLineDash([4, 3]);
                ctx.beginPath();
                ctx.moveTo(x0, top);
                ctx.lineTo(x0, top + height);
                ctx.moveTo(x1, top);
                ctx.lineTo(x1, top + height);
                ctx.stroke();
                ctx.fillStyle = '#7a2f5d';
                ctx.fillText(
                  n.text.slice(0, 60),
                  x0 + 3 * devicePixelRatio,
                  y + 11 * devicePixelRatio,
                  Math.max(40, x1 - x0),
                );
              });
              ctx.restore();
            }
            host.current?.setAttribute(
              'data-series',
              `${series.meterId} ${series.obisCode} ${series.fromSec} ${series.toSec} ${series.resolution}`,
            );
            host.current?.setAttribute('data-drawn', String(performance.now()));
            host.current?.setAttribute('data-notes', String(spans.length));
          },
        ],
      },
    };
    plot.current?.destroy();
    plot.current = new uPlot(
      opts,
      overlayValues
        ? [times, values as (number | null)[], overlayValues]
        : [times, values as (number | null)[]],
      host.current,
    );
    const ro = new ResizeObserver(() => {
      if (!host.current || !plot.current) return;
      const w = host.current.clientWidth;
      if (w > 0) lastWidth = w;
      if (w > 0 && w !== plot.current.width) plot.current.setSize({ width: w, height: 320 });
    });
    ro.observe(host.current);
    return () => {
      ro.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [series, values, prefs, isDay, unit, onZoom, theme, t, language, notes, overlay, overlayValues]);

  const i = cursorIdx;
  const at = i !== null && i >= 0 && i < series.timesSec.length ? series.timesSec[i]! : null;
  // The value in the unit chosen, then the other unit once (a quarter-hour's kWh and its mean kW).
  const shown = (() => {
    if (at === null || i === null) return '';
    const kwh = series.values[i] ?? null;
    if (isDay)
      return unit === 'kWh'
        ? fmtQuantity(kwh, 'kwhTotal', prefs)
        : `${fmtQuantity(values[i] ?? null, 'kw', prefs)} (${label(perHour === 1 ? 'peakHour' : 'peakQuarterHour')})`;
    if (kwh === null) return label('gap');
    const a = fmtQuantity(kwh, 'kwh', prefs);
    const b = fmtQuantity(kwh * perHour, 'kw', prefs);
    return unit === 'kWh' ? `${a} · ${b}` : `${b} · ${a}`;
  })();
  const readout =
    at !== null && i !== null ? (
      <span>
        {isDay
          ? fmtDate(at, prefs)
          : `${fmtDateTime(at, prefs)} – ${fmtTime(at + (series.intervalSec ?? 900), prefs)}`}{' '}
        · {shown}
        {series.quality[i] ? ` · ${t(`q${series.quality[i]}`)}` : ''}
        {series.revisedSec[i]
          ? ` · ${t('revisedOn', { date: fmtDateTime(series.revisedSec[i]!, prefs) })}`
          : ''}
      </span>
    ) : (
      <span className="muted">{label(resolutionKey)}</span>
    );

  return (
    <figure className="chart" aria-label={`${series.obisCode}, ${label(resolutionKey)}`}>
      <div
        ref={host}
        className="chart-canvas"
        data-testid="chart"
        data-points={series.timesSec.length}
        data-resolution={series.resolution}
        data-overlay={overlay ? overlay.values.filter((v) => v !== null).length : 0}
      />
      <figcaption className="chart-readout" aria-live="polite" data-testid="chart-readout">
        {readout}
      </figcaption>
      <div className="legend">
        <span className="swatch swatch-measured" aria-hidden /> {label('q1')}{' '}
        <span className="swatch swatch-estimated" aria-hidden /> {label('q2')}{' '}
        <span className="swatch swatch-unreliable" aria-hidden /> {label('q3')}
        {overlay && (
          <span data-testid="chart-overlay-legend">
            {' '}
            <span className="overlay-swatch" aria-hidden>
              – –
            </span>{' '}
            {overlay.label}
          </span>
        )}
      </div>
    </figure>
  );
}
