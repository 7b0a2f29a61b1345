// Bench page: draws the same series with the app's chart component, bare uPlot and Chart.js (with and
// without its decimation plugin).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import uPlot from 'uplot';
import {
  Chart as ChartJs,
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  Decimation,
} from 'chart.js';
import { Chart } from '../../renderer/src/components/Chart';
import { initI18n } from '../../renderer/src/i18n';
import type { SeriesView } from '../../preload/contract';

ChartJs.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Decimation);
initI18n('de');

function data(n: number) {
  const t0 = 1_700_000_000;
  const timesSec = Array.from({ length: n }, (_, i) => t0 + i * 900);
  const values = timesSec.map((_, i) =>
    i % 997 === 0 ? null : 0.2 + 0.15 * Math.sin(i / 20) + ((i * 7919) % 100) / 1000,
  );
  return { timesSec, values };
}
/**
 * Every contender's time ends when its pixels exist: reading one pixel back makes the browser execute
 * the recorded drawing commands (the rasterisation of 35 k–210 k line segments is real drawing cost).
 */
const pixels = (canvas: HTMLCanvasElement) => canvas.getContext('2d')!.getImageData(0, 0, 1, 1);
const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
function host(): HTMLDivElement {
  document.body.innerHTML = '';
  const d = document.createElement('div');
  d.style.width = '1200px';
  document.body.appendChild(d);
  return d;
}

async function timeApp(n: number): Promise<number> {
  const { timesSec, values } = data(n);
  const series: SeriesView = {
    meterId: 'm',
    obisCode: 'x',
    unit: 'kWh',
    resolution: 'quarter_hour',
    intervalSec: 900,
    timesSec,
    values,
    maxValues: null,
    quality: values.map((v) => (v === null ? null : 1)),
    revisedSec: values.map(() => null),
    marks: [], // every reading measured, as in the bare uPlot and Chart.js runs
    fromSec: timesSec[0]!,
    toSec: timesSec.at(-1)! + 900,
  };
  const el = host();
  // The app's React root exists long before a chart mounts: create it outside the timed part.
  const root = createRoot(el);
  const t0 = performance.now();
  flushSync(() =>
    root.render(
      createElement(Chart, {
        series,
        unit: 'kWh',
        prefs: { locale: 'de-AT', timeZone: 'Europe/Vienna' },
        theme: 'light',
        onZoom: () => undefined,
      }),
    ),
  );
  // uPlot draws asynchronously: wait for the chart's draw signal, then for the pixels.
  await new Promise<void>((resolve) => {
    const check = () => {
      if (el.querySelector('[data-drawn]')) resolve();
    };
    new MutationObserver(check).observe(el, { attributes: true, subtree: true, childList: true });
    check();
  });
  pixels(el.querySelector('canvas')!);
  const ms = performance.now() - t0;
  root.unmount();
  await frame();
  return ms;
}

async function timeUplot(n: number): Promise<number> {
  const { timesSec, values } = data(n);
  const el = host();
  const t0 = performance.now();
  const drawn = new Promise<void>((resolve) => {
    const u = new uPlot(
      {
        width: 1200,
        height: 320,
        series: [{}, { stroke: '#0072B2', fill: 'rgba(0,114,178,0.12)', points: { show: false } }],
        hooks: { draw: [() => resolve()] },
      },
      [timesSec, values],
      el,
    );
    cleanup = () => u.destroy();
  });
  await drawn;
  pixels(el.querySelector('canvas')!);
  const ms = performance.now() - t0;
  cleanup();
  await frame();
  return ms;
}
let cleanup = () => undefined as void;

/**
 * Chart.js as a person who knows it would use it for a long series: with its decimation plugin
 * (min-max, one sample per pixel column), the strongest fair peer; `decimate: false` is Chart.js as it
 * comes.
 */
async function timeChartJs(n: number, decimate: boolean): Promise<number> {
  const { timesSec, values } = data(n);
  const el = host();
  const canvas = document.createElement('canvas');
  canvas.width = 1200;
  canvas.height = 320;
  el.appendChild(canvas);
  const t0 = performance.now();
  const c = new ChartJs(canvas, {
    type: 'line',
    data: {
      datasets: [
        {
          data: timesSec.map((x, i) => ({ x, y: values[i] ?? null })) as never,
          // The same picture as the app's chart: a 1 px line over a light fill.
          borderColor: '#0072B2',
          borderWidth: 1,
          fill: 'origin',
          backgroundColor: 'rgba(0,114,178,0.12)',
          pointRadius: 0,
          spanGaps: false,
        },
      ],
    },
    options: {
      animation: false,
      responsive: false,
      parsing: false,
      normalized: true,
      scales: { x: { type: 'linear' } },
      plugins: { decimation: { enabled: decimate, algorithm: 'min-max' } },
    },
  });
  pixels(canvas);
  const ms = performance.now() - t0;
  c.destroy();
  await frame();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

(window as unknown as { runBench: (sizes: number[], repeat: number) => Promise<unknown> }).runBench = async (
  sizes,
  repeat,
) => {
  const out: Record<number, { app: number; uplot: number; chartjs: number; chartjsPlain: number }> = {};
  for (const n of sizes) {
    // Each contender warms up first, then the runs alternate (app, uPlot, Chart.js, app, …): none
    // profits from code the others made hot, and a slow moment of the machine hits all of them.
    for (let w = 0; w < 2; w++) {
      await timeApp(n);
      await timeUplot(n);
      await timeChartJs(n, true);
      await timeChartJs(n, false);
    }
    const app: number[] = [];
    const uplot: number[] = [];
    const chartjs: number[] = [];
    const chartjsPlain: number[] = [];
    for (let i = 0; i < repeat; i++) {
      app.push(await timeApp(n));
      uplot.push(await timeUplot(n));
      chartjs.push(await timeChartJs(n, true));
      chartjsPlain.push(await timeChartJs(n, false));
    }
    out[n] = {
      app: median(app),
      uplot: median(uplot),
      chartjs: median(chartjs),
      chartjsPlain: median(chartjsPlain),
    };
  }
  return out;
};
