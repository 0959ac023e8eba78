-- Whether a match may count for ratings. A match started from a scenario file is not: its creator wrote
-- the position and may know every hidden card. Matches made before this column were rated unless they
-- started from a file.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
UPDATE matches SET rated = 0 WHERE scenario IS NOT NULL;
