// A team profile's copy brought up to date with only what changed (issue 63; db/team-delta.ts), against
// a real PostgreSQL server: after the next day's sync (a new day, due revisions) and an import, a copy
// made from the last one holds, table by table, the rows of a copy taken whole at the same time — the
// whole copy is the independent computation. A transaction still running when a copy is taken, and
// committed after, is in the next copy (never missed); a mark from another server makes a whole copy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../main/demo/service';
import { copyTeamStore } from '../../main/db/team-copy';
import { COPY_MARK } from '../../main/db/team-delta';
import { SHARED_TABLES } from '../../main/db/team-move';
import type { TeamTarget } from '../../main/db/team-init';
import { demo } from './helpers';
import { teamJob, type TeamJob } from './team-job';

let svc: DemoService;
let job: TeamJob;
let target: TeamTarget;
const dir = mkdtempSync(join(tmpdir(), 'md-teamdelta-'));
let n = 0;
const file = () => join(dir, `copy-${++n}.sqlite`);

beforeAll(async () => {
  svc = await demo({ years: 0.1 });
  job = await teamJob('mddel', svc.info);
  target = { host: '127.0.0.1', port: job.server.port, database: job.db, user: job.app, ssl: 'disable' };
}, 180_000);

afterAll(async () => {
  await svc?.stop();
  await job?.drop();
});

/** Every shared table's rows of a copy, sorted, the copy's own mark left out. */
function rowsOf(path: string): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(
      SHARED_TABLES.map((t) => [
        t,
        (db.prepare(`SELECT * FROM ${t}`).raw(true).all() as unknown[][])
          .filter((r) => t !== 'account' || r[0] !== COPY_MARK)
          .map((r) => JSON.stringify(r))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

async function appClient(): Promise<pg.Client> {
  const c = new pg.Client({ ...target, password: job.appPassword, ssl: false });
  await c.connect();
  return c;
}

describe("a team profile's copy from the last one", () => {
  it('holds what a whole copy holds after a sync, revisions and an import; a running write is not missed', async () => {
    const first = file();
    expect(await copyTeamStore(target, job.appPassword, first)).toEqual({ whole: true });

    // The next day: its readings and the revisions due, then an imported file.
    svc.advanceDays(1);
    await job.sync();
    const imp = await job.cli([
      'import',
      '--profile',
      'Job',
      join(__dirname, '..', 'fixtures', 'dso', 'wienernetze-viertelstundenwerte-oct2024.csv'),
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const second = file();
    const made = await copyTeamStore(target, job.appPassword, second, first);
    expect(made.whole).toBe(false);
    if (made.whole) return;
    expect(made.days).toBeGreaterThan(2); // the new day of each series, the revised ones, the file's two
    expect(made.revisions).toBeGreaterThan(0);
    const whole = file();
    await copyTeamStore(target, job.appPassword, whole);
    expect(rowsOf(second)).toEqual(rowsOf(whole));
    expect(rowsOf(second).reading_days).not.toEqual(rowsOf(first).reading_days);

    // A write still running while a copy is taken (its day changed, not yet committed), committed after:
    // not in that copy, in the next one.
    const w = await appClient();
    try {
      await w.query('BEGIN');
      const day = (
        await w.query<{ series_id: string; day: number; vals: string }>(
          'SELECT series_id, day, vals FROM meterdesk.reading_days ORDER BY series_id, day LIMIT 1',
        )
      ).rows[0]!;
      const vals = (JSON.parse(day.vals) as (number | null)[]).map((v) => (v === null ? null : v + 1));
      await w.query('UPDATE meterdesk.reading_days SET vals = $3 WHERE series_id = $1 AND day = $2', [
        day.series_id,
        day.day,
        JSON.stringify(vals),
      ]);
      // A later transaction ends meanwhile (the highest finished one is now past the running write's).
      const other = await appClient();
      await other.query('SELECT pg_current_xact_id()').finally(() => other.end());
      const during = file();
      expect((await copyTeamStore(target, job.appPassword, during, second)).whole).toBe(false);
      expect(rowsOf(during)).toEqual(rowsOf(second));
      await w.query('COMMIT');
      const after = file();
      expect(await copyTeamStore(target, job.appPassword, after, during)).toMatchObject({ whole: false });
      const now = file();
      await copyTeamStore(target, job.appPassword, now);
      expect(rowsOf(after)).toEqual(rowsOf(now));
      expect(rowsOf(after).reading_days.join('\n')).toContain(JSON.stringify(vals));
    } finally {
      await w.end();
    }

    // A mark the server cannot have given (another server, a database made again): taken whole.
    const foreign = file();
    await copyTeamStore(target, job.appPassword, foreign);
    const f = new Database(foreign);
    f.prepare('UPDATE account SET value = ? WHERE key = ?').run('999999999999', COPY_MARK);
    f.close();
    expect(await copyTeamStore(target, job.appPassword, file(), foreign)).toEqual({ whole: true });
  }, 180_000);
});
