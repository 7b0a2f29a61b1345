/**
 * A small uPlot line chart with a numeric x axis (hours, time of day, month index), for the analysis
 * views. The legend names the x axis and formats its values (no uPlot default "Value: --"); one series
 * needs no legend at all.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

const SERIES_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'];

export function XYChart(props: {
  xs: number[];
  series: { label: string; values: (number | null)[] }[];
  xName: string;
  xLabel: (v: number) => string;
  yLabel: string;
  yValue: (v: number) => string;
  testId: string;
  /** An x value marked by a dashed vertical line (e.g. the battery sweep's knee). */
  markX?: number | null;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { xs, series, xName, xLabel, yLabel, yValue, testId, markX } = props;
  useEffect(() => {
    if (!host.current) return;
    const css = getComputedStyle(host.current);
    const fg = css.getPropertyValue('--fg-muted').trim() || '#5b6576';
    const grid = css.getPropertyValue('--grid').trim() || 'rgba(0,0,0,0.07)';
    const plot = new uPlot(
      {
        width: host.current.clientWidth || 700,
        height: 240,
        scales: { x: { time: false } },
        axes: [
          { stroke: fg, grid: { stroke: grid }, values: (_u, splits) => splits.map(xLabel) },
          { stroke: fg, grid: { stroke: grid }, label: yLabel, size: 64, values: (_u, s) => s.map(yValue) },
        ],
        legend: { show: series.length > 1, live: true },
        hooks: {
          draw: [
            (u: uPlot) => {
              if (markX === null || markX === undefined) return;
              const x = u.valToPos(markX, 'x', true);
              const ctx = u.ctx;
              ctx.save();
              ctx.strokeStyle = '#D55E00';
              ctx.lineWidth = 2;
              ctx.setLineDash([5, 4]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.restore();
            },
          ],
        },
        series: [
          { label: xName, value: (_u, v) => (v === null || v === undefined ? '–' : xLabel(v)) },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: SERIES_COLOURS[i % SERIES_COLOURS.length],
            width: 1.5,
            dash: i % 2 ? [6, 3] : undefined,
            value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '–' : yValue(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      host.current,
    );
    return () => plot.destroy();
  }, [xs, series, xName, xLabel, yLabel, yValue, markX]);
  return (
    <div
      ref={host}
      className="chart-canvas small-chart"
      data-testid={testId}
      data-mark-x={markX ?? undefined}
    />
  );
}

export const slotLabel = (i: number) =>
  `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
