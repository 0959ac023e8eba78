# Ascension at the Discord table (cogs/ascension): its commands, replies, buttons and card pages.
# $card is a card's printed name; $move is a move in the game's notation (play Mystic, buy Arha Templar).

## Commands

ascension-verb-play = Play a card from your hand, or all the cards that ask nothing (play all)
ascension-verb-play-card = The card, or "all"; your playable cards are offered as you type
ascension-verb-buy = Buy a Hero or Construct from the row, or a Mystic or Heavy Infantry, with Runes
ascension-verb-buy-card = The card; only what you can pay for is offered
ascension-verb-defeat = Defeat a Monster of the row, or the Cultist, with Power
ascension-verb-defeat-card = The Monster; only those you can defeat are offered
ascension-verb-use = Use a Construct's ability (once a turn each)
ascension-verb-use-card = The Construct; only abilities you can use now are offered
ascension-verb-end = End your turn: what you played and your hand go to your discard pile, and you draw five
ascension-cmd-card-name = card
ascension-cmd-card = Look up an Ascension card: its cost, Honor and what it does
ascension-describe-card = The card's name
ascension-describe-public = Show it to the whole channel (default: only you)

## Help

ascension-help = **Ascension at this table**
    • **Open:** `/ascension new` (mode `solo` against Samael, or `multiplayer` for 2 to 4), then `/ascension join` and `/ascension start`. `bots:` fills seats with bot players.
    • **Your turn:** play cards for Runes and Power, buy Heroes and Constructs with Runes, defeat Monsters with Power, then end. `/ascension play`, `buy`, `defeat`, `use` and `end` offer exactly your legal moves as you type; `/ascension move` takes any move.
    • **Buttons:** your hand (sent by DM, or **My hand / my move** on the board) comes with a button for every move you can make, and each move's answer brings the next ones. `play all` plays every card that asks nothing.
    • **Choices** (a banish, a discard, a free card, the Construct to keep) come as buttons too; `skip` passes an optional one.
    • **Solo:** after each of your turns Samael takes the two rightmost cards of the row, so name the copy when the row shows two: `defeat Mephit at 3`.
    • **Look up:** `/ascension card` (any card), `/ascension help topic:` (a card, an option, `commands`).
ascension-topic-card = Card: { $card }

## Card pages

ascension-card-head = **{ $card }** · { $kind ->
        [hero] Hero
        [construct] Construct
       *[monster] Monster
    }{ $faction ->
        [enlightened] {" "}· Enlightened
        [lifebound] {" "}· Lifebound
        [mechana] {" "}· Mechana
        [void] {" "}· Void
       *[none] {""}
    }
ascension-card-price = { $kind ->
        [monster] Defeat it with { $cost } Power; it gives { $honor } Honor.
       *[other] Costs { $cost } { $cost ->
            [one] Rune
           *[other] Runes
        }; worth { $honor } Honor at the end.
    }
ascension-card-where = { $where ->
        [starting] Every player starts with { $copies } in their deck.
        [pile] Always there: a pile of { $copies } beside the row.
        [cultist] Always there beside the row: defeat it as often as you can pay.
       *[centre] { $copies ->
            [one] One copy
           *[other] { $copies } copies
        } in the centre deck.
    }
ascension-card-does = { $text }
ascension-no-card-named = There is no Ascension card called “{ $name }”.{ $hint }
ascension-card-try = {" "}Did you mean: { $names }?

## Moves and replies

ascension-label-buy = { $card } · { $cost } { $cost ->
        [one] Rune
       *[other] Runes
    }, { $honor } Honor
ascension-label-defeat = { $card } · { $cost } Power, { $honor } Honor
ascension-label-play-all = all (every card that asks nothing)
ascension-reply-choose = Choose with the buttons below (or `/ascension move`).
ascension-reply-turn-over = Your turn is over.
ascension-moves-head = **Your moves now:**
ascension-moves-verb = • { $verb }: { $moves }
ascension-moves-bare = • { $verb }
ascension-moves-hint = Press a button, or use `/ascension move` (it offers exactly these moves as you type); shortcuts: `/ascension play`, `buy`, `defeat`, `use`, `end`.
ascension-pick-placeholder = { $verb ->
        [play] Play a card
        [use] Use a Construct
        [buy] Buy a card
        [defeat] Defeat a Monster
       *[other] Choose
    } ({ $count })
