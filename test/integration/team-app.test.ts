// A team profile in the app (issue 63), against a real PostgreSQL server: added through the handlers
// after the server answered (a wrong password keeps nothing; the password never in a file), opened as a
// copy of the team's store that shows what the server holds (checked against the demo service's own
// data, not through the code under test), every write refused in words and nothing written, the last
// copy shown with the reason when the server refuses, the choice kept where an earlier build never
// reads it, and a profile with no copy and no server leaves the app where it was. Notes are the app's
// first writes into the team's server: two apps (two data folders, two computers) edit one note, the
// second's change made on the older version is refused with the first's named, nothing overwritten.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterView, NoteView, ProfileView, SeriesView, Tariff } from '../../preload/contract';
import type { DemoService } from '../../main/demo/service';
import { isoUtc } from '../../main/time/local-days';
import { contractApp } from './contract-app';
import { demo, get } from './helpers';
import { asSuperuser, type PgServer } from './postgres';
import { teamJob, type TeamJob } from './team-job';

let svc: DemoService;
let job: TeamJob;
let DB: string;
let APP: string;
let PW: { app: string };
let server: PgServer;
const jobSync = () => job.sync();

beforeAll(async () => {
  svc = await demo({ years: 0.1 });
  job = await teamJob('mda', svc.info);
  ({ server, db: DB, app: APP } = job);
  PW = { app: job.appPassword };
}, 180_000);

afterAll(async () => {
  await svc?.stop();
  await job?.drop();
});

const teamInput = (password: string) => ({
  name: 'Büro Wien',
  host: '127.0.0.1',
  port: server.port,
  database: DB,
  user: APP,
  ssl: 'disable',
  password,
});

/** Adds the team profile to `app` and opens it. */
async function openTeam(app: ReturnType<typeof contractApp>): Promise<ProfileView> {
  const p = await app.call<ProfileView>('profiles:addTeam', teamInput(PW.app));
  await app.call('profiles:switch', { profileId: p.id });
  return p;
}

describe('a team profile in the app', () => {
  it("is added after the server answered, opens as a copy of the team's store, and refuses every write", async () => {
    const app = contractApp('md-teamapp-');
    const dir = app.services.opts.dataDir;
    const wrong = await app.raw('profiles:addTeam', teamInput('nope'));
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.error.reason).toBe('pg_auth');
    expect(existsSync(join(dir, 'team-profiles.json'))).toBe(false);

    const p = await app.call<ProfileView>('profiles:addTeam', teamInput(PW.app));
    expect(p).toMatchObject({ name: 'Büro Wien', kind: 'team', isActive: false });
    expect(readFileSync(join(dir, 'team-profiles.json'), 'utf8')).not.toContain(PW.app);

    await app.call('profiles:switch', { profileId: p.id });
    const listed = (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!;
    expect(listed.isActive).toBe(true);
    expect(listed.teamStore).toMatchObject({
      server: `${APP}@127.0.0.1:${server.port}/${DB}`,
      ssl: 'disable',
      problem: null,
    });
    expect(listed.teamStore!.copiedSec).toBeGreaterThan(Date.now() / 1000 - 120);

    // What the app shows is what the service delivered: its meters, and a day's readings of one.
    const meters = await app.call<MeterView[]>('meters:list');
    const served = (await get(svc, `/api/v1/teams/${svc.info.team}/meters`)).body.data;
    expect(meters.map((m) => m.meteringPoint).sort()).toEqual(served.map((m) => m.metering_point).sort());
    const m = meters.find((x) => x.registers.includes('1-1:1.8.0') || x.registers.length > 0)!;
    const obis = m.registers[0]!;
    const to = Math.floor((m.latestDataSec ?? 0) / 86_400) * 86_400 - 86_400;
    const from = to - 86_400;
    const raw = (
      await get(
        svc,
        `/api/v1/teams/${svc.info.team}/meters/${m.id}/data?from=${isoUtc(from)}&to=${isoUtc(to)}&limit=50000`,
      )
    ).body.data.filter((x) => x.obis_code === obis);
    expect(raw.length).toBeGreaterThan(0);
    const series = await app.call<SeriesView>('readings:series', {
      meterId: m.id,
      obisCode: obis,
      fromSec: from,
      toSec: to,
    });
    const shown = series.timesSec.map((t, i) => [t, series.values[i]] as const).filter(([, v]) => v !== null);
    expect(shown).toEqual(raw.map((x) => [Date.parse(x.timestamp as string) / 1000, x.value]));

    // A write: refused in words, nothing changed (the label read again from a new copy).
    const rename = await app.raw('meters:rename', { meterId: m.id, label: 'Neu' });
    expect(!rename.ok && rename.error.reason).toBe('team_read_only_app');
    expect(!rename.ok && rename.error.message).toContain('"Büro Wien" is a team profile');
    await app.call('profiles:switch', { profileId: p.id, fresh: true });
    expect((await app.call<MeterView[]>('meters:list')).find((x) => x.id === m.id)!.label).toBe(m.label);

    // The choice is kept beside the local list: an earlier build reads profiles.json and finds the demo.
    expect(readFileSync(join(dir, 'team-profiles.json'), 'utf8')).toContain(`"activeId": "${p.id}"`);
    expect(
      existsSync(join(dir, 'profiles.json')) ? readFileSync(join(dir, 'profiles.json'), 'utf8') : '',
    ).not.toContain(p.id);
    const reloaded = (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!.teamStore!
      .copiedSec;
    const copies = readdirSync(join(dir, 'team-copies', p.id)).filter((f) => f.endsWith('.sqlite'));
    expect(copies).toHaveLength(1); // the older copy removed with the new one
    // The password is in no file of the data folder (the copy, the lists), only in the keychain/session.
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    for (const f of files)
      expect(readFileSync(join(f.parentPath, f.name)).includes(PW.app), f.name).toBe(false);

    // The server refuses the role: the app keeps the last copy, and says since when and why.
    const su = await asSuperuser(server);
    await su.query(`ALTER ROLE ${APP} NOLOGIN`);
    try {
      await app.call('profiles:switch', { profileId: p.id, fresh: true });
      const stale = (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!;
      expect(stale.teamStore!.problem?.reason).toBe('pg_auth');
      expect(stale.teamStore!.copiedSec).toBe(reloaded);
      expect((await app.call<MeterView[]>('meters:list')).length).toBe(meters.length);
    } finally {
      await su.query(`ALTER ROLE ${APP} LOGIN`);
      await su.end();
    }

    // Opened again (a start, a switch): at once on the last copy, a new one taken meanwhile and offered.
    await app.call('profiles:switch', { profileId: 'demo' });
    const heard: unknown[] = [];
    const off = app.services.on((event, payload) => event === 'team:changed' && heard.push(payload));
    await app.call('profiles:switch', { profileId: p.id });
    const quick = (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!.teamStore!;
    expect(quick.copiedSec).toBe(reloaded);
    await expect.poll(() => heard.length, { timeout: 30_000 }).toBeGreaterThan(0);
    off();
    const offered = (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!.teamStore!;
    expect(offered).toMatchObject({ refreshing: false, problem: null, copiedSec: reloaded });
    expect(offered.newerCopySec).toBeGreaterThanOrEqual(reloaded!);
    await app.call('profiles:switch', { profileId: p.id });
    const opened = (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!.teamStore!;
    expect(opened.copiedSec).toBe(offered.newerCopySec);

    // Removed: its copies go (they are the server's rows), the server keeps its data, the demo opens.
    await app.call('profiles:remove', { profileId: p.id, deleteLocalData: false });
    expect(existsSync(join(dir, 'team-copies', p.id))).toBe(false);
    expect((await app.call<ProfileView[]>('profiles:list')).find((x) => x.isActive)!.id).toBe('demo');
    await app.services.close();
  }, 120_000);

  it('with no copy yet and no server: refused with the reason, and the app stays where it was', async () => {
    const app = contractApp('md-teamapp-');
    const p = await app.call<ProfileView>('profiles:addTeam', teamInput(PW.app));
    const su = await asSuperuser(server);
    await su.query(`ALTER ROLE ${APP} NOLOGIN`);
    try {
      const r = await app.raw('profiles:switch', { profileId: p.id });
      expect(!r.ok && r.error.reason).toBe('pg_auth');
    } finally {
      await su.query(`ALTER ROLE ${APP} LOGIN`);
      await su.end();
    }
    const list = await app.call<ProfileView[]>('profiles:list');
    expect(list.find((x) => x.isActive)!.id).toBe('demo');
    expect(
      existsSync(join(app.services.opts.dataDir, 'team-copies', p.id))
        ? readdirSync(join(app.services.opts.dataDir, 'team-copies', p.id))
        : [],
    ).toEqual([]);
    await app.services.close();
  }, 60_000);

  it("hears the team's sync (LISTEN/NOTIFY) and offers a new copy, which then holds the new day", async () => {
    const app = contractApp('md-teamapp-');
    const p = await app.call<ProfileView>('profiles:addTeam', teamInput(PW.app));
    await app.call('profiles:switch', { profileId: p.id });
    const before = await app.call<MeterView[]>('meters:list');
    const heard: unknown[] = [];
    const off = app.services.on((event, payload) => {
      if (event === 'team:changed') heard.push(payload);
    });
    const listed = async () => (await app.call<ProfileView[]>('profiles:list')).find((x) => x.id === p.id)!;
    // Give the listener its connection before the job writes (it is started with the open).
    await new Promise((r) => setTimeout(r, 500));
    await svc.advanceDays(1);
    await jobSync();
    await expect.poll(() => heard.length, { timeout: 15_000 }).toBeGreaterThan(0);
    off();
    const changed = (await listed()).teamStore!;
    expect(changed.changedSec).not.toBeNull();
    // Every meter with readings got a new day (the service's own list says which have data).
    const withData = before.filter((m) => m.latestDataSec !== null);
    expect(changed.changedMeters).toBe(withData.length);
    expect(heard[heard.length - 1]).toEqual({ profileId: p.id, meters: withData.length });
    // The copy is as it was until a new one is taken; then the new day is in it, and the note is gone.
    const same = await app.call<MeterView[]>('meters:list');
    expect(same.map((m) => m.latestDataSec)).toEqual(before.map((m) => m.latestDataSec));
    await app.call('profiles:switch', { profileId: p.id, fresh: true });
    const after = await app.call<MeterView[]>('meters:list');
    for (const m of withData)
      expect(after.find((x) => x.id === m.id)!.latestDataSec).toBe(m.latestDataSec! + 86_400);
    expect((await listed()).teamStore!.changedSec).toBeNull();
    // That Reload brought the copy up to date in place with the days that changed (one new day of each
    // series with data, and the days the due revisions touched), not the whole store again; one file.
    const made = (await listed()).teamStore!.copyMade!;
    expect(made.whole).toBe(false);
    expect(made.days).toBeGreaterThanOrEqual(withData.length);
    const dir = join(app.services.opts.dataDir, 'team-copies', p.id);
    expect(readdirSync(dir).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1);
    await app.services.close();
  }, 120_000);
  it("two apps edit one note on the team's server: the second, made on the older version, is refused", async () => {
    const a = contractApp('md-teamnote-a-');
    const b = contractApp('md-teamnote-b-');
    await openTeam(a);
    const pb = await openTeam(b);
    const heard: unknown[] = [];
    const off = b.services.on((event, payload) => event === 'team:changed' && heard.push(payload));
    await new Promise((r) => setTimeout(r, 500)); // b's listener connected
    const meter = (await a.call<MeterView[]>('meters:list'))[0]!;
    const made = await a.call<NoteView>('notes:add', {
      meterId: meter.id,
      fromSec: null,
      toSec: null,
      text: 'Wärmepumpe seit 03/2026',
    });
    // On the server, as written (read with SQL, not through the app), and in a's own copy at once.
    const su = await asSuperuser(server, DB);
    const onServer = async () =>
      (
        await su.query<{ text: string; version: number; changed_by: string }>(
          'SELECT text, version, changed_by FROM meterdesk.notes WHERE id = $1',
          [made.id],
        )
      ).rows;
    try {
      expect(await onServer()).toEqual([{ text: made.text, version: 1, changed_by: made.changedBy }]);
      expect((await a.call<NoteView[]>('notes:list', { meterId: meter.id })).map((n) => n.text)).toEqual([
        made.text,
      ]);
      // b hears it and, reloaded, has it.
      await expect.poll(() => heard.length, { timeout: 15_000 }).toBeGreaterThan(0);
      off();
      expect(
        (await b.call<ProfileView[]>('profiles:list')).find((x) => x.id === pb.id)!.teamStore!.changedMeters,
      ).toBe(1);
      expect(await b.call<NoteView[]>('notes:list', { meterId: meter.id })).toEqual([]);
      await b.call('profiles:switch', { profileId: pb.id, fresh: true });
      const seen = await b.call<NoteView[]>('notes:list', { meterId: meter.id });
      expect(seen).toEqual([made]);

      // a changes it; b, still on version 1, is refused with a's change named; the server keeps a's.
      const first = await a.call<NoteView>('notes:edit', {
        id: made.id,
        version: 1,
        text: 'Wärmepumpe seit 04/2026',
      });
      const second = await b.raw('notes:edit', {
        id: made.id,
        version: 1,
        text: 'Wärmepumpe und PV seit 03/2026',
      });
      expect(!second.ok && second.error).toMatchObject({
        code: 'conflict',
        reason: 'note_changed_elsewhere',
        params: { by: first.changedBy, version: 2 },
      });
      expect(await onServer()).toEqual([
        { text: 'Wärmepumpe seit 04/2026', version: 2, changed_by: first.changedBy },
      ]);
      // b's copy now shows a's version; made on it, b's change goes through.
      const now = await b.call<NoteView[]>('notes:list', { meterId: meter.id });
      expect(now.map((n) => [n.text, n.version])).toEqual([['Wärmepumpe seit 04/2026', 2]]);
      await b.call('notes:edit', { id: made.id, version: 2, text: 'Wärmepumpe und PV seit 04/2026' });
      // a's delete on its older version is refused too; on the newest it goes, on the server as well.
      const del = await a.raw('notes:remove', { id: made.id, version: 2 });
      expect(!del.ok && del.error.reason).toBe('note_changed_elsewhere');
      expect(await onServer()).toHaveLength(1);
      expect(await a.call('notes:remove', { id: made.id, version: 3 })).toEqual({ removed: true });
      expect(await onServer()).toEqual([]);
      // Other writes stay refused on a team profile.
      const rename = await a.raw('meters:rename', { meterId: meter.id, label: 'Neu' });
      expect(!rename.ok && rename.error.reason).toBe('team_read_only_app');
      // The server refuses the role: the note is refused in words, written nowhere (nor in the copy).
      await su.query(`ALTER ROLE ${APP} NOLOGIN`);
      try {
        const away = await a.raw('notes:add', { meterId: meter.id, fromSec: null, toSec: null, text: 'x' });
        expect(!away.ok && away.error.reason).toBe('pg_auth');
      } finally {
        await su.query(`ALTER ROLE ${APP} LOGIN`);
      }
      expect(await a.call<NoteView[]>('notes:list', { meterId: meter.id })).toEqual([]);
      expect((await su.query('SELECT count(*)::int AS n FROM meterdesk.notes')).rows).toEqual([{ n: 0 }]);
    } finally {
      await su.end();
      await a.services.close();
      await b.services.close();
    }
  }, 120_000);

  it("two apps save one tariff on the team's server: the second, on the older version, is refused", async () => {
    const a = contractApp('md-teamtariff-a-');
    const b = contractApp('md-teamtariff-b-');
    // A tariff to start from: the demo profile's example (each app starts on the demo).
    const example = (await a.call<Tariff[]>('tariffs:list')).find((t) => t.id === 'beispiel-fixpreis')!;
    const mine: Tariff = { ...example, id: 'buero-fix', name: 'Büro Fixpreis', isExample: false };
    await openTeam(a);
    const pb = await openTeam(b);
    const su = await asSuperuser(server, DB);
    const onServer = async () =>
      (
        await su.query<{ id: string; json: string; version: number; changed_by: string }>(
          'SELECT id, json, version, changed_by FROM meterdesk.tariffs ORDER BY id',
        )
      ).rows.map((r) => ({ ...r, name: (JSON.parse(r.json) as Tariff).name, json: undefined }));
    try {
      expect(await a.call<Tariff>('tariffs:save', { tariff: mine })).toMatchObject({ id: 'buero-fix' });
      const first = await onServer();
      expect(first).toEqual([
        {
          id: 'buero-fix',
          name: 'Büro Fixpreis',
          version: 1,
          changed_by: expect.stringContaining('@'),
          json: undefined,
        },
      ]);
      expect((await a.call<Tariff[]>('tariffs:list')).map((t) => t.id)).toEqual(['buero-fix']);
      // b's copy has no such tariff: its save would overwrite a's, and is refused naming a.
      const stale = await b.raw('tariffs:save', { tariff: { ...mine, name: 'Fixpreis (b)' } });
      expect(!stale.ok && stale.error).toMatchObject({
        code: 'conflict',
        reason: 'tariff_changed_elsewhere',
        params: { id: 'buero-fix', by: first[0]!.changed_by, version: 1 },
      });
      expect(await onServer()).toEqual(first);
      // After a new copy, b's save is made on version 1 and goes through.
      await b.call('profiles:switch', { profileId: pb.id, fresh: true });
      await b.call('tariffs:save', { tariff: { ...mine, name: 'Fixpreis (b)' } });
      expect((await onServer()).map((r) => [r.name, r.version])).toEqual([['Fixpreis (b)', 2]]);
      // a still holds version 1: its removal is refused; nothing removed.
      const del = await a.raw('tariffs:remove', { tariffId: 'buero-fix' });
      expect(!del.ok && del.error.reason).toBe('tariff_changed_elsewhere');
      expect(await onServer()).toHaveLength(1);
      // The command line gives it to a client of the team's store (its snapshot, then the server):
      // version 3; b, still on version 2, is refused removing it; `tariffs` lists it from the server.
      const client = (await a.call<MeterView[]>('meters:list'))[0]!.customerId!;
      const given = await job.cli([
        'tariffs',
        'assign',
        'buero-fix',
        '--customer',
        client,
        '--profile',
        'Job',
        '--json',
      ]);
      expect(given.status, given.stderr).toBe(0);
      expect(JSON.parse(given.stdout)).toMatchObject({
        id: 'buero-fix',
        owner: { kind: 'customer', id: client },
      });
      expect((await onServer()).map((r) => [r.name, r.version])).toEqual([['Fixpreis (b)', 3]]);
      const listed = await job.cli(['tariffs', '--profile', 'Job', '--json']);
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('buero-fix');
      const old = await b.raw('tariffs:remove', { tariffId: 'buero-fix' });
      expect(!old.ok && old.error.reason).toBe('tariff_changed_elsewhere');
      await b.call('profiles:switch', { profileId: pb.id, fresh: true });
      expect(await b.call('tariffs:remove', { tariffId: 'buero-fix' })).toEqual({ removed: true });
      expect(await onServer()).toEqual([]);
    } finally {
      await su.end();
      await a.services.close();
      await b.services.close();
    }
  }, 120_000);
});
