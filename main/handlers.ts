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
import { frameOf } from './analysis/frame';
import { importLog, undoImport } from './import/into-store';
import { deleteMeter, mergeMeters, renameMeter, setMeterSite } from './db/meter-admin';
import { analysisTable } from './analysis/tables';
import { writeTableCsv } from './export/table-csv';
import { renameSync, writeFileSync } from 'node:fs';
import { AppError } from './errors';
import { exportCsv } from './export/csv';
import { exportFileName } from './export/file-names';
import { loadProfileOf, writeLoadProfile } from './export/load-profile';
import { addNote, listNotes, removeNote } from './db/notes';
import type { Profile } from './profiles/registry';
import type { Services } from './services';
import { dayKey, dayNumberOf } from './time/local-days';
import { createCostService } from './cost/cost-service';
import { createCommunityService } from './community/community-service';
import { costTable } from './cost/cost-tables';
import { reconcileBill } from './cost/bill';
import { PRESETS } from './cost/presets';

export type Handlers = {
  [C in ChannelName]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;
};

/** Analysis ranges must be positive and at most 4 years. */
function checked<T extends { meterId: string; obisCode: string; fromSec: number; toSec: number }>(q: T) {
  if (q.toSec <= q.fromSec || q.toSec - q.fromSec > 4 * 366 * 86_400)
    throw new AppError('invalid_input', 'Choose a range of at most 4 years, with its end after its start.');
  return { meterId: q.meterId, obisCode: q.obisCode, fromSec: q.fromSec, toSec: q.toSec };
}

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

/** The cost answers of a profile's database (one per open database). */
const costServices = new WeakMap<object, ReturnType<typeof createCostService>>();

export function createHandlers(services: Services): Handlers {
  const communityServices = new WeakMap<object, ReturnType<typeof createCommunityService>>();
  const community = (c: { db: object & Parameters<typeof createCommunityService>[0] }) => {
    let s = communityServices.get(c.db);
    if (!s) communityServices.set(c.db, (s = createCommunityService(c.db, services.tz)));
    return s;
  };
  const cost = (c: { db: object & Parameters<typeof createCostService>[0] }) => {
    let s = costServices.get(c.db);
    if (!s) costServices.set(c.db, (s = createCostService(c.db, services.tz)));
    return s;
  };
  /**
   * An analysis's scope in its frame (analysis/frame.ts): clipped to now and to the register's data,
   * so no view counts days that have not happened as gaps, or months before the meter existed.
   */
  const framed = async (q: { meterId: string; obisCode: string; fromSec: number; toSec: number }) => {
    const s = checked(q);
    const c = await services.active();
    const series = c.db
      .prepare('SELECT id FROM series WHERE meter_id = ? AND obis_code = ?')
      .get(s.meterId, s.obisCode) as { id: number } | undefined;
    if (!series) return s;
    const f = frameOf(c.db, series.id, s.fromSec, s.toSec, await services.nowSec(), services.tz);
    return f.toSec > f.fromSec ? { ...s, fromSec: f.fromSec, toSec: f.toSec } : s;
  };
  /** The active profile, for a write: refused when its database failed the check on open. */
  const writable = async () => {
    const c = await services.active();
    await c.assertWritable();
    return c;
  };
  const view = async (p: Profile): Promise<ProfileView> => {
    const tokenState =
      p.kind === 'demo' ? 'keychain' : p.kind === 'local' ? 'missing' : await services.secrets.state(p.id);
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      baseUrl: p.baseUrl,
      team: p.team,
      plan: p.plan,
      isActive: services.profiles.activeId() === p.id,
      hasToken: tokenState === 'keychain' || tokenState === 'session',
      tokenState,
    };
  };
  /** Stores a token where the person chose: the keychain (errors say how to fix it) or this session. */
  const storeToken = async (profileId: string, token: string, storage: 'keychain' | 'session') => {
    if (storage === 'session') services.secrets.setForSession(profileId, token);
    else await services.secrets.set(profileId, token);
  };

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
      syncIntervalMin: services.syncIntervalMin(),
    }),
    'settings:setSyncInterval': async ({ syncIntervalMin }) => {
      services.setSyncIntervalMin(syncIntervalMin);
      return { syncIntervalMin, nextSyncSec: services.nextSyncSec() };
    },
    'profiles:list': async () => Promise.all(services.profiles.list().map(view)),
    'profiles:switch': async ({ profileId }) => view((await services.switchProfile(profileId)).profile),
    'profiles:add': async ({ name, teamUrl, token, tokenStorage }) => {
      const { baseUrl, team } = splitTeamUrl(teamUrl);
      // The token first: a profile exists only with its token (a keychain that refuses leaves nothing).
      const id = services.profiles.idFor(name);
      await storeToken(id, token, tokenStorage);
      try {
        return await view(services.profiles.add({ id, name, baseUrl, team, plan: null }));
      } catch (err) {
        await services.secrets.delete(id).catch(() => undefined);
        throw err;
      }
    },
    'profiles:addLocal': async ({ name }) => view(services.profiles.addLocal(name)),
    'profiles:rename': async ({ profileId, name }) => view(services.profiles.update(profileId, { name })),
    'profiles:remove': async ({ profileId, deleteLocalData }) => {
      if (services.profiles.activeId() === profileId) services.closeActive();
      await services.whenClosed();
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
    'auth:setToken': async ({ profileId, token, tokenStorage }) => {
      const p = services.profiles.get(profileId);
      if (p.kind !== 'account')
        throw new AppError('conflict', `The ${p.kind} profile has no account and needs no token.`);
      await storeToken(profileId, token, tokenStorage);
      const api = createApiClient({ baseUrl: p.baseUrl, team: p.team, token, maxRetries: 1 });
      const account = await api.account().catch(() => null);
      if (account?.plan) services.profiles.update(profileId, { plan: account.plan });
      // The active profile was opened without a usable token: reopen it with the new one and sync.
      if (services.profiles.activeId() === profileId) await services.switchProfile(profileId);
      return { hasToken: true };
    },
    'auth:status': async ({ profileId }) => {
      const p = services.profiles.get(profileId);
      return { hasToken: p.kind === 'demo' ? true : await services.secrets.has(profileId) };
    },
    'meters:list': async () => {
      const list = (await services.active()).account.listMeterViews(Math.floor(Date.now() / 1000));
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
    'meters:withdrawConsent': async ({ meterId }) => {
      const c = await services.active();
      await c.api.withdrawConsent(meterId);
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
    'sites:list': async () =>
      (await services.active()).db
        .prepare(
          'SELECT s.id, s.name, c.name AS customerName FROM sites s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY c.name, s.name',
        )
        .all() as { id: string; name: string; customerName: string | null }[],
    'readings:series': async (q) => querySeries((await services.active()).db, q, services.tz),
    'quality:breakdown': async (q) =>
      queryQuality((await services.active()).db, q, services.tz, await services.nowSec()),
    'analysis:peaks': async (q) =>
      (await services.active()).queries.run('peaks', await framed(q), q.topN, services.tz),
    'analysis:baseLoad': async (q) =>
      (await services.active()).queries.run('baseLoad', await framed(q), services.tz),
    'analysis:duration': async (q) =>
      (await services.active()).queries.run('duration', await framed(q), q.thresholdKw),
    'analysis:carpet': async (q) =>
      (await services.active()).queries.run('carpet', await framed(q), services.tz),
    'analysis:profiles': async (q) =>
      (await services.active()).queries.run('profiles', await framed(q), services.tz),
    'analysis:compare': async (q) =>
      (await services.active()).queries.run('compare', await framed(q), q.shift, services.tz),
    'analysis:health': async (q) =>
      (await services.active()).queries.run('health', await framed(q), services.tz),
    'analysis:pv': async ({ siteId, fromSec, toSec }) =>
      (await services.active()).queries.run('pv', siteId, fromSec, toSec),
    'analysis:portfolio': async ({ customerId }) =>
      (await services.active()).queries.run('portfolio', await services.nowSec(), customerId, services.tz),
    'analysis:exportCsv': async ({ kind, params, profile }) => {
      const c = await services.active();
      const table =
        kind === 'cost' || kind === 'battery' || kind === 'peakShaving'
          ? costTable(c.db, kind, params, services.tz)
          : analysisTable(c.db, kind, params, Math.floor(Date.now() / 1000), services.tz);
      const path = services.opts.chooseExportPath
        ? await services.opts.chooseExportPath(exportFileName([table.name, profile], 'csv'))
        : null;
      if (!path) throw new AppError('cancelled', 'Export cancelled: no file was chosen.');
      const r = writeTableCsv(path, table.header, table.rows, profile, services.partials, services.tz);
      return { path, rows: r.rows, bytes: r.bytes };
    },
    'export:png': async ({ suggestedName, dataUrl }) => {
      const path = services.opts.chooseExportPath
        ? await services.opts.chooseExportPath(
            exportFileName([suggestedName.replace(/^meterdesk-|\.png$/g, '')], 'png'),
          )
        : null;
      if (!path) throw new AppError('cancelled', 'Export cancelled: no file was chosen.');
      const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
      if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a')
        throw new AppError('invalid_input', 'That is not a PNG image.');
      writeFileSync(path, bytes);
      return { path, rows: 0, bytes: bytes.length };
    },
    'notes:list': async ({ meterId, fromSec, toSec }) =>
      listNotes(
        (await services.active()).db,
        meterId,
        fromSec !== undefined && toSec !== undefined ? { fromSec, toSec } : undefined,
      ),
    'notes:add': async (n) => {
      const note = addNote((await writable()).db, n, Math.floor(Date.now() / 1000));
      services.emit('readings:changed', { meterIds: [n.meterId] });
      return note;
    },
    'notes:remove': async ({ id }) => ({ removed: removeNote((await writable()).db, id) }),
    'export:loadProfile': async ({ meterId, obisCode, year }) => {
      const c = await services.active();
      const p = loadProfileOf(c.db, meterId, obisCode, year);
      const mp = (
        c.db.prepare('SELECT metering_point FROM meters WHERE id = ?').get(meterId) as
          { metering_point: string } | undefined
      )?.metering_point;
      const path = services.opts.chooseExportPath
        ? await services.opts.chooseExportPath(exportFileName(['lastprofil', mp ?? meterId, year], 'csv'))
        : null;
      if (!path) throw new AppError('cancelled', 'Export cancelled: no file was chosen.');
      return { path, rows: p.values, bytes: writeLoadProfile(path, p) };
    },
    'report:pdf': async (q) => {
      const c = await services.active();
      const logo = q.logoPngBase64 ? new Uint8Array(Buffer.from(q.logoPngBase64, 'base64')) : null;
      if (logo && Buffer.from(logo.subarray(0, 8)).toString('hex') !== '89504e470d0a1a0a')
        throw new AppError('invalid_input', 'The logo must be a PNG image.');
      // Built and rendered in the query thread: the window keeps answering meanwhile (≈ 1–3 s).
      const r = await c.queries.run(
        'report',
        {
          scope: q.scope,
          fromSec: q.fromSec,
          toSec: q.toSec,
          periodLabel: q.periodLabel,
          lang: q.lang,
          sections: q.sections,
          consultant: { name: q.consultant, logoPng: logo },
          conclusions: q.conclusions,
          indicators: { areaM2: q.areaM2, persons: q.persons },
          communityId: q.communityId,
        },
        await services.nowSec(),
        services.tz,
      );
      const path = services.opts.chooseExportPath
        ? await services.opts.chooseExportPath(exportFileName(['bericht', q.periodLabel], 'pdf'))
        : null;
      if (!path) throw new AppError('cancelled', 'Report not saved: no file was chosen.');
      writeFileSync(`${path}.partial`, r.pdf);
      renameSync(`${path}.partial`, path);
      return { path, bytes: r.pdf.length, pages: r.pages, meters: r.meters };
    },
    'import:preview': async ({ files }) => services.imports.preview(files),
    'import:update': async ({ fileId, direction, meterId }) =>
      services.imports.update(fileId, { direction, meterId }),
    'import:commit': async ({ fileId, onConflict, confirmSuspicious }) =>
      services.imports.commit(fileId, onConflict, confirmSuspicious),
    'import:discard': async ({ fileIds }) => ({ discarded: services.imports.discard(fileIds) }),
    'import:tryMapping': async ({ fileId, mapping }) => services.imports.tryMapping(fileId, mapping),
    'import:saveFormat': async ({ fileId, mapping }) => services.imports.saveFormat(fileId, mapping),
    'import:formats': async () => services.imports.formats(),
    'import:log': async () => importLog((await services.active()).db),
    'meters:rename': async ({ meterId, label }) => {
      renameMeter((await writable()).db, meterId, label);
      services.emit('readings:changed', { meterIds: [meterId] });
      return { renamed: meterId };
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
      services.emit('readings:changed', { meterIds: [q.meterId] });
      return r;
    },
    'meters:merge': async ({ fromId, intoId, replace }) => {
      const c = await writable();
      const r = mergeMeters(c.db, c.readings, fromId, intoId, Math.floor(Date.now() / 1000), replace);
      services.emit('readings:changed', { meterIds: [fromId, intoId] });
      return r;
    },
    'meters:delete': async ({ meterId }) => {
      const r = deleteMeter((await writable()).db, meterId);
      services.emit('readings:changed', { meterIds: [meterId] });
      return r;
    },
    'import:undo': async ({ importId }) => {
      const c = await writable();
      const r = undoImport(c.db, importId, Math.floor(Date.now() / 1000));
      services.emit('readings:changed', { meterIds: [r.meterId] });
      return { undone: importId, ...r };
    },
    'import:removeFormat': async ({ name }) => ({ removed: services.imports.removeFormat(name) }),
    'tariffs:list': async () => cost(await services.active()).store.list(),
    'tariffs:save': async ({ tariff }) =>
      cost(await writable()).store.save(tariff, Math.floor(Date.now() / 1000)),
    'tariffs:remove': async ({ tariffId }) => ({
      removed: cost(await writable()).store.remove(tariffId),
    }),
    'tariffs:presets': async () => PRESETS.map((p) => ({ tariff: p.tariff, published: p.published.text })),
    'prices:list': async () => cost(await services.active()).store.series(),
    'prices:import': async ({ name, dataBase64 }) =>
      cost(await writable()).importPrices(
        name,
        new Uint8Array(Buffer.from(dataBase64, 'base64')),
        Math.floor(Date.now() / 1000),
      ),
    'prices:remove': async ({ seriesId }) => ({
      removed: cost(await writable()).store.removeSeries(seriesId),
    }),
    'analysis:cost': async (q) => {
      checked(q);
      return cost(await services.active()).cost(q);
    },
    'analysis:bill': async ({ bill, tariffId, ...q }) => {
      checked(q);
      const c = await services.active();
      const tariff = cost(c).store.get(tariffId);
      return reconcileBill(c.db, { ...q, tariff, bill }, await services.nowSec(), services.tz);
    },
    'analysis:battery': async (q) => {
      if (q.toSec <= q.fromSec || q.toSec - q.fromSec > 4 * 366 * 86_400)
        throw new AppError(
          'invalid_input',
          'Choose a range of at most 4 years, with its end after its start.',
        );
      return cost(await services.active()).battery(q);
    },
    'analysis:peakShaving': async (q) => {
      checked(q);
      return cost(await services.active()).peakShaving(q);
    },
    'community:list': async () => community(await services.active()).store.list(),
    'community:get': async ({ communityId }) => community(await services.active()).store.get(communityId),
    'community:save': async ({ community: c }) =>
      community(await writable()).store.save(c, Math.floor(Date.now() / 1000)),
    'community:remove': async ({ communityId }) => ({
      removed: community(await writable()).store.remove(communityId),
    }),
    'community:import': async ({ name, kind, fileName, dataBase64 }) => {
      const c = await writable();
      const r = await community(c).importReport(
        { name, kind, fileName },
        new Uint8Array(Buffer.from(dataBase64, 'base64')),
        await services.nowSec(),
      );
      services.emit('readings:changed', { meterIds: r.community.members.map((m) => m.meterId) });
      return r;
    },
    'community:view': async ({ communityId, fromSec, toSec }) =>
      community(await services.active()).view(communityId, fromSec, toSec),
    'community:whatIf': async (q) => community(await services.active()).whatIf(q),
    'sync:status': async () => services.syncStatus(),
    'sync:now': async () => {
      const running = services.syncStatus().state === 'syncing';
      void services.syncNow();
      return { started: !running };
    },
    'sync:cancel': async () => ({ cancelled: services.cancelSync() }),
    'sync:backfill': async ({ meterId, fromSec, toSec }) => {
      const r = await (await services.active()).backfill(meterId, fromSec, toSec);
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
          : `${req.meterIds.length}-meters`;
      // Every register in the name: exports of G.01 and P.01 of one meter and day never collide.
      const registers = req.obisCodes.length <= 2 ? req.obisCodes : [`${req.obisCodes.length}-registers`];
      const suggested = exportFileName([mp, ...registers, first, req.profile], 'csv');
      const path = services.opts.chooseExportPath ? await services.opts.chooseExportPath(suggested) : null;
      if (!path) throw new AppError('cancelled', 'Export cancelled: no file was chosen.');
      const r = await exportCsv(c.db, req, path, {
        tz: services.tz,
        partials: services.partials,
        onProgress: (rows, totalRows) => services.emit('export:progress', { rows, totalRows, done: false }),
      });
      services.emit('export:progress', { rows: r.rows, totalRows: r.rows, done: true });
      const record = c.db.prepare(
        'INSERT INTO exports (meter_id, exported_sec, profile, from_sec, to_sec, rows) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const meterId of req.meterIds)
        record.run(meterId, Math.floor(Date.now() / 1000), req.profile, req.fromSec, req.toSec, r.rows);
      return { path: basename(path) === path ? path : path, rows: r.rows, bytes: statSync(path).size };
    },
  };
}
