"""The protocol's declarations: game metadata, typed outcomes with placements and teams, bot policies."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import GAMES, load_games
from engine.core import JSON, Action, EndReason, Game, Outcome, Seat
from engine.meta import GameInfo, ModeInfo, OptionInfo
from engine.playout import Style, play_out
from engine.policy import POLICIES, Policy, get_policy

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
    from engine.core import Game

    # Games written before GameInfo (test doubles among them) may still override default_options.
    declared = [g for g in GAMES.values() if type(g).default_options is Game.default_options or g.name == "codex"]
    assert "codex" in {g.name for g in declared}
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


def test_codex_declares_its_modes_options_and_nature() -> None:
    codex = GAMES["codex"].info
    assert [m.name for m in codex.modes] == ["1-hero", "standard", "2v2", "ffa"]
    assert codex.mode("2v2") is not None and codex.mode("2v2").teams
    assert codex.hidden_information and codex.chance and codex.competitive
    assert codex.option("surplus") is not None and codex.option("surplus").choices == ("upkeep", "draw_phase")
    assert GAMES["codex"].default_options()["first_player"] == "random"


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


def test_get_policy_names_the_bots_when_unknown() -> None:
    with pytest.raises(ValueError, match="greedy"):
        get_policy("clever")
