-- 0005: files imported from grid operators' portals (main/import/): which file (by content hash) went
-- into which meter, when, and what it changed, so importing the same file again can say so. Readings
-- from files are rows of `readings` with source 'import' (they never replace the service's).
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
