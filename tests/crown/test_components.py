"""Every component of the data set in play: each warrior prepared at its cost and fighting at its attack,
each building built and gathered, each battle card's value and rewards, each fate card, each AI card."""

from __future__ import annotations

import pytest

from engine.crown import GAME
from engine.crown.ctx import G
from engine.crown.turns import fate_points
from tests.crown.helpers import D, act, fix, give, legal, of, region, two_players, wid

WARRIORS = [w for w in D.warriors.values() if w.level]


@pytest.mark.cards(
    "W01",
    "W02",
    "W03",
    "W04",
    "W05",
    "W06",
    "W07",
    "W08",
    "W09",
    "W10",
    "W11",
    "W12",
    "W13",
    "W14",
    "W15",
    "W16",
    "W17",
    "W18",
    "W19",
    "W20",
    "W21",
    "W22",
    "W23",
    "W24",
    "W25",
    "W26",
    "W27",
    "W28",
    "W29",
    "W30",
    "W31",
    "W32",
)
@pytest.mark.parametrize("warrior", WARRIORS, ids=[w.id for w in WARRIORS])
def test_each_warrior_is_prepared_at_its_cost_and_fights_at_its_attack(warrior) -> None:
    s = two_players()
    from engine.crown.position import _remove

    _remove(s, warrior.id)
    s.display[0] = warrior.id
    s.sides[0].res = dict.fromkeys(s.sides[0].res, 0)
    for kind, n in warrior.cost:
        if kind != "any":
            s.sides[0].res[kind] += n
    s.sides[0].gold = sum(n for kind, n in warrior.cost if kind == "any")  # the gold space adds 2 more
    s, _ = act(s, "gold", f"prepare {warrior.name}")
    assert warrior.id in s.sides[0].hand and sum(s.sides[0].res.values()) == 0 and s.sides[0].gold == 2
    s.queue, s.stage = [0, 1], "place"
    s, _ = act(s, "attack Forest", f"send {warrior.name}", "play 0")
    s, events = act(s, "play 0", seat=1)
    assert of(events, "battle")[0]["atk"] == warrior.attack
    if warrior.robot:
        assert s.decks[str(warrior.robot)][-1] == warrior.id and "robot_home" in [e.kind for e in events]
    else:
        assert s.regions[region("Forest")].defenders == [warrior.id]


@pytest.mark.cards("S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09", "S10", "S11", "S12")
def test_each_starting_warrior_belongs_to_its_lord_and_fights_at_its_attack() -> None:
    s = GAME.setup(4, {}, 1)
    for i, side in enumerate(s.sides):
        mine = {w.id for w in D.warriors.values() if w.lord == side.lord}
        held = set(side.hand) | {w for r in s.regions if r.owner == i for w in r.defenders}
        assert held == mine
    g = G(s)
    from engine.crown.zones import strength

    for w in D.warriors.values():
        if w.lord:
            assert strength(g, [w.id]) == w.attack and w.level == 0


BUILDINGS = [b for b in D.buildings.values() if b.level]


@pytest.mark.cards(
    "B05",
    "B06",
    "B07",
    "B08",
    "B09",
    "B10",
    "B11",
    "B12",
    "B13",
    "B14",
    "B15",
    "B16",
    "B17",
    "B18",
    "B19",
    "B20",
    "B21",
    "B22",
    "B23",
    "B24",
    "B25",
    "B26",
    "B27",
)
@pytest.mark.parametrize("building", BUILDINGS, ids=[b.id for b in BUILDINGS])
def test_each_building_is_bought_for_its_cost_and_pays_its_supply(building) -> None:
    s = two_players()
    from engine.crown.position import _remove

    _remove(s, building.id)
    s.offer = [building.id, *s.offer[:3]]
    s.sides[0].gold = building.cost
    s.sides[1].grave = [wid("Red Tick")]
    s.sides[0].grave = [wid("Smoke Wraith")]
    s, _ = act(s, f"build {building.name} in Coast")
    while s.pending and s.pending[0]["kind"] == "special":
        s, _ = act(s, "take blood")
    s, _ = act(s, "defend nobody")
    coast = s.regions[region("Coast")]
    assert coast.owner == 0 and coast.stack == [building.id] and s.sides[0].gold == 0
    supply = dict(building.supply)
    specials = supply.pop("special", 0)
    for kind, n in supply.items():
        assert s.sides[0].res[kind] >= n
    assert s.sides[0].res["blood"] >= specials
    if building.resurrection:
        assert wid("Smoke Wraith") in s.sides[0].hand
    # p2 gathers there: the yield again (or a resurrection), and p1 takes the tribute.
    s.queue, s.stage = [1, 0], "place"
    gold = s.sides[0].gold
    s, _ = act(s, "gather Coast")
    while s.pending and s.pending[0]["kind"] == "special":
        s, _ = act(s, "take ash")
    assert s.sides[0].gold == gold + building.tribute
    if building.resurrection:
        assert wid("Red Tick") in s.sides[1].hand
    else:
        assert sum(s.sides[1].res.values()) == sum(n for _k, n in building.supply)


@pytest.mark.cards("B01", "B02", "B03", "B04")
def test_each_starting_building_sits_on_its_region_and_supplies_three() -> None:
    for bid in ("B01", "B02", "B03", "B04"):
        b = D.buildings[bid]
        assert b.start_region is not None and b.vp == 1 and sum(n for _k, n in b.supply) == 3
    s = GAME.setup(4, {}, 5)
    starting = {r.stack[0]: i for i, r in enumerate(s.regions) if r.stack}
    assert {bid: D.buildings[bid].start_region for bid in starting} == starting


@pytest.mark.cards("card-0", "card-1", "card-3", "card-4", "card-die")
@pytest.mark.parametrize("card", ["0", "1", "3", "4", "die"])
def test_each_battle_card_adds_its_value_and_pays_its_reward(card: str) -> None:
    s = fix(two_players(), "dice", 5)
    give(s, 0, "Ossuary King")
    s, _ = act(s, "attack Forest", "send Ossuary King")
    s, _ = act(s, f"play {card}", seat=0)
    s, events = act(s, "play 0", seat=1)
    value = 5 if card == "die" else int(card)
    assert of(events, "battle")[0]["atk"] == 6 + value
    win = dict(D.cards[card].win)
    assert s.sides[0].vp == win.get("vp", 0) and s.sides[0].gold == 2 + win.get("gold", 0)


@pytest.mark.cards("card-0", "card-1", "card-3", "card-4", "card-die")
@pytest.mark.parametrize("card", ["1", "3", "4", "die"])
def test_each_losing_card_pays_its_compensation(card: str) -> None:
    s = fix(two_players(), "dice", 1)
    give(s, 0, "Smoke Wraith")
    s.regions[region("Forest")].defenders = [wid("Ossuary King")]
    s, _ = act(s, "attack Forest", "send Smoke Wraith")
    s, _ = act(s, f"play {card}", seat=0)
    s, _ = act(s, "play 0", seat=1)
    lose = dict(D.cards[card].lose)
    assert s.sides[0].gold == 2 + lose.get("gold", 0)
    if lose.get("special"):
        assert legal(s, 0)[0] == "take bones"


@pytest.mark.cards("F1", "F2", "F3", "F4", "F5", "F6")
@pytest.mark.parametrize("fate", ["F1", "F2", "F3", "F4", "F5", "F6"])
def test_each_fate_card_scores_the_levels_of_its_two_types(fate: str) -> None:
    s = two_players()
    s.sides[0].fate = fate
    give(s, 0, "Rib Shambler", "Soot Walker", "Fume Crawler", "Vein Stalker")  # one level I of each type
    points, _robots, other = fate_points(G(s), 0)
    assert (points, other) == (2, 2)


@pytest.mark.cards("ai-I", "ai-II", "ai-III", "ai-IV", "ai-V", "ai-VI", "ai-T")
@pytest.mark.parametrize("card", ["I", "II", "III", "IV", "V", "VI", "T"])
def test_each_ai_card_plays_a_turn_that_the_log_tells(card: str) -> None:
    s = GAME.setup(1, {"target_card": "yes" if card == "T" else "no"}, 3)
    s = fix(fix(s, "ai_cards", card), "dice", 4)
    s.queue = [0, 1, 0, 1]
    s, events = act(s, "gold", "end")
    assert of(events, "ai_turn")[0]["card"] == card
    assert of(events, "ai_does") or of(events, "attack")
    assert GAME.describe_event(next(e for e in events if e.kind == "ai_turn"), None)
