"""The one leak search: cards a reader may not know, looked for in what a game shows them.

The property checks (bench/properties.py) run it on every state of their playouts, and the soak
(bench/audit.py) on everything a change sends out through the service, so both judge a leak the same way:
a game's `hidden_cards(state, seat)` names what only `seat` may know (None: what nobody may know), and
each identifier is searched for as a whole token in views, their lines, events and the sentences that
describe them. Pure: it reads the engine only, so the engine's tests can use it without the app.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Game, Seat


class TokenSearch:
    """Finds identifiers in text as whole tokens: "c1" is not found in "c12", nor "Spark#1" in "Spark#10"."""

    def __init__(self, ids: Iterable[str], known: Iterable[str] = ()) -> None:
        self.ids = frozenset(i for i in ids if i)
        # Other identifiers that end with a searched one ("Fading Argonaut#1" ends with "Argonaut#1"): the
        # search reads them as themselves, so a card everyone may see does not pass for a hidden one.
        self.longer = frozenset(k for k in known if k and k not in self.ids and self._ends_with_an_id(k))
        self._plain = all(json.dumps(i, ensure_ascii=False) == f'"{i}"' for i in self.ids | self.longer)
        """No identifier changes when written as JSON, so JSON text can be searched directly."""
        if self.ids:
            every = self.ids | self.longer
            alternatives = "|".join(re.escape(i) for i in sorted(every, key=len, reverse=True))
            self._pattern: re.Pattern[str] | None = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")
        else:
            self._pattern = None

    def _ends_with_an_id(self, name: str) -> bool:
        """Whether the words of `name` after one of its spaces are a searched identifier."""
        start = name.find(" ")
        while start >= 0:
            if name[start + 1 :] in self.ids:
                return True
            start = name.find(" ", start + 1)
        return False

    def in_text(self, text: str) -> set[str]:
        if self._pattern is None or not text:
            return set()
        return {found for found in self._pattern.findall(text) if found in self.ids}

    def in_json(self, data: Any) -> set[str]:
        """Identifiers held by any string of a JSON value, dictionary keys included."""
        if self._pattern is None:
            return set()
        if self._plain:
            # One search over the JSON text: strings are quoted there, so the token edges still hold.
            return self.in_text(json.dumps(data, ensure_ascii=False, default=str))
        found: set[str] = set()
        for leaf in json_strings(data):
            found |= self.in_text(leaf)
        return found


def json_strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from json_strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from json_strings(value)


def hidden_by_seat(game: Game[Any], state: Any, players: int) -> dict[Seat | None, set[str]]:
    """game.hidden_cards for the public (None) and every seat."""
    return {viewer: set(game.hidden_cards(state, viewer)) for viewer in [None, *range(players)]}


def forbidden(hidden: dict[Seat | None, set[str]], allowed: Iterable[Seat] = ()) -> set[str]:
    """What someone who knows only what the `allowed` seats know must not see."""
    keep = set(allowed)
    out = set(hidden.get(None, set()))
    for seat, cards in hidden.items():
        if seat is not None and seat not in keep:
            out |= cards
    return out


@dataclass
class Leak:
    where: str
    cards: set[str]

    def __str__(self) -> str:
        return f"{self.where} shows {sorted(self.cards)[:5]}"


class LeakSearch:
    """What one state of a game shows, searched for cards its readers may not know; `leaks` collects them."""

    def __init__(self, game: Game[Any], state: Any, players: int) -> None:
        self.game = game
        self.state = state
        self.players = players
        self.hidden = hidden_by_seat(game, state, players)
        self.labels = game.card_labels(state)
        self._searches: dict[frozenset[Seat], TokenSearch] = {}
        self.leaks: list[Leak] = []

    def search_for(self, allowed: Iterable[Seat]) -> TokenSearch:
        key = frozenset(allowed)
        if key not in self._searches:
            self._searches[key] = TokenSearch(forbidden(self.hidden, key), self.labels)
        return self._searches[key]

    def json(self, where: str, data: Any, allowed: Iterable[Seat] = ()) -> None:
        found = self.search_for(allowed).in_json(data)
        if found:
            self.leaks.append(Leak(where, found))

    def text(self, where: str, text: str | None, allowed: Iterable[Seat] = ()) -> None:
        found = self.search_for(allowed).in_text(text or "")
        if found:
            self.leaks.append(Leak(where, found))

    def views(self) -> list[Any]:
        """The public view and each seat's, with their lines; returns the views (public first) so a caller
        checking more of them need not build them again."""
        out = []
        for viewer in [None, *range(self.players)]:
            view = self.game.view(self.state, viewer)
            allowed = () if viewer is None else (viewer,)
            view_name = "public view" if viewer is None else f"view of seat {viewer}"
            lines_name = "public view_lines" if viewer is None else f"view_lines of seat {viewer}"
            self.json(view_name, view, allowed)
            self.text(lines_name, "\n".join(self.game.view_lines(view)), allowed)
            out.append(view)
        return out

    def events(self, events: Iterable[Event]) -> None:
        """Events that led to this state: each one's data against what its recipients may not know, and the
        sentence every reader gets for it against the same. Audit-only events (sent to nobody) are skipped."""
        for event in events:
            if event.to == frozenset():
                continue
            allowed: frozenset[Seat] = frozenset() if event.to is None else event.to
            self.json(f"event {event.kind} (to {sorted(allowed) or 'all'})", dict(event.data), allowed)
            for reader in [None, *range(self.players)]:
                if event.visible_to(reader):
                    self.text(f"summary of {event.kind} for {reader}", self.game.describe_event(event, reader), allowed)
