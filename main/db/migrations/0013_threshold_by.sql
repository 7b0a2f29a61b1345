-- Who set a watch threshold (issue 63), beside when (set_sec): a threshold changed on a value that is no
-- longer the stored one — a colleague set it meanwhile on a team profile — is refused, naming who set it
-- when. Thresholds of earlier builds: not recorded (NULL).
ALTER TABLE watch_thresholds ADD COLUMN set_by TEXT;
