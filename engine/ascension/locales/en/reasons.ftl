# Why an Ascension action is not legal now (engine/ascension/reasons.py). Each is a clause that ends a
# refusal: "`buy Arha Initiate` is not legal now: Arha Initiate costs 1 Rune (you have 0)." No capital,
# no full stop. $card is a card's printed name; $player a seat (p2).

ascension-why-choosing = { $player } is making a choice first
# $kind: what the pending choice picks, as in ascension-choosing
ascension-why-answer-first = first choose { $kind ->
        [banish] a card to banish
        [discard] a card to discard
        [defeat] a Monster to defeat
        [acquire] a Hero to take
        [take] a card to take or defeat
        [copy] a Hero to copy
        [destroy] a Construct to destroy
       *[keep] the one Construct to keep
    }
ascension-why-not-offered = that is not one of the choices
ascension-why-no-skip = this choice cannot be skipped
ascension-why-no-choice = there is nothing to choose now
ascension-why-not-your-turn = it is { $player }'s turn
ascension-why-not-in-hand = no { $card } in your hand
# $have: cards in hand that ask nothing
ascension-why-play-all = `play all` needs two cards in hand that ask nothing (you have { $have })
ascension-why-no-construct = you have no { $card } in play
ascension-why-no-such-ability = { $card } has no such ability
ascension-why-used = { $card } has been used this turn
# $runes: the Runes the player has
ascension-why-use-runes = using { $card } costs { $cost } { $cost ->
        [one] Rune
       *[other] Runes
    } (you have { $runes })
ascension-why-use-condition = { $card } cannot be used now
ascension-why-monster = { $card } is a Monster: defeat it
ascension-why-not-monster = { $card } is not a Monster: buy it
ascension-why-not-in-row = { $card } is not in the centre row
ascension-why-pile-empty = no { $card } is left in its pile
ascension-why-runes = { $card } costs { $cost } { $cost ->
        [one] Rune
       *[other] Runes
    } (you have { $runes })
# $power: the Power the player has
ascension-why-power = { $card } needs { $cost } Power (you have { $power })
ascension-why-not-to-hand = only a Mechana Construct goes to your hand, and only while your Rocket Courier X-99 is ready
