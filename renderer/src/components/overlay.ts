/**
 * A second series on the chart (issue 33): another register of the meter, another meter of its site,
 * or the same register a year earlier — by date (the same calendar day) or by weekday (364 days, so
 * Mondays meet Mondays). The overlay is asked for with the chart's own range (shifted for a year) and
 * aligned to the chart's times by that shift; where it has no interval at a time, it has a gap.
 */
import type { MeterView, SeriesView } from '../../../preload/contract';
import { addLocalDays, localDateStart, localYmd } from '../format';

export type OverlayChoice =
  | { kind: 'none' }
  | { kind: 'register'; obisCode: string }
  | { kind: 'meter'; meterId: string; obisCode: string }
  | { kind: 'year'; by: 'date' | 'weekday' };

export function overlayKey(o: OverlayChoice): string {
  return o.kind === 'none'
    ? 'none'
    : o.kind === 'register'
      ? `register:${o.obisCode}`
      : o.kind === 'meter'
        ? `meter:${o.meterId}:${o.obisCode}`
        : `year:${o.by}`;
}

/** The choices for a meter: its other registers, the site's other meters (one register each), a year back. */
export function overlayChoices(
  meter: MeterView,
  meters: MeterView[],
  register: string | null,
): OverlayChoice[] {
  const out: OverlayChoice[] = [
    { kind: 'none' },
    { kind: 'year', by: 'date' },
    { kind: 'year', by: 'weekday' },
  ];
  for (const r of meter.registers) if (r !== register) out.push({ kind: 'register', obisCode: r });
  for (const m of meters)
    if (m.id !== meter.id && meter.siteId && m.siteId === meter.siteId && m.commodity === meter.commodity)
      for (const r of m.registers.slice(0, 1)) out.push({ kind: 'meter', meterId: m.id, obisCode: r });
  return out;
}

/** The range the overlay is read over, and the shift that puts it on the chart's times. */
export function overlayRange(
  o: OverlayChoice,
  range: { fromSec: number; toSec: number },
  tz: string,
): { fromSec: number; toSec: number; shiftSec: number } {
  if (o.kind !== 'year') return { ...range, shiftSec: 0 };
  const back = (sec: number) => {
    const { y, m, d } = localYmd(sec, tz);
    const midnight = localDateStart(y, m, d, tz);
    const into = sec - midnight; // the time of day, kept
    const day =
      o.by === 'weekday'
        ? addLocalDays(midnight, -364, tz)
        : localDateStart(y - 1, m, m === 2 && d === 29 ? 28 : d, tz);
    return day + into;
  };
  const fromSec = back(range.fromSec);
  return { fromSec, toSec: back(range.toSec), shiftSec: range.fromSec - fromSec };
}

/** The overlay's values (kWh per interval, or the day's maximum for `max`) at the chart's times. */
export function alignOverlay(
  main: SeriesView,
  overlay: SeriesView,
  shiftSec: number,
  max: boolean,
): (number | null)[] {
  const at = new Map<number, number | null>();
  const src = max ? (overlay.maxValues ?? []) : overlay.values;
  overlay.timesSec.forEach((t, i) => at.set(t + shiftSec, src[i] ?? null));
  if (main.resolution === 'day' && shiftSec !== 0) {
    // Days: by position (a local day a year back is 23–25 hours away in seconds).
    return main.timesSec.map((_, i) => src[i] ?? null);
  }
  return main.timesSec.map((t) => at.get(t) ?? null);
}
