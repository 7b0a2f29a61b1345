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
import { chartOptions } from './chart-options';
import { fmtDate, fmtDateTime, fmtQuantity, fmtTime, type FormatPrefs } from '../format';

/**
 * The chart's last known width. Reading `clientWidth` of a freshly mounted chart forces a synchronous
 * layout of the page before the chart can draw; the width rarely changes between charts, so the last
 * one is used and the ResizeObserver corrects it after the browser's own layout if it did change.
 */
let lastWidth = 0;

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

export { QUALITY_COLOURS } from './chart-options';

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
    const opts = chartOptions({
      host: host.current,
      width,
      theme,
      series,
      unit,
      prefs,
      isDay,
      dayLabel: cachedLabel(t, language, 'range_day'),
      notes,
      overlayLabel: overlayValues ? overlay!.label : null,
      onZoom,
      onCursor: setCursorIdx,
    });
    plot.current?.destroy();
    plot.current = new uPlot(
      opts,
      overlayValues
        ? [series.timesSec, values as (number | null)[], overlayValues]
        : [series.timesSec, values as (number | null)[]],
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
        <Readout
          series={series}
          i={cursorIdx}
          values={values}
          unit={unit}
          perHour={perHour}
          prefs={prefs}
          idle={label(resolutionKey)}
          label={label}
        />
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

/**
 * What the cursor points at: the interval, its value in the unit chosen and then the other unit once
 * (a quarter-hour's kWh and its mean kW; a day's total or its peak), its quality and revision. `idle`:
 * said while the cursor is off the chart.
 */
function Readout(props: {
  series: SeriesView;
  i: number | null;
  values: (number | null)[];
  unit: 'kWh' | 'kW';
  perHour: number;
  prefs: FormatPrefs;
  idle: string;
  label: (key: string) => string;
}) {
  const { series, i, values, unit, perHour, prefs, label } = props;
  const { t } = useTranslation();
  const isDay = series.resolution === 'day';
  const at = i !== null && i >= 0 && i < series.timesSec.length ? series.timesSec[i]! : null;
  if (at === null || i === null) return <span className="muted">{props.idle}</span>;
  const shown = (() => {
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
  return (
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
  );
}
