"""Random legal playouts with Blue's heroes (their starter deck, Law, Peace and Truth in play), checked with the
engine-wide property checks: games end, states round-trip through JSON, legal actions are accepted and their
notation parses back, views and events never show a card secret to another seat (Lawful Search, Flagstone
Spy and Eyes of the Chancellor show hands: `hidden_cards` must agree), and cards are neither made nor lost
(Jail holds cards out of play)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from tests.engine.properties import (
    check_events,
    check_json_round_trip,
    check_notation,
    check_turn_and_outcome,
    check_views,
    make_card_count_check,
    playout,
    replay,
)

TEAMS: list[tuple[str | list[str], str | list[str]]] = [
    ("bigby-hayes", "sirus-quince"),
    ("general-onimaru", "bigby-hayes"),
    ("sirus-quince", "general-onimaru"),
    ("sirus-quince", "troq-bashar"),
]
"""One-hero teams: a three-hero game with every check on every move takes too long for the landing tests
(`python bot.py selfplay` covers those)."""


@pytest.mark.parametrize("team", range(len(TEAMS)))
def test_blue_heroes_play_out_within_the_rules(team: int) -> None:
    hero1, hero2 = TEAMS[team]
    opts = {**GAME.default_options(), "hero1": hero1, "hero2": hero2}
    for seed in (10 + team,):
        count, _seen = make_card_count_check(GAME)
        record = playout(
            GAME,
            2,
            seed,
            opts,
            state_checks=[check_turn_and_outcome, check_json_round_trip, check_views, check_notation, count],
            step_checks=[check_events],
            max_actions=3000,
        )
        assert GAME.outcome(record.final) is not None
        for snapshot, _events in replay(GAME, record):
            assert snapshot is not None
