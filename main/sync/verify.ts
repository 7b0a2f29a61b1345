/**
 * The check after each meter's sync: does the local copy hold what the service says it has?
 *
 * What is checked: the local days from the first to the last day the run wrote readings into, extended
 * to the service's `latest_data_at` for the meter. Days in that span where some register of the meter
 * holds fewer readings than the day has quarter-hours (92/96/100), or none, are asked of the service by
 * window reads (merged into ranges of at most 90 days, at most `MAX_PROBES` per meter, newest first).
 * For each range the service's count (its `meta.total_records`, or the readings its pages held) is
 * compared with the local count before the read; the read's readings are written (they fill the
 * shortfall: idempotent, revision-guarded), and any shortfall becomes a warning with its numbers.
 *
 * Cost: a complete copy costs no request at all. Incomplete days cost one window read per range;
 * real gaps (days the service does not have either) cost that read on each sync while they lie in
 * the span. History before the first reading a run received, and a register the service never sent,
 * are outside the check (docs/service-contract.md).
 */
import type { SyncNote } from '../../preload/contract';
import type { ApiClient } from '../api/client';
import type { SyncStore } from '../db/sync-store';
import { dayKey, dayNumberOf, dayStartSec, quarterHoursInDay } from '../time/local-days';
import { readWindow } from './window-read';

export const MAX_PROBES = 16;
const MAX_RANGE_DAYS = 90;

export interface SyncWarning {
  meterId: string;
  kind: 'missing' | 'unchecked';
  message: string;
  fromSec: number;
  toSec: number;
  /** Readings the service has in the range (what it says, or what its pages held). */
  serviceReadings: number | null;
  /** Readings the local copy held in the range before the check. */
  localReadings: number;
  /** Readings the check fetched and wrote to fill the shortfall. */
  fetched: number;
  /** `unchecked`: the incomplete days left, and the most ranges one sync checks. */
  days?: number;
  maxRanges?: number;
}

/** A warning as the UI words it (its numbers; the English sentence for Details and the CLI). */
export function noteOf(w: SyncWarning): SyncNote {
  const { kind, fromSec, toSec, serviceReadings, localReadings, fetched, days, maxRanges, message } = w;
  return { kind, fromSec, toSec, serviceReadings, localReadings, fetched, days, maxRanges, message };
}

export interface MeterCheck {
  meterId: string;
  /** The span checked: local days from `fromDay` to `toDay` (YYYY-MM-DD), or null when nothing was synced. */
  fromDay: string | null;
  toDay: string | null;
  /** Days in the span where a register held fewer readings than quarter-hours. */
  incompleteDays: number;
  /** Window reads asked of the service. */
  probes: number;
}

export interface VerifyDeps {
  store: SyncStore;
  api: ApiClient;
  tz: string;
  now: () => number;
  onReadingsChanged?: (meterIds: string[]) => void;
}

export async function verifyMeter(
  deps: VerifyDeps,
  meterId: string,
  synced: { firstDay: number; lastDay: number } | null,
  signal?: AbortSignal,
): Promise<{ check: MeterCheck; warnings: SyncWarning[]; written: number }> {
  const { store, tz } = deps;
  const facts = await store.checkFacts(meterId);
  const series = facts.seriesIds;
  const latestEnd = facts.latestEndSec;
  const serviceLatest = facts.serviceLatestSec;
  // The span: the days the run wrote, and on to the last day the service says it has data for.
  let firstDay = synced?.firstDay ?? null;
  let lastDay = synced?.lastDay ?? null;
  if (serviceLatest !== null && (latestEnd === null || latestEnd < serviceLatest)) {
    const serviceLastDay = dayNumberOf(serviceLatest - 1, tz);
    const localNextDay = latestEnd === null ? serviceLastDay : dayNumberOf(latestEnd, tz);
    firstDay = firstDay === null ? localNextDay : Math.min(firstDay, localNextDay);
    lastDay = lastDay === null ? serviceLastDay : Math.max(lastDay, serviceLastDay);
  }
  if (serviceLatest !== null && lastDay !== null)
    lastDay = Math.min(lastDay, dayNumberOf(serviceLatest - 1, tz));
  const check: MeterCheck = { meterId, fromDay: null, toDay: null, incompleteDays: 0, probes: 0 };
  if (firstDay === null || lastDay === null || lastDay < firstDay) return { check, warnings: [], written: 0 };
  check.fromDay = dayKey(firstDay);
  check.toDay = dayKey(lastDay);

  // Readings per day and register, from the rollups (kept with the rows in one transaction).
  const counts = new Map<number, Map<number, number>>();
  if (series.length > 0) {
    const rows = await store.readingCountsByDay(series, firstDay, lastDay);
    for (const r of rows) {
      let perDay = counts.get(r.d);
      if (!perDay) counts.set(r.d, (perDay = new Map()));
      perDay.set(r.s, r.n);
    }
  }
  const incomplete: number[] = [];
  for (let d = firstDay; d <= lastDay; d++) {
    const expected = quarterHoursInDay(d, tz);
    const perDay = counts.get(d);
    if (series.length === 0 || series.some((s) => (perDay?.get(s) ?? 0) < expected)) incomplete.push(d);
  }
  check.incompleteDays = incomplete.length;

  // Consecutive incomplete days as ranges of at most MAX_RANGE_DAYS, newest first.
  const ranges: [number, number][] = [];
  for (const d of incomplete) {
    const last = ranges.at(-1);
    if (last && d === last[1] + 1 && d - last[0] < MAX_RANGE_DAYS) last[1] = d;
    else ranges.push([d, d]);
  }
  ranges.reverse();
  const warnings: SyncWarning[] = [];
  let written = 0;
  for (const [a, b] of ranges.slice(0, MAX_PROBES)) {
    if (signal?.aborted) break;
    const fromSec = dayStartSec(a, tz);
    const toSec = dayStartSec(b + 1, tz);
    const before = await store.countReadings(meterId, fromSec, toSec);
    let fetched = 0;
    const o = await readWindow(
      `the check of ${dayKey(a)} – ${dayKey(b)}`,
      (cursor) => deps.api.windowRead(meterId, fromSec, toSec, { cursor }),
      async (page) => {
        const w = await store.applyPage(meterId, page.readings, 'window', deps.now());
        fetched += w.inserted + w.updated;
      },
      signal,
    );
    check.probes += 1;
    written += fetched;
    if (fetched > 0) deps.onReadingsChanged?.([meterId]);
    const service = o.stated ?? o.received;
    if (service > before) {
      warnings.push({
        meterId,
        kind: 'missing',
        message: `The service has ${service} readings for ${dayKey(a)}${a === b ? '' : ` – ${dayKey(b)}`}, the sync had brought ${before}; the check fetched ${fetched}.`,
        fromSec,
        toSec,
        serviceReadings: service,
        localReadings: before,
        fetched,
      });
    }
  }
  if (ranges.length > MAX_PROBES) {
    const rest = ranges.slice(MAX_PROBES);
    const days = rest.reduce((n, [a, b]) => n + (b - a + 1), 0);
    const oldest = rest.at(-1)![0];
    const newest = rest[0]![1];
    warnings.push({
      meterId,
      kind: 'unchecked',
      message: `${days} incomplete days between ${dayKey(oldest)} and ${dayKey(newest)} were not checked against the service (a sync checks at most ${MAX_PROBES} ranges, the newest first).`,
      fromSec: dayStartSec(oldest, tz),
      toSec: dayStartSec(newest + 1, tz),
      serviceReadings: null,
      // Whole local days: their rollups count them exactly (written with the readings).
      localReadings: await store.meterReadingCount(meterId, oldest, newest),
      fetched: 0,
      days,
      maxRanges: MAX_PROBES,
    });
  }
  return { check, warnings, written };
}
