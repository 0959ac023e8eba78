"""The platform's promises in the modes the generic property tests (which play the default options) leave
out: the advanced mode at every count, the AI as a buffer, and a few interpretation options."""

from __future__ import annotations

import pytest

from bench import properties as p
from engine.crown import GAME


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, 21, {"mode": "advanced", "difficulty": "hard", "target_card": "yes"}),
        (2, 22, {"mode": "advanced", "ai_buffer": "yes"}),
        (3, 23, {"mode": "advanced", "ai_buffer": "yes", "ability_token": "each_once"}),
        (4, 24, {"mode": "advanced", "vizio_warning": "total_to_1", "turn_order": "clockwise"}),
        (2, 25, {"robot_return": "top", "robots_empower": "no", "ai_prepare_no_match": "next_level"}),
    ],
)
def test_modes_keep_the_promises_and_replay(players: int, seed: int, options: dict[str, str]) -> None:
    # Every promise (conservation included) on every state, at the quick profile's depth; then the replay.
    log = p.profile().check(GAME, players, seed, {**GAME.default_options(), **options})
    assert log.finished and GAME.outcome(log.final) is not None and len(log.moves) > 40


def test_greedy_bot_plays_to_the_end_from_its_own_view() -> None:
    import random

    from engine.policy import get_policy

    greedy = get_policy("greedy")
    for seed in (1, 2):
        s = GAME.setup(3, {"mode": "advanced"}, seed)
        rng = random.Random(seed)
        while GAME.outcome(s) is None:
            seat = min(GAME.to_move(s))
            action = greedy.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng)
            s = GAME.apply(s, seat, action).state
        assert max(side.vp for side in s.sides) > 10
