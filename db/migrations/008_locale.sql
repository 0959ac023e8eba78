-- The locale a player's Discord client last showed the bot (their interactions carry it): direct messages,
-- which answer no interaction, are written in it. NULL until the player has used a command or a button.
ALTER TABLE players ADD COLUMN locale TEXT;
