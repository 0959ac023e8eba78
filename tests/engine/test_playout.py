"""The one playout driver: setup first, every move after, the step cap, policies, and exact replay."""

from __future__ import annotations

import pytest

from engine import GAMES, load_games
from engine.playout import Style, play, play_out, replay
from engine.policy import POLICIES
from tests.fixtures import trial_game

load_games()
assert trial_game.TRIAL is GAMES["trial"]


@pytest.mark.parametrize("name", ["codex", "trial"])
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


def test_the_step_cap_stops_a_playout_unfinished() -> None:
    game = GAMES["codex"]
    log = play_out(game, 2, 3, step_cap=5)
    assert len(log.moves) == 5 and not log.finished


def test_policies_play_from_each_seats_view() -> None:
    game = GAMES["codex"]
    seen: list[int] = []

    class Watching(type(POLICIES["random"])):  # type: ignore[misc]
        def choose(self, game, view, seat, legal, rng):  # type: ignore[no-untyped-def]
            assert view.get("you", {}).get("seat") == seat  # a seat's own view, never the state
            seen.append(seat)
            return super().choose(game, view, seat, legal, rng)

    log = play_out(game, 2, 4, policies=[Watching(), Watching()], step_cap=60)
    assert set(seen) == {0, 1} and len(log.moves) == len(seen)
