-- A finding snoozed (issue 45, item 3): not new, not on the meter list's badge, until this instant;
-- then it is unseen again if it still holds.
ALTER TABLE watch_findings ADD COLUMN snoozed_until INTEGER;
