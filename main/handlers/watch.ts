/**
 * The watch list (issue 45): the rules evaluated in the query thread (from the rollups), the findings
 * recorded on the profile (each once), listed with their meters; and the person's "seen".
 */
import { meterRow } from '../db/meter-reads';
import { acknowledgeFinding, openFindings, recordFindings, type Finding } from '../db/watch-store';
import type { HandlerContext, HandlersOf } from './context';

type WatchChannels = 'watch:list' | 'watch:acknowledge';

export function watchHandlers({ services, writable, nowSec }: HandlerContext): HandlersOf<WatchChannels> {
  const tz = services.tz;
  return {
    'watch:list': async () => {
      const c = await writable();
      const now = await nowSec();
      const found = (await c.queries.run('watch', now, tz)) as Finding[];
      const { added } = recordFindings(c.db, found, now);
      return openFindings(c.db).map((f) => {
        const m = meterRow(c.db, f.meterId);
        return {
          ...f,
          meterLabel: m?.label ?? m?.metering_point ?? f.meterId,
          isNew: added.some((a) => a.id === f.id) || f.acknowledgedSec === null,
        };
      });
    },
    'watch:acknowledge': async ({ id }) => ({
      acknowledged: acknowledgeFinding((await writable()).db, id, await nowSec()),
    }),
  };
}
