# Tournaments (app/tournament/, app/events/) and ratings (app/rating_service.py): refusals, replies and
# announcements. $event is an event's name as its organiser typed it; $match a pairing's id (r2m1, R1-2, GF);
# names and mentions (<@id>) arrive as they are shown.

## The pairing core's refusals (app/tournament/)

# $problems: what is wrong, separated by semicolons
app-tournament-settings-fail = These settings cannot work: { $problems }.
app-tournament-seats-range = a table has 2 to 8 seats, not { $seats }
app-tournament-pods-small = multi-seat pods need tables of at least 3 seats
# $format: the format's key (swiss, round_robin)
app-tournament-two-seats = { $format } pairs two seats a match; use pods for { $seats }-seat tables
app-tournament-smallest-table = the smallest table must be between 2 and { $seats } seats
app-tournament-no-rounds = an event needs at least one round
app-tournament-no-strikes = players need at least one strike to lose
app-tournament-legs = a round robin has one or two legs
app-tournament-points-table = the { $size }-seat points table needs { $size } numbers, not { $given }
app-tournament-tiebreak-floor = the tiebreak floor is a fraction between 0 and 1
app-tournament-result-no-places = A result needs a place for every seat.
app-tournament-result-first-place = Places start at 1 (first).
# $reason: draw or double_loss
app-tournament-result-tied = { $reason ->
        [double_loss] A double loss gives every seat the same place (they all lose).
       *[draw] A draw gives every seat the same place.
    }
app-tournament-result-all-tied = Every seat has the same place: report it as a draw or a double loss.
app-tournament-result-games = Give the games won for every seat.
app-tournament-result-negative = Games won cannot be negative.
# $kind: the unknown kind as stored
app-tournament-unknown-record = Unknown tournament record kind { $kind }.

## Matches of an event, as messages name them (app/tournament/state.py)

app-tournament-nobody = nobody
# $side: winner or loser; $match: the match whose winner (or loser) takes this seat
app-tournament-seat-from = { $side ->
        [loser] loser
       *[winner] winner
    } of { $match }
# $seats: the players, one against the other
app-tournament-match = { $match } ({ $seats })
app-tournament-versus = { $left } vs { $right }

## Entering, leaving, results and pairing (app/tournament/actions.py)

# $entrant: an entrant's id or name
app-tournament-not-entered = { $entrant } is not entered in this event.
app-tournament-already-entered = { $entrant } is already entered.
# $member: a player
app-tournament-member-entered = { $member } is already entered; a player enters once.
# $team: the team the player entered with
app-tournament-member-entered-with = { $member } is already entered with { $team }; a player enters once.
app-tournament-started-late-entry = The event has started: add new players as late entries.
app-tournament-register-instead = The event has not started yet: register instead.
# $format: single_elimination, double_elimination or round_robin
app-tournament-fixed-schedule = A { $format ->
        [single_elimination] single elimination
        [double_elimination] double elimination
       *[round_robin] round robin
    } schedule is fixed at the start; late entries are possible in Swiss, three strikes and pods.
app-tournament-over = The event is over.
app-tournament-missed-losses = { $missed } missed rounds would count as { $missed } losses, and { $strikes } put a player out.
app-tournament-no-round-left = Every round is already paired; there is no round left to join.
app-tournament-already-left = { $entrant } has already left the event.
app-tournament-already-disqualified = { $entrant } is already disqualified.
app-tournament-already-paused = The event is already paused.
app-tournament-not-paused = The event is not paused.
app-tournament-no-match = There is no match { $match } in this event.
# $match: the match and its players, "r2m1 (Ann vs Bob)"
app-tournament-is-bye = { $match } is a bye; it needs no result.
app-tournament-seat-waits = { $match } can't be played yet: a seat waits on another match.
app-tournament-empty-seat = { $match } has an empty seat; it is settled without play.
app-tournament-place-each = { $match } has { $seats } seats; give a place for each.
app-tournament-bracket-winner = A bracket match needs a winner: no draws or double losses.
app-tournament-counts-on-winner = The next round already counts on a winner of { $match }: report a winner or a double loss.
# $later: a later match and its players; $later_id: its id alone; $match: the match being changed
app-tournament-correct-later-first = { $later } already has a result, and who played it depends on { $match }; correct { $later_id } first.
app-tournament-has-result = { $match } already has a result; ask an organiser to correct it.
app-tournament-settled-without-play = { $match } was settled without play: a player has left the event.
app-tournament-nothing-to-correct = { $match } has no result to correct; report it instead.
app-tournament-ruling-empty = A ruling gives a result, a new deadline, or both.
app-tournament-finished-deadline = { $match } is finished; its deadline no longer matters.
app-tournament-paused = The event is paused; resume it before pairing.
app-tournament-schedule-drawn = The whole schedule was drawn at the start; there is nothing more to pair.
app-tournament-seed-list-format = Only brackets and round robins take a seed list.
app-tournament-none-paired = No round has been paired yet.
app-tournament-results-in = Results are already in, so the schedule can no longer be drawn again.
# $matches: the ids of the matches with results
app-tournament-round-has-results = Round { $round } already has results ({ $matches }); it can no longer be paired again.
app-tournament-two-entrants = At least two entrants are needed; { $entrants } are in.
app-tournament-one-left = The event is over: at most one player is left.
# $matches: the matches left unfinished, with their players
app-tournament-nothing-to-pair = Nothing to pair: the event ends with { $matches }
# $matches: up to five unfinished matches; $more: how many more there are (0: none)
app-tournament-unfinished = Round { $round } can't be paired while matches are unfinished: { $matches }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }.
app-tournament-all-played = All { $rounds } rounds have been played.
app-tournament-players-needed = At least { $least } players are needed; { $players } are in.
app-tournament-seed-list = The seed list must name every entrant once.
# $entrants: the entrants' ids, separated by commas
app-tournament-seed-missing = Missing: { $entrants }.
app-tournament-seed-extra = Not entered: { $entrants }.
app-tournament-bracket-two = A bracket needs at least two entrants.
app-tournament-table-players = A table needs at least { $smallest } players; { $players } are in.
app-tournament-round-robin-two = A round robin needs at least two entrants.
# $matches: the matches that hold the round up, with their players
app-tournament-strikes-waiting = The next round can't be paired yet: { $matches } may not put anyone out, and both players would need a pairing. Report or adjudicate it first.

## Finding the event meant, and who organises it (app/events/base.py)

app-event-none-here = There is no event #{ $event } in this server.
app-event-none = There is no event here. An organiser creates one with `/tournament create`.
# One open event in a list: $event its number, $name its name, $channel its channel's id
app-event-listed = #{ $event } { $name } (<#{ $channel }>)
app-event-several = Several events are open in this server: { $events }. Say which with `event:`.
# $creator: the event's creator, as a mention
app-event-organisers = Only the organisers of { $event } can do that: its creator { $creator } and members with Manage Server.
# $role: the server's organiser role
app-event-organisers-role = Only the organisers of { $event } can do that: its creator { $creator }, the `{ $role }` role and members with Manage Server.
app-event-rule-on-it = Organisers: rule on it with `/tournament adjudicate match:{ $match }`.

## Standings and announcements (app/events/base.py)

# $heading: what the standings follow; $progress: how far the event is
app-event-standings-head = { $heading } ({ $progress })
app-event-standings = **{ $event }** · standings
app-event-progress-before = before the first round
app-event-progress-final = final
app-event-progress-results = { $results } results in
app-event-progress-round = round { $round }
app-event-progress-round-of = round { $round } of { $rounds }
# $drawn: bracket or schedule
app-event-drawn = **{ $event }** · The { $drawn ->
        [bracket] bracket
       *[schedule] schedule
    } is drawn: each match gets its own thread when both players are known.
# $round: the round's name; $again: yes when the round was paired once before; $deadline: a Discord timestamp
app-event-paired = **{ $event }** · { $round } is paired{ $again ->
        [yes] {" "}again
       *[no] {""}
    } (deadline { $deadline }). Each match has its own thread; its players are pinged there.
app-event-more-pairings = …and { $more } more: `/tournament pairings` lists them all.
app-event-over = 🏁 **{ $event }** is over
# $winner: the first of the standings
app-event-over-winner = 🏁 **{ $event }** is over. Winner: **{ $winner }**

## Standings, pairings and brackets (app/events/text.py)

# Column heads of the standings table (the picture and the monospace table are laid out in English)
app-event-column = { $column ->
        [strikes] Strikes
        [place] Place
       *[player] Player
    }
# The status column: $round is the round in which the player took their last strike
app-event-status-out = out (r{ $round })
# $status: dropped or disqualified
app-event-status = { $status ->
        [disqualified] disqualified
       *[dropped] dropped
    }
app-event-nobody-entered = Nobody has entered yet.
app-event-more-standings = …and { $more } more (see the picture or the export).
# A line per match: $match its id, $players who plays whom
app-event-line-bye = { $match }: { $players } has a bye
app-event-line-playing = { $match }: { $players }, playing
# $thread: the id of the match's thread
app-event-line-playing-in = { $match }: { $players }, playing in <#{ $thread }>
app-event-line-void = { $match }: { $players }, not played
app-event-line-walkover = { $match }: { $players }, { $winner } goes through without play
# $outcome: how it ended
app-event-line = { $match }: { $players }, { $outcome }
app-event-settled = settled
# $reason: draw or double_loss
app-event-tied = { $reason ->
        [double_loss] a double loss
       *[draw] a draw
    }
# $how: why the match ended (resign, timeout, adjudicated, or normal)
app-event-won = { $winner } won{ $how ->
        [resign] {" "}by resignation
        [timeout] {" "}on time
        [adjudicated] {" "}by ruling
       *[normal] {""}
    }
# $places: each place and who took it, "1. Ann, 2. Bob"
app-event-places = places: { $places }{ $how ->
        [resign] {" "}by resignation
        [timeout] {" "}on time
        [adjudicated] {" "}by ruling
       *[normal] {""}
    }
app-event-place = { $place }. { $name }
# A round's name; $kind: round, winners or losers (a double elimination's two sides)
app-event-round = { $kind ->
        [winners] Winners round { $number }
        [losers] Losers round { $number }
       *[round] Round { $number }
    }
# The last rounds of a bracket
app-event-final = { $kind ->
        [semi] Semi-finals
        [quarter] Quarter-finals
        [winners] Winners final
        [losers] Losers final
        [grand] Grand final
        [reset] Grand final reset
       *[final] Final
    }
app-event-round-heading = **{ $round }**
app-event-bye = bye
app-event-champion = 🏆 Champion: **{ $champion }**

## A pairing's thread and match (app/events/tables.py)

# A thread's name: the event, the round's name, and who plays whom
app-event-thread-name = { $event } · { $round } · { $players }
# $players: the players' mentions; $command: the move command; $deadline: a Discord timestamp
app-event-thread-opening = **{ $event }** · { $round } · match { $match }
    { $players }: your match is here; the board follows. Play it in this thread with { $command }. Deadline: { $deadline }.
# $thread: a thread's id
app-event-thread-taken = Thread <#{ $thread }> holds a match that is not { $match }'s; an organiser should rule.
# $match: the match's number; $why: why it was closed (a whole sentence)
app-event-match-closed = Match #{ $match } is closed: { $why }

## Reading and writing an event's history (app/events/book.py)

app-event-no-event = There is no event #{ $event }.
app-event-changed = { $event } changed while your request was being made; nothing was done. Try again.

## Creating an event (app/events/settings.py)

# $format: how the event pairs its players
app-event-format = { $format ->
        [swiss] Swiss
        [three_strikes] three strikes
        [single_elimination] single elimination
        [double_elimination] double elimination
        [round_robin] round robin
       *[pods] pods (multi-seat tables)
    }
app-event-name-length = An event's name is 1 to { $most } characters long.
app-event-round-days = A round lasts more than 0 and at most 365 days.
app-event-size-limit = The size limit is between 2 and { $most } players.
app-event-deadline-rules = At a deadline the organiser decides (`organiser`) or the clock does (`clock`).
app-event-clock-rule-needs-clock = The deadline rule `clock` gives unfinished matches to whoever has more time left, so matches need a clock: choose one, or let the organiser decide at deadlines.
app-event-checkin-hours = Check-in opens between a few minutes and 14 days (336 hours) before registration closes.
app-event-bracket-rounds = A bracket's rounds follow from the number of players; leave `rounds` empty.
# $game: the game's title; $low and $high: the seats its options allow; $tables: pods or matches; $seats: the table size asked for
app-event-table-size = { $game } with these options is for { $low }–{ $high } players; { $tables ->
        [pods] pods
       *[matches] matches
    } of { $seats } cannot be played.
# $problem: what the game says is wrong
app-event-bad-options = These options do not work: { $problem }

## What anyone may read about an event (app/events/reading.py)

app-event-default-options = defaults
app-event-shape-rounds = { $rounds } rounds
app-event-shape-strikes = { $strikes } strikes
app-event-shape-tables = tables of { $seats }
# $options: the game's options as key=value pairs; $format: the format and its shape
app-event-about-game = Game: { $game } ({ $options }). Format: { $format }.
# $clock: each match's time control; $days: how long a round lasts; $deadline: organiser or clock; $rated: yes or no
app-event-about-matches = Each match: { $clock }. A round lasts { $days } days; at its deadline { $deadline ->
        [clock] unfinished matches go against whoever has less time left
       *[organiser] the organisers rule on unfinished matches
    }.{ $rated ->
        [no] {" "}Matches are unrated.
       *[yes] {""}
    }
# $players: entered so far; $most: the size limit (0: none); $closes: a Discord timestamp
app-event-registration-closes = Registration is open ({ $players }{ $most ->
        [0] {""}
       *[other] {" "}of { $most }
    } players): `/tournament join`. It closes { $closes } and the event starts then.
app-event-registration-open = Registration is open ({ $players }{ $most ->
        [0] {""}
       *[other] {" "}of { $most }
    } players): `/tournament join`. An organiser starts it with `/tournament start`.
# $opens: a Discord timestamp
app-event-checkin-from = Check-in is required: `/tournament checkin` from { $opens }, or you are dropped at the start.
app-event-checkin-before = Check-in is required: `/tournament checkin` before the start, or you are dropped at the start.
# $note: why the organiser ended it
app-event-ended-early = The event is over. Ended by an organiser: { $note }
app-event-running = Running: { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    } paired, { $players } players still in.
app-event-paused-note = Paused by the organisers: no round is paired until it resumes.
# $number: the event's number; $creator: its creator, as a mention
app-event-info = **{ $event }** (event #{ $number }, organised by { $creator })
app-event-not-started-pairings = { $event } has not started; nothing is paired yet.
app-event-rounds-range = { $event } has rounds 1 to { $rounds }.
app-event-pairings-head = **{ $event }** · { $round }
# $pairings: how many pairings the round has
app-event-pairings-filed = **{ $event }** · { $round } ({ $pairings } pairings, all in the file)
# $format: the event's format
app-event-not-a-bracket = { $event } is { $format }: it has standings, not a bracket.
app-event-not-started-bracket = { $event } has not started; the bracket is drawn at the start.
app-event-bracket = **{ $event }** · bracket
app-event-export = Every pairing and result of **{ $event }**, and its whole history.

## What organisers do (app/events/organise.py)

app-event-no-such-match = { $event } has no match { $match }. `/tournament pairings` lists them.
app-event-extension-days = An extension is more than 0 and at most 90 days.
# Why a match was closed, told in its thread
app-event-closed-ruled = an organiser ruled on { $match }.
app-event-closed-repaired = its round was paired again; the new pairing has its own thread.
app-event-closed-disqualified = { $player } was disqualified.
app-event-closed-left = { $player } left the event.
# $match: the match's line, with its result
app-event-ruling = Ruling on { $match }.
# $deadline: a Discord timestamp
app-event-new-deadline = New deadline: { $deadline }.
app-event-match-closed-too = Its match is closed.
# $players: the match's players, as mentions
app-event-name-winner = Name the winner of { $match }: { $players }.
app-event-list-places = List every player of { $match } once, best first: { $players }.
app-event-ruling-kinds = A ruling is `win`, `draw`, `double_loss` or `places`.
app-event-repaired = { $event }: the round is paired again.
# $player: a mention
app-event-already-entered = { $player } is already entered in { $event }.
app-event-late-entry = { $player } is entered in **{ $event }** late and is paired from the next round. (To pair them into the current round, `/tournament repair` it while none of its results are in.)
app-event-not-entered = { $player } is not entered in { $event }.
app-event-disqualified = { $player } is disqualified from **{ $event }**; their unfinished matches are losses.
app-event-is-over = { $event } is over.
app-event-resumed = **{ $event }** goes on: rounds are paired again.
app-event-paused = **{ $event }** is paused: no round is paired and no deadline applies until it resumes.
app-event-already-over = { $event } is already over.
# The note kept when an organiser ends an event without giving one; $who: a mention
app-event-ended-by = ended by { $who }
app-event-ended = **{ $event }** is over. Matches still being played go on, but no longer count for it.

## Creating, entering and running an event (app/events/service.py)

app-event-in-a-server = Events are run in a server channel.
# $format: what was typed; $formats: the formats there are
app-event-no-format = There is no format { $format }; formats: { $formats }.
app-event-channel-busy = This channel already runs an event; finish it or create the new one in another channel.
app-event-registration-days = Registration stays open for more than 0 and at most 90 days.
# $who: the organiser, as a mention; $number: the event's number
app-event-created = { $who } created **{ $event }** (event #{ $number }).
app-event-registration-closed = Registration for { $event } is closed. An organiser can still add you with `/tournament late-entry`.
# $closed: a Discord timestamp
app-event-registration-closed-at = Registration for { $event } closed { $closed }.
app-event-left-once = You left { $event }; a player enters an event once.
app-event-you-are-entered = You are already entered in { $event }.
app-event-full = { $event } is full ({ $most } players).
# $players: how many are entered now; $checkin: yes when players must check in
app-event-joined = { $who } joined **{ $event }** ({ $players } players).{ $checkin ->
        [yes] {" "}Remember to check in (`/tournament checkin`).
       *[no] {""}
    }
app-event-started-drop = { $event } has started: `/tournament drop` leaves it (your results stand).
app-event-you-are-not-entered = You are not entered in { $event }.
app-event-left = { $who } left **{ $event }** ({ $players } players).
app-event-no-checkin = { $event } needs no check-in: being entered is enough.
app-event-checkin-over = { $event } has started; check-in is over.
app-event-join-first = Join { $event } first (`/tournament join`), then check in.
# $opens: a Discord timestamp
app-event-checkin-opens = Check-in for { $event } opens { $opens }.
app-event-already-checked-in = You are already checked in to { $event }.
# $count: checked in so far; $players: entered
app-event-checked-in = You are checked in to { $event } ({ $count } of { $players } players so far).
app-event-not-started-leave = { $event } has not started: `/tournament leave` takes you out.
app-event-already-left = { $player } has already left { $event }.
app-event-dropped = { $player } dropped out of **{ $event }**; their results stand.
app-event-already-started = { $event } has already started.
app-event-started = **{ $event }** has started with { $players } players.
app-event-checkin-dropped = { $dropped } { $dropped ->
        [one] player
       *[other] players
    } did not check in and { $dropped ->
        [one] was
       *[other] were
    } dropped.
# $match: the match and its players; $rule: how organisers rule on it
app-event-aborted = ⚠️ { $match } was aborted without a result. { $rule }
# $problem: why the result was refused
app-event-result-refused = ⚠️ { $match }: { $problem } { $rule }
# Kept as the reason an event ended; $problem: why it could not start
app-event-could-not-start = registration closed but the event could not start: { $problem }
app-event-cancelled = **{ $event }** is cancelled: { $note }
app-event-could-not-open = ⚠️ { $match } could not start: { $problem }
app-event-thread-failed = ⚠️ The thread of { $match } could not be opened; I keep trying. Check that I may create public threads and post in them here.
# $match: the match and its players; $match_id: its id alone
app-event-deadline-passed = ⏰ The deadline of { $match } has passed and it is unfinished. Organisers: rule with `/tournament adjudicate match:{ $match_id }` (a result, a double loss, or more days).

## Ratings (app/rating_service.py)

# $game: a game's title
app-rating-none-of = No rated matches of { $game } have been played yet.
app-rating-none = No rated matches have been played yet.
# $mode: the mode asked for; $modes: the modes with rated matches
app-rating-no-mode = { $game } has no rated matches in mode `{ $mode }`; rated modes: { $modes }.
# $rating: the displayed rating; $matches: rated matches played; $provisional: yes while there are too few
app-rating = **{ $rating }** ({ $provisional ->
        [yes] provisional,{" "}
       *[no] {""}
    }{ $matches } rated { $matches ->
        [one] match
       *[other] matches
    })
