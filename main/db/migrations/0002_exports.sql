-- 0002: remember exports, so data health can say what changed since the last export of a meter.
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
