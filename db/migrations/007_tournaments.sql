-- Tournaments and ratings (#18).

-- An event: its settings and a cached status. What happened lives in tournament_records.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    creator_id  INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    settings    TEXT    NOT NULL,
    config      TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('registration', 'running', 'finished')),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_by_channel ON tournaments (channel_id, status);

-- Append-only history: rows are only ever inserted, numbered 1, 2, 3 … per event. A correction is a
-- new row. `seq` makes two writers that read the same history collide instead of both appending.
CREATE TABLE tournament_records (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    seq           INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    data          TEXT    NOT NULL,
    user_id       INTEGER,
    at            TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

-- One row per pairing that is played: written with the round's record, then filled in as its thread and
-- match are made. The key makes every step findable after a crash, so a retry never makes a second match.
CREATE TABLE tournament_matches (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    pairing_id      TEXT    NOT NULL,
    round           INTEGER NOT NULL,
    thread_id       INTEGER,
    match_id        INTEGER REFERENCES matches (id),
    created_at      TEXT    NOT NULL,
    noticed         TEXT,
    PRIMARY KEY (tournament_id, pairing_id)
);
CREATE UNIQUE INDEX tournament_matches_by_match ON tournament_matches (match_id) WHERE match_id IS NOT NULL;
CREATE INDEX tournament_matches_by_thread ON tournament_matches (thread_id);

-- Ratings: every rated match once (the key makes rating a match twice impossible), each player's rating
-- now per (game, mode), and each player's rating before and after every rated match (for charts and
-- per-server leaderboards).
CREATE TABLE rated_matches (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    game     TEXT    NOT NULL,
    mode     TEXT    NOT NULL,
    guild_id INTEGER,
    sides    TEXT    NOT NULL,
    ranks    TEXT    NOT NULL,
    at       TEXT    NOT NULL
);

CREATE TABLE ratings (
    game       TEXT    NOT NULL,
    mode       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    matches    INTEGER NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game, mode, user_id)
);

CREATE TABLE rating_history (
    match_id     INTEGER NOT NULL REFERENCES rated_matches (match_id),
    user_id      INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    mode         TEXT    NOT NULL,
    guild_id     INTEGER,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    matches      INTEGER NOT NULL,
    at           TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX rating_history_by_player ON rating_history (user_id, game, mode, at);
CREATE INDEX rating_history_by_guild ON rating_history (guild_id, game, mode, user_id);
