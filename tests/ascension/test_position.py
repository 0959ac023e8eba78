"""Positions for scenario files: a dump loads back to the same table, and bad positions are refused with
the key at fault."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ascension import GAME
from engine.ascension.state import State
from engine.playout import play
from engine.scenario.errors import PositionError
from tests.ascension.helpers import names, position


def by_name(projection: dict[str, Any]) -> dict[str, Any]:
    """The projection with labels read as printed names: a position names cards, not copies."""

    def plain(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        if isinstance(value, str) and "#" in value:
            return value.rsplit("#", 1)[0]
        return value

    out = plain(projection)
    out["box"] = sorted(out["box"])
    return out


def mid_game(players: int, seed: int, moves: int) -> State:
    for step in play(GAME, players, seed, step_cap=moves):
        state = step.state
    return state


@pytest.mark.parametrize(("players", "seed"), [(1, 2), (2, 3), (3, 4)])
def test_a_full_dump_loads_back_to_the_same_position(players: int, seed: int) -> None:
    state = mid_game(players, seed, 120)
    while state.pending is not None:  # a position holds no choice in mid-resolution
        state = GAME.apply(state, state.pending["seat"], GAME.legal_actions(state, state.pending["seat"])[-1]).state
    table = GAME.position_to_scenario(state, None, full=True)
    again = GAME.position_from_scenario(table, players, state.options, state.seed)
    want, got = by_name(GAME.scenario_projection(state)), by_name(GAME.scenario_projection(again))
    for key in ("samael_score", "pending"):
        want.pop(key), got.pop(key)
    assert got == want
    assert GAME.card_count(again) == GAME.card_count(state)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4)])
def test_a_full_dump_keeps_every_copy_by_its_label(players: int, seed: int) -> None:
    """Labels too load back as they were, so a scenario's set step (a dump changed and read back) keeps them."""
    state = mid_game(players, seed, 120)
    while state.pending is not None:
        state = GAME.apply(state, state.pending["seat"], GAME.legal_actions(state, state.pending["seat"])[-1]).state
    table = GAME.position_to_scenario(state, None, full=True)
    assert any("#" in card for card in table["p1"]["deck"])  # type: ignore[index,union-attr]
    again = GAME.position_from_scenario(table, players, state.options, state.seed)
    want, got = GAME.scenario_projection(state), GAME.scenario_projection(again)
    assert got == want


def test_a_dump_for_one_seat_hides_the_others_hands_and_every_deck() -> None:
    state = GAME.setup(3, GAME.default_options(), 4)
    table = GAME.position_to_scenario(state, 1)
    assert table["p1"]["hand"] == 5 and isinstance(table["p2"]["hand"], list) and table["p2"]["deck"] == 5
    assert "centre_deck" not in table and "rng" not in table
    again = GAME.position_from_scenario(table, 3, GAME.default_options(), 4)
    assert len(again.players[0].hand) == 5 and names(GAME.scenario_projection(again)["p2"]["hand"]) == names(
        GAME.scenario_projection(state)["p2"]["hand"]
    )


@pytest.mark.parametrize(
    ("table", "path", "words"),
    [
        ({"p1": {"hand": ["Mystik"]}}, ("p1", "hand", 0), 'did you mean "Mystic"'),
        ({"p1": {"hand": ["Militia"] * 3}}, ("p1", "hand", 2), "no more copies of Militia"),
        ({"row": ["Apprentice"]}, ("row", 0), "starting card"),
        ({"row": ["Mystic"]}, ("row", 0), "not a card of the centre deck"),
        ({"p1": {"constructs": ["Mystic"]}}, ("p1", "constructs", 0), "cannot be among constructs"),
        ({"p2": {"played": ["Mystic"]}}, ("p2", "played"), "whose turn it is"),
        ({"turn": {"used": ["Muramasa"]}}, ("turn", "used", 0), "not in play"),
        ({"p1": {"constructs": ["Muramasa"]}, "turn": {"used": ["Muramasa fly"]}}, ("turn", "used", 0), "no use"),
        ({"hand": []}, ("hand",), "unknown key"),
        ({"row": ["Cultist"]}, ("row", 0), "always available"),
        ({"samael": ["Landtalker"]}, ("samael",), "solo game"),
    ],
)
def test_a_bad_position_is_refused_naming_the_key(table: dict[str, Any], path: tuple[Any, ...], words: str) -> None:
    with pytest.raises(PositionError) as caught:
        position(**table)
    assert caught.value.path == path and words in caught.value.message
