// Test page: the same dense series drawn twice by uPlot with identical options — once with uPlot's own
// filled line path, once with the app's per-column area (dense-fill.ts) — so the pictures can be compared.
import uPlot from 'uplot';
import { denseLinePaths } from '../../../renderer/src/components/dense-fill';

const LINE = '#0072B2';
const FILL = 'rgba(0,114,178,0.12)';

function draw(
  el: HTMLElement,
  data: [number[], (number | null)[]],
  paths: uPlot.Series.PathBuilder | undefined,
): Promise<HTMLCanvasElement> {
  return new Promise((resolve) => {
    const u: uPlot = new uPlot(
      {
        width: 1200,
        height: 320,
        axes: [{ show: false }, { show: false }],
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min), max * 1.05] } },
        series: [{}, { stroke: LINE, width: 1, fill: FILL, spanGaps: false, points: { show: false }, paths }],
        hooks: { draw: [() => resolve(u.ctx.canvas)] },
      },
      data,
      el,
    );
  });
}

/**
 * Draws `n` points both ways and compares the pictures pixel by pixel: how many pixels each one
 * painted (not white), and how many differ between them by more than 8, 24 and 64 in some channel.
 */
(window as unknown as { compare: (n: number, negative: boolean) => Promise<unknown> }).compare = async (
  n,
  negative,
) => {
  const xs = Array.from({ length: n }, (_, i) => i * 900);
  const ys = xs.map((_, i) =>
    i % 997 < 40
      ? null // gaps
      : (negative ? -0.15 : 0.2) + 0.15 * Math.sin(i / 20) + ((i * 7919) % 100) / 1000,
  );
  const images: ImageData[] = [];
  for (const kind of ['own', 'dense'] as const) {
    document.body.innerHTML = '';
    const el = document.createElement('div');
    document.body.appendChild(el);
    const canvas = await draw(el, [xs, ys], kind === 'dense' ? denseLinePaths(LINE, FILL) : undefined);
    images.push(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height));
  }
  // The canvas is transparent: compare what the user sees, each pixel composited over white.
  const [a, b] = images.map((img) => {
    const d = img.data;
    const rgb = new Uint8ClampedArray((d.length / 4) * 3);
    for (let i = 0, j = 0; i < d.length; i += 4, j += 3) {
      const alpha = d[i + 3]! / 255;
      for (let c = 0; c < 3; c++) rgb[j + c] = d[i + c]! * alpha + 255 * (1 - alpha);
    }
    return rgb;
  }) as [Uint8ClampedArray, Uint8ClampedArray];
  const painted = (d: Uint8ClampedArray, i: number) => d[i]! < 250 || d[i + 1]! < 250 || d[i + 2]! < 250;
  const r = { pixels: a.length / 3, paintedOwn: 0, paintedDense: 0, over8: 0, over24: 0, over64: 0 };
  for (let i = 0; i < a.length; i += 3) {
    if (painted(a, i)) r.paintedOwn++;
    if (painted(b, i)) r.paintedDense++;
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(a[i + c]! - b[i + c]!));
    if (d > 8) r.over8++;
    if (d > 24) r.over24++;
    if (d > 64) r.over64++;
  }
  return r;
};
