# The engine's own messages (engine/core.py): refusals every game shares.
# Variables hold notation and names as they are; $more counts the legal moves not listed.

core-none = none
core-none-yet = none yet
core-game-over = The game is over.
core-not-your-turn = It is not your move; waiting on { $waiting }.
core-not-legal = `{ $move }` is not legal now.
# $reason: why, as the game words it (a clause: "Brick Thief costs 3 gold (you have 2)")
core-not-legal-why = `{ $move }` is not legal now: { $reason }.
core-type-an-action = Type an action; the legal ones are offered as you type.
core-no-action = You have no action to take now.
core-not-an-action = `{ $typed }` is not a legal action now.
# $reason: why the action typed is not legal now, as the game words it
core-not-an-action-why = `{ $typed }` is not a legal action now: { $reason }.
core-not-notation = `{ $typed }` is not { $game } notation.
core-did-you-mean = Did you mean `{ $move }`?
core-did-you-mean-one-of = Did you mean one of: { $moves }{ $more ->
        [0] {""}
       *[other] ...
    }?
core-legal-now = Legal now: { $legal }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }.
core-no-such-game = There is no game called { $name }. Games: { $games }.
core-no-seat-choices = { $game } has no choices for each player to make before the start.
core-no-resignation = This game has no resignation rule.
core-cannot-fix-chance = { $game } cannot fix { $what }; what it can fix: { $kinds }.
core-no-scenarios = { $game } has no scenario support yet.

# The bots every game gets (engine/policy.py).
core-bot-random = Random bot
core-bot-greedy = Greedy bot
core-no-test-pieces = { $game } cannot make pieces of a scenario's own; use the game's own cards and pieces.
