"""Setup by the number of participants (the AI counts), solo and the AI as a buffer."""

from __future__ import annotations

import pytest

from engine.core import BadOptions
from engine.crown import GAME
from tests.crown.helpers import D, fresh


def owned(state, who: int) -> list[int]:
    return [i for i, r in enumerate(state.regions) if r.owner == who]


@pytest.mark.parametrize(
    ("players", "options", "participants", "each", "king"),
    [
        (1, {}, 2, 2, False),
        (2, {}, 2, 2, True),
        (3, {}, 3, 1, True),
        (4, {}, 4, 1, True),
        (2, {"ai_buffer": "yes"}, 3, 1, True),
        (3, {"ai_buffer": "yes"}, 4, 1, True),
    ],
)
def test_setup_by_count(players: int, options: dict[str, str], participants: int, each: int, king: bool) -> None:
    s = fresh(players, seed=7, **options)
    assert len(s.sides) == participants and s.humans == players
    assert s.king is king
    for i, side in enumerate(s.sides):
        regions = owned(s, i)
        assert len(regions) == each
        for r in regions:
            assert len(s.regions[r].stack) == 1 and D.buildings[s.regions[r].stack[0]].level == 0
            assert D.buildings[s.regions[r].stack[0]].start_region == r
            assert [D.warriors[w].attack for w in s.regions[r].defenders] == [1]
        assert len(side.hand) == 3 - each
        assert side.minions == 4
        assert sorted(side.cards) == ["0", "1", "3", "4", "die"]
        assert (side.fate is None) is side.ai
        assert side.gold == (0 if side.ai else 2)
    # The four-player cards leave small games.
    three_four = {w.id for w in D.warriors.values() if w.three_four}
    if participants <= 2:
        assert three_four <= set(s.box)
    else:
        assert three_four.isdisjoint(s.box)
    assert all(w is not None for w in s.display) and len(s.offer) == 4
    assert all(D.buildings[b].level == 1 for b in s.offer)
    assert len(s.queue) == 4 * participants
    if s.sides[-1].ai:
        assert s.order[-1] == participants - 1  # the AI always goes last
    assert sorted(s.order) == list(range(participants))


def test_solo_the_ai_holds_the_citadel_with_a_warrior_of_its_difficulty() -> None:
    for difficulty, level in (("easy", 1), ("medium", 2), ("hard", 3)):
        s = fresh(1, seed=3, difficulty=difficulty)
        assert s.citadel.owner == 1 and not s.king
        (guard,) = s.citadel.defenders
        assert D.warriors[guard].level == level and not D.warriors[guard].robot


def test_the_ai_buffer_starts_like_a_player_and_the_king_holds_the_citadel() -> None:
    s = fresh(3, seed=2, ai_buffer="yes")
    assert s.sides[3].ai and s.citadel.owner is None and s.king
    assert len(owned(s, 3)) == 1 and s.order[-1] == 3
    with pytest.raises(BadOptions, match="2 or 3"):
        fresh(4, ai_buffer="yes")
    with pytest.raises(BadOptions, match="2 or 3"):
        fresh(1, ai_buffer="yes")


def test_second_starting_region_may_be_left_empty() -> None:
    s = fresh(2, seed=4, second_defender="none")
    for i in (0, 1):
        guards = [len(s.regions[r].defenders) for r in owned(s, i)]
        assert sorted(guards) == [0, 1]


def test_lords_by_seat_or_at_random() -> None:
    assert [x.lord for x in fresh(4).sides] == ["vizio", "nox", "mors", "fortis"]
    lords = {tuple(x.lord for x in fresh(4, seed=n, lords="random").sides) for n in range(8)}
    assert len(lords) > 1


def test_bad_options_are_refused_naming_the_choices() -> None:
    with pytest.raises(BadOptions, match="standard, advanced"):
        fresh(2, mode="expert")
    with pytest.raises(BadOptions, match="no option"):
        GAME.setup(2, {"speed": "fast"}, 1)
    with pytest.raises(BadOptions, match="1 to 4"):
        GAME.setup(5, {}, 1)


def test_setup_is_reproducible_and_opening_events_tell_it() -> None:
    a, b = fresh(3, seed=11), fresh(3, seed=11)
    assert GAME.to_json(a) == GAME.to_json(b)
    kinds = [e.kind for e in GAME.opening_events(a)]
    assert kinds.count("fate") == 3 and kinds.count("start_building") == 3 and "round" in kinds
    fates = [e for e in GAME.opening_events(a) if e.kind == "fate"]
    assert [e.to for e in fates] == [frozenset({0}), frozenset({1}), frozenset({2})]


def test_yes_and_no_options_may_arrive_as_true_and_false() -> None:
    s = fresh(1, target_card=True, ai_buffer=False)
    assert s.options["target_card"] == "yes" and s.options["ai_buffer"] == "no"
    assert "T" in s.ai["deck"]
