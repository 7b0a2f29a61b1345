/**
 * What an import writes into a team's server beside its readings (issue 63; the flow is
 * import/team-import.ts, the readings go through team-readings.ts like a sync's): the lock that makes
 * one meter's imports take turns, the check that the copy the person saw holds every import the server
 * has for that meter, the imported meter a new file makes, and the log entry. An import on the server
 * keeps no day snapshots (`revisions_from` ON_TEAM): it cannot be undone.
 */
import type pg from 'pg';
import { IMPORTED_CUSTOMER_ID } from '../../common/imported-customer';
import { ON_TEAM } from './import-log';
import { TEAM_SCHEMA } from './team-schema';

const S = TEAM_SCHEMA;

/** One meter's imports take turns on the server (the check and the write in one transaction). */
export async function lockMeterImports(q: pg.ClientBase, meterId: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`meterdesk imports ${meterId}`]);
}

/** The oldest import the server holds for `meterId` that is not among `known` (the copy's), or null. */
export async function importMissingFromCopy(
  q: pg.ClientBase,
  meterId: string,
  known: readonly number[],
): Promise<{ fileName: string; by: string | null; importedSec: number } | null> {
  const r = await q.query<{ file_name: string; imported_by: string | null; imported_sec: string }>(
    `SELECT file_name, imported_by, imported_sec FROM ${S}.imports
      WHERE meter_id = $1 AND NOT (id = ANY($2::bigint[])) ORDER BY id LIMIT 1`,
    [meterId, known],
  );
  const row = r.rows[0];
  return row ? { fileName: row.file_name, by: row.imported_by, importedSec: Number(row.imported_sec) } : null;
}

/** Whether the server holds the meter. */
export async function teamMeterExists(q: pg.ClientBase, meterId: string): Promise<boolean> {
  return (await q.query(`SELECT 1 FROM ${S}.meters WHERE id = $1`, [meterId])).rowCount! > 0;
}

/** A new imported meter under the "Imported" customer at its operator's site (as import-record.ts makes it). */
export async function teamCreateImportedMeter(
  q: pg.ClientBase,
  m: {
    meterId: string;
    siteId: string;
    operator: string;
    meteringPoint: string;
    label: string;
    direction: string;
    formatId: string;
    lastEndSec: number;
    nowSec: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO ${S}.customers (id, name, email) VALUES ($1, 'Importierte Dateien', NULL) ON CONFLICT (id) DO NOTHING`,
    [IMPORTED_CUSTOMER_ID],
  );
  await q.query(
    `INSERT INTO ${S}.sites (id, customer_id, name, address) VALUES ($1, $2, $3, NULL) ON CONFLICT (id) DO NOTHING`,
    [m.siteId, IMPORTED_CUSTOMER_ID, m.operator],
  );
  await q.query(
    `INSERT INTO ${S}.meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, is_demo,
       latest_data_sec, created_sec, consent_state, consent_expires_sec, raw_json, seen_sec)
     VALUES ($1, $2, $3, $4, 'electricity', 'quarter_hour', 'imported', $5, false, $6, $7, NULL, NULL, $8, $7)`,
    [
      m.meterId,
      m.meteringPoint,
      m.label,
      m.direction,
      m.siteId,
      m.lastEndSec,
      m.nowSec,
      JSON.stringify({ source: 'import', format: m.formatId, operator: m.operator }),
    ],
  );
}

/** An existing meter's latest data moved on to the file's end. */
export async function teamExtendLatestData(
  q: pg.ClientBase,
  meterId: string,
  lastEndSec: number,
): Promise<void> {
  await q.query(
    `UPDATE ${S}.meters SET latest_data_sec = GREATEST(coalesce(latest_data_sec, 0), $2) WHERE id = $1`,
    [meterId, lastEndSec],
  );
}

/** The import's log entry on the server; its id (the copy keeps the same). */
export async function teamRecordImport(
  q: pg.ClientBase,
  e: {
    meterId: string;
    fileName: string;
    sha256: string;
    formatId: string;
    nowSec: number;
    readings: number;
    written: { inserted: number; updated: number; kept: number };
    createdMeter: boolean;
    createdSeries: string[];
    meterLatestBefore: number | null;
    span: { fromSec: number; toSec: number };
    by: string;
  },
): Promise<number> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO ${S}.imports (meter_id, file_name, sha256, format, imported_sec, readings, inserted, updated, kept,
       revisions_from, revisions_to, created_meter, created_series, meter_latest_before, span_from_sec, span_to_sec, imported_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      e.meterId,
      e.fileName,
      e.sha256,
      e.formatId,
      e.nowSec,
      e.readings,
      e.written.inserted,
      e.written.updated,
      e.written.kept,
      ON_TEAM,
      e.createdMeter ? 1 : 0,
      JSON.stringify(e.createdSeries),
      e.meterLatestBefore,
      e.span.fromSec,
      e.span.toSec,
      e.by,
    ],
  );
  return Number(r.rows[0]!.id);
}
