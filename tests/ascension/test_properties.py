"""The platform's promises at tables of three and four, which the generic property test may not draw in
the quick profile (it picks two seat counts of 1-4 at random): one checked playout of each."""

from __future__ import annotations

import pytest

from bench import properties as p
from engine.ascension import GAME


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_long_tables_end_replay_and_keep_their_promises(players: int, seed: int) -> None:
    log = p.profile().check(GAME, players, seed)
    assert log.finished and GAME.outcome(log.final) is not None
    assert len(log.moves) > 10 * players
