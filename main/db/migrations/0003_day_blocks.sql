-- 0003: each local day's quarter-hours as one text, so a CSV export reads a day in one row instead of
-- ~96 (docs/performance.md, csv-export). Kept by the readings store in the same transaction as the
-- rows, like the rest of the rollup. NULL unless the day is complete (count = expected), every reading
-- lies on the day's quarter-hour grid, has a quality 1–3 and a value exact in thousandths; then: one
-- integer per quarter-hour in time order, comma-separated, thousandths × 8 + revised × 4 + quality.
ALTER TABLE daily_rollups ADD COLUMN packed TEXT;

-- Days synced before this migration get their block here (ordered explicitly: this runs once).
UPDATE daily_rollups AS d SET packed = (
  SELECT CASE
    WHEN count(*) = d.expected
      AND sum((r.start_sec - d.day_start_sec) % 900) = 0
      AND min(r.quality BETWEEN 1 AND 3 AND round(r.value * 1000) / 1000 = r.value) = 1
    THEN group_concat(CAST(round(r.value * 1000) AS INTEGER) * 8 + (r.revised_sec IS NOT NULL) * 4 + r.quality, ','
      ORDER BY r.start_sec)
  END
  FROM readings AS r
  WHERE r.series_id = d.series_id AND r.start_sec >= d.day_start_sec
    AND r.start_sec < d.day_start_sec + d.expected * 900
);
