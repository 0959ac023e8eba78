"""Hero levels changed by effects: gain or lose levels, and "can't level up this turn".

Levels stay between 1 and the hero's max. A hero that drops into a lower band keeps its damage and
loses that band's stats and abilities at once (it may die of it); gaining a band heals it as usual.
"""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import does, things_of
from engine.codex.state import Thing
from engine.codex.stats import Ref
from engine.codex.zones import gain_levels

vocab.add_op("level", ("n", "freeze"))

FROZEN = "no_level"
"""Turn flag: hero uids that can't gain levels this turn (flags are cleared when a turn starts)."""


def frozen(g: G, t: Thing) -> bool:
    return t.uid in g.s.flags.get(FROZEN, [])


def lose_levels(g: G, t: Thing, n: int) -> int:
    before = t.level
    t.level = max(1, t.level - n)
    lost = before - t.level
    if lost:
        g.emit("level_lost", seat=t.ctrl, uid=t.uid, level=t.level, n=lost)
    return lost


@does("level")
def _level(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """`{"op": "level", "n": 2}` raises heroes' levels, `"n": -2` lowers them; `"freeze": true` also
    stops them from gaining levels for the rest of the turn; `"n": "max"` raises them to max level."""
    for t in things_of(g, refs):
        if g.card(t).type != "hero":
            continue
        n = op.get("n", 1)
        if n == "max":
            n = g.card(t).mx - t.level
        if n < 0:
            lose_levels(g, t, -n)
        elif not frozen(g, t):
            gain_levels(g, t, n, how="effect")
        if op.get("freeze"):
            g.s.flags.setdefault(FROZEN, []).append(t.uid)
