# `/tournament …` (cogs/tournament.py) and `/rating …` (cogs/rating.py): command names, descriptions,
# options and choices, and the rating replies. The tournament replies themselves are the service's
# (app/locales/en/events.ftl).

## /tournament: names (lowercase, no spaces, at most 32 characters)

cogs-cmd-tournament = tournament
cogs-cmd-create = create
cogs-cmd-checkin = checkin
cogs-cmd-drop = drop
cogs-cmd-info = info
cogs-cmd-standings = standings
cogs-cmd-pairings = pairings
cogs-cmd-bracket = bracket
cogs-cmd-adjudicate = adjudicate
cogs-cmd-repair = repair
cogs-cmd-late-entry = late-entry
cogs-cmd-disqualify = disqualify
cogs-cmd-pause = pause
cogs-cmd-resume = resume
cogs-cmd-end = end
cogs-option-name = name
cogs-option-game = game
cogs-option-format = format
cogs-option-rounds = rounds
cogs-option-round-days = round_days
cogs-option-registration-days = registration_days
cogs-option-max-players = max_players
cogs-option-checkin = checkin
cogs-option-checkin-hours = checkin_hours
cogs-option-at-deadline = at_deadline
cogs-option-rated = rated
cogs-option-seats = seats
cogs-option-strikes = strikes
cogs-option-event = event
cogs-option-player = player
cogs-option-round = round
cogs-option-match = match
cogs-option-ruling = ruling
cogs-option-winner = winner
cogs-option-places = places
cogs-option-note = note

## /tournament: descriptions (at most 100 characters)

cogs-tournament = Run events: Swiss, three strikes, brackets
cogs-tournament-create = Create an event in this channel (you organise it)
cogs-tournament-join = Enter the event
cogs-tournament-leave = Leave the event before it starts
cogs-tournament-checkin = Confirm you will play (when the event asks for check-in)
cogs-tournament-drop = Leave a started event (organisers: drop a player)
cogs-tournament-info = The event's settings and where it stands
cogs-tournament-standings = The standings, as a picture and a table
cogs-tournament-pairings = A round's pairings and results
cogs-tournament-bracket = An elimination event's bracket, as a picture and text
cogs-tournament-export = Every pairing and result (CSV) and the whole history (JSON)
cogs-tournament-start = Organisers: close registration and pair the first round
cogs-tournament-adjudicate = Organisers: rule on a match (a result and/or more days)
cogs-tournament-repair = Organisers: pair the current round again (before any result)
cogs-tournament-late-entry = Organisers: enter a player after the start
cogs-tournament-disqualify = Organisers: remove a player; their open matches are losses
cogs-tournament-pause = Organisers: stop pairing rounds and deadlines until resumed
cogs-tournament-resume = Organisers: carry on a paused event
cogs-tournament-end = Organisers: end the event now; the standings are final
cogs-tournament-describe-event = Which event (default: this channel's)
cogs-tournament-describe-name = The event's name
cogs-tournament-describe-game = Which game
cogs-tournament-describe-format = How players are paired
cogs-tournament-describe-options = Game options for every match as key=value pairs, e.g. `mode=1-hero`
cogs-tournament-describe-rounds = Swiss and pods: how many rounds (default: enough for one unbeaten player)
cogs-tournament-describe-clock = Time control of every match (default: the server's setting)
cogs-tournament-describe-round-days = How long a round lasts, in days (default 7)
cogs-tournament-describe-registration-days = Registration closes, and the event starts, after this many days (default: you start it)
cogs-tournament-describe-max-players = The most players who may enter
cogs-tournament-describe-checkin = Players must check in before the start; those who don't are dropped
cogs-tournament-describe-checkin-hours = With a closing time: check-in opens this many hours before it (default 24)
cogs-tournament-describe-at-deadline = Unfinished matches at a round's deadline: you rule, or the player with less time left loses
cogs-tournament-describe-rated = Whether the event's matches count for ratings (default yes)
cogs-tournament-describe-seats = Pods: players at a table
cogs-tournament-describe-strikes = Three strikes: lost matches that put a player out (default 3)
cogs-tournament-describe-drop-player = Organisers: the player to drop
cogs-tournament-describe-public-standings = Show them to the channel
cogs-tournament-describe-public-bracket = Show it to the channel
cogs-tournament-describe-round = Which round (default: the current)
cogs-tournament-describe-match = The match, like r2m3
cogs-tournament-describe-ruling = The result you rule (leave empty to only extend the deadline)
cogs-tournament-describe-winner = With `a player wins`: who
cogs-tournament-describe-places = With `places`: the table's players, best first (mention them)
cogs-tournament-describe-extension = Days added to the match's deadline
cogs-tournament-describe-note = Why (kept in the event's history)
cogs-tournament-describe-history-note = Why (kept in the history)
cogs-tournament-describe-late-player = Who joins
cogs-tournament-describe-who = Who

## /tournament: choices (at most 100 characters)

cogs-tournament-format-swiss = Swiss
cogs-tournament-format-three-strikes = three strikes (out after three lost matches)
cogs-tournament-format-single = single elimination
cogs-tournament-format-double = double elimination
cogs-tournament-format-round-robin = round robin
cogs-tournament-format-pods = pods (tables of 3 or more)
cogs-tournament-ruling-win = a player wins (name the winner)
cogs-tournament-ruling-draw = a draw
cogs-tournament-ruling-double-loss = a double loss
cogs-tournament-ruling-places = places at a table (list the players, best first)
cogs-tournament-deadline-organiser = the organisers rule
cogs-tournament-deadline-clock = the player with less time left loses

## /rating

cogs-cmd-rating = rating
cogs-cmd-show = show
cogs-cmd-leaderboard = leaderboard
cogs-option-everywhere = everywhere
cogs-rating = Ratings from rated matches, per game and mode
cogs-rating-show = A player's ratings, with a chart of their history
cogs-rating-leaderboard = The best rated players of a game and mode
cogs-rating-describe-player = Whose (default: yours)
cogs-rating-describe-game = Which game (default: every game they play)
cogs-rating-describe-board-game = Which game (default: the one with most rated matches)
cogs-rating-describe-mode = Which mode, like 1-hero, 2v2 or ffa (default: the busiest)
cogs-rating-describe-everywhere = Rank players from every server, not only this one
# $who: a mention; $game: a game's title
cogs-rating-none-of = { $who } has played no rated matches of { $game } yet.
cogs-rating-none = { $who } has played no rated matches yet.
cogs-rating-of = **Ratings of { $who }**
# One ladder of the player: $mode its mode (1-hero, 2v2); $rating the rating and how many matches it rests on
cogs-rating-ladder = { $game }, { $mode }: { $rating }
# $where: everywhere, or server (this server only)
cogs-rating-board-empty = Nobody { $where ->
        [everywhere] everywhere
       *[server] in this server
    } has a { $game } { $mode } rating yet.
cogs-rating-board = **{ $game } · { $mode } · { $where ->
        [everywhere] everywhere
       *[server] in this server
    }**
# A row of the leaderboard: $place, the player ($who), their rating, and the rated matches it rests on
cogs-rating-board-row = { $place }. { $who } { $rating } ({ $provisional ->
        [yes] provisional, { $matches }
       *[no] { $matches } { $matches ->
            [one] match
           *[other] matches
        }
    })
