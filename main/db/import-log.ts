/**
 * The import log and undo (issue 31), behind db/: every file imported with what it wrote, and the undo
 * of one import — the days it wrote go back to their snapshots through the readings store's
 * `restoreDays`, its revisions leave the audit trail, a meter or series it created goes when nothing
 * is left in it. Refused when anything wrote those days since. One transaction.
 */
import { forgetMeter } from './meter-admin';
import { restoreMergedMeter } from './merge-undo';
import type Database from 'better-sqlite3';
import type { ImportLogView } from '../../preload/contract';
import { AppError } from '../errors';
import type { ReadingsStore } from './readings-store';

/** When this file (by content) went into this meter before, if it did. */
export function importedBefore(db: Database.Database, hash: string, meterId: string): number | null {
  const r = db
    .prepare('SELECT max(imported_sec) AS t FROM imports WHERE sha256 = ? AND meter_id = ?')
    .get(hash, meterId) as { t: number | null };
  return r.t;
}

/** The ids of a meter's imports this database holds (a team's copy: what the server had at the copy). */
export function importIdsOf(db: Database.Database, meterId: string): number[] {
  return (
    db.prepare('SELECT id FROM imports WHERE meter_id = ? ORDER BY id').all(meterId) as { id: number }[]
  ).map((r) => r.id);
}

/** The import log, newest first. */
export function importLog(db: Database.Database): ImportLogView[] {
  return (
    db
      .prepare(
        `SELECT i.id, i.meter_id, i.file_name, i.sha256, i.format, i.imported_sec, i.readings, i.inserted, i.updated,
                i.kept, i.undone_sec, coalesce(i.revisions_from >= 0, 0) AS undoable,
                coalesce(i.revisions_from = -1, 0) AS merged, coalesce(i.revisions_from = -2, 0) AS on_team,
                i.imported_by
           FROM imports i ORDER BY i.imported_sec DESC, i.id DESC`,
      )
      .all() as {
      id: number;
      meter_id: string;
      file_name: string;
      sha256: string;
      format: string;
      imported_sec: number;
      readings: number;
      inserted: number;
      updated: number;
      kept: number;
      undone_sec: number | null;
      undoable: number;
      merged: number;
      on_team: number;
      imported_by: string | null;
    }[]
  ).map((r) => ({
    id: r.id,
    meterId: r.meter_id,
    fileName: r.file_name,
    sha256: r.sha256,
    format: r.format,
    importedSec: r.imported_sec,
    readings: r.readings,
    inserted: r.inserted,
    updated: r.updated,
    kept: r.kept,
    undoneSec: r.undone_sec,
    undoable: r.undoable === 1 && r.undone_sec === null,
    // Its meter was merged into another: the merge's entry is undone first, not an older version.
    mergedAway: r.merged === 1,
    onTeam: r.on_team === 1,
    importedBy: r.imported_by,
  }));
}

/**
 * Undoes one import: every day it wrote goes back to its record before the file (or away, if it had
 * none), its revisions leave the audit trail, and a meter or series it created goes when nothing is
 * left in it. Refused when anything wrote those days since (a later import or a sync): undo that first.
 * The log keeps the entry, marked undone.
 */
/** `revisions_from` of an import whose meter was merged into another (meter-admin.ts). */
export const MERGED = -1;
/**
 * `revisions_from` of an import made on a team's server, or moved there from a local profile: the server
 * keeps no day snapshots, so it cannot be undone (team-imports.ts, team-move.ts).
 */
export const ON_TEAM = -2;

/** What an undo did: the days put back, and whether the meter it created went (with its notes and memberships). */
export interface UndoResult {
  days: number;
  meterId: string;
  meterRemoved: boolean;
  notesRemoved: number;
  membershipsRemoved: number;
  /** The meter an undone merge put back, if this import was a merge. */
  meterRestored: { meterId: string; label: string } | null;
}

/** An import that cannot be undone (done already, merged, made on a team's server, from an older build): refused in words. */
function refuseUndo(
  importId: number,
  imp: { file_name: string; revisions_from: number | null; undone_sec: number | null },
): void {
  if (imp.undone_sec !== null)
    throw new AppError('conflict', `Import ${importId} (${imp.file_name}) was undone already.`, {
      reason: 'undo_done',
      params: { file: imp.file_name },
    });
  if (imp.revisions_from === MERGED)
    throw new AppError(
      'conflict',
      `Import ${importId} (${imp.file_name}) came with a merged meter: undo the merge first (its entry in the import log), which brings that meter back with its imports.`,
      { reason: 'undo_merged', params: { file: imp.file_name } },
    );
  if (imp.revisions_from === ON_TEAM)
    throw new AppError(
      'conflict',
      `Import ${importId} (${imp.file_name}) was made on a team's server (or moved there), which keeps no record of the days before it; it cannot be undone. Import a corrected file instead.`,
      { reason: 'undo_team', params: { file: imp.file_name } },
    );
  if (imp.revisions_from === null)
    throw new AppError(
      'conflict',
      `Import ${importId} (${imp.file_name}) was made by an older Meterdesk that kept no undo record; it cannot be undone.`,
      { reason: 'undo_unrecorded', params: { file: imp.file_name } },
    );
}

export function undoImport(
  db: Database.Database,
  readings: Pick<ReadingsStore, 'restoreDays'>,
  importId: number,
  nowSec: number,
): UndoResult {
  let result: UndoResult | null = null;
  db.transaction(() => {
    const imp = db.prepare('SELECT * FROM imports WHERE id = ?').get(importId) as
      | {
          meter_id: string;
          file_name: string;
          revisions_from: number | null;
          revisions_to: number | null;
          created_meter: number;
          created_series: string | null;
          meter_latest_before: number | null;
          undone_sec: number | null;
        }
      | undefined;
    if (!imp)
      throw new AppError(
        'not_found',
        `No import ${importId} in this profile ("meterdesk imports" lists them).`,
        { reason: 'import_unknown' },
      );
    refuseUndo(importId, imp);
    const rows = db.prepare('SELECT * FROM import_undo WHERE import_id = ?').all(importId) as {
      series_id: number;
      day: number;
      before_record: string | null;
      before_rollup: string | null;
      after_vals: string;
      after_flags: string;
      after_updated: string;
    }[];
    const now = db.prepare('SELECT vals, flags, updated FROM reading_days WHERE series_id = ? AND day = ?');
    for (const r of rows) {
      const cur = now.get(r.series_id, r.day) as { vals: string; flags: string; updated: string } | undefined;
      if (!cur || cur.vals !== r.after_vals || cur.flags !== r.after_flags || cur.updated !== r.after_updated)
        throw new AppError(
          'conflict',
          `Readings of ${new Date(r.day * 86_400_000).toISOString().slice(0, 10)} were written again after import ${importId} (${imp.file_name}), by a later import or a sync; undo the later imports first. Nothing was changed.`,
          {
            reason: 'undo_overwritten',
            params: { file: imp.file_name, day: new Date(r.day * 86_400_000).toISOString().slice(0, 10) },
          },
        );
    }
    // The readings store writes the days back (it is the one writer of reading_days and rollups).
    readings.restoreDays(
      rows.map((r) => ({
        seriesId: r.series_id,
        day: r.day,
        record: r.before_record,
        rollup: r.before_rollup,
      })),
    );
    if (imp.revisions_from !== null && imp.revisions_to !== null && imp.revisions_to > imp.revisions_from)
      db.prepare('DELETE FROM reading_revisions WHERE id > ? AND id <= ?').run(
        imp.revisions_from,
        imp.revisions_to,
      );
    // A merge's undo puts the merged meter back as it was kept.
    const restored = restoreMergedMeter(db, readings, importId);
    // What the import created, when nothing is left in it.
    for (const obis of JSON.parse(imp.created_series ?? '[]') as string[]) {
      const s = db
        .prepare('SELECT id FROM series WHERE meter_id = ? AND obis_code = ?')
        .get(imp.meter_id, obis) as { id: number } | undefined;
      if (!s) continue;
      const left = db.prepare('SELECT 1 FROM reading_days WHERE series_id = ? LIMIT 1').get(s.id);
      const irregular = db.prepare('SELECT 1 FROM irregular_readings WHERE series_id = ? LIMIT 1').get(s.id);
      if (!left && !irregular) db.prepare('DELETE FROM series WHERE id = ?').run(s.id);
    }
    // The meter the import created goes when nothing is left in it, with what names it (notes,
    // memberships): a community then no longer counts it, and says so.
    let removed = { meter: false, notes: 0, memberships: 0 };
    if (
      imp.created_meter === 1 &&
      !db.prepare('SELECT 1 FROM series WHERE meter_id = ? LIMIT 1').get(imp.meter_id)
    )
      removed = { meter: true, ...forgetMeter(db, imp.meter_id) };
    else
      db.prepare('UPDATE meters SET latest_data_sec = ? WHERE id = ?').run(
        imp.meter_latest_before,
        imp.meter_id,
      );
    db.prepare('UPDATE imports SET undone_sec = ? WHERE id = ?').run(nowSec, importId);
    result = {
      days: rows.length,
      meterId: imp.meter_id,
      meterRemoved: removed.meter,
      notesRemoved: removed.notes,
      membershipsRemoved: removed.memberships,
      meterRestored: restored,
    };
  }).immediate();
  return result!;
}
