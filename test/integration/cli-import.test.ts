// `meterdesk import` as it ships (the CLI bundle): every sample export, a bad file, a huge file.
import { spawn } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  ftruncateSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cliBundle } from './cli-bundle';

const DSO = join(__dirname, '..', 'fixtures', 'dso');

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

describe('meterdesk import', () => {
  it('imports every sample export (exit 0), one JSON line per file whose series match the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-import-'));
    const files = readdirSync(DSO)
      .filter((f) => f.endsWith('.csv'))
      .map((f) => join(DSO, f));
    // Files with a metering point go to that meter; each file without one to a meter named for it
    // (issue 31: the CLI never guesses which meter such a file belongs to).
    const hasMp = (f: string) => /AT[0-9A-Z]{31}/.test(readFileSync(f, 'latin1'));
    const byFile = new Map<string, Record<string, unknown>>();
    const parse = (out: string) =>
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown> & { file: string });
    const r = await cli(['--data-dir', dir, 'import', ...files.filter(hasMp), '--json']);
    expect(r.status, r.stderr).toBe(0);
    for (const l of parse(r.stdout)) byFile.set(l.file, l);
    for (const f of files.filter((x) => !hasMp(x))) {
      const one = await cli([
        '--data-dir',
        dir,
        'import',
        f,
        '--meter',
        `new:${f.split('/').pop()}`,
        '--json',
      ]);
      expect(one.status, one.stderr).toBe(0);
      for (const l of parse(one.stdout)) byFile.set(l.file, l);
    }
    const lines = files.map((f) => byFile.get(f)!) as any[];
    expect(lines.map((l) => l.file)).toEqual(files);
    const byName = Object.fromEntries(lines.map((l) => [l.file.split('/').pop(), l]));
    // Spot checks against the files (counted by hand; the full table is in import-fixtures.test.ts).
    expect(byName['wienernetze-viertelstundenwerte-oct2024.csv']).toMatchObject({
      format: 'wienernetze-qh',
      metering_point: 'AT0010000000000000001000000000001',
      series: [
        {
          obis_code: '1-1:1.9.0 G.01',
          readings: 196,
          first_start: '2024-10-25T22:00:00Z',
          last_end: '2024-10-27T23:00:00Z',
          sum_kwh: 22.597,
          quality: { measured: 196, estimated: 0, unreliable: 0 },
        },
      ],
      warnings: [],
    });
    expect(byName['netzooe-csv-mar2025.csv'].series[0]).toMatchObject({ readings: 188, sum_kwh: 21.18 });
    expect(byName['vorarlbergnetz.csv'].series[0]).toMatchObject({ readings: 192, sum_kwh: 24.232 });
    expect(byName['netznoe-2024-eeg.csv'].series.map((s: { obis_code: string }) => s.obis_code)).toEqual([
      '1-1:1.9.0 G.01',
      '1-1:1.9.0 P.01',
      '1-1:2.9.0 G.03',
      '1-1:2.9.0 G.02',
    ]);
    // The Viertelstundenwerte file (imported after the E-Control one) holds the same quarter-hours of
    // the same metering point: it joins that meter and adds no row.
    expect(byName['wienernetze-econtrol-oct2024.csv'].written).toMatchObject({ inserted: 196 });
    expect(byName['wienernetze-viertelstundenwerte-oct2024.csv']).toMatchObject({
      meter_id: byName['wienernetze-econtrol-oct2024.csv'].meter_id,
      written: { inserted: 0, unchanged: 196 },
    });
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    const imported = db.prepare("SELECT count(*) AS n FROM readings WHERE source = 'import'").get() as {
      n: number;
    };
    const stated = lines.reduce((n, l) => n + l.written.inserted, 0);
    expect(imported.n).toBe(stated);
    db.close();
  });

  it('a file that cannot be imported: exit 3, its name, line and column, and nothing of it stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-import-'));
    const bad = join(dir, 'netznoe-broken.csv');
    writeFileSync(
      bad,
      'Messzeitpunkt;Verbrauch (kWh);Qualität;\n01.01.2024 00:15;0,063000;L1;\n01.01.2024 00:30;0,0x8;L1;\n',
    );
    const ok = join(DSO, 'linznetz-v2.csv');
    const r = await cli(['--data-dir', dir, 'import', bad, ok, '--meter', 'new:Haushalt', '--json']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(
      /netznoe-broken\.csv \(line 3, column 2 \("Verbrauch \(kWh\)"\)\): .*"0,0x8" .*not a number/,
    );
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ file: bad, error: { kind: 'bad_number', line: 3 } });
    expect(lines[1]).toMatchObject({ format: 'linznetz' }); // the next file still goes in
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM readings').get()).toEqual({ n: 192 });
    expect(
      db.prepare("SELECT count(*) AS n FROM imports WHERE file_name = 'netznoe-broken.csv'").get(),
    ).toEqual({ n: 0 });
    db.close();
  });

  it('a file without a metering point needs --meter: refused without it, added to the meter named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-import-'));
    const noMp = join(DSO, 'linznetz-v2.csv');
    const r = await cli(['--data-dir', dir, 'import', noMp, '--json']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(
      /names no metering point .* does not guess\. Give --meter ID or METERING_POINT .* --meter new:NAME/,
    );
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ error: { kind: 'meter_needed' } });
    // Two households' files of one format never merge: each goes where it is told.
    const a = await cli(['--data-dir', dir, 'import', noMp, '--meter', 'new:Haushalt A', '--json']);
    const b = await cli(['--data-dir', dir, 'import', noMp, '--meter', 'new:Haushalt B', '--json']);
    expect([a.status, b.status]).toEqual([0, 0]);
    const [ma, mb] = [a, b].map((x) => (JSON.parse(x.stdout.trim()) as { meter_id: string }).meter_id);
    expect(ma).not.toBe(mb);
    // The meters list names them; --meter takes a metering point too (the Wiener Netze file has one).
    const list = await cli(['--data-dir', dir, 'meters', '--json']);
    const meters = JSON.parse(list.stdout) as { id: string; label: string }[];
    expect(meters.map((m) => m.label).sort()).toEqual(['Haushalt A', 'Haushalt B']);
    const wn = join(DSO, 'wienernetze-viertelstundenwerte-oct2024.csv');
    expect((await cli(['--data-dir', dir, 'import', wn])).status).toBe(0);
    const again = await cli(['--data-dir', dir, 'import', noMp, '--meter', ma, '--json']);
    expect(JSON.parse(again.stdout.trim())).toMatchObject({ meter_id: ma, written: { inserted: 0 } });
    const byPoint = await cli([
      '--data-dir',
      dir,
      'export',
      '--meter',
      'AT0010000000000000001000000000001',
      '--from',
      '2024-10-26T00:00:00+02:00',
      '--to',
      '2024-10-27T00:00:00+02:00',
      '--format',
      'iso',
      '--out',
      join(dir, 'x.csv'),
    ]);
    expect(byPoint.status, byPoint.stderr).toBe(0);
  });

  it('every import is logged and can be undone: A, B, undo B gives byte for byte the state of A alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-undo-'));
    const a = join(DSO, 'wienernetze-viertelstundenwerte-oct2024.csv');
    // B: the same metering point and days, 20 values corrected (as a later download would be).
    const lines = readFileSync(a, 'utf8').split('\n');
    for (let i = 1; i <= 20; i++) lines[i] = lines[i]!.replace(/;(\d+,\d+);;$/, (_, v: string) => `;${v}1;;`);
    const b = join(dir, 'wienernetze-b.csv');
    writeFileSync(b, lines.join('\n'));
    const state = () => {
      const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
      try {
        return JSON.stringify([
          db.prepare('SELECT * FROM reading_days ORDER BY series_id, day').all(),
          db.prepare('SELECT * FROM daily_rollups ORDER BY series_id, day').all(),
          db.prepare('SELECT * FROM reading_revisions ORDER BY id').all(),
          db.prepare('SELECT id, latest_data_sec FROM meters ORDER BY id').all(),
          db.prepare('SELECT id, meter_id, obis_code FROM series ORDER BY id').all(),
        ]);
      } finally {
        db.close();
      }
    };
    expect((await cli(['--data-dir', dir, 'import', a])).status).toBe(0);
    const afterA = state();
    const rb = await cli(['--data-dir', dir, 'import', b, '--replace', '--json']);
    expect(JSON.parse(rb.stdout.trim())).toMatchObject({ written: { updated: 20 } });
    expect(state()).not.toBe(afterA);
    const log = JSON.parse((await cli(['--data-dir', dir, 'imports', '--json'])).stdout) as {
      id: number;
      fileName: string;
      undoable: boolean;
    }[];
    expect(log.map((e) => e.fileName)).toEqual([
      'wienernetze-b.csv',
      'wienernetze-viertelstundenwerte-oct2024.csv',
    ]);
    // The older import cannot be undone while the newer one has written its days since.
    const older = await cli(['--data-dir', dir, 'imports', 'undo', String(log[1]!.id)]);
    expect(older.status).toBe(2);
    expect(older.stderr).toMatch(
      /written again after import .* undo the later imports first\. Nothing was changed/,
    );
    const undo = await cli(['--data-dir', dir, 'imports', 'undo', String(log[0]!.id)]);
    expect(undo.status, undo.stderr).toBe(0);
    expect(state()).toBe(afterA);
    expect((await cli(['--data-dir', dir, 'imports', 'undo', String(log[0]!.id)])).stderr).toMatch(
      /undone already/,
    );
    // Undoing A too leaves no meter behind: it was the import's own.
    expect((await cli(['--data-dir', dir, 'imports', 'undo', String(log[1]!.id)])).status).toBe(0);
    expect(JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout)).toEqual([]);
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM readings').get()).toEqual({ n: 0 });
    db.close();
  });

  it('undoing the import that made a community member removes the meter with its notes and memberships; the community counts on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-undo-refs-'));
    const wn = join(DSO, 'wienernetze-viertelstundenwerte-oct2024.csv');
    const kaernten = join(DSO, 'kaerntennetz-2025.csv');
    expect((await cli(['--data-dir', dir, 'import', wn])).status).toBe(0);
    expect((await cli(['--data-dir', dir, 'import', kaernten])).status).toBe(0);
    const meters = JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout) as {
      id: string;
    }[];
    expect(meters).toHaveLength(2);
    const log = JSON.parse((await cli(['--data-dir', dir, 'imports', '--json'])).stdout) as {
      id: number;
      meterId: string;
    }[];
    const [gone, stays] = [log[0]!.meterId, log[1]!.meterId];
    // A community of both, and a note on the meter whose import will be undone.
    const { openDatabase } = await import('../../main/db/open');
    const { createCommunityService } = await import('../../main/community/community-service');
    const { addNote } = await import('../../main/db/notes');
    let db = openDatabase(join(dir, 'meterdesk.sqlite'));
    const svc = createCommunityService(db, 'Europe/Vienna');
    svc.store.save(
      {
        id: 'eeg',
        name: 'EEG Test',
        kind: 'local',
        allocation: 'dynamic',
        settings: svc.store.defaults(),
        members: [gone, stays].map((meterId) => ({
          meterId,
          role: 'consumer' as const,
          factorPercent: 100,
          staticSharePercent: null,
          validFrom: null,
          validTo: null,
        })),
      },
      1,
    );
    addNote(db, { meterId: gone, fromSec: null, toSec: null, text: 'Zählertausch' }, 1);
    db.close();
    const undo = await cli(['--data-dir', dir, 'imports', 'undo', String(log[0]!.id), '--json']);
    expect(undo.status, undo.stderr).toBe(0);
    expect(JSON.parse(undo.stdout)).toMatchObject({
      meter_id: gone,
      meter_removed: true,
      notes_removed: 1,
      memberships_removed: 1,
    });
    db = openDatabase(join(dir, 'meterdesk.sqlite'));
    const after = createCommunityService(db, 'Europe/Vienna');
    expect(after.store.get('eeg').members.map((m) => m.meterId)).toEqual([stays]);
    const span = {
      fromSec: Date.parse('2024-01-01T00:00:00Z') / 1000,
      toSec: Date.parse('2026-01-01T00:00:00Z') / 1000,
    };
    expect(after.view('eeg', span, span.toSec).goneMembers).toEqual([]);
    // A membership an earlier build left behind: the community counts the rest and names it.
    db.prepare(
      "INSERT INTO community_members (community_id, meter_id, role, factor_percent) VALUES ('eeg', 'imp-ghost', 'consumer', 100)",
    ).run();
    const v = after.view('eeg', span, span.toSec);
    expect(v.goneMembers).toEqual(['imp-ghost']);
    expect(v.members.map((m) => m.meterId)).toEqual([stays]);
    db.close();
  });

  it('merging an hourly meter into a quarter-hour meter is refused with the register and both intervals; nothing changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-merge-'));
    const hourly = await cli([
      '--data-dir',
      dir,
      'import',
      join(DSO, 'kwg-hourly-mar2025.xlsx'),
      '--meter',
      'new:Hourly',
      '--json',
    ]);
    expect(hourly.status, hourly.stderr).toBe(0);
    const qh = await cli([
      '--data-dir',
      dir,
      'import',
      join(DSO, 'netzooe-csv-mar2025.csv'),
      '--meter',
      'new:QH',
      '--json',
    ]);
    expect(qh.status, qh.stderr).toBe(0);
    const [h, q] = [hourly, qh].map((r) => (JSON.parse(r.stdout.trim()) as { meter_id: string }).meter_id);
    const state = () => {
      const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
      try {
        return JSON.stringify([
          db.prepare('SELECT * FROM reading_days ORDER BY series_id, day').all(),
          db.prepare('SELECT id, meter_id, obis_code, resolution_sec FROM series ORDER BY id').all(),
          db.prepare('SELECT id FROM meters ORDER BY id').all(),
        ]);
      } finally {
        db.close();
      }
    };
    const before = state();
    for (const extra of [[], ['--replace']]) {
      const r = await cli(['--data-dir', dir, 'meters', 'merge', h!, q!, ...extra]);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(/different intervals \(60 and 15 minutes\).*Nothing was changed/);
    }
    expect(state()).toBe(before);
  });

  it('a file whose magnitudes look implausible is refused unless accepted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-import-'));
    const text = readFileSync(join(DSO, 'linznetz-v2.csv'), 'utf8').replace(
      /;0,(\d{3});/g,
      (_, d: string) => `;${Number(d)};`,
    );
    const f = join(dir, 'resaved.csv');
    writeFileSync(f, text);
    const r = await cli(['--data-dir', dir, 'import', f, '--meter', 'new:X', '--json']);
    expect(r.status).toBe(3);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ error: { kind: 'suspicious' } });
    expect(r.stderr).toMatch(/whole number of kWh .* --accept-suspicious/);
    const ok = await cli(['--data-dir', dir, 'import', f, '--meter', 'new:X', '--accept-suspicious']);
    expect(ok.status, ok.stderr).toBe(0);
  });

  it('imported meters are manageable: rename, site and customer, merge, delete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-meters-'));
    const linz = join(DSO, 'linznetz-v2.csv');
    const text = readFileSync(linz, 'utf8');
    // The same household's July as two files: the 3rd and the 4th.
    const lines = text.split('\n');
    const first = join(dir, 'juli-3.csv');
    const second = join(dir, 'juli-4.csv');
    writeFileSync(first, [lines[0], ...lines.slice(1).filter((l) => l.startsWith('03.07.'))].join('\n'));
    writeFileSync(second, [lines[0], ...lines.slice(1).filter((l) => l.startsWith('04.07.'))].join('\n'));
    const idOf = async (args: string[]) =>
      (JSON.parse((await cli([...args, '--json'])).stdout.trim()) as { meter_id: string }).meter_id;
    const a = await idOf(['--data-dir', dir, 'import', first, '--meter', 'new:Juli 3']);
    const b = await idOf(['--data-dir', dir, 'import', second, '--meter', 'new:Juli 4']);
    const ok = async (args: string[]) => {
      const r = await cli(['--data-dir', dir, 'meters', ...args, '--json']);
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.trim()) as Record<string, unknown>;
    };
    await ok(['rename', a, 'Haushalt Mayer']);
    const placed = await ok(['site', a, 'new:Hauptstraße 1', 'new:Familie Mayer']);
    const merged = await ok(['merge', b, a]);
    expect(merged).toMatchObject({ moved: 96, conflictsKept: 0 });
    const meters = JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout) as {
      id: string;
      label: string;
      site_id: string;
      customer_id: string;
    }[];
    expect(meters).toEqual([
      expect.objectContaining({
        id: a,
        label: 'Haushalt Mayer',
        site_id: placed.siteId,
        customer_id: placed.customerId,
      }),
    ]);
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM readings').get()).toEqual({ n: 192 });
    db.close();
    // Delete asks first, then removes the meter with its readings.
    const ask = await cli(['--data-dir', dir, 'meters', 'delete', a]);
    expect(ask.status).toBe(1);
    expect(ask.stderr).toMatch(/give --yes to confirm/);
    expect(await ok(['delete', a, '--yes'])).toMatchObject({ deleted: a, readings: 192 });
    expect(JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout)).toEqual([]);
  });

  it('each command refuses options it does not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-import-'));
    // stats takes --profile now, as every command that reads a profile (issue 64); --meter it does not.
    const r = await cli(['--data-dir', dir, 'stats', '--meter', 'x']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/stats does not take --meter/);
    const s = await cli(['--data-dir', dir, 'sites', '--meter', 'x']);
    expect(s.status).toBe(1);
    expect(s.stderr).toMatch(/sites does not take --meter/);
  });

  it('a 200 MB file and a 0-byte file are refused without being read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-cli-import-'));
    const huge = join(dir, 'huge.csv');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 200 * 1024 * 1024); // sparse: no 200 MB written, none read
    closeSync(fd);
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const r = await cli(['--data-dir', dir, 'import', huge, empty]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(
      /huge\.csv: The file is larger than 64 MB, the most Meterdesk reads of such a file\. Nothing of this file was stored/,
    );
    expect(r.stderr).toMatch(/empty\.csv: The file is empty/);
  });
});

describe('meters merge --dry-run (issue 43, item 1)', () => {
  it('says what a merge would do, writes nothing, and the merge then does exactly that', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-merge-preview-'));
    const original = readFileSync(join(DSO, 'netzooe-csv-mar2025.csv'), 'utf8');
    // The same export with one quarter-hour changed (00:15 of 29.03.2025: 0,073 → 0,173 kWh).
    const changed = join(dir, 'netzooe-changed.csv');
    writeFileSync(changed, original.replace('"29.03.2025 00:15";0,073;', '"29.03.2025 00:15";0,173;'));
    expect(
      (await cli(['--data-dir', dir, 'import', join(DSO, 'netzooe-csv-mar2025.csv'), '--meter', 'new:A']))
        .status,
    ).toBe(0);
    expect((await cli(['--data-dir', dir, 'import', changed, '--meter', 'new:B'])).status).toBe(0);
    const ids = JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout) as {
      id: string;
      label: string;
    }[];
    const a = ids.find((m) => m.label === 'A')!.id;
    const b = ids.find((m) => m.label === 'B')!.id;
    const before = readFileSync(join(dir, 'meterdesk.sqlite'));
    const dry = await cli(['--data-dir', dir, 'meters', 'merge', b, a, '--dry-run', '--json']);
    expect(dry.status, dry.stderr).toBe(0);
    const p = JSON.parse(dry.stdout) as {
      offered: number;
      added: number;
      same: number;
      conflicts: number;
      replaced: number;
      sample: { startSec: number; intoKwh: number; fromKwh: number }[];
    };
    // Independently: the file's data rows, and the one line that differs.
    const rows = original.split('\n').filter((l) => /^"\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}";/.test(l)).length;
    expect(p).toMatchObject({ offered: rows, added: 0, same: rows - 1, conflicts: 1, replaced: 0 });
    expect(p.sample).toEqual([
      {
        obisCode: '1-1:1.9.0 G.01',
        startSec: Date.parse('2025-03-28T23:15:00Z') / 1000,
        intoKwh: 0.073,
        fromKwh: 0.173,
      },
    ]);
    expect(readFileSync(join(dir, 'meterdesk.sqlite')).equals(before)).toBe(true); // nothing written
    const merged = JSON.parse((await cli(['--data-dir', dir, 'meters', 'merge', b, a, '--json'])).stdout) as {
      moved: number;
      conflictsKept: number;
    };
    expect(merged).toMatchObject({ moved: p.added + p.replaced, conflictsKept: p.conflicts });
  });
});

describe('sites and customers are not made twice (issue 42, item 8)', () => {
  it('a second customer of the same name is refused, an existing site is picked instead', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-sites-'));
    for (const [file, name] of [
      ['netzooe-csv-mar2025.csv', 'new:Haus'],
      ['kwg-hourly-mar2025.xlsx', 'new:Wärmepumpe'],
    ] as const)
      expect((await cli(['--data-dir', dir, 'import', join(DSO, file), '--meter', name])).status).toBe(0);
    const meters = JSON.parse((await cli(['--data-dir', dir, 'meters', '--json'])).stdout) as {
      id: string;
      label: string;
    }[];
    const haus = meters.find((m) => m.label === 'Haus')!.id;
    const wp = meters.find((m) => m.label === 'Wärmepumpe')!.id;
    const first = await cli([
      '--data-dir',
      dir,
      'meters',
      'site',
      haus,
      'new:Dorfstraße 3',
      'new:Familie Novak',
      '--json',
    ]);
    expect(first.status, first.stderr).toBe(0);
    const { siteId } = JSON.parse(first.stdout) as { siteId: string };
    const twice = await cli(['--data-dir', dir, 'meters', 'site', wp, 'new:Garage', 'new:familie novak ']);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/A customer "familie novak" exists already: choose it/);
    const picked = await cli(['--data-dir', dir, 'meters', 'site', wp, siteId, '--json']);
    expect(picked.status, picked.stderr).toBe(0);
    const db = new Database(join(dir, 'meterdesk.sqlite'), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM customers WHERE name LIKE '%Novak%'").get()).toEqual({
      n: 1,
    });
    expect(db.prepare('SELECT count(DISTINCT site_id) AS n FROM meters').get()).toEqual({ n: 1 });
    db.close();
  });
});
