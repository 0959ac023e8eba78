"""Chance under control for tests and scenarios: the next cards a player draws and the next coin flips.

A deck is fixed by moving the named cards to its top, in order; a coin by queueing its results in the
state's memory, where the flip takes them first. Either way the fixing is part of the state, so a match
started from a fixed position replays from its log alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.codex.cards import Catalog
from engine.codex.options import SEAT_NAMES
from engine.codex.state import State
from engine.core import JSON, GameError
from engine.i18n import joined, t

COINS = "forced_coins"
"""State.memory key: the results of the next coin flips, True for heads, first flip first."""

KINDS: dict[str, str] = {
    **{f"deck:{name}": f"the next cards {name} draws, by name, first drawn first" for name in SEAT_NAMES},
    "coin": "the next coin flips: heads or tails, first flip first",
}


def fix(state: State, catalog: Catalog, what: str, values: Sequence[JSON]) -> State:
    if what == "coin":
        return _fix_coins(state, values)
    if what.startswith("deck:") and what[5:] in SEAT_NAMES[: len(state.players)]:
        return _fix_deck(state, catalog, SEAT_NAMES.index(what[5:]), values)
    kinds = ", ".join(k for k in KINDS if not k.startswith("deck:") or k[5:] in SEAT_NAMES[: len(state.players)])
    raise GameError(t("codex-cannot-fix", what=repr(what), kinds=kinds))


def _fix_coins(state: State, values: Sequence[JSON]) -> State:
    sides = {"heads": True, "tails": False}
    if not all(isinstance(v, str) and v.lower() in sides for v in values):
        raise GameError(t("codex-coin-sides", values=repr(list(values))))
    out = state.clone()
    out.memory[COINS] = [*out.memory.get(COINS, []), *(sides[str(v).lower()] for v in values)]
    return out


def _fix_deck(state: State, catalog: Catalog, seat: int, values: Sequence[JSON]) -> State:
    out = state.clone()
    deck = out.players[seat].deck
    chosen: list[int] = []
    for value in values:
        name = str(value).strip().lower()
        # The deck draws from its end: the first card to come is the last of the list.
        found = next(
            (u for u in reversed(deck) if u not in chosen and catalog[out.cards[u][0]].name.lower() == name), None
        )
        if found is None:
            held = sorted({catalog[out.cards[u][0]].name for u in deck})
            holds = joined(held, ", ") if held else t("codex-nothing")
            raise GameError(t("codex-deck-lacks", seat=f"p{seat + 1}", card=repr(value), cards=holds))
        chosen.append(found)
    rest = [u for u in deck if u not in chosen]
    out.players[seat].deck = rest + list(reversed(chosen))
    return out


def next_coin(state: State) -> bool | None:
    """The fixed result of the next flip, taken from the queue, or None to flip at random."""
    queue = state.memory.get(COINS)
    if not queue:
        return None
    heads, *rest = queue
    if rest:
        state.memory[COINS] = rest
    else:
        del state.memory[COINS]
    return bool(heads)
