"""White cards with more than two players: "friendly" takes in a 2v2 partner, "opponents" are the other team,
"your buildings" include a team's shared base, and "an opponent" of a free-for-all is one of them."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table


def two_v_two() -> Table:
    """p1 and p3 (team 1, on turn) against p2 and p4."""
    t = Table(
        players=4,
        mode="2v2",
        hero1="grave-stormborne",
        hero2="river-montoya",
        hero3="garus-rook",
        hero4="troq-bashar",
    )
    t.clear()
    return t


def uid_of(t: Table, cid: str, seat: int) -> int:
    return next(u for u, th in sorted(t.s.things.items()) if th.card == cid and th.ctrl == seat)


@pytest.mark.cards("focus-master")
def test_focus_master_shields_a_partners_unit() -> None:
    t = two_v_two()
    fm = t.put(2, "Focus Master")
    t.thing(fm).marks["focus"] = 3
    tf = t.put(0, "Tenderfoot")  # 1/2, p1's: friendly to p3's Focus Master
    t.effect(1, [{"op": "damage", "n": 2, "to": {"each": {"card": "tenderfoot"}}}])
    assert t.alive(tf) and t.thing(tf).damage == 1 and t.thing(fm).marks["focus"] == 2


@pytest.mark.cards("mind-parry-monk", "aged-sensei")
def test_mind_parry_monk_does_not_stop_a_partner() -> None:
    t = two_v_two()
    t.put(2, "Mind-Parry Monk")
    ally = t.put(2, "Older Brother")
    foe = t.put(1, "Older Brother")
    t.put(0, "Aged Sensei")
    t.act("ability Aged Sensei", 0)
    assert ally in t.s.pending["options"] and foe not in t.s.pending["options"]
    t.act(f"choose {t.name(ally)}", 0)
    assert t.atk(ally) == 3


@pytest.mark.cards("mind-parry-monk")
def test_mind_parry_monk_shields_only_its_own_players_things() -> None:
    t = two_v_two()
    t.put(1, "Mind-Parry Monk")
    t.put(1, "Older Brother", slot="squad leader")  # p2's: shielded from p1 and p3
    other = t.put(3, "Tenderfoot", slot="elite")  # p4's: "your units" are p2's alone
    t.put(0, "grave-stormborne")
    t.give(0, "Spark")
    t.gold(0, 5)
    t.act("play Spark", 0)
    assert t.thing(other).damage == 1


@pytest.mark.cards("morningstar-pass")
def test_morningstar_pass_of_either_partner_shields_the_shared_base() -> None:
    t = two_v_two()
    t.put(3, "Morningstar Pass")  # p4's; the team base is kept on p2's seat
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"kind": ["base"], "side": "opponent"}}}])
    assert t.base(1) == 0
    t.built(1, "tech1")
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"kind": ["building"], "side": "opponent"}}}])
    assert t.s.players[1].tech[0].damage == 3  # p2's own tech building is not p4's building


@pytest.mark.cards("earthquake")
def test_earthquake_shakes_the_buildings_of_one_opponent() -> None:
    t = Table(players=3, mode="ffa", hero1="garus-rook", hero2="troq-bashar", hero3="river-montoya")
    t.clear()
    gr = t.put(0, "garus-rook", level=8)
    t.thing(gr).max_at_start = True
    t.gold(0, 5)
    t.s.players[1].base_damage = 1
    t.s.players[2].base_damage = 1
    t.give(0, "Earthquake")
    t.act("play Earthquake", 0)
    assert t.s.pending["options"] == ["p2", "p3"]
    t.act("choose p3", 0)
    assert t.base(2) == 5 and t.base(1) == 1


@pytest.mark.cards("earthquake")
def test_earthquake_on_a_2v2_opponent_shakes_their_team_base_too() -> None:
    t = two_v_two()
    gr = t.put(0, "garus-rook", level=8)
    t.thing(gr).max_at_start = True
    t.gold(0, 5)
    t.built(3, "tech1")
    t.s.players[3].tech[0].damage = 1
    t.built(1, "tech1")
    t.give(0, "Earthquake")
    t.act("play Earthquake", 0)
    assert t.s.pending["options"] == ["p2", "p4"]
    t.act("choose p4", 0)
    # p4's damaged Tech I takes 4 (destroyed: the team base takes 2), the base is damaged by then: nothing more;
    # p2's own Tech I is not p4's building.
    assert t.s.players[3].tech[0].status == "destroyed" and t.base(1) == 2
    assert t.s.players[1].tech[0].damage == 0
