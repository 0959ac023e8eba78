"""Every action space: gold, gathering (tribute, upgrading, dashed spaces), building, refresh, preparing a
warrior at the end of the turn (gold for missing resources, refilling the display), special ingredients."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction
from engine.crown import GAME
from tests.crown.helpers import D, act, active, fresh, garrison, give, legal, of, region, two_players, wid


def test_the_gold_space_pays_and_the_turn_moves_to_preparing() -> None:
    s, events = act(two_players(), "gold")
    assert s.sides[0].gold == 4 and s.gold_space == [0] and s.sides[0].minions == 3
    assert s.stage == "end" and "end" in legal(s)
    s, _ = act(s, "end")
    assert s.active == 1 and s.stage == "place"
    assert of(events, "gain")[0]["what"] == {"gold": 2}


def test_gathering_in_your_own_region_lets_you_upgrade_its_defenders() -> None:
    """The rulebook's example: 3 sulfur at home, the starter back to hand, two blood warriors in."""
    s = two_players()
    volcano = region("Volcano")
    garrison(s, volcano, "Nox's Sulfur Page")
    give(s, 0, "Red Tick", "Vein Stalker")
    s, events = act(s, "gather Volcano")
    assert s.sides[0].res["sulfur"] == 3 and not of(events, "gain")[0]["what"].get("gold")
    assert "defend Red Tick + Vein Stalker" in legal(s) and "defend nobody" in legal(s)
    s, _ = act(s, "defend Red Tick + Vein Stalker")
    assert sorted(s.regions[volcano].defenders) == sorted([wid("Red Tick"), wid("Vein Stalker")])
    assert s.sides[0].hand == [wid("Nox's Sulfur Page")]
    assert GAME.scenario_projection(s)["Volcano"]["defenders"] == ["Red Tick", "Vein Stalker"]


def test_gathering_at_another_players_building_pays_them_tribute_from_the_supply() -> None:
    s, _ = act(two_players(), "gather Forest")
    assert s.sides[0].res["ash"] == 3 and s.sides[1].gold == 3 and s.sides[0].gold == 2
    assert s.stage == "end"  # no upgrade in someone else's region


def test_dashed_resource_spaces_need_three_or_four_participants() -> None:
    s, _ = act(two_players(), "gather Forest", "end")
    assert "gather Forest" not in legal(active(s, 0))
    s3 = active(fresh(3, seed=1), 0)
    r = next(i for i, a in enumerate(s3.regions) if a.stack)
    name = D.regions[r].name
    s3, _ = act(s3, f"gather {name}", "end")
    assert f"gather {name}" in legal(active(s3, 0))
    s3, _ = act(active(s3, 0), f"gather {name}", "end")
    assert f"gather {name}" not in legal(active(s3, 0))


def test_a_region_without_a_building_has_nothing_to_gather() -> None:
    assert "gather Coast" not in legal(two_players())


def test_building_in_a_free_region_takes_it_and_pays_income() -> None:
    s = two_players()
    s.offer = ["B05", "B08", "B11", "B14"]
    give(s, 0, "Rib Shambler")
    s.sides[0].gold = 3
    s, events = act(s, "build Bone Quarry in Coast")
    coast = s.regions[region("Coast")]
    assert coast.owner == 0 and coast.stack == ["B05"] and s.sides[0].gold == 0
    assert s.sides[0].res["bones"] == 3  # the instant income
    assert len(s.offer) == 4 and "B05" not in s.offer
    s, _ = act(s, "defend Rib Shambler")
    assert coast.defenders == [] and s.regions[region("Coast")].defenders == [wid("Rib Shambler")]
    assert "build" in [e.kind for e in events] and "control" in [e.kind for e in events]


def test_building_stacks_on_your_own_building_and_never_in_anothers_region() -> None:
    s = two_players()
    s.offer = ["B05", "B08", "B11", "B14"]
    s.sides[0].gold = 3
    moves = legal(s)
    assert "build Bone Quarry in Desert" in moves and "build Bone Quarry in Coast" in moves
    assert "build Bone Quarry in Forest" not in moves
    s, _ = act(s, "build Bone Quarry in Desert", "defend nobody")
    assert s.regions[region("Desert")].stack == ["B01", "B05"]
    s.sides[0].gold = 2
    assert not [m for m in legal(active(s, 0)) if m.startswith("build")]  # 3 gold needed


def test_refresh_takes_the_battle_cards_back_once_a_round() -> None:
    s = two_players()
    s.sides[0].cards, s.sides[0].discard = ["die"], ["0", "3", "1", "4"]
    s, _ = act(s, "refresh", "end")
    assert s.sides[0].cards == ["0", "1", "3", "4", "die"] and s.sides[0].discard == []
    assert "refresh" not in legal(active(s, 0))


def test_preparing_pays_resources_then_gold_and_refills_the_slot_from_its_deck() -> None:
    s = two_players()
    marshal = wid("Barrow Warden")  # 3 bones + 1 ash
    s.decks["2"] = [w for w in s.decks["2"] if w != marshal] + [x for x in s.display if x and D.warriors[x].level == 2]
    s.display = [w if w is None or D.warriors[w].level != 2 else None for w in s.display]
    s.display[2] = marshal
    s.display[3] = s.decks["2"].pop(0)
    s.sides[0].res.update(bones=2, ash=1)
    s.sides[0].gold = 2
    s, _ = act(s, "gold")
    assert "prepare Barrow Warden" in legal(s)
    nxt = s.decks["2"][0]
    s, events = act(s, "prepare Barrow Warden")
    assert s.sides[0].res["bones"] == 0 and s.sides[0].res["ash"] == 0 and s.sides[0].gold == 3
    assert marshal in s.sides[0].hand and s.display[2] == nxt
    assert of(events, "prepare")[0]["paid"] == {"bones": 2, "ash": 1, "gold": 1}
    assert s.active == 1  # preparing ends the turn


def test_a_slot_whose_deck_is_empty_takes_from_the_next_deck() -> None:
    s = two_players()
    s.sides[0].gold = 20
    s.decks["1"] = []
    first = s.display[0]
    assert first is not None
    top2 = s.decks["2"][0]
    s, _ = act(s, "gold", f"prepare {D.warriors[first].name}")
    assert s.display[0] == top2


def test_robot_costs_take_any_resource_and_gold_may_pay_for_anything() -> None:
    s = two_players()
    golem = wid("Marrow Engine")  # 1 bones + 1 any
    s.display[0] = golem
    s.decks["1"] = [w for w in s.decks["1"] if w != golem]
    s.sides[0].res.update(bones=1, blood=1)
    s.sides[0].gold = 0
    s, _ = act(s, "gather Desert", "defend nobody")
    s, _ = act(s, "prepare Marrow Engine")
    # 4 bones and 1 blood: the bones symbol takes a bone, the "any" symbol the most plentiful, bones again.
    assert s.sides[0].res == {"bones": 2, "ash": 0, "sulfur": 0, "blood": 1} and s.sides[0].gold == 0


def test_special_ingredients_are_taken_one_at_a_time() -> None:
    s = two_players()
    s.regions[region("Coast")].stack = ["B25"]  # 3 special ingredients
    s.regions[region("Coast")].owner = 1
    s, _ = act(s, "gather Coast")
    assert legal(s) == ["take bones", "take ash", "take sulfur", "take blood"]
    s, _ = act(s, "take blood", "take blood", "take ash")
    assert s.sides[0].res["blood"] == 2 and s.sides[0].res["ash"] == 1 and s.stage == "end"
    assert s.sides[1].gold == 4  # level II tribute


def test_moves_out_of_turn_or_not_legal_are_refused_and_change_nothing() -> None:
    s = two_players()
    before = GAME.to_json(s)
    with pytest.raises(IllegalAction, match="gold"):
        GAME.apply(s, 0, Action("gather", (region("Coast"),)))
    assert GAME.to_json(s) == before
    with pytest.raises(Exception, match="p1"):
        GAME.parse_action(s, 1, "gold")


def test_the_refresh_space_may_be_open_to_every_turn() -> None:
    s = fresh(2, seed=1, refresh_space="unlimited")
    s = active(s, 0)
    s, _ = act(s, "refresh", "end")
    assert "refresh" in legal(active(s, 0))
