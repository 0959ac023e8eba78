"""The one playout driver: setup first, every move after, the step cap, policies, and exact replay; for every
registered game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import GAMES
from engine.core import JSON, Action, Game, Seat
from engine.playout import Style, choose_move, play, play_out, replay
from engine.policy import POLICIES, Policy
from tests.registry import game_names

NAMES = game_names()


@pytest.mark.parametrize("name", NAMES)
def test_a_playout_starts_with_setup_and_replays_exactly(name: str) -> None:
    game = GAMES[name]
    steps = list(play(game, game.min_players, 11, style=Style(revise=0.1, resign=0.01)))
    assert steps[0].before is None and steps[0].move is None
    assert all(s.move is not None for s in steps[1:])
    log = play_out(game, game.min_players, 11, style=Style(revise=0.1, resign=0.01))
    assert log.finished and game.outcome(log.final) is not None
    again = list(replay(game, log))
    assert [game.to_json(s.state) for s in again] == [game.to_json(s.state) for s in steps]
    assert [s.events for s in again] == [s.step.events for s in steps]


@pytest.mark.parametrize("name", NAMES)
def test_the_step_cap_stops_a_playout_unfinished(name: str) -> None:
    log = play_out(GAMES[name], GAMES[name].min_players, 3, step_cap=5)
    assert len(log.moves) == 5 and not log.finished


class Watching(Policy):
    """The random bot, noting each view it was shown in a list shared by every seat."""

    name = "watching"
    title = "Watching"

    def __init__(self, seen: list[tuple[Seat, JSON]]) -> None:
        self.seen = seen

    def choose(self, game: Game[Any], view: JSON, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        self.seen.append((seat, view))
        return POLICIES["random"].choose(game, view, seat, legal, rng)


@pytest.mark.parametrize("name", NAMES)
def test_policies_play_from_each_seats_view(name: str) -> None:
    game, players = GAMES[name], GAMES[name].min_players
    seen: list[tuple[Seat, JSON]] = []
    log = play_out(game, players, 4, policies=[Watching(seen) for _ in range(players)], step_cap=60)
    # Each move's bot was shown its own seat's view of the state it moved in, never the state itself.
    states = [s.state for s in replay(game, log)]
    assert seen == [(move.seat, game.view(states[i], move.seat)) for i, move in enumerate(log.moves)]
    assert {seat for seat, _view in seen} == set(range(players))


@pytest.mark.parametrize("name", NAMES)
def test_the_first_seat_style_moves_the_lowest_seat_owing_a_move(name: str) -> None:
    game = GAMES[name]
    for played in play(game, game.max_players, 6, style=Style(first_seat=True), step_cap=80):
        if played.move is not None:
            assert played.move.seat == min(game.to_move(played.before))


def test_choose_move_is_the_drivers_choice() -> None:
    game = GAMES[NAMES[0]]
    state = game.setup(game.min_players, game.default_options(), 2)
    ours = choose_move(game, state, random.Random(8), players=game.min_players)
    driven = list(play(game, game.min_players, 2, step_cap=1, rng=random.Random(8)))[1].move
    assert driven is not None and ours == (driven.seat, driven.action)
