// The watch list on a team's store (issue 63), against a real PostgreSQL server: the nightly job's
// `watch --profile TEAM` after its sync states what `watch` states on a local profile synced from the
// same account (compared finding by finding, and with the rows on the server read with SQL); a second
// run adds nothing; an app's "seen" and "not now" reach the server and the other apps, and the job's
// next run never sets them back; a threshold set in one app and then, on the older value, in another
// is refused with the first's named; thresholds set from the command line are the team's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView, WatchFindingView } from '../../preload/contract';
import type { DemoService } from '../../main/demo/service';
import { contractApp } from './contract-app';
import { demo } from './helpers';
import { asSuperuser } from './postgres';
import { teamJob, type TeamJob } from './team-job';

let svc: DemoService;
let job: TeamJob;

beforeAll(async () => {
  svc = await demo({ years: 0.5 });
  job = await teamJob('mdw', svc.info);
  const local = await job.cli(['sync', '--base-url', svc.info.base_url, '--team', svc.info.team], {
    METERDESK_TOKEN: svc.info.tokens.pro!,
  });
  expect(local.status, local.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  await svc?.stop();
  await job?.drop();
});

interface Printed {
  findings: {
    id: number;
    meterId: string;
    obisCode: string;
    rule: string;
    key: string;
    figures: unknown;
    new: boolean;
    acknowledgedSec: number | null;
  }[];
  added: number;
  cleared: number;
}
const conditions = (p: Printed) =>
  p.findings.map((f) => JSON.stringify([f.meterId, f.obisCode, f.rule, f.key, f.figures])).sort();

async function serverFindings() {
  const su = await asSuperuser(job.server, job.db);
  try {
    return (
      await su.query<{
        id: string;
        meter_id: string;
        obis_code: string;
        rule: string;
        key: string;
        acknowledged_sec: string | null;
        snoozed_until: string | null;
      }>(
        'SELECT id, meter_id, obis_code, rule, key, acknowledged_sec, snoozed_until FROM meterdesk.watch_findings WHERE cleared_sec IS NULL ORDER BY id',
      )
    ).rows;
  } finally {
    await su.end();
  }
}

describe('the watch list on a team profile', () => {
  it('is evaluated by the job as on a local profile, written to the server, and a second run adds nothing', async () => {
    const local = await job.cli(['watch', '--json']);
    const team = await job.cli(['watch', '--profile', 'Job', '--json']);
    expect(team.stderr).toBe('');
    const [l, t] = [JSON.parse(local.stdout) as Printed, JSON.parse(team.stdout) as Printed];
    expect(t.findings.length).toBeGreaterThan(0);
    expect(conditions(t)).toEqual(conditions(l));
    expect(team.status).toBe(local.status);
    expect(t.added).toBe(l.added);
    // On the server: each finding that holds, with the ids the command printed.
    const rows = await serverFindings();
    expect(
      rows.map((r) => JSON.stringify([Number(r.id), r.meter_id, r.obis_code, r.rule, r.key])).sort(),
    ).toEqual(t.findings.map((f) => JSON.stringify([f.id, f.meterId, f.obisCode, f.rule, f.key])).sort());
    const again = await job.cli(['watch', '--profile', 'Job', '--json']);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0, cleared: 0 });
    expect(await serverFindings()).toEqual(rows);
  }, 120_000);

  it("an app's marks and thresholds reach the server and the other apps; a stale threshold is refused", async () => {
    const open = async (prefix: string) => {
      const app = contractApp(prefix);
      const p = await app.call<ProfileView>('profiles:addTeam', {
        name: 'Büro Linz',
        host: '127.0.0.1',
        port: job.server.port,
        database: job.db,
        user: job.app,
        ssl: 'disable',
        password: job.appPassword,
      });
      await app.call('profiles:switch', { profileId: p.id });
      return { app, p };
    };
    const a = await open('md-teamwatch-a-');
    const b = await open('md-teamwatch-b-');
    try {
      const listed = await a.app.call<WatchFindingView[]>('watch:list');
      const onServer = await serverFindings();
      const [seen, later] = onServer;
      expect(seen, 'the job found at least two conditions').toBeDefined();
      expect(later).toBeDefined();
      const idOf = (r: (typeof onServer)[number]) =>
        listed.find(
          (f) =>
            f.meterId === r.meter_id && f.obisCode === r.obis_code && f.rule === r.rule && f.key === r.key,
        )!.id;
      expect(await a.app.call('watch:acknowledge', { id: idOf(seen!) })).toEqual({ acknowledged: true });
      expect(await a.app.call('watch:snooze', { id: idOf(later!), days: 7 })).toEqual({ snoozed: true });
      const marked = await serverFindings();
      const row = (r: (typeof onServer)[number]) => marked.find((x) => x.id === r.id)!;
      expect(row(seen!).acknowledged_sec).not.toBeNull();
      expect(row(later!)).toMatchObject({ acknowledged_sec: null });
      expect(Number(row(later!).snoozed_until)).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
      // a's own list shows them at once; b after a new copy.
      const aList = await a.app.call<WatchFindingView[]>('watch:list');
      expect(aList.find((f) => f.id === idOf(seen!))!.isNew).toBe(false);
      await b.app.call('profiles:switch', { profileId: b.p.id, fresh: true });
      const bList = await b.app.call<WatchFindingView[]>('watch:list');
      const inB = (r: (typeof onServer)[number]) =>
        bList.find((f) => f.meterId === r.meter_id && f.rule === r.rule && f.key === r.key)!;
      expect(inB(seen!)).toMatchObject({ isNew: false });
      expect(inB(seen!).acknowledgedSec).not.toBeNull();
      expect(inB(later!)).toMatchObject({ isNew: false, acknowledgedSec: null });
      // The job runs again: the marks stay as the apps set them.
      const next = await job.cli(['watch', '--profile', 'Job', '--json']);
      expect(next.stderr).toBe('');
      expect(await serverFindings()).toEqual(marked);
      // a marks `later` seen; b, whose list still shows it "not now", marks it seen on what it saw:
      // refused, saying since when it is seen; the server keeps a's mark; b's list now shows it.
      const laterInB = inB(later!);
      expect(
        await a.app.call('watch:acknowledge', {
          id: idOf(later!),
          was: { acknowledgedSec: null, snoozedUntilSec: Number(row(later!).snoozed_until) },
        }),
      ).toEqual({ acknowledged: true });
      const ackedBy = Number((await serverFindings()).find((x) => x.id === later!.id)!.acknowledged_sec);
      const stale = await b.app.raw('watch:acknowledge', {
        id: laterInB.id,
        was: { acknowledgedSec: laterInB.acknowledgedSec, snoozedUntilSec: laterInB.snoozedUntilSec },
      });
      expect(!stale.ok && stale.error).toMatchObject({ code: 'conflict', reason: 'finding_seen_elsewhere' });
      expect(Number((await serverFindings()).find((x) => x.id === later!.id)!.acknowledged_sec)).toBe(
        ackedBy,
      );
      const bAfter = await b.app.call<WatchFindingView[]>('watch:list');
      expect(bAfter.find((f) => f.id === laterInB.id)!.acknowledgedSec).toBe(ackedBy);

      // A threshold set in a reaches the server; b, which saw none there, is refused with a's named.
      const meterId = seen!.meter_id;
      const set = (app: typeof a.app, value: number, was: number | null) =>
        app.raw('watch:setThreshold', { meterId, scope: 'meter', rule: 'base_step', value, was });
      expect((await set(a.app, 2, null)).ok).toBe(true);
      const refused = await set(b.app, 1.8, null);
      expect(!refused.ok && refused.error).toMatchObject({
        code: 'conflict',
        reason: 'threshold_changed_elsewhere',
        params: { value: 2 },
      });
      const su = await asSuperuser(job.server, job.db);
      try {
        expect(
          (
            await su.query(
              "SELECT scope_id, value, set_by FROM meterdesk.watch_thresholds WHERE rule = 'base_step'",
            )
          ).rows,
        ).toEqual([
          { scope_id: meterId, value: 2, set_by: (refused.ok ? null : refused.error.params?.by) ?? 'x' },
        ]);
      } finally {
        await su.end();
      }
      expect((await set(b.app, 1.8, 2)).ok).toBe(true);
    } finally {
      await a.app.services.close();
      await b.app.services.close();
    }
  }, 120_000);

  it("thresholds set from the command line are the team's: on the server, and read back from it", async () => {
    const meters = JSON.parse((await job.cli(['meters', '--profile', 'Job', '--json'])).stdout) as {
      id: string;
    }[];
    const set = await job.cli([
      'watch',
      'set',
      'year_change',
      '35',
      '--meter',
      meters[0]!.id,
      '--profile',
      'Job',
    ]);
    expect(set.status, set.stderr).toBe(0);
    const su = await asSuperuser(job.server, job.db);
    try {
      expect(
        (
          await su.query(
            "SELECT scope, scope_id, rule, value FROM meterdesk.watch_thresholds WHERE rule = 'year_change'",
          )
        ).rows,
      ).toEqual([{ scope: 'meter', scope_id: meters[0]!.id, rule: 'year_change', value: 35 }]);
    } finally {
      await su.end();
    }
    const shown = await job.cli([
      'watch',
      'thresholds',
      '--meter',
      meters[0]!.id,
      '--profile',
      'Job',
      '--json',
    ]);
    expect(shown.stdout).toContain('35');
  }, 120_000);
});
