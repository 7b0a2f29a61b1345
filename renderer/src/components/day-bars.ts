/**
 * Daily bars drawn as whole-pixel rectangles. uPlot's bar builder places each bar's edges at fractional
 * device pixels, and Chromium's software rasteriser (no GPU, as on many office laptops and in our CI)
 * anti-aliases every edge: a year of 365 bars took ≈ 75 ms to draw, the whole "zoom to all" wait. Bars
 * snapped to pixels are the same picture to the eye and draw in ≈ 5 ms (docs/performance.md).
 */
import type uPlot from 'uplot';

/** Bars `share` of a day wide (0–1), centred on each point, filled only. */
export function dayBarPaths(share = 0.8): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx]!;
    const yKey = u.series[seriesIdx]?.scale ?? 'y';
    const zero = Math.round(u.valToPos(0, yKey, true));
    // The bar width: the distance between neighbouring points, at least one device pixel.
    const pitch =
      xs.length > 1 ? Math.abs(u.valToPos(xs[1]!, 'x', true) - u.valToPos(xs[0]!, 'x', true)) : 10;
    const w = Math.max(1, Math.min(Math.round(pitch * share), Math.round(40 * devicePixelRatio)));
    const fill = new Path2D();
    for (let i = idx0; i <= idx1; i++) {
      const v = ys[i];
      if (v == null) continue;
      const x = Math.round(u.valToPos(xs[i]!, 'x', true) - w / 2);
      const y = Math.round(u.valToPos(v, yKey, true));
      fill.rect(x, Math.min(y, zero), w, Math.abs(zero - y));
    }
    return { stroke: null, fill, clip: null };
  };
}
