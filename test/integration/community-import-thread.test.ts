// The EDA report's import through the app's handler (issue 61: it held the main window 4.5–16 s while
// it wrote): read and written in the query thread on a connection of its own. The main process's
// connection makes no change (SQLite's total_changes() counts its own connection's only), the
// readings are there for the window to read, and the window's requests meanwhile are answered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Community } from '../../preload/contract';
import { demoProfile } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'eda', 'eda-energie-report-2026-03.xlsx');

describe('community:import', () => {
  it('writes in the query thread: the main connection changes nothing, the readings are there', async () => {
    const { services, call } = await demoProfile(0.05, { watchDelayMs: 600_000 });
    try {
      const c = await services.active();
      const changes = () => (c.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
      const before = changes();
      const importing = call<{ community: Community; meters: number; readings: number }>('community:import', {
        name: 'EEG Testfeld',
        kind: 'local',
        fileName: 'eda-energie-report-2026-03.xlsx',
        dataBase64: readFileSync(FIXTURE).toString('base64'),
      });
      // The window asks meanwhile: answered (the main process is free while the thread writes).
      const meanwhile = await call<unknown[]>('meters:list');
      expect(meanwhile.length).toBeGreaterThan(0);
      const r = await importing;
      expect(r.meters).toBeGreaterThan(0);
      expect(r.readings).toBeGreaterThan(0);
      expect(changes()).toBe(before);
      // What the thread wrote, read through the main connection: the members' days of readings, by SQL.
      const ids = r.community.members.map((m) => m.meterId);
      const n = (
        c.db
          .prepare(
            `SELECT count(*) AS n FROM reading_days d JOIN series s ON s.id = d.series_id WHERE s.meter_id IN (${ids.map(() => '?').join(',')})`,
          )
          .get(...ids) as { n: number }
      ).n;
      expect(n).toBeGreaterThan(0);
      expect((await call<{ id: string }[]>('community:list', {})).map((x) => x.id)).toContain(r.community.id);
    } finally {
      await services.close();
    }
  });
});
