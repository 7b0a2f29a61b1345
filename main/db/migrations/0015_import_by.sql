-- Who imported a file (issue 63), beside when (imported_sec): on a team profile two computers import
-- into one store, and an import made on an older copy is refused naming the other's. Imports of earlier
-- builds: not recorded (NULL). An import made on a team's server keeps no undo record there
-- (revisions_from = -2, import-log.ts ON_TEAM).
ALTER TABLE imports ADD COLUMN imported_by TEXT;
