"""Small tools for Ascension's tests: a position from a dict (the scenario format), moves by notation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.ascension import GAME
from engine.ascension.state import State
from engine.core import Event

OPTIONS = GAME.default_options()


def position(players: int = 2, seed: int = 1, options: dict[str, Any] | None = None, **table: Any) -> State:
    """A state as a scenario's [position] table says (keys as in engine/ascension/position.py)."""
    return GAME.position_from_scenario(table, players, {**OPTIONS, **(options or {})}, seed)


def mover(state: State) -> int:
    (seat,) = GAME.to_move(state)
    return seat


def act(state: State, *moves: str, seat: int | None = None) -> tuple[State, list[Event]]:
    """Play the moves in notation, each by `seat` or by whoever owes the move; the events of all of them."""
    events: list[Event] = []
    for text in moves:
        who = mover(state) if seat is None else seat
        step = GAME.apply(state, who, GAME.parse_action(state, who, text))
        state, events = step.state, events + list(step.events)
    return state, events


def legal(state: State, seat: int | None = None) -> list[str]:
    who = mover(state) if seat is None else seat
    return [GAME.describe_action(state, who, a) for a in GAME.legal_actions(state, who)]


def proj(state: State) -> dict[str, Any]:
    return GAME.scenario_projection(state)


def names(labels: Iterable[str | None]) -> list[str]:
    """Printed names of labelled cards ("Mystic#3" -> "Mystic")."""
    return [label.rsplit("#", 1)[0] for label in labels if label is not None]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def sentences(events: Iterable[Event], viewer: int | None = None) -> list[str]:
    out = []
    for e in events:
        if e.visible_to(viewer):
            text = GAME.describe_event(e, viewer)
            if text:
                out.append(text)
    return out
