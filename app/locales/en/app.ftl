# The service's messages (app/): refusals, board lines, notices, reminders and replies.
# Mentions (<@id>, <#id>) and command names (`/codex join`) arrive in variables, written as Discord shows them.

## Bots (app/bots.py)

app-bot-name = { $bot } { $number }

## How to open a table (app/hints.py), when no game is known yet

app-a-new-command = a game's `new` command

## The story of a match (app/summary.py): history, board lines, the result

app-someone = someone
app-match-began = The match began. Seats: { $seats }.
app-match-aborted = The match was aborted.
# $how: resign or timeout
app-seat-left = { $who } { $how ->
        [timeout] ran out of time
       *[resign] resigned
    }.
# $how: undo (alone, in their own turn) or takeback (with the opponents' consent)
app-rewound = { $who } { $how ->
        [undo] undid their last move
       *[takeback] took back moves, with consent
    }; the position is as it was before.
app-draw = Game over: a draw.
app-nobody-won = Game over: no player won.
app-abandoned = The match was abandoned.
# $names: the winners, as a list; $count: how many; $reason: why the match ended
app-won = Game over: { $names } { $reason ->
        [resign] won by resignation
        [timeout] won on time
        [forfeit] won by forfeit
        [abandoned] abandoned
        [draw] drawn
       *[normal] won
    }.
# What the game says about the end, after the result line
app-detail = ({ $detail })

## Durations and time controls (app/clocks.py)

app-days-hours = { $days }d { $hours }h
app-days = { $days }d
app-hours-minutes = { $hours }h { $minutes }m
app-hours = { $hours }h
app-minutes = { $minutes }m
# $on_timeout: auto (the match ends when a clock runs out) or claim (the opponent claims the win)
app-clock-per-move = { $per_move } per move, bank up to { $bank }; { $on_timeout ->
        [auto] the match ends on time automatically
       *[claim] a win on time is claimed
    }
app-clock-total = { $total } each for the whole match; { $on_timeout ->
        [auto] the match ends on time automatically
       *[claim] a win on time is claimed
    }
app-clock-none = no time limit

## Opening, joining and starting a table (app/service.py)

app-match-title = { $game } · match #{ $id }
app-private-title = { $title } · your view ({ $seat })
app-scenario-warning = This match starts from a position file that its creator wrote: they may know every hidden card. It is unrated.
app-no-such-game = There is no game called { $name }.
app-channel-has-match = This channel already has { $game } match #{ $id } in progress. Finish or abort it first, or start your match in another channel or thread.
app-channel-has-a-match = This channel already has a match in progress. Finish or abort it first, or start your match in another channel or thread.
app-channel-busy = This channel is busy; try { $command } again.
# How long a table may wait without a change before it expires; $hours may be a decimal
app-idle = { $hours } { $hours ->
        [one] hour
       *[other] hours
    } without a join, leave or choice
app-too-many-mine = You already have { $count } open tables, the most one player may have: { $tables }. Free a slot by closing one of them with its `abort` command in its channel, or wait: a table expires after { $idle }.
# Added after app-too-many-here's last words, when some table will expire
app-next-expiry = {" "}(the next, in { $channel }, in { $left })
app-too-many-here = This server already has { $count } open tables, the most it may have at once. A slot frees when a table starts, when its creator closes it with its game's `abort` command in its channel, or when a table expires after { $idle }{ $soonest }.
app-expired-after = expired after { $idle }
app-lobby-expired = ⌛ The { $game } table (match #{ $id }) expired after { $idle } and is closed, with no result. Open a new one with { $command }.
app-join-started = This match has already started; you can watch it, or start another elsewhere.
app-already-joined = You have already joined this match.
app-lobby-full = This match is full ({ $most } players).
app-choices-before-start = Choices are made before the match starts.
app-join-first = Join the table first ({ $command }), then make your choice.
app-leave-started = The match has started: use { $command } to leave it.
app-not-in-match = You are not in this match.
app-creator-leaves = You created this table: start it, or close it with { $command }.
app-already-started = This match has already started.
app-creator-starts = Only the player who created the table can start it.
app-position-seats = This position is for { $needed } players; { $count } have joined.
app-too-few = { $game } needs at least { $fewest } players here; { $count } joined so far (others join with { $command }).
app-seat-order = Seat order must be `random` or `join`.
# $rated: rated, or unrated (a match from a position file)
app-lobby-status = Waiting for players ({ $count }/{ $fewest }–{ $most }): { $names }. { $rated ->
        [unrated] Unrated: it starts from a position file its creator wrote.{" "}
       *[rated] {""}
    }Join with { $join }; the creator starts with { $start }.
app-waiting-on = Waiting on { $names }.

## Playing (app/service.py)

app-stale-button = The board changed since that button was drawn; here is the current position.
app-changed-meanwhile = The match changed while your move was being made; nothing was applied. Look at the board and try again.
app-choice-gone = That choice is not on offer any more; open your hand again for the current ones.
# The result's detail when a player leaves a game that has no resignation rule; $how: resign or timeout
app-left-how = { $seat } { $how ->
        [timeout] ran out of time
       *[resign] resigned
    }
app-no-match-id = There is no match #{ $id }.
app-no-match-here = There is no match in this channel. Start one with { $commands }.
app-name-a-match = Name a match, or ask in the channel where it is played.
app-not-started = The match has not started yet: the creator starts it with { $command }.
app-not-started-yet = The match has not started yet.
app-match-over = This match is over.
app-not-playing = You are not playing in this match; you can watch the board in the channel.
app-no-position-yet = The match has not started yet, so there is no position to export.
app-position-players-only = Only a player of this match can export the position with their own hand.
app-no-hands-yet = The match has not started yet, so nobody holds anything.
app-cannot-post = I can't post in { $channel }, where { $title } is played: give me { $permissions } there. Moves still count and hands still come by DM; the board appears there as soon as I can post.

## Aborting (app/service.py; docs/async-play.md, "Lobbies and aborts")

app-already-over = This match is already over.
app-closed-expired = You closed match #{ $id }: it had expired.
app-close-not-yours = Only the player who opened this table ({ $creator }) or a member with Manage Server can close it now. Anyone can once it expires, after { $idle } (in { $left }).
app-lobby-aborted = Match #{ $id } was aborted by { $who } before it started; the channel is free again.
app-closed = You closed match #{ $id }.
app-abort-not-yours = Only the players of this match, or a member with Manage Server, can abort it.
app-abort-left = You have left this match, so the players still in it decide whether it is aborted.
app-abort-alone = { $who } aborted match #{ $id } alone after the first full round, which counts as resigning.
app-abort-resigned = You resigned match #{ $id }: aborting alone after the first round is a loss.
app-abort-waiting = 🛑 { $agreed } of { $players } players agreed to abort match #{ $id }; waiting for { $names } (each runs { $command }). Until then the match goes on.
app-abort-creator-note = { $creator } created it: running { $command } again before everyone agrees resigns the match.
app-abort-already = You had already agreed.
app-abort-agreed = { $agreed } of { $players } players agreed to abort match #{ $id }; waiting for { $names }.
app-abort-creator-warning = The first round is over, so the match ends without a result only if every player agrees. Running { $command } again before they do counts as resigning (a loss).
# How a started match was aborted: what app-aborted-notice and app-aborted-reply say after "aborted"
app-abort-by-manager = by a member with Manage Server
app-abort-first-round = before every player had moved
app-abort-consent = with every player's consent
app-aborted-notice = Match #{ $id } was aborted by { $who } { $how }; no result is recorded.
app-aborted-reply = Match #{ $id } is aborted { $how }; no result is recorded.

## Clocks on the board (app/service.py)

app-clock-kinds = The clock must be `none`, `per_move` or `total`.
app-clock-days = Clock days must be more than 0 and at most 3650.
app-clock-on-timeout = On timeout must be `claim` or `auto`.
app-clock = Clock: { $control }.
app-clock-vacation = ⏸ { $who }: { $left } left, on vacation until { $until } UTC
app-clock-out = ⌛ { $who }: out of time
app-clock-running = ⏳ { $who }: { $left } left, running
app-clock-stopped = ⏱ { $who }: { $left } left

## Scenario files attached to a new table (app/service.py)

app-attached-file = the attached file
app-position-crashed = The attached position could not be set up because of a fault on our side; no match was opened. Tell the server admin.
app-position-refused = The attached position cannot be set up: { $reason }

## Undo, takebacks, replays and exports (app/rewind.py)

app-undo-not-last = Your last move is not the match's last move, so it cannot be undone alone; ask your opponents with { $command }.
app-undo-revealed = That move revealed something (a draw, a shuffle, a roll), so it can only be taken back with your opponents' consent: { $command }.
app-undo-turn-passed = Your turn has passed; ask your opponents with { $command }.
app-undone = Undone: `{ $move }`.
app-undone-last = Undone: your last move.
app-not-in-play = This match is not in play.
app-not-your-match = You are not playing in this match.
app-takeback-waiting = A takeback request is already waiting for an answer.
app-takeback-nothing = You have made no move that could be taken back.
app-takeback-moved-on = The match moved on; look at the board and ask again.
# $others: the opponents' mentions
app-takeback-asked = ↩ { $who } asks to take back their last move ({ $count } { $count ->
        [one] move
       *[other] moves
    } in all would be undone). { $others }: accept or decline below. Any new move cancels the request.
app-takeback-unposted = Your takeback request is open, but I could not post it in the channel, so your opponents have no buttons to answer it. Any new move cancels it.
app-takeback-posted = Your takeback request is posted; your opponents answer with the buttons.
app-takeback-closed = That takeback request is no longer open.
app-takeback-opponents-only = Only the opponents of the player asking can answer this request.
app-takeback-declined = { $who } declined the takeback { $asker } asked for.
app-takeback-accepted-one = You accepted; the others still have to answer.
app-takeback-accepted = { $who } accepted: the position is back to before { $asker }'s move.
app-replay-title = { $title } · replay, move { $step } of { $steps }
app-export-live = A match can be exported once it is over: the export holds every secret choice and the shuffle seed.
app-export-never-started = This match never started, so there is nothing to export.

## Clocks, reminders, vacations (app/timekeeping.py)

# $others: the mentions of those who may claim
app-out-of-time = ⌛ { $who } has run out of time in { $title }. { $others } may claim the win with the button below (or { $command }), or keep waiting.
app-reminder = ⏰ { $who }, your move in { $title } is waiting: { $left } left on your clock.
# After a reminder sent by DM: where the match is
app-reminder-where = (in { $channel })
app-claim-players-only = Only a player in this match can claim a win on time.
app-claim-no-clock = This match has no clock, so nobody can run out of time.
app-time-left = { $who } has { $left }
app-no-clock-running = no opponent's clock is running
app-nobody-late = No opponent has run out of time yet ({ $detail }).
app-not-on-vacation = You are not on vacation.
app-vacation-over = Welcome back: your vacation is over and { $clocks } { $clocks ->
        [one] clock runs
       *[other] clocks run
    } again.
app-on-vacation = You are already on vacation until { $until } UTC; `days:0` ends it.
app-vacation-positive = Vacation days must be positive (0 ends a vacation).
app-vacation-left = You have { $left } vacation { $left ->
        [one] day
       *[other] days
    } left in the last 365 days (of { $allowance }).
app-vacation = Enjoy your break: your clocks are paused until { $until } UTC ({ $matches } { $matches ->
        [one] match
       *[other] matches
    } affected, { $left } vacation { $left ->
        [one] day
       *[other] days
    } left this year).
app-vacation-ended-by-move = Welcome back: you made a move, so your vacation is over and { $clocks } other { $clocks ->
        [one] clock runs
       *[other] clocks run
    } again. `/match vacation` starts a new one.
app-no-quiet-hours = no quiet hours
app-quiet-hours = quiet hours { $start }:00–{ $end }:00
# $dm: yes (reminders come by DM too) or no
app-reminders-reach-you = Reminders reach you { $dm ->
        [yes] in the match channel and by DM
       *[no] in the match channel
    }; { $hours } ({ $zone }).
app-quiet-hours-form = Quiet hours look like `23-7` (from 23:00 to 07:00, your time), or `off`.
app-utc-offset-form = Your UTC offset looks like `+2`, `-5`, or `+5:30`.
app-utc-offset-range = A UTC offset lies between -14:00 and +14:00.

## Limits on heavy requests (app/limits.py)

app-too-fast = You have asked for a lot of boards, replays and exports just now. Please try again in { $seconds } s.
app-too-fast-onlookers = Onlookers in this channel have asked for a lot of boards, replays and exports just now. Please try again in { $seconds } s. The players are not held up by this.

## Match options typed as key=value pairs (app/options.py); $typed is what the player typed

app-options-form = Options are `key=value` pairs separated by commas; “{ $typed }” is not one.
app-option-twice = Option `{ $name }` is given twice.
app-options-are = its options are: { $names }.
app-no-options = it has no options.
app-no-such-option = { $game } has no option `{ $name }`; { $options }
app-option-choices = Option `{ $name }` must be one of { $choices }; “{ $typed }” is not one of them.

## The terminal table (app/local.py): `python bot.py play GAME`; mentions read as seats (p1, p2)

app-local-line = {"  "}{ $line }
app-local-board-image = [board image: { $path }]
app-local-private-image = [private image: { $path }]
app-local-private-changed = ({ $seat }: your private view changed; type `hand { $seat }` to see it)
app-local-resuming = Resuming match #{ $id } from { $date }, { $waiting } to move; `--new` starts a fresh one. Type `help` for commands.
app-local-seats = { $game } takes { $fewest }–{ $most } players, not { $players }.
app-local-set-aside = Match #{ $id } was left unfinished; it is set aside.
app-local-welcome = { $game }: { $players } players at one keyboard. Type `help` for commands.
app-local-prompt = [{ $waiting } to move] >{" "}
app-local-input-ended = Input ended; the match is saved; `python bot.py play { $game }` resumes it.
app-local-bye = Bye; the match is saved; `python bot.py play { $game }` resumes it.
app-local-refused = Refused: { $reason }
app-local-who-moves = Several players owe a move ({ $waiting }): start the line with the player, e.g. `p1 ...`.
app-local-played = { $who } played: { $move }
app-local-nothing-now = nothing now
# $more: legal moves not listed
app-local-legal = Legal for { $who }: { $moves }{ $more ->
        [0] {""}
       *[other] {" "}… and { $more } more (add text to filter, e.g. `moves { $who } attack`)
    }
app-local-no-player = There is no player { $number }; players are p1 to { $last }.
app-local-which-player = Say which player, e.g. `hand p1`.
app-local-help =
    Commands:
      ACTION              play ACTION for the only player to move (e.g. `end`)
      pN ACTION           play ACTION as player N (needed when several players owe a move)
      moves [pN] [TEXT]   list the legal actions (those containing TEXT)
      hand pN             show player N's private view (others should look away)
      board               show the board again
      history             the moves so far
      resign pN           player N resigns
      help                this text
      quit                leave (the match is saved; playing this game again resumes it)
