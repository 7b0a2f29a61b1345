-- 0007: a complete, regular local day is stored as its day block alone (docs/performance.md,
-- bytes-per-reading): its quarter-hours leave `reading_rows` (≈ 44 bytes each) and live only in the
-- rollup's `packed` text (≈ 5 bytes each), with what they all share in two columns. Every reader sees
-- the same readings as before: the view `readings` is both forms together, and main/db/readings-read.ts
-- reads ranges of both fast.
--
-- A day is stored so (block_source IS NOT NULL) only when nothing of it is lost: its block exists
-- (complete, on the quarter-hour grid, qualities 1–3, values exact in thousandths: 0003_day_blocks.sql),
-- every reading ends a quarter-hour after it starts, all have the same updated_sec (block_updated_sec)
-- and source (block_source), and a revised reading's revised_sec equals that updated_sec (the block's
-- revised flag). Anything else keeps its rows. The readings store (the only writer) moves a day back to
-- rows before it changes it.
ALTER TABLE readings RENAME TO reading_rows;
ALTER TABLE daily_rollups ADD COLUMN block_updated_sec INTEGER;
ALTER TABLE daily_rollups ADD COLUMN block_source TEXT;

CREATE VIEW readings (series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source) AS
  SELECT series_id, start_sec, end_sec, value, quality, updated_sec, revised_sec, source FROM reading_rows
  UNION ALL
  SELECT d.series_id, d.day_start_sec + 900 * j.key, d.day_start_sec + 900 * j.key + 900,
         (j.value >> 3) / 1000.0, j.value & 3, d.block_updated_sec,
         iif(j.value & 4, d.block_updated_sec, NULL), d.block_source
    FROM daily_rollups d, json_each('[' || d.packed || ']') j
   WHERE d.block_source IS NOT NULL;

-- Days synced before this version get stored so in the background: marked '?' (block not computed),
-- the sync worker recomputes them a batch at a time (fillPendingBlocks), which also moves every day
-- that qualifies into its block. Until then such a day is read from its rows, as before.
UPDATE daily_rollups SET packed = '?' WHERE packed IS NOT NULL;
