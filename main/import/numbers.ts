/**
 * Numbers as the portals write them: decimal comma or point, no thousands separators, optional
 * exponent (floating-point noise such as `0,120999999999185` is kept as written). Anything else is not
 * a number: the caller names the line and column.
 */
const COMMA = /^[+-]?\d+(?:,\d+)?(?:[eE][+-]?\d+)?$/;
const POINT = /^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The number in a cell, or NaN; `null` for an empty cell. Spreadsheet numbers pass through. */
export function parseNumber(cell: unknown, decimal: ',' | '.'): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : NaN;
  if (typeof cell !== 'string') return NaN;
  const t = cell.trim();
  if (t === '') return null;
  if (decimal === ',') return COMMA.test(t) ? Number(t.replace(',', '.')) : NaN;
  return POINT.test(t) ? Number(t) : NaN;
}

/** A file's decimal mark when its format leaves it open: a comma in any value decides. */
export function sniffDecimal(cells: readonly unknown[]): ',' | '.' {
  return cells.some((c) => typeof c === 'string' && /\d,\d/.test(c)) ? ',' : '.';
}
