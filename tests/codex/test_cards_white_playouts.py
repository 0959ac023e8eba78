"""Random legal playouts with the White heroes: the platform's promises hold with White's cards in play.

The engine-wide property tests play the default heroes; these play Grave Stormborne, Setsuki Hiruki and
Garus Rook (one-hero and three-hero games), so every White card can come up, and check after every move:
turn and outcome agree, JSON round trips, views and events leak no hidden card, notation round trips,
cards are conserved; then the log replays to the same snapshots.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.codex import GAME
from tests.engine import properties as p

TABLES: list[dict[str, Any]] = [
    {"hero1": "grave-stormborne", "hero2": "setsuki-hiruki"},
    {"hero1": "garus-rook", "hero2": "grave-stormborne"},
    {"hero1": "setsuki-hiruki", "hero2": "garus-rook", "trigger_order": "auto", "targetless": "allow"},
    {
        "hero1": ["grave-stormborne", "setsuki-hiruki", "garus-rook"],
        "hero2": ["garus-rook", "grave-stormborne", "setsuki-hiruki"],
    },
]


@pytest.mark.parametrize("seed", [11])
@pytest.mark.parametrize("table", TABLES, ids=["grave-setsuki", "garus-grave", "setsuki-garus-options", "three-heroes"])
def test_white_playouts_keep_the_invariants(table: dict[str, Any], seed: int) -> None:
    # With three specs a tech pick has hundreds of legal pairs: notation is checked in the smaller games.
    options = {**GAME.default_options(), **table}
    _record, counts = p.assert_playout_keeps_promises(GAME, seed, options, notation=isinstance(table["hero1"], str))
    assert len(counts) > 1
