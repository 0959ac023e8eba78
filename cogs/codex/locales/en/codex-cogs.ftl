# Codex's own commands and replies (cogs/codex/). Card names and ruling texts are data: they arrive in
# variables. Markdown (**bold**, `code`) is kept as it is.

## Rulings on a card's page (/codex card) and a rules topic's (/codex help topic:)

# $count: how many rulings we hold on the card or topic
codex-rulings-head = { $count ->
        [one] **Rulings**: one official ruling, which the referee follows:
       *[other] **Rulings**: { $count } official rulings, which the referee follows:
    }
# $date: the day it was given, as YYYY-MM-DD; $text: the ruling in our own words (data)
codex-ruling = • { $date }: { $text }
# $what: what the page is about, a key: card, keyword, rule or trigger
codex-rulings-none = Rulings: none on record for this { $what ->
        [keyword] keyword
        [rule] rule
        [trigger] trigger
       *[card] card
    }.
codex-rulings-all = Every card and rule with rulings: `/codex help topic:rulings`.

## /codex help topic:rulings

codex-topic-rulings-label = Official rulings: every card and rule that has some
# $rulings: how many rulings in all; $cards: on how many cards; $topics: on how many keywords and rules
codex-rulings-index = **Official rulings.** We hold { $rulings } rulings, on { $cards } cards and { $topics } keywords and rules, each in our own words with the day it was given, and the referee follows every one. A card's rulings are on its page (`/codex card`); a keyword's or a rule's under `/codex help topic:`. How many each has:
# $count: how many cards have rulings
codex-rulings-index-cards = **Cards** ({ $count }):
# $count: how many keywords and rules have rulings
codex-rulings-index-topics = **Keywords and rules** ({ $count }):
