-- The watch list (issue 45): what changed since the last look, per meter and register. A finding is
-- one condition (a rule and its key: the month of a new peak, the window of a base-load step, …),
-- stated once: seen first and last, cleared when the condition ends, acknowledged by the person. Its
-- figures (the numbers, the frame, the threshold) as JSON.
CREATE TABLE watch_findings (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  obis_code TEXT NOT NULL,
  rule TEXT NOT NULL,
  key TEXT NOT NULL,
  first_sec INTEGER NOT NULL,
  last_sec INTEGER NOT NULL,
  cleared_sec INTEGER,
  acknowledged_sec INTEGER,
  figures_json TEXT NOT NULL,
  UNIQUE (meter_id, obis_code, rule, key)
) STRICT;
