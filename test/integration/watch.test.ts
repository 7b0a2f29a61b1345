// The watch list (issue 45): seeded meters where each rule must fire exactly where it is planted — a
// base-load step, a new monthly peak, a stopped meter, a feed-in drop, a missing day — and a steady meter
// where none may; each finding stated once (a second run adds nothing), cleared when its condition ends;
// `meterdesk watch` (the CLI as it ships) exits 1 when something is new and 0 when nothing is.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { openFindings, recordFindings } from '../../main/db/watch-store';
import { createCommunityStore } from '../../main/db/community-store';
import { communitySettingsSchema } from '../../preload/community-contract';
import { evaluateWatch } from '../../main/watch/rules';
import { fullDay } from '../readings-fixture';
import { cliBundle } from './cli-bundle';

const TZ = 'Europe/Vienna';
const NOW = DateTime.fromISO('2025-11-20T12:00', { zone: TZ });

const cli = async (args: string[]) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

function seed(dir: string) {
  const db = openDatabase(join(dir, 'meterdesk.sqlite'));
  const meter = db.prepare(
    `INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
     VALUES (?, ?, ?, 'electricity', 'quarter_hour', 'connected', '{}', 0)`,
  );
  for (const [id, dir_] of [
    ['step', 'consumption'],
    ['steady', 'consumption'],
    ['stopped', 'consumption'],
    ['roof', 'feed_in'],
  ] as const)
    meter.run(id, `AT00100000000000000000000000${id.padEnd(5, 'x')}`, dir_);
  const store = createReadingsStore(db);
  const put = (
    id: string,
    obis: string,
    from: DateTime,
    to: DateTime,
    kwh: (d: DateTime, slot: number) => number,
  ) => {
    for (let d = from; d < to; d = d.plus({ days: 1 }))
      store.applyPage(
        id,
        fullDay(d.toISODate()!, (i) => kwh(d, i), { obisCode: obis }),
        'cursor',
        1,
      );
  };
  const start = NOW.minus({ days: 400 }).startOf('day');
  const today = NOW.startOf('day');
  const G = '1-1:1.9.0 G.01';
  // Evening bumps of 1 kW at most, a 0.2 kW base; "step" carries 0.5 kW base for the last 14 days and
  // a 12 kW quarter-hour on 18 November; "steady" stays as it was.
  const load = (base: number) => (_d: DateTime, i: number) => (base + (i >= 72 && i < 84 ? 0.8 : 0)) / 4;
  put('step', G, start, today, (d, i) =>
    d.toISODate() === '2025-11-18' && i === 76 ? 3 : load(d >= today.minus({ days: 14 }) ? 0.5 : 0.2)(d, i),
  );
  put('steady', G, start, today, load(0.2));
  // A day the operator owes: 10 November is missing for "steady" only.
  db.prepare(
    "DELETE FROM reading_days WHERE series_id = (SELECT id FROM series WHERE meter_id = 'steady') AND day = ?",
  ).run(Math.round(Date.UTC(2025, 10, 10) / 86_400_000));
  db.prepare(
    "DELETE FROM daily_rollups WHERE series_id = (SELECT id FROM series WHERE meter_id = 'steady') AND day = ?",
  ).run(Math.round(Date.UTC(2025, 10, 10) / 86_400_000));
  // 5 November, revised by the operator 3 days before now: 0.03 kWh more in each quarter-hour outside
  // the evening (+2.52 kWh, +35 %; the day's peak unchanged).
  const revisedAt = NOW.minus({ days: 3 }).toSeconds();
  store.applyPage(
    'steady',
    fullDay('2025-11-05', (i) => load(0.2)(today, i) + (i >= 72 && i < 84 ? 0 : 0.03), {
      obisCode: G,
      updatedSec: revisedAt,
    }),
    'cursor',
    revisedAt,
  );
  put('stopped', G, start, today.minus({ days: 10 }), load(0.2));
  // The roof: clear days of 20 kWh a year ago, 10 kWh now.
  put('roof', '1-1:2.9.0 G.01', start, today, (d, i) =>
    i >= 40 && i < 64 ? (d >= today.minus({ days: 30 }) ? 10 : 20) / 24 : 0,
  );
  return db;
}

describe('the watch list (issue 45)', () => {
  it('each rule fires exactly where it is planted, once; a condition that ends is cleared', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-watch-'));
    const db = seed(dir);
    const found = evaluateWatch(db, NOW.toSeconds(), TZ);
    const got = found.map((f) => `${f.meterId} ${f.rule} ${f.key}`).sort();
    expect(got).toEqual(
      [
        'roof feed_in_drop feed_in_drop',
        'step base_step up',
        'step peak_new 2025-11',
        // The step makes this month, and this year so far, more than last year's same days.
        'step year_change 2025-11',
        'step year_change 2025',
        'stopped data_stopped data_stopped',
        'steady days_missing days_missing',
        'steady day_revised 2025-11-05',
      ].sort(),
    );
    const step = found.find((f) => f.rule === 'base_step')!;
    expect(step.figures).toMatchObject({ recentKw: 0.5, beforeKw: 0.2, ratio: 2.5 });
    const peak = found.find((f) => f.rule === 'peak_new')!;
    expect(peak.figures).toMatchObject({ kw: 12, earlierMaxKw: 1 });
    expect(found.find((f) => f.rule === 'days_missing')!.figures).toMatchObject({
      days: 1,
      first: '2025-11-10',
    });
    // day_revised: before and after as the revision audit and the readings view hold them.
    const revised = found.find((f) => f.rule === 'day_revised')!.figures;
    const dayFrom = DateTime.fromISO('2025-11-05', { zone: TZ }).toSeconds();
    const after = (
      db
        .prepare(
          `SELECT sum(r.value) AS v FROM readings r JOIN series s ON s.id = r.series_id
            WHERE s.meter_id = 'steady' AND r.start_sec >= ? AND r.start_sec < ?`,
        )
        .get(dayFrom, dayFrom + 86_400) as { v: number }
    ).v;
    const delta = db
      .prepare(
        `SELECT sum(new_value - old_value) AS d, count(*) AS n FROM reading_revisions
            WHERE start_sec >= ? AND start_sec < ?`,
      )
      .get(dayFrom, dayFrom + 86_400) as { d: number; n: number };
    expect(revised).toMatchObject({
      day: '2025-11-05',
      afterKwh: Math.round(after * 100) / 100,
      beforeKwh: Math.round((after - delta.d) * 100) / 100,
      quarterHours: 84,
    });
    expect(delta.n).toBe(84);
    // year_change against plain SQL over the readings view: the same calendar days of both years (the
    // seed starts 400 days back, so the year compares 16 October – 19 November of each).
    const kwh = (from: string, to: string) =>
      Math.round(
        (
          db
            .prepare(
              `SELECT sum(r.value) AS v FROM readings r JOIN series s ON s.id = r.series_id
                WHERE s.meter_id = 'step' AND r.start_sec >= ? AND r.start_sec < ?`,
            )
            .get(
              DateTime.fromISO(from, { zone: TZ }).toSeconds(),
              DateTime.fromISO(to, { zone: TZ }).plus({ days: 1 }).toSeconds(),
            ) as { v: number }
        ).v * 10,
      ) / 10;
    const year = (key: string) => found.find((f) => f.rule === 'year_change' && f.key === key)!.figures;
    expect(year('2025-11')).toMatchObject({
      span: 'month',
      kwh: kwh('2025-11-01', '2025-11-19'),
      lastYearKwh: kwh('2024-11-01', '2024-11-19'),
      daysCompared: 19,
    });
    expect(year('2025')).toMatchObject({
      span: 'year',
      kwh: kwh('2025-10-16', '2025-11-19'),
      lastYearKwh: kwh('2024-10-16', '2024-11-19'),
      daysCompared: 35,
    });
    db.close();

    // The CLI as it ships: the same eight, new (exit 1); run again, nothing new (exit 0).
    const now = ['--now', NOW.toISO()!];
    const first = await cli(['--data-dir', dir, 'watch', ...now, '--json']);
    expect(first.status, first.stderr).toBe(1);
    const out = JSON.parse(first.stdout.trim()) as {
      findings: { rule: string; new: boolean }[];
      added: number;
    };
    expect(out.added).toBe(8);
    expect(out.findings.every((f) => f.new)).toBe(true);
    const again = await cli(['--data-dir', dir, 'watch', ...now, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim())).toMatchObject({ added: 0, cleared: 0 });

    // Without --json: one sentence per finding in the language asked for, from the one dictionary (issue
    // 61), never JSON. `--since` before the findings marks all eight new ("NEU"/"NEW", exit 1).
    const since = ['--since', NOW.minus({ days: 1 }).toUTC().toISO()!];
    for (const [lang, mark] of [
      ['de', 'NEU '],
      ['en', 'NEW '],
    ] as const) {
      const text = await cli(['--data-dir', dir, 'watch', ...now, ...since, '--lang', lang]);
      expect(text.status, text.stderr).toBe(1);
      const lines = text.stdout.trim().split('\n');
      expect(lines, text.stdout).toHaveLength(8);
      expect(() => JSON.parse(text.stdout) as unknown).toThrow();
      for (const line of lines) expect(line.startsWith(mark), line).toBe(true);
    }
    const quiet = await cli(['--data-dir', dir, 'watch', ...now, '--lang', 'de']);
    expect(quiet.status).toBe(0);
    expect(quiet.stdout.split('\n').filter((l) => l.startsWith('    ')).length).toBe(8);

    // A month on, with no new data for any meter: the step and the peak have ended, the meters stopped.
    const db2 = openDatabase(join(dir, 'meterdesk.sqlite'));
    const later = NOW.plus({ days: 40 }).toSeconds();
    const r = recordFindings(db2, evaluateWatch(db2, later, TZ), later);
    expect(r.cleared).toBeGreaterThanOrEqual(3);
    const holding = openFindings(db2).map((f) => `${f.meterId} ${f.rule}`);
    expect(holding).not.toContain('step base_step');
    expect(holding).not.toContain('step peak_new');
    expect(holding).toContain('steady data_stopped');
    db2.close();
  });
});

describe('the community rules (issue 45, item 1)', () => {
  it('G.03 over G.02 on a day, a member lacking its community values: each once, for its community', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-watch-eeg-'));
    const db = seed(dir);
    createCommunityStore(db).save(
      {
        id: 'eeg',
        name: 'EEG Test',
        kind: 'local',
        allocation: 'dynamic',
        settings: communitySettingsSchema.parse({}),
        members: [
          {
            meterId: 'steady',
            role: 'consumer',
            factorPercent: 100,
            staticSharePercent: null,
            validFrom: null,
            validTo: null,
          },
          {
            meterId: 'step',
            role: 'consumer',
            factorPercent: 100,
            staticSharePercent: null,
            validFrom: null,
            validTo: null,
          },
        ],
      } as never,
      1,
    );
    const store = createReadingsStore(db);
    const today = NOW.startOf('day');
    // "steady": G.02 0.02 and G.03 0.01 a quarter-hour for the last 30 days, but on 12 November G.03 0.03
    // (over G.02) and on 14–16 November no G.03 at all. "step": both registers, always G.03 ≤ G.02.
    for (let d = today.minus({ days: 30 }); d < today; d = d.plus({ days: 1 })) {
      const k = d.toISODate()!;
      for (const [id, g03] of [
        ['steady', k === '2025-11-12' ? 0.03 : 0.01],
        ['step', 0.01],
      ] as const) {
        store.applyPage(
          id,
          fullDay(k, () => 0.02, { obisCode: '1-1:1.9.0 G.02' }),
          'cursor',
          1,
        );
        if (!(id === 'steady' && k >= '2025-11-14' && k <= '2025-11-16'))
          store.applyPage(
            id,
            fullDay(k, () => g03, { obisCode: '1-1:1.9.0 G.03' }),
            'cursor',
            1,
          );
      }
    }
    const found = evaluateWatch(db, NOW.toSeconds(), TZ).filter((f) => f.rule.startsWith('community_'));
    expect(found.map((f) => `${f.meterId} ${f.rule} ${f.key}`).sort()).toEqual([
      'steady community_days eeg',
      'steady community_g03_over_g02 eeg',
    ]);
    expect(found.find((f) => f.rule === 'community_g03_over_g02')!.figures).toMatchObject({
      days: 1,
      first: '2025-11-12',
    });
    // 14–16 November lack G.03; 10 November lacks everything (no consumption: not the member's owing).
    expect(found.find((f) => f.rule === 'community_days')!.figures).toMatchObject({
      days: 3,
      first: '2025-11-14',
    });
    db.close();
  });
});

describe('snoozing a finding (issue 45, item 3)', () => {
  it('is not new until its day, then new again while it holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-watch-snooze-'));
    seed(dir).close();
    const watch = async (...args: string[]) => {
      const r = await cli(['--data-dir', dir, 'watch', ...args]);
      return {
        status: r.status,
        out: r.stdout.trim()
          ? (JSON.parse(r.stdout.trim()) as { findings: { id: number; rule: string; new: boolean }[] })
          : null,
        stderr: r.stderr,
      };
    };
    const first = await watch('--now', NOW.toISO()!, '--json');
    expect(first.status).toBe(1);
    const stopped = first.out!.findings.find((f) => f.rule === 'data_stopped')!;
    const sz = await cli([
      '--data-dir',
      dir,
      'watch',
      'snooze',
      String(stopped.id),
      '7',
      '--now',
      NOW.toISO()!,
    ]);
    expect(sz.status, sz.stderr).toBe(0);
    const since = NOW.minus({ days: 1 }).toISO()!;
    const now = await watch('--since', since, '--now', NOW.toISO()!, '--json');
    expect(now.out!.findings.find((f) => f.id === stopped.id)!.new).toBe(false);
    expect(now.out!.findings.filter((f) => f.id !== stopped.id).every((f) => f.new)).toBe(true);
    // Eight days on, the meter still stopped: new again.
    const later = await watch('--since', since, '--now', NOW.plus({ days: 8 }).toISO()!, '--json');
    expect(later.out!.findings.find((f) => f.id === stopped.id)!.new).toBe(true);
    // An unknown id is refused.
    expect((await cli(['--data-dir', dir, 'watch', 'snooze', '99999', '7'])).status).not.toBe(0);
  });
});

describe('thresholds per meter, site or customer (issue 45, item 1)', () => {
  it('a kW cap fires where it is set; a higher step factor silences the step; a scope the meter lacks is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-watch-th-'));
    seed(dir).close();
    const run = (...args: string[]) => cli(['--data-dir', dir, 'watch', ...args]);
    // "steady" peaks at 1 kW each evening: a cap of 0.9 kW for it (the meter's own scope).
    expect((await run('set', 'peak_cap', '0.9', '--meter', 'steady')).status).toBe(0);
    expect((await run('set', 'base_step', '3', '--meter', 'step')).status).toBe(0);
    const refused = await run('set', 'base_step', '2', '--meter', 'steady', '--scope', 'site');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/no site/);
    const bad = await run('set', 'year_change', '9000', '--meter', 'steady');
    expect(bad.status).not.toBe(0);
    const th = JSON.parse((await run('thresholds', '--meter', 'step', '--json')).stdout.trim()) as {
      rules: { rule: string; value: number | null; scope: string }[];
    };
    expect(th.rules.find((r) => r.rule === 'base_step')).toMatchObject({ value: 3, scope: 'meter' });
    expect(th.rules.find((r) => r.rule === 'peak_cap')).toMatchObject({ value: null, scope: 'default' });
    const db = openDatabase(join(dir, 'meterdesk.sqlite'));
    const found = evaluateWatch(db, NOW.toSeconds(), TZ);
    const got = found.map((f) => `${f.meterId} ${f.rule}`);
    expect(got).toContain('steady peak_cap');
    expect(found.find((f) => f.rule === 'peak_cap')!.figures).toMatchObject({
      kw: 1,
      capKw: 0.9,
      scope: 'meter',
    });
    expect(got).not.toContain('step base_step'); // × 2.5 is under the factor 3 set for it
    expect(got).not.toContain('roof peak_cap'); // set for "steady" only
    db.close();
    // Unset: the default again, the step reported again.
    expect((await run('unset', 'base_step', '--meter', 'step')).status).toBe(0);
    const db2 = openDatabase(join(dir, 'meterdesk.sqlite'));
    expect(evaluateWatch(db2, NOW.toSeconds(), TZ).map((f) => `${f.meterId} ${f.rule}`)).toContain(
      'step base_step',
    );
    db2.close();
  });
});

describe('the watch list after a write (issue 45, item 1)', () => {
  it('is evaluated after a sync without being opened: the meter list carries the badge, "seen" clears it', async () => {
    const { createServices } = await import('../../main/services');
    const { createHandlers } = await import('../../main/handlers');
    const { createSecretStore } = await import('../../main/secrets/keychain');
    const { dispatch } = await import('../../main/dispatch');
    const { CLOCK } = await import('./helpers');
    const secrets = createSecretStore({
      loadKeytar: () => {
        throw new Error('none');
      },
    });
    secrets.useSessionOnly(true);
    const services = createServices({
      dataDir: mkdtempSync(join(tmpdir(), 'md-watch-after-')),
      shell: 'harness',
      version: '0',
      secrets,
      mqtt: false,
      demo: { seed: 1, meters: 9, years: 1.1, clock: CLOCK, withBrokers: false },
      watchDelayMs: 20,
    });
    const events: unknown[] = [];
    services.on((event, payload) => event === 'watch:changed' && events.push(payload));
    const h = createHandlers(services);
    const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
      const r = (await dispatch(h, channel, input)) as { ok: boolean; data: T; error?: { message: string } };
      if (!r.ok) throw new Error(r.error!.message);
      return r.data;
    };
    try {
      await services.syncNow();
      // The evaluation follows the sync's last write by the delay; nothing opened the list.
      for (let i = 0; i < 200 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await services.whenWatched();
      expect(events.length).toBeGreaterThan(0);
      // Plain SQL: what the profile now holds, unseen, per meter — and the list's badges say the same.
      const c = await services.active();
      const unseen = new Map(
        (
          c.db
            .prepare(
              'SELECT meter_id AS id, count(*) AS n FROM watch_findings WHERE cleared_sec IS NULL AND acknowledged_sec IS NULL GROUP BY meter_id',
            )
            .all() as { id: string; n: number }[]
        ).map((r) => [r.id, r.n]),
      );
      expect(unseen.size).toBeGreaterThan(0);
      const meters = await call<{ id: string; label: string | null; watchUnseen: number }[]>('meters:list');
      for (const m of meters) expect(m.watchUnseen, m.label ?? m.id).toBe(unseen.get(m.id) ?? 0);
      // The demo's planted heat-pump step is among them.
      expect(meters.find((m) => m.label === 'Haus Berger – Wärmepumpe')!.watchUnseen).toBeGreaterThan(0);
      // Seen: the badge goes.
      const open = await call<{ id: number; meterId: string }[]>('watch:list');
      for (const f of open) await call('watch:acknowledge', { id: f.id });
      const after = await call<{ watchUnseen: number }[]>('meters:list');
      expect(after.every((m) => m.watchUnseen === 0)).toBe(true);
    } finally {
      await services.close();
    }
  }, 120_000);
});
