/**
 * What a file lacks or contradicts, with the numbers (notes.ts words them): registers that are all
 * zeros, assumed directions, change days, empty cells, meter readings and totals that disagree, and a
 * value no meter of the file's level measures.
 */
import { offsetMinutesAt } from '../time/local-days';
import { note, type ImportNote } from './notes';
import type { ParseState } from './parse-state';
import type { ParsedSeries } from './types';
import { naiveText } from './wall-time';

/** How far a day's summed values may lie from its stated total by rounding alone (see the check). */
const DAY_TOTAL_ROUNDING_KWH = 0.005;

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Readings of `s` whose local day starts at naive `dayStart`. */
function countOnDay(s: ParsedSeries | undefined, dayStart: number, tz: string): number {
  if (!s) return 0;
  return s.startSec.filter((t) => {
    const local = t + offsetMinutesAt(t, tz) * 60;
    return local >= dayStart && local < dayStart + 86_400;
  }).length;
}

/** Registers a format marks "skip when all zero" that are: dropped from `out`, said. */
export function dropZeroSeries(st: ParseState, out: ParsedSeries[], notes: ImportNote[]): void {
  for (const s of st.spec.series.filter((x) => x.skipWhenAllZero)) {
    for (const [obis, ps] of st.series) {
      const col = st.layouts[0]?.series.find((c) => c.spec === s && c.obis === obis);
      if (!col) continue;
      const mc = st.meterChecks.get(col.header);
      if (ps.valueKwh.every((v) => v === 0) && (!mc || mc.first === mc.last)) {
        out.splice(out.indexOf(ps), 1);
        notes.push(note('series_all_zero', { column: col.header }));
      }
    }
  }
}

/** What was assumed about the file, its columns, and its meter readings. */
export function formatNotes(st: ParseState, out: readonly ParsedSeries[], notes: ImportNote[]): void {
  if (!st.directionKnown && st.obisFromFile)
    st.direction = out[0]?.obisCode.startsWith('1-1:2.') ? 'feed_in' : 'consumption';
  else if (!st.directionKnown) notes.push(note('direction_assumed'));
  const columns = st.layouts[0]?.series ?? [];
  if (st.layouts[0] && columns.every((s) => s.quality < 0 && s.substitute < 0))
    notes.push(note('no_quality_column'));
  for (const c of st.spec.caveats ?? []) notes.push(note(c));
  for (const col of columns) {
    const hn = col.spec.headerNote;
    if (hn && hn[0].test(col.header) && !notes.some((x) => x.code === hn[1]))
      notes.push(note(hn[1], { column: col.header, register: col.obis }));
  }
  if (st.counts.power > 0) notes.push(note('power_converted', { count: st.counts.power }));
  for (const mc of st.meterChecks.values()) {
    if (mc.count === 0) continue;
    notes.push(
      note('meter_readings_kept_apart', {
        count: mc.count,
        column: mc.column,
        first: mc.first!,
        last: mc.last!,
      }),
    );
    const rise = mc.last! - mc.first!;
    if (Math.abs(rise - mc.sumAtLast) > 0.0015)
      notes.push(
        note('meter_reading_mismatch', {
          readingRise: round3(rise),
          sum: round3(mc.sumAtLast),
          lines: mc.silentLines.join(', '),
        }),
      );
  }
}

/** Clock-change days: a repeated hour seen once, both hours in one row, the jump written twice. */
export function changeDayNotes(st: ParseState, out: readonly ParsedSeries[], notes: ImportNote[]): void {
  const tz = st.opts.tz;
  for (const [day, line] of st.onceLabels) {
    // Labels of the repeated hour seen once: one note per day.
    const key = naiveText(day).slice(0, 10);
    if (notes.some((x) => x.code === 'dst_hour_once' && x.params.day === key)) continue;
    const received = countOnDay(out[0], Math.floor(day / 86_400) * 86_400, tz);
    notes.push(note('dst_hour_once', { day: key, received, expected: st.step === 3600 ? 25 : 100, line }));
  }
  for (const m of st.mergedHours) {
    const dayStart =
      Date.parse(`${m.day.slice(6)}-${m.day.slice(3, 5)}-${m.day.slice(0, 2)}T00:00:00Z`) / 1000;
    const received = countOnDay(
      out.find((x) => x.column === m.column),
      dayStart,
      tz,
    );
    notes.push(
      note('dst_hours_merged', { day: m.day, line: m.line, kwh: round3(m.kwh), column: m.column, received }),
    );
  }
  if (st.step === 3600)
    notes.unshift(note('hourly_series', { count: out.reduce((n, s) => n + s.startSec.length, 0) }));
  for (const j of st.jumpDuplicates)
    if (!notes.some((x) => x.code === 'dst_jump_written_twice' && x.params.day === j.day))
      notes.push(note('dst_jump_written_twice', j));
}

/** Empty columns and cells, statuses, rows skipped or set aside: each with its count. */
export function cellNotes(st: ParseState, notes: ImportNote[]): void {
  // A column name shared by several registers (blocks) is said with its register.
  const fills = [...st.filled.values()];
  const nameOf = (f: (typeof fills)[number]) =>
    fills.some((g) => g !== f && g.column === f.column) ? `${f.column} – ${f.obis}` : f.column;
  const emptyColumns = fills.filter((f) => f.values === 0).map(nameOf);
  if (emptyColumns.length > 0) notes.push(note('column_empty', { columns: emptyColumns.join('", "') }));
  for (const f of fills)
    if (f.values > 0 && f.empty > 0)
      notes.push(
        note('empty_values', {
          count: f.empty,
          column: nameOf(f),
          ...(st.step === 3600 ? { hourly: 1 } : {}),
        }),
      );
  const c = st.counts;
  if (c.noStatus > 0) notes.push(note('no_status', { count: c.noStatus }));
  for (const [word, count] of c.unknownQuality) notes.push(note('unknown_quality', { word, count }));
  for (const [register, count] of c.notEnergy) notes.push(note('not_interval_energy', { register, count }));
  if (c.offsetMismatch > 0)
    notes.push(note('offset_mismatch', { count: c.offsetMismatch, line: c.offsetLine }));
  if (c.skipped > 0)
    notes.push(note('rows_without_value_skipped', { count: c.skipped, line: c.skippedLine }));
  if (c.placeholder > 0)
    notes.push(note('placeholder_rows', { count: c.placeholder, line: c.placeholderLine }));
}

/**
 * A total in the header against the sum of the values; returns the warning for a total ten times off
 * (a unit read wrong), which the import asks about before it writes.
 */
export function headerTotalNotes(
  st: ParseState,
  out: readonly ParsedSeries[],
  notes: ImportNote[],
): ImportNote | null {
  if (!st.spec.headerTotal) return null;
  const stated = st.spec.headerTotal.exec(st.header.join(';'))?.[1];
  const main = out[0];
  if (!stated || !main) return null;
  const statedKwh = Number(stated.replace(/\./g, '').replace(',', '.'));
  const sum = main.valueKwh.reduce((a, b) => a + b, 0);
  if (Math.abs(statedKwh - sum) > 0.0005 + 1e-7 * main.valueKwh.length)
    notes.push(note('header_total_mismatch', { stated: round3(statedKwh), sum: round3(sum) }));
  if (statedKwh > 0 && sum > 0 && (sum / statedKwh > 10 || statedKwh / sum > 10))
    return note('suspicious_header_total', {
      stated: round3(statedKwh),
      sum: round3(sum),
      factor: Math.round(Math.max(sum / statedKwh, statedKwh / sum)),
    });
  return null;
}

/**
 * Day-total rows against the day's values, per register, one note each. A day's 92–100 values are each
 * rounded to 0,001 kWh, so their sum may differ from the rounded daily total by a few Wh without
 * anything missing (eww Wels: 0,002): up to 5 Wh is rounding, not a contradiction.
 */
export function dayTotalNotes(st: ParseState, notes: ImportNote[]): void {
  const byRegister = new Map<
    string,
    { column: string; count: number; day: string; stated: number; sum: number }
  >();
  for (const d of st.dayTotals) {
    const s = st.series.get(d.obis);
    if (!s) continue;
    let sum = 0;
    for (let i = 0; i < s.startSec.length; i++) {
      const local = s.startSec[i]! + offsetMinutesAt(s.startSec[i]!, st.opts.tz) * 60;
      if (local >= d.naiveDay && local < d.naiveDay + 86_400) sum += s.valueKwh[i]!;
    }
    if (Math.abs(sum - d.value) <= DAY_TOTAL_ROUNDING_KWH) continue;
    const r = byRegister.get(d.obis);
    if (r) r.count++;
    else
      byRegister.set(d.obis, {
        column: s.column,
        count: 1,
        day: naiveText(d.naiveDay).slice(0, 10),
        stated: round3(d.value),
        sum: round3(sum),
      });
  }
  for (const [obis, r] of byRegister) notes.push(note('day_total_mismatch', { register: obis, ...r }));
}

/**
 * A quarter-hour whose energy no meter of the file's own level measures: above 25 kWh (100 kW) and over
 * 100 times the file's median non-zero quarter-hour (a household at 0,2 kWh with one value of 219 kWh:
 * `0.219` read as 219 by a de-AT Excel). The file's own distribution decides, not a fixed size, so a
 * business meter's real peaks pass.
 */
export function magnitudeIssue(series: readonly ParsedSeries[], tz: string): ImportNote | null {
  for (const s of series) {
    const perHour = 3600 / s.intervalSec;
    const nonZero = s.valueKwh.filter((v) => v > 0).sort((a, b) => a - b);
    if (nonZero.length < 20) continue;
    const median = nonZero[Math.floor(nonZero.length / 2)]!;
    let worst = -1;
    for (let i = 0; i < s.valueKwh.length; i++)
      if (worst < 0 || s.valueKwh[i]! > s.valueKwh[worst]!) worst = i;
    const max = s.valueKwh[worst]!;
    // Every value a whole number of kWh, and large: portal exports write energy with decimals, so a
    // decimal point was read as a thousands separator throughout.
    const whole = nonZero.filter((v) => Number.isInteger(v)).length / nonZero.length;
    if (whole > 0.9 && median * perHour >= 40)
      return note('suspicious_whole_kwh', {
        column: s.column,
        median: round3(median),
        kw: round3(median * perHour),
      });
    if (max * perHour > 100 && max > 100 * median) {
      const at = naiveText(s.startSec[worst]! + offsetMinutesAt(s.startSec[worst]!, tz) * 60);
      return note('suspicious_quarter_hour', {
        line: s.line[worst]!,
        kwh: round3(max),
        at,
        column: s.column,
        kw: round3(max * perHour),
        times: Math.round(max / median),
        median: round3(median),
      });
    }
  }
  return null;
}
