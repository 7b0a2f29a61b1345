-- 0001: the local copy of one account (one database file per profile).
-- Timestamps are integer UTC seconds (*_sec); energy in kWh as REAL.

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

CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  obis_code TEXT NOT NULL,
  unit TEXT NOT NULL,
  UNIQUE (meter_id, obis_code, unit)
) STRICT;

CREATE TABLE readings (
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

-- Per local day (time zone in account.tz), kept current on every write.
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
  PRIMARY KEY (series_id, day)
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_state (
  meter_id TEXT PRIMARY KEY,
  cursor TEXT,
  last_sync_sec INTEGER,
  last_error TEXT,
  pages INTEGER NOT NULL DEFAULT 0
) STRICT;
