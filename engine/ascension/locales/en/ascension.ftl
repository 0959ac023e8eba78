# Ascension: 10th Anniversary (engine/ascension): what players read of the game.
# $player and $victim are seat names (p1) or Samael; $card is a card's printed name.

## The game and its options

ascension-title = Ascension: 10th Anniversary
ascension-summary = Build a deck of Heroes and Constructs, defeat Monsters, and hold the most Honor when the reserve runs dry.
ascension-mode-multiplayer = two to four players race for Honor
ascension-mode-solo = one player against Samael, who takes the two rightmost cards of the row after each turn
ascension-option-centre-deck = Cards in the centre deck: 100 as the rulebook counts (three Wind Tyrants), or 99 as the digital edition (two).
ascension-option-unite = Unite bonuses: any (another Hero of the faction played earlier or later in the turn) or earlier (only one played before).
ascension-option-free-acquire = Where Druids of the Stone Circle and Cetra take their free Hero: row_and_piles (the row, Mystic or Heavy Infantry) or row.
ascension-option-tie-rule = Equal Honor at the end: later (the tied player later in turn order wins, as the rulebook says) or shared (they share the place).
ascension-option-first-player = Who takes the first turn: random, or p1 to p4.

## Refusals

ascension-bad-players = Ascension is played by 1 to 4 players (1 is the solo game against Samael), not { $players }.
ascension-bad-option = The option { $option } cannot be { $value }; choose from: { $choices }.
ascension-bad-first-player = The first player must be one of the { $players } seats, not { $value }.
ascension-no-seat = There is no seat { $seat } at this table.
ascension-cannot-fix = The { $what } cannot give { $cards }: it does not hold them (it holds { $held }).
ascension-no-card = There is no card called { $name }.

## The turn summary

ascension-shuffle = { $player } shuffles { $n } cards into a new deck.
ascension-draw = { $player } draws { $cards }.
ascension-drew = { $player } draws { $n ->
        [one] a card
       *[other] { $n } cards
    }.
ascension-centre-shuffle = { $n } cards are shuffled into the centre deck.
ascension-refill = { $card } comes into the row (slot { $slot }).
ascension-turn = { $extra ->
        [1] { $player } takes an extra turn.
       *[0] Round { $round }: { $player } to play.
    }
ascension-play = { $player } plays { $card }.
# $gives: what the card gives, as a list of ascension-gives
ascension-play-gives = { $player } plays { $card }: { $gives }.
ascension-gives = +{ $n } { $what ->
        [runes] { $n ->
            [one] Rune
           *[other] Runes
        }
        [power] Power
       *[mechana_runes] { $n ->
            [one] Rune
           *[other] Runes
        } for Mechana Constructs
    }
ascension-gain = { $player } gains { $n } { $what ->
        [runes] { $n ->
            [one] Rune
           *[other] Runes
        }
        [power] Power
       *[mechana_runes] { $n ->
            [one] Rune
           *[other] Runes
        } for Mechana Constructs
    }.
ascension-honor = { $player } gains { $n } Honor ({ $reserve } left in the reserve).
ascension-reserve-empty = The Honor reserve is empty: the game ends { $ends ->
        [turn] at the end of this turn
       *[round] after this round
    }.
ascension-discount = { $player }'s next Construct this turn costs { $n } less.
ascension-extra-turn = { $player } will take an extra turn after this one.
ascension-unite = Unite: { $card } gives { $player } its bonus.
ascension-choosing = { $player } must choose { $kind ->
        [banish] a card to banish
        [discard] a card to discard
        [defeat] a Monster to defeat
        [acquire] a Hero to take
        [take] a card to take or defeat
        [copy] a Hero to copy
        [destroy] a Construct to destroy
       *[keep] the one Construct to keep
    } for { $card }.
ascension-stolen = { $player } takes { $card } from { $victim }'s hand.
ascension-steal = { $player } takes a random card from { $victim }'s hand.
ascension-copy = { $player } copies the effect of { $card }.
ascension-acquire = { $player } { $free ->
        [1] takes
       *[0] buys
    } { $card }{ $to ->
        [deck] {" "}and puts it on top of their deck
        [hand] {" "}into their hand
       *[discard] {""}
    }.
ascension-defeat = { $player } defeats { $card }{ $free ->
        [1] {" "}without paying
       *[0] {""}
    }.
ascension-trigger = { $player }'s { $card } gives 1 Honor for the turn's first Monster.
ascension-banish = { $player } banishes { $card } from { $zone ->
        [hand] their hand
        [discard] their discard pile
        [play] play
       *[row] the row
    }{ $to ->
        [box] {" "}(back to the box)
        [pile] {" "}(back to its pile)
       *[void] {""}
    }.
ascension-destroy = { $player }'s { $card } is destroyed and goes to their discard pile.
ascension-discard = { $player } discards { $card }.
ascension-skip = { $player } chooses nothing.
ascension-use = { $player } uses { $card }.
ascension-end-turn = { $player } ends the turn{ $n ->
        [0] {""}
       *[other] , discarding { $cards } unplayed
    }.
ascension-samael-turn = Samael's turn.
ascension-samael-idle = Samael finds no card to take.
ascension-samael-acquires = Samael sets { $card } aside.
ascension-samael-defeats = Samael defeats { $card } for { $honor } Honor.
ascension-resign = { $player } resigns.
ascension-score = { $player } { $honor }
ascension-game-over = The game is over. Honor: { $scores }. { $n ->
        [one] Winner
       *[other] Winners
    }: { $winners }.
ascension-game-over-solo = The game is over: you have { $honor } Honor and Samael { $samael }. { $won ->
        [1] You win.
       *[0] Samael wins.
    }
ascension-detail = Honor: { $scores }.
ascension-detail-solo = { $honor } Honor against Samael's { $samael }.

## Views

ascension-line-hand = Your hand: { $cards }.
ascension-line-empty-hand = Your hand is empty.
# $n: how many copies of $card (two or more)
ascension-line-copies = { $card } ×{ $n }
ascension-line-resources = Runes { $runes }, Power { $power }{ $mechana ->
        [0] {""}
       *[other] , { $mechana } Runes for Mechana Constructs
    }{ $discount ->
        [0] {""}
       *[other] ; the next Construct costs { $discount } less
    }.
ascension-line-honor = Honor tokens { $honor }; with your cards { $score }. Reserve: { $reserve }.
ascension-line-choice = You must choose: { $options }.
ascension-line-waiting = Waiting for { $player } to choose.

## What each card does (our own words)

ascension-card-text = { $card ->
        [apprentice] Gain 1 Rune. Banished, it goes back to the box.
        [militia] Gain 1 Power. Banished, it goes back to the box.
        [mystic] Gain 2 Runes. Banished, it goes back to its pile.
        [heavy-infantry] Gain 2 Power. Banished, it goes back to its pile.
        [arha-initiate] Draw a card.
        [arha-templar] Defeat a Monster of cost 4 or less without paying for it.
        [ascetic-of-the-lidless-eye] Draw two cards.
        [master-dhartha] Draw three cards.
        [oziah-the-peerless] Defeat a Monster of cost 6 or less without paying for it.
        [seer-of-the-forked-path] Draw a card. You may banish a card of the row.
        [tablet-of-times-dawn] On your turn you may banish this Construct to take another turn after this one.
        [temple-librarian] You may discard a card; if you do, draw two cards.
        [the-all-seeing-eye] Once a turn: draw a card.
        [twofold-askara] Do again what another Hero you played this turn did.
        [cetra-weaver-of-stars] Take any Hero for free and put it on top of your deck.
        [druids-of-the-stone-circle] Take a Hero of cost 4 or less for free and put it on top of your deck.
        [flytrap-witch] Gain 2 Honor and draw a card.
        [landtalker] Gain 3 Runes.
        [lifebound-initiate] Gain 1 Rune and 1 Honor.
        [runic-lycanthrope] Gain 2 Runes. Unite: with another Lifebound Hero played this turn, also gain 2 Power.
        [snapdragon] Once a turn: gain 1 Rune. Unite, once a turn: after a Lifebound Hero was played this turn, gain 1 Honor.
        [wolf-shaman] Gain 1 Rune and draw a card.
        [yggdrasil-staff] Once a turn: gain 1 Power. Once a turn: pay 4 Runes to gain 3 Honor.
        [avatar-golem] Gain 2 Power, and 1 Honor for each faction among the Constructs you control.
        [burrower-mark-ii] Once a turn, after you played a Mechana Construct this turn (this one counts): draw a card.
        [hedron-cannon] Once a turn: gain 1 Power for each Mechana Construct you control.
        [hedron-link-device] Your Constructs in play are Mechana as well as their own faction.
        [kor-the-ferromancer] Gain 2 Power. If you control two or more Constructs, draw a card.
        [mechana-initiate] Gain 1 Rune and 1 Power.
        [reactor-monk] Gain 2 Runes. The next Construct you buy this turn costs 1 Rune less.
        [rocket-courier-x-99] Once a turn, when you acquire a Mechana Construct, you may put it into your hand.
        [the-grand-design] Once a turn: gain 2 Runes to spend only on Mechana Constructs.
        [watchmakers-altar] Once a turn: gain 1 Rune to spend only on Mechana Constructs.
        [arbiter-of-the-precipice] Draw two cards, then banish a card from your hand.
        [demon-slayer] Gain 3 Power.
        [emri-one-with-the-void] Gain 4 Power.
        [muramasa] Once a turn: gain 3 Power.
        [shade-of-the-black-watch] Gain 2 Power. You may banish a card from your hand or discard pile.
        [shadow-star] Once a turn: gain 1 Power.
        [spike-vixen] Gain 1 Power and draw a card.
        [void-initiate] Gain 1 Rune. You may banish a card from your hand or discard pile.
        [voidthirster] Once a turn: gain 1 Power. The first time each turn you defeat a Monster of the row, gain 1 Honor.
        [avatar-of-the-fallen] Cannot be banished. Reward: 4 Honor, then you may take or defeat another card of the row for free.
        [corrosive-widow] Reward: 3 Honor; each opponent destroys a Construct of their choice.
        [earth-tyrant] Reward: 5 Honor and draw two cards.
        [mephit] Reward: 2 Honor; you may banish a card of the row.
        [mistake-of-creation] Reward: 4 Honor; you may banish a card of the row and a card of your discard pile.
        [samaels-trickster] Reward: 2 Honor and 1 Rune.
        [sea-tyrant] Reward: 5 Honor; each opponent keeps one Construct of their choice and destroys the rest.
        [tormented-soul] Reward: 2 Honor and draw a card.
        [wind-tyrant] Reward: 3 Honor and 3 Runes.
        [xeron-duke-of-lies] Reward: 4 Honor; take a random card from each opponent's hand into yours, for good.
       *[cultist] Reward: 1 Honor. Always there; defeat it as often as you can pay.
    }

## Chance fixed by tests and scenarios

ascension-chance-centre = the next cards turned up into the row, first first
ascension-chance-deck = the next cards { $player } draws, first first
ascension-chance-centre-name = centre deck
ascension-chance-deck-name = deck of { $player }

## Positions in scenario files

ascension-position-name = write a card's name in quotes
ascension-position-no-card = there is no card called { $name }{ $hint }
ascension-position-cultist = the Cultist is always available and stays in its place
ascension-position-starting-only = { $card } is a starting card: it can only be in a player's cards
ascension-position-too-many = there are no more copies of { $card } for this place (a player has their own ten starting cards; Mystic and Heavy Infantry come from their piles)
ascension-position-played-inactive = only the player whose turn it is has Heroes in play
ascension-position-row-size = the row holds at most { $most } cards
ascension-position-centre-only = { $card } is not a card of the centre deck
ascension-position-wrong-type = { $card } cannot be among { $zone }
ascension-position-not-in-play = { $card } is not in play for the player whose turn it is
ascension-position-solo-only = `{ $key }` is for the solo game: Samael plays only against one player
ascension-position-no-ability = { $card } has no use called "{ $key }"; its uses: { $keys }
