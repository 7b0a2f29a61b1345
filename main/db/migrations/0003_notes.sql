-- Notes a consultant keeps on a meter (issue 33): on a span (a day is a span of one local day) or on the
-- meter as a whole (no span). Shown on charts, listed in the report, written with the CSV export.
CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  from_sec INTEGER,
  to_sec INTEGER,
  text TEXT NOT NULL,
  created_sec INTEGER NOT NULL,
  CHECK ((from_sec IS NULL) = (to_sec IS NULL)),
  CHECK (from_sec IS NULL OR to_sec > from_sec)
) STRICT;
CREATE INDEX notes_meter ON notes (meter_id, from_sec);
