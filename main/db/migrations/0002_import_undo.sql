-- Every import can be undone (issue 31): the days an import wrote, as they were before it (NULL: the
-- day had no record) and as it left them (to see whether anything wrote them since), and what the
-- import created besides its readings.
CREATE TABLE import_undo (
  import_id INTEGER NOT NULL,
  series_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  before_record TEXT,
  before_rollup TEXT,
  after_vals TEXT NOT NULL,
  after_flags TEXT NOT NULL,
  after_updated TEXT NOT NULL,
  PRIMARY KEY (import_id, series_id, day)
) STRICT, WITHOUT ROWID;

ALTER TABLE imports ADD COLUMN revisions_from INTEGER;
ALTER TABLE imports ADD COLUMN revisions_to INTEGER;
ALTER TABLE imports ADD COLUMN created_meter INTEGER NOT NULL DEFAULT 0;
ALTER TABLE imports ADD COLUMN created_series TEXT;
ALTER TABLE imports ADD COLUMN meter_latest_before INTEGER;
ALTER TABLE imports ADD COLUMN undone_sec INTEGER;
