"""The protocol's declarations: game metadata, typed outcomes with placements and teams, bot policies."""

from __future__ import annotations

import pytest

from engine import GAMES, load_games
from engine.core import EndReason, Game, Outcome
from engine.meta import GameInfo, ModeInfo, OptionInfo
from engine.policy import get_policy

load_games()


def test_game_info_refuses_inconsistent_declarations() -> None:
    with pytest.raises(ValueError, match="seats"):
        GameInfo("x", "X", 3, 2)
    with pytest.raises(ValueError, match="twice"):
        GameInfo("x", "X", 2, 2, options=(OptionInfo("a", 1), OptionInfo("a", 2)))
    with pytest.raises(ValueError, match="outside"):
        GameInfo("x", "X", 2, 2, modes=(ModeInfo("big", (4,)),))
    with pytest.raises(ValueError, match="not one of its choices"):
        OptionInfo("speed", "fast", choices=("slow",))


def test_every_game_that_declares_info_is_consistent_with_it() -> None:

    # Games written before GameInfo (test doubles among them) may still override default_options.
    declared = [g for g in GAMES.values() if type(g).default_options is Game.default_options]
    assert declared
    for game in declared:
        info = game.info
        assert (info.name, info.title, info.min_players, info.max_players) == (
            game.name,
            game.title,
            game.min_players,
            game.max_players,
        )
        assert game.default_options() == info.defaults()
        for option in info.options:
            if option.choices is not None:
                assert option.default in option.choices


def test_outcome_reasons_are_typed_and_unknown_ones_refused() -> None:
    assert Outcome(frozenset({0}), "resign").reason is EndReason.RESIGN
    assert Outcome(frozenset({0}), "resign").reason == "resign"  # still compares as text
    with pytest.raises(ValueError):
        Outcome(frozenset({0}), "gave up")


def test_places_default_to_winners_first_and_keep_explicit_ties() -> None:
    assert Outcome(frozenset({1})).places(3) == {0: 2, 1: 1, 2: 2}
    assert Outcome(frozenset(), "draw").places(2) == {0: 1, 1: 1}
    ranked = Outcome(frozenset({2}), placements={0: 3, 1: 2, 2: 1, 3: 2})
    assert ranked.places(4) == {0: 3, 1: 2, 2: 1, 3: 2}
    back = Outcome.from_json(Outcome(frozenset({0}), teams=((0, 2), (1, 3)), placements={0: 1, 1: 2}).to_json())
    assert back.teams == ((0, 2), (1, 3)) and back.placements == {0: 1, 1: 2}


def test_get_policy_names_the_bots_when_unknown() -> None:
    with pytest.raises(ValueError, match="greedy"):
        get_policy("clever")
