-- One board message per turn. The channel's message showing a match's current turn, so the next change of
-- the same turn edits it instead of posting anew: the game's turn key it shows, the first version whose
-- story it tells, and what the delivery needs to find it again (JSON: on Discord, the message id and the
-- story thread's messages). Written in the transaction that marks the outbox rows it showed delivered, so a
-- restart edits the same message, or posts the board again when it was never recorded.
CREATE TABLE board_messages (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id),
    turn       TEXT    NOT NULL,
    since      INTEGER NOT NULL,
    handle     TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
