/**
 * The p-quantile (0–1) of ascending values, interpolated linearly between the two nearest ranks (the
 * definition of spreadsheets' PERCENTILE.INC); 0 for no values. One definition for every figure that
 * is a percentile: the day's base load (P5) kept with the day's rollup, the base-load view, the
 * duration curve's threshold.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const idx = (sorted.length - 1) * p;
  const lo = Math.floor(idx);
  const hi = Math.ceil(idx);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (idx - lo);
}
