-- 0003: each local day's quarter-hours as one text, so a CSV export reads a day in one row instead of
-- ~96 (docs/performance.md, csv-export). Kept by the readings store in the same transaction as the
-- rows, like the rest of the rollup. NULL unless the day is complete (count = expected), every reading
-- lies on the day's quarter-hour grid, has a quality 1–3 and a value exact in thousandths; then: one
-- integer per quarter-hour in time order, comma-separated, thousandths × 8 + revised × 4 + quality.
ALTER TABLE daily_rollups ADD COLUMN packed TEXT;

-- Complete days synced before this migration are marked '?' (not computed yet) and get their block in
-- the background, a batch at a time (fillPendingBlocks in the sync worker): computing them here would
-- hold up the first start after the update by ≈ 1 µs a stored reading (10 s for 10 M). Until then the
-- export reads those days row by row.
UPDATE daily_rollups SET packed = '?' WHERE count = expected;
-- The days still to fill, so that looking for them at every start costs nothing once they are done
-- (without it, a scan of every rollup: ≈ 5–30 ms per 15 000 days).
CREATE INDEX daily_rollups_pending ON daily_rollups (series_id, day) WHERE packed = '?';
