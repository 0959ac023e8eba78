# Why a Codex action is not legal now (engine/codex/reasons.py). Each is a clause that ends a refusal:
# "`play Brick Thief` is not legal now: Brick Thief costs 3 gold (you have 2)." No capital, no full stop.
# $card and $target are names as the player reads them (cards, "p2 base", "my tech1"); $building is
# codex-building; $spec a spec as players type it (bashing); $player a seat (p2); $gold the gold the player has.

# $kind: tech1, tech2, tech3, surplus, tower, tech-lab or heroes-hall
# codex-building (a building's name) is in events.ftl.

## Whose move, which phase

codex-why-choice-first = first answer the choice you are asked
codex-why-choice-other = { $player } has a choice to make first
codex-why-not-main = it is not your main phase
codex-why-ended = you have ended your main phase
codex-why-no-choice = there is nothing for you to choose now
codex-why-not-an-option = that is not one of the choices

## Tech picks

codex-why-no-tech-pick = you have no tech pick to make now
# $count: how many cards the pick takes; $optional: 1 when the player may pick fewer (10 workers or more)
codex-why-tech-count = a tech pick is { $optional ->
        [1] at most
       *[0] exactly
    } { $count } { $count ->
        [one] card
       *[other] cards
    }
codex-why-tech-not-yours = { $card } is not in your codex
# $left: copies of the card left in the codex (0 or 1)
codex-why-tech-left = { $left ->
        [0] no { $card } left in your codex
       *[other] only { $left } { $card } left in your codex
    }

## Where a card is

codex-why-not-in-hand = { $card } is not in your hand
codex-why-in-discard = { $card } is in your discard pile, not your hand
codex-why-in-play = { $card } is already in play
codex-why-is-worker = { $card } is one of your workers
codex-why-hero-summoned = { $card } is a hero: summon it
codex-why-not-in-play = you have no { $card } in play
codex-why-not-yours = { $card } is not yours
codex-why-gone = there is no { $card } in play
codex-why-not-in-command = { $card } is not in your command zone

## Playing cards

codex-why-costs = { $card } costs { $cost } gold (you have { $gold })
codex-why-costs-boosted = { $card } costs { $cost } gold boosted (you have { $gold })
codex-why-no-boost = { $card } has no boost
codex-why-no-hero = no hero in play to cast { $card }
codex-why-silenced = your heroes are silenced and cast no spells
codex-why-needs-spec-hero = { $card } needs a { $spec } hero in play
codex-why-ultimate = { $card } needs a { $spec } hero that was at max level when your turn began
codex-why-banned = a card in play forbids you to play { $card } now
codex-why-no-target = { $card } would have no target
codex-why-needs-tech = { $card } needs a { $building } building
codex-why-needs-tech-or-higher = { $card } needs a { $building } building or higher
codex-why-tech-off = your { $building } is shut down this turn
# $have: the spec of the player's Tech II
codex-why-needs-spec = { $card } needs { $spec } tech (your Tech II is for { $have })
codex-why-hired = you already hired a worker this turn
codex-why-hire-costs = a worker costs { $cost } gold (you have { $gold })

## Heroes

# $most: how many heroes the player may have in play now; $more: 1 when more tech would allow more
codex-why-hero-limit = you may have only { $most } { $most ->
        [one] hero
       *[other] heroes
    } in play{ $more ->
        [1] {" "}now (Tech II, Tech III and a Heroes' Hall allow more)
       *[0] {""}
    }
codex-why-cooldown = { $card } died recently and cannot be summoned again yet
codex-why-not-a-hero = { $card } is not a hero
codex-why-level-frozen = { $card } cannot gain levels this turn
codex-why-max-level = { $card } is already at its max level ({ $level })
codex-why-level-room = { $card } can gain only { $room } more { $room ->
        [one] level
       *[other] levels
    }
codex-why-levels-cost = { $levels } { $levels ->
        [one] level costs
       *[other] levels cost
    } { $levels } gold (you have { $gold })

## Buildings

codex-why-build-costs = { $building } costs { $cost } gold (you have { $gold })
codex-why-being-built = your { $building } is still being built
codex-why-built = you already have a { $building }
# $need: workers the building needs; $have: the player's workers
codex-why-workers = { $building } needs { $need } workers (you have { $have })
codex-why-needs-lower = { $building } needs a working { $lower }
codex-why-addon-heroes = a { $building } is built only by a player with two or more heroes
codex-why-has-addon = you already have an add-on (a { $building }); destroy it first
codex-why-team-addon = your team already has a { $building }
# $specs: the specs to choose from, as a list
codex-why-which-spec = say which spec your Tech II is for: { $specs }
codex-why-lab-spec = say which spec your Tech Lab unlocks: { $specs }
codex-why-not-your-spec = { $spec } is not a spec you can choose here ({ $specs })
codex-why-lab-same-spec = your Tech II already unlocks { $spec }
codex-why-lab-spec-later = a Tech Lab built before Tech II gets its spec when Tech II is built
codex-why-no-spec = a { $building } is built without naming a spec
codex-why-no-addon = you have no add-on to destroy
codex-why-other-addon = your add-on is a { $building }
codex-why-repair-ffa = a base is repaired only in free-for-all
codex-why-repair-undamaged = your base has no damage
codex-why-repair-costs = a repair costs { $cost } gold (you have { $gold })

## Abilities

codex-why-no-ability = { $card } has no ability to use
codex-why-no-such-ability = { $card } has no such ability; name it after a colon, as the legal moves show
codex-why-ability-costs = the ability of { $card } costs { $cost } gold (you have { $gold })
codex-why-exhausted = { $card } is exhausted
codex-why-arrived = { $card } arrived this turn
# $times: how many times a turn the ability may be used
codex-why-used = { $card } has used that ability { $times ->
        [one] this turn already
       *[other] { $times } times this turn already
    }
# $need: cards the ability discards; $have: cards in hand
codex-why-discard-cost = the ability of { $card } discards { $need } { $need ->
        [one] card
       *[other] cards
    } (you have { $have })
codex-why-ability-condition = the ability of { $card } cannot be used now
codex-why-runes = { $card } lacks the runes its ability removes
codex-why-exhaust-others = the ability of { $card } needs { $need } other ready { $need ->
        [one] unit
       *[other] units
    } to exhaust
codex-why-ability-no-target = the ability of { $card } would have no target
codex-why-no-tower = you need a finished Tower to detect
codex-why-tower-used = your Tower has already detected this turn
codex-why-not-invisible = { $card } is not invisible

## Attacks

codex-why-not-a-fighter = { $card } is not a unit or a hero
codex-why-cant-attack = { $card } can't attack
codex-why-attacked = { $card } has already attacked this turn
codex-why-no-building = there is no { $target } to attack
codex-why-own-side = { $target } is on your side
codex-why-unattackable = { $target } cannot be attacked
codex-why-flying = { $target } is flying: only flying or anti-air attackers reach it
codex-why-base-flies = that base counts as flying: only flying or anti-air attackers reach it
codex-why-invisible = { $target } is invisible and not patrolling
codex-why-attack-banned = a card in play forbids this attack
codex-why-cannot-attack = { $card } cannot attack { $target }
# $patrollers: the patrollers that may be attacked, as a list
codex-why-patrol = a patroller stands in the way: attack { $patrollers } first
codex-why-attack-tax = attacking { $target } costs { $cost } gold (you have { $gold })

## Patrols

codex-why-cant-patrol = { $card } can't patrol
# $slot: the slot as players type it (squad leader, elite, ...)
codex-why-same-slot = { $card } already patrols as { $slot }
codex-why-lend-ffa = fighters are lent to other players only in free-for-all
codex-why-lend-taken = { $player }'s { $slot } slot is taken
codex-why-lend-legendary = { $player } already controls a { $card }, which is legendary
codex-why-not-patrolling = { $card } is not on your patrol plan
