/**
 * One frame for every figure of one register: the span a figure describes, worked out in one place.
 * A requested span (a calendar day, week, month, year, or an exact zoomed span) is clipped
 *
 * - to the register's horizon (horizon.ts): what is owed — a synced meter's data up to the account's
 *   newest delivery (or the delivery delay), an imported meter's up to the end of its files — never
 *   beyond now, extended by the register's own later readings (MQTT);
 * - to the register's data: from its first reading on (a meter registered mid-month owes nothing for
 *   the days before it existed); days without data inside the span are gaps and count.
 *
 * Its expected intervals follow from the clipped span in absolute time: 92, 96 or 100 quarter-hours on
 * a local day (23, 24 or 25 for hourly series). Every figure of the frame — readings, completeness,
 * energy, quality counts, peak, base load, the days with gaps — describes exactly that span: whole
 * days from the daily rollups, the partial days at the frame's edges from the readings themselves.
 * Only `frameFor` makes a `Framed`: a second register or a narrower span is framed by it again.
 */
import type Database from 'better-sqlite3';
import { dayNumberOf, dayStartSec, DEFAULT_TZ } from '../../common/zone';
import type { FrameView, RangeFigures } from '../../preload/contract';
import { readRange } from '../db/readings-read';
import { rollupDays, rollupEdges, rollupSummary, seriesById, seriesOf } from '../db/series-reads';
import { horizonOfMeter, horizonOfSeries } from './horizon';

export { mainRegister } from '../db/series-reads';
import { AppError } from '../errors';

/** The longest span a frame holds: ten years (the CLI's limit; the app asks for at most four). */
export const MAX_SPAN_SEC = 10 * 366 * 86_400;

export type Frame = FrameView;
export type Figures = RangeFigures;

declare const framedBrand: unique symbol;

/** What a figure is asked for: one register of one meter over a requested span. */
export interface FrameRequest {
  meterId: string;
  obisCode: string;
  fromSec: number;
  toSec: number;
  /**
   * `data` (the default): from the register's first reading on. `horizon`: the span as asked, clipped
   * only to what is owed — a period compared with another, or a second register read beside a first
   * (the feed-in beside the import), whose days before its data are days without data, not left out.
   */
  clip?: 'data' | 'horizon';
}

/**
 * One register's span after the frame: the only input every figure-producing function takes
 * (`peaks`, `baseLoad`, `duration`, `carpet`, `profiles`, `compare`, `health`, `figuresOf`, cost,
 * battery, peak shaving, the report). It is branded: only `frameFor` (and `sameSpan`, for a second
 * register read over the first one's frame) can make one, so a door that forgets the frame does not
 * compile. `fromSec`/`toSec` are the clipped span; `frame` says what was clipped and how many
 * intervals the span holds.
 */
export interface Framed {
  readonly meterId: string;
  readonly obisCode: string;
  readonly seriesId: number | null;
  readonly fromSec: number;
  readonly toSec: number;
  readonly frame: Frame;
  readonly nowSec: number;
  readonly tz: string;
  readonly [framedBrand]: true;
}

const seriesIdOf = (db: Database.Database, meterId: string, obisCode: string): number | null =>
  seriesOf(db, meterId, obisCode)?.id ?? null;

/**
 * The frame of a request at `nowSec` (from the services' clock). A register without readings in the
 * span keeps the requested span, clipped to now (nothing there is a gap yet).
 */
export function frameFor(db: Database.Database, req: FrameRequest, nowSec: number, tz = DEFAULT_TZ): Framed {
  if (!(req.toSec > req.fromSec) || req.toSec - req.fromSec > MAX_SPAN_SEC)
    throw new AppError('invalid_input', 'Choose a range of at most 10 years, with its end after its start.', {
      reason: 'span_invalid',
      params: { maxYears: 10 },
    });
  const id = seriesIdOf(db, req.meterId, req.obisCode);
  const frame =
    id === null
      ? emptyFrame(req.fromSec, req.toSec, horizonOfMeter(db, req.meterId, nowSec, tz))
      : frameOf(db, id, req.fromSec, req.toSec, nowSec, tz, req.clip ?? 'data');
  // A span wholly before the register's first reading: empty, as its frame says — the meter owes
  // nothing for days before it existed (no view lists them as gaps).
  const beforeData = frame.toSec <= frame.fromSec && frame.clippedToData;
  const empty = frame.toSec <= frame.fromSec && !beforeData;
  // Any other empty frame (no readings in the span): the requested span up to the meter's horizon, so
  // a view still names the days that were owed (as "no data") and never a day not yet owed.
  const horizon = Math.max(req.fromSec, Math.min(req.toSec, frame.horizonSec));
  return {
    meterId: req.meterId,
    obisCode: req.obisCode,
    seriesId: id,
    fromSec: empty ? req.fromSec : frame.fromSec,
    toSec: empty ? horizon : frame.toSec,
    frame,
    nowSec,
    tz,
  } as Framed;
}

/**
 * Another register (or the same one) over a framed span: framed again by `frameFor`, clipped only to
 * what it owes, so both figures describe the same span (the feed-in beside the import of a battery, a
 * period beside the one before it).
 */
export function frameBeside(
  db: Database.Database,
  f: Framed,
  other: { meterId?: string; obisCode?: string; fromSec?: number; toSec?: number },
): Framed {
  const req = {
    meterId: other.meterId ?? f.meterId,
    obisCode: other.obisCode ?? f.obisCode,
    fromSec: other.fromSec ?? f.fromSec,
    toSec: other.toSec ?? f.toSec,
    clip: 'horizon' as const,
  };
  // Beside an empty frame: empty too (nothing of a span that holds nothing).
  if (req.toSec <= req.fromSec)
    return {
      ...req,
      seriesId: seriesIdOf(db, req.meterId, req.obisCode),
      toSec: req.fromSec,
      frame: {
        ...f.frame,
        requestedFromSec: req.fromSec,
        requestedToSec: req.toSec,
        fromSec: req.fromSec,
        toSec: req.fromSec,
        expected: 0,
      },
      nowSec: f.nowSec,
      tz: f.tz,
    } as unknown as Framed;
  return frameFor(db, req, f.nowSec, f.tz);
}

function emptyFrame(fromSec: number, toSec: number, h: { toSec: number; kind: Frame['horizonKind'] }): Frame {
  return {
    requestedFromSec: fromSec,
    requestedToSec: toSec,
    fromSec,
    toSec: fromSec,
    clippedToNow: false,
    clippedToData: false,
    resolutionSec: 900,
    expected: 0,
    horizonSec: Number.isFinite(h.toSec) ? h.toSec : fromSec,
    horizonKind: h.kind,
  };
}

/**
 * The first reading's start and the latest reading's end of a series, or null without readings. A
 * full first or last day starts or ends at its midnight: its record is read only when it is partial.
 */
function dataSpan(
  db: Database.Database,
  seriesId: number,
  tz: string,
): { firstSec: number; lastEndSec: number } | null {
  const e = rollupEdges(db, seriesId);
  if (!e) return null;
  const full = (d: { count: number; expected: number }) => d.count >= d.expected;
  const firstSec = full(e.first)
    ? e.first.day_start_sec
    : readRange(db, seriesId, e.first.day_start_sec, dayStartSec(e.first.day + 1, tz))[0]?.[0];
  const lastDay = full(e.last)
    ? []
    : readRange(db, seriesId, e.last.day_start_sec, dayStartSec(e.last.day + 1, tz));
  const lastEndSec = full(e.last) ? dayStartSec(e.last.day + 1, tz) : lastDay[lastDay.length - 1]?.[1];
  if (firstSec === undefined || lastEndSec === undefined) return null;
  return { firstSec, lastEndSec };
}

/** The frame of one series over [fromSec, toSec) at `nowSec`. */
export function frameOf(
  db: Database.Database,
  seriesId: number,
  fromSec: number,
  toSec: number,
  nowSec: number,
  tz = DEFAULT_TZ,
  clip: 'data' | 'horizon' = 'data',
): Frame {
  const series = seriesById(db, seriesId);
  const resolutionSec = series?.resolution_sec ?? 900;
  const span = dataSpan(db, seriesId, tz);
  const owed = horizonOfSeries(
    horizonOfMeter(db, series?.meter_id ?? '', nowSec, tz),
    span?.lastEndSec ?? null,
    nowSec,
  );
  const horizon = owed.toSec;
  const align = (sec: number, up: boolean) =>
    (up ? Math.ceil(sec / resolutionSec) : Math.floor(sec / resolutionSec)) * resolutionSec;
  let from = align(fromSec, true);
  let to = align(Math.min(toSec, horizon), false);
  const clippedToNow = toSec > horizon;
  let clippedToData = false;
  if (clip === 'data' && span && span.firstSec > from) {
    from = Math.min(span.firstSec, Math.max(to, from));
    clippedToData = true;
  }
  if (!span) to = from; // no data at all: an empty frame
  if (to < from) to = from;
  return {
    requestedFromSec: fromSec,
    requestedToSec: toSec,
    fromSec: from,
    toSec: to,
    clippedToNow,
    clippedToData,
    resolutionSec,
    expected: (to - from) / resolutionSec,
    horizonSec: Number.isFinite(horizon) ? horizon : from,
    horizonKind: owed.kind,
  };
}

/**
 * Every figure of one series in its frame: the frame's whole local days summed by SQLite from the
 * rollups in one row (rollupSummary), the days the frame cuts from their readings.
 */
export function figuresOf(db: Database.Database, f: Framed): Figures {
  const { tz, frame } = f;
  const seriesId = f.seriesId ?? -1;
  const out: Figures = {
    frame,
    readings: 0,
    expected: frame.expected,
    completeness: 0,
    kwh: 0,
    quality: { measured: 0, estimated: 0, unreliable: 0 },
    peakKw: null,
    peakAtSec: null,
    baseLoadKw: null,
  };
  if (frame.toSec <= frame.fromSec) return out;
  const perHour = 3600 / frame.resolutionSec;
  let peak: { value: number; at: number } | null = null;
  const add = (value: number, quality: number, at: number) => {
    out.readings += 1;
    out.kwh += value;
    if (quality === 1) out.quality.measured += 1;
    else if (quality === 2) out.quality.estimated += 1;
    else out.quality.unreliable += 1;
    if (!peak || value > peak.value) peak = { value, at };
  };
  // The days the frame holds whole, and the (at most two) it cuts at its edges.
  const firstDay = dayNumberOf(frame.fromSec, tz);
  const lastDay = dayNumberOf(frame.toSec - 1, tz);
  const wholeFrom = dayStartSec(firstDay, tz) === frame.fromSec ? firstDay : firstDay + 1;
  const wholeTo = dayStartSec(lastDay + 1, tz) === frame.toSec ? lastDay : lastDay - 1;
  const cut = (d: number) => {
    const from = Math.max(dayStartSec(d, tz), frame.fromSec);
    const to = Math.min(dayStartSec(d + 1, tz), frame.toSec);
    for (const x of readRange(db, seriesId, from, to)) add(x[2], x[3], x[0]);
  };
  // In time order, so that of equal peaks the first is named: the first cut day, the whole days (the
  // first of their equal maxima: SQLite keeps the first row of max()), the last cut day.
  if (wholeFrom !== firstDay) cut(firstDay);
  let p5 = { sum: 0, days: 0 };
  if (wholeTo >= wholeFrom) {
    const r = rollupSummary(db, seriesId, wholeFrom, wholeTo);
    out.readings += r.n;
    out.kwh += r.kwh;
    out.quality.measured += r.measured;
    out.quality.estimated += r.estimated;
    out.quality.unreliable += r.unreliable;
    const best = peak as { value: number } | null;
    if (r.max !== null && r.max_at !== null && (!best || r.max > best.value))
      peak = { value: r.max, at: r.max_at };
    p5 = { sum: r.p5_sum ?? 0, days: r.p5_days };
  }
  if (wholeTo !== lastDay && lastDay !== firstDay) cut(lastDay);
  out.completeness = frame.expected > 0 ? out.readings / frame.expected : 0;
  out.kwh = Math.round(out.kwh * 1e6) / 1e6;
  const pk = peak as { value: number; at: number } | null;
  if (pk) {
    out.peakKw = Math.round(pk.value * perHour * 1e6) / 1e6;
    out.peakAtSec = pk.at;
  }
  if (p5.days > 0) out.baseLoadKw = Math.round((p5.sum / p5.days) * perHour * 1e6) / 1e6;
  return out;
}

/** One local day of a frame: its intervals inside the frame and the readings it holds there. */
export interface FrameDay {
  day: number;
  /** Intervals of the day inside the frame (a day cut by the frame's edge: its part). */
  expected: number;
  received: number;
  measured: number;
  estimated: number;
  unreliable: number;
}

/**
 * The frame's local days, each counted inside the frame: the only source of a day's expected intervals
 * and of the days with gaps (data health, the quality tab, the report's days, the watch list). A day
 * cut by the frame (the first reading at noon, the horizon mid-day) expects only its part.
 */
export function frameDays(db: Database.Database, f: Framed): FrameDay[] {
  const { frame, tz } = f;
  if (frame.toSec <= frame.fromSec || f.seriesId === null) return [];
  const firstDay = dayNumberOf(frame.fromSec, tz);
  const lastDay = dayNumberOf(frame.toSec - 1, tz);
  const byDay = new Map(rollupDays(db, f.seriesId, firstDay, lastDay).map((r) => [r.day, r]));
  const out: FrameDay[] = [];
  for (let d = firstDay; d <= lastDay; d++) {
    const start = dayStartSec(d, tz);
    const end = dayStartSec(d + 1, tz);
    const from = Math.max(start, frame.fromSec);
    const to = Math.min(end, frame.toSec);
    const r = byDay.get(d);
    const entry: FrameDay = {
      day: d,
      expected: (to - from) / frame.resolutionSec,
      received: r?.count ?? 0,
      measured: r?.n_measured ?? 0,
      estimated: r?.n_estimated ?? 0,
      unreliable: r?.n_unreliable ?? 0,
    };
    if ((from !== start || to !== end) && r && r.count > 0) {
      // A day cut by the frame's edge: its own readings inside the frame.
      entry.received = entry.measured = entry.estimated = entry.unreliable = 0;
      for (const x of readRange(db, f.seriesId, from, to)) {
        entry.received += 1;
        if (x[3] === 1) entry.measured += 1;
        else if (x[3] === 2) entry.estimated += 1;
        else entry.unreliable += 1;
      }
    }
    out.push(entry);
  }
  return out;
}
