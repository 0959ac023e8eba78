# Codex at the Discord table (cogs/codex/): its own commands, replies, menus and buttons, and the card and
# rules pages. Card names, keywords, reminder texts and the rules digest are data, passed in as they are;
# so are seat names (p1) and notation (`/codex move attack Tenderfoot -> base`).

## Commands: names (lowercase, no spaces, at most 32 characters) and descriptions (at most 100)

codex-cmd-hero = hero
codex-cmd-tech = tech
codex-cmd-codex = codex
codex-cmd-card = card
codex-cmd-forum = forum
codex-hero = Before the start: choose your hero or team of heroes (and 2v2 team)
codex-tech = Your secret tech pick (2 codex cards), changeable until your turn
codex-codex = Browse your own codex (only you): the cards you can still tech
codex-card = Look up any Codex card: its facts, our reminder text and rulings
codex-forum = This match so far as a play-by-forum post (public information only)
codex-option-hero = hero
codex-option-second = second
codex-option-third = third
codex-option-team = team
codex-option-starter = starter
codex-option-first = first
codex-describe-hero = Your hero, or the first of your team (random picks one for you now)
codex-describe-second = Your second hero (standard, 2v2 and free-for-all)
codex-describe-third = Your third hero (standard, 2v2 and free-for-all)
codex-describe-team = 2v2: play in team 1 or team 2 (players who choose nothing fill the places left)
codex-describe-starter = Your starter deck's colour, one of your heroes' (default: your first hero's)
codex-describe-first = Type a pick instead of using the menu: the first card
codex-describe-second-card = The second card (the same name again for both copies)
codex-describe-card-name = The card's name
codex-describe-public = Show it to the whole channel (default: only you)
codex-describe-forum-public = Post it in the channel (default: only you)
codex-hero-random = random
codex-hero-none = none (a smaller team)
# A choice of 2v2 team: $team is 1 or 2
codex-team-choice = team { $team }

## Verb shortcuts (cogs/codex/verbs.py)

codex-verb-play = Play a card from your hand
codex-verb-play-card = The card; your playable cards are offered as you type
codex-verb-attack = Attack with a fighter that has been yours since your turn began
codex-verb-attack-target = Attacker → target; only legal targets are offered (patrollers first)
codex-verb-end = End your main phase: your patrol plan is locked in, then you draw

## How Codex is played here (`/codex help`)

codex-help = **Codex at this table**
    • **Open:** `/codex new` (mode, options, clock). Every player, the creator too, picks heroes with `/codex hero` before the start, or gets the game's choice (`options: hero2=…` suggests one for the first to join). The creator runs `/codex start`: seats follow the joining order, so the creator is p1.
    • **Your turn:** `/codex move` offers exactly your legal moves as you type (play, summon, level, build, worker, attack, patrol, ability…); `/codex play`, `/codex attack` and `/codex end` are shortcuts. `/codex hand` (or **My hand / my move** on the board) shows your hand with a button per move.
    • **Choices** (targets, modes, the order of triggers) come as buttons in your reply or hand. The active player makes every choice, even about the opponent's cards.
    • **Tech:** after your draw, `/codex tech` opens a menu of your codex; the pick stays secret and can change until your next turn starts. `/codex codex` browses what is left.
    • **Names:** `base`, `tech1`, `tower` are your opponent's; `my base` is yours. With several opponents the owner is named: `p3 base`. A card gets `#2` only when two copies are in sight.
    • **Modes:** 1-hero, standard (three heroes each), 2v2 (partners share a base; pick a team with `/codex hero team:`; each partner ends the team turn with `/codex end`) or ffa (three to five players; `/codex move repair base` mends yours for 3 gold).
    • **Look up:** `/codex card` (with each official ruling on the card), `/codex help topic:` (rules, keywords, options, `commands`; `rulings` lists every card with rulings), and `/codex forum` for this match as a forum post.

## Moves, the table and heroes (cogs/codex/commands.py)

codex-gold-left = You have { $gold } gold left.
# $seat: a seat (p2); $heroes: the heroes named for it at `new`
codex-seat-plays = { $seat } plays **{ $heroes }**
# $named: the seats whose heroes were named at `new`, separated by semicolons
codex-named-heroes = { $named }.
# $teams: yes in a 2v2 match
codex-pick-heroes = Each player may pick their heroes with `/codex hero` before the start{ $teams ->
        [yes] {" "}(and `team:` picks your 2v2 team).
       *[no] .
    }
# Who sits where: $seat (p1), $who a mention, $heroes their heroes, $team their 2v2 team (0: no teams)
codex-seat-line = { $seat } { $who } with { $heroes }{ $team ->
        [0] {""}
       *[other] {" "}(team { $team })
    }
codex-first-hero-too = Choose your first hero too.
codex-choose-something = Choose a hero (and, in 2v2, a team), or your starter deck.
codex-one-hero-only = This is the 1-hero game: each player has one hero. Leave second and third out.
codex-no-teams = Teams are chosen only in a 2v2 match; this one has none.
codex-will-play = will play **{ $heroes }**
codex-plays-in-team = plays in team { $team }
# $colour: a starter deck's colour (red, neutral)
codex-starts-with = starts with the { $colour } starter deck
# $who: a mention; $chosen: what they chose, as a list
codex-hero-chosen = { $who } { $chosen } in match #{ $match }.
# $name: what was typed
codex-no-card = There is no Codex card called “{ $name }”.
# $cards: cards with a similar name
codex-did-you-mean = Did you mean: { $cards }?
codex-forum-not-started = The match has not started yet, so there is nothing to export.
# $lines: how many lines the attached post has
codex-forum-filed = Match #{ $match } so far, in the forum layout ({ $lines } lines).
# The patrol zone after the move: $slots, each slot and who patrols it
codex-patrol = Patrol: { $slots }

## Card and rules pages (cogs/codex/text.py)

codex-card-spec = { $spec } spec
# $colour: a card's colour (neutral, red, …)
codex-card-colour = { $colour ->
        [neutral] neutral
       *[other] { $colour } colour
    }
# $card: the card's name; $kind: what it is; $where: its spec and colour
codex-card-head = **{ $card }** — { $kind } ({ $where })
codex-card-cost = Cost { $gold } gold
codex-card-atk-hp = ATK { $atk } / HP { $hp }
codex-card-only-hp = HP { $hp }
codex-card-legendary = legendary
codex-card-keywords = Keywords: { $keywords } (see `/codex help topic:`)
# $mid: the level of the middle band; $most: the hero's top level
codex-card-levels = Levels: middle band from { $mid }, max level { $most }.
# A hero's level band: $span one (a single level), range ($level to $top) or max (the top band, from $level)
codex-card-band = • { $span ->
        [one] Level { $level }
        [range] Levels { $level }–{ $top }
       *[max] Level { $level } (max)
    }: { $atk }/{ $hp }.
codex-card-band-keywords = { $keywords }.
codex-card-reminder = Reminder: { $reminder }
# $hero: the hero's name
codex-card-hero-spell = Hero spell of { $hero }.
codex-card-starts-in-codex = Starts in the codex: you tech it into your deck.
codex-card-not-playable = Not playable in Arbiter yet: its abilities are still being written.
# $title: a rules entry's title; $kind: rule, keyword or trigger
codex-rule-head = **{ $title }** ({ codex-rule-kind })
codex-see-also = See also: { $topics }

## The tech pick and your codex (cogs/codex/text.py, cogs/codex/ui.py)

codex-tech-nothing = Nothing this turn
codex-tech-nothing-why = With ten workers you may skip teching.
# A menu line taking both copies of $card
codex-tech-both = { $card } ×2 (both copies)
# $need: two, up-to-two, or some ($cards of them)
codex-tech-prompt = **Tech:** pick { $need ->
        [two] 2 cards
        [up-to-two] up to 2 cards
       *[some] { $cards } { $cards ->
            [one] card
           *[other] cards
        }
    } from your codex. They go into your discard pile when your next turn starts, so you will draw them after your next reshuffle. Nobody else sees the pick, and you may change it until your turn begins.
codex-tech-two-different = Pick two different cards, or the ×2 line for both copies of one card.
codex-tech-current = Your pick now: { $cards }.
codex-tech-current-none = Your pick now: nothing.
# $page of $pages; $cards: cards left in the codex
codex-page-head = **Your codex** (page { $page } of { $pages }; { $cards } cards left)
codex-page-empty = Empty: every card has been teched.
# $copies: copies left; $facts: what the card is
codex-page-card = • **{ $card }** ×{ $copies } — { $facts }
codex-page-pick = Your tech pick: { $cards } (change it with `/codex tech`).
codex-page-pick-none = Your tech pick: nothing (change it with `/codex tech`).
codex-no-tech = You have no tech pick to make now. You tech after the draw at the end of your own turn, and may change the pick until your next turn starts.
codex-not-started = The match has not started yet: the creator starts it with `/codex start`.
codex-not-playing = You are not playing in this match; you can watch the board in the channel.
# The tech menu's placeholder once the first card ($card) is chosen
codex-tech-second-with = Second card, with { $card }
codex-tech-choose = Choose your tech cards
codex-tech-button = Choose tech
codex-tech-add-second = To add a second card, choose it below.
codex-tech-first-card = First card: **{ $card }**. Now choose the second card, from any menu below (the same card again takes both copies, where you have two).
codex-tech-several-menus = Your codex needs several menus: choose one card, then the second from any menu (or type `/codex tech`).
# $need: the sizes a pick may have ("1 or 2"); $most: the largest; $picked: how many were chosen
codex-tech-wrong-size = A tech pick holds { $need } { $most ->
        [one] card
       *[other] cards
    }; you chose { $picked }. Pick again.
# $pick: the cards picked
codex-tech-saved = Tech pick saved: **{ $pick }**. Only you know it; you may change it until your next turn starts.
codex-page-back = ◀ Previous
codex-page-next = Next ▶

## Your private view (cogs/codex/ui.py)

codex-choose-with-buttons = Choose with the buttons below (or `/codex move choose …`).
codex-your-moves = **Your moves now:**
# $shortcuts: the shortcut commands for these moves
codex-use-buttons-shortcuts = Use the buttons, or `/codex move` (it offers exactly these moves as you type); shortcuts: { $shortcuts }.
codex-use-buttons = Use the buttons, or `/codex move` (it offers exactly these moves as you type).
codex-owe-tech = You owe a tech pick: press **Choose tech** or use `/codex tech`.
# One verb's legal moves: $verb the verb, $moves the first few, $more how many more (0: none)
codex-verb-moves = • { $verb }: { $moves }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }
