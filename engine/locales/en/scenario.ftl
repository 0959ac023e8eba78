# The scenario format's messages (engine/scenario/): what is wrong in a scenario file, shown to a player who
# attaches one to `/<game> new` and to whoever runs `bot.py scenario`. Keys of the file (`do`, `expect`,
# [[steps]]) are the format's own words and stay as they are.

## Values as a message names them

scenario-a-table = a table
scenario-a-list = a list
scenario-the-text = the text "{ $text }"
scenario-the-position = the position
scenario-the-scenario = the scenario
scenario-step = step { $number }
# A table of an array: "lending plan #2"
scenario-numbered = { $what } #{ $number }
scenario-did-you-mean = {" "}(did you mean "{ $word }"?)
scenario-did-you-mean-key = {" "}(did you mean `{ $word }`?)

## The file (engine/scenario/model.py)

scenario-toml = not valid TOML: { $detail }
scenario-toml-at-end = not valid TOML: { $detail } (at the end of the file)
scenario-toml-plain = not valid TOML; look for an unclosed quote or bracket, or a key without `= value`
# $hint: scenario-did-you-mean-key or nothing
scenario-unknown-key-in = unknown key `{ $key }` in { $what }{ $hint }; known keys: { $known }
# $what: one of the scenario-want-… texts; $kind: what was found instead
scenario-must-be = `{ $key }` must be { $what }, not { $kind }
scenario-no-game = the scenario has no `game = "..."` line (which game it is for)
scenario-want-game = a game name in quotes
scenario-want-text = text
scenario-want-seats = a whole number of seats
scenario-want-whole = a whole number
scenario-want-options = a table of options
scenario-want-position = a table ([position])
scenario-want-pending = text saying why the scenario is expected to fail
scenario-want-steps = an array of tables ([[steps]])
scenario-want-step = a table ([[steps]] with keys by, do, expect, ...)
scenario-want-seat = a seat name like "p1"
scenario-want-action = an action in the game's notation, in quotes
scenario-want-bool = true or false
scenario-want-reason = text the refusal must contain
scenario-want-checks = a list of checks in quotes
scenario-want-check = a check in quotes, like "p1.gold = 3"
scenario-players-at-least-one = `players` must be at least 1
scenario-empty-do = `do` is empty: write the action, e.g. do = "end"
scenario-do-or-resign = a step either does an action (`do`) or resigns, not both
scenario-reason-not-refused = `reason` describes a refusal, so `refused` cannot be false
scenario-refused-without-do = a refused step needs the action that is refused (`do = "..."`)
scenario-idle-step = step { $number } has nothing to do: give it `do = "..."`, `expect = [...]`, `set`, `add` or `chance`
scenario-want-branches = an array of tables ([[branches]])
scenario-want-branch = a table ([[branches]] with keys name, steps, expect, note)
scenario-branch = branch { $number }
scenario-branch-twice = two branches are called "{ $name }": give each its own name
scenario-idle-branch = branch "{ $name }" has nothing to do: give it [[branches.steps]] or `expect = [...]`
scenario-want-chance = a table of what to fix, like {"{"} "deck:p1" = ["Spark"] {"}"}
scenario-want-chance-values = a list of the next outcomes, first first, like ["heads", "tails"]
scenario-want-changes = a table of position keys, like {"{"} p1 = {"{"} gold = 5 {"}"} {"}"}
scenario-want-pieces = a table of pieces by name ([pieces."Name"])
scenario-want-piece = a table ([pieces."Name"] with the piece's keys)
scenario-bad-check = in check `{ $check }`: { $reason } (column { $column } of the check)

## Setting up a position (engine/scenario/runner.py)

scenario-no-such-game = there is no game `{ $game }`{ $hint }; games: { $games }
scenario-players = { $game } is played by { $fewest } to { $most } players, not { $players }

## A position table, read by a game (engine/scenario/fields.py)

# $hint: scenario-did-you-mean or nothing
scenario-unknown-key = unknown key `{ $key }` in { $what }{ $hint }; known: { $known }
scenario-must-be-a-table = { $what } must be a table, not { $kind }
scenario-not-whole = `{ $key }` must be a whole number, not { $kind }
scenario-from-to = from { $lo } to { $hi }
scenario-at-least = at least { $lo }
scenario-at-most = at most { $hi }
scenario-out-of-bounds = `{ $key }` must be { $bounds }, not { $value }
scenario-not-bool = `{ $key }` must be true or false, not { $kind }
scenario-not-text = `{ $key }` must be text in quotes, not { $kind }
scenario-not-a-choice = `{ $key }` cannot be "{ $value }"{ $hint }; choose from: { $choices }
scenario-not-list = `{ $key }` must be a list like ["A", "B"], not { $kind }
scenario-not-a-name = `{ $key }` holds { $kind }; write names in quotes
scenario-not-tables = `{ $key }` must be an array of tables ([[...{ $key }]]), not { $kind }
scenario-no-seat = there is no seat { $seat }{ $hint }; seats: { $seats }

## A check (engine/scenario/expr.py); $found is what stands where the check went wrong

scenario-check-character = unexpected character { $character }
scenario-check-escape = bad escape in string { $text }
scenario-check-found = { $expected }, found { $found }
scenario-check-the-end = the end
scenario-check-empty = the check is empty
scenario-check-not = `not` goes only before a lone true/false value; use != or `not in`
scenario-check-value-after = expected a value after `{ $op }`
scenario-check-comparison = expected a comparison (= != < <= > >= in, not in, contains, lacks) or the end
scenario-check-end = expected the end of the check
scenario-check-name = expected a name after `.`
scenario-check-bracket = expected `]`
scenario-check-list = expected `,` or `]` in the list
scenario-check-parenthesis = expected `)`
scenario-check-a-value = expected a value
scenario-check-helper = unknown helper `{ $helper }`{ $hint }; helpers: { $helpers }
scenario-check-argument = expected `,` or `)` after an argument
scenario-check-value = expected a value (a path, number, "text", true, false, null, [list] or {"{"}table{"}"})
scenario-check-loop-name = expected a name after `for`, as in [t.damage for t in p1.in_play]
scenario-check-loop-in = expected `in` after `for { $name }`, as in [{ $name } for { $name } in p1.hand]
scenario-check-table-key = expected a key (a name or "text") in the table
scenario-check-table-equals = expected `=` after `{ $key }` in the table, as in {"{"}damage = 1{"}"}
scenario-check-table-twice = the table gives `{ $key }` twice
scenario-check-table = expected `,` or `{"}"}` in the table
# A check that is not a syntax error but cannot be worked out on this state; $found is the value as written
scenario-check-not-bool = { $value } is { $found }, not true or false
scenario-check-loop-list = { $value } is { $found }, not a list to go through with `for`
scenario-check-fold-list = { $fn }() takes a list, and { $value } is { $found }
scenario-check-fold-item = { $fn }() takes a list of { $kind ->
        [number] numbers
       *[truth] true and false
    }, and item { $index } of { $value } is { $found }

## Checks on a running scenario (engine/scenario/runner.py)

# $reason: the game's own refusal, naming the closest actions
scenario-legal-typo = `{ $text }` names no action (a typo?): { $reason }

## Keywords a position gives (engine/codex/position_keywords.py)

# $hint: scenario-did-you-mean or nothing
scenario-unknown-keyword = there is no keyword "{ $word }"{ $hint }; keywords: { $known }
# Where a check is made: on the position as set up, before the game's own first steps
scenario-at-setup = at setup
# Where a check is made: at the end of a branch (a line of play of its own)
scenario-branch-end = branch "{ $name }", at its end
# $kinds: each kind the game can fix, with what it means
scenario-chance-kind = { $game } cannot fix `{ $kind }`{ $hint }; what it can fix: { $kinds }
scenario-set-not-carried = { $step } cannot change this position: written out and read back it would not be the same ({ $where } is { $was }, but would be { $carried }); set steps work between moves, not while a choice or a fight is under way
scenario-pieces-not-in-matches = pieces of a scenario's own are for `bot.py scenario run` and the tests; a match plays the game's own cards

## Set steps (engine/scenario/edit.py)

scenario-nothing = nothing
scenario-add-what = `add.{ $key }` adds a number or a list of items, not { $found }
scenario-add-onto = `add.{ $key }` adds { $found } to { $there }, which it cannot: give a number to add to a number, a list to add to a list
scenario-no-item = `{ $key }` has no "{ $item }"; it has: { $items }
scenario-item-ambiguous = `{ $key }` has several "{ $item }": { $items }; name one by its label
scenario-item-table = to change "{ $item }" in `{ $key }`, give a table of its keys (like {"{"} exhausted = false {"}"}); to replace the whole list, give a list

## Pieces of a scenario's own (engine/codex/pieces.py)

scenario-piece = piece "{ $name }"
scenario-piece-name = a piece's name is one or more words without `#` or `,`, not "{ $name }"
scenario-piece-printed = "{ $name }" is a printed card: give the piece a name of its own (or start from the card with `like = "{ $name }"`)
scenario-piece-type = piece "{ $name }" needs `type` (one of { $types }), or `like` naming a printed card to start from
scenario-piece-hp = piece "{ $name }" is a unit, so it needs `hp`
# $problem: the card format's own words for what is wrong (developer-facing field names)
scenario-piece-facts = piece "{ $name }" is not a card: { $problem }
# $problem: the ability vocabulary's message (engine/codex/vocab.py)
scenario-piece-abilities = piece "{ $name }" has ability data the engine does not know: { $problem }
# A set step wrote a key the position as it stands does not have ($keys: those it has there)
scenario-set-new-key = (The position as it stands has no `{ $key }`; there it has: { $keys }.)
