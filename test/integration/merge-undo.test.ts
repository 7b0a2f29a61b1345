// A merge can be undone like an import (issue 43, item 1): through the CLI as it ships, a meter with a
// note, a community membership and its own import is merged into another that holds differing values
// (replaced), and the merge's undo puts both meters back exactly — every reading of each, the
// revisions, the note, the membership, the import log — after which each meter's own import can be
// undone again. The state is read by plain SQL over the `readings` view, by meter (not by register
// id, which the undo gives anew).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cliBundle } from './cli-bundle';

const DSO = join(__dirname, '..', 'fixtures', 'dso');

const cli = async (args: string[]) => {
  const bundle = await cliBundle();
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      env: { ...process.env, METERDESK_LANG: 'en' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
};

/** Everything a merge touches, by meter id, in a form two states compare by. */
function state(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      meters: db.prepare('SELECT * FROM meters ORDER BY id').all(),
      readings: db
        .prepare(
          `SELECT s.meter_id, s.obis_code, s.resolution_sec, r.start_sec, r.end_sec, r.value, r.quality, r.updated_sec, r.revised_sec, r.source
             FROM readings r JOIN series s ON s.id = r.series_id ORDER BY s.meter_id, s.obis_code, r.start_sec`,
        )
        .all(),
      revisions: db
        .prepare(
          `SELECT s.meter_id, s.obis_code, v.start_sec, v.old_value, v.new_value, v.source
             FROM reading_revisions v JOIN series s ON s.id = v.series_id ORDER BY v.id`,
        )
        .all(),
      notes: db.prepare('SELECT id, meter_id, text FROM notes ORDER BY id').all(),
      members: db.prepare('SELECT id, community_id, meter_id FROM community_members ORDER BY id').all(),
      imports: db
        .prepare(
          "SELECT id, meter_id, file_name, revisions_from >= 0 AS undoable FROM imports WHERE format <> 'merge' ORDER BY id",
        )
        .all(),
    };
  } finally {
    db.close();
  }
}

describe('undoing a merge (issue 43, item 1)', () => {
  it('puts both meters back as they were, and each one’s own import can be undone afterwards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-merge-undo-'));
    const file = join(dir, 'meterdesk.sqlite');
    const csv = join(DSO, 'netzooe-csv-mar2025.csv');
    // B: the same file with every fifth value raised, so a merge has conflicts to replace.
    let line = 0;
    const changed = readFileSync(csv, 'utf8').replace(/;0,(\d{3});/g, (m, d: string) =>
      ++line % 5 === 0 ? `;0,${String(Number(d) + 100).padStart(3, '0')};` : m,
    );
    const csvB = join(dir, 'netzooe-b.csv');
    writeFileSync(csvB, changed);
    const imported = async (f: string, name: string) => {
      const r = await cli(['--data-dir', dir, 'import', f, '--meter', `new:${name}`, '--json']);
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(r.stdout.trim()) as { meter_id: string }).meter_id;
    };
    const a = await imported(csv, 'A');
    const b = await imported(csvB, 'B');
    // A second file into A that changes values: A has revisions of its own, which the merge keeps.
    const csvA2 = join(dir, 'netzooe-a2.csv');
    writeFileSync(csvA2, readFileSync(csv, 'utf8').replace(/;0,0(\d)(\d);/g, ';0,0$2$1;'));
    const a2 = await cli(['--data-dir', dir, 'import', csvA2, '--meter', a, '--replace', '--json']);
    expect(a2.status, a2.stderr).toBe(0);
    const db = new Database(file);
    db.prepare(
      "INSERT INTO notes (meter_id, from_sec, to_sec, text, created_sec) VALUES (?, NULL, NULL, 'Boiler', 1)",
    ).run(a);
    db.prepare(
      `INSERT INTO communities (id, name, kind, allocation, settings_json, source, created_sec)
       VALUES ('eeg', 'EEG', 'local', 'dynamic', '{}', 'manual', 1)`,
    ).run();
    db.prepare(
      "INSERT INTO community_members (community_id, meter_id, role, factor_percent) VALUES ('eeg', ?, 'consumer', 100)",
    ).run(a);
    db.close();
    const before = state(file);
    expect(before.readings.length).toBeGreaterThan(300);
    expect(before.revisions.filter((r) => (r as { meter_id: string }).meter_id === a).length).toBeGreaterThan(
      10,
    );

    const merged = await cli(['--data-dir', dir, 'meters', 'merge', a, b, '--replace', '--json']);
    expect(merged.status, merged.stderr).toBe(0);
    const m = JSON.parse(merged.stdout.trim()) as { moved: number; importId: number };
    expect(m.moved).toBeGreaterThan(0);
    const during = state(file);
    expect(during.meters.map((x) => (x as { id: string }).id)).not.toContain(a);
    expect(during.readings).not.toEqual(before.readings);
    // The replaced values are revisions of B, which the undo takes back out of the audit trail.
    expect(during.revisions.length).toBeGreaterThan(before.revisions.length);
    expect(during.notes).toEqual([expect.objectContaining({ meter_id: b, text: 'Boiler' })]);

    const undo = await cli(['--data-dir', dir, 'imports', 'undo', String(m.importId), '--json']);
    expect(undo.status, undo.stderr).toBe(0);
    expect(JSON.parse(undo.stdout.trim())).toMatchObject({ meter_id: b, meter_restored: a });
    expect(state(file)).toEqual(before);

    // Each meter's own import is undoable again: A's removes A (with its note and membership).
    const log = JSON.parse((await cli(['--data-dir', dir, 'imports', '--json'])).stdout.trim()) as {
      id: number;
      meterId: string;
      format: string;
      undoable: boolean;
    }[];
    const own = log.filter((e) => e.format !== 'merge');
    expect(own.map((e) => [e.meterId, e.undoable]).sort()).toEqual(
      [
        [a, true],
        [a, true],
        [b, true],
      ].sort(),
    );
    // A's second file first (its revisions come out), then its first, which removes A.
    const [first, second] = own.filter((e) => e.meterId === a).sort((x, y) => x.id - y.id);
    const undo2 = await cli(['--data-dir', dir, 'imports', 'undo', String(second!.id), '--json']);
    expect(undo2.status, undo2.stderr).toBe(0);
    expect(state(file).revisions.filter((r) => (r as { meter_id: string }).meter_id === a)).toEqual([]);
    const undoA = await cli(['--data-dir', dir, 'imports', 'undo', String(first!.id), '--json']);
    expect(undoA.status, undoA.stderr).toBe(0);
    expect(JSON.parse(undoA.stdout.trim())).toMatchObject({
      meter_removed: true,
      notes_removed: 1,
      memberships_removed: 1,
    });
    const after = state(file);
    expect(after.readings).toEqual(before.readings.filter((r) => (r as { meter_id: string }).meter_id === b));
  });

  it('is refused when the merged-into meter’s days were written again since, and nothing changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-merge-undo-2-'));
    const file = join(dir, 'meterdesk.sqlite');
    const csv = join(DSO, 'netzooe-csv-mar2025.csv');
    const ids: string[] = [];
    for (const name of ['A', 'B']) {
      const r = await cli(['--data-dir', dir, 'import', csv, '--meter', `new:${name}`, '--json']);
      expect(r.status, r.stderr).toBe(0);
      ids.push((JSON.parse(r.stdout.trim()) as { meter_id: string }).meter_id);
    }
    const merged = await cli(['--data-dir', dir, 'meters', 'merge', ids[0]!, ids[1]!, '--json']);
    const m = JSON.parse(merged.stdout.trim()) as { importId: number };
    // The same file again into B, with other values: B's days are written after the merge.
    const again = join(dir, 'again.csv');
    writeFileSync(again, readFileSync(csv, 'utf8').replace(/;0,0(\d{2});/g, ';0,5$1;'));
    const r = await cli(['--data-dir', dir, 'import', again, '--meter', ids[1]!, '--replace', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const before = state(file);
    const undo = await cli(['--data-dir', dir, 'imports', 'undo', String(m.importId)]);
    expect(undo.status).not.toBe(0);
    expect(undo.stderr).toMatch(/written again after import .*undo the later imports first/);
    expect(state(file)).toEqual(before);
  });
});
