"""The result line every game's finished board and story end with, read from the stored Outcome alone."""

from __future__ import annotations

import pytest

from app.summary import result_line
from db.records import MatchRecord
from engine.core import EndReason, Outcome
from engine.i18n import english
from tests.fixtures.trial_game import TRIAL


def finished(outcome: Outcome) -> MatchRecord:
    return MatchRecord(1, "trial", {}, 9, 10, 100, "finished", 1, None, None, 5, outcome.to_json(), "t", "t")


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        (Outcome(frozenset({1}), EndReason.NORMAL), "Game over: p2 won."),
        (Outcome(frozenset(), EndReason.DRAW, detail="both bases fell"), "Game over: a draw."),
        # A solo game lost to the game's own opponent: nobody won, and it was no draw.
        (Outcome(frozenset(), EndReason.NORMAL, detail="the villain has more"), "Game over: no player won."),
    ],
)
def test_the_result_line_says_who_won_a_draw_or_that_nobody_did(outcome: Outcome, expected: str) -> None:
    line = english(result_line(TRIAL, finished(outcome)))
    assert line.startswith(expected), line
    if outcome.detail:
        assert str(outcome.detail) in line
