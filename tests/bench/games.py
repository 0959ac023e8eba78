"""Deliberately broken variants of the trial game, to prove the soak's detectors fire.

They are registered only for the duration of one test (see `registered`), so the property tests,
which collect every registered game, never see them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.core import GAMES, JSON, Action, Seat, Step, register
from tests.fixtures.trial_game import TrialGame, TrialState, card_id

log = logging.getLogger("engine.broken_trial")


class BrokenTrial(TrialGame):
    """Trial with one fault, named by `fault`:

    - "public_view": the public view shows seat 1's hand;
    - "seat_view": seat 2's view shows seat 1's hand;
    - "log": every move logs seat 1's hand at INFO;
    - "history": the history, read later, ends with seat 1's hand;
    - "unreadable": an illegal action is refused with a KeyError, not a GameError.
    """

    def __init__(self, fault: str) -> None:
        self.fault = fault
        self.name = f"trial-broken-{fault}"  # type: ignore[misc]

    def view(self, state: TrialState, viewer: Seat | None) -> JSON:
        out = super().view(state, viewer)
        hand = [card_id(c) for c in state.hands[0]]
        if self.fault == "public_view" and viewer is None:
            out["peek"] = hand
        if self.fault == "seat_view" and viewer == 1:
            out["peek"] = hand
        return out

    def forget_hidden(self, state: TrialState, lines: list[str]) -> list[str]:
        if self.fault == "history":
            return [*lines, "seat 1 holds " + ", ".join(card_id(c) for c in state.hands[0])]
        return super().forget_hidden(state, lines)

    def apply(self, state: TrialState, seat: Seat, action: Action) -> Step[TrialState]:
        if self.fault == "unreadable" and action not in self.legal_actions(state, seat):
            raise KeyError(action.verb)
        if self.fault == "log":
            log.info("seat 1 holds %s", ", ".join(card_id(c) for c in state.hands[0]))
        return super().apply(state, seat, action)


@contextmanager
def registered(game: Any) -> Iterator[Any]:
    register(game)
    try:
        yield game
    finally:
        GAMES.pop(game.name, None)
