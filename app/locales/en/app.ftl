# The service's messages (app/): refusals, board lines, notices, reminders and replies.
# Mentions (<@id>, <#id>) and command names (`/codex join`) arrive in variables, written as Discord shows them.

## Bots (app/bots.py)

app-bot-name = { $bot } { $number }
