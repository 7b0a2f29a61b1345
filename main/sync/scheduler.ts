/**
 * When to sync: at start and on "sync now" (both run by the shells, outside this module), every `intervalSec`, and
 * around the grid operators' daily delivery (readings of day D arrive in the morning of D+1), with a
 * little jitter so many installations do not hit the service at the same second.
 */
import { DEFAULT_TZ, dayNumberOf, dayStartSec, offsetMinutesAt } from '../time/local-days';
import { systemClock } from '../time/clock';

export interface ScheduleOptions {
  intervalSec: number;
  /** Local hour (0–23) after which the daily delivery is expected. */
  deliveryLocalHour: number;
  jitterSec: number;
  tz?: string;
}

/**
 * The longest wait the scheduler arms: a day. A rate limit's end further ahead is waited for a day at a
 * time (each run that meets the limit plans the next); beyond 2³¹ ms Node would fire at once instead.
 */
export const MAX_WAIT_SEC = 86_400;

/** A delay for `setTimeout` from "now" to `sec`: never negative, never more than MAX_WAIT_SEC. */
export function clampedDelayMs(sec: number, nowMs: number = systemClock.nowMs()): number {
  const ms = sec * 1000 - nowMs;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_WAIT_SEC * 1000) : MAX_WAIT_SEC * 1000;
}

export const defaultSchedule: ScheduleOptions = { intervalSec: 3600, deliveryLocalHour: 7, jitterSec: 900 };

/** The next sync time after `nowSec`: the earlier of the interval and the next delivery window. */
export function nextSyncSec(nowSec: number, o: ScheduleOptions, random: () => number = Math.random): number {
  // intervalSec 0: only the daily delivery window (and "sync now").
  const tz = o.tz ?? DEFAULT_TZ;
  const today = dayNumberOf(nowSec, tz);
  // Wall-clock hour of a local day: midnight plus the hours, corrected when the UTC offset changes
  // in between (DST change days).
  const localHour = (day: number) => {
    const midnight = dayStartSec(day, tz);
    const guess = midnight + o.deliveryLocalHour * 3600;
    return guess - (offsetMinutesAt(guess, tz) - offsetMinutesAt(midnight, tz)) * 60;
  };
  let delivery = localHour(today);
  if (delivery <= nowSec) delivery = localHour(today + 1);
  const jittered = delivery + Math.floor(random() * o.jitterSec);
  return o.intervalSec > 0 ? Math.min(nowSec + o.intervalSec, jittered) : jittered;
}

/**
 * Runs `run` at every planned time. The first run is the next planned one: the shells sync once
 * themselves right at start, so the scheduler does not add a second sync seconds later.
 */
export function createScheduler(run: () => Promise<unknown>, o: ScheduleOptions = defaultSchedule) {
  let timer: NodeJS.Timeout | null = null;
  let next: number | null = null;
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      void run()
        .catch(() => undefined)
        .finally(() => {
          if (timer) arm(plan());
        });
    }, ms);
    timer.unref?.();
  };
  const plan = () => {
    const now = systemClock.nowSec();
    next = nextSyncSec(now, o);
    return clampedDelayMs(next, now * 1000);
  };
  let once: NodeJS.Timeout | null = null;
  return {
    start() {
      if (!timer) arm(plan());
    },
    /**
     * One extra run at `sec` (a rate limit's end), besides the plan; a later call replaces it. Runs only
     * while the schedule is started. A time more than a day ahead runs in a day (MAX_WAIT_SEC).
     */
    runOnceAt(sec: number) {
      if (once) clearTimeout(once);
      sec = Math.min(sec, systemClock.nowMs() / 1000 + MAX_WAIT_SEC);
      const ms = clampedDelayMs(sec);
      once = setTimeout(() => {
        once = null;
        if (timer) void run().catch(() => undefined);
      }, ms);
      once.unref?.();
      if (next === null || sec < next) next = sec;
    },
    stop() {
      if (timer) clearTimeout(timer);
      if (once) clearTimeout(once);
      timer = null;
      once = null;
      next = null;
    },
    nextRunSec: () => next,
    /** Changes the interval; a running schedule is re-planned at once. */
    setIntervalSec(intervalSec: number) {
      o = { ...o, intervalSec };
      if (timer) {
        clearTimeout(timer);
        arm(plan());
      }
    },
    intervalSec: () => o.intervalSec,
  };
}
