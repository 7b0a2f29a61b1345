/**
 * After the last row: placeholders decided, each series in time order with the March jump's
 * double-written quarter-hour made one, the file's interval found, one metering point per file.
 */
import { QH_SEC, isoWithOffset, offsetMinutesAt } from '../time/local-days';
import { modeOf, refusal } from './parse-layout';
import type { ParseState } from './parse-state';
import { ImportError, type ParsedSeries } from './types';
import { naiveText } from './wall-time';

/** Zero rows beside a zero meter reading: placeholders where the column's readings rise, else readings. */
export function settlePlaceholders(st: ParseState): void {
  for (const z of st.pendingZeros) {
    const mc = st.meterChecks.get(z.header);
    if (mc && mc.count > 0 && (mc.last ?? 0) > 0) {
      if (st.counts.placeholder++ === 0) st.counts.placeholderLine = z.line;
      continue;
    }
    z.target.startSec.push(z.startSec);
    z.target.valueKwh.push(0);
    z.target.quality.push(z.q);
    z.target.line.push(z.line);
  }
}

function sortByTime(s: ParsedSeries): void {
  for (let i = 1; i < s.startSec.length; i++)
    if (s.startSec[i]! < s.startSec[i - 1]!) {
      const order = s.startSec.map((_, j) => j).sort((a, b) => s.startSec[a]! - s.startSec[b]!);
      s.startSec = order.map((j) => s.startSec[j]!);
      s.valueKwh = order.map((j) => s.valueKwh[j]!);
      s.quality = order.map((j) => s.quality[j]!);
      s.line = order.map((j) => s.line[j]!);
      return;
    }
}

/** The March jump's quarter-hour written under 02:00 and 03:00: one reading when both say the same. */
function dropJumpAliases(st: ParseState, s: ParsedSeries): void {
  const drop = new Set<number>();
  for (let i = 1; i < s.startSec.length; i++) {
    if (s.startSec[i] !== s.startSec[i - 1]) continue;
    const alias = st.jumpAliasLines.has(s.line[i]!) ? i : st.jumpAliasLines.has(s.line[i - 1]!) ? i - 1 : -1;
    if (alias < 0) continue;
    const [a, b] = [s.line[i - 1]!, s.line[i]!].sort((x, y) => x - y);
    const endLocal = naiveText(
      s.startSec[i]! + QH_SEC + offsetMinutesAt(s.startSec[i]! + QH_SEC, st.opts.tz) * 60,
    );
    if (s.valueKwh[i] !== s.valueKwh[i - 1])
      throw new ImportError(
        'repeated_time',
        `Lines ${a} and ${b} both stand for the quarter-hour ending at ${endLocal}: that night the clocks jump from 02:00 to 03:00, so the labels 02:00 and 03:00 are one instant. The file gives it two different values (${s.valueKwh[i - 1]} and ${s.valueKwh[i]} kWh of "${s.column}"), and Meterdesk cannot tell which is right; ask the operator for a corrected export.`,
        b,
      );
    drop.add(alias);
    st.jumpDuplicates.push({ day: endLocal.slice(0, 10), lines: `${a}, ${b}` });
  }
  if (drop.size === 0) return;
  const keep = (_: unknown, i: number) => !drop.has(i);
  s.startSec = s.startSec.filter(keep);
  s.valueKwh = s.valueKwh.filter(keep);
  s.quality = s.quality.filter(keep);
  s.line = s.line.filter(keep);
}

/** The distances of a series' first 200 readings; a repeated time is an error. */
function distances(s: ParsedSeries, tz: string): number[] {
  const diffs: number[] = [];
  for (let i = 1; i < s.startSec.length; i++) {
    const d = s.startSec[i]! - s.startSec[i - 1]!;
    if (d === 0)
      throw new ImportError(
        'repeated_time',
        `Lines ${Math.min(s.line[i - 1]!, s.line[i]!)} and ${Math.max(s.line[i - 1]!, s.line[i]!)} are the same quarter-hour (${isoWithOffset(s.startSec[i]!, tz)}) of "${s.column}"; a time may appear twice only in the hour of the October change.`,
        Math.max(s.line[i - 1]!, s.line[i]!),
      );
    if (i < 200) diffs.push(d);
  }
  return diffs;
}

/** The series in time order with the file's interval, or an error for a file of another interval. */
export function finishSeries(st: ParseState): ParsedSeries[] {
  const out: ParsedSeries[] = [];
  let interval: number | null = null;
  for (const s of st.series.values()) {
    sortByTime(s);
    dropJumpAliases(st, s);
    const diffs = distances(s, st.opts.tz);
    interval ??= modeOf(diffs);
    out.push(s);
  }
  if (interval !== null && interval >= 82_800 && interval <= 90_000) throw refusal(st.spec, 'daily');
  // Hourly readings found only by their distance (one label per row): hourly series. An end label
  // was read as a quarter-hour's end until now; the hour began 45 minutes earlier.
  if (interval === 3600 && st.stepFrom === null) {
    st.step = 3600;
    if (st.spec.time.stamp === 'end')
      for (const s of out) s.startSec = s.startSec.map((t) => t - (3600 - QH_SEC));
  }
  if (interval !== null && interval !== st.step && interval < 3 * 86_400)
    throw new ImportError(
      'bad_interval',
      `The readings are ${interval / 60} minutes apart; Meterdesk imports quarter-hours (15 minutes) and hours.`,
    );
  for (const s of out) s.intervalSec = st.step;
  // One metering point per file.
  if (st.meteringPoints.size > 1)
    throw new ImportError(
      'unknown_format',
      `The file holds readings of ${st.meteringPoints.size} metering points (${[...st.meteringPoints].slice(0, 3).join(', ')}): import one metering point per file.`,
    );
  return out;
}
