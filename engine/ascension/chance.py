"""Chance under control for tests and scenarios: the next cards a deck gives.

`fix(state, "deck:p1", ["Mystic", "Apprentice"])` makes p1's next two draws those cards; `"centre"` fixes
the next cards turned up into the row. The wish is kept in the state (`fixed`) and honoured at each draw,
across a reshuffle too, so a match started from it replays from its log alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.ascension.cards import Catalog
from engine.ascension.state import State
from engine.core import JSON, GameError
from engine.i18n import t


def kinds(players: int = 4) -> dict[str, str]:
    out = {"centre": str(t("ascension-chance-centre"))}
    for seat in range(players):
        out[f"deck:p{seat + 1}"] = str(t("ascension-chance-deck", player=f"p{seat + 1}"))
    return out


def fix(state: State, cat: Catalog, what: str, values: Sequence[JSON]) -> State:
    if what not in kinds(len(state.players)):
        known = ", ".join(kinds(len(state.players)))
        raise GameError(t("core-cannot-fix-chance", game=str(t("ascension-title")), what=repr(what), kinds=known))
    wanted: list[str] = []
    for value in values:
        card = cat.named(str(value)) or cat.cards.get(str(value))
        if card is None:
            raise GameError(t("ascension-no-card", name=str(value)))
        wanted.append(card.id)
    if what == "centre":
        pool = state.centre + state.void
        where = str(t("ascension-chance-centre-name"))
    else:
        p = state.players[int(what.split(":p")[1]) - 1]
        pool = p.deck + p.discard
        where = str(t("ascension-chance-deck-name", player=what.split(":")[1]))
    held = Counter(state.cards[u] for u in pool)
    if Counter(wanted) - held:
        shown = ", ".join(cat[c].name for c in sorted(held)) or str(t("core-none"))
        raise GameError(t("ascension-cannot-fix", what=where, cards=", ".join(cat[c].name for c in wanted), held=shown))
    out = state.clone()
    out.fixed[what] = [*out.fixed.get(what, []), *wanted]
    return out
