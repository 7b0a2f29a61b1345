-- 0006: tariffs (main/cost/): the person's tariffs as JSON validated by the contract's schema, and spot
-- price series imported from files (€/MWh per interval start, quarter-hourly or hourly).
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
