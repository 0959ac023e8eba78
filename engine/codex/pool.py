"""Codex's card pool for coverage reports: by colour, then the starter deck, each spec, heroes and tokens."""

from __future__ import annotations

from engine.codex.cards import Catalog
from engine.core import PoolCard

COLOUR_ORDER = ("neutral", "red", "green", "blue", "black", "white", "purple")


def _part(cat: Catalog, cid: str) -> str:
    facts = cat[cid].facts
    if facts.type == "hero":
        return "heroes"
    if facts.type == "token":
        return "tokens"
    return facts.spec or "starter"


def card_pool(cat: Catalog) -> list[PoolCard]:
    def order(cid: str) -> tuple[int, int, str, str]:
        colour, part = cat[cid].facts.colour, _part(cat, cid)
        rank = COLOUR_ORDER.index(colour) if colour in COLOUR_ORDER else len(COLOUR_ORDER)
        kind = {"starter": 0, "heroes": 2, "tokens": 3}.get(part, 1)
        return rank, kind, part, cat[cid].name

    return [
        PoolCard(cid, cat[cid].name, cat[cid].facts.colour, _part(cat, cid), cat.implemented(cid))
        for cid in sorted(cat.cards, key=order)
    ]
