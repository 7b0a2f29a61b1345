// Imports into a team's store (issue 63), against a real PostgreSQL server: two apps (two data folders)
// and the team's job on one empty store at once — the job's full first sync, an app's import, the CLI's
// import — then every reading on the server compared, row for row, with a local profile that synced the
// same account and imported the same files; the imported file's kWh summed from its own text. An import
// made on a copy that misses the other app's import of that meter is refused naming it, nothing written;
// after a reload the earlier file's values are kept, not replaced by guess. A note edited in both apps:
// the second refused with the first's change named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFileView, ImportLogView, MeterView, NoteView, ProfileView } from '../../preload/contract';
import type { DemoService } from '../../main/demo/service';
import { contractApp } from './contract-app';
import { demo } from './helpers';
import { teamJob, type TeamJob } from './team-job';
import { localStoreRows, STORE_ROWS, teamStoreRows } from './store-rows';

const DSO = join(__dirname, '..', 'fixtures', 'dso');
const WIEN = 'wienernetze-viertelstundenwerte-oct2024.csv';
const GRAZ = 'stromnetzgraz-2026-oct2024.csv';

let svc: DemoService;
let job: TeamJob;

beforeAll(async () => {
  svc = await demo({ years: 0.1 });
  job = await teamJob('mdimp', svc.info, { firstSync: false });
}, 180_000);

afterAll(async () => {
  await svc?.stop();
  await job?.drop();
});

async function openTeam(app: ReturnType<typeof contractApp>): Promise<ProfileView> {
  const p = await app.call<ProfileView>('profiles:addTeam', {
    name: 'Büro Graz',
    host: '127.0.0.1',
    port: job.server.port,
    database: job.db,
    user: job.app,
    ssl: 'disable',
    password: job.appPassword,
  });
  await app.call('profiles:switch', { profileId: p.id });
  return p;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function preview(app: ReturnType<typeof contractApp>, name: string, text: string) {
  return (
    await app.call<ImportFileView[]>('import:preview', { files: [{ name, dataBase64: b64(text) }] })
  )[0]!;
}

/** The file's quarter-hours summed from its text (column 4, decimal comma): no code of the app's. */
function kwhOfWienText(text: string): number {
  let sum = 0;
  for (const line of text.split('\n').slice(1)) {
    const cell = line.split(';')[3];
    if (cell) sum += Number(cell.replace(',', '.'));
  }
  return sum;
}

const ROWS = { days: STORE_ROWS.days, rollups: STORE_ROWS.rollups, meters: STORE_ROWS.meters };
/**
 * Which path brought a reading first (flags' upper bits) depends on the runs' order: value and quality.
 * An imported reading's `updated` is when it was imported (here and there at other times): left out.
 */
const readings = (rows: string[]) =>
  rows.map((r) => {
    const [m, o, d, start, first, vals, flags, updated] = JSON.parse(r) as string[];
    const q = (JSON.parse(flags!) as (number | null)[]).map((f) => (f === null ? null : f & 3));
    return JSON.stringify([m, o, d, start, first, vals, q, m!.startsWith('imp-') ? null : updated]);
  });

const localRows = (path: string) => localStoreRows(path, ROWS);

/** The team's rows, and its import log: who imported each file, and whether it can be undone there. */
async function teamRows(): Promise<Record<string, string[]>> {
  const out = await teamStoreRows(
    { host: '127.0.0.1', port: job.server.port, user: job.app, password: job.appPassword, database: job.db },
    {
      ...ROWS,
      imports: 'SELECT file_name, imported_by, revisions_from FROM imports ORDER BY id',
    },
  );
  // One line per import, "file who revisions_from", as the assertions read them.
  out.imports = out.imports!.map((r) => (JSON.parse(r) as string[]).join(' '));
  return out;
}

describe('imports into a team profile', () => {
  it('two apps and the job at once: a full first sync, two imports, a note; every reading as a local profile’s', async () => {
    const a = contractApp('md-teamimp-a-');
    const b = contractApp('md-teamimp-b-');
    try {
      await openTeam(a);
      const pb = await openTeam(b); // both copies taken of the empty store
      expect(await b.call<MeterView[]>('meters:list')).toEqual([]);
      const wien = readFileSync(join(DSO, WIEN), 'utf8');
      const fromA = await preview(a, 'wien.csv', wien);
      const account = ['--base-url', svc.info.base_url, '--team', svc.info.team];

      // At once: the job's full first sync, app a's import, the command line's import of another file.
      const [, done, cliImport] = await Promise.all([
        job.sync(),
        a.call<{ meterId: string; inserted: number; kept: number }>('import:commit', {
          fileId: fromA.fileId,
        }),
        job.cli(['import', '--profile', 'Job', join(DSO, GRAZ), '--meter', 'new:Graz', '--json']),
      ]);
      expect(cliImport.status, cliImport.stderr).toBe(0);
      expect(done.inserted).toBe(196); // 26.10. and the 25-hour 27.10.2024
      const line = JSON.parse(cliImport.stdout) as {
        series: { readings: number }[];
        written: { inserted: number };
      };
      expect(line.written.inserted).toBe(line.series.reduce((n, x) => n + x.readings, 0));
      expect(line.written.inserted).toBeGreaterThan(190);

      // b's copy is older than a's import into that meter: refused, naming it; nothing written.
      const other = wien.replace(/;(\d+),(\d+);;/g, (_, i: string, f: string) => `;${i},${f}1;;`);
      const stale = await preview(b, 'wien-korrigiert.csv', other);
      expect(stale.status).toBe('ready');
      const refused = await b.raw('import:commit', { fileId: stale.fileId });
      expect(!refused.ok && refused.error).toMatchObject({
        code: 'conflict',
        reason: 'import_changed_elsewhere',
        params: { other: 'wien.csv', file: 'wien-korrigiert.csv' },
      });
      expect((await teamRows()).imports).toHaveLength(2);
      // Reloaded, b sees a's import; the file's differing values are kept as a's file stored them.
      await b.call('profiles:switch', { profileId: pb.id, fresh: true });
      const again = await preview(b, 'wien-korrigiert.csv', other);
      const kept = await b.call<{ inserted: number; updated: number; conflictsKept: number }>(
        'import:commit',
        { fileId: again.fileId },
      );
      expect(kept).toMatchObject({ inserted: 0, updated: 0, conflictsKept: 196 });
      const log = await b.call<ImportLogView[]>('import:log');
      expect(log.map((l) => l.fileName).sort()).toEqual([GRAZ, 'wien-korrigiert.csv', 'wien.csv'].sort());
      // An import on the team's server keeps no day snapshots: its undo is refused in words.
      const undo = await b.raw('import:undo', { importId: log[0]!.id });
      expect(!undo.ok && ['undo_team', 'team_read_only_app']).toContain(!undo.ok && undo.error.reason);

      // A note on the imported meter edited in both apps: the second, on the older version, refused.
      const note = await a.call<NoteView>('notes:add', {
        meterId: done.meterId,
        fromSec: null,
        toSec: null,
        text: 'Zählertausch 26.10.',
      });
      await b.call('profiles:switch', { profileId: pb.id, fresh: true });
      const first = await a.call<NoteView>('notes:edit', { id: note.id, version: 1, text: 'Tausch 27.10.' });
      const second = await b.raw('notes:edit', { id: note.id, version: 1, text: 'Tausch 28.10.' });
      expect(!second.ok && second.error).toMatchObject({
        reason: 'note_changed_elsewhere',
        params: { by: first.changedBy, version: 2 },
      });

      // A local profile of the same account with the same files: every reading alike, row for row.
      const sync = await job.cli(['sync', ...account], { METERDESK_TOKEN: svc.info.tokens.pro! });
      expect(sync.status, sync.stderr).toBe(0);
      for (const args of [[join(DSO, WIEN)], [join(DSO, GRAZ), '--meter', 'new:Graz']]) {
        const r = await job.cli(['import', ...args]);
        expect(r.status, r.stderr).toBe(0);
      }
      const want = localRows(join(job.dir, 'meterdesk.sqlite'));
      const got = await teamRows();
      expect(readings(got.days!), 'readings').toEqual(readings(want.days!));
      expect(got.rollups, 'rollups').toEqual(want.rollups);
      expect(got.meters, 'meters').toEqual(want.meters);
      expect(got.meters!.length).toBeGreaterThan(2);
      // Who imported, and that none of them can be undone there (revisions_from −2).
      expect(got.imports!.map((l) => l.split(' ')[2])).toEqual(['-2', '-2', '-2']);
      expect(got.imports!.join('\n')).toContain(`wien.csv ${first.changedBy}`);

      // The imported file on the server: its kWh as the file's own text sums them.
      const onServer = got
        .days!.map((r) => JSON.parse(r) as string[])
        .filter((r) => r[0] === done.meterId)
        .flatMap((r) => JSON.parse(r[5]!) as (number | null)[])
        .reduce<number>((s, v) => s + (v ?? 0), 0);
      expect(onServer).toBeCloseTo(kwhOfWienText(wien), 6);
    } finally {
      await a.services.close();
      await b.services.close();
    }
  }, 300_000);
});
