/**
 * A merge that can be undone (issue 43, item 1), behind db/. The merge itself is logged as an import
 * into the meter it went into (format `merge`, with the before/after days every import keeps); the
 * merged meter is kept here as it was — its row, registers with their days, rollups, odd readings,
 * revisions and undo records, sync state — with the notes, memberships and imports that moved along.
 * Undoing the merge's import (db/import-log.ts) puts that meter back whole, under new register ids.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { ReadingsStore } from './readings-store';

type Row = Record<string, unknown>;

interface KeptSeries {
  series: Row;
  days: Row[];
  rollups: Row[];
  irregular: Row[];
  revisions: Row[];
  undo: Row[];
}

interface Moved {
  notes: number[];
  /** Kept bills (migration 0007); absent in merges kept before it. */
  bills?: number[];
  memberships: number[];
  imports: { id: number; revisionsFrom: number | null; revisionsTo: number | null }[];
  syncState: Row | null;
}

/** The import format that marks a merge in the import log. */
export const MERGE_FORMAT = 'merge';

/**
 * Keeps the merged meter as it is now (inside the merge's transaction, before it is deleted) and moves
 * its notes, memberships and imports to the meter it went into, recording which moved.
 */
export function keepMergedMeter(
  db: Database.Database,
  importId: number,
  fromId: string,
  intoId: string,
): void {
  const all = (sql: string, ...p: unknown[]) => db.prepare(sql).all(...p) as Row[];
  const series: KeptSeries[] = all('SELECT * FROM series WHERE meter_id = ? ORDER BY id', fromId).map(
    (s) => ({
      series: s,
      days: all('SELECT * FROM reading_days WHERE series_id = ?', s.id),
      rollups: all('SELECT * FROM daily_rollups WHERE series_id = ?', s.id),
      irregular: all('SELECT * FROM irregular_readings WHERE series_id = ?', s.id),
      revisions: all('SELECT * FROM reading_revisions WHERE series_id = ? ORDER BY id', s.id),
      undo: all('SELECT * FROM import_undo WHERE series_id = ?', s.id),
    }),
  );
  const ids = (sql: string) => db.prepare(sql).pluck().all(fromId) as number[];
  const moved: Moved = {
    notes: ids('SELECT id FROM notes WHERE meter_id = ?'),
    bills: ids('SELECT id FROM kept_bills WHERE meter_id = ?'),
    memberships: ids('SELECT id FROM community_members WHERE meter_id = ?'),
    imports: (
      all('SELECT id, revisions_from, revisions_to FROM imports WHERE meter_id = ?', fromId) as {
        id: number;
        revisions_from: number | null;
        revisions_to: number | null;
      }[]
    ).map((i) => ({ id: i.id, revisionsFrom: i.revisions_from, revisionsTo: i.revisions_to })),
    syncState:
      (db.prepare('SELECT * FROM sync_state WHERE meter_id = ?').get(fromId) as Row | undefined) ?? null,
  };
  db.prepare(
    'INSERT INTO merge_undo (import_id, meter_id, meter_json, series_json, moved_json) VALUES (?, ?, ?, ?, ?)',
  ).run(
    importId,
    fromId,
    JSON.stringify(db.prepare('SELECT * FROM meters WHERE id = ?').get(fromId)),
    JSON.stringify(series),
    JSON.stringify(moved),
  );
  db.prepare('UPDATE notes SET meter_id = ? WHERE meter_id = ?').run(intoId, fromId);
  db.prepare('UPDATE kept_bills SET meter_id = ? WHERE meter_id = ?').run(intoId, fromId);
  // revisions_from −1: merged (its undo record went with the merge) until the merge is undone.
  db.prepare('UPDATE imports SET meter_id = ?, revisions_from = -1 WHERE meter_id = ?').run(intoId, fromId);
  db.prepare('UPDATE community_members SET meter_id = ? WHERE meter_id = ?').run(intoId, fromId);
}

const insert = (db: Database.Database, table: string, row: Row) => {
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(
    row,
  );
};

const withSeries = (json: unknown, sid: number) =>
  typeof json === 'string' ? JSON.stringify({ ...(JSON.parse(json) as Row), series_id: sid }) : null;

/**
 * Puts a merged meter back as it was kept (inside the undo's transaction, after the meter it went into
 * got its days back): its row and sync state, each register under a new id with its days, rollups, odd
 * readings, revisions (new ids, its imports' ranges moved with them) and undo records, and the notes,
 * memberships and imports that moved. Null when the import was no merge.
 */
export function restoreMergedMeter(
  db: Database.Database,
  readings: Pick<ReadingsStore, 'restoreDays'>,
  importId: number,
): { meterId: string; label: string } | null {
  const kept = db.prepare('SELECT * FROM merge_undo WHERE import_id = ?').get(importId) as
    { meter_id: string; meter_json: string; series_json: string; moved_json: string } | undefined;
  if (!kept) return null;
  if (db.prepare('SELECT 1 FROM meters WHERE id = ?').get(kept.meter_id))
    throw new AppError(
      'conflict',
      `A meter ${kept.meter_id} exists again in this profile, so the merged meter cannot come back under its id. Nothing was changed.`,
      { reason: 'undo_meter_exists', params: { meter: kept.meter_id } },
    );
  const meter = JSON.parse(kept.meter_json) as Row;
  insert(db, 'meters', meter);
  const moved = JSON.parse(kept.moved_json) as Moved;
  if (moved.syncState) insert(db, 'sync_state', moved.syncState);
  const revisions: { row: Row; sid: number }[] = [];
  for (const s of JSON.parse(kept.series_json) as KeptSeries[]) {
    const sid = Number(
      db
        .prepare('INSERT INTO series (meter_id, obis_code, unit, resolution_sec) VALUES (?, ?, ?, ?)')
        .run(s.series.meter_id, s.series.obis_code, s.series.unit, s.series.resolution_sec).lastInsertRowid,
    );
    const rollups = new Map(s.rollups.map((u) => [u.day as number, u]));
    // The readings store is the one writer of days and rollups: they go back through it.
    readings.restoreDays(
      s.days.map((d) => {
        const u = rollups.get(d.day as number);
        return {
          seriesId: sid,
          day: d.day as number,
          record: JSON.stringify({ ...d, series_id: sid }),
          rollup: u ? JSON.stringify({ ...u, series_id: sid }) : null,
        };
      }),
    );
    for (const r of s.irregular) insert(db, 'irregular_readings', { ...r, series_id: sid });
    for (const r of s.revisions) revisions.push({ row: r, sid });
    for (const u of s.undo)
      insert(db, 'import_undo', {
        ...u,
        series_id: sid,
        before_record: withSeries(u.before_record, sid),
        before_rollup: withSeries(u.before_rollup, sid),
      });
  }
  const revisionIds = restoreRevisions(db, revisions);
  const back = (table: string, rowIds: number[]) => {
    const st = db.prepare(`UPDATE ${table} SET meter_id = ? WHERE id = ?`);
    for (const id of rowIds) st.run(kept.meter_id, id);
  };
  back('notes', moved.notes);
  back('kept_bills', moved.bills ?? []);
  back('community_members', moved.memberships);
  for (const i of moved.imports) {
    const [from, to] = revisionRange(revisionIds, i.revisionsFrom, i.revisionsTo);
    db.prepare('UPDATE imports SET meter_id = ?, revisions_from = ?, revisions_to = ? WHERE id = ?').run(
      kept.meter_id,
      from,
      to,
      i.id,
    );
  }
  db.prepare('DELETE FROM merge_undo WHERE import_id = ?').run(importId);
  return { meterId: kept.meter_id, label: String(meter.label ?? meter.metering_point) };
}

/**
 * The kept revisions back under new ids, in the order of their old ones (so each import's range stays
 * one range): old id → new id.
 */
function restoreRevisions(db: Database.Database, kept: { row: Row; sid: number }[]): Map<number, number> {
  const ids = new Map<number, number>();
  for (const { row, sid } of kept.sort((a, b) => (a.row.id as number) - (b.row.id as number))) {
    const { id, ...r } = row;
    const cols = Object.keys(r);
    const n = db
      .prepare(
        `INSERT INTO reading_revisions (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
      )
      .run({ ...r, series_id: sid }).lastInsertRowid;
    ids.set(id as number, Number(n));
  }
  return ids;
}

/**
 * An import's revisions were the ids (from, to]; back under new ids, they are the new ids of the same
 * rows (written in order, so still one range). An import that wrote no revision keeps its range.
 */
function revisionRange(
  ids: Map<number, number>,
  from: number | null,
  to: number | null,
): [number | null, number | null] {
  if (from === null || to === null || to <= from) return [from, to];
  const mine = [...ids.keys()].filter((id) => id > from && id <= to);
  if (mine.length === 0) return [from, from];
  const news = mine.map((id) => ids.get(id)!);
  return [Math.min(...news) - 1, Math.max(...news)];
}

/** The merge records a meter holds, removed with it (db/meter-admin.ts `deleteMeter`). */
export function forgetMergeRecords(db: Database.Database, meterId: string): void {
  db.prepare('DELETE FROM merge_undo WHERE import_id IN (SELECT id FROM imports WHERE meter_id = ?)').run(
    meterId,
  );
}
