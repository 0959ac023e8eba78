# Codex: the turn summary, one sentence per event (engine/codex/events.py).
# $who (and $to, $victim, $whose) is "you" when the reader is that seat (the sentence then says "You ..."),
# else a seat's name (p2). $card, $target and $was are cards as the event names them ("Older Brother#2");
# $rune is a kind of rune (+1/+1, time) and $slot a patrol slot, as the game's notation writes them.

codex-someone = Someone
# A building: $kind is tech1, tech2, tech3, surplus, tower, tech-lab or heroes-hall
codex-building = { $kind ->
        [tech1] Tech I
        [tech2] Tech II
        [tech3] Tech III
        [surplus] Surplus
        [tower] Tower
        [tech-lab] Tech Lab
       *[heroes-hall] Heroes' Hall
    }

## Turns, gold and cards

codex-turn = Turn { $turn }: { $who ->
        [you] You begin
       *[other] { $who } begins
    }.
# $way: gain or lose; $n: how much; $total: the gold held now
codex-gold = { $who ->
        [you] You { $way ->
            [gain] gain
           *[lose] lose
        }
       *[other] { $who } { $way ->
            [gain] gains
           *[lose] loses
        }
    } { $n } gold (now { $total }).
codex-draw = { $who ->
        [you] You draw
       *[other] { $who } draws
    } { $n } { $n ->
        [one] card
       *[other] cards
    }.
# $cards: the cards drawn
codex-drew = You drew: { $cards }.
codex-shuffle = { $who ->
        [you] You shuffle
       *[other] { $who } shuffles
    } the discard into a new deck.
codex-no-reshuffle = { $who ->
        [you] You
       *[other] { $who }
    } cannot reshuffle again this phase; no more cards drawn.
# $cost: the gold paid (0: none)
codex-summon = { $who ->
        [you] You summon
       *[other] { $who } summons
    } { $card }{ $cost ->
        [0] {""}
       *[other] {" "}for { $cost } gold
    }.
codex-play = { $who ->
        [you] You play
       *[other] { $who } plays
    } { $card } for { $cost } gold.
codex-arrive = { $card } enters play.
codex-returns = { $card } returns to play as a new card.
# $died: yes or no; $why: how it left play, or nothing
codex-leave = { $card } { $died ->
        [yes] dies
       *[no] leaves play
    }{ $why }.
# $how: the way it left play, as the rules record it (an unknown one is shown as it is)
codex-leave-why = {" "}({ $how ->
        [destroyed] destroyed
        [sacrificed] sacrificed
        [trashed] trashed
        [returned] returned
        [faded] faded
        [out-of-time] out of time
        [illusion-targeted] illusion targeted
        [nothing-to-attach-to] nothing to attach to
        [no-hero-to-channel-it] no hero to channel it
        [returned-instead-of-dying] returned instead of dying
        [no-host] no host
        [sent-to-its-command-zone] sent to its command zone
        [host-left] host left
        [host-cleaned] host cleaned
        [what-it-was-tied-to-left-play] what it was tied to left play
       *[other] { $how }
    })

## Damage, levels and buildings

# $armor: how much armor soaked (0: none)
codex-damage = { $card } takes { $n } damage{ $armor ->
        [0] {""}
       *[other] {" "}({ $armor } soaked by armor)
    }.
codex-damage-by = { $source } deals { $n } damage to { $card }{ $armor ->
        [0] {""}
       *[other] {" "}({ $armor } soaked by armor)
    }.
codex-repaired = { $card } is repaired by { $n }.
codex-heal = { $card } heals { $n }.
# $healed: yes when it is fully healed; $bounty: yes when the levels are a bounty
codex-level = { $card } reaches level { $level }{ $healed ->
        [yes] {" "}and is fully healed
       *[no] {""}
    }{ $bounty ->
        [yes] {" "}(bounty)
       *[no] {""}
    }.
# $building: what is built; $spec: the spec it is built for, or nothing
codex-build = { $who ->
        [you] You start
       *[other] { $who } starts
    } building { $building }{ $spec }.
# The spec a building is built for: $spec
codex-build-spec = {" "}({ $spec })
codex-built = { $who ->
        [you] Your
       *[other] { $who }'s
    } { $building } is finished.
codex-destroyed = { $card } is destroyed.
codex-raze = { $who ->
        [you] You tear
       *[other] { $who } tears
    } down { $building }.
codex-hire = { $who ->
        [you] You hire
       *[other] { $who } hires
    } a worker ({ $workers } workers).
codex-hired-card = You made { $card } a worker.

## Attacks, abilities and runes

codex-attack = { $card } attacks { $target }.
codex-retarget = { $card } turns on { $target }.
codex-attack-fizzles = { $card } has nothing left to attack.
codex-tower-detects = The tower spots { $card }.
codex-detect = { $who ->
        [you] You reveal
       *[other] { $who } reveals
    } { $card } with the tower.
codex-ability = { $card } uses an ability.
codex-resist = { $who ->
        [you] You pay
       *[other] { $who } pays
    } { $n } gold to target { $card }.
codex-sideline = { $card } is pulled out of the patrol zone.
codex-rune = { $card } gets { $n } { $rune } { $n ->
        [one] rune
       *[other] runes
    }.
codex-rune-removed = { $card } loses { $n } { $rune } { $n ->
        [one] rune
       *[other] runes
    }.
# $until: turn (the end of this turn) or later
codex-modify = { $card } is changed until { $until ->
        [turn] end of turn
       *[other] later
    }.
codex-control = { $who ->
        [you] You take
       *[other] { $who } takes
    } control of { $card }.
codex-transform = { $was } becomes { $card }.
# $links: the things it pairs up with
codex-link = { $card } pairs up { $links }.
# $slots: each patroller and its slot
codex-patrols = { $who ->
        [you] You patrol
       *[other] { $who } patrols
    }: { $slots }.
codex-in-slot = { $card } ({ $slot })
codex-patrol-empty = { $who ->
        [you] You leave
       *[other] { $who } leaves
    } the patrol zone empty.
codex-discard-hand = { $who ->
        [you] You discard
       *[other] { $who } discards
    } { $n } { $n ->
        [one] card
       *[other] cards
    }.

## Tech, the end of the game and other rules

# $changed: yes when a pick made before is changed
codex-tech-pick = { $who ->
        [you] You { $changed ->
            [yes] change
           *[no] make
        }
       *[other] { $who } { $changed ->
            [yes] changes
           *[no] makes
        }
    } a tech choice.
codex-tech-pick-cards = Your tech choice: { $cards }.
codex-tech-added = { $who ->
        [you] You add
       *[other] { $who } adds
    } { $n } teched { $n ->
        [one] card
       *[other] cards
    } to the discard.
codex-await-tech = Waiting for { $who ->
        [you] You
       *[other] { $who }
    } to make a tech choice.
codex-indestructible = { $card } cannot be destroyed.
codex-legendary-refused = A second copy of a legendary card goes to the discard.
# $winners: the winning seats; $count: how many (0: a draw)
codex-game-over = The game is over: { $count ->
        [0] a draw
        [one] { $winners } wins
       *[other] { $winners } win
    }.
codex-spell-trashed = { $card } is removed from the game.
codex-deck-top = { $who ->
        [you] You put
       *[other] { $who } puts
    } { $card } on top of the deck.
# $left: time runes left
codex-time-rune = { $card } loses a time rune ({ $left } left).
# $victim: whose gold it is; $n: how much (0: none was found)
codex-steal-gold = { $n ->
        [0] { $who ->
            [you] You find
           *[other] { $who } finds
        } no gold to steal.
       *[other] { $who ->
            [you] You steal
           *[other] { $who } steals
        } { $n } gold from { $victim ->
            [you] you
           *[other] { $victim }
        }.
    }
# $whose: whose cards are looked at; $zone: hand or discard
codex-look = { $who ->
        [you] You look
       *[other] { $who } looks
    } at { $whose ->
        [you] your
       *[other] { $whose }'s
    } { $zone ->
        [hand] hand
       *[other] discard pile
    } ({ $n } { $n ->
        [one] card
       *[other] cards
    }).
codex-looked = You see in { $whose }'s { $zone ->
        [hand] hand
       *[other] discard pile
    }: { $cards }.
codex-copy = { $was } becomes a copy of { $target }.
codex-copy-ends = { $was } is { $card } again.
codex-recover = { $card } goes back to its owner's hand.
codex-stash = { $who ->
        [you] You keep
       *[other] { $who } keeps
    } { $n } { $n ->
        [one] card
       *[other] cards
    } with stash.
codex-resigns = { $seat } resigns.

## Sentences of the rules modules and the colours

# $left: time runes it has now
codex-time-rune-added = { $card } gets { $n } time { $n ->
        [one] rune
       *[other] runes
    } ({ $left } now).
# $who: you, or the seat that paid; $n: levels gained
codex-level-bought = { $who ->
        [you] You pay
       *[other] { $who } pays
    } { $paid } gold: { $card } gains { $n ->
        [one] 1 level
       *[other] { $n } levels
    } (now level { $level }){ $healed ->
        [yes] {" "}and is fully healed
       *[no] {""}
    }.
codex-level-lost = { $card } drops to level { $level }.
codex-prevented = { $card } is spared { $n } damage.
# $to: who it is lent to; $slot: the patrol slot it takes there
codex-lend = { $who ->
        [you] You lend
       *[other] { $who } lends
    } { $card } to { $to ->
        [you] you ({ $slot } slot) until your next upkeep.
       *[other] { $to } ({ $slot } slot) until { $to }'s next upkeep.
    }
codex-lend-back = { $card } goes back to { $to }.
# $players: the tied players
codex-tiebreak = A base has fallen and { $players } are tied for the healthiest: they take extra turns until the tie is broken.
# $cards: the cards discarded
codex-discard = { $who ->
        [you] You discard
       *[other] { $who } discards
    } { $cards }.
codex-fetch = { $who ->
        [you] You fetch
       *[other] { $who } fetches
    } { $card } from the codex.
codex-keep-hand = { $who ->
        [you] You keep
       *[other] { $who } keeps
    } the same { $n } { $n ->
        [one] card
       *[other] cards
    } in hand: no discard, no draw.
codex-extra-turn-owed = { $seat } will take an extra turn after this one.
codex-extra-turn = { $seat } takes an extra turn.
# $zone: codex, hand or discard, where the card came from
codex-put-into-play = { $who ->
        [you] You put
       *[other] { $who } puts
    } { $card } into play from { $zone ->
        [codex] the codex
        [hand] a hand
        [discard] a discard pile
       *[other] { $zone }
    }.
# $keywords: what the things gain
codex-aura = This turn, some of { $seat }'s things have { $keywords }.
codex-patrol-move = { $card } is pulled to the { $slot } slot.
# $side: heads or tails
codex-coin = The coin comes up { $side ->
        [heads] heads
       *[tails] tails
    }.
codex-attack-tax = { $who ->
        [you] You pay
       *[other] { $who } pays
    } { $n } gold to attack { $target }.
# $workers: workers left
codex-workers-lost = { $who ->
        [you] You lose
       *[other] { $who } loses
    } { $n } { $n ->
        [one] worker
       *[other] workers
    } to the trash ({ $workers } left).
codex-worker-trashed = The trashed worker was your { $card }.
codex-named-cost = { $card } names the cost { $n }.
# $jail: the Jail that left play; $n: how many units it held
codex-jail-taken = { $n ->
        [one] The unit
       *[other] The { $n } units
    } in { $jail } go along with it.
# $jailer: the Jail's controller
codex-jailed = { $card } goes to { $jailer }'s jail instead of arriving.
codex-released = { $card } is released from jail.
codex-unjailed = { $card } goes from the jail to the discard pile.
codex-injunction = { $card } is shut down until its owner's next turn ends.
codex-silenced = { $who ->
        [you] You are
       *[other] { $who } is
    } silenced until the end of their next turn.
codex-silence-ends = { $who ->
        [you] Your
       *[other] { $who }'s
    } silence ends.
# $into: what it turns into
codex-form = { $was } becomes a { $into }.
codex-peace = Until { $who ->
        [you] your next turn, your units can't patrol and no opposing unit may attack you.
       *[other] { $who }'s next turn, their units can't patrol and no opposing unit may attack them.
    }
codex-rune-spent = { $card } spends a { $rune } rune ({ $left } left).
# $oath: workers-only (no cards from hand but workers) or no-draw (no draw/discard phase)
codex-oath = { $card } swears: { $oath ->
        [workers-only] no cards from hand but workers.
       *[no-draw] no draw/discard phase.
    }
codex-to-codex = { $card } goes back to { $seat }'s codex.
codex-from-codex = { $card } comes back out of { $seat }'s codex.
codex-soul-stone = Soul Stone saves { $card }.
codex-buried = { $card } is buried in the Graveyard.
# $graveyard: the Graveyard that left play
codex-unburied = The { $n } units buried in { $graveyard } go to the discard.
codex-swap-atk = { $card } and { $target } trade printed ATK.
codex-promised = { $card } is promised: { $n } gold due next upkeep.
codex-promise-paid = { $seat } pays the { $n } gold promised (now { $total }).
codex-promise-broken = { $seat } cannot pay the { $n } gold promised.
codex-peek = { $seat } looks at the top card of their draw pile.
codex-peeked = The top card of your draw pile is { $card }.
codex-swap-top = { $seat } swaps a card from hand with the top of their draw pile.
# $took: the card taken from the top
codex-swapped-top = You put { $card } on top of your draw pile and took { $took }.
codex-reveal-top = { $seat } reveals { $card } from the top of the deck.
codex-top-unplayable = { $card } can't be played now; it stays on top.
codex-skip-draw = { $seat } will skip their next draw/discard step.

## A seat's view beside its picture (engine/codex/views.py)

# Why a card of the hand cannot be played now (or on the next turn): $tech is the tech building it needs
codex-why-not = { $why ->
        [no-hero] no hero to cast it
        [hero-in-play] needs a hero in play
        [tech] needs Tech { $tech ->
            [1] I
            [2] II
            [3] III
           *[0] 0
        }
        [not-your-turn] not your turn
        [choice-first] finish the choice first
        [gold] not enough gold
        [no-target] nothing to target
       *[not-now] can't be played now
    }
# A card of the hand and what playing it costs now
codex-hand-card = { $card } ({ $cost } gold)
# $cards: the hand's cards
codex-your-hand = Your hand: { $cards }.
codex-your-hand-empty = Your hand: empty.
codex-tech-owed = Tech choice owed: pick your codex cards.
codex-tech-choice = Tech choice: { $cards } (change it until your turn).
# $seat: who owes the choice; $prompt: what the game asks
codex-decides = { $seat } decides: { $prompt }
codex-options = Options: { $options }.
codex-tied = A base has fallen and { $players } are tied for the healthiest: they take extra turns.
# $winners: the winning seats; $count: how many (0: a draw)
codex-over = Game over: { $count ->
        [0] a draw.
       *[other] { $winners } won.
    }
# $reach: what the hand could do next turn
codex-next-turn = Your next turn, as things stand: { $reach }.
codex-within-reach = within reach: { $cards }
codex-not-yet = not yet: { $cards }
# A card not yet within reach, and why
codex-hand-card-why = { $card } ({ $why })

## How a game ended (engine/codex/__init__.py)

# $detail: base-destroyed, both-fell (the active side wins), both-fell-at-once (a draw) or tie-broken
codex-detail = { $detail ->
        [base-destroyed] base destroyed
        [both-fell] both bases fell
        [both-fell-at-once] both bases fell at once
       *[tie-broken] tie broken
    }
codex-detail-resigned = { $seat } resigned
