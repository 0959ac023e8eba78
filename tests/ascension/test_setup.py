"""Setup by player count: starting decks, hands, piles, the row, the centre deck (100 or 99 cards), the
Honor reserve and the first player."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.ascension import GAME
from engine.core import BadOptions
from tests.ascension.helpers import names, proj


@pytest.mark.parametrize(("players", "reserve"), [(1, 50), (2, 60), (3, 90), (4, 120)])
def test_each_player_starts_alike_and_the_reserve_holds_30_each_or_50_solo(players: int, reserve: int) -> None:
    s = GAME.setup(players, GAME.default_options(), 7)
    p = proj(s)
    assert p["reserve"] == reserve and not p["end_triggered"]
    for seat in range(players):
        mine = p[f"p{seat + 1}"]
        assert len(mine["hand"]) == 5 and len(mine["deck"]) == 5 and mine["honor"] == 0
        assert Counter(names(mine["hand"] + mine["deck"])) == {"Apprentice": 8, "Militia": 2}
    assert (p["mystic"], p["heavy_infantry"]) == (20, 20)
    assert len(names(p["row"])) == 6 and len(p["centre_deck"]) == 94
    assert GAME.card_count(s) == 10 * players + 41 + 100


def test_the_centre_deck_has_100_cards_by_default_and_99_with_two_wind_tyrants() -> None:
    for deck, tyrants in ((100, 3), (99, 2)):
        s = GAME.setup(2, {**GAME.default_options(), "centre_deck": deck}, 3)
        centre = names(proj(s)["centre_deck"] + proj(s)["row"])
        assert len(centre) == deck and Counter(centre)["Wind Tyrant"] == tyrants
    with pytest.raises(BadOptions, match="centre_deck"):
        GAME.setup(2, {**GAME.default_options(), "centre_deck": 98}, 3)


def test_the_first_player_is_drawn_at_random_unless_an_option_names_one() -> None:
    firsts = {GAME.setup(3, GAME.default_options(), seed).first for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert GAME.setup(3, {**GAME.default_options(), "first_player": "p3"}, 1).first == 2
    with pytest.raises(BadOptions, match="p3"):
        GAME.setup(2, {**GAME.default_options(), "first_player": "p3"}, 1)
    assert GAME.to_move(GAME.setup(2, {**GAME.default_options(), "first_player": "p2"}, 1)) == {1}


def test_setup_is_reported_in_the_opening_events_without_showing_hands_to_others() -> None:
    s = GAME.setup(2, GAME.default_options(), 5)
    events = GAME.opening_events(s)
    draws = [e for e in events if e.kind == "draw"]
    assert [sorted(e.to or ()) for e in draws] == [[0], [1]]
    assert [e.data["cards"] for e in draws] == [proj(s)["p1"]["hand"], proj(s)["p2"]["hand"]]
    public = [GAME.describe_event(e, None) for e in events if e.to is None]
    assert "p1 draws 5 cards." in public and "p2 draws 5 cards." in public
    assert sum(1 for e in events if e.kind == "refill") == 6
    assert GAME.opening_events(s) == events  # rebuilt from the seed, the same every time


@pytest.mark.parametrize("players", [0, 5])
def test_a_table_of_the_wrong_size_is_refused(players: int) -> None:
    with pytest.raises(BadOptions, match="1 to 4"):
        GAME.setup(players, GAME.default_options(), 1)


def test_modes_solo_and_multiplayer() -> None:
    assert GAME.mode_key(GAME.default_options(), 1) == "solo"
    assert GAME.mode_key(GAME.default_options(), 3) == "multiplayer"
    assert GAME.seat_range({"mode": "solo"}) == (1, 1) and GAME.seat_range({"mode": "multiplayer"}) == (2, 4)
    assert GAME.info.automated_seats and GAME.info.hidden_information and GAME.info.chance
