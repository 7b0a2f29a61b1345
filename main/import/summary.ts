/**
 * What a parsed file holds, per series, as the preview and the CLI say it: readings, period, kWh,
 * quality, the change days with their quarter-hours (92/100), and the gaps between the first and the
 * last reading. Computed from the readings with the tz database, independent of the file's labels.
 */
import { dayKey, dayNumberOf, quarterHoursInDay, QH_SEC } from '../time/local-days';
import type { ImportSeriesView } from '../../preload/contract';
import type { ParsedSeries } from './types';

/** A series' figures as the preview and the CLI say them (the contract's shape). */
export type SeriesSummary = ImportSeriesView;

export function summarize(s: ParsedSeries, tz: string): SeriesSummary {
  const n = s.startSec.length;
  let sum = 0;
  const quality = { measured: 0, estimated: 0, unreliable: 0 };
  const perDay = new Map<number, number>();
  const gaps: { fromSec: number; toSec: number }[] = [];
  let missing = 0;
  const step = s.intervalSec;
  for (let i = 0; i < n; i++) {
    sum += s.valueKwh[i]!;
    const q = s.quality[i];
    if (q === 1) quality.measured++;
    else if (q === 2) quality.estimated++;
    else quality.unreliable++;
    const day = dayNumberOf(s.startSec[i]!, tz);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    if (i > 0) {
      const gap = (s.startSec[i]! - s.startSec[i - 1]!) / step - 1;
      if (gap > 0) {
        missing += gap;
        if (gaps.length < 5) gaps.push({ fromSec: s.startSec[i - 1]! + step, toSec: s.startSec[i]! });
      }
    }
  }
  const changeDays: SeriesSummary['changeDays'] = [];
  for (const [day, received] of [...perDay].sort((a, b) => a[0] - b[0])) {
    const expected = (quarterHoursInDay(day, tz) * QH_SEC) / step;
    if (expected !== 86_400 / step) changeDays.push({ day: dayKey(day), expected, received });
  }
  return {
    obisCode: s.obisCode,
    column: s.column,
    readings: n,
    firstStartSec: s.startSec[0] ?? 0,
    lastEndSec: (s.startSec[n - 1] ?? 0) + step,
    intervalSec: step,
    sumKwh: Math.round(sum * 1e6) / 1e6,
    quality,
    days: perDay.size,
    changeDays,
    missing,
    gaps,
  };
}
