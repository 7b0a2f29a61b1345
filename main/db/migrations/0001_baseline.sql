-- 0001: the baseline: the local copy of one account (one database file per profile).
-- Timestamps are integer UTC seconds (*_sec); energy in kWh as REAL. From here on migrations are
-- append-only and additive (test/unit/migrations.test.ts refuses drops, renames and new NOT NULL
-- columns without a default).

CREATE TABLE account (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE customers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT
) STRICT;

CREATE TABLE sites (
  id TEXT PRIMARY KEY,
  customer_id TEXT,
  name TEXT NOT NULL,
  address TEXT
) STRICT;

CREATE TABLE meters (
  id TEXT PRIMARY KEY,
  metering_point TEXT NOT NULL,
  label TEXT,
  energy_direction TEXT NOT NULL,
  commodity TEXT NOT NULL,
  granularity TEXT NOT NULL,
  status TEXT NOT NULL,
  site_id TEXT,
  is_demo INTEGER NOT NULL DEFAULT 0,
  latest_data_sec INTEGER,
  created_sec INTEGER,
  consent_state TEXT,
  consent_expires_sec INTEGER,
  raw_json TEXT NOT NULL,
  seen_sec INTEGER NOT NULL
) STRICT;
CREATE INDEX meters_site ON meters (site_id);

-- A register of a meter in one unit, quarter-hourly (900) or hourly (3600).
CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  obis_code TEXT NOT NULL,
  unit TEXT NOT NULL,
  resolution_sec INTEGER NOT NULL DEFAULT 900 CHECK (resolution_sec IN (900, 3600)),
  UNIQUE (meter_id, obis_code, unit)
) STRICT;

-- The one stored form of readings: one record per series and local day (time zone in account.tz), its
-- slots (the series' intervals from first_slot_sec on) as three JSON arrays, see main/db/day-record.ts:
-- vals (kWh or null), flags (quality + 4 · revised + 8 · source code), updated (updated_sec −
-- day_start_sec). A rowid table: a record of ~1.4 KB is too large for a WITHOUT ROWID b-tree cell.
CREATE TABLE reading_days (
  series_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  day_start_sec INTEGER NOT NULL,
  first_slot_sec INTEGER NOT NULL,
  vals TEXT NOT NULL,
  flags TEXT NOT NULL,
  updated TEXT NOT NULL,
  PRIMARY KEY (series_id, day)
) STRICT;

-- The exceptions: readings that fit no slot of their series' grid (another length, off the grid, a
-- quality outside 1–3), keyed like every reading by series and start.
CREATE TABLE irregular_readings (
  series_id INTEGER NOT NULL,
  start_sec INTEGER NOT NULL,
  end_sec INTEGER NOT NULL,
  value REAL NOT NULL,
  quality INTEGER NOT NULL,
  updated_sec INTEGER NOT NULL,
  revised_sec INTEGER,
  source TEXT NOT NULL,
  PRIMARY KEY (series_id, start_sec)
) STRICT, WITHOUT ROWID;

-- Every reading as a row, for ad-hoc SQL and tests (the app reads through main/db/readings-read.ts).
CREATE VIEW readings (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source) AS
  SELECT d.series_id, d.first_slot_sec + v.key * s.resolution_sec,
         d.first_slot_sec + (v.key + 1) * s.resolution_sec, v.value, (d.flags ->> v.key) & 3,
         d.day_start_sec + (d.updated ->> v.key),
         iif((d.flags ->> v.key) & 4, d.day_start_sec + (d.updated ->> v.key), NULL),
         CASE (d.flags ->> v.key) >> 3 WHEN 0 THEN 'cursor' WHEN 1 THEN 'window' WHEN 2 THEN 'mqtt'
           WHEN 3 THEN 'import' ELSE 'sync' END
    FROM reading_days d JOIN series s ON s.id = d.series_id, json_each(d.vals) v
   WHERE v.type <> 'null'
  UNION ALL
  SELECT series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM irregular_readings;

-- The audit trail: the previous state of a reading every time a newer revision replaced it.
CREATE TABLE reading_revisions (
  id INTEGER PRIMARY KEY,
  series_id INTEGER NOT NULL,
  start_sec INTEGER NOT NULL,
  old_value REAL NOT NULL,
  old_quality INTEGER NOT NULL,
  old_updated_sec INTEGER NOT NULL,
  new_value REAL NOT NULL,
  new_quality INTEGER NOT NULL,
  new_updated_sec INTEGER NOT NULL,
  recorded_sec INTEGER NOT NULL,
  source TEXT NOT NULL
) STRICT;
CREATE INDEX reading_revisions_series ON reading_revisions (series_id, start_sec);

-- Per local day: figures of the day's readings, recomputed by the readings store in the same
-- transaction as the day's record. `expected` is the day's slots (92/96/100 quarter-hours, 23/24/25
-- hours); `p5` the 5th percentile of its values (the day's base load, common/percentile.ts).
CREATE TABLE daily_rollups (
  series_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  day_start_sec INTEGER NOT NULL,
  expected INTEGER NOT NULL,
  count INTEGER NOT NULL,
  sum REAL NOT NULL,
  max REAL,
  max_start_sec INTEGER,
  n_measured INTEGER NOT NULL,
  n_estimated INTEGER NOT NULL,
  n_unreliable INTEGER NOT NULL,
  p5 REAL,
  PRIMARY KEY (series_id, day)
) STRICT, WITHOUT ROWID;

-- How each meter is kept current. mode 'feed': the change feed from `cursor`; mode 'window': a service
-- without a change feed, read by windows up to `window_synced_sec`. backfill_until_sec/backfill_cursor:
-- a first sync by window reads resumes after the last window it finished. last_warning: the last
-- sync's shortfall against what the service says it has.
CREATE TABLE sync_state (
  meter_id TEXT PRIMARY KEY,
  cursor TEXT,
  last_sync_sec INTEGER,
  last_error TEXT,
  pages INTEGER NOT NULL DEFAULT 0,
  mode TEXT NOT NULL DEFAULT 'feed' CHECK (mode IN ('feed', 'window')),
  window_synced_sec INTEGER,
  backfill_until_sec INTEGER,
  backfill_cursor TEXT,
  last_warning TEXT
) STRICT;

-- Exports, so data health can say what changed since the last export of a meter.
CREATE TABLE exports (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  exported_sec INTEGER NOT NULL,
  profile TEXT NOT NULL,
  from_sec INTEGER NOT NULL,
  to_sec INTEGER NOT NULL,
  rows INTEGER NOT NULL
) STRICT;
CREATE INDEX exports_meter ON exports (meter_id, exported_sec);

-- Files imported from grid operators' portals (main/import/): which file went into which meter.
CREATE TABLE imports (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  format TEXT NOT NULL,
  imported_sec INTEGER NOT NULL,
  readings INTEGER NOT NULL,
  inserted INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  kept INTEGER NOT NULL
) STRICT;
CREATE INDEX imports_sha ON imports (sha256, meter_id);

-- Tariffs (main/cost/) as JSON validated by the contract's schema, and spot price series.
CREATE TABLE tariffs (
  id TEXT PRIMARY KEY,
  json TEXT NOT NULL,
  updated_sec INTEGER NOT NULL
) STRICT;

CREATE TABLE price_series (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  resolution_sec INTEGER NOT NULL CHECK (resolution_sec IN (900, 3600)),
  source TEXT NOT NULL,
  is_example INTEGER NOT NULL DEFAULT 0,
  imported_sec INTEGER NOT NULL
) STRICT;

CREATE TABLE prices (
  series_id TEXT NOT NULL,
  start_sec INTEGER NOT NULL,
  eur_per_mwh REAL NOT NULL,
  PRIMARY KEY (series_id, start_sec)
) STRICT, WITHOUT ROWID;
