"""Hooks for Green cards whose abilities are more than the effect vocabulary can say (see docs/codex.md)."""

from __future__ import annotations

from typing import Any

from engine.codex import vocab
from engine.codex.ctx import G
from engine.codex.effects import does
from engine.codex.stats import Ref
from engine.codex.zones import INSTANT_BUILD, finish_building

vocab.add_op("build instantly")


@does("build instantly")
def _build_instantly(g: G, op: dict[str, Any], ctx: dict[str, Any], refs: list[Ref]) -> None:
    """Verdant Tree: this turn the controller's tech buildings are operational as soon as they are built.

    A tech building already under construction this turn finishes at once too: it is being built this turn.
    """
    seat = ctx["ctl"]
    seats = g.s.flags.setdefault(INSTANT_BUILD, [])
    if seat not in seats:
        seats.append(seat)
    for b in g.p(seat).tech:
        finish_building(g, seat, b)
