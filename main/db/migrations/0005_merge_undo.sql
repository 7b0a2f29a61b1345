-- A merge can be undone (issue 43, item 1): the merge is logged as an import into the meter it went
-- into (format 'merge', with the usual before/after days of import_undo), and the merged meter is kept
-- here as it was — its row, registers with their days, rollups, odd readings, revisions and undo
-- records, its sync state — with the notes, memberships and imports that moved along, so an undo puts
-- it back whole.
CREATE TABLE merge_undo (
  import_id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  meter_json TEXT NOT NULL,
  series_json TEXT NOT NULL,
  moved_json TEXT NOT NULL
) STRICT;
