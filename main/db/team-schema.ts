/**
 * The team store's schema on PostgreSQL (issue 63, first step): the tables a team profile's sync writes,
 * in the same stored form as a local profile's SQLite (main/db/migrations/0001_baseline.sql: a day of
 * readings as one row, its slots as JSON arrays, rollups per day). Migrations are numbered, append-only
 * and never edited once landed, like SQLite's; `meterdesk team init` applies the pending ones as the
 * schema's owner (db/team-init.ts). Notes carry a version (0002); the watch list's findings and
 * thresholds (0003); tariffs with versions (0004); imported files (0005); what changed since a copy (0006). Not yet here: price series, communities, kept bills.
 */
export const TEAM_SCHEMA = 'meterdesk';

/**
 * The channel a writer notifies when a page changed a meter's readings (payload: the meter's id), sent
 * with the page's transaction (PostgreSQL delivers it at the commit, never for a rolled-back page): the
 * apps that have the team profile open LISTEN on it and offer a new copy (team-listen.ts).
 */
export const TEAM_CHANGES_CHANNEL = 'meterdesk_changes';

export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}

const core = `
CREATE TABLE meterdesk.account (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE meterdesk.customers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT
);

CREATE TABLE meterdesk.sites (
  id TEXT PRIMARY KEY,
  customer_id TEXT,
  name TEXT NOT NULL,
  address TEXT
);

CREATE TABLE meterdesk.meters (
  id TEXT PRIMARY KEY,
  metering_point TEXT NOT NULL,
  label TEXT,
  energy_direction TEXT NOT NULL,
  commodity TEXT NOT NULL,
  granularity TEXT NOT NULL,
  status TEXT NOT NULL,
  site_id TEXT,
  is_demo BOOLEAN NOT NULL DEFAULT false,
  latest_data_sec BIGINT,
  created_sec BIGINT,
  consent_state TEXT,
  consent_expires_sec BIGINT,
  raw_json TEXT NOT NULL,
  seen_sec BIGINT NOT NULL
);
CREATE INDEX meters_site ON meterdesk.meters (site_id);

CREATE TABLE meterdesk.series (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  meter_id TEXT NOT NULL,
  obis_code TEXT NOT NULL,
  unit TEXT NOT NULL,
  resolution_sec INTEGER NOT NULL DEFAULT 900 CHECK (resolution_sec IN (900, 3600)),
  UNIQUE (meter_id, obis_code, unit)
);

CREATE TABLE meterdesk.reading_days (
  series_id BIGINT NOT NULL,
  day INTEGER NOT NULL,
  day_start_sec BIGINT NOT NULL,
  first_slot_sec BIGINT NOT NULL,
  vals TEXT NOT NULL,
  flags TEXT NOT NULL,
  updated TEXT NOT NULL,
  PRIMARY KEY (series_id, day)
);

CREATE TABLE meterdesk.irregular_readings (
  series_id BIGINT NOT NULL,
  start_sec BIGINT NOT NULL,
  end_sec BIGINT NOT NULL,
  value DOUBLE PRECISION NOT NULL,
  quality INTEGER NOT NULL,
  updated_sec BIGINT NOT NULL,
  revised_sec BIGINT,
  source TEXT NOT NULL,
  PRIMARY KEY (series_id, start_sec)
);

CREATE TABLE meterdesk.reading_revisions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  series_id BIGINT NOT NULL,
  start_sec BIGINT NOT NULL,
  old_value DOUBLE PRECISION NOT NULL,
  old_quality INTEGER NOT NULL,
  old_updated_sec BIGINT NOT NULL,
  new_value DOUBLE PRECISION NOT NULL,
  new_quality INTEGER NOT NULL,
  new_updated_sec BIGINT NOT NULL,
  recorded_sec BIGINT NOT NULL,
  source TEXT NOT NULL
);
CREATE INDEX reading_revisions_series ON meterdesk.reading_revisions (series_id, start_sec);

CREATE TABLE meterdesk.daily_rollups (
  series_id BIGINT NOT NULL,
  day INTEGER NOT NULL,
  day_start_sec BIGINT NOT NULL,
  expected INTEGER NOT NULL,
  count INTEGER NOT NULL,
  sum DOUBLE PRECISION NOT NULL,
  max DOUBLE PRECISION,
  max_start_sec BIGINT,
  n_measured INTEGER NOT NULL,
  n_estimated INTEGER NOT NULL,
  n_unreliable INTEGER NOT NULL,
  p5 DOUBLE PRECISION,
  PRIMARY KEY (series_id, day)
);

CREATE TABLE meterdesk.sync_state (
  meter_id TEXT PRIMARY KEY,
  cursor TEXT,
  last_sync_sec BIGINT,
  last_error TEXT,
  pages INTEGER NOT NULL DEFAULT 0,
  mode TEXT NOT NULL DEFAULT 'feed' CHECK (mode IN ('feed', 'window')),
  window_synced_sec BIGINT,
  backfill_until_sec BIGINT,
  backfill_cursor TEXT,
  last_warning TEXT
);
`;

/** Notes with versions (the local profile's 0003_notes + 0012_note_versions, in its column order). */
const notes = `
CREATE TABLE meterdesk.notes (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  meter_id TEXT NOT NULL,
  from_sec BIGINT,
  to_sec BIGINT,
  text TEXT NOT NULL,
  created_sec BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  changed_sec BIGINT,
  changed_by TEXT,
  CHECK ((from_sec IS NULL) = (to_sec IS NULL)),
  CHECK (from_sec IS NULL OR to_sec > from_sec)
);
CREATE INDEX notes_meter ON meterdesk.notes (meter_id, from_sec);
`;

/**
 * The watch list's findings and thresholds (the local profile's 0006/0008/0009/0013, in its column order).
 * A finding's id is the one the evaluation that recorded it gave (the job evaluates on a copy and
 * writes the findings back under WATCH_LOCK: team-watch.ts), so it has no sequence of its own.
 */
const watch = `
CREATE TABLE meterdesk.watch_findings (
  id BIGINT PRIMARY KEY,
  meter_id TEXT NOT NULL,
  obis_code TEXT NOT NULL,
  rule TEXT NOT NULL,
  key TEXT NOT NULL,
  first_sec BIGINT NOT NULL,
  last_sec BIGINT NOT NULL,
  cleared_sec BIGINT,
  acknowledged_sec BIGINT,
  figures_json TEXT NOT NULL,
  snoozed_until BIGINT,
  UNIQUE (meter_id, obis_code, rule, key)
);

CREATE TABLE meterdesk.watch_thresholds (
  scope TEXT NOT NULL CHECK (scope IN ('meter', 'site', 'customer')),
  scope_id TEXT NOT NULL,
  rule TEXT NOT NULL,
  value DOUBLE PRECISION NOT NULL,
  set_sec BIGINT NOT NULL,
  set_by TEXT,
  PRIMARY KEY (scope, scope_id, rule)
);
`;

/** Tariffs with versions (the local profile's tariffs of 0001 + 0014, in its column order). */
const tariffs = `
CREATE TABLE meterdesk.tariffs (
  id TEXT PRIMARY KEY,
  json TEXT NOT NULL,
  updated_sec BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  changed_by TEXT
);
`;

/**
 * Imported files (the local profile's imports of 0001 + 0002 + 0010 + 0015, in its column order). An
 * import made on the server keeps no day snapshots: `revisions_from` is -2 (import-log.ts ON_TEAM) and it
 * cannot be undone.
 */
const imports = `
CREATE TABLE meterdesk.imports (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  meter_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  format TEXT NOT NULL,
  imported_sec BIGINT NOT NULL,
  readings INTEGER NOT NULL,
  inserted INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  kept INTEGER NOT NULL,
  revisions_from BIGINT,
  revisions_to BIGINT,
  created_meter INTEGER NOT NULL DEFAULT 0,
  created_series TEXT,
  meter_latest_before BIGINT,
  undone_sec BIGINT,
  span_from_sec BIGINT,
  span_to_sec BIGINT,
  imported_by TEXT
);
CREATE INDEX imports_sha ON meterdesk.imports (sha256, meter_id);
`;

/**
 * What changed since a copy was taken (the app's Reload copies only that: team-delta.ts). Every statement
 * that writes or deletes a day of readings or its rollup notes the day in `day_changes` with the writing
 * transaction's id (statement triggers with transition tables: one INSERT per statement, not per row), so
 * deletions are seen too; a revision carries its transaction's id. A copy keeps the oldest transaction
 * still running when it was taken (its snapshot's xmin) and next reads what was written from there on.
 */
const dayChanges = `
CREATE TABLE meterdesk.day_changes (
  series_id BIGINT NOT NULL,
  day INTEGER NOT NULL,
  changed_txid BIGINT NOT NULL,
  PRIMARY KEY (series_id, day)
);
CREATE INDEX day_changes_txid ON meterdesk.day_changes (changed_txid);

CREATE FUNCTION meterdesk.note_day_changes() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO meterdesk.day_changes (series_id, day, changed_txid)
  SELECT DISTINCT series_id, day, pg_current_xact_id()::text::bigint FROM changed_rows
  ON CONFLICT (series_id, day) DO UPDATE SET changed_txid = excluded.changed_txid;
  RETURN NULL;
END
$f$;

CREATE TRIGGER reading_days_inserted AFTER INSERT ON meterdesk.reading_days
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION meterdesk.note_day_changes();
CREATE TRIGGER reading_days_updated AFTER UPDATE ON meterdesk.reading_days
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION meterdesk.note_day_changes();
CREATE TRIGGER reading_days_deleted AFTER DELETE ON meterdesk.reading_days
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION meterdesk.note_day_changes();
CREATE TRIGGER daily_rollups_inserted AFTER INSERT ON meterdesk.daily_rollups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION meterdesk.note_day_changes();
CREATE TRIGGER daily_rollups_updated AFTER UPDATE ON meterdesk.daily_rollups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION meterdesk.note_day_changes();
CREATE TRIGGER daily_rollups_deleted AFTER DELETE ON meterdesk.daily_rollups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION meterdesk.note_day_changes();

ALTER TABLE meterdesk.reading_revisions ADD COLUMN changed_txid BIGINT;
ALTER TABLE meterdesk.reading_revisions ALTER COLUMN changed_txid SET DEFAULT (pg_current_xact_id()::text::bigint);
CREATE INDEX reading_revisions_txid ON meterdesk.reading_revisions (changed_txid);
`;

/** Columns only the team's store has (what changed when: dayChanges); never copied into a local profile. */
export const TEAM_ONLY_COLUMNS = new Set(['changed_txid']);

export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  { version: 1, name: '0001_core', sql: core },
  { version: 2, name: '0002_notes', sql: notes },
  { version: 3, name: '0003_watch', sql: watch },
  { version: 4, name: '0004_tariffs', sql: tariffs },
  { version: 5, name: '0005_imports', sql: imports },
  { version: 6, name: '0006_day_changes', sql: dayChanges },
];
