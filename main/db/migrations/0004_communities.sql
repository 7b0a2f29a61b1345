-- Energy communities (issue 35): a named group of metering points of this profile (consumers and
-- producers), its kind (local or regional EEG, BEG), its allocation key, its prices, and — where it came
-- from the EDA portal's "Energie Report" — the report's own summary sheet, kept to be shown beside the
-- totals Meterdesk computes from the quarter-hours. Members carry their participation factor and the
-- local days it is valid (a factor changes from the next day on; a member may join mid-month).
CREATE TABLE communities (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('local', 'regional', 'beg')),
  allocation TEXT NOT NULL CHECK (allocation IN ('static', 'dynamic')),
  settings_json TEXT NOT NULL,
  report_summary_json TEXT,
  source TEXT NOT NULL,
  created_sec INTEGER NOT NULL
) STRICT;
CREATE TABLE community_members (
  id INTEGER PRIMARY KEY,
  community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  meter_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('consumer', 'producer')),
  factor_percent REAL NOT NULL CHECK (factor_percent >= 0 AND factor_percent <= 100),
  static_share_percent REAL CHECK (static_share_percent IS NULL OR (static_share_percent >= 0 AND static_share_percent <= 100)),
  valid_from TEXT,
  valid_to TEXT
) STRICT;
CREATE INDEX community_members_of ON community_members (community_id, meter_id);
