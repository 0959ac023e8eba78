"""Codex's declaration (modes, options, nature) and the bot policies playing it through the one driver."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import GAMES, load_games
from engine.core import JSON, Action, Game, Outcome, Seat
from engine.playout import Style, play_out
from engine.policy import POLICIES, Policy, get_policy

load_games()


def test_codex_declares_its_modes_options_and_nature() -> None:
    codex = GAMES["codex"].info
    assert [m.name for m in codex.modes] == ["1-hero", "standard", "2v2", "ffa"]
    assert codex.mode("2v2") is not None and codex.mode("2v2").teams
    assert codex.hidden_information and codex.chance and codex.competitive
    assert codex.option("surplus") is not None and codex.option("surplus").choices == ("upkeep", "draw_phase")
    assert GAMES["codex"].default_options()["first_player"] == "random"
    assert type(GAMES["codex"]).default_options is Game.default_options  # its options come from the declaration


def _play(game_name: str, players: int, options: dict[str, object], seed: int, policies: list[str]) -> Outcome:
    game = GAMES[game_name]
    bots = [_Legal(get_policy(name)) for name in policies]
    log = play_out(game, players, seed, options, policies=bots, style=Style(first_seat=True))
    outcome = game.outcome(log.final)
    assert outcome is not None, f"{game_name} seed {seed} did not finish within {game.info.step_cap} actions"
    return outcome


class _Legal(Policy):
    """A policy that must pick one of the legal actions it is offered."""

    name = "legal"
    title = "Legal"

    def __init__(self, inner: Policy) -> None:
        self.inner = inner

    def choose(self, game: Game[Any], view: JSON, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.inner.choose(game, view, seat, legal, rng)
        assert action in legal
        return action


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_each_policy_finishes_codex_games_with_legal_moves(policy: str) -> None:
    for seed in range(3):
        _play("codex", 2, {}, seed, [policy, policy])


def test_greedy_beats_random_at_codex() -> None:
    wins = 0
    for seed in range(8):
        greedy_seat = seed % 2
        names = ["greedy", "random"] if greedy_seat == 0 else ["random", "greedy"]
        outcome = _play("codex", 2, {}, seed, names)
        wins += outcome.winners == frozenset({greedy_seat})
    assert wins >= 7


def test_codex_free_for_all_places_every_seat_and_2v2_names_its_teams() -> None:
    ffa = _play("codex", 4, {"mode": "ffa"}, 5, ["greedy"] * 4)
    places = ffa.places(4)
    assert sorted(places.values())[0] == 1 and set(places) == {0, 1, 2, 3}
    assert {s for s, p in places.items() if p == 1} == set(ffa.winners)
    teams = _play("codex", 4, {"mode": "2v2"}, 6, ["greedy"] * 4)
    assert teams.teams is not None and sorted(s for t in teams.teams for s in t) == [0, 1, 2, 3]
    assert any(set(t) == set(teams.winners) for t in teams.teams)
