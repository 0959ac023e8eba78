"""The provisional data set: every component is there, counted as the rulebook counts, and a data set is
chosen by name only."""

from __future__ import annotations

import tomllib

import pytest

from engine.core import BadOptions
from engine.crown import GAME
from engine.crown.data import FOLDER, data_sets, load, parse
from tests.crown.helpers import D


def test_the_shipped_data_sets_are_named() -> None:
    assert data_sets() == ("provisional",)
    assert D.provisional and D.name == "provisional"


def test_component_counts_match_the_rulebook() -> None:
    recruit = [w for w in D.warriors.values() if w.level]
    starters = [w for w in D.warriors.values() if not w.level]
    assert len(recruit) == 32 and len(starters) == 12
    assert [sum(1 for w in recruit if w.level == lv) for lv in (1, 2, 3)] == [12, 12, 8]
    assert sorted(w.id for w in recruit if w.three_four) == ["W14", "W17", "W20", "W23"]
    assert all(w.level == 2 for w in recruit if w.three_four)
    assert {w.robot for w in recruit if w.robot} == {1, 2, 3}
    assert [sum(1 for b in D.buildings.values() if b.level == lv) for lv in (0, 1, 2)] == [4, 12, 11]
    assert sum(1 for b in D.buildings.values() if b.resurrection) == 1
    assert sorted(D.cards) == ["0", "1", "3", "4", "die"]
    assert len(D.fates) == 6 and len({frozenset(x) for x in D.fates.values()}) == 6
    assert len(D.ai_cards) == 6 and D.target[1] in D.ai_cards
    assert len(D.regions) == 6 and len(D.citadel_spaces) == 3


def test_each_lord_has_an_attack_one_starter_for_each_starting_region() -> None:
    for lord in ("vizio", "nox", "mors", "fortis"):
        ones = [w for w in D.warriors.values() if w.lord == lord and w.attack == 1]
        assert len(ones) == 2


def test_printed_facts_of_the_rulebook() -> None:
    assert D.rules["king_attack"] == 5 and D.rules["starting_gold"] == 2
    assert [s.modifier for s in D.citadel_spaces] == [1, 0, -1]
    assert [s.single for s in D.citadel_spaces] == [True, True, False]
    assert dict(D.cards["die"].win).get("vp") == 1  # the worked example's reward
    assert dict(D.cards["1"].lose) == {"special": 1}
    assert D.cards["0"].black
    assert all(1 <= w.attack <= 6 for w in D.warriors.values())
    assert 5 in [D.citadel_vp(2, r) for r in (1, 2, 3, 4)]


def test_a_data_set_is_chosen_by_name_never_by_path() -> None:
    with pytest.raises(BadOptions, match="data"):
        GAME.setup(2, {"data": str(FOLDER / "provisional.toml")}, 1)
    with pytest.raises(BadOptions, match="provisional"):
        GAME.setup(2, {"data": "printed"}, 1)
    with pytest.raises(KeyError):
        load("../provisional")


def test_a_broken_data_file_is_refused_naming_the_fault() -> None:
    raw = tomllib.loads((FOLDER / "provisional.toml").read_text(encoding="utf-8"))
    raw["warrior"][0]["attack"] = 9
    with pytest.raises(ValueError, match="W01"):
        parse(raw)
    raw = tomllib.loads((FOLDER / "provisional.toml").read_text(encoding="utf-8"))
    raw["ai_card"][0]["steps"][0] = {"do": "dance"}
    with pytest.raises(ValueError, match="dance"):
        parse(raw)
    raw = tomllib.loads((FOLDER / "provisional.toml").read_text(encoding="utf-8"))
    raw["building"][5]["supply"] = {"gems": 2}
    with pytest.raises(ValueError, match="B06"):
        parse(raw)
