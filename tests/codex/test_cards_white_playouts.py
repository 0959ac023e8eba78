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
    game = GAME
    options = {**game.default_options(), **table}
    count, seen = p.make_card_count_check(game)
    checks = [p.check_turn_and_outcome, p.check_json_round_trip, p.check_views, count]
    if isinstance(table["hero1"], str):
        # With three specs a tech pick has hundreds of legal pairs: notation is checked in the smaller games.
        checks.append(p.check_notation)
    record = p.playout(game, 2, seed, options, state_checks=checks, step_checks=[p.check_events])
    assert game.outcome(record.final) is not None and len(seen()) > 1
    for i, (snapshot, events) in enumerate(p.replay(game, record)):
        assert snapshot == record.snapshots[i], f"snapshot {i} differs on replay"
        assert events == (record.events[i - 1] if i else record.opening), f"events of move {i} differ"
