-- A note's version (issue 63): every change of a note counts it up and records when and by whom (a person
-- and computer, "anna@laptop-graz"). A change made on an older version than the stored one is refused
-- with who changed it when — on a team's store, where two apps edit the same notes, a note is never
-- overwritten by a stale copy. Notes of earlier builds become version 1, changed when they were made.
ALTER TABLE notes ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE notes ADD COLUMN changed_sec INTEGER;
ALTER TABLE notes ADD COLUMN changed_by TEXT;
UPDATE notes SET changed_sec = created_sec;
