"""Ascension's cards: the facts (cards.json, derived by scripts/ascension/facts.py) joined with what each
card does (effects.json, our own vocabulary), loaded once and checked."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.ascension.vocab import check_card

DATA = Path(__file__).resolve().parent / "data"

STARTERS = frozenset({"apprentice", "militia"})
"""Banished, they go back to the box."""
PILES = ("mystic", "heavy-infantry")
"""The always-available Heroes: banished, they go back to their pile."""
CULTIST = "cultist"


@dataclass(frozen=True, slots=True)
class Ability:
    key: str
    do: tuple[dict[str, Any], ...]
    cond: dict[str, Any] | None = None
    pay: int = 0
    banish_self: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str
    """hero, construct or monster"""
    faction: str | None
    kind: str
    """starting, always or centre: where the card is at setup"""
    cost: int
    vp: int
    reward: int
    copies: int
    copies_99: int
    play: tuple[dict[str, Any], ...] = ()
    abilities: tuple[Ability, ...] = ()
    reward_ops: tuple[dict[str, Any], ...] = ()
    static: frozenset[str] = field(default_factory=frozenset)

    @property
    def acquirable(self) -> bool:
        return self.type in ("hero", "construct")

    def ability(self, key: str) -> Ability | None:
        return next((a for a in self.abilities if a.key == key), None)


@dataclass(frozen=True, eq=False)
class Catalog:
    cards: dict[str, Card]
    by_name: dict[str, Card]

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def named(self, name: str) -> Card | None:
        return self.by_name.get(name.lower())


def _card(fact: dict[str, Any], effect: dict[str, Any]) -> Card:
    check_card(fact["id"], effect)
    abilities = tuple(
        Ability(a["key"], tuple(a.get("do", ())), a.get("if"), int(a.get("pay", 0)), bool(a.get("banish_self")))
        for a in effect.get("abilities", ())
    )
    return Card(
        id=fact["id"],
        name=fact["name"],
        type=fact["type"],
        faction=fact["faction"],
        kind=fact["kind"],
        cost=int(fact["cost"]),
        vp=int(fact.get("vp", 0)),
        reward=int(fact.get("reward", 0)),
        copies=int(fact["copies"]),
        copies_99=int(fact.get("copies_99", fact["copies"])),
        play=tuple(effect.get("play", ())),
        abilities=abilities,
        reward_ops=tuple(effect.get("reward", ())),
        static=frozenset(effect.get("static", ())),
    )


@cache
def catalog() -> Catalog:
    facts = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))["cards"]
    effects = json.loads((DATA / "effects.json").read_text(encoding="utf-8"))
    missing = [f["id"] for f in facts if f["id"] not in effects]
    if missing:
        raise ValueError(f"cards without effects data: {missing}")
    cards = {f["id"]: _card(f, effects[f["id"]]) for f in facts}
    return Catalog(cards, {c.name.lower(): c for c in cards.values()})
