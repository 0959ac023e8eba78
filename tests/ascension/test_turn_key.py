"""Ascension's turns as the channel's board messages see them (Game.turn_key's default, #17)."""

from __future__ import annotations

import random

from engine.ascension import GAME
from engine.playout import choose_move


def test_a_solo_game_without_its_own_key_still_tells_its_turns_apart_by_its_round() -> None:
    game = GAME  # no turn_key of its own: the default reads the public view's round
    state = game.setup(1, game.default_options(), 5)
    keys = [game.turn_key(state)]
    rng = random.Random(5)
    while game.outcome(state) is None and len(set(keys)) < 3 and len(keys) < 500:
        seat, action = choose_move(game, state, rng) or (None, None)
        assert seat is not None and action is not None
        state = game.apply(state, seat, action).state
        keys.append(game.turn_key(state))
    assert len(set(keys)) >= 3, "the seat to move never changes alone: the round must tell the turns apart"
