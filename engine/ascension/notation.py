"""The short text of each move: `play Mystic`, `play all`, `use Yggdrasil Staff honor`, `buy Arha Initiate`,
`buy The Grand Design to hand`, `defeat Cultist`, `banish Apprentice from hand`, `take Mystic`,
`keep Muramasa`, `skip`, `end`. Parsing matches the text of the legal moves, so parse(describe(a)) == a.

A row card is named by its slot (`buy Mephit at 2`, counted from the left) only in solo, and only while
the row shows two copies of it: there, which copy goes decides what slides where.
"""

from __future__ import annotations

from engine.ascension.ctx import G
from engine.core import Action

ZONE_WORDS = {"hand": "from hand", "discard": "from discard"}


def _name(g: G, card_id: object) -> str:
    card = g.cat.cards.get(str(card_id))
    return card.name if card is not None else str(card_id)


def _at(g: G, card_id: object, slot: object) -> str:
    """` at N` when the slot must be said: solo, and two copies of the card in the row."""
    if not (g.s.solo and isinstance(slot, int) and slot > 0):
        return ""
    copies = sum(1 for u in g.s.row if u is not None and g.s.cards[u] == card_id)
    return f" at {slot}" if copies > 1 else ""


def describe(g: G, action: Action) -> str:
    verb, args = action.verb, action.args
    if not args:
        return verb
    name = _name(g, args[0])
    if verb == "play":
        return "play all" if args[0] == "all" else f"play {name}"
    if verb == "use":
        card = g.cat.cards.get(str(args[0]))
        several = card is not None and len(card.abilities) > 1
        return f"use {name} {args[1]}" if several and len(args) > 1 else f"use {name}"
    if verb in ("buy", "take", "defeat"):
        text = f"{verb} {name}" + (_at(g, args[0], args[1]) if len(args) > 1 else "")
        return text + (" to hand" if len(args) > 2 and args[2] == "hand" else "")
    if verb == "banish" and len(args) > 2:
        if args[1] == "row":
            return f"banish {name}{_at(g, args[0], args[2])}"
        return f"banish {name} {ZONE_WORDS.get(str(args[1]), str(args[1]))}"
    return f"{verb} {name}"
