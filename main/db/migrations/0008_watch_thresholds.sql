-- The watch list's thresholds a person set (issue 45, item 1): per meter, site or customer and rule,
-- the value the rule uses there instead of its default (watch/thresholds.ts); the narrowest scope wins.
CREATE TABLE watch_thresholds (
  scope TEXT NOT NULL CHECK (scope IN ('meter', 'site', 'customer')),
  scope_id TEXT NOT NULL,
  rule TEXT NOT NULL,
  value REAL NOT NULL,
  set_sec INTEGER NOT NULL,
  PRIMARY KEY (scope, scope_id, rule)
) STRICT;
