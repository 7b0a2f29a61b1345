/**
 * OBIS codes for the series the portals name in German (DSO-FORMATS.md §2; DOMAIN.md): the meter's
 * total `G.01`, the grid residual `P.01`, the energy-community shares `G.02`, `G.03`, `G.03R`. A
 * column set repeated per energy community (`Eigendeckung (kWh) 00000000734`) gets the community's id
 * after the code, so two memberships stay two series.
 */
import type { Direction } from '../types';

export const CONSUMPTION = '1-1:1.9.0 G.01';
export const FEED_IN = '1-1:2.9.0 G.01';

/** The total of the file's direction (consumption unless the file or the person says feed-in). */
export const total = (_header: string, direction: Direction) =>
  direction === 'feed_in' ? FEED_IN : CONSUMPTION;

/** The code plus the community suffix a column header carries after its unit, if any. */
export function withCommunity(code: string): (header: string) => string {
  return (header) => {
    const suffix = /\)\s+(\S+)$/.exec(header)?.[1];
    return suffix ? `${code} EG-${suffix}` : code;
  };
}

/**
 * An OBIS text from a file's OBIS column: `1-1:1.9.0 G.01`, `1.9.0 G.01`, `1-1:1.9.0`; null when it is
 * not one (the caller decides). A bare code gets `G.01` (the meter's total).
 */
export function normalizeObis(text: string): string | null {
  const m = /^(?:1-1:)?([12])\.9\.0(?:\s+([GP]\.0[123][TR]?))?$/.exec(text.trim());
  if (!m) return null;
  return `1-1:${m[1]}.9.0 ${m[2] ?? 'G.01'}`;
}
