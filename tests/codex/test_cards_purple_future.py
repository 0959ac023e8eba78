"""Purple's Future spec (Vir Garbarean's): every card's abilities, the Mech token, and the hero's bands."""

from __future__ import annotations

import pytest

from engine.codex.ops_cards import become_copy
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


@pytest.mark.cards("promise-of-payment")
def test_promise_of_payment_makes_the_next_card_free_then_collects() -> None:
    t = table(gold=2)
    t.workers(0, 4)
    t.give(0, "Promise of Payment", "Older Brother", "Neo Plexus")
    t.act("play Promise of Payment")
    t.act("play Older Brother")
    assert t.s.players[0].gold == 2  # free now...
    t.act("play Neo Plexus")
    assert t.s.players[0].gold == 0  # ...but only the next card
    t.end_turn()
    next_turn_of(t, 0)
    assert t.s.players[0].gold == 4 + 0 - 2 and t.s.result is None  # 4 from workers, 2 paid back


@pytest.mark.cards("promise-of-payment")
def test_promise_of_payment_unpaid_loses_the_game() -> None:
    t = table(gold=0)
    t.workers(0, 1)
    t.built(0, "tech1", "tech2", "tech3", spec="future")
    t.give(0, "Promise of Payment", "Nebula")
    t.act("play Promise of Payment")
    t.act("play Nebula")  # a 7-gold card for nothing now
    t.end_turn()
    t.act("end")
    t.pick_tech(0)
    assert t.s.result is not None and t.s.result["winners"] == [1]


@pytest.mark.cards("vir-garbarean")
def test_vir_garbarean_looks_at_the_top_card_only_while_it_is_new() -> None:
    t = table()
    a, b = t.give(0, "Neo Plexus", "Tenderfoot", zone="deck")
    t.act("ability Vir Garbarean: look")
    seen = [e for e in t.events if e.kind == "peeked"]
    assert seen and seen[-1].data["uid"] == b and seen[-1].visible_to(0) and not seen[-1].visible_to(1)
    assert not t.can("ability Vir Garbarean: look")  # nothing new to see
    assert t.s.players[0].gold == 20 and t.s.players[0].deck == [a, b]


@pytest.mark.cards("vir-garbarean")
def test_vir_garbarean_swaps_the_top_card_with_one_from_hand() -> None:
    t = table()
    (top,) = t.give(0, "Neo Plexus", zone="deck")
    x, y = t.give(0, "Tenderfoot", "Older Brother")
    t.act("ability Vir Garbarean: swap")
    t.act("choose Older Brother")
    p = t.s.players[0]
    assert p.deck == [y] and sorted(p.hand) == sorted([x, top]) and p.gold == 19
    public = [e for e in t.events if e.kind == "swap_top"]
    assert public and "uid" not in public[-1].data  # the opponent learns only that a swap happened


@pytest.mark.cards("vir-garbarean")
def test_vir_garbarean_middle_band_plays_the_top_card() -> None:
    t = table(level=5, gold=3)
    t.give(0, "Neo Plexus", "Fading Argonaut", zone="deck")
    t.act("ability Vir Garbarean: play top")
    (fa,) = things(t, "fading-argonaut")
    assert t.s.players[0].gold == 1 and t.thing(fa).marks["time"] == 3
    assert t.thing(hero_of(t)).exhausted


@pytest.mark.cards("vir-garbarean")
def test_vir_garbarean_top_card_that_cannot_be_played_stays_revealed() -> None:
    t = table(level=5, gold=1)
    (np,) = t.give(0, "Neo Plexus", zone="deck")
    t.act("ability Vir Garbarean: play top")
    assert t.s.players[0].deck == [np] and np in t.s.known and t.s.players[0].gold == 1


@pytest.mark.cards("vir-garbarean")
def test_vir_garbarean_plays_the_top_card_with_its_boost() -> None:
    t = table(level=5, gold=10)
    t.built(0, "tech1", "tech2", spec="anarchy")
    t.give(0, "Marauder", zone="deck")  # cost 3, boost 3
    t.act("ability Vir Garbarean: play top")
    assert t.legal() == ["choose boost", "choose no boost"]
    t.act("choose boost")
    t.act("choose p2 workers")  # Marauder's boost happens as it is played, before it arrives
    assert things(t, "marauder") and t.s.players[0].gold == 4 and t.s.players[1].workers == 4


@pytest.mark.cards("vir-garbarean", "mech")
def test_vir_garbarean_at_max_level_forecasts_a_mech() -> None:
    t = table(level=6, gold=1)
    t.act("level Vir Garbarean 1")
    p = t.s.players[0]
    (mech,) = p.future
    assert p.future[mech] == 2 and t.s.cards[mech][0] == "mech"
    for _ in range(2):
        t.end_turn()
        next_turn_of(t, 0)
    assert t.alive(mech) and (t.atk(mech), t.hp(mech)) == (6, 7) and "untargetable" in t.kw(mech)
    assert not t.can("attack Mech -> base")  # no haste


@pytest.mark.cards("gilded-glaxx", "the-boot", "undo")
def test_gilded_glaxx_stays_put_while_you_have_gold() -> None:
    t = table()
    gx = t.put(1, "Gilded Glaxx")
    t.gold(1, 1)
    t.put(0, "troq-bashar")
    t.put(0, "prynn-pasternaak")
    t.give(0, "The Boot", "Undo")
    t.act("play The Boot")
    assert t.alive(gx) and [e for e in t.events if e.kind == "stays"]
    t.act("play Undo")
    assert t.alive(gx) and gx not in t.s.players[1].hand


@pytest.mark.cards("gilded-glaxx", "the-boot")
def test_gilded_glaxx_without_gold_is_an_ordinary_unit() -> None:
    t = table()
    gx = t.put(1, "Gilded Glaxx")
    t.gold(1, 0)
    t.put(0, "troq-bashar")
    t.give(0, "The Boot")
    t.act("play The Boot")
    assert not t.alive(gx) and gx in t.s.players[1].discard


@pytest.mark.cards("gilded-glaxx")
def test_gilded_glaxx_dies_to_combat_damage_and_cannot_be_sacrificed() -> None:
    t = table()
    gx = t.put(0, "Gilded Glaxx")
    t.effect(0, [{"op": "sacrifice", "to": {"each": {"kind": ["unit"], "side": "you"}}}])
    assert t.alive(gx)  # P1 has gold: it can't be sacrificed
    t.put(1, "Iron Man", slot="squad leader")
    t.thing(gx).damage = 1
    t.act("attack Gilded Glaxx -> Iron Man")
    assert not t.alive(gx) and gx in t.s.players[0].discard


@pytest.mark.cards("reaver")
def test_reaver_trashes_two_workers_of_a_player() -> None:
    t = table(gold=5)
    t.put(0, "Reaver")
    t.workers(1, 6)
    (junk,) = t.give(0, "Neo Plexus")
    t.act("ability Reaver")
    assert t.s.players[0].discard == [junk]  # the discard is part of the cost
    t.act("choose trash 2 workers")
    assert set(t.legal()) == {"choose p1 workers", "choose p2 workers"}
    t.act("choose p2 workers")
    assert t.s.players[1].workers == 4 and t.s.players[0].gold == 4


@pytest.mark.cards("reaver")
def test_reaver_deals_six_to_up_to_two_without_targeting() -> None:
    t = table(gold=5)
    t.put(0, "Reaver")
    a = t.put(1, "Chronofixer")  # untargetable, but Reaver does not target
    b = t.put(1, "Regular-sized Rhinoceros")
    t.give(0, "Neo Plexus")
    t.act("ability Reaver")
    t.act("choose 6 damage")
    t.act("choose Chronofixer")
    t.act("choose Regular-sized Rhinoceros")
    assert not t.alive(a) and not t.alive(b)


@pytest.mark.cards("reaver")
def test_reaver_needs_a_card_to_discard_and_arrives_by_forecast() -> None:
    t = table(gold=5)
    t.built(0, "tech1", "tech2", spec="future")
    (rv,) = t.give(0, "Reaver")
    t.act("play Reaver")
    assert t.s.players[0].future == {rv: 2}
    t.s.players[0].future[rv] = 1
    t.end_turn()
    next_turn_of(t, 0)
    assert t.alive(rv) and t.atk(rv) == 0
    t.s.players[0].hand = []
    assert not t.can("ability Reaver")


@pytest.mark.cards("assimilate")
def test_assimilate_takes_an_upgrade_ongoing_spell_or_building_card() -> None:
    t = table()
    bs = t.put(1, "Battle Suits")
    t.give(0, "Assimilate")
    t.act("play Assimilate")
    assert t.thing(bs).ctrl == 0 and t.thing(bs).owner == 1
    mine = t.put(0, "Neo Plexus")
    assert t.atk(mine) == 3  # its static now works for its new controller


@pytest.mark.cards("assimilate")
def test_assimilate_cannot_take_bases_tech_buildings_or_add_ons() -> None:
    t = table()
    t.built(1, "tech1", "tower")
    t.give(0, "Assimilate")
    assert not t.can("play Assimilate")
    stg = t.put(1, "Slow-Time Generator")
    t.act("play Assimilate")
    assert t.thing(stg).ctrl == 0


@pytest.mark.cards("omegacron")
def test_omegacron_is_fed_from_the_future_and_arrives_early_with_haste() -> None:
    t = table(gold=2)
    t.built(0, "tech1", "tech2", spec="future")
    (om,) = t.give(0, "Omegacron")
    t.act("play Omegacron")
    assert t.s.players[0].future == {om: 6}
    ob = t.put(0, "Older Brother")
    bs = t.put(0, "Battle Suits")
    t.workers(0, 4)
    t.act("ability Omegacron")
    assert set(t.legal()) == {"choose Older Brother", "choose Battle Suits", "choose Vir Garbarean", "choose a worker"}
    t.act("choose Older Brother")
    assert ob in t.s.players[0].discard and t.s.players[0].future == {om: 5}
    t.act("ability Omegacron")
    t.act("choose a worker")
    t.act("ability Omegacron")
    t.act("choose Battle Suits")
    assert t.s.players[0].workers == 3 and bs in t.s.players[0].discard and t.s.players[0].future == {om: 3}
    t.s.players[0].future[om] = 1
    t.act("ability Omegacron")
    t.act("choose Vir Garbarean")  # a hero may be sacrificed too: it goes home
    assert t.alive(om) and "untargetable" in t.kw(om) and t.can("attack Omegacron -> base")


@pytest.mark.cards("double-time")
def test_double_time_waits_three_upkeeps_then_gives_an_extra_turn_and_is_trashed() -> None:
    t = table(level=7, max_since_start=True, gold=6)
    (dt,) = t.give(0, "Double Time")
    t.act("play Double Time")
    assert t.s.players[0].future == {dt: 3} and t.s.players[0].gold == 0
    for _ in range(2):
        t.end_turn()
        next_turn_of(t, 0)
    assert t.s.players[0].future == {dt: 1}
    t.end_turn()
    next_turn_of(t, 0)  # the last rune: it resolves
    assert dt in t.s.players[0].removed and not t.s.players[0].future
    turn = t.s.turn
    t.act("end")
    t.pick_tech(0)
    assert t.s.active == 0 and t.s.turn == turn + 1 and t.s.phase == "main"
    t.act("end")
    t.pick_tech(1)
    assert t.s.active == 1  # only one extra turn


@pytest.mark.cards("double-time")
def test_double_time_needs_a_max_level_future_hero_since_the_start_of_the_turn() -> None:
    t = table(level=7, gold=6)
    t.give(0, "Double Time")
    assert not t.can("play Double Time")


@pytest.mark.cards("xenostalker")
def test_xenostalker_pings_at_most_four() -> None:
    t = table()
    t.put(0, "Xenostalker")
    slots = ("squad leader", "elite", "scavenger", "technician", "lookout")
    foes = [t.put(1, "Iron Man", slot=slot) for slot in slots]
    t.act("attack Xenostalker -> base")
    for uid in foes[:4]:
        t.act(f"choose {t.name(uid)}")
    assert t.s.pending is None  # a fifth is never asked for
    assert [t.thing(u).damage for u in foes[1:]] == [1, 1, 1, 0]  # the squad leader's armor took its point


@pytest.mark.cards("hive", "stinger")
def test_hive_limit_counts_a_stinger_copying_something_else() -> None:
    t = table()
    t.put(0, "Hive")
    t.effect(0, [{"op": "summon", "token": "stinger", "n": 5}])
    become_copy(t.g, things(t, "stinger")[0], t.put(1, "Iron Man"), "ever")
    assert len(things(t, "stinger")) == 4
    assert not t.can("ability Hive")  # still five Stingers by what they were made as (general Limit ruling)


@pytest.mark.cards("promise-of-payment")
def test_promise_of_payment_is_not_spent_on_summoning_a_hero() -> None:
    t = table(gold=10)
    t.give(0, "Promise of Payment", "Neo Plexus")
    t.act("play Promise of Payment")
    t.effect(1, [{"op": "trash", "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])  # room for a hero
    t.act("summon Troq Bashar")
    assert t.s.players[0].gold == 8 and not t.s.memory.get("promised")  # a summon is paid, and owes nothing
    t.act("play Neo Plexus")
    assert t.s.players[0].gold == 8 and t.s.memory["promised"] == {"0": 2}


@pytest.mark.cards("xenostalker")
def test_xenostalker_targets_so_untargetable_patrollers_are_safe() -> None:
    t = table()
    t.put(0, "Xenostalker")
    cf = t.put(1, "Chronofixer", slot="elite")  # untargetable, no flying
    ob = t.put(1, "Older Brother", slot="scavenger")
    t.act("attack Xenostalker -> base")
    t.act("choose Older Brother")  # the only one it may pick, then no more
    assert t.s.pending is None and t.thing(cf).damage == 0 and t.thing(ob).damage == 1


@pytest.mark.cards("hive", "polymorph-squirrel")
def test_a_hive_turned_squirrel_no_longer_raises_the_stinger_limit() -> None:
    t = table(gold=5)
    hive = t.put(0, "Hive")
    sq = t.put(0, "Hive")
    t.effect(0, [{"op": "summon", "token": "stinger", "n": 5}])
    t.effect(1, [{"op": "form", "into": "squirrel", "until": "next upkeep", "to": {"pick": {"card": "hive"}}}])
    t.act(f"choose {t.name(sq)}")
    assert t.q.card(t.thing(sq)).id == "squirrel" and t.q.card(t.thing(hive)).id == "hive"
    assert not t.can(f"ability {t.name(hive)}")  # one Hive left: five Stingers is its limit
