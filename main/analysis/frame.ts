/**
 * One frame for every figure of one register: the span a figure describes, worked out in one place.
 * A requested span (a calendar day, week, month, year, or an exact zoomed span) is clipped
 *
 * - to "now": up to the start of today (grid operators deliver day D on the morning of D+1), or up to
 *   the latest reading when later readings have arrived (MQTT), never beyond this instant;
 * - to the register's data: from its first reading on (a meter registered mid-month owes nothing for
 *   the days before it existed); days without data inside the span are gaps and count.
 *
 * Its expected intervals follow from the clipped span in absolute time: 92, 96 or 100 quarter-hours on
 * a local day (23, 24 or 25 for hourly series). Every figure of the frame — readings, completeness,
 * energy, quality counts, peak, base load — describes exactly that span: whole days from the daily
 * rollups, the partial days at a zoomed span's edges from the readings themselves.
 */
import type Database from 'better-sqlite3';
import { dayNumberOf, dayStartSec, DEFAULT_TZ } from '../../common/zone';
import type { FrameView, RangeFigures } from '../../preload/contract';
import { readRange } from '../db/readings-read';
import { rollupBounds, rollupDays, seriesById, seriesOf } from '../db/series-reads';

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
    id === null ? emptyFrame(req.fromSec, req.toSec) : frameOf(db, id, req.fromSec, req.toSec, nowSec, tz);
  // A span wholly before the register's first reading: empty, as its frame says — the meter owes
  // nothing for days before it existed (no view lists them as gaps).
  const beforeData = frame.toSec <= frame.fromSec && frame.clippedToData;
  const empty = frame.toSec <= frame.fromSec && !beforeData;
  // Any other empty frame (no readings in the span): the requested span up to the start of today, so a
  // view still names the days that have passed (as "no data") and never a day still to come.
  const today = dayStartSec(dayNumberOf(nowSec, tz), tz);
  const horizon = Math.max(req.fromSec, Math.min(req.toSec, today));
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
 * A second register read over the frame of the first (the feed-in beside the consumption of a
 * battery, the previous year of a comparison): the same span, by construction.
 */
export function sameSpan(
  db: Database.Database,
  f: Framed,
  other: { meterId?: string; obisCode?: string; fromSec?: number; toSec?: number },
): Framed {
  const meterId = other.meterId ?? f.meterId;
  const obisCode = other.obisCode ?? f.obisCode;
  const fromSec = other.fromSec ?? f.fromSec;
  const toSec = other.toSec ?? f.toSec;
  return {
    ...f,
    meterId,
    obisCode,
    seriesId: seriesIdOf(db, meterId, obisCode),
    fromSec,
    toSec,
    frame: { ...f.frame, fromSec, toSec, expected: (toSec - fromSec) / f.frame.resolutionSec },
  } as Framed;
}

function emptyFrame(fromSec: number, toSec: number): Frame {
  return {
    requestedFromSec: fromSec,
    requestedToSec: toSec,
    fromSec,
    toSec: fromSec,
    clippedToNow: false,
    clippedToData: false,
    resolutionSec: 900,
    expected: 0,
  };
}

/** The first reading's start and the latest reading's end of a series, or null without readings. */
function dataSpan(db: Database.Database, seriesId: number): { firstSec: number; lastEndSec: number } | null {
  const b = rollupBounds(db, seriesId);
  if (b.first === null || b.last === null) return null;
  const firstDay = readRange(db, seriesId, dayStartSec(b.first), dayStartSec(b.first + 1));
  const lastDay = readRange(db, seriesId, dayStartSec(b.last), dayStartSec(b.last + 1));
  if (firstDay.length === 0 || lastDay.length === 0) return null;
  return { firstSec: firstDay[0]![0], lastEndSec: lastDay[lastDay.length - 1]![1] };
}

/** The frame of one series over [fromSec, toSec) at `nowSec`. */
export function frameOf(
  db: Database.Database,
  seriesId: number,
  fromSec: number,
  toSec: number,
  nowSec: number,
  tz = DEFAULT_TZ,
): Frame {
  const resolutionSec = seriesById(db, seriesId)?.resolution_sec ?? 900;
  const span = dataSpan(db, seriesId);
  const startOfToday = dayStartSec(dayNumberOf(nowSec, tz), tz);
  const horizon = Math.min(nowSec, Math.max(startOfToday, span?.lastEndSec ?? 0));
  const align = (sec: number, up: boolean) =>
    (up ? Math.ceil(sec / resolutionSec) : Math.floor(sec / resolutionSec)) * resolutionSec;
  let from = align(fromSec, true);
  let to = align(Math.min(toSec, horizon), false);
  const clippedToNow = toSec > horizon;
  let clippedToData = false;
  if (span && span.firstSec > from) {
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
  };
}

/** Every figure of one series in its frame. */
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
  const firstDay = dayNumberOf(frame.fromSec, tz);
  const lastDay = dayNumberOf(frame.toSec - 1, tz);
  const p5s: number[] = [];
  const add = (value: number, quality: number, at: number) => {
    out.readings += 1;
    out.kwh += value;
    if (quality === 1) out.quality.measured += 1;
    else if (quality === 2) out.quality.estimated += 1;
    else out.quality.unreliable += 1;
    if (!peak || value > peak.value) peak = { value, at };
  };
  const byDay = new Map(rollupDays(db, seriesId, firstDay, lastDay).map((r) => [r.day, r]));
  for (let d = firstDay; d <= lastDay; d++) {
    const dayFrom = dayStartSec(d, tz);
    const dayTo = dayStartSec(d + 1, tz);
    const whole = dayFrom >= frame.fromSec && dayTo <= frame.toSec;
    const r = byDay.get(d);
    if (whole) {
      if (!r || r.count === 0) continue;
      out.readings += r.count;
      out.kwh += r.sum;
      out.quality.measured += r.n_measured;
      out.quality.estimated += r.n_estimated;
      out.quality.unreliable += r.n_unreliable;
      if (r.max !== null && r.max_start_sec !== null && (!peak || r.max > peak.value))
        peak = { value: r.max, at: r.max_start_sec };
      if (r.p5 !== null) p5s.push(r.p5);
    } else if (r && r.count > 0) {
      // A day cut by the frame's edge: its readings inside the frame.
      for (const x of readRange(db, seriesId, Math.max(dayFrom, frame.fromSec), Math.min(dayTo, frame.toSec)))
        add(x[2], x[3], x[0]);
    }
  }
  out.completeness = frame.expected > 0 ? out.readings / frame.expected : 0;
  out.kwh = Math.round(out.kwh * 1e6) / 1e6;
  const p = peak as { value: number; at: number } | null;
  if (p) {
    out.peakKw = Math.round(p.value * perHour * 1e6) / 1e6;
    out.peakAtSec = p.at;
  }
  if (p5s.length > 0)
    out.baseLoadKw = Math.round((p5s.reduce((a, b) => a + b, 0) / p5s.length) * perHour * 1e6) / 1e6;
  return out;
}
