/**
 * The watch list evaluated after every write (issue 45, item 1): a sync, an import, a push, a merge —
 * anything that says "readings changed" — starts an evaluation a few seconds after the last such
 * event (a sync's pages come in bursts), in the query thread, recorded on the profile; the window
 * hears `watch:changed` when something was added or cleared and shows it (the meter list's badges).
 * One evaluation at a time; a write during one asks for another after it.
 */
import type { EventName, EventPayload } from '../../preload/contract';
import { recordFindings, type Finding } from '../db/watch-store';
import type { ProfileContext } from '../profile-context';

export const WATCH_DELAY_MS = 3000;

export function watchAfterWrites(d: {
  on: (listener: (event: EventName, payload: unknown) => void) => () => void;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  active: () => Promise<ProfileContext>;
  nowSec: () => Promise<number>;
  tz: string;
  delayMs?: number;
}): { stop: () => void; whenIdle: () => Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), d.delayMs ?? WATCH_DELAY_MS);
    timer.unref?.();
  };
  const run = async () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        const c = await d.active();
        // A team profile's findings go into its copy (the app's own file), never the team's store.
        if (c.profile.kind !== 'team') await c.assertWritable();
        const now = await d.nowSec();
        const found = (await c.queries.run('watch', now, d.tz)) as Finding[];
        const { added, cleared } = recordFindings(c.db, found, now);
        if (added.length > 0 || cleared > 0) d.emit('watch:changed', { added: added.length, cleared });
      } catch (err) {
        // The list evaluates again when it is opened; a profile closed meanwhile is no failure.
        console.warn(`Meterdesk: the watch list was not evaluated after a write: ${(err as Error).message}`);
      }
    })();
    await running;
    running = null;
    if (again) {
      again = false;
      schedule();
    }
  };
  const off = d.on((event) => {
    if (event === 'readings:changed') schedule();
  });
  return {
    stop() {
      off();
      if (timer) clearTimeout(timer);
      timer = null;
    },
    whenIdle: async () => {
      await running;
    },
  };
}
