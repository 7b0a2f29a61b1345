/** A period against the same period a week, a month or a year before, like with like. */
import type Database from 'better-sqlite3';
import type { CompareResult, PeriodSummary } from '../../preload/contract';
import { frameBeside } from './frame';
import { DEFAULT_TZ, dayKey, dayNumberOf, dayNumberOfKey, dayStartSec } from '../time/local-days';
import { type Row, type Scope, intervalOf, loadRows, emptyQ, addQ, slotOfDay, round } from './rows';

/**
 * This range against the same range shifted back by a week, a month or a year, like with like: the
 * difference is given only for equal, non-overlapping, fully covered periods. Otherwise it says why
 * (overlap, no data, partly covered) and, for partly covered periods, compares the mean energy per
 * covered quarter-hour instead (scaled by coverage, and labelled so).
 */
export function compare(
  db: Database.Database,
  s: Scope,
  shift: 'week' | 'month' | 'year',
  tz = DEFAULT_TZ,
): CompareResult {
  /**
   * The same local date a week, a month or a year earlier, at the same time after its midnight; a date
   * the earlier month does not have (31 May → April; 29 February → the year before) is that month's last.
   */
  const shiftRange = (sec: number) => {
    const d = dayNumberOf(sec, tz);
    if (shift === 'week') return dayStartSec(d - 7, tz) + (sec - dayStartSec(d, tz));
    const key = dayKey(d);
    const [y, m, day] = key.split('-').map(Number) as [number, number, number];
    const [ty, tm] = shift === 'year' ? [y - 1, m] : m === 1 ? [y - 1, 12] : [y, m - 1];
    const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
    const td = dayNumberOfKey(
      `${ty}-${String(tm).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`,
    );
    return dayStartSec(td, tz) + (sec - dayStartSec(d, tz));
  };
  const prev: Scope = frameBeside(db, s, { fromSec: shiftRange(s.fromSec), toSec: shiftRange(s.toSec) });
  // Totals and coverage at the series' own interval: an hourly series compares as well.
  const step = intervalOf(db, s.meterId, s.obisCode);
  const perHour = 3600 / step;
  const summary = (sc: Scope): PeriodSummary => {
    const rows = loadRows(db, sc, true);
    const q = emptyQ();
    rows.forEach((r) => addQ(q, r.quality));
    const peak = rows.reduce<Row | null>((a, r) => (!a || r.value > a.value ? r : a), null);
    const expected = Math.max(0, Math.floor(sc.toSec / step) - Math.ceil(sc.fromSec / step));
    return {
      fromSec: sc.fromSec,
      toSec: sc.toSec,
      totalKwh: round(rows.reduce((a, r) => a + r.value, 0)),
      peakKw: peak ? round(peak.value * perHour) : null,
      readings: rows.length,
      expected,
      coverage: expected ? round(rows.length / expected, 4) : 0,
      kwhPerDay: rows.length
        ? round((rows.reduce((a, r) => a + r.value, 0) / rows.length) * (86_400 / step))
        : null,
      quality: q,
    };
  };
  const current = summary(s);
  const previous = summary(prev);
  // Mean day profile over all days of a range (kW by wall-clock quarter-hour).
  const profileOf = (sc: Scope) => {
    const sums = new Array<number>(96).fill(0);
    const ns = new Array<number>(96).fill(0);
    for (const r of loadRows(db, sc, true)) {
      // An hour's mean power stands for each of its quarter-hours on the wall-clock axis (the line
      // of a mean power, not invented quarter-hour values).
      const slot = slotOfDay(r.start, tz);
      for (let k = 0; k < 4 / perHour; k++) {
        sums[slot + k] = (sums[slot + k] ?? 0) + r.value * perHour;
        ns[slot + k] = (ns[slot + k] ?? 0) + 1;
      }
    }
    return sums.map((v, i) => (ns[i] ? round(v / ns[i]!) : null));
  };
  const reason: CompareResult['reason'] =
    prev.toSec > s.fromSec
      ? 'overlap'
      : current.readings === 0 || previous.readings === 0
        ? 'no_data'
        : current.coverage < 0.999 || previous.coverage < 0.999
          ? 'partial'
          : null;
  const like = reason === null;
  const perQh = (p: PeriodSummary) => p.totalKwh / p.readings;
  return {
    shift,
    intervalSec: step,
    current,
    previous,
    reason,
    differenceKwh: like ? round(current.totalKwh - previous.totalKwh) : null,
    // Shares to the millionth: the page rounds them once, to what it shows (11,6 %, not 11,65 → 11,7 %).
    differenceShare:
      like && previous.totalKwh ? round((current.totalKwh - previous.totalKwh) / previous.totalKwh, 6) : null,
    scaledDifferenceShare:
      reason === 'partial' && perQh(previous) ? round(perQh(current) / perQh(previous) - 1, 6) : null,
    currentProfile: profileOf(s),
    previousProfile: profileOf(prev),
  };
}
