/**
 * The watch list (issue 45): the rules evaluated in the query thread (from the rollups), the findings
 * recorded on the profile (each once), listed with their meters; and the person's "seen".
 */
import { meterRow } from '../db/meter-reads';
import { openFindings, recordFindings, isUnseen, thresholdRows, type Finding } from '../db/watch-store';
import { AppError } from '../errors';
import { placeOfMeter } from '../db/meter-reads';
import { THRESHOLDS, thresholdsView } from '../watch/thresholds';
import type { HandlerContext, HandlersOf } from './context';

type WatchChannels =
  'watch:list' | 'watch:acknowledge' | 'watch:snooze' | 'watch:thresholds' | 'watch:setThreshold';

export function watchHandlers({ services, nowSec }: HandlerContext): HandlersOf<WatchChannels> {
  const tz = services.tz;
  const marks = async () => (await (await services.active()).storeWrites()).marks;
  return {
    'watch:list': async () => {
      // A team profile's findings are recorded in its copy (the app's own file), never the team's store.
      const c = await services.active();
      if (c.profile.kind !== 'team') await c.assertWritable();
      const now = await nowSec();
      const found = (await c.queries.run('watch', now, tz)) as Finding[];
      const { added } = recordFindings(c.db, found, now);
      return openFindings(c.db).map((f) => {
        const m = meterRow(c.db, f.meterId);
        return {
          ...f,
          meterLabel: m?.label ?? m?.metering_point ?? f.meterId,
          isNew: added.some((a) => a.id === f.id) || isUnseen(f, now),
        };
      });
    },
    'watch:snooze': async ({ id, days, was }) => ({
      snoozed: await (await marks()).snooze(id, (await nowSec()) + days * 86_400, was),
    }),
    'watch:thresholds': async ({ meterId }) => {
      const db = (await services.active()).db;
      return thresholdsView(thresholdRows(db), placeOfMeter(db, meterId));
    },
    'watch:setThreshold': async ({ meterId, scope, rule, value, was }) => {
      const c = await services.active();
      const place = placeOfMeter(c.db, meterId);
      const scopeId = scope === 'meter' ? place.meterId : scope === 'site' ? place.siteId : place.customerId;
      if (scopeId === null)
        throw new AppError('invalid_input', `This meter has no ${scope}: set the threshold for the meter.`, {
          reason: 'watch_scope_missing',
          params: { scope },
        });
      const b = THRESHOLDS[rule];
      if (value !== null && (value < b.min || value > b.max))
        throw new AppError(
          'invalid_input',
          `The threshold of ${rule} lies between ${b.min} and ${b.max} ${b.unit}.`,
          {
            reason: 'watch_threshold_range',
            params: { min: b.min, max: b.max, unit: b.unit },
          },
        );
      await (await marks()).setThreshold({ scope, scopeId, rule, value }, was, await nowSec());
      return thresholdsView(thresholdRows(c.db), place);
    },
    'watch:acknowledge': async ({ id, was }) => ({
      acknowledged: await (await marks()).acknowledge(id, await nowSec(), was),
    }),
  };
}
