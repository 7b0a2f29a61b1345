-- The span a file covers (issue 59): its first interval's start and its last interval's end, over all
-- its registers (an EDA report: the report's own span). An imported meter owes data up to the end of
-- its files, not up to yesterday; imports of earlier builds have none (NULL), and their meter's
-- `latest_data_sec` (the file's end, set by the import) stands in.
ALTER TABLE imports ADD COLUMN span_from_sec INTEGER;
ALTER TABLE imports ADD COLUMN span_to_sec INTEGER;
