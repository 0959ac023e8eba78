"""Ascension's result lines: a solo game lost against Samael is no draw."""

from __future__ import annotations

from typing import Any

from app.summary import result_line
from db.records import MatchRecord, Member
from engine.ascension import GAME
from engine.core import Outcome
from engine.i18n import render


def finished(outcome: Outcome, seats: int) -> MatchRecord:
    members = tuple(Member(user_id=10 + s, seat=s, joined_at="") for s in range(seats))
    return MatchRecord(
        1, "ascension", {}, None, 5, 10, "finished", 1, None, None, 9, outcome.to_json(), "", "", members
    )


def line(outcome: Outcome, seats: int = 1) -> str:
    text: Any = result_line(GAME, finished(outcome, seats))
    return render(text, None)


def test_a_solo_game_lost_against_the_game_is_no_draw() -> None:
    lost = Outcome(frozenset(), "normal", {0: 59.0}, "59 Honor against Samael's 60.", placements={0: 2})
    assert line(lost) == "Game over: no player won. (59 Honor against Samael's 60.)"


def test_draws_and_wins_read_as_before() -> None:
    assert line(Outcome(frozenset({0, 1}), "draw"), 2).startswith("Game over: a draw.")
    assert line(Outcome(frozenset({0}), "normal", placements={0: 1}), 1).startswith("Game over: p1")
