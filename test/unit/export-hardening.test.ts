// Exports against hostile text from the service and hostile ranges: no formula reaches Excel, no file
// lands outside the chosen folder, no range takes the process down, no partial file is left behind
// for good, and no chart read runs over centuries (issue 22, items 2, 3, 4, 14, 15).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { querySeries } from '../../main/db/series-query';
import { excelText } from '../../main/export/cells';
import { exportCsv } from '../../main/export/csv';
import { exportFileName, insideFolder } from '../../main/export/file-names';
import { createPartialTracker } from '../../main/export/partials';
import { tableCsv } from '../../main/export/table-csv';
import { createHandlers } from '../../main/handlers';
import { createServices } from '../../main/services';
import { createSecretStore } from '../../main/secrets/keychain';
import { fullDay } from '../readings-fixture';
import { cliBundle } from '../integration/cli-bundle';

const HOSTILE_MP = "=cmd|' /C calc'!A0";

function sessionSecrets() {
  const s = createSecretStore();
  s.useSessionOnly(true);
  return s;
}
const HOSTILE_OBIS = '=HYPERLINK("http://evil.example","x")';
const TRAVERSAL_MP = 'x/../../../../tmp/../pwn';

function dbWith(meteringPoint: string, obisCode = '1-1:1.9.0 G.01', unit = 'kWh') {
  const dir = mkdtempSync(join(tmpdir(), 'md-harden-'));
  const db = openDatabase(join(dir, 'meterdesk.sqlite'));
  db.prepare(
    "INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES ('m1', ?, ?, 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
  ).run(meteringPoint, '+cmd|x');
  createReadingsStore(db).applyPage(
    'm1',
    fullDay('2026-06-10', (i) => (i % 5) - 0.5 + 1, { obisCode }).map((r) => ({ ...r, unit })),
    'cursor',
    1,
  );
  return { db, dir };
}

describe('CSV formula injection (item 2)', () => {
  it('neutralises text cells that start with = + - @ tab or CR in the Excel profile, and leaves numbers numbers', () => {
    for (const bad of ['=1+1', '+cmd|x', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(excelText(bad)).toBe(`'${bad}`);
    for (const ok of ['AT0010000000000000000000000000042', '1-1:1.9.0 G.01', 'kWh', 'Wohnung Huber', ''])
      expect(excelText(ok)).toBe(ok);
    const csv = tableCsv(
      [
        { de: 'Name', en: 'name' },
        { de: 'Wert', en: 'value' },
      ],
      [
        [HOSTILE_MP, -5.25],
        ['=x', 3],
      ],
      'excel-at',
    );
    expect(csv).toContain(`'${HOSTILE_MP};-5,25`);
    expect(csv).toContain(`'=x;3`);
    // The ISO profile is for programs: text as it is, quoted when it starts like a formula.
    expect(tableCsv([{ de: 'N', en: 'n' }], [['=x'], ['x=']], 'iso')).toBe('n\r\n"=x"\r\nx=\r\n');
  });

  it('writes metering point, register and unit from the service as text, never as a formula, in the readings export', async () => {
    const { db, dir } = dbWith(HOSTILE_MP, HOSTILE_OBIS, '@unit');
    const path = join(dir, 'x.csv');
    const from = Date.parse('2026-06-09T22:00:00Z') / 1000;
    await exportCsv(
      db,
      {
        meterIds: ['m1'],
        obisCodes: [HOSTILE_OBIS],
        fromSec: from,
        toSec: from + 86_400,
        profile: 'excel-at',
      },
      path,
    );
    const rows = readFileSync(path, 'utf8').split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(96);
    for (const row of rows) {
      const cells = row.match(/("([^"]|"")*"|[^;]*)(;|$)/g)!.map((c) => c.replace(/;$/, ''));
      for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@\t\r]/);
    }
    expect(rows[0]).toContain(`;'${HOSTILE_MP};`);
    expect(rows[0]).toContain(`"'${HOSTILE_OBIS.replaceAll('"', '""')}"`);
    expect(rows[0]).toContain(";'@unit;");
    // Values stay numbers (0,5 … 4,5), not text.
    expect(rows[0]).toMatch(/;0,5;'@unit;L1 gemessen;nein;$/);
    await exportCsv(
      db,
      { meterIds: ['m1'], obisCodes: [HOSTILE_OBIS], fromSec: from, toSec: from + 86_400, profile: 'iso' },
      path,
    );
    expect(readFileSync(path, 'utf8')).toContain(`,"${HOSTILE_OBIS.replaceAll('"', '""')}",`);
    db.close();
  });
});

describe('export file names and places (item 3)', () => {
  it('builds names from allow-listed characters only, capped, never a device name', () => {
    expect(exportFileName([TRAVERSAL_MP, '1-1:1.9.0 G.01', '2026-06-10', 'excel-at'], 'csv')).toBe(
      'meterdesk-x_tmp_pwn-1-1_1.9.0_G.01-2026-06-10-excel-at.csv',
    );
    expect(exportFileName(['C:\\Windows\\System32\\evil'], 'csv')).toBe(
      'meterdesk-C_Windows_System32_evil.csv',
    );
    expect(exportFileName(['Bäckerei Gruber – Zähler'], 'png')).toBe('meterdesk-Backerei_Gruber_Zahler.png');
    expect(exportFileName(['x'.repeat(500)], 'csv').length).toBeLessThanOrEqual(124);
    expect(exportFileName([], 'csv')).toBe('meterdesk.csv');
    for (const name of ['meterdesk.csv', exportFileName([TRAVERSAL_MP], 'csv')])
      expect(name).not.toMatch(/[/\\:]|\.\./);
    expect(() => insideFolder('/tmp/out', '../evil.csv')).toThrow(/outside/);
    expect(() => insideFolder('/tmp/out', 'sub/evil.csv')).toThrow(/outside/);
    expect(() => insideFolder('/tmp/out', '/etc/passwd')).toThrow(/outside/);
    expect(insideFolder('/tmp/out', 'ok.csv')).toBe(resolve('/tmp/out/ok.csv'));
  });

  it('writes an export of a meter with a traversal metering point inside the chosen folder, under a clean name', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'md-harden-app-'));
    const exportDir = join(dataDir, 'exports');
    const services = createServices({
      dataDir,
      shell: 'harness',
      version: 'test',
      autoSync: false,
      mqtt: false,
      secrets: sessionSecrets(),
      demo: { years: 0.05, clock: '2026-06-15T12:00:00Z', withBrokers: false },
      chooseExportPath: async (name) => {
        mkdirSync(exportDir, { recursive: true });
        return insideFolder(exportDir, name);
      },
    });
    try {
      const c = await services.active();
      c.db
        .prepare(
          "INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec) VALUES ('evil', ?, 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)",
        )
        .run(TRAVERSAL_MP);
      c.readings.applyPage(
        'evil',
        fullDay('2026-06-10', () => 0.25),
        'cursor',
        1,
      );
      const handlers = createHandlers(services);
      const from = Date.parse('2026-06-09T22:00:00Z') / 1000;
      const r = await handlers['export:csv']({
        meterIds: ['evil'],
        obisCodes: ['1-1:1.9.0 G.01'],
        fromSec: from,
        toSec: from + 86_400,
        profile: 'iso',
      });
      expect(r.rows).toBe(96);
      expect(r.path.startsWith(exportDir + '/')).toBe(true);
      expect(readdirSync(exportDir)).toEqual(['meterdesk-x_tmp_pwn-1-1_1.9.0_G.01-2026-06-10-iso.csv']);
      expect(existsSync('/tmp/pwn')).toBe(false);
    } finally {
      await services.close();
    }
  });
});

describe('export ranges (item 4)', () => {
  it('refuses a range of more than 10 years and clamps a long one to the days that hold readings', async () => {
    const { db, dir } = dbWith('AT0010000000000000000000000000042');
    const path = join(dir, 'x.csv');
    const year = 365 * 86_400;
    await expect(
      exportCsv(
        db,
        {
          meterIds: ['m1'],
          obisCodes: ['1-1:1.9.0 G.01'],
          fromSec: 0,
          toSec: 32_503_680_000,
          profile: 'iso',
        },
        path,
      ),
    ).rejects.toThrow(/at most 10 years/);
    expect(existsSync(path)).toBe(false);
    const from = Date.parse('2020-01-01T00:00:00Z') / 1000;
    const r = await exportCsv(
      db,
      {
        meterIds: ['m1'],
        obisCodes: ['1-1:1.9.0 G.01'],
        fromSec: from,
        toSec: from + 9 * year,
        profile: 'iso',
      },
      path,
    );
    // One day of readings in nine years: 96 rows, not 315 000.
    expect(r.rows).toBe(96);
    db.close();
  });
});

describe('an export reads one snapshot (issue 43, item 4)', () => {
  it('a meter deleted while its export runs leaves the export whole: every row as before', async () => {
    const { db, dir } = dbWith('AT0010000000000000000000000000043');
    // An imported meter: the person may delete it.
    db.prepare(`UPDATE meters SET raw_json = '{"source":"import"}' WHERE id = 'm1'`).run();
    const store = createReadingsStore(db);
    // 120 days: the export writes four chunks of 30 days, with turns of the event loop between them.
    const first = Date.parse('2026-02-01T00:00:00Z') / 86_400_000;
    for (let d = 0; d < 120; d++) {
      const key = new Date((first + d) * 86_400_000).toISOString().slice(0, 10);
      store.applyPage(
        'm1',
        fullDay(key, (i) => 0.1 + (i % 7) / 100),
        'cursor',
        1,
      );
    }
    const { deleteMeter } = await import('../../main/db/meter-admin');
    const path = join(dir, 'snapshot.csv');
    let deleted = false;
    const r = await exportCsv(
      db,
      {
        meterIds: ['m1'],
        obisCodes: ['1-1:1.9.0 G.01'],
        fromSec: Date.parse('2026-01-01T00:00:00Z') / 1000,
        toSec: Date.parse('2026-07-01T00:00:00Z') / 1000,
        profile: 'iso',
      },
      path,
      {
        onProgress: () => {
          // After the first chunk: the meter goes, on the app's own connection.
          if (!deleted) deleteMeter(db, 'm1');
          deleted = true;
        },
      },
    );
    expect(deleted).toBe(true);
    expect(db.prepare("SELECT count(*) AS n FROM meters WHERE id = 'm1'").get()).toEqual({ n: 0 });
    const rows = readFileSync(path, 'utf8').split('\r\n').slice(1, -1);
    expect(r.rows).toBe(rows.length);
    // Every row of the 120 days and of 10 June holds its value; blank are only the nine days between
    // (1–9 June), never rows blank because the meter went meanwhile.
    const blank = rows.filter((l) => l.split(',')[6] === '');
    expect(blank).toHaveLength(9 * 96);
    expect(blank.every((l) => /^2026-06-0[1-9]/.test(l))).toBe(true);
    expect(rows.length - blank.length).toBe(121 * 96 - 4);
    db.close();
  });
});

describe('leftover partial files (item 14)', () => {
  it('removes at the next start the partial file of an export whose process was killed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'md-partials-'));
    const out = join(dataDir, 'out');
    mkdirSync(out);
    // A real kill -9 in the middle of a CLI export of a large range.
    const { db } = dbWith('AT0010000000000000000000000000042');
    const store = createReadingsStore(db);
    for (let d = 1; d <= 28; d++)
      store.applyPage(
        'm1',
        fullDay(`2026-02-${String(d).padStart(2, '0')}`, (i) => i / 100),
        'cursor',
        1,
      );
    db.close();
    const dbDir = (db.name as string).replace(/\/meterdesk\.sqlite$/, '');
    const cli = await cliBundle();
    const child = spawn(process.execPath, [
      cli,
      '--data-dir',
      dbDir,
      'export',
      '--meter',
      'm1',
      '--from',
      '2026-02-01T00:00:00+01:00',
      '--to',
      '2026-03-01T00:00:00+01:00',
      '--format',
      'excel-at',
      '--out',
      join(out, 'big.csv'),
    ]);
    const exited = new Promise((r) => child.on('exit', r));
    // Kill as soon as the partial file exists (a fast machine may finish first: then nothing is left).
    for (
      let i = 0;
      i < 400 && child.exitCode === null && !readdirSync(out).some((f) => f.includes('.partial-'));
      i++
    )
      await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await exited;
    const left = readdirSync(out).filter((f) => f.includes('.partial-'));
    if (left.length > 0) {
      // It was caught mid-write: the next start (here: the tracker of that data folder) removes it.
      expect(createPartialTracker(dbDir).cleanStale()).toEqual([join(out, left[0]!)]);
      expect(readdirSync(out).filter((f) => f.includes('.partial-'))).toEqual([]);
    }
    // And deterministically: a listed partial of a dead process goes, one of a live process stays.
    const tracker = createPartialTracker(dataDir);
    const dead = join(out, 'old.csv.partial-999999');
    const live = join(out, 'now.csv.partial-' + process.pid);
    writeFileSync(dead, 'half');
    writeFileSync(live, 'half');
    tracker.track(dead);
    const release = tracker.track(live);
    const services = createServices({
      dataDir,
      shell: 'harness',
      version: 't',
      autoSync: false,
      mqtt: false,
    });
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    release();
    expect(JSON.parse(readFileSync(join(dataDir, 'exports-in-progress.json'), 'utf8'))).toEqual([]);
    await services.close();
  });
});

describe('unbounded chart reads (item 15)', () => {
  it('answers readings:series over 1970 → 3000 from the days that can hold data, fast', () => {
    const { db } = dbWith('AT0010000000000000000000000000042');
    const started = performance.now();
    const s = querySeries(
      db,
      { meterId: 'm1', obisCode: '1-1:1.9.0 G.01', fromSec: 0, toSec: 32_503_680_000, maxPoints: 5000 },
      'Europe/Vienna',
      Date.parse('2026-11-20T00:00:00Z') / 1000,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(s.resolution).toBe('day');
    expect(s.timesSec.length).toBeLessThan(4 * 366 + 10);
    expect(s.values.filter((v) => v !== null)).toEqual([238]);
    db.close();
  });
});
