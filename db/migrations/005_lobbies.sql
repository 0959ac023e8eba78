-- Lobbies and aborts: limits on open tables per creator and per server, expiry of idle tables, and
-- the players' consents to end a match without a result.

-- A lobby's updated_at is its last join, leave or choice: the limits count lobbies changed recently,
-- and the sweep finds those idle for too long.
CREATE INDEX matches_lobbies_by_creator ON matches (creator_id, updated_at) WHERE status = 'lobby';
CREATE INDEX matches_lobbies_by_age ON matches (updated_at) WHERE status = 'lobby';

-- One row per player who ran `/match abort` on a started match; kept until the match ends (and after,
-- as a record of who agreed).
CREATE TABLE abort_consents (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    user_id  INTEGER NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
