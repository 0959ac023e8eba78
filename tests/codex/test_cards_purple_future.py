"""Purple's Future spec (Vir Garbarean's): every card's abilities, the Mech token, and the hero's bands."""

from __future__ import annotations

import pytest

from tests.codex.purple_tables import hero_of, next_turn_of, table, things


@pytest.mark.cards("knight-of-the-conclave")
def test_knight_of_the_conclave_is_free_and_arrives_in_three_upkeeps() -> None:
    t = table(gold=0)
    t.built(0, "tech1")
    (k,) = t.give(0, "Knight of the Conclave")
    t.act("play Knight of the Conclave")
    assert t.s.players[0].future == {k: 3}
    for _ in range(3):
        t.end_turn()
        next_turn_of(t, 0)
    assert t.alive(k) and t.kw(k)["resist"] == 1 and not t.can("attack Knight of the Conclave -> base")


@pytest.mark.cards("unphase")
def test_unphase_hides_a_unit_until_your_next_upkeep() -> None:
    t = table()
    ob = t.put(0, "Older Brother")
    t.give(0, "Unphase")
    t.act("play Unphase")
    t.act("choose Older Brother")
    assert "invisible" in t.kw(ob)
    t.end_turn()
    t.put(1, "Iron Man")
    t.s.things[max(t.s.things)].since = 0
    assert "attack Iron Man -> Older Brother" not in t.legal()  # unattackable to a player without a detector
    next_turn_of(t, 0)
    assert "invisible" not in t.kw(ob)


@pytest.mark.cards("void-star")
def test_void_star_powers_up_once_a_turn_until_your_next_upkeep() -> None:
    t = table(gold=9)
    vs = t.put(0, "Void Star")
    t.act("ability Void Star")
    assert t.atk(vs) == 9 and t.s.players[0].gold == 5
    assert not t.can("ability Void Star")  # once per turn
    t.end_turn()
    assert t.atk(vs) == 9  # still on the opponent's turn
    next_turn_of(t, 0)
    assert t.atk(vs) == 5


@pytest.mark.cards("xenostalker")
def test_xenostalker_pings_up_to_four_ground_patrollers_when_it_attacks() -> None:
    t = table()
    t.put(0, "Xenostalker")
    sl = t.put(1, "Older Brother", slot="squad leader")
    el = t.put(1, "Tenderfoot", slot="elite")
    t.put(1, "Eggship", slot="scavenger")  # flying: not a candidate
    t.act("attack Xenostalker -> base")  # unstoppable: straight past the patrol
    assert set(t.legal()) == {"choose Older Brother", "choose Tenderfoot"}
    t.act("choose Tenderfoot")
    t.act("choose Older Brother")
    assert t.thing(sl).damage == 0 and t.thing(sl).armor_used == 1  # the squad leader's armor soaks it
    assert t.thing(el).damage == 1 and t.base(1) == 3


@pytest.mark.cards("nebula")
def test_nebula_hides_your_other_units() -> None:
    t = table()
    nb = t.put(0, "Nebula")
    mine = t.put(0, "Older Brother")
    foe = t.put(1, "Older Brother")
    assert "invisible" in t.kw(mine) and "invisible" not in t.kw(nb) and "invisible" not in t.kw(foe)
    assert "invisible" not in t.kw(hero_of(t))  # units only


@pytest.mark.cards("nebula")
def test_nebula_destroys_a_tech_0_to_2_unit_once_a_turn_even_the_turn_it_arrives() -> None:
    t = table()
    t.built(0, "tech1", "tech2", "tech3", spec="future")
    t.give(0, "Nebula")
    t.act("play Nebula")
    ob = t.put(1, "Older Brother")
    duck = t.put(1, "Trojan Duck")  # tech III: out of reach
    t.act("ability Nebula")
    assert not t.alive(ob) and t.alive(duck)
    t.put(1, "Tenderfoot")
    assert not t.can("ability Nebula")


@pytest.mark.cards("hive", "stinger")
def test_hive_arrives_with_five_flying_stingers() -> None:
    t = table()
    t.built(0, "tech1", "tech2", spec="future")
    t.give(0, "Hive")
    t.act("play Hive")
    (hv,) = things(t, "hive")
    st = things(t, "stinger")
    assert len(st) == 5 and all((t.atk(u), t.hp(u), "flying" in t.kw(u)) == (1, 1, True) for u in st)
    assert t.kw(hv)["resist"] == 1 and "flying" in t.kw(hv) and t.atk(hv) == 0
    assert not t.can("ability Hive")  # all five are there: nothing to re-summon


@pytest.mark.cards("hive", "stinger")
def test_hive_re_summons_a_lost_stinger_for_one_gold() -> None:
    t = table(gold=1)
    t.put(0, "Hive")
    t.effect(0, [{"op": "summon", "token": "stinger", "n": 4}])
    t.act("ability Hive")
    assert len(things(t, "stinger")) == 5 and t.s.players[0].gold == 0


@pytest.mark.cards("hive", "stinger")
def test_hive_leaving_takes_five_stingers_with_it() -> None:
    t = table()
    hv = t.put(1, "Hive")
    t.effect(1, [{"op": "summon", "token": "stinger", "n": 3}])
    t.effect(0, [{"op": "bounce", "to": {"pick": {"kind": ["unit"], "card": "hive"}}}])
    assert not t.alive(hv) and not things(t, "stinger")
