# Codex: what players read when they look things up (engine/codex/lookup.py). Card names, spec and
# colour names, keywords and the rules digest are data (engine/codex/data/), passed in as they are.

# $kind: hero, token, ultimate, minor, spell, unit, building or upgrade; $tech: its tech level (0 to 3)
codex-card-kind = { $kind ->
        [hero] hero
        [token] token
        [ultimate] ultimate spell
        [minor] minor spell
        [spell] spell
       *[other] tech { $tech ->
            [1] I
            [2] II
            [3] III
           *[0] 0
        } { $kind ->
            [building] building
            [upgrade] upgrade
           *[unit] unit
        }
    }
codex-card-gold = { $gold } gold
codex-card-hp = { $hp } HP
# An autocomplete line: $card the card's name, $where its spec or colour, $kind what it is
codex-card-choice = { $card } · { $where } { $kind }
# $title: a rules entry's title; $kind: rule, keyword or trigger
codex-rule-title = { $title } ({ codex-rule-kind })
# $kind: rule, keyword or trigger
codex-rule-kind = { $kind ->
        [keyword] keyword
        [trigger] trigger
       *[rule] rule
    }
codex-team-twice = A team has three different heroes: each hero at most once.
codex-team-empty = Pick at least one hero.
