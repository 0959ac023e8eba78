"""The working context of one step: the state being changed (a clone), the card catalogue and the events
so far. Rules functions take it, change `s` in place and append events."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from engine.ascension.cards import Card, Catalog, catalog
from engine.ascension.state import State
from engine.core import Event, rng_for

SALT = "ascension"


@lru_cache(maxsize=64)
def _labels(cards: tuple[str, ...]) -> tuple[str, ...]:
    cat = catalog()
    seen: dict[str, int] = {}
    out = []
    for card_id in cards:
        seen[card_id] = seen.get(card_id, 0) + 1
        out.append(f"{cat[card_id].name}#{seen[card_id]}")
    return tuple(out)


def labels(state: State) -> tuple[str, ...]:
    """Every card's label, "Name#n", by card number: n counts the copies of that name in the match."""
    return _labels(tuple(state.cards))


class G:
    __slots__ = ("_labels", "cat", "events", "s")

    def __init__(self, s: State, cat: Catalog | None = None) -> None:
        self.s = s
        self.cat = cat or catalog()
        self.events: list[Event] = []
        self._labels: tuple[str, ...] | None = None

    def card(self, uid: int) -> Card:
        return self.cat.cards[self.s.cards[uid]]

    def name(self, uid: int) -> str:
        return self.cat.cards[self.s.cards[uid]].name

    def label(self, uid: int) -> str:
        if self._labels is None:
            self._labels = labels(self.s)
        return self._labels[uid]

    def emit(self, event_kind: str, to: frozenset[int] | None = None, **data: Any) -> None:
        self.events.append(Event(event_kind, data, to))

    def rand(self) -> random.Random:
        """The generator for the next random draw; every draw is counted in the state, so replays agree."""
        r = rng_for(self.s.seed, self.s.rng, SALT)
        self.s.rng += 1
        return r

    def opponents(self, seat: int) -> list[int]:
        """The other seats still playing, in turn order from `seat`'s left."""
        n = len(self.s.players)
        return [(seat + i) % n for i in range(1, n) if not self.s.players[(seat + i) % n].out]

    def is_mechana_construct(self, uid: int, seat: int | None) -> bool:
        """A Construct counts as Mechana if it is, or if `seat` controls Hedron Link Device and it is one of
        theirs in play."""
        card = self.card(uid)
        if card.type != "construct":
            return False
        if card.faction == "mechana":
            return True
        if seat is None or uid not in self.s.players[seat].constructs:
            return False
        return self.has_static(seat, "constructs_are_mechana")

    def has_static(self, seat: int, rule: str) -> bool:
        return any(rule in self.card(u).static for u in self.s.players[seat].constructs)
