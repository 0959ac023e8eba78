"""Chance under control for tests and scenarios: the next die rolls, warrior cards, buildings, AI action
cards and AI battle cards. `fix(state, "dice", [6, 2])` makes the next two rolls 6 and 2; `"deck2"` takes
warrior names, `"stack"` building names, `"ai_cards"` card ids (I to VI, T), `"ai_battle"` battle cards.
The wish is kept in the state (`fixed`) and honoured at each draw, so a match replays from its log alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import JSON, GameError
from engine.crown.data import load
from engine.crown.state import State
from engine.i18n import t

KINDS = ("dice", "deck1", "deck2", "deck3", "stack", "ai_cards", "ai_battle")


def kinds() -> dict[str, str]:
    return {
        "dice": str(t("crown-chance-dice")),
        "deck1": str(t("crown-chance-deck", level=1)),
        "deck2": str(t("crown-chance-deck", level=2)),
        "deck3": str(t("crown-chance-deck", level=3)),
        "stack": str(t("crown-chance-stack")),
        "ai_cards": str(t("crown-chance-ai-cards")),
        "ai_battle": str(t("crown-chance-ai-battle")),
    }


def fix(state: State, what: str, values: Sequence[JSON]) -> State:
    if what not in KINDS:
        raise GameError(
            t("core-cannot-fix-chance", game=str(t("crown-title")), what=repr(what), kinds=", ".join(KINDS))
        )
    d = load(str(state.options["data"]))
    wanted: list[JSON] = []
    for value in values:
        if what == "dice":
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise GameError(t("crown-bad-chance", what=what, value=str(value)))
            wanted.append(value)
        elif what in ("deck1", "deck2", "deck3", "stack"):
            found = d.by_name.get(str(value).lower(), str(value))
            if found not in d.warriors and found not in d.buildings:
                raise GameError(t("crown-bad-chance", what=what, value=str(value)))
            wanted.append(found)
        elif str(value) in {"ai_cards": (*d.ai_cards, d.target[0]), "ai_battle": tuple(d.cards)}.get(what, ()):
            wanted.append(str(value))
        else:
            raise GameError(t("crown-bad-chance", what=what, value=str(value)))
    out = state.clone()
    out.fixed[what] = [*out.fixed.get(what, []), *wanted]
    return out
