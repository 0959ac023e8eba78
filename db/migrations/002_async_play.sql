-- Asynchronous play: clocks, takeback requests, replay bases, reminders and vacations.

-- JSON: the match's time control and each seat's clock (bank, when it started running, reminders sent).
ALTER TABLE matches ADD COLUMN clock TEXT;
-- JSON: an open request that waits on other players (a takeback), or NULL.
ALTER TABLE matches ADD COLUMN pending TEXT;
CREATE INDEX matches_clocked ON matches (status) WHERE clock IS NOT NULL;

-- The snapshot a replay starts from, kept on each 'start' entry, so undo and replay never depend on
-- setup producing the same state again (a match may start from a scenario file).
ALTER TABLE match_actions ADD COLUMN base TEXT;

ALTER TABLE players ADD COLUMN remind_dm INTEGER NOT NULL DEFAULT 0;
-- Quiet hours in the player's local time (0-23); NULL means none.
ALTER TABLE players ADD COLUMN quiet_start INTEGER;
ALTER TABLE players ADD COLUMN quiet_end INTEGER;
ALTER TABLE players ADD COLUMN utc_offset_min INTEGER NOT NULL DEFAULT 0;

CREATE TABLE vacations (
    user_id   INTEGER NOT NULL,
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL
);
CREATE INDEX vacations_by_user ON vacations (user_id, ends_at);
