"""Chance fixed for tests and scenarios: the next cards of a player's deck or of the centre deck."""

from __future__ import annotations

import pytest

from engine.ascension import GAME
from engine.core import GameError
from tests.ascension.helpers import act, names, position, proj


def test_a_players_next_draws_can_be_fixed_even_across_a_reshuffle() -> None:
    s = position(
        p1={"hand": ["Master Dhartha"], "deck": ["Apprentice", "Militia"], "discard": ["Mystic", "Apprentice"]}
    )
    s = GAME.fix_chance(s, "deck:p1", ["Militia", "Apprentice", "Mystic"])
    s, _ = act(s, "play Master Dhartha")
    assert names(proj(s)["p1"]["hand"]) == ["Militia", "Apprentice", "Mystic"]


def test_the_next_centre_cards_can_be_fixed() -> None:
    row = ["Mephit", "Mephit", "Arha Initiate", "Landtalker", "Muramasa", "Oziah the Peerless"]
    s = GAME.fix_chance(position(row=row, turn={"power": 8}), "centre", ["Xeron, Duke of Lies", "Wind Tyrant"])
    s, _ = act(s, "defeat Cultist")
    assert names(proj(s)["row"]) == row  # nothing left the row: the fixed cards wait
    assert s.fixed == {"centre": ["xeron-duke-of-lies", "wind-tyrant"]}
    assert GAME.from_json(GAME.to_json(s)).fixed == s.fixed
    s, _ = act(s, "defeat Mephit", "skip", "defeat Mephit")
    assert names(proj(s)["row"])[:2] == ["Xeron, Duke of Lies", "Wind Tyrant"] and s.fixed == {}


def test_fixing_what_cannot_come_is_refused() -> None:
    s = position(p1={"deck": ["Apprentice"]})
    with pytest.raises(GameError, match="Mystic"):
        GAME.fix_chance(s, "deck:p1", ["Mystic"])
    with pytest.raises(GameError, match="no card called"):
        GAME.fix_chance(s, "deck:p1", ["Mystik"])
    with pytest.raises(GameError, match="deck:p1"):
        GAME.fix_chance(s, "dice", [1])
    assert set(GAME.chance_kinds()) == {"centre", "deck:p1", "deck:p2", "deck:p3", "deck:p4"}
