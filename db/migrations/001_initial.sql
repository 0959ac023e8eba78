-- Matches, their seats, the append-only action log, players and the delivery outbox.

CREATE TABLE matches (
    id              INTEGER PRIMARY KEY,
    game            TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,
    creator_id      INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    seed            INTEGER NOT NULL,
    snapshot        TEXT,
    snapshot_schema INTEGER,
    version         INTEGER NOT NULL DEFAULT 0,
    result          TEXT,
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);

-- One live match (lobby or in play) per channel.
CREATE UNIQUE INDEX matches_one_live_per_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX matches_by_guild ON matches (guild_id, status);

CREATE TABLE match_seats (
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    user_id   INTEGER NOT NULL,
    seat      INTEGER,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id),
    UNIQUE (match_id, seat)
);
CREATE INDEX match_seats_by_user ON match_seats (user_id);

-- Append-only: one row per version that changed the game state (start, action, resign).
CREATE TABLE match_actions (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    seat     INTEGER,
    user_id  INTEGER,
    action   TEXT,
    notation TEXT,
    events   TEXT    NOT NULL DEFAULT '[]',
    at       TEXT    NOT NULL,
    PRIMARY KEY (match_id, version)
);

CREATE TABLE players (
    user_id       INTEGER PRIMARY KEY,
    dm_ok         INTEGER,
    dm_checked_at TEXT
);

-- Written in the same transaction as the state change; marked delivered only after delivery,
-- so a crash in between is redelivered at the next start.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    version      INTEGER NOT NULL,
    recipients   TEXT    NOT NULL DEFAULT '[]',
    created_at   TEXT    NOT NULL,
    delivered_at TEXT
);
CREATE INDEX outbox_pending ON outbox (match_id, id) WHERE delivered_at IS NULL;
