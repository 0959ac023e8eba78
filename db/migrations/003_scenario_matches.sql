-- A match may start from a scenario file (a puzzle or a teaching position) instead of normal setup.
ALTER TABLE matches ADD COLUMN scenario TEXT;
