"""Positions for scenario files: a full dump loads back to the same projection; a dump for one seat keeps
the others' secrets; bad positions are refused naming the key."""

from __future__ import annotations

import random

import pytest

from engine.crown import GAME
from engine.scenario.errors import PositionError


def played(players: int, seed: int, moves: int):
    s = GAME.setup(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = min(GAME.to_move(s))
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))).state
    while s.pending:  # a position starts where nothing is owed
        seat = min(GAME.to_move(s))
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0]).state
    return s


@pytest.mark.parametrize(("players", "seed", "moves"), [(1, 3, 40), (2, 4, 58), (3, 6, 72), (4, 9, 93)])
def test_a_full_dump_loads_back_to_the_same_position(players: int, seed: int, moves: int) -> None:
    s = played(players, seed, moves)
    position = GAME.position_to_scenario(s, None, full=True)
    back = GAME.position_from_scenario(position, players, GAME.checked_options(players, {}), seed)
    before, after = GAME.scenario_projection(s), GAME.scenario_projection(back)
    before.pop("last_battle"), after.pop("last_battle")
    assert after == before
    assert GAME.legal_actions(back, min(GAME.to_move(back))) == GAME.legal_actions(s, min(GAME.to_move(s)))


def test_a_dump_for_one_seat_keeps_the_others_secrets() -> None:
    s = played(2, 4, 30)
    mine = GAME.position_to_scenario(s, 0)
    assert "hand" in mine["p1"] and "fate" in mine["p1"]
    assert "hand" not in mine["p2"] and "fate" not in mine["p2"] and "stack" not in mine


@pytest.mark.parametrize(
    ("position", "path", "words"),
    [
        ({"p1": {"hand": ["Bone Thing"]}}, ("p1", "hand", 0), "no warrior"),
        ({"Desert": {"owner": "p9"}}, ("Desert", "owner"), "owner must be"),
        ({"citadel": {"buildings": ["Bone Quarry"]}}, ("citadel", "buildings"), "no building site"),
        ({"p1": {"cards": ["7"]}}, ("p1", "cards"), "no battle card"),
        ({"order": ["p1"]}, ("order",), "every participant"),
        ({"active": "AI"}, ("active",), "whose turn"),
    ],
)
def test_bad_positions_are_refused_naming_the_key(position, path, words: str) -> None:
    players = 1 if position.get("active") == "AI" else 2
    with pytest.raises(PositionError) as refused:
        GAME.position_from_scenario(position, players, GAME.checked_options(players, {}), 1)
    assert refused.value.path == path and words in str(refused.value)
