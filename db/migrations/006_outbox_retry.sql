-- Retrying deliveries. A board post that failed (the channel is closed to the bot, Discord is down) waits
-- with exponential back-off instead of being tried again on every move; private views go out once per row
-- whatever happens to the board; and that the creator was told about a closed channel is remembered on the
-- rows still pending, so it is said once per outage (the memory goes when the board is finally posted).
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE outbox ADD COLUMN privates_sent_at TEXT;
ALTER TABLE outbox ADD COLUMN warned_at TEXT;
