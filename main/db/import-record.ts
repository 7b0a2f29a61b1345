/**
 * What an import writes beside its readings, behind db/ (the import's own flow is
 * import/into-store.ts `writeImport`): the days' state before the file (what undo puts back), the
 * imported meter a new file makes, and the log entry with each day's before and after.
 */
import type Database from 'better-sqlite3';
import { ON_TEAM } from './import-log';

/** The state an import's undo needs, taken inside the import's transaction before its readings. */
export interface ImportSnapshot {
  /** `obis|day` → the day's record and rollup as they were (JSON rows), or null where none. */
  before: Map<string, { record: string | null; rollup: string | null }>;
  /** Registers the meter had before the file. */
  existedSeries: Set<string>;
  revisionsFrom: number;
  meterLatestBefore: number | null;
}

const seriesIdOf = (db: Database.Database, meterId: string, obisCode: string) =>
  db
    .prepare<[string, string], { id: number }>(
      "SELECT id FROM series WHERE meter_id = ? AND obis_code = ? AND unit = 'kWh'",
    )
    .get(meterId, obisCode)?.id;

const maxRevisionId = (db: Database.Database) =>
  (db.prepare('SELECT coalesce(max(id), 0) AS n FROM reading_revisions').get() as { n: number }).n;

export function snapshotBeforeImport(
  db: Database.Database,
  meterId: string,
  meterExists: boolean,
  touched: readonly { obisCode: string; days: ReadonlySet<number> }[],
): ImportSnapshot {
  const dayRow = db.prepare('SELECT * FROM reading_days WHERE series_id = ? AND day = ?');
  const rollupRow = db.prepare('SELECT * FROM daily_rollups WHERE series_id = ? AND day = ?');
  const before = new Map<string, { record: string | null; rollup: string | null }>();
  const existedSeries = new Set<string>();
  for (const t of touched) {
    const sid = seriesIdOf(db, meterId, t.obisCode);
    if (sid === undefined) continue;
    existedSeries.add(t.obisCode);
    for (const d of t.days) {
      const r = dayRow.get(sid, d);
      const u = rollupRow.get(sid, d);
      before.set(`${t.obisCode}|${d}`, {
        record: r ? JSON.stringify(r) : null,
        rollup: u ? JSON.stringify(u) : null,
      });
    }
  }
  const meterLatestBefore = meterExists
    ? ((
        db.prepare('SELECT latest_data_sec AS t FROM meters WHERE id = ?').get(meterId) as
          { t: number | null } | undefined
      )?.t ?? null)
    : null;
  return { before, existedSeries, revisionsFrom: maxRevisionId(db), meterLatestBefore };
}

/** A new imported meter under the "Imported" customer, at a site named after its operator. */
export function createImportedMeter(
  db: Database.Database,
  m: {
    meterId: string;
    customerId: string;
    siteId: string;
    operator: string;
    meteringPoint: string;
    label: string;
    direction: string;
    formatId: string;
    lastEndSec: number;
    nowSec: number;
  },
): void {
  createLocalMeter(db, {
    ...m,
    // The app's own customer: its name is shown in the reader's language (common/imported-customer.ts).
    customer: { id: m.customerId, name: 'Importierte Dateien' },
    site: { id: m.siteId, name: m.operator, address: null },
    rawJson: JSON.stringify({ source: 'import', format: m.formatId, operator: m.operator }),
  });
}

/**
 * A meter of the person's own (an import, the demo community), with its customer and site made where
 * they do not exist yet (an existing one is kept as it is).
 */
export function createLocalMeter(
  db: Database.Database,
  m: {
    meterId: string;
    customer: { id: string; name: string };
    site: { id: string; name: string; address: string | null };
    meteringPoint: string;
    label: string;
    direction: string;
    lastEndSec: number;
    nowSec: number;
    rawJson: string;
  },
): void {
  db.prepare('INSERT INTO customers (id, name, email) VALUES (?, ?, NULL) ON CONFLICT (id) DO NOTHING').run(
    m.customer.id,
    m.customer.name,
  );
  db.prepare(
    'INSERT INTO sites (id, customer_id, name, address) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  ).run(m.site.id, m.customer.id, m.site.name, m.site.address);
  db.prepare(
    `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, is_demo, latest_data_sec, created_sec, consent_state, consent_expires_sec, raw_json, seen_sec)
     VALUES (?, ?, ?, ?, 'electricity', 'quarter_hour', 'imported', ?, 0, ?, ?, NULL, NULL, ?, ?)`,
  ).run(
    m.meterId,
    m.meteringPoint,
    m.label,
    m.direction,
    m.site.id,
    m.lastEndSec,
    m.nowSec,
    m.rawJson,
    m.nowSec,
  );
}

/** An existing meter's latest data moved on to the file's end. */
export function extendLatestData(db: Database.Database, meterId: string, lastEndSec: number): void {
  db.prepare('UPDATE meters SET latest_data_sec = max(coalesce(latest_data_sec, 0), ?) WHERE id = ?').run(
    lastEndSec,
    meterId,
  );
}

/** The log entry of an import and each written day's before and after (what undo checks and restores). */
export function recordImport(
  db: Database.Database,
  snap: ImportSnapshot,
  e: {
    meterId: string;
    fileName: string;
    sha256: string;
    formatId: string;
    nowSec: number;
    readings: number;
    written: { inserted: number; updated: number; kept: number };
    createdMeter: boolean;
    touched: readonly { obisCode: string; days: ReadonlySet<number> }[];
    /** The span the file covers (its meter owes data up to its end); a merge has none. */
    span?: { fromSec: number; toSec: number };
    /** Who imported it (`user@computer`). */
    by?: string | null;
    /** The id the team's server gave this import (a team profile's copy): kept, with no undo record. */
    teamId?: number;
  },
): number {
  const createdSeries = e.touched.map((t) => t.obisCode).filter((o) => !snap.existedSeries.has(o));
  const onTeam = e.teamId !== undefined;
  const importId = Number(
    db
      .prepare(
        `INSERT INTO imports (id, meter_id, file_name, sha256, format, imported_sec, readings, inserted, updated, kept,
           revisions_from, revisions_to, created_meter, created_series, meter_latest_before, span_from_sec, span_to_sec,
           imported_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        e.teamId ?? null,
        e.meterId,
        e.fileName,
        e.sha256,
        e.formatId,
        e.nowSec,
        e.readings,
        e.written.inserted,
        e.written.updated,
        e.written.kept,
        onTeam ? ON_TEAM : snap.revisionsFrom,
        onTeam ? null : maxRevisionId(db),
        e.createdMeter ? 1 : 0,
        JSON.stringify(createdSeries),
        snap.meterLatestBefore,
        e.span?.fromSec ?? null,
        e.span?.toSec ?? null,
        e.by ?? null,
      ).lastInsertRowid,
  );
  if (onTeam) return importId; // the server keeps no day snapshots: nothing to undo by
  const dayRow = db.prepare<[number, number], { vals: string; flags: string; updated: string }>(
    'SELECT vals, flags, updated FROM reading_days WHERE series_id = ? AND day = ?',
  );
  const undo = db.prepare(
    `INSERT INTO import_undo (import_id, series_id, day, before_record, before_rollup, after_vals, after_flags, after_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const t of e.touched) {
    const sid = seriesIdOf(db, e.meterId, t.obisCode);
    if (sid === undefined) continue; // nothing of this series was written (all kept)
    for (const d of t.days) {
      const after = dayRow.get(sid, d);
      if (!after) continue;
      const b = snap.before.get(`${t.obisCode}|${d}`);
      undo.run(
        importId,
        sid,
        d,
        b?.record ?? null,
        b?.rollup ?? null,
        after.vals,
        after.flags,
        after.updated,
      );
    }
  }
  return importId;
}
