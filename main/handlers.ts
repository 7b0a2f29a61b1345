/**
 * Implements every contract channel on top of the services. Inputs arrive already validated (see
 * dispatch.ts). No Electron import: the same handlers serve the desktop app and the browser harness.
 * Tokens go in (auth:setToken) and never come out.
 */
import { basename, join } from 'node:path';
import { readdirSync, statSync } from 'node:fs';
import type { ChannelName, ChannelOutput, ChannelParsedInput, ProfileView } from '../preload/contract';
import { createApiClient, splitTeamUrl } from './api/client';
import { querySeries } from './db/series-query';
import { queryQuality } from './db/quality-query';
import { AppError } from './errors';
import { exportCsv } from './export/csv';
import type { Profile } from './profiles/registry';
import type { Services } from './services';
import { dayKey, dayNumberOf } from './time/local-days';

export type Handlers = {
  [C in ChannelName]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;
};

/** Bytes of a folder tree (the data folder size shown in Settings). */
function folderBytes(dir: string): number {
  let total = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      total += e.isDirectory() ? folderBytes(p) : statSync(p).size;
    }
  } catch {
    // a missing folder has no size
  }
  return total;
}

export function createHandlers(services: Services): Handlers {
  const view = async (p: Profile): Promise<ProfileView> => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    baseUrl: p.baseUrl,
    team: p.team,
    plan: p.plan,
    isActive: services.profiles.activeId() === p.id,
    hasToken: p.kind === 'demo' ? true : await services.secrets.has(p.id).catch(() => false),
  });

  return {
    'app:info': async () => ({
      name: 'Meterdesk',
      version: services.opts.version,
      platform: process.platform,
      shell: services.opts.shell === 'electron' ? 'electron' : 'harness',
      dataDir: services.opts.dataDir,
      locale: services.opts.locale ?? 'de-AT',
    }),
    'app:storage': async () => ({
      dataDir: services.opts.dataDir,
      bytes: folderBytes(services.opts.dataDir),
      nextSyncSec: services.nextSyncSec(),
    }),
    'profiles:list': async () => Promise.all(services.profiles.list().map(view)),
    'profiles:switch': async ({ profileId }) => view((await services.switchProfile(profileId)).profile),
    'profiles:add': async ({ name, teamUrl }) => {
      const { baseUrl, team } = splitTeamUrl(teamUrl);
      return view(services.profiles.add({ name, baseUrl, team, plan: null }));
    },
    'profiles:rename': async ({ profileId, name }) => view(services.profiles.update(profileId, { name })),
    'profiles:remove': async ({ profileId, deleteLocalData }) => {
      if (services.profiles.activeId() === profileId) services.closeActive();
      await services.secrets.delete(profileId).catch(() => undefined);
      services.profiles.remove(profileId, deleteLocalData);
      return { removed: true };
    },
    'profiles:testConnection': async ({ teamUrl, token }) => {
      const { baseUrl, team } = splitTeamUrl(teamUrl);
      const api = createApiClient({ baseUrl, team, token, maxRetries: 1, timeoutMs: 15_000 });
      const meters = await api.listMeters();
      const account = await api.account().catch(() => null);
      return { team, plan: account?.plan ?? null, meterCount: meters.length };
    },
    'auth:setToken': async ({ profileId, token }) => {
      const p = services.profiles.get(profileId);
      if (p.kind === 'demo') throw new AppError('conflict', 'The demo profile needs no token.');
      await services.secrets.set(profileId, token);
      const api = createApiClient({ baseUrl: p.baseUrl, team: p.team, token, maxRetries: 1 });
      const account = await api.account().catch(() => null);
      if (account?.plan) services.profiles.update(profileId, { plan: account.plan });
      return { hasToken: true };
    },
    'auth:status': async ({ profileId }) => {
      const p = services.profiles.get(profileId);
      return { hasToken: p.kind === 'demo' ? true : await services.secrets.has(profileId) };
    },
    'meters:list': async () =>
      (await services.active()).account.listMeterViews(Math.floor(Date.now() / 1000)),
    'meters:register': async ({ meteringPoint, energyDirection, label, siteId }) => {
      const c = await services.active();
      const m = await c.api.registerMeter({
        metering_point: meteringPoint,
        energy_direction: energyDirection,
        label,
        site_id: siteId,
      });
      c.account.saveMeters([m], Math.floor(Date.now() / 1000));
      services.emit('readings:changed', { meterIds: [m.id] });
      return {
        meterId: m.id,
        status: m.status,
        consentState: m.consentState,
        consentExpiresSec: m.consentExpiresSec,
      };
    },
    'meters:requestConsent': async ({ meterId, customerEmail }) => {
      const c = await services.active();
      await c.api.requestConsent(meterId, customerEmail);
      const m = await c.api.getMeter(meterId);
      c.account.saveMeters([m], Math.floor(Date.now() / 1000));
      services.emit('readings:changed', { meterIds: [m.id] });
      return {
        meterId: m.id,
        status: m.status,
        consentState: m.consentState,
        consentExpiresSec: m.consentExpiresSec,
      };
    },
    'meters:refreshStatus': async ({ meterId }) => {
      const c = await services.active();
      const before = (
        c.db.prepare('SELECT status FROM meters WHERE id = ?').get(meterId) as { status?: string } | undefined
      )?.status;
      const m = await c.api.getMeter(meterId);
      c.account.saveMeters([m], Math.floor(Date.now() / 1000));
      if (m.status === 'connected' && before !== 'connected') void services.syncNow(); // the first sync of the new meter
      if (m.status !== before) services.emit('readings:changed', { meterIds: [m.id] });
      return {
        meterId: m.id,
        status: m.status,
        consentState: m.consentState,
        consentExpiresSec: m.consentExpiresSec,
      };
    },
    'sites:list': async () =>
      (await services.active()).db
        .prepare(
          'SELECT s.id, s.name, c.name AS customerName FROM sites s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY c.name, s.name',
        )
        .all() as { id: string; name: string; customerName: string | null }[],
    'readings:series': async (q) => querySeries((await services.active()).db, q, services.tz),
    'quality:breakdown': async (q) => queryQuality((await services.active()).db, q, services.tz),
    'sync:status': async () => services.syncStatus(),
    'sync:now': async () => {
      const running = services.syncStatus().state === 'syncing';
      void services.syncNow();
      return { started: !running };
    },
    'sync:cancel': async () => ({ cancelled: services.cancelSync() }),
    'sync:backfill': async ({ meterId, fromSec, toSec }) => {
      const r = await (await services.active()).sync.backfill(meterId, fromSec, toSec);
      services.emit('readings:changed', { meterIds: [meterId] });
      return r;
    },
    'export:csv': async (req) => {
      const c = await services.active();
      const first = dayKey(dayNumberOf(req.fromSec, services.tz));
      const mp =
        req.meterIds.length === 1
          ? (
              c.db.prepare('SELECT metering_point FROM meters WHERE id = ?').get(req.meterIds[0]) as
                { metering_point?: string } | undefined
            )?.metering_point
          : null;
      const suggested = `meterdesk-${mp ?? 'export'}-${first}-${req.profile}.csv`;
      const path = services.opts.chooseExportPath ? await services.opts.chooseExportPath(suggested) : null;
      if (!path) throw new AppError('cancelled', 'Export cancelled: no file was chosen.');
      const r = await exportCsv(c.db, req, path, {
        tz: services.tz,
        onProgress: (rows, totalRows) => services.emit('export:progress', { rows, totalRows, done: false }),
      });
      services.emit('export:progress', { rows: r.rows, totalRows: r.rows, done: true });
      return { path: basename(path) === path ? path : path, rows: r.rows, bytes: statSync(path).size };
    },
  };
}
