/**
 * The watch list's rules about data that is owed (issue 59), each from the register's frame
 * (analysis/frame.ts), so the list says what the meter's screens say:
 * - `days_missing`: days of the last 30, up to what is owed (horizon.ts: the account's delivery, the
 *   delivery delay, an imported meter's files), with fewer readings than the frame expects of them — a
 *   first day that starts at noon expects its afternoon, a yesterday not yet delivered nothing;
 * - `data_stopped`: a synced meter whose newest reading lies more than its threshold of owed days back.
 * Every finding carries its span and whether the data in it are complete (`spanOf`).
 */
import type Database from 'better-sqlite3';
import { figuresOf, frameDays, frameFor, mainRegister, type Framed } from '../analysis/frame';
import type { Finding } from '../db/watch-store';
import { dayKey, dayNumberOf, dayNumberOfKey, dayStartSec } from '../time/local-days';

export interface WatchSpan {
  fromSec: number;
  toSec: number;
  /** Every interval the span owes is there. */
  complete: boolean;
}

/** A register's span as its frame sees it: clipped to what is owed, and whether it is complete. */
export function spanOf(db: Database.Database, f: Framed): WatchSpan {
  const fig = figuresOf(db, f);
  return { fromSec: f.fromSec, toSec: f.toSec, complete: fig.expected > 0 && fig.readings >= fig.expected };
}

/** A register of a meter over local days [fromDay, toDay), framed at `nowSec`. */
export function framedDays(
  db: Database.Database,
  s: { meter_id: string; obis_code: string },
  fromDay: number,
  toDay: number,
  nowSec: number,
  tz: string,
): Framed {
  return frameFor(
    db,
    {
      meterId: s.meter_id,
      obisCode: s.obis_code,
      fromSec: dayStartSec(fromDay, tz),
      toSec: dayStartSec(toDay, tz),
    },
    nowSec,
    tz,
  );
}

type Emit = (f: { rule: string; key: string; figures: Record<string, unknown> }) => void;

/** `days_missing` and `data_stopped` of one register. */
export function owedRules(
  db: Database.Database,
  s: { meter_id: string; obis_code: string; status: string },
  last: number,
  stop: { value: number | null; scope: string },
  nowSec: number,
  tz: string,
  at: Emit,
): void {
  const today = dayNumberOf(nowSec, tz);
  const f = framedDays(db, s, today - 30, today, nowSec, tz);
  // The newest day owed: the one before the frame's horizon.
  const owedDay = dayNumberOf(f.frame.horizonSec - 1, tz);
  const threshold = stop.value ?? 3;
  const stopped = s.status !== 'imported' && owedDay - last >= threshold;
  if (stopped)
    at({
      rule: 'data_stopped',
      key: 'data_stopped',
      figures: {
        lastDay: dayKey(last),
        days: owedDay - last,
        thresholdDays: threshold,
        scope: stop.scope,
        fromSec: dayStartSec(last + 1, tz),
        toSec: f.frame.horizonSec,
        complete: false,
      },
    });
  const short = frameDays(db, f).filter((d) => d.received < d.expected);
  // A stopped meter says so once; its missing days are that.
  if (short.length === 0 || stopped) return;
  at({
    rule: 'days_missing',
    key: 'days_missing',
    figures: {
      days: short.length,
      first: dayKey(short[0]!.day),
      lastDays: short.slice(-5).map((d) => dayKey(d.day)),
      window: 30,
      ...spanOf(db, f),
    },
  });
}

/** The local days [from, to) a rule looked at, from its finding (the rules' windows, rules.ts). */
function windowOf(
  f: { rule: string; key: string; figures: Record<string, unknown> },
  today: number,
): [number, number] {
  const day = (k: unknown) => dayNumberOfKey(String(k));
  switch (f.rule) {
    case 'peak_new':
    case 'peak_cap':
      return [day(`${String(f.figures.month)}-01`), today];
    case 'base_step':
      return [today - 70, today];
    case 'feed_in_drop':
      return [today - 14, today];
    case 'year_change':
      return [day(f.figures.from), day(f.figures.to) + 1];
    case 'day_revised':
      return [day(f.key), day(f.key) + 1];
    default:
      return [today - 30, today];
  }
}

/**
 * A finding with its span (`fromSec`, `toSec`, `complete`): the window its rule looked at, framed on
 * the finding's register (a community finding: the member's total register), so `watch --json` and the
 * list say whether the data it rests on are complete.
 */
export function withSpan(db: Database.Database, f: Finding, nowSec: number, tz: string): Finding {
  if (typeof f.figures.fromSec === 'number') return f;
  const [from, to] = windowOf(f, dayNumberOf(nowSec, tz));
  const obis = f.rule.startsWith('community_')
    ? (mainRegister(db, f.meterId)?.obis_code ?? f.obisCode)
    : f.obisCode;
  if (to <= from) return f;
  return {
    ...f,
    figures: {
      ...f.figures,
      ...spanOf(db, framedDays(db, { meter_id: f.meterId, obis_code: obis }, from, to, nowSec, tz)),
    },
  };
}
