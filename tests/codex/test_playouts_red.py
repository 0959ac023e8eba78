"""Random legal playouts with Red's heroes hold the platform's promises (tests/engine/properties.py): they end,
snapshots round-trip through JSON, views and events leak no hidden card, cards are never made or lost, the
notation parses back, and replaying the log gives the same game."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from tests.engine import properties as p

MATCHES = [
    ("captain-zane", "drakk-ramhorn", 11),
    ("drakk-ramhorn", "jaina-stormborne", 12),
    ("jaina-stormborne", "captain-zane", 13),
    ("captain-zane", "troq-bashar", 14),
]


@pytest.mark.parametrize(("hero1", "hero2", "seed"), MATCHES)
def test_red_heroes_random_playouts_keep_the_promises(hero1: str, hero2: str, seed: int) -> None:
    p.assert_playout_keeps_promises(GAME, seed, {**GAME.default_options(), "hero1": hero1, "hero2": hero2})
