"""The platform's promises for tables of three and four, which the generic property tests leave out
(tests/engine/properties.py SEAT_RANGE: random games of 3-4 seats run to 600-800 moves)."""

from __future__ import annotations

import pytest

from engine.ascension import GAME
from tests.engine import properties as p


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_long_tables_end_replay_and_keep_their_promises(players: int, seed: int) -> None:
    check, seen = p.make_card_count_check(GAME)
    record = p.playout(
        GAME,
        players,
        seed,
        state_checks=[p.check_turn_and_outcome, p.check_json_round_trip, p.check_notation, check],
        step_checks=[p.check_events],
    )
    assert GAME.outcome(record.final) is not None and len(set(seen())) == 1
    replayed = list(p.replay(GAME, record))
    assert [snapshot for snapshot, _ in replayed] == record.snapshots
