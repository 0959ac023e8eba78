# The Discord layer's messages (cogs/): replies, buttons, help, and the commands' names and descriptions.
# Markdown (**bold**, `code`) and Discord's mentions (<@id>, <#id>) are kept as they are.

## Answers every command shares (cogs/responses.py)

cogs-title = **{ $title }**
cogs-your-move = It is your move. Legal now: { $legal }
cogs-more-moves = …and { $more } more: use `/{ $game } move` to search them.
cogs-nothing-done = Nothing was done.
cogs-went-wrong = Something went wrong on our side. Nothing was changed; please try again.

## Posts in a match's channel (cogs/delivery.py)

cogs-dm-refused = { $who }, I can't send you direct messages, so your hand stays here: press **My hand / my move** (only you will see it).

## Buttons and menus (cogs/components.py)

cogs-hand-button = My hand / my move
cogs-choose-action = Choose your action
cogs-claim-button = Claim the win on time
cogs-takeback-accept = Accept takeback
cogs-takeback-decline = Decline
cogs-rematch-button = Rematch
# $who: who asked (a mention); $old: the match that ended; $id: the new table; $players: the other players
# (mentions, a list); $start, $leave: the commands to start it and to leave it
cogs-rematch-opened = { $who } opened a rematch of match #{ $old }: table #{ $id }, with { $players } in the same seats and with the same options. { $who } starts it with { $start }; a player who will not play leaves it with { $leave }.
cogs-played = Played `{ $move }`.
cogs-match-status = Match #{ $id }: { $status }
cogs-bullet = • { $line }

## Command names. Each must stay a valid Discord name in every language: lowercase, no spaces, at most 32
## characters (tests/test_i18n.py checks it).

cogs-cmd-new = new
cogs-cmd-join = join
cogs-cmd-leave = leave
cogs-cmd-start = start
cogs-cmd-help = help

## Option names, under the same rules as command names

cogs-option-options = options
cogs-option-clock = clock
cogs-option-days = days
cogs-option-bank-days = bank_days
cogs-option-on-timeout = on_timeout
cogs-option-scenario = scenario
cogs-option-bots = bots
cogs-option-bot = bot
cogs-option-mode = mode
cogs-option-order = order
cogs-option-topic = topic
cogs-option-public = public

## Opening a table: /<game> new, join, leave, start, help (cogs/table.py). At most 100 characters each
## for descriptions and choices.

cogs-group = { $game }: open a table, play and look up
cogs-new = Open a { $game } table in this channel
cogs-join = Take a seat at the table in this channel
cogs-leave = Leave the table before the match starts
cogs-start = Start the match (creator only); seats follow the joining order
cogs-help = How { $game } is played here, its options and rules
cogs-describe-options = Game options as key=value pairs; `/{ $game } help` lists them. Empty: defaults
cogs-describe-clock = Time control (default: the server's setting for this game)
cogs-describe-days = Days per move (per-move clock) or for the whole match (total clock)
cogs-describe-bank-days = Per-move clock: the most time a player's bank may hold
cogs-describe-on-timeout = When a clock runs out: the opponent claims the win, or the match ends at once
cogs-describe-scenario = A scenario file (.toml) to start from its position instead of the normal setup
cogs-describe-bots = How many seats bots take at once (they play themselves; the match is unrated)
cogs-describe-bot = Which bot plays those seats (default: random)
cogs-describe-mode = How to play (default: the game's own choice from the seats)
cogs-describe-order = Seats in joining order (the creator is p1), or shuffled
cogs-describe-topic = `commands`, an option's name, or one of the game's rules
cogs-describe-public-help = Show it to the whole channel
# A mode of the game, as a choice of `new`: its name and what it is
cogs-mode-choice = { $mode }: { $help }
cogs-clock-none = no clock
cogs-clock-per-move = days per move, with a bank
cogs-clock-total = total days per player
cogs-timeout-claim = opponent may claim the win
cogs-timeout-auto = the match ends automatically
cogs-order-join = joining order: the creator is p1 (default)
cogs-order-random = random

cogs-no-such-mode = { $game } has no mode “{ $mode }”; its modes are { $modes }.
cogs-mode-in-options = Choose the mode with this command's `mode` option, not in `options`.
cogs-no-clock = Clock: no time limit.
# $source: cogs-from-file or nothing; $mode: cogs-with-mode or nothing; $seats: cogs-players or cogs-players-range
cogs-opened = { $who } opened a table for **{ $game }**{ $source } (match #{ $id }{ $mode }, { $seats }).
cogs-from-file = {" "}from the position file “{ $file }”
cogs-with-mode = , { $mode }
cogs-players = { $count } players
cogs-players-range = { $fewest } to { $most } players
cogs-bots-seated = Bots take the next seats: { $names } (a match with bots is unrated).
cogs-opened-how = Join with `/{ $game } join`; the creator starts it with `/{ $game } start`. How it works here: `/{ $game } help`.
cogs-warning = ⚠️ { $warning }
cogs-joined = { $who } joined match #{ $id } ({ $count } players).
cogs-leave-before-start = Changed your mind? `/{ $game } leave` before it starts.
cogs-left = { $who } left match #{ $id }.
cogs-table-closed = The table is closed.
cogs-started = Match #{ $id } has started: { $seats }. The board is in the channel.
cogs-no-such-bot = There is no bot called “{ $bot }”; the bots are { $bots }.
cogs-too-many-bots = { $game } seats at most { $most } here, you included: at most { $bots } { $bots ->
        [one] bot
       *[other] bots
    }.
cogs-other-game-file = That position file is for { $game }: open it with { $command }.
cogs-file-too-big = A scenario file is at most { $most } KB; this one is { $size } KB.
cogs-file-not-text = The attached file is not text: a scenario is a UTF-8 .toml file.

## Playing: move, hand, status, undo, takeback, resign, abort, claim (cogs/table_play.py)

cogs-cmd-move = move
cogs-cmd-hand = hand
cogs-cmd-status = status
cogs-cmd-undo = undo
cogs-cmd-takeback = takeback
cogs-cmd-resign = resign
cogs-cmd-abort = abort
cogs-cmd-claim = claim
cogs-option-action = action
cogs-move = Make a move, typed in the game's notation
cogs-describe-action = Your move; exactly the legal ones are offered as you type
cogs-describe-verb-text = Exactly your legal moves are offered as you type
cogs-hand = Your hand, private information and a button per move (only you)
cogs-status = The board and whose move it is
cogs-describe-public-status = Post the board in the channel again (default: only you see it)
cogs-undo = Take back your last move, while it is still your turn
cogs-takeback = Ask your opponents to let you take back your last move
cogs-resign = Concede the match
cogs-abort = Close a table, or end a match with no result (all players agree, or Manage Server)
cogs-claim = Claim the win when an opponent's clock has run out
cogs-resigned = You resigned from match #{ $id }.

## Records: history, replay, export, position (cogs/table_records.py)

cogs-cmd-history = history
cogs-cmd-replay = replay
cogs-cmd-export = export
cogs-cmd-position = position
cogs-option-page = page
cogs-option-move = move
cogs-option-match-id = match_id
cogs-option-mine = mine
cogs-history = The moves so far (your own secrets included, only for you)
cogs-describe-page = Page number, from 1
cogs-history-page = **History, page { $page } of { $pages }**
cogs-nothing-yet = Nothing has happened yet.
cogs-replay = Step through the match's boards, move by move (only you)
cogs-describe-replay-move = Start at this move (0 is the start)
cogs-export-command = The finished match's full log as a file anyone can replay
cogs-describe-match-id = Which match (default: the last one in this channel)
cogs-export-elsewhere = Match #{ $id } was played in another server; only its players can export it here.
cogs-export = The log of match #{ $id }. Check it with `python bot.py replay match-{ $id }.jsonl`.
cogs-position-command = The current position as a scenario file (public parts only)
cogs-describe-mine = Include what only you can see (your hand); the file is sent only to you
cogs-position = The position of match #{ $id } as a scenario file. Run it with `python bot.py scenario run`, or start a new match from it with `/{ $game } new scenario:`.

## Finding the match of a command (cogs/gamekit.py)

cogs-use-in-channel = Use this command in the channel where the match is played.
cogs-other-game = Match #{ $id } is { $game }: use { $command } for it.

## /<game> help (cogs/table_help.py)

cogs-help-head = **{ $game }**: { $summary }
# $seats: cogs-players or cogs-players-range
cogs-help-seats = { $seats }.
cogs-help-modes = Modes: { $modes }.
cogs-help-more = More: `/{ $game } help topic:` { $topics }.
cogs-topic-commands = `commands` (what every table shares)
cogs-topic-option = any option's name
cogs-topic-rule = a rule or keyword
cogs-topic-commands-label = Commands every table shares
cogs-topic-option-label = { $name } (option)
cogs-option-head = **{ $name }** (an option of `new`)
cogs-option-values = Values: { $values } (default { $default }).
cogs-option-default = Default: { $default }.
cogs-no-topic = There is no help topic called “{ $topic }”.
cogs-topic-try = Try: { $topics }.
cogs-commands-help = **Commands at every table**
    • **Open:** `/{ $game } new` (mode, options, clock); others `/{ $game } join` (or `/{ $game } leave` before the start), and the creator runs `/{ $game } start`. Seats follow the joining order: the creator is p1, the first to join p2 (`order:random` shuffles them).
    • **Play:** `/{ $game } move` offers exactly your legal moves as you type; `/{ $game } hand` shows your hand with a button per move; `/{ $game } status` shows the board.
    • **Take back or stop:** `/{ $game } undo` while it is still your turn, `/{ $game } takeback` asks your opponents, `/{ $game } resign` concedes, `/{ $game } abort` ends a match with no result.
    • **Clocks:** `/{ $game } claim` wins when an opponent's time has run out; `/match vacation` pauses your clocks and `/match notify` sets your reminders.
    • **Afterwards:** `/{ $game } history`, `/{ $game } replay`, `/{ $game } export` (the log, replayable) and `/{ $game } position` (a scenario file).
    • **Anywhere:** `/match list` shows the tables in this server, `/mygames` the matches waiting on you.

## What spans every game: /match list, vacation, notify, and /mygames (cogs/match.py)

cogs-cmd-match = match
cogs-cmd-list = list
cogs-cmd-vacation = vacation
cogs-cmd-notify = notify
cogs-cmd-mygames = mygames
cogs-option-dm = dm
cogs-option-quiet = quiet
cogs-option-utc-offset = utc_offset
cogs-match = Matches of every game: the list, vacations, reminders
cogs-list = Matches being played or waiting for players in this server
cogs-vacation = Pause all your clocks for some days (0 ends a vacation)
cogs-describe-vacation-days = How many days; 0 ends your vacation now
cogs-notify = How reminders reach you: by DM too, and your quiet hours
cogs-describe-dm = Also send reminders by direct message
cogs-describe-quiet = Hours without reminders in your time, like 23-7, or off
cogs-describe-utc-offset = Your time zone as an offset from UTC, like +2 or -5:30
cogs-mygames = Every match, in any server, that is waiting on you
cogs-no-matches = No matches are open in this server. Open a table with { $commands }.
# $rated: rated, or unrated (a match from a position file, or with bots)
cogs-list-line = #{ $id } { $game } in { $channel }{ $rated ->
        [unrated] {" "}(unrated)
       *[rated] {""}
    }: { $status }
cogs-nothing-waiting = No match is waiting on you. 🎉
cogs-waiting-head = Waiting on you, longest first:
cogs-waiting-line = **{ $game }** #{ $id }, waiting since { $since }: { $link }
cogs-waiting-more = …and { $more } more.

## A turn's board message (cogs/story.py, cogs/delivery.py)

cogs-story-in-thread = { $earlier ->
    [one] _1 earlier line of this turn is in the thread under this message._
   *[other] _{ $earlier } earlier lines of this turn are in the thread under this message._
}
cogs-story-thread = { $title }: the whole turn
