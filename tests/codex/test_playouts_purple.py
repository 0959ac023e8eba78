"""Random legal playouts with Purple's heroes hold the platform's promises (tests/engine/properties.py): they
end, snapshots round-trip through JSON, views and events leak no hidden card (peeks at the top of the deck and
swaps included), cards are never made or lost (forecast Mechs are no cards), the notation parses back, and
replaying the log gives the same game (random picks by Second Chances and Sentry included)."""

from __future__ import annotations

import pytest

from engine.codex import GAME
from tests.engine import properties as p

MATCHES: list[tuple[str | list[str], str | list[str], int]] = [
    ("vir-garbarean", "prynn-pasternaak", 21),
    ("prynn-pasternaak", "max-geiger", 22),
    ("max-geiger", "vir-garbarean", 23),
    ("vir-garbarean", "troq-bashar", 24),
    (["vir-garbarean", "prynn-pasternaak", "max-geiger"], ["max-geiger", "river-montoya", "prynn-pasternaak"], 25),
]


@pytest.mark.parametrize(("hero1", "hero2", "seed"), MATCHES)
def test_purple_heroes_random_playouts_keep_the_promises(
    hero1: str | list[str], hero2: str | list[str], seed: int
) -> None:
    p.assert_playout_keeps_promises(GAME, seed, {**GAME.default_options(), "hero1": hero1, "hero2": hero2})
