"""The greedy bot's taste for Ascension (engine/ascension/bot.py) makes a real opponent."""

from __future__ import annotations

from engine.ascension import GAME
from engine.core import Action
from engine.playout import play_out
from engine.policy import POLICIES


def test_the_greedy_bot_beats_the_random_one() -> None:
    greedy, rand = POLICIES["greedy"], POLICIES["random"]
    won = 0
    for seed in range(4):
        seats = [greedy, rand] if seed % 2 == 0 else [rand, greedy]
        result = GAME.outcome(play_out(GAME, 2, seed, policies=seats).final)
        assert result is not None
        won += seats.index(greedy) in result.winners
    assert won == 4


def test_the_greedy_bot_plays_everything_then_spends_and_ends_last() -> None:
    view = GAME.view(GAME.setup(2, GAME.default_options(), 1), 0)
    in_order = [
        Action("play", ("all",)),
        Action("play", ("mystic",)),
        Action("use", ("muramasa", "power")),
        Action("defeat", ("cultist", 0)),
        Action("buy", ("mystic", 0, "discard")),
        Action("end"),
    ]
    scores = [GAME.greedy_score(view, 0, a) for a in in_order]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == len(scores) and scores[-1] == 0.0
    banish_starter = GAME.greedy_score(view, 0, Action("banish", ("apprentice", "hand", 0)))
    assert banish_starter > GAME.greedy_score(view, 0, Action("skip"))
