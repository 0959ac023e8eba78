"""Every card of the basic game: the Neutral starter deck, Bashing, Finesse, both heroes and the tokens."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table


def table(seat_hero: str = "troq-bashar", level: int = 1) -> Table:
    t = Table()
    t.clear()
    t.gold(0, 20)
    t.put(0, seat_hero, level=level)
    return t


@pytest.mark.cards("timely-messenger")
def test_timely_messenger_has_haste() -> None:
    t = table()
    t.give(0, "Timely Messenger")
    t.act("play Timely Messenger")
    assert t.can("attack Timely Messenger -> base")


@pytest.mark.cards("tenderfoot", "older-brother")
def test_vanilla_starter_units() -> None:
    t = table()
    t.give(0, "Tenderfoot", "Older Brother")
    t.act("play Tenderfoot")
    t.act("play Older Brother")
    stats = sorted((t.atk(u), t.hp(u)) for u, th in t.s.things.items() if th.card in ("tenderfoot", "older-brother"))
    assert stats == [(1, 2), (2, 2)] and t.s.players[0].gold == 17


@pytest.mark.cards("brick-thief")
def test_brick_thief_arrives_hits_one_building_and_repairs_another() -> None:
    t = table()
    t.s.players[0].base_damage = 3
    t.give(0, "Brick Thief")
    t.act("play Brick Thief")
    assert t.s.pending["kind"] == "pick"
    assert t.legal() == ["choose my base", "choose base"]
    t.act("choose base")  # the repair must go to another building: only our base is left, chosen at once
    assert t.base(1) == 1 and t.base(0) == 2


@pytest.mark.cards("brick-thief")
def test_brick_thief_also_fires_when_attacking_and_has_resist() -> None:
    t = table()
    bt = t.put(0, "Brick Thief")
    t.built(1, "tech1")
    t.act("attack Brick Thief -> tech1")
    t.act("choose tech1")  # 1 damage to their tech building...
    t.act("choose base")  # ...and the repair on a building of theirs with no damage: nothing happens
    assert t.s.players[1].tech[0].damage == 1 + 2
    assert t.kw(bt)["resist"] == 1


@pytest.mark.cards("helpful-turtle")
def test_helpful_turtle_heals_friendly_units_and_heroes_in_upkeep() -> None:
    t = table()
    h = next(iter(t.s.things))
    t.thing(h).damage = 2
    u = t.put(0, "Older Brother", damage=1)
    t.put(0, "Helpful Turtle")
    foe = t.put(1, "Older Brother", damage=1)
    t.end_turn()
    t.end_turn()
    assert t.thing(h).damage == 1 and t.thing(u).damage == 0 and t.thing(foe).damage == 1


@pytest.mark.cards("granfalloon-flagbearer")
def test_flagbearer_must_be_targeted_by_opponents_if_possible() -> None:
    t = table()
    t.give(0, "Wither")
    flag = t.put(1, "Granfalloon Flagbearer")
    t.put(1, "Older Brother")
    t.act("play Wither")
    assert t.thing(flag).runes == -1  # the only legal target was the flagbearer: chosen at once


@pytest.mark.cards("granfalloon-flagbearer")
def test_flagbearer_does_not_bind_its_own_controller() -> None:
    t = table()
    t.give(0, "Wither")
    t.put(0, "Granfalloon Flagbearer")
    t.put(1, "Older Brother")
    t.act("play Wither")
    assert len(t.s.pending["options"]) == 3  # own hero, own flagbearer, their brother: any of them


@pytest.mark.cards("fruit-ninja")
def test_fruit_ninja_frenzy() -> None:
    t = table()
    n = t.put(0, "Fruit Ninja")
    assert t.atk(n) == 3
    t.end_turn()
    assert t.atk(n) == 2


@pytest.mark.cards("spark")
def test_spark_hits_a_patroller() -> None:
    t = table()
    t.give(0, "Spark")
    u = t.put(1, "Tenderfoot", slot="elite")
    t.put(1, "Older Brother")
    t.act("play Spark")
    assert t.thing(u).damage == 1 and t.s.players[0].gold == 19


@pytest.mark.cards("spark")
def test_spark_cannot_be_played_without_a_patroller() -> None:
    t = table()
    t.give(0, "Spark")
    t.put(1, "Older Brother")
    assert not t.can("play Spark")
    t2 = Table(targetless="allow")
    t2.clear()
    t2.put(0, "troq-bashar")
    t2.give(0, "Spark")
    assert t2.can("play Spark")


@pytest.mark.cards("bloom")
def test_bloom_needs_a_friendly_target_without_a_plus_rune() -> None:
    t = table()
    t.give(0, "Bloom", "Bloom")
    u = t.put(0, "Older Brother", runes=1)
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    hero = next(x for x, th in t.s.things.items() if th.card == "troq-bashar")
    assert t.thing(hero).runes == 1 and (t.atk(hero), t.hp(hero)) == (3, 4)
    assert t.thing(u).runes == 1
    assert not t.can(f"play {t.name(t.s.players[0].hand[0])}")  # everyone friendly has a rune now


@pytest.mark.cards("wither")
def test_wither_puts_a_minus_rune_and_x1_units_die_even_with_armor() -> None:
    t = table()
    t.give(0, "Wither")
    u = t.put(1, "Timely Messenger", slot="squad leader")
    t.put(1, "Older Brother")
    t.act("play Wither")
    t.act("choose Timely Messenger")
    assert not t.alive(u)


def test_runes_cancel_pairwise() -> None:
    t = table()
    t.give(0, "Wither")
    u = t.put(1, "Older Brother", runes=1)
    t.act("play Wither")
    t.act("choose Older Brother")
    assert t.thing(u).runes == 0 and (t.atk(u), t.hp(u)) == (2, 2)


@pytest.mark.cards("wrecking-ball")
def test_wrecking_ball_two_damage_to_a_building() -> None:
    t = table()
    t.give(0, "Wrecking Ball")
    t.built(1, "tower")
    t.act("play Wrecking Ball")
    assert sorted(t.legal()) == ["choose base", "choose my base", "choose tower"]
    t.act("choose tower")
    assert t.s.players[1].addon.damage == 2 and t.s.players[0].gold == 20


@pytest.mark.cards("the-boot")
def test_the_boot_destroys_a_tech_0_or_1_unit_and_it_dies() -> None:
    t = table()
    t.give(0, "The Boot")
    t.put(1, "Regular-sized Rhinoceros")
    u = t.put(1, "Iron Man", slot="technician")
    t.clear(1)
    t.give(1, "Spark", zone="deck")
    t.act("play The Boot")
    assert not t.alive(u) and len(t.s.players[1].hand) == 1  # destroyed in the technician slot: a card


@pytest.mark.cards("intimidate")
def test_intimidate_minus_four_attack_this_turn_floor_zero() -> None:
    t = table()
    t.give(0, "Intimidate")
    u = t.put(1, "Older Brother")
    t.act("play Intimidate")
    t.act("choose Older Brother")
    assert t.atk(u) == 0
    t.end_turn()
    assert t.atk(u) == 2


@pytest.mark.cards("final-smash")
def test_final_smash_three_parts_each_chosen_in_turn() -> None:
    t = table("troq-bashar", level=8)
    t.thing(next(iter(t.s.things))).max_at_start = True
    t.give(0, "Final Smash")
    a = t.put(1, "Tenderfoot")
    b = t.put(1, "Iron Man")
    c = t.put(1, "Regular-sized Rhinoceros")
    t.act("play Final Smash")
    assert not t.alive(a)
    assert b in t.s.players[1].hand
    assert t.thing(c).ctrl == 0 and t.thing(c).since == t.s.turn  # a new controller: arrival fatigue


@pytest.mark.cards("final-smash")
def test_final_smash_must_hit_your_own_units_if_they_are_the_only_ones() -> None:
    t = table("troq-bashar", level=8)
    t.thing(next(iter(t.s.things))).max_at_start = True
    t.give(0, "Final Smash")
    mine = t.put(0, "Tenderfoot")
    t.put(1, "Iron Man")
    t.act("play Final Smash")
    assert not t.alive(mine)


@pytest.mark.cards("revolver-ocelot", "iron-man", "regular-sized-rhinoceros")
def test_revolver_ocelot_iron_man_rhino_stats() -> None:
    t = table()
    t.built(0, "tech1", "tech2")
    t.give(0, "Iron Man", "Revolver Ocelot", "Regular-sized Rhinoceros")
    for name in ("Iron Man", "Revolver Ocelot", "Regular-sized Rhinoceros"):
        t.act(f"play {name}")
    got = {t.s.things[u].card: (t.atk(u), t.hp(u)) for u in t.s.things}
    assert got["iron-man"] == (3, 4) and got["revolver-ocelot"] == (3, 3)
    assert got["regular-sized-rhinoceros"] == (5, 6)
    assert t.s.players[0].gold == 20 - 3 - 2 - 4


def test_tech_requirements_for_codex_units() -> None:
    t = table()
    t.give(0, "Iron Man", "Hired Stomper", "Trojan Duck")
    assert not t.can("play Iron Man")
    t.built(0, "tech1")
    assert t.can("play Iron Man") and not t.can("play Hired Stomper")
    t.built(0, "tech2")
    assert t.can("play Hired Stomper") and not t.can("play Trojan Duck")
    t.built(0, "tech3")
    assert t.can("play Trojan Duck")


@pytest.mark.cards("hired-stomper")
def test_hired_stomper_arrives_dealing_three_to_a_unit() -> None:
    t = table()
    t.built(0, "tech1", "tech2")
    t.give(0, "Hired Stomper")
    u = t.put(1, "Iron Man")
    t.act("play Hired Stomper")
    t.act("choose Iron Man")
    assert t.thing(u).damage == 3


@pytest.mark.cards("hired-stomper")
def test_hired_stomper_may_have_to_hit_itself() -> None:
    t = table()
    t.built(0, "tech1", "tech2")
    t.give(0, "Hired Stomper")
    t.act("play Hired Stomper")
    assert not any(th.card == "hired-stomper" for th in t.s.things.values())


@pytest.mark.cards("sneaky-pig")
def test_sneaky_pig_haste_and_stealth_this_turn() -> None:
    t = table()
    t.built(0, "tech1", "tech2")
    t.give(0, "Sneaky Pig")
    t.put(1, "Iron Man", slot="squad leader")
    t.act("play Sneaky Pig")
    assert t.can("attack Sneaky Pig -> base")
    pig = next(u for u, th in t.s.things.items() if th.card == "sneaky-pig")
    t.end_turn()
    t.end_turn()
    assert "stealth" not in t.kw(pig)


@pytest.mark.cards("eggship", "harvest-reaper")
def test_eggship_flies_and_harvest_reaper_overpowers() -> None:
    t = table()
    e = t.put(0, "Eggship")
    r = t.put(0, "Harvest Reaper")
    assert "flying" in t.kw(e) and "overpower" in t.kw(r)


@pytest.mark.cards("trojan-duck")
def test_trojan_duck_arrives_dealing_four_to_a_building() -> None:
    t = table()
    t.built(0, "tech1", "tech2", "tech3")
    t.give(0, "Trojan Duck")
    t.act("play Trojan Duck")
    t.act("choose base")
    assert t.base(1) == 4


@pytest.mark.cards("harmony", "dancer")
def test_harmony_makes_dancers_up_to_three_and_not_for_itself() -> None:
    t = table("river-montoya")
    t.give(0, "Harmony", "Spark", "Bloom", "Wither", "Discord")
    t.put(1, "Older Brother", slot="elite")
    t.act("play Harmony")
    assert not any(th.card == "dancer" for th in t.s.things.values())
    t.act("play Spark")
    dancers = [u for u, th in t.s.things.items() if th.card == "dancer"]
    assert len(dancers) == 1 and (t.atk(dancers[0]), t.hp(dancers[0])) == (0, 1)
    t.act("play Discord")
    t.act("play Wither")
    t.act("choose River Montoya") if t.s.pending else None
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    while t.s.pending:
        t.act(t.legal()[0])
    assert sum(1 for th in t.s.things.values() if th.card == "dancer") == 3


@pytest.mark.cards("dancer", "harmony")
def test_harmony_dancer_comes_after_the_spell_resolves() -> None:
    t = table("river-montoya")
    t.give(0, "Harmony", "Bloom")
    t.act("play Harmony")
    t.act("play Bloom")  # the only friendly target is River: the new Dancer cannot get the rune
    assert all(th.runes == 0 for th in t.s.things.values() if th.card == "dancer")


@pytest.mark.cards("harmony", "dancer", "angry-dancer")
def test_stop_the_music_turns_dancers_angry_keeping_damage() -> None:
    t = table("river-montoya")
    t.give(0, "Harmony")
    t.act("play Harmony")
    d = t.put(0, "Dancer", runes=1)
    t.act("ability Harmony")
    assert t.thing(d).card == "angry-dancer" and t.thing(d).runes == 1
    assert (t.atk(d), t.hp(d)) == (3, 2) and "unstoppable" in t.kw(d)
    assert not any(th.card == "harmony" for th in t.s.things.values())
    assert not any(e.kind == "arrive" and e.data.get("card") == "angry-dancer" for e in t.events)


@pytest.mark.cards("discord")
def test_discord_weakens_an_opponents_tech_0_and_1_units_this_turn() -> None:
    t = table("river-montoya")
    t.give(0, "Discord")
    a = t.put(1, "Timely Messenger")
    b = t.put(1, "Iron Man")
    c = t.put(1, "Regular-sized Rhinoceros")
    mine = t.put(0, "Tenderfoot")
    t.act("play Discord")
    assert not t.alive(a)  # a 1-health unit dies
    assert (t.atk(b), t.hp(b)) == (1, 3) and (t.atk(c), t.hp(c)) == (5, 6) and t.atk(mine) == 1
    t.end_turn()
    assert (t.atk(b), t.hp(b)) == (3, 4)


@pytest.mark.cards("two-step")
def test_two_step_partners_get_two_two_and_it_ends_when_one_leaves() -> None:
    t = table("river-montoya")
    t.give(0, "Two Step", "Two Step")
    a = t.put(0, "Tenderfoot")
    b = t.put(0, "Older Brother")
    c = t.put(0, "Fruit Ninja")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    t.act(f"choose {t.name(a)}")
    t.act(f"choose {t.name(b)}")
    assert (t.atk(a), t.hp(a)) == (3, 4) and (t.atk(b), t.hp(b)) == (4, 4)
    assert not t.can(f"play {t.name(t.s.players[0].hand[0])}")  # only Fruit Ninja is unpartnered
    t.thing(a).damage = 3
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert not any(th.card == "two-step" for th in t.s.things.values())
    assert not t.alive(a)  # 3 damage on a unit back to 1/2
    assert t.alive(c)


@pytest.mark.cards("appel-stomp")
def test_appel_stomp_sideline_draw_and_maybe_back_on_top() -> None:
    t = table("river-montoya", level=5)
    t.thing(next(iter(t.s.things))).max_at_start = True
    stomp = t.give(0, "Appel Stomp")[0]
    t.give(0, "Tenderfoot", zone="deck")
    p = t.put(1, "Iron Man", slot="squad leader")
    t.act("play Appel Stomp")
    assert t.s.players[1].patrol[0] == 0 and t.alive(p)
    assert len(t.s.players[0].hand) == 1
    t.act("choose yes")
    assert t.s.players[0].deck == [stomp]


@pytest.mark.cards("nimble-fencer")
def test_nimble_fencer_gives_virtuosos_haste() -> None:
    t = table("river-montoya")
    t.put(0, "Nimble Fencer")
    t.give(0, "Tenderfoot")
    t.act("play Tenderfoot")
    assert t.can("attack Tenderfoot -> base")


@pytest.mark.cards("star-crossed-starlet")
def test_star_crossed_starlet_hurts_herself_and_grows() -> None:
    t = table("river-montoya")
    s = t.put(0, "Star-Crossed Starlet")
    assert t.atk(s) == 3
    t.end_turn()
    t.end_turn()
    assert t.thing(s).damage == 1 and t.atk(s) == 4
    t.end_turn()
    t.end_turn()
    assert not t.alive(s)


@pytest.mark.cards("star-crossed-starlet", "helpful-turtle")
def test_starlet_and_turtle_the_player_orders_upkeep() -> None:
    t = table("river-montoya")
    s = t.put(0, "Star-Crossed Starlet", damage=1)
    t.put(0, "Helpful Turtle")
    t.end_turn()
    t.end_turn()
    assert t.s.pending["kind"] == "order"
    t.act("choose Helpful Turtle healing")
    assert t.alive(s) and t.thing(s).damage == 1


@pytest.mark.cards("grounded-guide")
def test_grounded_guide_buffs_and_stacks() -> None:
    t = table("river-montoya")
    t.put(0, "Grounded Guide")
    v = t.put(0, "Tenderfoot")
    o = t.put(0, "Older Brother")
    assert (t.atk(v), t.hp(v)) == (3, 3) and t.atk(o) == 3
    t.put(0, "Grounded Guide")
    assert (t.atk(v), t.hp(v)) == (5, 4) and t.atk(o) == 4


@pytest.mark.cards("maestro")
def test_maestro_virtuosos_cost_zero_and_can_hit_buildings() -> None:
    t = table("river-montoya")
    t.put(0, "Maestro")
    v = t.put(0, "Tenderfoot")
    t.give(0, "Tenderfoot", "Older Brother")
    assert t.q.card_cost(0, t.g.card_of(t.s.players[0].hand[0])) == 0
    t.act("ability Tenderfoot")
    t.act("choose base")
    assert t.base(1) == 2 and t.thing(v).exhausted
    t.act("play Tenderfoot")
    assert t.s.players[0].gold == 20
    assert not t.can("ability Tenderfoot")  # the new one arrived this turn and has no haste


@pytest.mark.cards("backstabber", "cloud-sprite", "leaping-lizard")
def test_backstabber_cloud_sprite_leaping_lizard_keywords() -> None:
    t = table("river-montoya")
    assert "invisible" in t.kw(t.put(0, "Backstabber"))
    assert "flying" in t.kw(t.put(0, "Cloud Sprite"))
    assert "anti-air" in t.kw(t.put(0, "Leaping Lizard"))


@pytest.mark.cards("blademaster")
def test_blademaster_gives_swift_strike_only_while_in_play() -> None:
    t = table("river-montoya")
    b = t.put(0, "Blademaster")
    u = t.put(0, "Tenderfoot")
    h = next(x for x, th in t.s.things.items() if th.card == "river-montoya")
    assert "swift strike" in t.kw(u) and "swift strike" in t.kw(h)
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "blademaster"}}}])
    assert not t.alive(b) and "swift strike" not in t.kw(u)


@pytest.mark.cards("troq-bashar")
def test_troq_middle_band_hits_the_defenders_base_when_attacking() -> None:
    t = Table()
    t.clear()
    t.put(0, "troq-bashar", level=5)
    u = t.put(1, "Older Brother")
    t.act("attack Troq Bashar -> Older Brother")
    assert t.base(1) == 1 and not t.alive(u)


@pytest.mark.cards("river-montoya")
def test_river_middle_band_sidelines_a_tech_0_or_1_patroller() -> None:
    t = Table()
    t.clear()
    t.put(0, "river-montoya", level=3)
    t.put(1, "Regular-sized Rhinoceros", slot="squad leader")
    u = t.put(1, "Older Brother", slot="elite")
    t.act("ability River Montoya")
    assert t.s.players[1].patrol[1] == 0 and t.alive(u)
    assert not t.can("ability River Montoya")


@pytest.mark.cards("river-montoya")
def test_river_max_band_makes_tech_0_units_cheaper() -> None:
    t = Table()
    t.clear()
    t.put(0, "river-montoya", level=5)
    t.give(0, "Timely Messenger", "Older Brother", "Spark")
    costs = {t.g.card_of(u).name: t.q.card_cost(0, t.g.card_of(u)) for u in t.s.players[0].hand}
    assert costs == {"Timely Messenger": 0, "Older Brother": 1, "Spark": 1}
