/**
 * The chart's uPlot options and what it draws beside the series: quality marks (estimated dotted,
 * unreliable hatched), notes on spans, axis labels in the person's locale and zone.
 */
import type uPlot from 'uplot';
import type { NoteView, SeriesView } from '../../../preload/contract';
import { denseLinePaths } from './dense-fill';
import { dayBarPaths } from './day-bars';
import { dateFormat, fmtNumber, zonedDate, type FormatPrefs } from '../format';

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

/** One rectangle per run of estimated or unreliable intervals (main computed the runs). */
function drawMarks(
  u: uPlot,
  marks: SeriesView['marks'],
  times: number[],
  step: number,
  [p2, p3]: [CanvasPattern | string, CanvasPattern | string],
): void {
  if (marks.length === 0) return;
  const ctx = u.ctx;
  const top = u.bbox.top;
  const h = u.bbox.height;
  ctx.save();
  for (const [first, end, q] of marks) {
    const x0 = u.valToPos(times[first]!, 'x', true);
    const x1 = u.valToPos(times[end - 1]! + step, 'x', true);
    ctx.fillStyle = q === 2 ? p2 : p3;
    ctx.fillRect(x0, top, Math.max(1, x1 - x0), h);
  }
  ctx.restore();
}

/** Notes on spans: dashed edges, a band along the top, the text at its start (clipped). Returns how many. */
function drawNotes(u: uPlot, notes: NoteView[], times: number[], step: number): number {
  // Notes on spans: dashed edges, a band along the top, the text at its start (clipped).
  const spans = (notes ?? []).filter(
    (n) => n.fromSec !== null && n.toSec !== null && n.toSec > times[0]! && n.fromSec < times.at(-1)! + step,
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
  return spans.length;
}

export interface ChartOptionArgs {
  host: HTMLDivElement;
  width: number;
  theme: string;
  series: SeriesView;
  unit: 'kWh' | 'kW';
  prefs: FormatPrefs;
  isDay: boolean;
  dayLabel: string;
  notes: NoteView[] | undefined;
  overlayLabel: string | null;
  onZoom: (fromSec: number, toSec: number) => void;
  onCursor: (idx: number | null) => void;
}

/** The chart's options: axes in the person's locale and zone, the series, and its drawing hooks. */
export function chartOptions(a: ChartOptionArgs): uPlot.Options {
  const { series, unit, prefs, isDay, notes, onZoom, width } = a;
  const { fgMuted, grid } = themeColours(a.host, a.theme);
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
        label: isDay && unit === 'kWh' ? `kWh / ${a.dayLabel}` : unit,
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
      ...(a.overlayLabel !== null
        ? [
            {
              label: a.overlayLabel,
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
          // Patterns are made once per chart (and only when needed), not on every redraw.
          patterns ??= [hatch(u.ctx, 2), hatch(u.ctx, 3)];
          drawMarks(u, marks, times, step, patterns);
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
      setCursor: [(u) => a.onCursor(u.cursor.idx ?? null)],
      // A signal for tests and benchmarks that this series has been drawn, and which one.
      draw: [
        (u) => {
          const spans = drawNotes(u, notes ?? [], times, step);
          a.host.setAttribute(
            'data-series',
            `${series.meterId} ${series.obisCode} ${series.fromSec} ${series.toSec} ${series.resolution}`,
          );
          a.host.setAttribute('data-drawn', String(performance.now()));
          a.host.setAttribute('data-notes', String(spans));
        },
      ],
    },
  };
  return opts;
}
