# Codex: what is wrong in a scenario file's [position] (engine/codex/position_*.py), for whoever attaches one
# to `/codex new` or runs `bot.py scenario`. The format's keys (`in_play`, `owner = "pN"`) and notation stay
# as they are; `{"{"}` and `{"}"}` write a brace.

# What a position names: $type is a card's type (unit, hero, spell, building, upgrade, token)
codex-type = { $type ->
        [hero] hero
        [spell] spell
        [building] building
        [upgrade] upgrade
        [token] token
       *[unit] unit
    }

## Names (engine/codex/position_names.py)

# $what: card or hero; $name: the name written; $hint: a close name, or nothing
codex-position-no-such = there is no { $what ->
        [hero] hero
       *[card] card
    } called { $name }{ $hint }
# $kind: what was written instead
codex-position-card-in-quotes = a card is written as its name in quotes, not { $kind }
codex-position-copy-numbers = copy numbers start at 1, not #{ $ordinal }
codex-position-held-list = `{ $key }` must be a list like ["Name"] or [{"{"}card = "Name", owner = "p2"{"}"}], not { $kind }
# $card: the card written without its owner
codex-position-whose = whose is it? write {"{"}card = "{ $card }", owner = "pN"{"}"}
# $what: a jailed unit, a buried unit
codex-position-needs-card = { $what } needs `card = "Name"`
codex-position-add-owner = whose is it? add `owner = "pN"`
# $type: the card's type
codex-position-held-unit = { $what } is a unit card, and { $card } is a { codex-type }
# $number: the copy number written twice
codex-position-placed-twice = { $card }#{ $number } is placed twice
codex-position-jailed = a jailed unit
codex-position-buried = a buried unit

## What a player's table holds beside the zones (engine/codex/position_held.py)

# $seat: a seat name (p3)
codex-position-no-seat = there is no { $seat } at this table
codex-position-jail-opponents = a Jail holds opponents' units only
codex-position-no-jail = { $seat } has no Jail in play to hold these units
# $mark: the mark written; $hint: a close name, or nothing; $marks: the marks there are
codex-position-no-mark = there is no player mark called { $mark }{ $hint }; known: { $marks }
# $kind: what was written instead
codex-position-mark-value = `{ $mark }` is true (made now) or the number of { $seat }'s own turn it is tied to, not { $kind }
# $hero: the hero written
codex-position-not-own-hero = { $hero } is not one of { $seat }'s heroes (command zone or in play)

## The position as a whole and each player's table (engine/codex/position_read.py)

# $seat: a seat name; $players: how many the table has
codex-position-seat-absent = there is no { $seat } at this table: it has { $players } players
# $mode: the position's mode; $option: the mode the options give
codex-position-mode-clash = the position is a { $mode } game but the options say mode = { $option }
codex-position-team-hero = a team has at least one hero
# $seat: whose turn $turn is; $active: the seat named active
codex-position-not-active = turn { $turn } is { $seat }'s, so { $active } cannot be the active player (after extra turns, give every player's `turns`)
codex-position-card-order-labels = `card_order` names each card by its label, with its copy number (Name#n)
codex-position-nothing-awaited = the active player has already made a tech pick, so nothing is awaited
codex-position-lending-plan = lending plan
codex-position-lend-ffa = only free-for-all players lend patrollers
codex-position-lend-own = { $seat } lends only fighters they control
codex-position-lend-other = a lent fighter goes to another player's zone
codex-position-lend-slot = a lending plan names the slot
codex-position-tiebreak-ffa = only a free-for-all has tie-break turns
codex-position-tiebreak-two = a tie-break needs at least two tied players
codex-position-command-heroes = { $card } is not a hero; only heroes wait in the command zone
codex-position-future-runes = a card in the future waits for 1 or more time runes, not { $kind }
# $home: the seat whose base it shares
codex-position-shared-base = { $seat } shares { $home }'s base: write its damage under { $home }
codex-position-addon-kind = an add-on needs `kind` (surplus, tower, tech lab or heroes hall)
codex-position-addon-gone = a destroyed add-on is simply gone: leave `addon` out
# $specs: the player's specs; $spec: the one written
codex-position-tech-lab-spec = the Tech Lab's spec must be one of { $specs }, not "{ $spec }"
codex-position-ended-2v2 = only a 2v2 partner ends their main phase while the turn goes on
codex-position-codex-copies = a codex holds a number of copies, not { $kind }
codex-position-tech-pick-open = a tech pick is made only while the tech choice is open
codex-position-not-in-command = { $card } is not in { $seat }'s command zone
codex-position-cooldown = a cooldown is 0, 1 or 2 (own turns still to wait), not { $kind }
codex-position-already-dead = { $card } has { $damage } damage and { $hp } HP, so it would already be dead
codex-position-legendary = { $card } is legendary: one copy per player in play
codex-position-in-play-and-command = { $card } is both in play and in the command zone

## Things in play (engine/codex/position_things.py)

codex-position-in-play-list = `in_play` must be a list of cards or [[...in_play]] tables
# An entry of an `in_play` list: $seat is "the" for the top-level list, else the seat whose list it is
codex-position-in-play-entry = { $seat ->
        [the] the
       *[other] { $seat }'s
    } in_play #{ $number }
codex-position-thing-card = each thing in play needs `card = "Name"`
# $type: the card's type
codex-position-not-in-play-type = { $card } is a { codex-type } that does not stay in play
codex-position-controller = a thing in the top-level in_play needs `controller = "p1"` (or "p2", ...)
codex-position-lent-own-zone = a fighter is lent to another player's patrol zone, not its own
codex-position-copies = a thing in play copies a card that stays in play, not the { codex-type } { $card }
codex-position-copy-until = `copy_until` goes with `copying` (the card this one is a copy of)
codex-position-graveyard-only = only a Graveyard holds buried units; { $card } does not
# $most: how many buried units sacrifice a Graveyard
codex-position-graveyard-full = a Graveyard with { $most } buried units is sacrificed at once
codex-position-lent-fighters = only units and heroes are lent to patrol; { $card } is a { codex-type }
codex-position-levels = only heroes have levels; { $card } is a { codex-type }
codex-position-runes = a number of runes, not { $kind }
codex-position-patrollers = only units and heroes patrol; { $card } is a { codex-type }
# $slot: a patrol slot
codex-position-slot-taken = { $seat }'s { $slot } slot is already taken
codex-position-used-times = true, or how many times it was used (1 or more), not { $kind }
# $card: the name written
codex-position-not-in-play = { $card } is not in play
# $labels: the things it could be
codex-position-ambiguous = { $card } could be any of { $labels }: write the #n label
codex-position-caster-hero = the caster must be a hero
codex-position-channeled = { $card } is channeled by a hero: put one in play for { $seat } or set `caster`
codex-position-modification = modification
codex-position-tied-itself = a thing is tied to other things, not to itself
codex-position-trashed-list = `trashed` must be a list like ["Name#1"], not { $kind }
codex-position-trashed-card = a trashed card
codex-position-while-a-copy = a modifier lasts `while a copy` only on a thing that is `copying` a card

## What happened this turn (engine/codex/position_turn.py)

codex-position-aura = aura
codex-position-aura-needs = an aura needs `who` (a selector table) and `add` (keywords, like ["haste"])
codex-position-label-in-quotes = a card is written as its label in quotes, not { $kind }
# $where: play or position; $hint: a close label, or nothing
codex-position-card-not-here = { $card } is not { $where ->
        [play] in play
       *[position] in this position
    }{ $hint }
