"""Attacks: who may attack what (the patrol rule), combat damage and its keywords (rulebook §9, §13)."""

from __future__ import annotations

from engine.codex import GAME
from engine.codex.scenario import Table
from engine.codex.state import Mod


def targets(t: Table, attacker: str) -> set[str]:
    prefix = f"attack {attacker} -> "
    return {a[len(prefix) :] for a in t.legal() if a.startswith(prefix)}


def test_units_arrive_tired_unless_haste() -> None:
    t = Table()
    t.clear()
    t.clear(0)
    t.give(0, "Older Brother", "Timely Messenger")
    t.gold(0, 10)
    t.act("play Older Brother")
    t.act("play Timely Messenger")
    assert not targets(t, "Older Brother")
    assert "base" in targets(t, "Timely Messenger")


def test_no_patrollers_anything_goes() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.built(1, "tech1")
    assert targets(t, "Older Brother") == {"Tenderfoot", "base", "tech1"}


def test_squad_leader_must_be_dealt_with_first() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot", slot="squad leader")
    t.put(1, "Fruit Ninja", slot="elite")
    t.put(1, "Helpful Turtle")
    assert targets(t, "Older Brother") == {"Tenderfoot"}


def test_other_patrollers_before_anything_else() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Fruit Ninja", slot="elite")
    t.put(1, "Tenderfoot", slot="lookout")
    t.put(1, "Helpful Turtle")
    assert targets(t, "Older Brother") == {"Fruit Ninja", "Tenderfoot"}


def test_patrols_only_count_on_the_opponents_turn() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother", slot="squad leader")  # p1's own plan: not a patroller on p1's turn
    assert t.q.slot(t.thing(a)) == -1


def test_flying_ignores_ground_patrollers_and_ground_cannot_hit_flyers() -> None:
    t = Table()
    t.clear()
    t.put(0, "Eggship")
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot", slot="squad leader")
    t.put(1, "Cloud Sprite")
    assert targets(t, "Eggship") == {"Tenderfoot", "Cloud Sprite", "base"}
    assert targets(t, "Older Brother") == {"Tenderfoot"}


def test_flyer_must_attack_flying_squad_leader() -> None:
    t = Table()
    t.clear()
    t.put(0, "Eggship")
    t.put(1, "Cloud Sprite", slot="squad leader")
    assert targets(t, "Eggship") == {"Cloud Sprite"}


def test_ground_ignores_flying_patroller_it_cannot_attack() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Cloud Sprite", slot="squad leader")
    t.put(1, "Tenderfoot", slot="technician")
    # A ground attacker facing a flying squad leader and a ground technician must still take the technician.
    assert targets(t, "Older Brother") == {"Tenderfoot"}


def test_anti_air_may_attack_or_ignore_flying_patrollers() -> None:
    t = Table()
    t.clear()
    t.put(0, "Leaping Lizard")
    t.put(1, "Cloud Sprite", slot="squad leader")
    t.put(1, "Eggship")
    assert targets(t, "Leaping Lizard") == {"Cloud Sprite", "Eggship", "base"}


def test_ground_without_anti_air_deals_no_damage_to_attacking_flyer() -> None:
    t = Table()
    t.clear()
    e = t.put(0, "Eggship")
    b = t.put(1, "Older Brother")
    t.act("attack Eggship -> Older Brother")
    assert not t.alive(b) and t.thing(e).damage == 0


def test_anti_air_defender_hits_back_at_flyer() -> None:
    t = Table()
    t.clear()
    e = t.put(0, "Eggship")
    t.put(1, "Leaping Lizard")
    t.act("attack Eggship -> Leaping Lizard")
    assert not t.alive(e)


def test_anti_air_patrollers_flown_over_shoot_the_flyer() -> None:
    t = Table()
    t.clear()
    e = t.put(0, "Eggship")  # 4/3
    lz = t.put(1, "Leaping Lizard", slot="squad leader")  # 3/5 anti-air
    t.put(1, "Tenderfoot", slot="elite")
    t.act("attack Eggship -> base")
    assert not t.alive(e) and t.base(1) == 4 and t.thing(lz).damage == 0


def test_flyer_attacking_the_squad_leader_is_not_shot_by_the_others() -> None:
    t = Table()
    t.clear()
    e = t.put(0, "Eggship")
    t.put(1, "Tenderfoot", slot="squad leader")
    t.put(1, "Leaping Lizard", slot="elite")
    t.act("attack Eggship -> Tenderfoot")
    assert t.alive(e) and t.thing(e).damage == 0


def test_combat_damage_is_simultaneous() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother")
    b = t.put(1, "Older Brother")
    t.act(f"attack {t.name(a)} -> {t.name(b)}")
    assert not t.alive(a) and not t.alive(b)


def test_swift_strike_kills_before_the_defender_strikes() -> None:
    t = Table()
    t.clear()
    t.put(0, "Blademaster")  # gives p1's units and heroes swift strike
    a = t.put(0, "Older Brother")
    b = t.put(1, "Tenderfoot")
    t.act("attack Older Brother -> Tenderfoot")
    assert not t.alive(b) and t.thing(a).damage == 0


def test_swift_strike_on_both_sides_is_simultaneous() -> None:
    t = Table()
    t.clear()
    t.put(0, "Blademaster")
    t.put(1, "Blademaster")
    a = t.put(0, "Older Brother")
    b = t.put(1, "Older Brother")
    t.act(f"attack {t.name(a)} -> {t.name(b)}")
    assert not t.alive(a) and not t.alive(b)


def test_attacking_exhausts_and_exhausted_fighters_cannot_patrol() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother")
    t.act("patrol Older Brother squad leader")
    t.act("attack Older Brother -> base")
    assert t.thing(a).exhausted
    assert not any(x.startswith("patrol Older Brother") for x in t.legal())
    t.act("end")
    assert t.s.players[0].patrol == [0, 0, 0, 0, 0]


def test_summoned_this_turn_may_patrol() -> None:
    t = Table()
    t.clear()
    t.clear(0)
    t.give(0, "Older Brother")
    t.act("play Older Brother")
    t.act("patrol Older Brother squad leader")
    t.act("end")
    assert t.s.players[0].patrol[0] != 0


def test_squad_leader_armor_soaks_one_each_turn() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(0, "Timely Messenger")
    sl = t.put(1, "Iron Man", slot="squad leader")  # 3/4
    t.act("attack Older Brother -> Iron Man")
    assert t.thing(sl).damage == 1  # 2 damage, 1 soaked by the squad leader's armor
    t.act("attack Timely Messenger -> Iron Man")
    assert t.thing(sl).damage == 2  # the armor is used up for this turn


def test_deathtouch_kills_through_armor() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Tenderfoot")
    t.thing(a).mods.append(Mod(kw=("deathtouch",), until="ever"))
    sl = t.put(1, "Iron Man", slot="squad leader")
    t.act(f"attack {t.name(a)} -> Iron Man")
    assert not t.alive(sl)


def test_elite_gets_one_attack_on_defence() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Iron Man")  # 3/4
    e = t.put(1, "Older Brother", slot="elite")  # 2/2 -> 3 ATK as elite
    assert t.atk(e) == 3
    t.act("attack Iron Man -> Older Brother")
    assert t.thing(a).damage == 3


def test_scavenger_gives_gold_and_technician_a_card_when_they_die_patrolling() -> None:
    t = Table()
    t.clear()
    t.put(0, "Iron Man")
    t.put(0, "Regular-sized Rhinoceros")
    t.put(1, "Tenderfoot", slot="scavenger")
    t.put(1, "Older Brother", slot="technician")
    t.clear(1)
    t.give(1, "Spark", zone="deck")
    gold = t.s.players[1].gold
    t.act("attack Iron Man -> Tenderfoot")
    assert t.s.players[1].gold == gold + 1
    t.act("attack Regular-sized Rhinoceros -> Older Brother")
    assert len(t.s.players[1].hand) == 1


def test_lookout_makes_opponents_pay_one_to_target_it() -> None:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar")
    t.clear(0)
    t.give(0, "Spark")
    t.gold(0, 2)
    t.put(1, "Tenderfoot", slot="lookout")
    t.act("play Spark")
    assert t.s.players[0].gold == 0  # 1 for Spark, 1 for the lookout's resist


def test_lookout_cannot_be_targeted_without_the_gold() -> None:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar")
    t.clear(0)
    t.give(0, "Spark")
    t.gold(0, 1)
    t.put(1, "Tenderfoot", slot="lookout")
    assert not t.can("play Spark")  # the only patroller costs 1 more, and there is no gold left for it


def test_frenzy_only_on_its_controllers_turn() -> None:
    t = Table()
    t.clear()
    mine = t.put(0, "Fruit Ninja")
    theirs = t.put(1, "Fruit Ninja")
    assert t.atk(mine) == 3 and t.atk(theirs) == 2


def test_readiness_one_attack_per_turn_without_exhausting() -> None:
    t = Table()
    t.clear()
    h = t.put(0, "troq-bashar", level=8)
    t.act("attack Troq Bashar -> base")
    assert not t.thing(h).exhausted
    assert not targets(t, "Troq Bashar")
    assert t.can("patrol Troq Bashar squad leader")


def test_long_range_takes_no_damage_back() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother")
    t.thing(a).mods.append(Mod(kw=("long-range",), until="ever"))
    b = t.put(1, "Iron Man")
    t.act("attack Older Brother -> Iron Man")
    assert t.thing(a).damage == 0 and t.thing(b).damage == 2


def test_buildings_do_not_strike_back() -> None:
    t = Table()
    t.clear()
    a = t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    assert t.base(1) == 2 and t.thing(a).damage == 0


def test_tower_hits_every_attacker_it_sees() -> None:
    t = Table()
    t.clear()
    t.built(1, "tower")
    a = t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    assert t.thing(a).damage == 1


def test_tower_hits_swift_strikers_at_the_same_time() -> None:
    t = Table()
    t.clear()
    t.built(1, "tower")
    t.put(0, "Blademaster")
    a = t.put(0, "Timely Messenger")  # 1/1 swift: the tower's 1 still lands
    t.put(1, "Tenderfoot")
    t.act("attack Timely Messenger -> Tenderfoot")
    assert not t.alive(a)


def test_stealth_sneaks_past_patrollers() -> None:
    t = Table()
    t.clear()
    p = t.put(0, "Sneaky Pig")
    t.thing(p).mods.append(Mod(kw=("stealth",)))
    t.put(1, "Tenderfoot", slot="squad leader")
    assert targets(t, "Sneaky Pig") == {"Tenderfoot", "base"}


def test_tower_detects_the_first_stealthy_attacker_only() -> None:
    t = Table()
    t.clear()
    t.built(1, "tower")
    p1 = t.put(0, "Sneaky Pig")
    p2 = t.put(0, "Backstabber")
    t.thing(p1).mods.append(Mod(kw=("stealth",)))
    t.put(1, "Tenderfoot", slot="squad leader")
    assert targets(t, "Sneaky Pig") == {"Tenderfoot"}
    t.act("attack Sneaky Pig -> Tenderfoot")
    assert t.thing(p1).damage == 1 + 1  # Tenderfoot strikes back and the tower, which saw it, adds 1
    # The tower's detection is spent: the invisible Backstabber slips past and the tower cannot see it.
    assert targets(t, "Backstabber") == {"base", "tower"}  # the squad leader died to the pig
    t.act("attack Backstabber -> base")
    assert t.thing(p2).damage == 0


def test_invisible_cannot_be_attacked_unless_patrolling_or_detected() -> None:
    t = Table()
    t.clear()
    t.put(0, "Older Brother")
    t.put(1, "Backstabber")
    assert targets(t, "Older Brother") == {"base"}
    t2 = Table()
    t2.put(0, "Older Brother")
    t2.put(1, "Backstabber", slot="elite")
    assert targets(t2, "Older Brother") == {"Backstabber"}


def test_own_tower_can_reveal_an_invisible_enemy() -> None:
    t = Table()
    t.clear()
    t.built(0, "tower")
    t.put(0, "Older Brother")
    t.put(1, "Backstabber")
    t.act("detect Backstabber")
    assert targets(t, "Older Brother") == {"Backstabber", "base"}
    assert not any(a.startswith("detect") for a in t.legal())


def test_unstoppable_ignores_patrollers_even_with_a_tower() -> None:
    t = Table()
    t.clear()
    t.built(1, "tower")
    t.put(0, "Angry Dancer")
    t.put(1, "Tenderfoot", slot="squad leader")
    assert targets(t, "Angry Dancer") == {"Tenderfoot", "base", "tower"}


def test_overpower_excess_goes_to_another_patroller_first() -> None:
    t = Table()
    t.clear()
    t.put(0, "Harvest Reaper")  # 6/5 overpower
    a = t.put(1, "Tenderfoot", slot="elite")  # 1/2 (2 ATK as elite)
    b = t.put(1, "Older Brother", slot="scavenger")
    t.act("attack Harvest Reaper -> Tenderfoot")
    # 2 finishes Tenderfoot; the other 4 must go to the other patroller, not the base.
    assert not t.alive(a) and not t.alive(b) and t.base(1) == 0


def test_overpower_through_squad_leader_armor_then_to_base() -> None:
    t = Table()
    t.clear()
    t.put(0, "Harvest Reaper")
    a = t.put(1, "Tenderfoot", slot="squad leader")  # 2 HP + 1 armor: 3 is lethal
    t.put(1, "Older Brother")
    t.act("attack Harvest Reaper -> Tenderfoot")
    assert t.s.pending["kind"] == "overpower"  # excess 3: the base or any other thing of theirs
    t.act("choose base")
    assert not t.alive(a) and t.base(1) == 3


def test_overpower_does_nothing_against_non_patrollers() -> None:
    t = Table()
    t.clear()
    t.put(0, "Harvest Reaper")
    t.put(1, "Tenderfoot")
    t.act("attack Harvest Reaper -> Tenderfoot")
    assert t.base(1) == 0


def test_sparkshot_hits_an_adjacent_patroller() -> None:
    t = Table()
    t.clear()
    t.put(0, "Revolver Ocelot")  # 3/3 sparkshot
    t.put(1, "Older Brother", slot="squad leader")
    e = t.put(1, "Dancer", slot="elite")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert not t.alive(e)


def test_sparkshot_choice_between_two_neighbours() -> None:
    t = Table()
    t.clear()
    t.put(0, "Revolver Ocelot")
    left = t.put(1, "Cloud Sprite", slot="squad leader")  # a flyer: the ocelot may pass it by
    mid = t.put(1, "Older Brother", slot="elite")
    right = t.put(1, "Tenderfoot", slot="scavenger")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert t.s.pending is not None and t.s.pending["kind"] == "sparkshot"
    t.act("choose Cloud Sprite")  # sparkshot can hit a flyer without anti-air
    # The squad leader's armor soaks that 1 point.
    assert not t.alive(mid) and t.thing(left).armor_used == 1 and t.thing(left).damage == 0
    assert t.thing(right).damage == 0


def test_obliterate_destroys_the_lowest_tech_units() -> None:
    t = Table()
    t.clear()
    t.put(0, "Trojan Duck")  # 8/9 obliterate 2; arrives or attacks: 4 damage to a building
    a = t.put(1, "Tenderfoot")
    b = t.put(1, "Iron Man")
    c = t.put(1, "Regular-sized Rhinoceros")
    t.act("attack Trojan Duck -> Regular-sized Rhinoceros")
    # Two attack effects at once: the active player orders them.
    assert t.legal() == ["choose Trojan Duck obliterate", "choose Trojan Duck"]
    t.act("choose Trojan Duck obliterate")
    assert not t.alive(a) and not t.alive(b)  # tech 0, then tech I
    t.act("choose base")  # the 4 damage goes to a building of our choice
    assert t.base(1) == 4 and not t.alive(c)


def test_obliterate_ties_are_chosen_by_the_attacker() -> None:
    t = Table(trigger_order="auto")
    t.clear()
    t.put(0, "Trojan Duck")
    x = t.put(1, "Tenderfoot")
    y = t.put(1, "Older Brother")
    z = t.put(1, "Fruit Ninja")
    t.act("attack Trojan Duck -> base")
    assert t.s.pending["kind"] == "pick"
    t.act("choose Fruit Ninja")
    t.act("choose Tenderfoot")
    assert t.alive(y) and not t.alive(x) and not t.alive(z)


def test_attack_retargets_if_the_target_died_first() -> None:
    t = Table(trigger_order="auto")
    t.clear()
    t.put(0, "Trojan Duck")
    a = t.put(1, "Tenderfoot")
    t.act("attack Trojan Duck -> Tenderfoot")
    t.act("choose base")  # the duck's building damage
    # Obliterate destroyed the declared target; the only thing left to attack is the base.
    assert not t.alive(a) and t.base(1) == 4 + 8


def test_destroying_the_base_wins() -> None:
    t = Table()
    t.clear()
    t.put(0, "Regular-sized Rhinoceros")
    t.s.players[1].base_damage = 17
    t.act("attack Regular-sized Rhinoceros -> base")
    out = GAME.outcome(t.s)
    assert out is not None and out.winners == frozenset({0})
    assert GAME.to_move(t.s) == frozenset() and GAME.legal_actions(t.s, 0) == []
