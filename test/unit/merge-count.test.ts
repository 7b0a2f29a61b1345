// A merge says what it moved (issue 43, item 14): readings written, not readings offered. Merging an
// imported copy into the service meter it copies moves nothing, and says 0 (it said 288); the undo of
// an import that came with a merged meter says that, not "made by an older Meterdesk".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { mergeMeters } from '../../main/db/meter-admin';
import { importLog, undoImport } from '../../main/db/import-log';
import { toContractError, type AppError } from '../../main/errors';
import { fullDay } from '../readings-fixture';

describe('merging an imported meter', () => {
  it('into the service meter it copies moves nothing and says so; into an empty one moves every reading', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-merge-')), 'meterdesk.sqlite'));
    const meter = db.prepare(
      `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, raw_json, seen_sec)
       VALUES (?, ?, ?, 'consumption', 'electricity', 'quarter_hour', 'connected', ?, 0)`,
    );
    meter.run('svc', 'AT0010000000000000000000000000101', 'Service', '{}');
    meter.run('imp', 'AT0010000000000000000000000000102', 'Kopie', '{"source":"import"}');
    meter.run('imp2', 'AT0010000000000000000000000000103', 'Kopie 2', '{"source":"import"}');
    meter.run('empty', 'AT0010000000000000000000000000104', 'Leer', '{"source":"import"}');
    const store = createReadingsStore(db);
    for (const day of ['2026-06-01', '2026-06-02', '2026-06-03']) {
      const rows = fullDay(day, (i) => 0.1 + i / 1000);
      store.applyPage('svc', rows, 'cursor', 1);
      store.applyPage('imp', rows, 'import', 1);
      store.applyPage('imp2', rows, 'import', 1);
    }
    // imp2's file, as the import log holds it.
    db.prepare(
      `INSERT INTO imports (id, meter_id, file_name, sha256, format, imported_sec, readings, inserted, updated, kept, revisions_from, revisions_to)
       VALUES (7, 'imp2', 'kopie.csv', 'x', 'csv', 1, 288, 288, 0, 0, 0, 0)`,
    ).run();
    expect(mergeMeters(db, store, 'imp', 'svc', 2)).toMatchObject({ moved: 0, conflictsKept: 0 });
    expect(mergeMeters(db, store, 'imp2', 'empty', 2)).toMatchObject({ moved: 288, conflictsKept: 0 });
    // Its import came along with the merge: its undo says so, not "an older Meterdesk".
    expect(importLog(db).find((e) => e.id === 7)).toMatchObject({ meterId: 'empty', undoable: false });
    let refusal: unknown = null;
    try {
      undoImport(db, store, 7, 3);
    } catch (err) {
      refusal = toContractError(err as AppError);
    }
    expect(refusal).toMatchObject({ reason: 'undo_merged', params: { file: 'kopie.csv' } });
    db.close();
  });
});
