-- 0004: how each meter is kept current, how far a first sync by window reads got, and what the last
-- check against the service found.
-- mode 'feed': the change feed from `cursor`; mode 'window': a service without a change feed, read by
-- windows (team surface) up to `window_synced_sec`, the service's clock when the last read began.
-- backfill_until_sec / backfill_cursor: a first sync by window reads resumes after the last window it
-- finished (not from the start) and keeps the first feed cursor those windows handed out.
-- last_warning: the last sync's shortfall against what the service says it has (NULL when none).
ALTER TABLE sync_state ADD COLUMN mode TEXT NOT NULL DEFAULT 'feed' CHECK (mode IN ('feed', 'window'));
ALTER TABLE sync_state ADD COLUMN window_synced_sec INTEGER;
ALTER TABLE sync_state ADD COLUMN backfill_until_sec INTEGER;
ALTER TABLE sync_state ADD COLUMN backfill_cursor TEXT;
ALTER TABLE sync_state ADD COLUMN last_warning TEXT;
