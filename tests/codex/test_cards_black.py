"""Black cards: the starter deck, Demonology, Disease, Necromancy, their heroes and Black's tokens."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod


def table(hero: str = "garth-torken", level: int = 1, gold: int = 20) -> Table:
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero, level=level)
    return t


def units(t: Table, seat: int, cid: str) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == cid and th.ctrl == seat)


# ------------------------------------------------------------------------------------ starter deck


@pytest.mark.cards("pestering-haunt")
def test_pestering_haunt_is_unstoppable_cant_patrol_and_stays_at_one_atk() -> None:
    t = table()
    h = t.put(0, "Pestering Haunt")
    t.thing(h).mods.append(Mod(atk=3, until="turn"))
    assert t.atk(h) == 1
    t.put(1, "Iron Man", slot="squad leader")
    assert t.can("attack Pestering Haunt -> base")
    assert not any(a.startswith("patrol Pestering Haunt") for a in t.legal())


@pytest.mark.cards("pestering-haunt")
def test_pestering_haunt_cannot_be_sacrificed() -> None:
    t = table()
    h = t.put(0, "Pestering Haunt")
    t.effect(0, [{"op": "sacrifice", "to": {"each": {"kind": ["unit"]}}}])
    assert t.alive(h)


@pytest.mark.cards("poisonblade-rogue")
def test_poisonblade_rogue_attacks_with_armor_piercing_rune_damage() -> None:
    t = table()
    r = t.put(0, "Poisonblade Rogue")
    d = t.put(1, "Regular-sized Rhinoceros", slot="squad leader")
    assert "rune damage" not in t.kw(r)
    t.act("attack Poisonblade Rogue -> Regular-sized Rhinoceros")
    # the squad leader's armor does not soak it: two -1/-1 runes
    assert t.thing(d).runes == -2 and t.thing(d).damage == 0
    assert not t.alive(r)


@pytest.mark.cards("poisonblade-rogue")
def test_poisonblade_rogue_defending_deals_ordinary_damage() -> None:
    t = table()
    t.put(1, "Poisonblade Rogue", slot="elite")
    a = t.put(0, "Iron Man")
    t.act("attack Iron Man -> Poisonblade Rogue")
    assert t.thing(a).damage == 3 and t.thing(a).runes == 0  # 2 ATK +1 elite, as damage


@pytest.mark.cards("thieving-imp")
def test_thieving_imp_makes_the_opponent_discard_at_random() -> None:
    t = table()
    t.give(1, "Spark", "Bloom")
    t.give(0, "Thieving Imp")
    t.act("play Thieving Imp")
    p = t.s.players[1]
    assert len(p.hand) == 1 and len(p.discard) == 1 and t.s.players[0].gold == 17


@pytest.mark.cards("thieving-imp")
def test_thieving_imp_with_an_empty_hand_does_nothing() -> None:
    t = table()
    t.give(0, "Thieving Imp")
    t.act("play Thieving Imp")
    assert t.s.players[1].discard == [] and t.s.pending is None


@pytest.mark.cards("skeletal-archery", "skeleton")
def test_skeletal_archery_gives_your_skeletons_long_range_and_anti_air() -> None:
    t = table()
    t.give(0, "Skeletal Archery", "Summon Skeletons")
    t.act("play Summon Skeletons")
    mine = units(t, 0, "skeleton")
    theirs = t.put(1, "Skeleton")
    other = t.put(0, "Tenderfoot")
    t.act("play Skeletal Archery")
    for u in mine:
        assert {"long-range", "anti-air"} <= set(t.kw(u))
    assert "long-range" not in t.kw(theirs) and "long-range" not in t.kw(other)
    assert (t.atk(mine[0]), t.hp(mine[0])) == (1, 1)


@pytest.mark.cards("deteriorate")
def test_deteriorate_gives_minus_one_this_turn() -> None:
    t = table()
    u = t.put(1, "Iron Man")
    t.put(1, "Tenderfoot")
    t.give(0, "Deteriorate")
    t.act("play Deteriorate")
    t.act("choose Iron Man")
    assert (t.atk(u), t.hp(u)) == (2, 3)
    t.end_turn()
    assert (t.atk(u), t.hp(u)) == (3, 4)


@pytest.mark.cards("deteriorate")
def test_deteriorate_cannot_target_a_hero() -> None:
    t = table()
    t.give(0, "Deteriorate")
    t.put(1, "troq-bashar")
    assert not t.can("play Deteriorate")


@pytest.mark.cards("summon-skeletons", "skeleton")
def test_summon_skeletons_makes_two_skeleton_tokens() -> None:
    t = table()
    t.give(0, "Summon Skeletons")
    t.act("play Summon Skeletons")
    sk = units(t, 0, "skeleton")
    assert len(sk) == 2 and all((t.atk(u), t.hp(u)) == (1, 1) for u in sk)
    assert t.s.players[0].gold == 17


@pytest.mark.cards("sacrifice-the-weak")
def test_sacrifice_the_weak_each_player_loses_their_weakest_unit() -> None:
    t = table()
    mine_weak = t.put(0, "Tenderfoot")
    mine = t.put(0, "Iron Man")
    theirs_weak = t.put(1, "Older Brother")
    theirs = t.put(1, "Tenderfoot")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    # tech 0 first, then least ATK: Tenderfoot (1) for us; P2's Tenderfoot (1) over Older Brother (2)
    assert not t.alive(mine_weak) and t.alive(mine)
    assert not t.alive(theirs) and t.alive(theirs_weak)


# -------------------------------------------------------------------------------------- demonology


def vandy(level: int = 1) -> Table:
    return table("vandy-anadrose", level)


@pytest.mark.cards("dark-pact")
def test_dark_pact_hits_a_base_and_its_owner_draws_two() -> None:
    t = vandy()
    t.give(1, "Spark", "Bloom", "Wither", zone="deck")
    t.give(0, "Dark Pact")
    t.act("play Dark Pact")
    assert t.s.pending["options"] == ["0:base", "1:base"]
    t.act("choose base")
    assert t.base(1) == 2 and len(t.s.players[1].hand) == 2 and t.s.players[0].hand == []


@pytest.mark.cards("dark-pact")
def test_dark_pact_on_your_own_base_draws_you_two() -> None:
    t = vandy()
    t.give(0, "Spark", "Bloom", zone="deck")
    t.give(0, "Dark Pact")
    t.act("play Dark Pact")
    t.act("choose my base")
    assert t.base(0) == 2 and len(t.s.players[0].hand) == 2


@pytest.mark.cards("shadow-blade")
def test_shadow_blade_kill_makes_its_controller_discard_at_random() -> None:
    t = vandy()
    t.give(1, "Spark", "Bloom")
    u = t.put(1, "Older Brother", slot="elite")
    t.give(0, "Shadow Blade")
    t.act("play Shadow Blade")
    assert not t.alive(u) and len(t.s.players[1].hand) == 1 and len(t.s.players[1].discard) == 2


@pytest.mark.cards("shadow-blade")
def test_shadow_blade_survivor_means_no_discard() -> None:
    t = vandy()
    t.give(1, "Spark", "Bloom")
    u = t.put(1, "Iron Man", slot="elite")
    t.give(0, "Shadow Blade")
    t.act("play Shadow Blade")
    assert t.alive(u) and t.thing(u).damage == 3 and len(t.s.players[1].hand) == 2


@pytest.mark.cards("shadow-blade")
def test_shadow_blade_needs_a_patroller() -> None:
    t = vandy()
    t.put(1, "Iron Man")
    t.give(0, "Shadow Blade")
    assert not t.can("play Shadow Blade")


@pytest.mark.cards("gargoyle")
def test_gargoyle_can_neither_attack_nor_patrol_until_it_takes_wing() -> None:
    t = vandy()
    g = t.put(0, "Gargoyle")
    assert not t.can("attack Gargoyle -> base") and not any(a.startswith("patrol Gargoyle") for a in t.legal())
    t.act("ability Gargoyle")
    assert t.s.players[0].gold == 19
    assert (t.atk(g), "flying" in t.kw(g), "indestructible" in t.kw(g)) == (3, True, False)
    assert t.can("attack Gargoyle -> base") and not t.can("ability Gargoyle")  # once per turn


@pytest.mark.cards("gargoyle")
def test_gargoyle_wings_last_until_its_controllers_next_upkeep() -> None:
    t = vandy()
    g = t.put(0, "Gargoyle")
    t.act("ability Gargoyle")
    t.act("patrol Gargoyle squad leader")
    t.end_turn()
    assert t.s.players[0].patrol[0] == g and "flying" in t.kw(g)
    t.end_turn()
    assert "flying" not in t.kw(g) and "indestructible" in t.kw(g) and t.atk(g) == 0


@pytest.mark.cards("gargoyle")
def test_gargoyle_is_indestructible_without_its_wings() -> None:
    t = vandy()
    g = t.put(1, "Gargoyle")
    t.give(0, "Shadow Blade")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "gargoyle"}}}])
    assert t.alive(g) and t.thing(g).exhausted


@pytest.mark.cards("banefire-golem")
def test_banefire_golem_upkeep_sacrifice_then_one_damage_to_every_enemy() -> None:
    t = vandy()
    golem = t.put(0, "Banefire Golem")
    fodder = t.put(0, "Tenderfoot")
    foe = t.put(1, "Older Brother")
    t.built(1, "tech1")
    t.end_turn()
    t.end_turn()
    assert t.s.pending["kind"] == "pick" and sorted(t.s.pending["options"]) == [golem, fodder]
    t.act("choose Tenderfoot")
    assert not t.alive(fodder) and t.alive(golem)
    assert t.thing(foe).damage == 1 and t.base(1) == 1 and t.s.players[1].tech[0].damage == 1
    assert t.base(0) == 0


@pytest.mark.cards("blackhand-dozer")
def test_blackhand_dozer_stops_opposing_bases_at_six() -> None:
    t = vandy()
    t.put(0, "Blackhand Dozer")
    t.s.players[1].base_damage = 10
    t.act("attack Blackhand Dozer -> base")
    assert t.base(1) == 14  # 6 HP left, not 3


@pytest.mark.cards("blackhand-dozer")
def test_blackhand_dozer_floor_does_not_cover_your_own_base() -> None:
    t = vandy()
    t.put(0, "Blackhand Dozer")
    t.s.players[0].base_damage = 15
    t.effect(0, [{"op": "damage", "n": 3, "to": "your base"}])
    assert t.base(0) == 18


@pytest.mark.cards("blackhand-dozer")
def test_blackhand_dozer_death_takes_one_of_your_lowest_tech_units() -> None:
    t = vandy()
    dozer = t.put(0, "Blackhand Dozer")
    low = t.put(0, "Tenderfoot")
    mid = t.put(0, "Iron Man")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "blackhand-dozer"}}}])
    assert not t.alive(dozer) and not t.alive(low) and t.alive(mid)


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_terras_q_gives_four_warlocks_and_is_shackled_while_they_live() -> None:
    t = vandy()
    t.built(0, "tech1", "tech2", spec="demonology")
    t.give(0, "Terras Q, the Shackled")
    t.act("play Terras Q, the Shackled")
    locks = units(t, 1, "warlock")
    assert len(locks) == 4 and all((t.atk(u), t.hp(u)) == (0, 1) for u in locks)
    q = units(t, 0, "terras-q-the-shackled")[0]
    assert "can't attack" in t.kw(q) and "can't patrol" in t.kw(q)
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "warlock"}}}])
    assert "can't attack" not in t.kw(q) and "can't patrol" not in t.kw(q)
    assert t.kw(q)["resist"] == 3 and t.kw(q)["obliterate"] == 2


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_terras_q_stays_shackled_while_one_warlock_remains() -> None:
    t = vandy()
    t.built(0, "tech1", "tech2", spec="demonology")
    t.give(0, "Terras Q, the Shackled")
    t.act("play Terras Q, the Shackled")
    locks = units(t, 1, "warlock")
    q = units(t, 0, "terras-q-the-shackled")[0]
    t.effect(0, [{"op": "destroy", "to": {"pick": {"card": "warlock"}, "n": 3}}])
    t.act(f"choose {t.name(locks[0])}")
    t.act(f"choose {t.name(locks[1])}")
    t.act(f"choose {t.name(locks[2])}")
    assert units(t, 1, "warlock") == [locks[3]] and "can't attack" in t.kw(q)


# ----------------------------------------------------------------------------------------- disease


def orpal(level: int = 1, gold: int = 20) -> Table:
    return table("orpal-gloor", level, gold)


@pytest.mark.cards("sickness")
def test_sickness_up_to_two_units_or_heroes() -> None:
    t = orpal()
    h = t.put(1, "troq-bashar")
    u = t.put(1, "Iron Man")
    t.give(0, "Sickness")
    t.act("play Sickness")
    t.act("choose Troq Bashar")
    t.act("choose Iron Man")
    assert t.thing(h).runes == -1 and t.thing(u).runes == -1


@pytest.mark.cards("sickness")
def test_sickness_may_stop_at_one_target() -> None:
    t = orpal()
    u = t.put(1, "Iron Man")
    t.put(1, "Tenderfoot")
    t.give(0, "Sickness")
    t.act("play Sickness")
    t.act("choose Iron Man")
    t.act("choose done")
    assert t.thing(u).runes == -1 and sum(th.runes for th in t.s.things.values()) == -1


@pytest.mark.cards("spreading-plague")
def test_spreading_plague_destroys_rune_marked_tech_0_to_ii_units_and_heroes() -> None:
    t = orpal()
    t.gold(0, 20)
    marked = t.put(1, "Iron Man", runes=-1)
    clean = t.put(1, "Tenderfoot")
    hero = t.put(1, "troq-bashar")
    t.thing(hero).runes = -1
    big = t.put(1, "Abomination", runes=-1)  # tech II
    t.give(0, "Spreading Plague")
    t.act("play Spreading Plague")
    assert not t.alive(marked) and not t.alive(hero) and t.alive(clean) and not t.alive(big)


@pytest.mark.cards("spreading-plague")
def test_spreading_plague_spares_tech_iii() -> None:
    t = orpal()
    lord = t.put(1, "Plague Lord", runes=-1)
    t.give(0, "Spreading Plague")
    t.act("play Spreading Plague")
    assert t.alive(lord)


@pytest.mark.cards("death-and-decay")
def test_death_and_decay_shrinks_their_fighters_and_hits_their_buildings() -> None:
    t = orpal(level=6)
    t.thing(units(t, 0, "orpal-gloor")[0]).max_at_start = True
    big = t.put(1, "Abomination")
    small = t.put(1, "Older Brother")
    mine = t.put(0, "Iron Man")
    t.built(1, "tech1")
    t.give(0, "Death and Decay")
    t.act("play Death and Decay")
    assert not t.alive(small) and (t.atk(big), t.hp(big)) == (3, 3) and t.hp(mine) == 3  # -1 from Abomination
    assert t.base(1) == 3 and t.s.players[1].tech[0].damage == 3 and t.base(0) == 0
    t.end_turn()
    assert t.hp(big) == 6


@pytest.mark.cards("death-and-decay")
def test_death_and_decay_needs_orpal_at_max_since_the_turn_began() -> None:
    t = orpal(level=6)
    t.give(0, "Death and Decay")
    assert not t.can("play Death and Decay")


@pytest.mark.cards("crypt-crawler")
def test_crypt_crawler_grounds_a_flier_for_the_turn() -> None:
    t = orpal()
    cc = t.put(0, "Crypt Crawler")
    bird = t.put(1, "Eggship")
    t.act("ability Crypt Crawler")
    assert "flying" not in t.kw(bird) and t.s.players[0].gold == 19
    assert t.can(f"attack Crypt Crawler -> {t.name(bird).split('#')[0]}")
    assert t.kw(cc)["sparkshot"] == 1
    t.end_turn()
    assert "flying" in t.kw(bird)


@pytest.mark.cards("crypt-crawler")
def test_crypt_crawler_needs_a_flier() -> None:
    t = orpal()
    t.put(0, "Crypt Crawler")
    t.put(1, "Iron Man")
    assert not t.can("ability Crypt Crawler")


@pytest.mark.cards("plague-spitter")
def test_plague_spitter_deals_runes_attacking_and_defending() -> None:
    t = orpal()
    ps = t.put(0, "Plague Spitter")
    foe = t.put(1, "Regular-sized Rhinoceros")
    t.act("attack Plague Spitter -> Regular-sized Rhinoceros")
    assert t.thing(foe).runes == -3 and t.thing(foe).damage == 0 and not t.alive(ps)


@pytest.mark.cards("plague-spitter")
def test_plague_spitter_damages_buildings_normally() -> None:
    t = orpal()
    t.put(0, "Plague Spitter")
    t.act("attack Plague Spitter -> base")
    assert t.base(1) == 3


@pytest.mark.cards("gorgon")
def test_gorgon_deathtouch_and_draws_when_it_dies() -> None:
    t = orpal()
    t.give(0, "Spark", zone="deck")
    gorgon = t.put(0, "Gorgon")
    foe = t.put(1, "Regular-sized Rhinoceros")
    t.act("attack Gorgon -> Regular-sized Rhinoceros")
    assert not t.alive(foe) and not t.alive(gorgon) and len(t.s.players[0].hand) == 1


@pytest.mark.cards("abomination")
def test_abomination_shrinks_every_other_unit_but_not_heroes() -> None:
    t = orpal()
    ab = t.put(0, "Abomination")
    mine = t.put(0, "Iron Man")
    theirs = t.put(1, "Tenderfoot")
    hero = units(t, 0, "orpal-gloor")[0]
    assert (t.atk(ab), t.hp(ab)) == (6, 6) and (t.atk(mine), t.hp(mine)) == (2, 3)
    assert t.hp(theirs) == 1 and t.hp(hero) == 3


@pytest.mark.cards("plague-lab")
def test_plague_lab_arrival_marks_every_opposing_unit() -> None:
    t = orpal()
    t.built(0, "tech1", "tech2", spec="disease")
    a = t.put(1, "Iron Man")
    b = t.put(1, "Older Brother")
    mine = t.put(0, "Tenderfoot")
    t.give(0, "Plague Lab")
    t.act("play Plague Lab")
    assert t.thing(a).runes == -1 and t.thing(b).runes == -1 and t.thing(mine).runes == 0


@pytest.mark.cards("plague-lab")
def test_plague_lab_adds_a_rune_of_a_kind_already_there() -> None:
    t = orpal()
    t.put(0, "Plague Lab")
    a = t.put(1, "Iron Man", runes=-1)
    b = t.put(0, "Tenderfoot", runes=1)
    c = t.put(1, "Older Brother", runes=-1)
    t.thing(b).marks["time"] = 1
    t.act("ability Plague Lab")
    assert t.s.players[0].gold == 18 and sorted(o for o in t.s.pending["options"] if o != "done") == [a, b, c]
    t.act("choose Iron Man")
    t.act("choose Tenderfoot")
    assert t.s.pending["options"] == ["+1/+1", "time"]
    t.act("choose time")
    t.act("choose done")
    assert t.thing(a).runes == -2 and t.thing(b).runes == 1 and t.thing(b).marks["time"] == 2
    assert t.thing(c).runes == -1


@pytest.mark.cards("plague-lord")
def test_plague_lord_arrives_and_attacks_marking_every_enemy_fighter() -> None:
    t = orpal()
    t.built(0, "tech1", "tech2", "tech3", spec="disease")
    u = t.put(1, "Iron Man")
    h = t.put(1, "troq-bashar")
    t.give(0, "Plague Lord")
    t.act("play Plague Lord")
    assert t.thing(u).runes == -1 and t.thing(h).runes == -1
    lord = units(t, 0, "plague-lord")[0]
    assert t.kw(lord)["resist"] == 2
    t.thing(lord).since = 0
    t.act("attack Plague Lord -> base")
    assert t.thing(u).runes == -2 and t.thing(h).runes == -2


@pytest.mark.cards("plague-lord")
def test_plague_lord_upkeep_bases_take_damage_per_minus_rune() -> None:
    t = orpal()
    t.put(0, "Plague Lord")
    t.put(0, "Iron Man", runes=-1)
    t.put(1, "Iron Man", runes=-2)
    t.put(1, "Tenderfoot", runes=-1)
    t.end_turn()
    assert (t.base(0), t.base(1)) == (0, 0)  # not in P2's upkeep
    t.end_turn()
    assert (t.base(0), t.base(1)) == (1, 3)


# -------------------------------------------------------------------------------------- necromancy


@pytest.mark.cards("nether-drain")
def test_nether_drain_moves_two_levels_from_one_hero_to_another() -> None:
    t = table(level=2)
    mine = units(t, 0, "garth-torken")[0]
    theirs = t.put(1, "troq-bashar", level=4)
    t.give(0, "Nether Drain")
    t.act("play Nether Drain")
    t.act("choose Troq Bashar")
    assert t.thing(theirs).level == 2 and t.thing(mine).level == 4
    t.effect(1, [{"op": "level", "n": 1, "to": {"each": {"kind": ["hero"], "side": "you"}}}])
    assert t.thing(theirs).level == 2  # can't level up this turn
    t.end_turn()
    t.gold(1, 5)
    assert t.can("level Troq Bashar 1")


@pytest.mark.cards("nether-drain")
def test_nether_drain_frozen_hero_cant_be_levelled_by_its_owner_this_turn() -> None:
    t = table(level=3)
    t.put(1, "troq-bashar")
    t.give(0, "Nether Drain")
    t.act("play Nether Drain")
    t.act("choose Garth Torken")
    assert not any(a.startswith("level Garth") for a in t.legal())


@pytest.mark.cards("lichs-bargain", "skeleton", "zombie", "horror")
def test_lichs_bargain_costs_a_worker_and_four_base_hp_for_three_tokens() -> None:
    t = table()
    t.workers(0, 5)
    t.give(0, "Lich's Bargain")
    t.act("play Lich's Bargain")
    p = t.s.players[0]
    assert p.workers == 4 and t.base(0) == 4 and p.gold == 18
    sk, zo, ho = units(t, 0, "skeleton"), units(t, 0, "zombie"), units(t, 0, "horror")
    assert [len(sk), len(zo), len(ho)] == [1, 1, 1]
    assert (t.atk(sk[0]), t.hp(sk[0])) == (1, 1) and (t.atk(zo[0]), t.hp(zo[0])) == (2, 2)
    assert (t.atk(ho[0]), t.hp(ho[0])) == (3, 3) and "deathtouch" in t.kw(ho[0])


@pytest.mark.cards("doom-grasp")
def test_doom_grasp_sacrifice_then_destroy_a_tech_0_to_ii_unit_or_hero() -> None:
    t = table()
    fodder = t.put(0, "Tenderfoot")
    hero = t.put(1, "troq-bashar")
    big = t.put(1, "Plague Lord")
    t.give(0, "Doom Grasp")
    t.act("play Doom Grasp")
    assert not t.alive(fodder)
    assert hero in t.s.pending["options"] and big not in t.s.pending["options"]
    t.act("choose Troq Bashar")
    assert not t.alive(hero) and t.alive(big)


@pytest.mark.cards("doom-grasp")
def test_doom_grasp_without_a_unit_to_sacrifice_destroys_nothing() -> None:
    t = table()
    foe = t.put(1, "Iron Man")
    t.give(0, "Doom Grasp")
    assert not t.can("play Doom Grasp")  # it would do nothing at all
    t2 = Table(targetless="allow")
    t2.clear()
    t2.gold(0, 5)
    t2.put(0, "garth-torken")
    foe = t2.put(1, "Iron Man")
    t2.give(0, "Doom Grasp")
    t2.act("play Doom Grasp")
    assert t2.alive(foe) and t2.s.pending is None


@pytest.mark.cards("death-rites")
def test_death_rites_each_of_your_deaths_this_turn_takes_a_lowest_tech_foe() -> None:
    t = table(level=7)
    t.thing(units(t, 0, "garth-torken")[0]).max_at_start = True
    a = t.put(0, "Tenderfoot")
    b = t.put(0, "Older Brother")
    low = t.put(1, "Tenderfoot")
    mid = t.put(1, "Iron Man")
    t.give(0, "Death Rites")
    t.act("play Death Rites")
    t.effect(0, [{"op": "destroy", "to": {"bound": "x"}}])  # nothing happens without a death
    assert t.alive(low) and t.alive(mid)
    t.s.things[a].damage = 5
    t.effect(0, [])
    assert not t.alive(a) and not t.alive(low) and t.alive(mid)
    t.s.things[b].damage = 5
    t.effect(0, [])
    assert not t.alive(mid)
    t.end_turn()
    t.put(1, "Tenderfoot")
    late = t.put(0, "Tenderfoot")
    t.s.things[late].damage = 5
    t.effect(0, [])
    assert len(units(t, 1, "tenderfoot")) == 1  # only that turn


@pytest.mark.cards("hooded-executioner")
def test_hooded_executioner_boosted_destroys_the_opponents_weakest_unit() -> None:
    t = table()
    t.built(0, "tech1")
    weak = t.put(1, "Tenderfoot")
    strong = t.put(1, "Older Brother")
    t.give(0, "Hooded Executioner")
    t.act("play Hooded Executioner boost")
    assert not t.alive(weak) and t.alive(strong) and t.s.players[0].gold == 15


@pytest.mark.cards("hooded-executioner")
def test_hooded_executioner_unboosted_destroys_nothing() -> None:
    t = table()
    t.built(0, "tech1")
    weak = t.put(1, "Tenderfoot")
    t.give(0, "Hooded Executioner")
    t.act("play Hooded Executioner")
    assert t.alive(weak) and t.s.players[0].gold == 18


@pytest.mark.cards("bone-collector", "skeleton")
def test_bone_collector_makes_a_skeleton_each_attack() -> None:
    t = table()
    t.put(0, "Bone Collector")
    t.act("attack Bone Collector -> base")
    assert len(units(t, 0, "skeleton")) == 1 and t.base(1) == 3


@pytest.mark.cards("necromancer", "skeleton")
def test_necromancer_raises_a_skeleton_for_each_other_non_token_death_of_yours() -> None:
    t = table()
    nec = t.put(0, "Necromancer")
    unit = t.put(0, "Tenderfoot")
    token = t.put(0, "Zombie")
    foe = t.put(1, "Tenderfoot")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "not_subtype": "spellcaster"}}}])
    assert not t.alive(unit) and not t.alive(token) and not t.alive(foe)
    assert len(units(t, 0, "skeleton")) == 1 and t.kw(nec)["long-range"] == 1


@pytest.mark.cards("lord-of-shadows")
def test_lord_of_shadows_makes_your_black_units_invisible() -> None:
    t = table()
    lord = t.put(0, "Lord of Shadows")
    sk = t.put(0, "Skeleton")
    other = t.put(0, "Tenderfoot")
    theirs = t.put(1, "Skeleton")
    assert "invisible" in t.kw(lord) and "invisible" in t.kw(sk)
    assert "invisible" not in t.kw(other) and "invisible" not in t.kw(theirs)


@pytest.mark.cards("skeleton-javelineer")
def test_skeleton_javelineer_spends_its_javelin_for_long_range() -> None:
    t = table()
    t.give(0, "Skeleton Javelineer")
    t.act("play Skeleton Javelineer")
    sj = units(t, 0, "skeleton-javelineer")[0]
    assert t.thing(sj).marks["javelin"] == 1 and "long-range" not in t.kw(sj)
    t.act("ability Skeleton Javelineer")
    assert not t.thing(sj).marks.get("javelin") and "long-range" in t.kw(sj)
    assert not t.can("ability Skeleton Javelineer")  # no javelin left
    t.end_turn()
    assert "long-range" not in t.kw(sj)


@pytest.mark.cards("corpse-catapult")
def test_corpse_catapult_collects_corpses_and_flings_them_at_a_building() -> None:
    t = table()
    t.built(1, "tech1")
    cat = t.put(0, "Corpse Catapult")
    mine = [t.put(0, "Tenderfoot"), t.put(0, "Skeleton")]
    foe = t.put(1, "Older Brother")
    assert not t.can("ability Corpse Catapult")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "not_subtype": "contraption"}}}])
    assert not any(t.alive(u) for u in [*mine, foe]) and t.thing(cat).marks["corpse"] == 2  # only its own side
    t.act("ability Corpse Catapult")
    t.act("choose tech1")
    assert t.s.players[1].tech[0].status == "destroyed" and not t.thing(cat).marks.get("corpse")
    assert t.thing(cat).exhausted


@pytest.mark.cards("zarramonde-the-obliterator")
def test_zarramonde_played_from_hand_destroys_a_worker_or_a_thing() -> None:
    t = vandy()
    t.built(0, "tech1", "tech2", "tech3", spec="demonology")
    t.workers(1, 5)
    u = t.put(1, "Iron Man")
    t.give(0, "Zarramonde, the Obliterator")
    t.act("play Zarramonde, the Obliterator")
    assert u in t.s.pending["options"] and "p2 worker" in t.s.pending["options"]
    t.act("choose p2 worker")
    assert t.s.players[1].workers == 4 and t.alive(u)
    z = units(t, 0, "zarramonde-the-obliterator")[0]
    assert "untargetable" in t.kw(z) and t.kw(z)["obliterate"] == 4


@pytest.mark.cards("zarramonde-the-obliterator")
def test_zarramonde_put_into_play_destroys_nothing() -> None:
    from engine.codex.ctx import G
    from engine.codex.zones import enter_play

    t = vandy()
    u = t.put(1, "Iron Man")
    g = G(t.s, t.cat)
    enter_play(g, "zarramonde-the-obliterator", 0, 0)
    g.run()
    assert t.alive(u) and t.s.pending is None


# -------------------------------------------------------------------------------------------- heroes


@pytest.mark.cards("vandy-anadrose")
def test_vandy_anadrose_sparkshot_then_resist_and_fetch() -> None:
    t = vandy()
    v = units(t, 0, "vandy-anadrose")[0]
    assert t.kw(v)["sparkshot"] == 1 and "resist" not in t.kw(v)
    t.thing(v).level = 3
    assert t.kw(v)["resist"] == 1
    t.s.players[0].codex = {"dark-pact": 2, "gargoyle": 2, "sickness": 2}
    junk = t.give(0, "Spark")[0]
    t.act("ability Vandy Anadrose")
    p = t.s.players[0]
    assert junk in p.discard and p.gold == 19 and t.thing(v).exhausted
    assert [t.s.cards[u][0] for u in p.hand] == ["dark-pact"] and p.codex["dark-pact"] == 1


@pytest.mark.cards("vandy-anadrose")
def test_vandy_anadrose_fetch_needs_a_card_to_discard() -> None:
    t = vandy(level=3)
    t.s.players[0].codex = {"dark-pact": 2}
    assert not t.can("ability Vandy Anadrose")


@pytest.mark.cards("vandy-anadrose")
def test_vandy_anadrose_max_pumps_two_low_units_that_die_at_her_next_upkeep() -> None:
    t = vandy(level=4)
    mine = t.put(0, "Tenderfoot")
    big = t.put(0, "Abomination")
    theirs = t.put(1, "Iron Man")
    t.act("level Vandy Anadrose 1")
    assert (t.atk(mine), t.hp(mine)) == (2, 3) and (t.atk(theirs), t.hp(theirs)) == (4, 5)
    assert t.hp(big) == 6
    t.end_turn()
    assert t.alive(mine) and t.alive(theirs) and t.hp(theirs) == 5
    t.end_turn()
    assert not t.alive(mine) and not t.alive(theirs) and t.alive(big)


@pytest.mark.cards("orpal-gloor")
def test_orpal_gloor_deals_combat_damage_as_runes() -> None:
    t = orpal()
    o = units(t, 0, "orpal-gloor")[0]
    foe = t.put(1, "Older Brother", slot="elite")
    t.act("attack Orpal Gloor -> Older Brother")
    assert t.thing(foe).runes == -1 and t.thing(foe).damage == 0 and not t.alive(o)  # 3 back at him: he falls


@pytest.mark.cards("orpal-gloor")
def test_orpal_gloor_mid_sacrifices_a_non_demon_to_put_a_rune() -> None:
    t = orpal(level=4)
    imp = t.put(0, "Thieving Imp")
    fodder = t.put(0, "Tenderfoot")
    foe = t.put(1, "Iron Man")
    t.act("ability Orpal Gloor")
    assert not t.alive(fodder) and t.alive(imp)  # the Imp is a Demon: not a candidate
    t.act("choose Iron Man")
    assert t.thing(foe).runes == -1
    assert not t.can("ability Orpal Gloor")  # once per turn


@pytest.mark.cards("orpal-gloor")
def test_orpal_gloor_max_first_rune_marked_death_spreads_two_runes_to_its_side() -> None:
    t = orpal(level=6)
    dying = t.put(1, "Tenderfoot", runes=-1)
    a = t.put(1, "Iron Man")
    b = t.put(1, "Older Brother")
    mine = t.put(0, "Iron Man")
    t.thing(dying).damage = 1
    t.effect(0, [])
    assert not t.alive(dying)
    assert t.thing(a).runes == -1 and t.thing(b).runes == -1 and t.thing(mine).runes == 0
    t.thing(a).damage = 3
    t.effect(0, [])
    assert not t.alive(a) and t.thing(b).runes == -1  # only the first such death each turn


@pytest.mark.cards("orpal-gloor")
def test_orpal_gloor_max_ignores_deaths_without_runes() -> None:
    t = orpal(level=6)
    dying = t.put(1, "Tenderfoot", damage=2)
    other = t.put(1, "Iron Man")
    t.effect(0, [])
    assert not t.alive(dying) and t.thing(other).runes == 0


@pytest.mark.cards("garth-torken", "skeleton")
def test_garth_torken_raises_one_skeleton_a_turn() -> None:
    t = table()
    t.act("ability Garth Torken")
    assert len(units(t, 0, "skeleton")) == 1 and t.s.players[0].gold == 19
    assert not t.can("ability Garth Torken")


@pytest.mark.cards("garth-torken", "skeleton")
def test_garth_torken_mid_sacrifices_a_skeleton_to_draw() -> None:
    t = table(level=4)
    t.give(0, "Spark", zone="deck")
    sk = t.put(0, "Skeleton")
    t.put(0, "Tenderfoot")
    t.act("ability Garth Torken: bone toll")
    assert not t.alive(sk) and len(t.s.players[0].hand) == 1


@pytest.mark.cards("garth-torken")
def test_garth_torken_max_may_bring_back_a_cheap_unit_from_the_discard() -> None:
    t = table(level=6)
    t.built(0, "tech1")
    cheap = t.give(0, "Bone Collector", zone="discard")[0]
    t.give(0, "Abomination", zone="discard")  # tech II without the building
    t.give(0, "Tenderfoot", zone="discard")  # tech 0: not allowed
    t.act("level Garth Torken 1")
    assert t.s.pending["options"] == [cheap, "done"]
    t.act("choose Bone Collector")
    assert t.alive(cheap) and t.s.players[0].gold == 19 and cheap not in t.s.players[0].discard


@pytest.mark.cards("voidblocker")
def test_voidblocker_attacker_exhausts_another_ready_fighter() -> None:
    t = table()
    t.put(1, "Voidblocker")
    a = t.put(0, "Iron Man")
    b = t.put(0, "Tenderfoot")
    hero = units(t, 0, "garth-torken")[0]
    t.act("attack Iron Man -> Voidblocker")
    assert sorted(t.s.pending["options"]) == sorted([b, hero])  # not the attacker itself
    t.act("choose Tenderfoot")
    assert t.thing(b).exhausted and not t.thing(hero).exhausted and t.thing(a).exhausted


@pytest.mark.cards("voidblocker")
def test_voidblocker_only_reacts_to_attacks_on_itself() -> None:
    t = table()
    t.put(1, "Voidblocker")
    b = t.put(0, "Tenderfoot")
    t.put(0, "Iron Man")
    t.act("attack Iron Man -> base")
    assert not t.thing(b).exhausted and t.s.pending is None


@pytest.mark.cards("skeletal-lord", "skeleton")
def test_skeletal_lord_pumps_your_skeletons() -> None:
    t = table()
    t.put(0, "Skeletal Lord")
    sk = t.put(0, "Skeleton")
    sj = t.put(0, "Skeleton Javelineer")
    theirs = t.put(1, "Skeleton")
    assert (t.atk(sk), t.hp(sk)) == (2, 2) and (t.atk(sj), t.hp(sj)) == (2, 2) and t.atk(theirs) == 1


@pytest.mark.cards("skeletal-lord", "skeleton")
def test_skeletal_lord_exhausts_five_skeletons_to_put_a_unit_from_hand_into_play() -> None:
    t = table(gold=0)
    t.put(0, "Skeletal Lord")
    bones = [t.put(0, "Skeleton") for _ in range(4)]
    big = t.give(0, "Plague Lord")[0]
    assert not t.can("ability Skeletal Lord")  # four are not enough
    bones.append(t.put(0, "Skeleton"))
    t.act("ability Skeletal Lord")
    assert t.s.pending["options"] == [big]  # the pick names the card, even when it is the only one
    t.act("choose Plague Lord")
    assert all(t.thing(u).exhausted for u in bones)
    assert t.alive(big) and t.s.players[0].gold == 0 and t.s.players[0].hand == []


@pytest.mark.cards("skeletal-lord", "skeleton")
def test_skeletal_lord_picks_which_skeletons_pay_when_there_are_more() -> None:
    t = table()
    t.put(0, "Skeletal Lord")
    bones = [t.put(0, "Skeleton") for _ in range(6)]
    t.give(0, "Tenderfoot")
    t.act("ability Skeletal Lord")
    for u in bones[:5]:
        t.act(f"choose {t.name(u)}")
    t.act("choose Tenderfoot")
    assert [t.thing(u).exhausted for u in bones] == [True] * 5 + [False]
    assert len(units(t, 0, "tenderfoot")) == 1


@pytest.mark.cards("cursed-crow")
def test_cursed_crow_damaging_the_base_makes_the_defender_discard_at_random() -> None:
    t = orpal()
    t.put(0, "Cursed Crow")
    t.give(1, "Spark", "Bloom")
    t.act("attack Cursed Crow -> base")
    assert t.base(1) == 3 and len(t.s.players[1].hand) == 1 and len(t.s.players[1].discard) == 1


@pytest.mark.cards("cursed-crow")
def test_cursed_crow_hitting_a_unit_makes_nobody_discard() -> None:
    t = orpal()
    t.put(0, "Cursed Crow")
    t.put(1, "Iron Man")
    t.give(1, "Spark", "Bloom")
    t.act("attack Cursed Crow -> Iron Man")
    assert len(t.s.players[1].hand) == 2


# ------------------------------------------------------------------------ cards on shared replacements


@pytest.mark.cards("soul-stone")
def test_soul_stone_buffs_its_host_and_saves_it_once() -> None:
    t = vandy()
    u = t.put(0, "Tenderfoot")
    t.give(0, "Soul Stone")
    t.act("play Soul Stone")  # the only unit: picked at once
    stone = units(t, 0, "soul-stone")[0]
    assert (t.atk(u), t.hp(u)) == (2, 3) and t.thing(stone).attached == u
    t.thing(u).damage = 3
    t.effect(0, [])
    assert t.alive(u) and t.thing(u).damage == 0 and not t.alive(stone) and stone in t.s.players[0].discard
    t.thing(u).damage = 2
    t.effect(0, [])
    assert not t.alive(u)


@pytest.mark.cards("soul-stone")
def test_soul_stone_host_leaving_sends_the_stone_away() -> None:
    t = vandy()
    u = t.put(1, "Iron Man")
    t.give(0, "Soul Stone")
    t.act("play Soul Stone")
    stone = units(t, 0, "soul-stone")[0]
    t.effect(0, [{"op": "bounce", "to": {"each": {"card": "iron-man"}}}])
    assert not t.alive(u) and not t.alive(stone)


@pytest.mark.cards("metamorphosis")
def test_metamorphosis_sacrifices_your_units_and_makes_your_hero_a_demon() -> None:
    t = vandy(level=5)
    v = units(t, 0, "vandy-anadrose")[0]
    t.thing(v).max_at_start = True
    mine = t.put(0, "Tenderfoot")
    theirs = t.put(1, "Tenderfoot")
    t.give(0, "Metamorphosis")
    t.act("play Metamorphosis")
    assert not t.alive(mine) and t.alive(theirs)
    assert "demon" in t.q.subtypes(t.thing(v)) and t.thing(v).runes == 2
    assert {"readiness", "invisible"} <= set(t.kw(v)) and (t.atk(v), t.hp(v)) == (6, 7)


@pytest.mark.cards("metamorphosis")
def test_metamorphosis_raises_a_second_hero_to_max() -> None:
    t = vandy(level=5)
    t.thing(units(t, 0, "vandy-anadrose")[0]).max_at_start = True
    other = t.put(0, "troq-bashar", level=2)
    t.give(0, "Metamorphosis")
    t.act("play Metamorphosis")
    assert t.thing(other).level == t.cat["troq-bashar"].mx and "demon" in t.q.subtypes(t.thing(other))


@pytest.mark.cards("twilight-baron")
def test_twilight_baron_forbids_playing_tech_ii_and_iii_units() -> None:
    t = vandy()
    t.built(0, "tech1", "tech2", spec="demonology")
    t.give(0, "Voidblocker", "Gargoyle", "Shrine of Forbidden Knowledge")
    baron = t.put(0, "Twilight Baron")
    assert not t.can("play Voidblocker") and t.can("play Gargoyle") and t.can("play Shrine of Forbidden Knowledge")
    assert t.kw(baron)["overpower"] == 1
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "twilight-baron"}}}])
    assert t.can("play Voidblocker")


@pytest.mark.cards("shrine-of-forbidden-knowledge")
def test_shrine_upkeep_costs_your_base_one() -> None:
    t = vandy()
    t.put(0, "Shrine of Forbidden Knowledge")
    t.end_turn()
    assert t.base(0) == 0
    t.end_turn()
    assert t.base(0) == 1 and t.base(1) == 0


@pytest.mark.cards("shrine-of-forbidden-knowledge")
def test_shrine_draws_one_more_up_to_six() -> None:
    t = vandy()
    t.put(0, "Shrine of Forbidden Knowledge")
    t.give(0, *["Tenderfoot"] * 10, zone="deck")
    t.give(0, "Spark", "Bloom", "Wither", "Spark")
    t.act("end")
    assert len(t.s.players[0].hand) == 6  # 4 + 3, capped at 6


@pytest.mark.cards("shrine-of-forbidden-knowledge")
def test_shrine_demons_are_unstoppable_by_units_but_not_by_heroes() -> None:
    t = vandy()
    t.put(0, "Shrine of Forbidden Knowledge")
    t.put(0, "Thieving Imp")  # a Demon
    t.put(0, "Tenderfoot")
    t.put(1, "Iron Man", slot="squad leader")
    assert t.can("attack Thieving Imp -> base") and not t.can("attack Tenderfoot -> base")
    t2 = vandy()
    t2.put(0, "Shrine of Forbidden Knowledge")
    t2.put(0, "Thieving Imp")
    t2.put(1, "troq-bashar", slot="squad leader")
    assert not t2.can("attack Thieving Imp -> base")


@pytest.mark.cards("cursed-ghoul")
def test_cursed_ghoul_marks_a_unit_on_arrival_and_slips_past_marked_patrollers() -> None:
    t = orpal()
    t.built(0, "tech1", "tech2", spec="disease")
    sl = t.put(1, "Iron Man", slot="squad leader")
    t.put(1, "Tenderfoot", slot="elite")
    t.give(0, "Cursed Ghoul")
    t.act("play Cursed Ghoul")
    t.act("choose Iron Man")
    assert t.thing(sl).runes == -1
    ghoul = units(t, 0, "cursed-ghoul")[0]
    t.thing(ghoul).since = 0
    assert not t.can("attack Cursed Ghoul -> base")  # the elite has no rune and still blocks
    t.effect(0, [{"op": "rune", "rune": "-1/-1", "to": {"each": {"card": "tenderfoot"}}}])
    assert t.can("attack Cursed Ghoul -> base")


@pytest.mark.cards("wight")
def test_wight_unstoppable_and_deathtouch_only_against_heroes() -> None:
    t = table()
    w = t.put(0, "Wight")
    hero = t.put(1, "troq-bashar", level=5)
    t.put(1, "Iron Man", slot="squad leader")
    assert t.can("attack Wight -> Troq Bashar") and not t.can("attack Wight -> base")
    assert "deathtouch" not in t.kw(w)
    t.act("attack Wight -> Troq Bashar")
    assert not t.alive(hero)


@pytest.mark.cards("jandra-the-negator")
def test_jandra_killed_in_combat_destroys_your_non_demons() -> None:
    t = table()
    t.put(0, "Regular-sized Rhinoceros")
    j = t.put(1, "Jandra, the Negator", slot="squad leader")
    plain = t.put(1, "Tenderfoot")
    demon = t.put(1, "Thieving Imp")
    t.act("attack Regular-sized Rhinoceros -> Jandra, the Negator")
    assert not t.alive(j) and not t.alive(plain) and t.alive(demon)


@pytest.mark.cards("jandra-the-negator")
def test_jandra_destroyed_by_a_spell_spares_your_units() -> None:
    t = table()
    t.put(1, "Jandra, the Negator")
    plain = t.put(1, "Tenderfoot")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "jandra-the-negator"}}}])
    assert t.alive(plain)


@pytest.mark.cards("carrion-curse")
def test_carrion_curse_looks_and_discards_up_to_two_non_units() -> None:
    t = orpal()
    spark, brother, bloom, wither = t.give(1, "Spark", "Older Brother", "Bloom", "Wither")
    t.give(0, "Carrion Curse")
    t.act("play Carrion Curse")
    assert t.s.pending["options"] == [spark, bloom, wither, "done"]
    t.act("choose Spark")
    t.act("choose Wither")
    assert sorted(t.s.players[1].hand) == sorted([brother, bloom])
    assert "looked" in t.kinds()


@pytest.mark.cards("graveyard")
def test_graveyard_buries_your_dead_non_token_units_and_plays_them_again() -> None:
    t = table()
    t.put(0, "Graveyard")
    u = t.put(0, "Thieving Imp", runes=1)
    t.put(0, "Skeleton")
    foe = t.put(1, "Tenderfoot")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"]}}}])
    p = t.s.players[0]
    assert p.zones["graveyard"] == [u] and u not in p.discard and foe in t.s.players[1].discard
    t.give(1, "Spark")
    t.act("ability Graveyard")
    t.act("choose Thieving Imp")
    p = t.s.players[0]
    assert t.alive(u) and t.thing(u).runes == 0 and p.zones["graveyard"] == [] and p.gold == 17
    assert len(t.s.players[1].hand) == 0  # it arrived again: the Imp's arrival fired


@pytest.mark.cards("graveyard", "second-chances")
def test_graveyard_lets_second_chances_return_a_buried_unit() -> None:
    t = table()
    t.put(0, "Graveyard")
    t.put(0, "Second Chances")
    ob = t.put(0, "Older Brother", damage=1)
    t.effect(1, [{"op": "destroy", "to": {"pick": {"kind": ["unit"], "card": "older-brother"}}}])
    p = t.s.players[0]
    assert t.alive(ob) and t.thing(ob).damage == 0, "back in play, a new object"
    assert not p.zones.get("graveyard") and ob not in p.discard and "buried" not in t.s.memory


@pytest.mark.cards("graveyard")
def test_graveyard_fills_up_at_four_and_is_sacrificed() -> None:
    t = table()
    yard = t.put(0, "Graveyard")
    dead = [t.put(0, "Tenderfoot") for _ in range(4)]
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
    p = t.s.players[0]
    assert not t.alive(yard) and yard in p.discard and all(u in p.discard for u in dead)
    assert not p.zones.get("graveyard")


@pytest.mark.cards("graveyard")
def test_graveyard_needs_gold_and_tech_to_play_a_buried_unit() -> None:
    t = table(gold=0)
    t.put(0, "Graveyard")
    t.put(0, "Iron Man")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "iron-man"}}}])
    assert not t.can("ability Graveyard")
    t.gold(0, 5)
    assert not t.can("ability Graveyard")  # Iron Man needs a Tech I building
    t.built(0, "tech1")
    assert t.can("ability Graveyard")


@pytest.mark.cards("blackhand-resurrector")
def test_blackhand_resurrector_brings_back_a_dead_hero_at_max_level() -> None:
    t = table()
    g = units(t, 0, "garth-torken")[0]
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    assert not t.alive(g) and g in t.s.players[0].cooldown
    res = t.put(0, "Blackhand Resurrector")
    t.act("ability Blackhand Resurrector")
    assert not t.alive(res) and t.alive(g) and t.thing(g).level == 7 and g not in t.s.players[0].cooldown


@pytest.mark.cards("blackhand-resurrector")
def test_blackhand_resurrector_needs_a_hero_that_died() -> None:
    t = Table()
    t.clear()
    t.put(0, "Blackhand Resurrector")
    assert not t.can("ability Blackhand Resurrector")  # the hero waits in the command zone, never died


@pytest.mark.cards("vandy-anadrose", "gargoyle")
def test_vandy_anadrose_doom_strikes_once() -> None:
    t = vandy(level=4)
    g = t.put(1, "Gargoyle")  # tech I, indestructible
    t.act("level Vandy Anadrose 1")
    assert t.hp(g) == 4
    t.end_turn()
    t.end_turn()
    assert t.alive(g) and t.thing(g).exhausted and t.hp(g) == 2 and "doom" not in t.thing(g).marks


@pytest.mark.cards("plague-lab")
def test_plague_lab_may_add_a_time_rune_to_a_forecast_card() -> None:
    t = orpal()
    t.put(0, "Plague Lab")
    reaver = t.give(1, "Reaver", zone="hand")[0]
    t.s.players[1].hand.remove(reaver)
    t.s.players[1].future[reaver] = 1
    t.act("ability Plague Lab")
    assert t.s.pending["options"] == [reaver, "done"]
    t.act("choose Reaver")
    assert t.s.players[1].future[reaver] == 2


# ---------------------------------------------------------------------- more interactions, card by card


@pytest.mark.cards("necromancer", "skeleton")
def test_necromancer_own_death_raises_no_skeleton() -> None:
    t = table()
    t.put(0, "Necromancer")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "necromancer"}}}])
    assert units(t, 0, "skeleton") == []  # "another" unit of yours: not itself


@pytest.mark.cards("necromancer", "skeleton")
def test_necromancer_dying_with_another_unit_still_raises_one_skeleton() -> None:
    t = table()
    t.put(0, "Necromancer")
    t.put(0, "Tenderfoot")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "side": "opponent"}}}])
    assert len(units(t, 0, "skeleton")) == 1  # it sees the Tenderfoot dying beside it


@pytest.mark.cards("warlock", "terras-q-the-shackled", "master-midori")
def test_warlock_has_no_abilities() -> None:
    t = table("vandy-anadrose")
    t.put(1, "master-midori", level=5)
    lock = t.put(1, "Warlock")
    assert not t.q.has_abilities(t.thing(lock)) and (t.atk(lock), t.hp(lock)) == (1, 2)  # Midori's +1/+1


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_terras_q_freed_when_its_warlocks_leave_play_any_way() -> None:
    t = table("vandy-anadrose")
    t.built(0, "tech1", "tech2", spec="demonology")
    t.give(0, "Terras Q, the Shackled")
    t.act("play Terras Q, the Shackled")
    q = units(t, 0, "terras-q-the-shackled")[0]
    t.effect(0, [{"op": "bounce", "to": {"each": {"card": "warlock"}}}])  # tokens bounced cease to exist
    assert units(t, 1, "warlock") == [] and "can't attack" not in t.kw(q) and "can't patrol" not in t.kw(q)


@pytest.mark.cards("skeletal-lord", "skeleton", "drakk-ramhorn")
def test_skeletal_lord_unit_arrives_from_hand() -> None:
    t = table()
    t.put(0, "Skeletal Lord")
    for _ in range(5):
        t.put(0, "Skeleton")
    foot = t.give(0, "Tenderfoot")[0]
    t.act("ability Skeletal Lord")
    t.act("choose Tenderfoot")
    assert t.alive(foot) and t.s.flags["from_hand"] == {"0": 1}  # Drakk Ramhorn ruling: from the hand


@pytest.mark.cards("lichs-bargain")
def test_lichs_bargain_sacrificed_worker_leaves_the_game() -> None:
    t = table()
    t.workers(0, 1)
    hired = t.give(0, "Older Brother")[0]
    p = t.s.players[0]
    p.hand.remove(hired)
    p.worker_cards.append(hired)  # the only worker is a hired card
    t.give(0, "Lich's Bargain")
    t.act("play Lich's Bargain")
    p = t.s.players[0]
    assert p.workers == 0 and p.worker_cards == [] and hired in p.removed and hired not in p.discard


@pytest.mark.cards("zarramonde-the-obliterator")
def test_zarramonde_destroyed_worker_leaves_the_game() -> None:
    t = vandy()
    t.built(0, "tech1", "tech2", "tech3", spec="demonology")
    t.workers(1, 1)
    hired = t.give(1, "Older Brother")[0]
    t.s.players[1].hand.remove(hired)
    t.s.players[1].worker_cards.append(hired)
    t.give(0, "Zarramonde, the Obliterator")
    t.act("play Zarramonde, the Obliterator")
    z = units(t, 0, "zarramonde-the-obliterator")[0]
    assert z in t.s.pending["options"]  # "a unit": it may even pick itself
    t.act("choose p2 worker")
    p = t.s.players[1]
    assert p.workers == 0 and hired in p.removed and hired not in p.discard


@pytest.mark.cards("spreading-plague", "necromancer")
def test_spreading_plague_destroys_units_and_heroes_at_the_same_moment() -> None:
    t = orpal()
    nec = t.put(1, "Necromancer", runes=-1)
    foot = t.put(1, "Tenderfoot", runes=-1)
    hero = t.put(1, "troq-bashar")
    t.thing(hero).runes = -1
    t.give(0, "Spreading Plague")
    t.act("play Spreading Plague")
    assert not t.alive(nec) and not t.alive(foot) and not t.alive(hero)
    # One destruction: the Necromancer saw the Tenderfoot die with it.
    assert len(units(t, 1, "skeleton")) == 1
    died = [e.data["uid"] for e in t.events if e.kind == "leave"]
    assert sorted(died) == sorted([nec, foot, hero])


@pytest.mark.cards("blackhand-resurrector", "chronofixer")
def test_blackhand_resurrector_hero_arrives_at_level_1_under_chronofixer() -> None:
    t = table()
    g = units(t, 0, "garth-torken")[0]
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    t.put(1, "Chronofixer")
    t.put(0, "Blackhand Resurrector")
    t.act("ability Blackhand Resurrector")
    assert t.alive(g) and t.thing(g).level == 1  # Chronofixer ruling: no levels by any means


@pytest.mark.cards("blackhand-resurrector", "nether-drain")
def test_blackhand_resurrector_returned_hero_is_a_new_object_not_frozen() -> None:
    t = table(level=3)
    g = units(t, 0, "garth-torken")[0]
    t.put(1, "troq-bashar", level=2)
    t.give(0, "Nether Drain")
    t.act("play Nether Drain")
    t.act("choose Garth Torken")  # drained and frozen this turn
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "garth-torken"}}}])
    t.put(0, "Blackhand Resurrector")
    t.act("ability Blackhand Resurrector")
    assert t.alive(g) and t.thing(g).level == 7


@pytest.mark.cards("orpal-gloor")
def test_orpal_gloor_max_only_the_turns_first_rune_marked_death_counts() -> None:
    t = orpal(level=5)
    first = t.put(1, "Tenderfoot", runes=-1, damage=1)
    t.effect(0, [])
    assert not t.alive(first)  # the turn's first rune-marked death, before Orpal is at max
    t.act("level Orpal Gloor 1")
    second = t.put(1, "Older Brother", runes=-1, damage=1)
    other = t.put(1, "Iron Man")
    t.effect(0, [])
    assert not t.alive(second) and t.thing(other).runes == 0  # not the first such death this turn
    t.end_turn()
    t.end_turn()
    third = t.put(1, "Tenderfoot", runes=-1, damage=1)
    t.effect(0, [])
    assert not t.alive(third) and t.thing(other).runes == -1  # a new turn: the first again


@pytest.mark.cards("orpal-gloor", "plague-lord")
def test_orpal_gloor_max_on_the_opponents_turn_they_target_their_own_units_freely() -> None:
    t = orpal(level=6)
    t.gold(0, 0)
    t.end_turn()
    t.gold(1, 0)
    dying = t.put(1, "Tenderfoot", runes=-1, damage=1)
    lord = t.put(1, "Plague Lord")  # resist 2
    iron = t.put(1, "Iron Man")
    t.put(1, "Older Brother")
    t.effect(1, [])
    assert not t.alive(dying)
    # P2, the active player, puts the runes: on P2's own units there is no resist to pay, by anyone.
    assert t.s.pending["seat"] == 1 and lord in t.s.pending["options"]
    t.act("choose Plague Lord")
    t.act("choose Iron Man")
    assert t.thing(lord).runes == -1 and t.thing(iron).runes == -1
    assert (t.s.players[0].gold, t.s.players[1].gold) == (0, 0)


@pytest.mark.cards("orpal-gloor", "plague-lord")
def test_orpal_gloor_max_on_the_opponents_turn_they_pay_resist_on_orpals_side() -> None:
    t = orpal(level=6)
    t.gold(0, 5)
    dying = t.put(0, "Tenderfoot", runes=-1)
    lord = t.put(0, "Plague Lord")  # resist 2, against P2
    t.put(0, "Iron Man")
    t.put(0, "Older Brother")
    t.end_turn()
    t.gold(1, 3)
    t.thing(dying).damage = 1
    t.effect(1, [])
    assert t.s.pending["seat"] == 1 and lord in t.s.pending["options"]
    t.act("choose Plague Lord")
    assert t.s.players[1].gold == 1 and t.s.players[0].gold == 5  # the one targeting pays
    assert lord not in t.s.pending["options"]
    t.gold(1, 0)
    t.act("choose Iron Man")
    assert t.thing(lord).runes == -1


@pytest.mark.cards("graveyard")
def test_graveyard_two_in_play_each_holds_its_own_dead() -> None:
    t = table()
    old = t.put(0, "Graveyard")
    new = t.put(0, "Graveyard")
    dead = [t.put(0, "Tenderfoot") for _ in range(3)]
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
    assert t.s.players[0].zones["graveyard"] == dead  # all in the older Graveyard
    g = t.g
    from engine.codex.zones import leave_play

    leave_play(g, t.thing(old), "discard", died=True)
    g.run()
    t.s = g.s
    p = t.s.players[0]
    # Its three go to the discard; the other Graveyard holds none of them and stays.
    assert all(u in p.discard for u in dead) and not p.zones.get("graveyard") and t.alive(new)
    late = t.put(0, "Older Brother")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert t.s.players[0].zones["graveyard"] == [late]
    t.act("ability Graveyard")
    t.act("choose Older Brother")
    assert t.alive(late) and not t.s.players[0].zones.get("graveyard")


@pytest.mark.cards("graveyard", "mind-control")
def test_graveyard_buries_a_unit_you_control_but_do_not_own() -> None:
    t = table()
    t.put(0, "Graveyard")
    taken = t.put(1, "Older Brother")
    t.thing(taken).ctrl = 0  # P1 took it (Mind Control, say): "your" unit now
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert t.s.players[1].zones["graveyard"] == [taken] and taken not in t.s.players[1].discard
    t.act("ability Graveyard")
    t.act("choose Older Brother")
    assert t.alive(taken) and t.thing(taken).ctrl == 0 and t.thing(taken).owner == 1


@pytest.mark.cards("graveyard", "marauder")
def test_graveyard_play_runs_the_cards_played_abilities() -> None:
    t = table(gold=6)
    t.built(0, "tech1", "tech2", spec="anarchy")
    t.s.players[0].tech2_spec = "anarchy"
    t.put(0, "Graveyard")
    t.workers(1, 5)
    m = t.put(0, "Marauder")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "marauder"}}}])
    t.act("ability Graveyard")
    t.act("choose Marauder")
    t.act("choose yes")  # boosted: its "when played" worker loss happens
    assert t.s.pending["kind"] == "worker_owner" and not t.alive(m)  # before it lands
    t.act("choose p2 workers")
    assert t.alive(m) and t.s.players[1].workers == 4 and t.s.players[0].gold == 0


@pytest.mark.cards("plague-lab", "reputable-newsman", "insurance-agent")
def test_plague_lab_leaves_other_cards_bookkeeping_alone() -> None:
    t = orpal()
    t.put(0, "Plague Lab")
    news = t.put(1, "Reputable Newsman")
    t.thing(news).marks["named cost"] = 3  # the cost it named: not a rune
    agent = t.put(1, "Insurance Agent")
    insured = t.put(1, "Iron Man")
    t.thing(agent).marks["insuring"] = insured  # whom it insures: not a rune
    t.thing(insured).marks["insurance"] = 1  # the insurance rune is one (Insurance Agent ruling)
    t.act("ability Plague Lab")
    assert t.s.pending["options"] == [insured, "done"]


@pytest.mark.cards("orpal-gloor", "graveyard")
def test_orpal_gloor_max_a_card_dying_twice_in_a_turn_counts_once() -> None:
    t = orpal(level=6)
    t.put(0, "Graveyard")
    imp = t.put(0, "Thieving Imp", runes=-1, damage=2)
    a, b = t.put(0, "Iron Man"), t.put(0, "Older Brother")
    t.effect(0, [])
    assert not t.alive(imp) and t.thing(a).runes == -1 and t.thing(b).runes == -1  # the turn's first
    t.act("ability Graveyard")
    t.act("choose Thieving Imp")  # back as a new object
    t.effect(0, [{"op": "rune", "rune": "-1/-1", "to": {"each": {"card": "thieving-imp"}}}])
    t.thing(imp).damage = 1
    t.effect(0, [])
    assert not t.alive(imp) and t.thing(a).runes == -1 and t.thing(b).runes == -1  # not the first again


@pytest.mark.cards("corpse-catapult")
def test_corpse_catapult_deals_six_to_a_base() -> None:
    t = table()
    cat = t.put(0, "Corpse Catapult")
    t.thing(cat).marks["corpse"] = 3
    t.act("ability Corpse Catapult")
    t.act("choose base")
    assert t.base(1) == 6 and t.thing(cat).marks["corpse"] == 1


@pytest.mark.cards("sickness", "plague-lord")
def test_sickness_targets_so_resist_is_paid() -> None:
    t = orpal(gold=2)
    lord = t.put(1, "Plague Lord")  # resist 2
    foot = t.put(1, "Tenderfoot")
    t.give(0, "Sickness")
    t.act("play Sickness")  # 2 gold for the spell, none left for resist
    assert lord not in t.s.pending["options"] and foot in t.s.pending["options"]
    t = orpal(gold=4)
    lord = t.put(1, "Plague Lord")
    t.give(0, "Sickness")
    t.act("play Sickness")
    t.act("choose Plague Lord")
    t.act("choose done")
    assert t.thing(lord).runes == -1 and t.s.players[0].gold == 0


@pytest.mark.cards("cursed-ghoul", "plague-lord")
def test_cursed_ghoul_arrival_rune_targets() -> None:
    t = orpal(gold=4)
    t.built(0, "tech1", "tech2", spec="disease")
    lord = t.put(1, "Plague Lord")  # resist 2: no gold left to pay it
    t.give(0, "Cursed Ghoul")
    t.act("play Cursed Ghoul")
    ghoul = units(t, 0, "cursed-ghoul")[0]
    assert t.thing(lord).runes == 0 and t.thing(ghoul).runes == -1  # the only unit it could target: itself


@pytest.mark.cards("crypt-crawler")
def test_crypt_crawler_targets_so_resist_is_paid() -> None:
    t = orpal(gold=1)
    t.put(0, "Crypt Crawler")
    bird = t.put(1, "Eggship")
    t.thing(bird).mods.append(Mod(kw=("resist 1",), until="ever"))
    assert not t.can("ability Crypt Crawler")  # 1 for the ability, 1 more to target the resisting flier
    t.gold(0, 2)
    t.act("ability Crypt Crawler")
    assert "flying" not in t.kw(bird) and t.s.players[0].gold == 0
