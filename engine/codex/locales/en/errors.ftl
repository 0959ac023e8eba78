# Codex: refusals of the rules engine (engine/codex/): setting a table up, options, modes, teams, variants,
# fixing chance, and moves that are not notation. Seat names (p1), option names and values, hero ids and
# notation are the game's own words and stay as they are.

codex-summary = A card game of real-time strategy: heroes, tech buildings and an army, turn by turn.
codex-nothing = nothing
codex-none = none

## Seats and moves (engine/codex/__init__.py, rules.py)

# $most: the largest table
codex-bad-players = Codex is played by 2 to { $most } players, not { $players }.
codex-seat-choices = In Codex each player chooses their hero (or team), starter deck and 2v2 team.
codex-starter-by-colour = A starter deck is chosen by its colour, e.g. neutral.
codex-team-one-or-two = In 2v2 a player chooses team 1 or team 2.
codex-no-seat = There is no seat { $seat } at this table.
codex-unknown-action = Unknown action { $verb }.

## Modes and teams (engine/codex/modes.py)

# $mode: one-hero, standard, teams (2v2) or ffa
codex-mode = { $mode ->
        [one-hero] 1-hero game
        [standard] standard (3-hero) game
        [teams] Two-Headed Dragon (2v2)
       *[ffa] free-for-all
    }
# $modes: the modes there are; $value: what was given
codex-bad-mode = Option mode must be one of { $modes }; not { $value }.
# $mode: the mode's name; $low and $high: the seat counts it is played with (the same when $exact is yes);
# $players: this table's
codex-mode-seats = The { $mode } is for { $exact ->
        [yes] exactly { $low } players
       *[no] { $low } to { $high } players
    }; this table has { $players }.
# $modes: the modes a table of $players can play
codex-mode-play = With { $players } players, play { $modes }.
# $seat: a seat (p1); $heroes: how many heroes it named
codex-one-hero = In the 1-hero game each player has one hero; { $seat } named { $heroes }. Play mode=standard for a team of three.
codex-team-size = In the { $mode } each player brings one to three heroes; { $seat } named { $heroes }.
# $splits: the values the option takes
codex-bad-teams = Option teams names p1's partner: one of { $splits }; not { $value }.
codex-team-full = { $players } players chose team { $team }; a team has two players.
codex-teams-impossible = The teams the players chose cannot be made: a team has two players.

## Options and heroes (engine/codex/options.py)

codex-bad-hero-option = A hero option must be a hero id, a list of ids or random, not { $value }.
# $hero: what was given; $heroes: the playable heroes' ids
codex-unknown-hero = Unknown or unavailable hero { $hero }. Available: { $heroes }.
codex-team-one-to-three = A team has one to three different heroes.
codex-too-few-heroes = Too few heroes are playable for a random team in the { $mode }.
# $number: the seat's number (starter2 is p2's); $colours: its heroes' colours
codex-bad-starter = starter{ $number } must be auto or the colour of one of p{ $number }'s heroes ({ $colours }), not { $value }.
# $colours: the team's other colours whose starter deck can be played
codex-starter-missing = The { $colour } starter deck is not implemented yet, so p{ $number } cannot use it; set starter{ $number } to another of the team's colours that is: { $colours }.
# $options: the unknown ones; $known: every option
codex-unknown-options = Unknown options: { $options }. Known: { $known }.
codex-options-for-absent-seats = This table has { $players } players, so { $options } cannot be set.
# $option: the option's name; $choices: its values
codex-option-choices = Option { $option } must be one of { $choices }, not { $value }.
codex-starting-gold = starting_gold must be a whole number from 0 to 20.
codex-first-player = first_player must be random or one of p1-p{ $players }, not { $value }.

## Data variants (engine/codex/variants.py)

codex-unknown-variant = Unknown variant { $variant }. Available: { $variants }.
codex-variant-unreadable = Variant { $variant } is broken (it cannot be read); tell the server admin.
# $problems: what is wrong in it
codex-variant-invalid = Variant { $variant } is broken: { $problems }; tell the server admin.
# Where a problem is: a card's key, a card's whole entry, or the file
codex-variant-card-key = card { $card }: { $key }
codex-variant-card = card { $card }: its entry
codex-variant-the-file = the file
# $where: where the problem is; $kind: forbidden, missing or wrong
codex-variant-problem = { $where } { $kind ->
        [forbidden] is not something a variant may change
        [missing] is missing
       *[wrong] has a value of the wrong kind
    }
# $problems: the first few; $more: how many more (0: none)
codex-variant-problems = { $problems }{ $more ->
        [0] {""}
       *[other] {" "}(and { $more } more)
    }
# The variant and card at fault
codex-variant-where = variant { $variant }, card { $card }
# $where: the variant and card at fault
codex-variant-not-a-hero = { $where }: only heroes have levels and bands.
codex-variant-levels = { $where }: levels has only mid and max, not { $keys }.
codex-variant-no-band = { $where }: there is no band { $band }; bands are 1 to { $bands }.
codex-variant-bad-band = { $where }: band { $band } is not valid: { $problems }.
# $starts: the levels the bands start at; $mid and $most: the hero's levels
codex-variant-band-starts = { $where }: the bands start at levels { $starts }, but must start at 1, mid ({ $mid }) and max ({ $most }); change levels and bands together.
codex-variant-no-card = { $where }: no card has this id.
codex-variant-did-you-mean = Did you mean { $card }?
# $problem: the card data checker's report
codex-variant-abilities = { $where }: { $problem }

## Fixing chance in tests and scenarios (engine/codex/chance.py)

# $what: what was asked for; $kinds: what can be fixed
codex-cannot-fix = Codex cannot fix { $what }; what it can fix: { $kinds }.
codex-coin-sides = Coin flips are heads or tails, not { $values }.
# $seat: the deck's owner; $card: the card asked for; $cards: what the deck holds
codex-deck-lacks = { $seat }'s deck holds no { $card } to put on top; it holds { $cards }.

## Match options (engine/codex/options.py): one line of help each, shown by `/codex help`

codex-help-mode = auto (from the seats and teams), 1-hero, standard (three heroes each), 2v2 (Two-Headed Dragon, four players) or ffa (free-for-all, three to five players).
codex-help-hero1 = p1's hero id, a list of up to three hero ids (a team), or random. auto: troq-bashar in the 1-hero game, a random team in the others.
codex-help-hero2 = p2's hero, team or random (auto: river-montoya in the 1-hero game, else a random team).
codex-help-hero3 = p3's hero, team or random (2v2 and free-for-all; auto is a random team).
codex-help-hero4 = p4's hero, team or random (2v2 and free-for-all; auto is a random team).
codex-help-hero5 = p5's hero, team or random (free-for-all; auto is a random team).
codex-help-starter1 = p1's starter deck: auto (the colour of the first hero) or the colour of another of p1's heroes (the rulebook does not say which deck a team of several colours uses).
codex-help-starter2 = p2's starter deck: auto or a colour of one of p2's heroes.
codex-help-starter3 = p3's starter deck: auto or a colour of one of p3's heroes.
codex-help-starter4 = p4's starter deck: auto or a colour of one of p4's heroes.
codex-help-starter5 = p5's starter deck: auto or a colour of one of p5's heroes.
codex-help-teams = 2v2: p1's partner (p1+p3, p1+p2 or p1+p4); the other two players form the second team.
codex-help-ffa-tiebreak = Free-for-all, when the healthiest bases are tied: the tied players each take one more turn and the tie is looked at again after the whole round (round), or after every one of those turns (turn).
codex-help-starting-gold = Gold each player holds before the first upkeep (the rulebook is silent; 0).
codex-help-first-player = Who takes the first turn: random or a seat (p1, p2, ...); in 2v2 that player's team.
codex-help-reshuffle-limit = Reshuffling the discard into the deck is limited to once per main phase (the text) or once per whole turn, draw phase included.
codex-help-surplus = Surplus draws its extra card in your upkeep (its printed text) or in your draw phase.
codex-help-hero-cooldown = A dead hero skips its owner's next turn whenever it died (default), or, literally, only misses the very next turn after its death.
codex-help-tech-tiers = Tech I cards need a living Tech I (strict), or any higher living tech building counts.
codex-help-tech3-needs-tech2 = Tech III cards also need the Tech II building alive.
codex-help-rebuild = Rebuilding a destroyed tech building is free but still needs the worker count (default), or needs nothing at all.
codex-help-overpower-armor = Overpower's excess is what is left after the patroller's HP and armor (counts) or after its HP alone (ignored).
codex-help-overpower-deathtouch = With deathtouch, 1 damage is lethal for overpower's excess (one) or not (normal).
codex-help-targetless = A spell or ability whose every step needs a target cannot be used without one (forbid), or may be used to no effect (allow).
codex-help-oath-binds = Oathkeeper of Kor Mountain's oath holds the player who swore it, whoever controls it later (swearer), or whoever controls Oathkeeper now (controller).
codex-help-trigger-order = When several effects happen at once, the active player orders them (ask) or the engine uses card order (auto).
codex-help-both-bases = If both bases fall at once: a draw, or the active player wins.
codex-help-addon-rebuild = An add-on the opponent destroyed costs its full price to rebuild (full), or nothing (free, as tech buildings are).
codex-help-variant = A named data variant (a balance patch) that changes card facts for this match; none plays the printed cards. The variants are the files in engine/codex/data/variants/.
codex-help-building-card-base-damage = A destroyed building card from a codex also deals 2 damage to its owner's base (yes), or only tech buildings and add-ons do (no).
codex-help-granted-ability-colour = For Hotter Fire's red abilities: an ability one card gives another (Pirate-Gang Commander's death ping) has the giver's colour (granter), or the colour of the thing that has it (holder).

## Text that is no Codex notation (engine/codex/notation_check.py)

# $verb: the first word typed; $verbs: every action's first word
codex-no-verb = No action starts with `{ $verb }`; actions start with { $verbs }.
# $guess: the closest action
codex-no-verb-guess = No action starts with `{ $verb }` (did you mean `{ $guess }`?); actions start with { $verbs }.
codex-card-name-missing = A card name is missing.
# $name: the name typed
codex-no-card-called = There is no card called `{ $name }`.
# $guess: the closest card's name
codex-no-card-guess = There is no card called `{ $name }` (did you mean `{ $guess }`?).
# $form: how the action is written, in notation
codex-written-as = It is written `{ $form }`.
codex-level-written-as = It is written `level <hero> <levels>`, e.g. `level Troq Bashar 2`.
codex-tech-written-as = It is written `tech <card>, <card>` (or `tech none`).
codex-attack-written-as = It is written `attack <attacker> -> <target>`.
codex-no-spec = There is no spec called `{ $spec }`; specs: { $specs }.
codex-buildings-are = Buildings are { $buildings }.
codex-only-addons-razed = Only an add-on is torn down: { $addons }.
codex-patrol-written-as = It is written `patrol <unit> <slot>`; the slots are { $slots }.
codex-say-what-you-choose = Say what you choose, e.g. `choose yes`.
codex-not-a-choice-word = `{ $word }` is not a word of any choice in Codex.
