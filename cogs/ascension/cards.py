"""Card pages for `/ascension card` and `/ascension help topic:`: the facts from the engine's card data and
what the card does in our own words (the engine's catalogue), never a card's printed text."""

from __future__ import annotations

import difflib

from engine.ascension.cards import CULTIST, Card, catalog
from engine.ascension.lookup import card_text
from engine.i18n import Text, joined, t

CHOICE_LIMIT = 25


def find_card(name: str) -> Card | None:
    """The card named `name` (any case, a label's copy number ignored), or None."""
    wanted = " ".join(name.split()).rsplit("#", 1)[0].strip()
    cat = catalog()
    return cat.named(wanted) or cat.cards.get(wanted.lower())


def card_names(typed: str) -> list[str]:
    """Card names containing what was typed, those starting with it first, for an autocomplete."""
    wanted = " ".join(typed.lower().split())
    names = sorted(c.name for c in catalog().cards.values())
    starts = [n for n in names if n.lower().startswith(wanted)]
    return (starts + [n for n in names if wanted in n.lower() and n not in starts])[:CHOICE_LIMIT]


def card_page(card: Card) -> Text:
    """What `/ascension card` shows: the name, type and faction, the price and Honor, where the copies are,
    and what the card does."""
    honor = card.reward if card.type == "monster" else card.vp
    if card.id == CULTIST:
        where = "cultist"
    elif card.kind == "starting":
        where = "starting"
    elif card.kind == "always":
        where = "pile"
    else:
        where = "centre"
    return joined(
        [
            t("ascension-card-head", card=card.name, kind=card.type, faction=card.faction or "none"),
            t("ascension-card-price", kind=card.type, cost=card.cost, honor=honor),
            t("ascension-card-where", where=where, copies=card.copies),
            t("ascension-card-does", text=card_text(card.id)),
        ]
    )


def no_such_card(name: str) -> Text:
    """The refusal for a name that is no card, with the closest names."""
    names = [c.name for c in catalog().cards.values()]
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5) or card_names(name[:3])[:3]
    hint = t("ascension-card-try", names=", ".join(close)) if close else ""
    return t("ascension-no-card-named", name=name, hint=hint)


def topics(typed: str) -> list[tuple[Text, str]]:
    """Cards as help topics: (label, value)."""
    return [(t("ascension-topic-card", card=name), name) for name in card_names(typed)]


def topic(text: str) -> Text | None:
    found = find_card(text)
    return card_page(found) if found is not None else None
