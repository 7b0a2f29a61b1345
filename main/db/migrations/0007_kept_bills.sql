-- Bills a person reconciled and chose to keep (issue 42, item 20): the bill's period, register, the
-- tariff it was compared with and the lines as typed (JSON, the reconciliation's input). The report's
-- bill check compares each again with the readings as they are when the report is made.
CREATE TABLE kept_bills (
  id INTEGER PRIMARY KEY,
  meter_id TEXT NOT NULL,
  obis_code TEXT NOT NULL,
  from_sec INTEGER NOT NULL,
  to_sec INTEGER NOT NULL,
  tariff_id TEXT NOT NULL,
  bill_json TEXT NOT NULL,
  kept_sec INTEGER NOT NULL
) STRICT;
CREATE INDEX kept_bills_meter ON kept_bills (meter_id, from_sec);
