-- A tariff's version (issue 63), as a note's: counted up at every save, with who saved it. On a team's
-- store a tariff saved, combined, assigned or removed on an older version than the stored one — a
-- colleague changed it meanwhile — is refused naming who did when, never written over.
ALTER TABLE tariffs ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tariffs ADD COLUMN changed_by TEXT;
