/** Meters: the list, registration and consent (through the service), and the person's own meters. */
import { deleteMeter, mergeMeters, renameMeter, setMeterSite, setUsageClass } from '../db/meter-admin';
import { listSites, meterStatusOf } from '../db/meter-lookups';
import { mergePreview } from '../db/merge-preview';
import { withListFigures } from '../analysis/meter-list';
import { listCustomers, mergePlaces, renamePlace } from '../db/place-admin';
import type { HandlerContext, HandlersOf } from './context';
import { AppError } from '../errors';

type MeterChannels =
  | 'meters:list'
  | 'meters:register'
  | 'meters:requestConsent'
  | 'meters:refreshStatus'
  | 'meters:withdrawConsent'
  | 'sites:list'
  | 'meters:rename'
  | 'meters:setUsage'
  | 'meters:setSite'
  | 'meters:mergePreview'
  | 'meters:merge'
  | 'meters:delete'
  | 'places:customers'
  | 'places:rename'
  | 'places:merge';

const statusOf = (m: {
  id: string;
  status: string;
  consentState: string | null;
  consentExpiresSec: number | null;
}) => ({
  meterId: m.id,
  status: m.status,
  consentState: m.consentState,
  consentExpiresSec: m.consentExpiresSec,
});

export function meterHandlers({ services, writable, nowSec }: HandlerContext): HandlersOf<MeterChannels> {
  const changed = (...meterIds: string[]) => services.emit('readings:changed', { meterIds });
  return {
    'meters:mergePreview': async ({ fromId, intoId, replace }) =>
      mergePreview((await services.active()).db, fromId, intoId, replace),
    'meters:list': async () => {
      const c = await services.active();
      const now = await nowSec();
      const list = withListFigures(c.db, c.account.listMeterViews(now), now, services.tz);
      services.listServed(list.length);
      return list;
    },
    'meters:register': async ({ meteringPoint, energyDirection, label, siteId }) => {
      const c = await services.active();
      const m = await c.api.registerMeter({
        metering_point: meteringPoint,
        energy_direction: energyDirection,
        label,
        site_id: siteId,
      });
      c.account.saveMeters([m], await nowSec());
      changed(m.id);
      return statusOf(m);
    },
    'meters:requestConsent': async ({ meterId, customerEmail }) => {
      const c = await services.active();
      await c.api.requestConsent(meterId, customerEmail);
      const m = await c.api.getMeter(meterId);
      c.account.saveMeters([m], await nowSec());
      changed(m.id);
      return statusOf(m);
    },
    'meters:refreshStatus': async ({ meterId }) => {
      const c = await services.active();
      const before = meterStatusOf(c.db, meterId);
      const m = await c.api.getMeter(meterId);
      c.account.saveMeters([m], await nowSec());
      if (m.status === 'connected' && before !== 'connected') void services.syncNow(); // the first sync of the new meter
      if (m.status !== before) changed(m.id);
      return statusOf(m);
    },
    'meters:withdrawConsent': async ({ meterId }) => {
      const c = await services.active();
      await c.api.withdrawConsent(meterId);
      const m = await c.api.getMeter(meterId);
      c.account.saveMeters([m], await nowSec());
      changed(m.id);
      return statusOf(m);
    },
    'sites:list': async () => listSites((await services.active()).db),
    'meters:rename': async ({ meterId, label }) => {
      renameMeter((await writable()).db, meterId, label);
      changed(meterId);
      return { renamed: meterId };
    },
    'meters:setUsage': async ({ meterId, usageClass }) => {
      setUsageClass((await writable()).db, meterId, usageClass);
      changed(meterId);
      return { meterId, usageClass };
    },
    'meters:setSite': async (q) => {
      const c = await writable();
      const r = setMeterSite(
        c.db,
        q.meterId,
        'siteId' in q
          ? { siteId: q.siteId }
          : { newSite: q.newSite, customerId: q.customerId, newCustomer: q.newCustomer },
      );
      changed(q.meterId);
      return r;
    },
    'meters:merge': async ({ fromId, intoId, replace, expected }) => {
      const c = await writable();
      // The preview the person confirmed must still hold (issue 61: after an import meanwhile the merge
      // moved nothing and deleted the merged meter); checked inside the merge's transaction.
      const check = () => {
        if (!expected) return;
        const now = mergePreview(c.db, fromId, intoId, replace);
        const keys = ['offered', 'added', 'conflicts', 'replaced'] as const;
        if (keys.some((k) => now[k] !== expected[k]))
          throw new AppError(
            'conflict',
            `The meters changed since the preview (${expected.offered} readings offered then, ${now.offered} now; ${expected.conflicts} and ${now.conflicts} at other values): nothing was merged. Look at the preview again.`,
            { reason: 'merge_preview_changed', params: { then: expected.offered, now: now.offered } },
          );
      };
      const r = mergeMeters(c.db, c.readings, fromId, intoId, await nowSec(), replace, check);
      changed(fromId, intoId);
      return r;
    },
    'places:customers': async () => listCustomers((await services.active()).db),
    'places:rename': async ({ kind, id, name }) => {
      const r = renamePlace((await writable()).db, kind, id, name);
      changed();
      return r;
    },
    'places:merge': async ({ kind, fromId, intoId }) => {
      const r = mergePlaces((await writable()).db, kind, fromId, intoId);
      changed();
      return r;
    },
    'meters:delete': async ({ meterId }) => {
      const r = deleteMeter((await writable()).db, meterId);
      changed(meterId);
      return r;
    },
  };
}
