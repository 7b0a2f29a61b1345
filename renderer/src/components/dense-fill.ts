/**
 * The line-with-area picture for dense series, drawn cheaply.
 *
 * A year of quarter-hours is ~35 000 points, ~29 per pixel column of a 1 200 px chart. uPlot decimates
 * the line to each column's in/min/max/out, and fills the area under it by filling that closed
 * zig-zag path — an anti-aliased fill of thousands of vertical edges, which costs Chromium ~10 ms to
 * rasterise. Here the area is instead one vertical line per pixel column, from 0 to the column's
 * extreme value, stroked in the fill colour before the line itself: thin axis-aligned lines rasterise
 * several times faster. The picture is the same: the opaque 1 px line covers each column's min–max,
 * and below it both fill the column down to 0 (benchmarks: docs/performance.md).
 *
 * Sparse data (fewer than four points per column, e.g. a zoomed-in day) keep uPlot's own filled path,
 * whose sloped edges between points a per-column fill could not draw.
 */
import uPlot from 'uplot';

/** Columns of at least this many points use the per-column fill (uPlot's own decimation threshold). */
const DENSE_POINTS_PER_PX = 4;

export function denseLinePaths(lineColour: string, fillColour: string): uPlot.Series.PathBuilder {
  const linear = uPlot.paths.linear!();
  return (u, seriesIdx, idx0, idx1) => {
    const paths = linear(u, seriesIdx, idx0, idx1);
    const r = uPlot.pxRatio;
    const xDim = u.bbox.width; // device pixels
    const scale = u.scales.x;
    if (
      !paths ||
      idx1 - idx0 < xDim * DENSE_POINTS_PER_PX ||
      scale.min == null ||
      scale.max == null ||
      fillColour === lineColour // one Map key: the line would replace the area
    )
      return paths;
    const yKey = u.series[seriesIdx]?.scale ?? 'y';
    const xs = u.data[0];
    const ys = u.data[seriesIdx]!;
    // One column per device pixel, the points of each found as uPlot's decimation finds them (floor).
    // The area's lines are as wide as the series' line (r device pixels) and placed so that, after the
    // half-pixel translation uPlot applies to odd widths, column d's line is centred on pixel d. At a
    // pixel ratio above 1 neighbouring lines overlap, but one stroke() paints the union of its
    // subpaths once, so the overlap never doubles the fill's alpha.
    const width = Math.round(r * 1000) / 1000;
    const k = xDim / (scale.max - scale.min);
    const x0 = u.bbox.left + 0.5 - (width % 2) / 2;
    const zeroY = Math.round(u.valToPos(0, yKey, true));
    const area = new Path2D();
    let col = NaN;
    let hi = 0;
    let lo = 0;
    const flush = () => {
      if (!(col >= 0 && col <= xDim)) return;
      const x = x0 + col;
      area.moveTo(x, hi > 0 ? Math.round(u.valToPos(hi, yKey, true)) : zeroY);
      area.lineTo(x, lo < 0 ? Math.round(u.valToPos(lo, yKey, true)) : zeroY);
    };
    const min = scale.min;
    for (let i = idx0; i <= idx1; i++) {
      const v = ys[i];
      if (v == null) continue;
      const c = Math.floor((xs[i]! - min) * k);
      if (c !== col) {
        flush();
        col = c;
        hi = 0;
        lo = 0;
      }
      if (v > hi) hi = v;
      if (v < lo) lo = v;
    }
    flush();
    // Strokes in insertion order: the area in the fill colour first, then the line over it.
    return {
      ...paths,
      stroke: new Map<string, Path2D>([
        [fillColour, area],
        [lineColour, paths.stroke as Path2D],
      ]),
      fill: null,
    };
  };
}
