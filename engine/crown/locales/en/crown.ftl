# Crown of Ash (engine/crown): what players read of the game.
# $side, $attacker, $defender, $target are p1..p4, AI or King; $area is a region's name or citadel;
# $warrior, $building are printed names; $fate is a fate card's two types.

## The game and its options

crown-title = Crown of Ash
crown-summary = Necromancers place minions, raise warriors, build in six regions and fight for the citadel over four rounds.
crown-mode-standard = the rules for everyone alike
crown-mode-advanced = each lord has two abilities, paid for with an ability token
crown-option-mode = standard, or advanced (each lord's two abilities and the ability token).
crown-option-data = The component numbers to play with. Only provisional ships: values made to fit the rulebook until the printed ones are known.
crown-option-ai-buffer = yes adds the AI deck as an extra participant between two or three players (solo always has it).
crown-option-difficulty = Solo: the warrior guarding the AI's citadel comes from deck I (easy), II (medium) or III (hard).
crown-option-target-card = yes puts the harder target card in the AI's action deck in place of card I.
crown-option-lords = Which lord each seat plays: seat_order (p1 Vizio, p2 Nox, p3 Mors, p4 Fortis) or random.
crown-option-second-defender = With two starting buildings: starter puts your second attack-1 starting warrior in the second region, none leaves it empty.
crown-option-robot-return = Where a robot goes in its deck after a battle: bottom or top.
crown-option-robots-empower = yes: robots count for empowerment by their type; no: they never do.
crown-option-resurrection-on-gather = yes: gathering at the resurrection building returns your graveyard to hand; no: it gives nothing.
crown-option-vizio-warning = Vizio's right guess: card_to_1 (the opponent's battle card counts 1) or total_to_1 (the opponent's whole total is 1).
crown-option-ability-token = one_use: one use of either ability turns the token over; each_once: each ability once before it turns.
crown-option-reinforcement-cap = yes: Fortis's Reinforcement keeps the two-defender limit of a region; no: it may pass it.
crown-option-order-potential = Who sets the turn order when VP are tied: the one with fewer building VP (buildings), or counting the citadel too (with_citadel).
crown-option-turn-order = choose: the player who decides arranges everyone; clockwise: they only pick who starts and play goes round.
crown-option-ai-gold-vp = yes: the AI scores 1 VP for every gold coin it would get; no: gold gives it nothing.
crown-option-ai-prepare-no-match = When no display warrior has the warrior track's level: skip (take none) or next_level (the nearest level that is there).
crown-option-ai-citadel-space = The citadel space the AI attacks from: flank_first (+1, then 0, then the front) or front_first.
crown-option-ai-citadel-robots = Solo setup: redraw a robot drawn for the AI's citadel (it would leave after one battle) or keep it.
crown-option-fortification = How long Fortis's Fortification lasts: while_pair (as long as the pair defends together) or round (until the round ends).
crown-option-refresh-space = The refresh space on your board: once a round, or unlimited.
crown-option-solo-tie = A solo tie in VP: fate_then_ai (your other two types' levels break it, else the AI wins) or shared.

## Refusals

crown-bad-players = Crown of Ash is played by 1 to 4 players (1 plays against the AI deck), not { $players }.
crown-unknown-option = Crown of Ash has no option { $option }; its options are { $options }.
crown-bad-option = The option { $option } cannot be { $value }; choose from: { $choices }.
crown-bad-buffer = The AI deck joins only games of 2 or 3 players as a buffer, not { $players }.
crown-no-seat = There is no seat { $seat } at this table.
crown-bad-chance = { $value } cannot be fixed for { $what }.
crown-chance-dice = the next die rolls (1 to 6)
crown-chance-deck = the next warriors drawn from deck { $level }, by name
crown-chance-stack = the next buildings drawn from the stack, by name
crown-chance-ai-cards = the AI's next action cards (I to VI, T)
crown-chance-ai-battle = the AI's next battle cards (0, 1, 3, 4, die)

## Results

crown-score = { $player } { $vp } VP
crown-detail = Final scores: { $scores }.
crown-nobody = nobody
crown-amount = { $n } { $what ->
        [vp] VP
       *[other] { $what }
    }

## The turn summary

crown-ev-lords = Lords: { $lords }.
crown-ev-refill = { $warrior } comes into the display (slot { $slot }, from deck { $deck }).
crown-ev-display-empty = Display slot { $slot } stays empty: the warrior decks are used up.
crown-ev-ai-citadel = The AI guards the citadel with { $warrior } from deck { $level }.
crown-ev-fate = Your fate card scores { $fate }.
crown-ev-start-building = { $side } starts with { $building } in { $area } (defender: { $warrior }).
crown-ev-stack-shuffle = { $n } set-aside buildings are shuffled into a new stack.
crown-ev-offer = { $building } comes into the building offer.
crown-ev-round = Round { $round } begins. Turn order: { $order }.
crown-ev-turn = { $side } to play ({ $left } minions left).
crown-ev-ai-vp = { $side } scores { $vp } VP ({ $why ->
        [gather] gathering
        [build] building
        [tribute] tribute
        [gold_space] gold space
        [battle_won] battle won
       *[battle_lost] battle lost
    }).
crown-ev-gain = { $side } gains { $what } ({ $why ->
        [gather] gathering
        [build] building
        [tribute] tribute
        [gold_space] gold space
        [battle_won] battle won
       *[battle_lost] battle lost
    }).
crown-ev-prepare = { $side } prepares { $warrior }.
crown-ev-robot-home = The robot { $warrior } goes back to deck { $deck }.
crown-ev-defenders = { $side } now defends { $area } with { $warriors }.
crown-ev-control = { $side } takes control of { $area }.
crown-ev-resurrect = { $side } raises { $warriors } from the graveyard.
crown-ev-grave-to-hand = { $side } takes { $n } warriors back from the graveyard.
crown-ev-offer-cleared = The building offer is set aside.
crown-ev-deciding = { $side } has the fewest VP and sets the turn order.
crown-ev-order-roll = Tie for the turn order; the dice say { $rolls }.
crown-ev-round-score = { $side } scores { $buildings } VP for buildings and { $citadel } for the citadel (now { $vp }).
crown-ev-final = { $side } reveals fate { $fate }: { $sets } VP for resources, { $gold } for gold, { $points } for fate, minus { $robots } for robots; { $vp } VP in all.
crown-ev-final-ai = { $side } ends on { $vp } VP.
crown-ev-game-over = The game is over. { $n ->
        [0] The AI deck wins.
       *[other] { $ai ->
            [1] The AI deck scores most; of the players, { $winners } { $n ->
                [one] does
               *[other] do
            } best.
           *[0] { $n ->
                [one] { $winners } wins.
               *[other] { $winners } share the win.
            }
        }
    }
crown-ev-attack = { $side } attacks { $area }, held by { $defender }.
crown-ev-commit = You send { $warriors } face down.
crown-ev-commit-count = { $side } sends { $n } warriors face down.
crown-ev-commit-open = { $side } attacks openly with { $warriors }.
crown-ev-unmasked = { $side } unmasks the attackers: { $warriors }.
crown-ev-ai-battle-shuffle = { $side } shuffles its battle cards into a new deck.
crown-ev-choose-cards = Battle cards, chosen in secret: { $sides }.
crown-ev-card-chosen = You chose battle card { $card }.
crown-ev-card-ready = { $side } has chosen a battle card.
crown-ev-warning = You warn against battle card { $card }.
crown-ev-warning-sealed = { $side } seals a warning until the reveal.
crown-ev-reveal = Revealed: attackers { $warriors }; battle cards { $cards }.
crown-ev-warning-result = { $side } warned against { $card }: { $right ->
        [1] right
       *[0] wrong
    }.
crown-ev-roll = { $side } rolls { $value }.
crown-ev-reroll = { $side } rerolls the die of { $target }: { $value }.
crown-ev-battle = { $attacker } { $atk } against { $defender } { $dfn }: { $won ->
        [1] the attacker wins.
       *[0] the defender holds.
    }
crown-ev-king-falls = The King falls; { $side } takes the royal token.
crown-ev-king-holds = The King holds the citadel.
crown-ev-fallen = { $warriors } of { $side } go to the graveyard.
crown-ev-cards-back = { $side } takes all five battle cards back.
crown-ev-damage = { $side } loses { $warrior } to the graveyard.
crown-ev-recover = { $side } takes { $warrior } back from the graveyard.
crown-ev-zero-damage = { $side } chooses damage.
crown-ev-gather = { $side } gathers at { $building } in { $area }.
crown-ev-gold-space = { $side } takes the gold space.
crown-ev-build = { $side } builds { $building } in { $area } for { $cost } gold.
crown-ev-refresh = { $side } refreshes their battle cards.
crown-ev-ai-shuffle = The AI shuffles { $n } action cards into a new deck.
crown-ev-ai-roll = The AI rolls { $die } for its region.
crown-ev-ai-turn = The AI rolls { $die } ({ $area }) and turns card { $card }.
crown-ev-ai-cannot = The AI cannot { $action ->
        [resource] gather there
        [attack_region] attack there
        [attack_citadel] attack the citadel
        [build] build there
        [attack_least_defended] attack a region
       *[build_most_defended] build in a region of its own
    }.
crown-ev-ai-does = The AI { $action ->
        [resource] gathers in { $area }
        [attack_region] attacks { $area }
        [attack_citadel] attacks the citadel
        [build] builds in { $area }
        [attack_least_defended] attacks the least defended region, { $area }
        [build_most_defended] builds in its best defended region, { $area }
        [nearest_resource] gathers at the nearest free space, in { $area }
       *[gold] takes the gold space
    }.
crown-ev-ai-no-warrior = The AI finds no level { $level } warrior to prepare.
crown-ev-ability = { $side } uses { $ability }.
crown-ev-trade = { $side } trades { $n } { $give } for { $get }.
crown-ev-fortify = { $side } fortifies { $warriors } in { $area }.
crown-ev-reinforce = { $side } reinforces { $area }: { $warriors }.
crown-ev-command = { $side }'s minion is moved from { $source } to { $target }.
crown-ev-pass = { $side } ends the turn.
crown-ev-take = { $side } takes 1 { $resource }.

## Lines beside a private view

crown-line-hand = Warriors in hand: { $warriors }.
crown-line-cards = Battle cards: { $cards }.
crown-line-fate = Fate card: { $fate } ({ $points } points so far).
crown-line-stock = Bones { $bones }, ash { $ash }, sulfur { $sulfur }, blood { $blood }; gold { $gold }; { $vp } VP.
crown-line-your-card = Your battle card: { $card }.
crown-line-choice = Your choice: { $options }{ $more ->
        [0] {""}
       *[other] , and { $more } more
    }.

## Positions in scenario files

crown-position-no-warrior = there is no warrior "{ $name }"{ $hint }
crown-position-no-building = there is no building "{ $name }"{ $hint }
crown-position-owner = owner must be one of { $sides } or nobody
crown-position-citadel-building = the citadel has no building site
crown-position-card = there is no battle card "{ $card }"; they are 0, 1, 3, 4 and die
crown-position-fate = fate must name a fate card, such as "{ $example }"
crown-position-active = active must be the seat whose turn it is: { $sides }
crown-position-list = `{ $key }` must be a list
crown-position-discard = the battle cards in hand and in the discard pile must be the five: 0, 1, 3, 4 and die
crown-position-order = order must list every participant once ({ $sides }), the AI last
crown-position-spaces = list { $n } spaces, each "free" or the participant whose minion is there ({ $sides })
crown-position-minions = list the participants whose minions are there ({ $sides })
