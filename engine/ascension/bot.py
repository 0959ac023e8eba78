"""The greedy bot's taste (engine.policy): play everything, use every Construct, then spend Power on the
most Honor and Runes on the dearest card, banish starting cards, and end the turn last."""

from __future__ import annotations

from engine.ascension.cards import STARTERS, catalog
from engine.core import JSON, Action

WORST_FIRST = ("apprentice", "militia")


def greedy_score(view: JSON, seat: int, action: Action) -> float:
    cards = catalog().cards
    verb, args = action.verb, action.args
    card = cards.get(str(args[0])) if args else None
    if verb == "play":
        return 20.0 if args[0] == "all" else 19.0
    if verb == "use":
        return 18.0
    if verb == "defeat" and card is not None:
        return 10.0 + card.reward + (0.5 if len(args) > 1 and args[1] else 0.0)
    if verb in ("buy", "take") and card is not None:
        return 5.0 + card.cost + card.vp / 10 + (0.5 if len(args) > 2 and args[2] == "hand" else 0.0)
    if verb == "banish" and card is not None:
        if args[0] in STARTERS:
            return 15.0 + (1.0 if len(args) > 1 and args[1] == "hand" else 0.0)
        return 3.0 + (card.cost if args[1] == "row" and card.type == "monster" else -card.cost) / 10
    if verb == "discard" and card is not None:
        return 12.0 - card.cost - (5.0 if args[0] not in WORST_FIRST else 0.0)
    if verb in ("copy", "keep") and card is not None:
        return 5.0 + card.cost
    if verb == "destroy" and card is not None:
        return 10.0 - card.cost
    if verb == "skip":
        return 4.0
    return 0.0
