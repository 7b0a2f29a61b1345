/**
 * The one clock of the core. Every "now" a figure, a record or a log line needs comes from a `Clock`:
 * the services hand theirs to handlers and threads (on the demo profile it is the demo service's world
 * clock), tests set a fixed one. `Date.now()` appears nowhere else in `main/` outside `main/demo/`
 * (the demo service is a world of its own) — the lint rule `no-restricted-properties` says so.
 */
export interface Clock {
  /** Whole UTC seconds. */
  nowSec(): number;
  /** Milliseconds, for durations and timeouts (never for a figure's frame). */
  nowMs(): number;
}

/** This computer's clock. */
export const systemClock: Clock = {
  // eslint-disable-next-line no-restricted-properties -- the one place that reads the system clock
  nowSec: () => Math.floor(Date.now() / 1000),
  // eslint-disable-next-line no-restricted-properties -- the one place that reads the system clock
  nowMs: () => Date.now(),
};

/** A clock that stands still at `sec` (tests, and a figure computed for a given instant). */
export const fixedClock = (sec: number): Clock => ({ nowSec: () => sec, nowMs: () => sec * 1000 });
