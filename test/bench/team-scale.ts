// A team profile at a consultancy's size (issue 63): N meters × 3 years in a team's PostgreSQL on this
// machine (a local profile built as the other benchmarks build theirs, moved in as `restore --profile
// TEAM` moves one), then what a person waits for in the app: the first open (the whole store copied into
// the file the app reads) and a Reload after the nightly sync (the open copy brought up to date in place
// with what changed: db/team-delta.ts); a start's copy in the background is noted beside it. Every read after that is the app's SQLite code on that file — the same as a local
// profile's (open-meter, zoom, portfolio, report): `team-reads@N` measures the portfolio on both files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { copyTeamStore, refreshTeamCopy } from '../../main/db/team-copy';
import { connectTeam, initTeam } from '../../main/db/team-init';
import { inTransaction, sqliteIntoTeam } from '../../main/db/team-move';
import { openDatabase } from '../../main/db/open';
import { createProfileRegistry } from '../../main/profiles/registry';
import { asSuperuser, postgres } from '../integration/postgres';
import { buildProfile } from './profile-builder';
import type { Figure } from './run';

const secs = (t0: number) => (performance.now() - t0) / 1000;

export async function teamAtScale(
  work: string,
  meters: number,
  years: number,
  nowSec: number,
  /** The portfolio's wait (ms, after its first call) on a data folder's active profile. */
  portfolioMs: (dataDir: string) => Promise<number>,
): Promise<Figure[]> {
  const server = await postgres();
  const su = await asSuperuser(server);
  const tag = `scale${process.pid}`;
  try {
    await su.query(`CREATE ROLE ${tag} LOGIN PASSWORD '${tag}'`);
    await su.query(`CREATE DATABASE ${tag} OWNER ${tag}`);
  } finally {
    await su.end();
  }
  const target = { host: server.host, port: server.port, database: tag, user: tag, ssl: 'disable' as const };
  try {
    const builtDir = mkdtempSync(join(work, 'team-scale-'));
    const built = buildProfile(builtDir, meters, years, nowSec);
    await initTeam(target, tag, tag);
    const q = await connectTeam(target, tag);
    let moveSec: number;
    try {
      const db = openDatabase(built.dbPath);
      const t0 = performance.now();
      await inTransaction(q, () => sqliteIntoTeam(db, q));
      moveSec = secs(t0);
      db.close();
      // What the server's autovacuum does after such a move (minutes later), done now: otherwise it
      // works through the new rows while the copies below are measured, on the same two cores.
      await q.query('VACUUM (ANALYZE)');
    } finally {
      await q.end();
    }
    const dir = mkdtempSync(join(work, 'team-copy-'));
    let t0 = performance.now();
    await copyTeamStore(target, tag, join(dir, 'first.sqlite'));
    const whole = secs(t0);
    // The nightly sync: the newest day of every series written again (its readings and rollup).
    const w = await connectTeam(target, tag);
    try {
      await w.query(
        `UPDATE meterdesk.reading_days SET updated = updated WHERE day = (SELECT max(day) FROM meterdesk.reading_days)`,
      );
      await w.query(
        `UPDATE meterdesk.daily_rollups SET sum = sum WHERE day = (SELECT max(day) FROM meterdesk.daily_rollups)`,
      );
    } finally {
      await w.end();
    }
    // A start's copy, taken in the background while the last one is read: a file copy of it plus what
    // changed. (Right after the first copy's 1.9 GB were written, the file copy took 5.8-6.1 s here;
    // the same file copied alone, 1.8-2.1 s.)
    execFileSync('sync');
    t0 = performance.now();
    const phases: Record<string, number> = {};
    const made = await copyTeamStore(
      target,
      tag,
      join(dir, 'reload.sqlite'),
      join(dir, 'first.sqlite'),
      phases,
    );
    const background = secs(t0);
    // Reload: the open copy (closed first) brought up to date in place.
    t0 = performance.now();
    const inPlace = await refreshTeamCopy(target, tag, join(dir, 'first.sqlite'));
    const reload = secs(t0);
    // The copy read as the app reads it (a profile of a data folder), beside the local profile it came from.
    const copyDir = mkdtempSync(join(work, 'team-reads-'));
    const registry = createProfileRegistry(copyDir);
    const p = registry.addLocal('Team copy');
    registry.setActive(p.id);
    renameSync(join(dir, 'reload.sqlite'), registry.dbPath(p.id));
    const onCopy = await portfolioMs(copyDir);
    const onLocal = await portfolioMs(builtDir);
    const size = `${meters} meters × ${years} years (${(built.readings / 1e6).toFixed(0)} M readings, ${(built.bytes / 1e9).toFixed(1)} GB)`;
    return [
      {
        id: `team-open-whole@${meters}`,
        what: `a team profile's first open in the app: the team's store of ${size} copied whole into the file the app reads`,
        value: Math.round(whole * 10) / 10,
        unit: 's',
        reference: null,
        referenceValue: null,
        ratio: null,
        target: 'once per computer, in the background after the first (progress shown)',
        met: true,
        notes: `moving the local profile in (restore --profile TEAM's path): ${moveSec.toFixed(1)} s`,
      },
      {
        id: `team-reload@${meters}`,
        what: `Reload after the nightly sync (every series' newest day written again): the open copy brought up to date in place`,
        value: Math.round(reload * 100) / 100,
        unit: 's',
        reference: 'the whole copy',
        referenceValue: Math.round(whole * 10) / 10,
        ratio: Math.round((reload / whole) * 1000) / 1000,
        target: '< 1 s',
        met: reload < 1 && inPlace !== null && !inPlace.whole,
        notes: `${inPlace && !inPlace.whole ? `${inPlace.days} days, ${inPlace.revisions} revisions read` : 'not in place'}; a start's copy in the background (file copy + changes): ${background.toFixed(2)} s${
          made.whole
            ? ' (taken whole)'
            : ` (${Object.entries(phases)
                .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
                .join(', ')})`
        }`,
      },
      {
        id: `team-portfolio@${meters}`,
        what: `analysis:portfolio on a team profile (its copy after the Reload above), all ${meters} meters, after its first call`,
        value: Math.round(onCopy),
        unit: 'ms',
        reference: 'the same on the local profile the team was moved from',
        referenceValue: Math.round(onLocal),
        ratio: Math.round((onCopy / onLocal) * 100) / 100,
        target: '≤ 2× the local profile, < 500 ms',
        met: onCopy <= 2 * onLocal && onCopy < 500,
      },
    ];
  } finally {
    const c = await asSuperuser(server);
    try {
      await c.query(`DROP DATABASE IF EXISTS ${tag} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${tag}`);
    } finally {
      await c.end();
    }
    server.stop();
  }
}
