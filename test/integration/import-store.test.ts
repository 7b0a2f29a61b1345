/**
 * An imported file lands in a real profile database through the readings store: the chart, the quality
 * breakdown and a CSV export show it; importing it again changes nothing; two files overlapping merge;
 * and a sync from the real demo service afterwards wins wherever the service has data, while the
 * imported days the service does not hold stay.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { querySeries } from '../../main/db/series-query';
import { systemClock } from '../../main/time/clock';
import { queryQuality } from '../../main/analysis/quality';
import { createReadingsStore } from '../../main/db/readings-store';
import type { DemoService } from '../../main/demo/service';
import { exportCsv } from '../../main/export/csv';
import { resolveTarget, sha256, writeImport } from '../../main/import/into-store';
import { readImportFile } from '../../main/import/read-file';
import { dayStartSec } from '../../main/time/local-days';
import { demo } from './helpers';
import { serviceReadings, syncCore } from './sync-helpers';

const TZ = 'Europe/Vienna';
const fmt = new Intl.DateTimeFormat('de-AT', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** `dd.MM.yyyy` and `HH:mm:ss` of an instant in Vienna (Intl, not the code under test). */
function wall(sec: number): [string, string] {
  const p = Object.fromEntries(fmt.formatToParts(new Date(sec * 1000)).map((x) => [x.type, x.value]));
  return [`${p.day}.${p.month}.${p.year}`, `${p.hour}:${p.minute}:${p.second}`];
}

/** A Wiener Netze "Viertelstundenwerte" file of `mp` for [fromSec, toSec), every value `kwh`. */
function wienerNetzeFile(mp: string, fromSec: number, toSec: number, kwh: (sec: number) => number): Buffer {
  const lines = [`Datum;Zeit von;Zeit bis;${mp} (1234567890) - Verbrauch [kWh];;`];
  for (let s = fromSec; s < toSec; s += 900) {
    const [d, t] = wall(s);
    lines.push(`${d};${t};${wall(s + 900)[1]};${String(kwh(s)).replace('.', ',')};;`);
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\n') + '\n')]);
}

let svc: DemoService;
beforeAll(async () => {
  svc = await demo();
});
afterAll(async () => {
  await svc.stop();
});

describe('an import in the store', () => {
  it('shows in the chart, the quality breakdown and a CSV export; again changes nothing; overlapping files merge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-import-'));
    const core = syncCore(svc, { path: join(dir, 'meterdesk.sqlite') });
    const store = createReadingsStore(core.db, TZ);
    const bytes = readFileSync(join(__dirname, '..', 'fixtures', 'dso', 'netznoe-2025-eeg-oct2024.csv'));
    const parsed = await readImportFile(bytes, { tz: TZ });
    const target = resolveTarget(core.db, parsed);
    expect(target).toMatchObject({
      meterId: 'imp-netznoe-consumption',
      exists: false,
      isServiceMeter: false,
    });
    const w = writeImport(core.db, store, parsed, target, { name: 'a.csv', sha256: sha256(bytes) }, 1);
    expect(w).toMatchObject({ readings: 196, inserted: 196, updated: 0, kept: 0 });

    // The meter sits in the local "Imported" customer, under its grid operator.
    const m = core.account.listMeterViews(Math.floor(Date.now() / 1000)).find((x) => x.id === w.meterId)!;
    expect(m).toMatchObject({
      customerName: 'Importierte Dateien', // the app's own customer (common/imported-customer.ts)
      siteName: 'Netz Niederösterreich',
      status: 'imported',
    });
    expect(m.registers).toEqual(['1-1:1.9.0 G.01']);

    // Chart: the change day at its 100 quarter-hours, the file's first value at 26.10. 00:00.
    const from = dayStartSec(20_022, TZ); // 2024-10-26
    const to = dayStartSec(20_024, TZ); // 2024-10-28
    const chart = querySeries(
      core.db,
      { meterId: w.meterId, obisCode: '1-1:1.9.0 G.01', fromSec: from, toSec: to, maxPoints: 10_000 },
      TZ,
    );
    expect(chart.resolution).toBe('quarter_hour');
    expect(chart.values.filter((v) => v !== null)).toHaveLength(196);
    expect(chart.values[0]).toBeCloseTo(0.047, 9);
    // Quality breakdown: 96 + 100 received and measured, nothing missing.
    const q = queryQuality(
      core.db,
      { meterId: w.meterId, obisCode: '1-1:1.9.0 G.01', fromSec: from, toSec: to },
      TZ,
      systemClock.nowSec(),
    );
    expect(q.totals).toMatchObject({
      expected: 196,
      received: 196,
      measured: 196,
      estimated: 0,
      unreliable: 0,
    });
    expect(q.days.map((d) => [d.day, d.received])).toEqual([
      ['2024-10-26', 96],
      ['2024-10-27', 100],
    ]);
    // CSV export: one row per quarter-hour, with the repeated hour twice.
    const out = join(dir, 'export.csv');
    const r = await exportCsv(
      core.db,
      { meterIds: [w.meterId], obisCodes: ['1-1:1.9.0 G.01'], fromSec: from, toSec: to, profile: 'excel-at' },
      out,
      { tz: TZ },
    );
    expect(r.rows).toBe(196);
    const csv = readFileSync(out, 'utf8');
    expect(csv.match(/^27\.10\.2024 02:00/gm)).toHaveLength(2); // the start column

    // The same file again: nothing changes, no revision.
    const again = writeImport(
      core.db,
      store,
      parsed,
      resolveTarget(core.db, parsed),
      { name: 'a.csv', sha256: sha256(bytes) },
      2,
    );
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 196, kept: 0 });
    expect((core.db.prepare('SELECT count(*) AS n FROM reading_revisions').get() as { n: number }).n).toBe(0);
    expect((core.db.prepare('SELECT count(*) AS n FROM readings').get() as { n: number }).n).toBe(196);

    // An overlapping file of the same operator (the 2024 samples: same meter, other days) merges.
    const more = readFileSync(join(__dirname, '..', 'fixtures', 'dso', 'netznoe-2024-qualitaet.csv'));
    const p2 = await readImportFile(more, { tz: TZ });
    const w2 = writeImport(
      core.db,
      store,
      p2,
      resolveTarget(core.db, p2),
      { name: 'b.csv', sha256: sha256(more) },
      3,
    );
    expect(w2).toMatchObject({ meterId: w.meterId, inserted: 192 });
    expect((core.db.prepare('SELECT count(*) AS n FROM readings').get() as { n: number }).n).toBe(388);
    core.db.close();
  });

  it('joins the service meter of its metering point, fills the gaps, and the sync afterwards wins where it has data', async () => {
    const core = syncCore(svc);
    const store = createReadingsStore(core.db, TZ);
    const meters = await core.api.listMeters();
    core.account.saveMeters(meters, Math.floor(Date.now() / 1000));
    const dm = svc.state
      .teamMeters(svc.info.team)
      .find((x) => x.hasData && x.status === 'connected' && x.registers.includes('1-1:1.9.0 G.01'))!;
    const firstServiceDay = svc.state.readings.opts.dataStartDay;
    // Five days before the service's first day and three of its days.
    const from = dayStartSec(firstServiceDay - 5, TZ);
    const to = dayStartSec(firstServiceDay + 3, TZ);
    const split = dayStartSec(firstServiceDay, TZ);
    const bytes = wienerNetzeFile(dm.metering_point, from, to, () => 0.5);
    const parsed = await readImportFile(bytes, { tz: TZ });
    const target = resolveTarget(core.db, parsed);
    expect(target).toMatchObject({ meterId: dm.id, exists: true, isServiceMeter: true });
    const n = (to - from) / 900;
    expect(
      writeImport(core.db, store, parsed, target, { name: 'wn.csv', sha256: sha256(bytes) }, 1),
    ).toMatchObject({ inserted: n });

    await core.sync.syncAll();

    const rows = core.db
      .prepare(
        `SELECT r.start_sec, r.value, r.source FROM readings r JOIN series s ON s.id = r.series_id
          WHERE s.meter_id = ? AND s.obis_code = '1-1:1.9.0 G.01' AND r.start_sec >= ? AND r.start_sec < ? ORDER BY r.start_sec`,
      )
      .all(dm.id, from, to) as { start_sec: number; value: number; source: string }[];
    const service = serviceReadings(svc);
    const before = rows.filter((r) => r.start_sec < split);
    const within = rows.filter((r) => r.start_sec >= split);
    expect(before.length).toBe((split - from) / 900);
    expect(before.every((r) => r.source === 'import' && r.value === 0.5)).toBe(true);
    expect(within.length).toBe((to - split) / 900);
    for (const r of within) {
      expect(r.source).not.toBe('import');
      expect(`${r.value}`).toBe(service.get(`${dm.id}|1-1:1.9.0 G.01|${r.start_sec}`)!.split('|')[0]);
    }

    // Importing the file once more keeps the service's values and says how many.
    const again = writeImport(
      core.db,
      store,
      parsed,
      resolveTarget(core.db, parsed),
      { name: 'wn.csv', sha256: sha256(bytes) },
      2,
    );
    expect(again.kept).toBe(within.length);
    expect(again.inserted + again.updated).toBe(0);
    core.db.close();
  });

  it('a file that fails half-way leaves nothing behind', async () => {
    const core = syncCore(svc);
    const store = createReadingsStore(core.db, TZ);
    const bytes = readFileSync(join(__dirname, '..', 'fixtures', 'dso', 'tinetz-rohdaten-oct2024.csv'));
    const parsed = await readImportFile(bytes, { tz: TZ });
    // A value the store refuses in the last page (NaN is not a REAL SQLite takes as a reading).
    parsed.series[0]!.valueKwh[195] = Number.NaN;
    expect(() =>
      writeImport(core.db, store, parsed, resolveTarget(core.db, parsed), { name: 't.csv', sha256: 'x' }, 1),
    ).toThrow();
    for (const t of ['readings', 'meters', 'imports', 'daily_rollups'])
      expect((core.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n, t).toBe(0);
    core.db.close();
  });
});
