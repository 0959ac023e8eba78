"""Random legal playouts with Blue's heroes (their starter deck, Law, Peace and Truth in play), checked with the
engine-wide property checks: games end, states round-trip through JSON, legal actions are accepted and their
notation parses back, views and events never show a card secret to another seat (Lawful Search, Flagstone
Spy and Eyes of the Chancellor show hands: `hidden_cards` must agree), cards are neither made nor lost
(Jail holds cards out of play), and the log replays to the same snapshots and events."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from tests.engine import properties as p

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
    options = {**GAME.default_options(), "hero1": hero1, "hero2": hero2}
    p.assert_playout_keeps_promises(GAME, 10 + team, options, max_actions=3000)
