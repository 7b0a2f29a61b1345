/**
 * The one open profile: opened on first use and shared by everyone who asks meanwhile, closed on a
 * switch, with the threads of closed profiles tracked until they have ended.
 */
import type { ProfileContext } from './profile-context';

export function createActiveProfile(
  open: (profileId: string) => Promise<ProfileContext>,
  activeId: () => string,
  onClose: () => void,
) {
  let ctx: ProfileContext | null = null;
  /** The active profile's context while it is being opened (see `active`). */
  let opening: Promise<ProfileContext> | null = null;
  /** Counts closes, so that an opening a close overtook is not installed. */
  let generation = 0;
  /** Threads of closed profiles that are still winding down. */
  const closingWorkers = new Set<Promise<void>>();
  /** Keeps a closing thread's promise until it settles, so `close()` can wait for every one. */
  const whileClosing = (closing: Promise<void>) => {
    const settled: Promise<void> = closing.finally(() => closingWorkers.delete(settled));
    closingWorkers.add(settled);
  };

  function closeContext(c: ProfileContext): void {
    void c.push?.stop();
    c.closeExtras();
    c.sync.cancel();
    const closing = c.sync.close?.();
    if (closing) whileClosing(closing);
    // The query thread holds the file open too (a removed profile's folder must delete).
    whileClosing(c.queries.close());
    whileClosing(c.checker.close());
    c.db.close();
  }

  /**
   * The active profile's context, opened on first use. Callers that ask while it is being opened
   * share that one opening (the window's first requests and the start-up sync arrive together: each
   * used to open the database and start a sync thread of its own). An opening overtaken by a close or a
   * switch is closed again, and the then-active profile is opened instead.
   */
  function active(): Promise<ProfileContext> {
    if (ctx) return Promise.resolve(ctx);
    if (opening) return opening;
    const gen = generation;
    const p: Promise<ProfileContext> = open(activeId()).then(
      (c) => {
        if (opening === p) opening = null;
        if (gen !== generation) {
          closeContext(c);
          return active();
        }
        ctx = c;
        return c;
      },
      (err: unknown) => {
        if (opening === p) opening = null;
        throw err;
      },
    );
    opening = p;
    return p;
  }

  return {
    active,
    /** The open profile, or null while none is (no waiting for an opening). */
    current: () => ctx,
    closeActive(): void {
      generation += 1;
      opening = null;
      if (ctx) {
        onClose();
        closeContext(ctx);
        ctx = null;
      }
    },
    whileClosing,
    /** Resolves once the threads of closed profiles have ended (their files are then free to delete). */
    whenClosed: () => Promise.all([...closingWorkers]).then(() => undefined),
  };
}
