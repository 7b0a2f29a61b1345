/**
 * What the demo service holds, independent of how a generation writes it: the readings of a range, the
 * per-day sums, the change feed from a position, and the totals the admin `/stats` endpoint reports.
 */
import type { DemoMeter } from './catalog';
import type { DemoReading } from './readings';
import type { FeedCursor } from './records';
import type { DemoState } from './state';
import type { DemoToken } from './catalog';
import { dayNumberOf, dayStartSec, isoUtc, QH_SEC, quarterHoursInDay } from '../time/local-days';

/**
 * The last few ranges read, per state: a window read comes page by page (by offset), and each page would
 * otherwise compute the whole range again. Valid for one clock position only.
 */
const recentRanges = new WeakMap<DemoState, { key: string; readings: DemoReading[] }[]>();

/** Visible readings of a meter in [fromSec, toSec), ordered by timestamp, then register. */
export function rangeReadings(state: DemoState, m: DemoMeter, fromSec: number, toSec: number): DemoReading[] {
  const key = `${m.id}|${fromSec}|${toSec}|${state.nowSec}|${m.hasData}`;
  let recent = recentRanges.get(state);
  if (!recent) recentRanges.set(state, (recent = []));
  const hit = recent.find((r) => r.key === key);
  if (hit) return hit.readings;
  const readings = computeRange(state, m, fromSec, toSec);
  recent.unshift({ key, readings });
  if (recent.length > 8) recent.pop();
  return readings;
}

function computeRange(state: DemoState, m: DemoMeter, fromSec: number, toSec: number): DemoReading[] {
  const out: DemoReading[] = [];
  let sec = Math.ceil(fromSec / QH_SEC) * QH_SEC;
  while (sec < toSec) {
    const day = dayNumberOf(sec, state.tz);
    const dayStart = dayStartSec(day, state.tz);
    const dayEnd = dayStartSec(day + 1, state.tz);
    for (; sec < toSec && sec < dayEnd; sec += QH_SEC) {
      const slot = (sec - dayStart) / QH_SEC;
      for (const reg of m.registers) {
        const r = state.readings.visible(m, reg, day, slot, state.nowSec);
        if (r) out.push(r);
      }
    }
  }
  return out;
}

/** Per-local-day sums (granularity daily): one record per day and register, quality = worst of the day. */
export function dailyRecords(state: DemoState, m: DemoMeter, fromSec: number, toSec: number): DemoReading[] {
  const out: DemoReading[] = [];
  const firstDay = dayNumberOf(fromSec, state.tz);
  const lastDay = dayNumberOf(toSec - 1, state.tz);
  for (let day = firstDay; day <= lastDay; day++) {
    const start = dayStartSec(day, state.tz);
    if (start < fromSec) continue;
    const end = dayStartSec(day + 1, state.tz);
    const qh = quarterHoursInDay(day, state.tz);
    for (const reg of m.registers) {
      let sum = 0;
      let n = 0;
      let worst: 1 | 2 | 3 = 1;
      let updated = 0;
      for (let slot = 0; slot < qh; slot++) {
        const r = state.readings.visible(m, reg, day, slot, state.nowSec);
        if (!r) continue;
        sum += r.value;
        n += 1;
        if (r.quality > worst) worst = r.quality;
        if (r.updatedSec > updated) updated = r.updatedSec;
      }
      if (n === 0) continue;
      out.push({
        meter: m,
        register: reg,
        startSec: start,
        endSec: end,
        day,
        slot: 0,
        value: Math.round(sum * 1000) / 1000,
        quality: n < qh ? 3 : worst,
        updatedSec: updated,
      });
    }
  }
  return out;
}

/** Intervals a range should hold: quarter-hours are fixed 900 s of UTC (92/100 on DST days), or local days. */
export function expectedIntervals(
  state: DemoState,
  fromSec: number,
  toSec: number,
  granularity: string,
): number {
  if (granularity === 'daily') {
    let n = 0;
    for (let day = dayNumberOf(fromSec, state.tz); day <= dayNumberOf(toSec - 1, state.tz); day++)
      if (dayStartSec(day, state.tz) >= fromSec) n += 1;
    return n;
  }
  return Math.max(0, Math.floor(toSec / QH_SEC) - Math.ceil(fromSec / QH_SEC));
}

/** The feed position "now": the next delivery to come, for a token's retention. */
export function feedPositionNow(state: DemoState, m: DemoMeter, t: DemoToken): FeedCursor {
  return {
    v: 1,
    meter: m.index,
    e: state.readings.lastDeliveryDay(state.nowSec) + 1,
    i: 0,
    d: state.retentionStartDay(t),
    epoch: state.cursorEpoch,
  };
}

/** The feed from `pos`: at most `limit` reading versions in delivery order, the next position, and whether more remain. */
export function feedFrom(
  state: DemoState,
  m: DemoMeter,
  pos: FeedCursor,
  limit: number,
): { readings: DemoReading[]; next: FeedCursor; more: boolean } {
  const last = state.readings.lastDeliveryDay(state.nowSec);
  const out: DemoReading[] = [];
  let { e, i } = pos;
  while (out.length < limit && e <= last) {
    const batch = state.readings.batch(m, e, pos.d);
    const take = batch.slice(i, i + (limit - out.length));
    out.push(...take);
    if (i + take.length >= batch.length) {
      e += 1;
      i = 0;
    } else i += take.length;
  }
  return { readings: out, next: { ...pos, e, i }, more: e <= last };
}

export function stats(state: DemoState): Record<string, unknown> {
  const teams: Record<
    string,
    { readings: number; meters: Record<string, { metering_point: string; readings: Record<string, number> }> }
  > = {};
  for (const team of state.catalog.teams) {
    let total = 0;
    const meters: Record<string, { metering_point: string; readings: Record<string, number> }> = {};
    for (const m of state.teamMeters(team)) {
      const counts = state.readings.countVisible(m, state.nowSec);
      for (const v of Object.values(counts)) total += v;
      meters[m.id] = { metering_point: m.metering_point, readings: counts };
    }
    teams[team] = { readings: total, meters };
  }
  return { now: isoUtc(state.nowSec), now_sec: state.nowSec, contract: state.generation, teams };
}
