"""Black's official rulings (tests/codex/rulings/black.toml), one test per ruling id."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.ruling_specs import untested

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test yet, and why."""


def test_every_black_ruling_has_a_test() -> None:
    missing, stale = untested("black", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(hero: str = "garth-torken", gold: int = 20) -> Table:
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero)
    return t


@pytest.mark.cards("pestering-haunt", "sacrifice-the-weak")
def test_black_pestering_haunt_skipped_when_sacrificing_the_weakest() -> None:
    t = t0()
    haunt = t.put(1, "Pestering Haunt")
    brother = t.put(1, "Older Brother")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(haunt) and not t.alive(brother)


@pytest.mark.cards("deteriorate")
def test_black_deteriorate_kills_an_x_1_through_armor() -> None:
    t = t0()
    tm = t.put(1, "Timely Messenger", slot="squad leader")
    t.give(0, "Deteriorate")
    t.act("play Deteriorate")
    assert not t.alive(tm) and tm in t.s.players[1].discard


@pytest.mark.cards("sacrifice-the-weak")
def test_black_sacrifice_the_weak_lowest_tech_then_least_atk() -> None:
    t = t0()
    brother = t.put(1, "Older Brother")
    iron = t.put(1, "Iron Man")
    foot = t.put(0, "Tenderfoot")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert not t.alive(brother) and t.alive(iron) and not t.alive(foot)


@pytest.mark.cards("sacrifice-the-weak", "gargoyle")
def test_black_sacrifice_the_weak_skips_what_cant_be_sacrificed() -> None:
    t = t0()
    garg = t.put(1, "Gargoyle")
    iron = t.put(1, "Iron Man")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(garg) and not t.alive(iron)


@pytest.mark.cards("sacrifice-the-weak")
def test_general_indestructible_skipped_by_weakest_unit_effects() -> None:
    t = t0()
    mox = t.put(1, "Hardened Mox")
    iron = t.put(1, "Iron Man")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(mox) and not t.alive(iron) and iron in t.s.players[1].discard


def units(t: Table, seat: int, cid: str) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == cid and th.ctrl == seat)


@pytest.mark.cards("shadow-blade")
def test_black_shadow_blade_on_an_illusion_still_discards() -> None:
    t = t0("vandy-anadrose")
    t.give(1, "Spark", "Bloom")
    ill = t.put(1, "Spectral Hound", slot="elite")
    t.give(0, "Shadow Blade")
    t.act("play Shadow Blade")
    assert not t.alive(ill) and len(t.s.players[1].hand) == 1 and len(t.s.players[1].discard) == 2


@pytest.mark.cards("gargoyle", "entangling-vines", "kidnapping")
def test_black_gargoyle_can_and_cant_attack_newest_wins() -> None:
    # Entangling Vines first, Gargoyle's ability after: the ability is newer, so Gargoyle may attack.
    t = t0("vandy-anadrose")
    t.put(1, "garus-rook")
    g = t.put(0, "Gargoyle")
    t.act("ability Gargoyle")
    t.act("patrol Gargoyle squad leader")
    t.end_turn()
    t.gold(1, 10)
    t.give(1, "Entangling Vines")
    t.act("play Entangling Vines")  # the only patroller: picked at once
    assert "can't attack" in t.kw(g)
    t.end_turn()
    assert "can't attack" in t.kw(g) and not t.can("attack Gargoyle -> base")
    t.act("ability Gargoyle")
    assert t.can("attack Gargoyle -> base")
    # P2's Gargoyle took wing on P2's turn; then P1 vines it and kidnaps it: the Vines are newer and win.
    t = t0("vandy-anadrose")
    t.put(0, "garus-rook")
    t.put(0, "drakk-ramhorn")
    t.end_turn()
    g = t.put(1, "Gargoyle")
    t.act("ability Gargoyle")
    t.act("patrol Gargoyle squad leader")
    t.end_turn()
    t.give(0, "Entangling Vines", "Kidnapping")
    t.act("play Entangling Vines")
    t.act("play Kidnapping")
    assert t.thing(g).ctrl == 0 and "haste" in t.kw(g) and "flying" in t.kw(g)
    assert not t.can("attack Gargoyle -> base")
    t.act("ability Gargoyle")  # unless P1 uses the ability now
    assert t.can("attack Gargoyle -> base")


@pytest.mark.cards("blackhand-dozer")
def test_black_blackhand_dozer_floor_covers_all_your_damage_a() -> None:
    t = t0("vandy-anadrose")
    t.put(0, "Blackhand Dozer")
    p = t.s.players[1]
    p.base_damage = 13
    t.built(1, "tech1")
    p.tech[0].damage = 4
    t.effect(0, [{"op": "damage", "n": 1, "to": {"pick": {"kind": ["building"], "side": "opponent"}}}])
    t.act("choose tech1")
    assert t.s.players[1].tech[0].status == "destroyed" and t.base(1) == 14
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"kind": ["base"], "side": "opponent"}}}])
    assert t.base(1) == 14


@pytest.mark.cards("blackhand-dozer")
def test_black_blackhand_dozer_floor_covers_all_your_damage_b() -> None:
    t = t0("vandy-anadrose")
    t.put(0, "Blackhand Dozer")
    t.s.players[1].base_damage = 12
    t.end_turn()
    assert t.s.active == 1
    t.effect(0, [{"op": "damage", "n": 5, "to": {"each": {"kind": ["base"], "side": "opponent"}}}])
    assert t.base(1) == 14


@pytest.mark.cards("banefire-golem")
def test_black_banefire_golem_may_sacrifice_itself() -> None:
    t = t0("vandy-anadrose")
    golem = t.put(0, "Banefire Golem")
    foe = t.put(1, "Tenderfoot")
    t.end_turn()
    t.end_turn()
    assert not t.alive(golem) and t.thing(foe).damage == 1 and t.base(1) == 1


def _terras(t: Table) -> int:
    t.built(0, "tech1", "tech2", spec="demonology")
    t.give(0, "Terras Q, the Shackled")
    t.act("play Terras Q, the Shackled")
    return units(t, 0, "terras-q-the-shackled")[0]


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_black_terras_q_warlocks_belong_to_the_opponent() -> None:
    t = t0("vandy-anadrose")
    _terras(t)
    locks = units(t, 1, "warlock")
    assert len(locks) == 4 and all(t.thing(u).owner == 1 for u in locks)
    t.end_turn()
    assert t.can(f"patrol {t.name(locks[0])} squad leader") and t.can(f"attack {t.name(locks[0])} -> base")


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_black_terras_q_shackled_only_by_its_own_warlocks() -> None:
    t = t0("vandy-anadrose")
    q = _terras(t)
    t.put(1, "Terras Q, the Shackled")
    t.effect(1, [{"op": "summon", "token": "warlock", "n": 4, "for": "opponent"}])  # Warlocks B, for P1
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "warlock", "side": "opponent"}}}])  # P2 loses A
    assert len(units(t, 0, "warlock")) == 4 and units(t, 1, "warlock") == []
    t.thing(q).since = 0
    assert "can't attack" not in t.kw(q) and t.can(f"attack {t.name(q)} -> base")


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_black_terras_q_returning_is_a_new_object() -> None:
    from engine.codex.ctx import G
    from engine.codex.zones import destroy, enter_play, leave_play

    t = t0("vandy-anadrose")
    q = _terras(t)
    old = units(t, 1, "warlock")
    g = G(t.s, t.cat)
    leave_play(g, t.thing(q), "hand", died=False)
    t.s.players[0].hand.remove(q)
    enter_play(g, "terras-q-the-shackled", 0, 0, uid=q)
    g.run()
    new = [u for u in units(t, 1, "warlock") if u not in old]
    assert len(new) == 4 and "can't attack" in t.kw(q)
    g = G(t.s, t.cat)
    for u in new:
        destroy(g, t.s.things[u])
    g.run()
    # Only its new Warlocks bound it: the old ones are still there, and it is free.
    assert all(t.alive(u) for u in old) and "can't attack" not in t.kw(q)


@pytest.mark.cards("terras-q-the-shackled", "warlock")
def test_black_terras_q_copy_has_no_warlocks() -> None:
    t = t0("vandy-anadrose")
    _terras(t)
    other = t.put(0, "Older Brother")
    # it becomes a copy of Terras Q: no arrival, so no Warlocks of its own
    t.effect(0, [{"op": "transform", "into": "terras-q-the-shackled", "to": {"each": {"card": "older-brother"}}}])
    assert len(units(t, 1, "warlock")) == 4
    assert "can't attack" not in t.kw(other) and t.can(f"attack {t.name(other)} -> base")


@pytest.mark.cards("sickness")
def test_black_sickness_one_or_two_units_or_heroes() -> None:
    t = t0("orpal-gloor")
    h = t.put(1, "troq-bashar")
    u = t.put(1, "Iron Man")
    t.give(0, "Sickness")
    t.act("play Sickness")
    assert set(t.s.pending["options"]) >= {h, u}
    t.act("choose Troq Bashar")
    assert "done" in t.s.pending["options"]  # one target is enough
    t.act("choose done")
    assert t.thing(h).runes == -1 and t.thing(u).runes == 0
    mine = units(t, 0, "orpal-gloor")[0]
    t.give(0, "Sickness")
    t.act("play Sickness")
    t.act("choose Troq Bashar")
    t.act("choose Orpal Gloor")  # two heroes
    assert t.thing(h).runes == -2 and t.thing(mine).runes == -1


@pytest.mark.cards("death-and-decay")
def test_black_death_and_decay_kills_x_3_through_armor() -> None:
    t = t0("orpal-gloor")
    o = units(t, 0, "orpal-gloor")[0]
    t.thing(o).level = 6
    t.thing(o).max_at_start = True
    iron = t.put(1, "Iron Man", runes=-1, slot="squad leader")
    t.give(0, "Death and Decay")
    t.act("play Death and Decay")
    assert not t.alive(iron)


@pytest.mark.cards("hooded-executioner")
def test_black_hooded_executioner_lowest_tech_then_least_atk() -> None:
    t = t0()
    t.built(0, "tech1")
    brother = t.put(1, "Older Brother")
    iron = t.put(1, "Iron Man")
    t.give(0, "Hooded Executioner")
    t.act("play Hooded Executioner boost")
    assert not t.alive(brother) and t.alive(iron)


@pytest.mark.cards("hooded-executioner", "gargoyle")
def test_black_hooded_executioner_skips_indestructible() -> None:
    t = t0()
    t.built(0, "tech1")
    garg = t.put(1, "Gargoyle")
    iron = t.put(1, "Iron Man")
    t.give(0, "Hooded Executioner")
    t.act("play Hooded Executioner boost")
    assert t.alive(garg) and not t.alive(iron)


@pytest.mark.cards("abomination")
def test_black_abomination_hits_your_own_and_other_abominations() -> None:
    t = t0("orpal-gloor")
    a = t.put(0, "Abomination")
    b = t.put(0, "Abomination")
    iron = t.put(0, "Iron Man")
    assert (t.atk(a), t.hp(a)) == (5, 5) and (t.atk(b), t.hp(b)) == (5, 5)
    assert (t.atk(iron), t.hp(iron)) == (1, 2)


@pytest.mark.cards("plague-lab")
def test_black_plague_lab_one_rune_per_card() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Plague Lab")
    u = t.put(1, "Iron Man", runes=1)
    t.thing(u).marks["time"] = 1
    t.act("ability Plague Lab")
    t.act("choose Iron Man")
    t.act("choose +1/+1")
    assert t.thing(u).runes == 2 and t.thing(u).marks["time"] == 1
    assert t.s.pending is None  # nothing else has runes, and Iron Man can't be picked again


@pytest.mark.cards("plague-lab")
def test_black_plague_lab_any_number_of_cards() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Plague Lab")
    a = t.put(1, "Iron Man", runes=-1)
    b = t.put(1, "Tenderfoot", runes=-1)
    t.act("ability Plague Lab")
    t.act("choose done")
    assert t.thing(a).runes == -1 and t.thing(b).runes == -1


@pytest.mark.cards("plague-lord")
def test_black_plague_lord_upkeep_yours_only_and_hits_you_too() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Plague Lord")
    t.put(0, "Iron Man", runes=-1)
    t.put(1, "Iron Man", runes=-2)
    t.end_turn()
    assert (t.base(0), t.base(1)) == (0, 0)
    t.end_turn()
    assert (t.base(0), t.base(1)) == (1, 2)


@pytest.mark.cards("nether-drain")
def test_black_nether_drain_any_heroes() -> None:
    t = t0()
    g1 = units(t, 0, "garth-torken")[0]
    t.thing(g1).level = 5
    other = t.put(0, "orpal-gloor", level=1)
    t.put(1, "troq-bashar", level=3)
    t.give(0, "Nether Drain")
    t.act("play Nether Drain")
    t.act("choose Garth Torken")
    assert other in t.s.pending["options"]
    t.act("choose Orpal Gloor")
    assert t.thing(g1).level == 3 and t.thing(other).level == 3


@pytest.mark.cards("lichs-bargain", "skeleton", "zombie", "horror")
def test_black_lichs_bargain_starting_worker() -> None:
    t = t0()
    t.workers(0, 4)
    t.give(0, "Lich's Bargain")
    t.act("play Lich's Bargain")
    assert t.s.players[0].workers == 3 and t.s.players[0].worker_cards == []


@pytest.mark.cards("doom-grasp", "gilded-glaxx")
def test_black_doom_grasp_unsacrificable_is_no_sacrifice_a() -> None:
    t = Table(targetless="allow")
    t.clear()
    t.gold(0, 10)
    t.put(0, "garth-torken")
    glaxx = t.put(0, "Gilded Glaxx")
    iron = t.put(1, "Iron Man")
    t.give(0, "Doom Grasp")
    t.act("play Doom Grasp")
    assert t.s.players[0].gold > 0 and t.alive(glaxx) and t.alive(iron) and t.s.pending is None


@pytest.mark.cards("doom-grasp", "pestering-haunt")
def test_black_doom_grasp_unsacrificable_is_no_sacrifice_b() -> None:
    t = Table(targetless="allow")
    t.clear()
    t.gold(0, 10)
    t.put(0, "garth-torken")
    haunt = t.put(0, "Pestering Haunt")
    iron = t.put(1, "Iron Man")
    t.give(0, "Doom Grasp")
    t.act("play Doom Grasp")
    assert t.alive(haunt) and t.alive(iron) and t.s.pending is None


@pytest.mark.cards("death-rites", "gargoyle")
def test_black_death_rites_skips_indestructible() -> None:
    t = t0()
    gt = units(t, 0, "garth-torken")[0]
    t.thing(gt).level = 7
    t.thing(gt).max_at_start = True
    mine = t.put(0, "Tenderfoot")
    garg = t.put(1, "Gargoyle")
    iron = t.put(1, "Iron Man")
    t.give(0, "Death Rites")
    t.act("play Death Rites")
    t.thing(mine).damage = 2
    t.effect(0, [])
    assert not t.alive(mine) and t.alive(garg) and not t.alive(iron)


@pytest.mark.cards("crypt-crawler")
def test_black_crypt_crawler_any_flier() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Crypt Crawler")
    hero = t.put(1, "troq-bashar")
    t.thing(hero).mods.append(Mod(kw=("flying",), until="ever"))
    t.act("ability Crypt Crawler")
    assert "flying" not in t.kw(hero)


@pytest.mark.cards("plague-spitter")
def test_black_plague_spitter_runes_are_combat_damage() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Plague Spitter")
    ob = t.put(1, "Older Brother", slot="elite")
    t.act("attack Plague Spitter -> Older Brother")
    assert not t.alive(ob)
    runes = [e for e in t.events if e.kind == "damage" and e.data.get("ref") == ob]
    assert runes and runes[0].data["combat"] and runes[0].data["runes"]


@pytest.mark.cards("plague-spitter")
def test_general_indestructible_keeps_minus_runes_from_combat() -> None:
    t = t0("orpal-gloor")
    imm = t.put(1, "Immortal", runes=-2)
    ps = t.put(0, "Plague Spitter")
    t.act("attack Plague Spitter -> Immortal")
    assert t.alive(imm) and t.thing(imm).runes == -5 and t.hp(imm) == 0 and t.thing(imm).exhausted
    assert not t.alive(ps)
    t.end_turn()
    t.end_turn()
    assert t.alive(imm) and t.thing(imm).exhausted  # a 0/0 that stays exhausted


@pytest.mark.cards("lord-of-shadows")
def test_black_lord_of_shadows_is_invisible_itself() -> None:
    t = t0()
    lord = t.put(0, "Lord of Shadows")
    garth = units(t, 0, "garth-torken")[0]
    assert "invisible" in t.kw(lord)
    t.end_turn()
    troq = t.put(1, "troq-bashar")
    t.gold(1, 5)
    t.give(1, "Wither")
    t.act("play Wither")
    assert sorted(t.s.pending["options"]) == sorted([garth, troq])  # P2 can't target the invisible Lord


def combat_rune_hits(t: Table, uid: int) -> list[bool]:
    return [
        bool(e.data["combat"] and e.data.get("runes"))
        for e in t.events
        if e.kind == "damage" and e.data.get("ref") == uid
    ]


@pytest.mark.cards("poisonblade-rogue")
def test_black_poisonblade_rogue_runes_are_combat_damage() -> None:
    t = t0()
    t.put(0, "Poisonblade Rogue")
    foot = t.put(1, "Tenderfoot", slot="elite")
    t.act("attack Poisonblade Rogue -> Tenderfoot")
    assert not t.alive(foot) and combat_rune_hits(t, foot) == [True]


@pytest.mark.cards("orpal-gloor")
def test_black_orpal_gloor_runes_are_combat_damage() -> None:
    t = t0("orpal-gloor")
    tm = t.put(1, "Timely Messenger", slot="elite")
    t.act("attack Orpal Gloor -> Timely Messenger")
    assert not t.alive(tm) and combat_rune_hits(t, tm) == [True]


@pytest.mark.cards("vandy-anadrose")
def test_black_vandy_anadrose_max_does_as_much_as_it_can() -> None:
    t = t0("vandy-anadrose")
    v = units(t, 0, "vandy-anadrose")[0]
    t.thing(v).level = 4
    foot = t.put(1, "Tenderfoot")
    t.act("level Vandy Anadrose 1")
    assert (t.atk(foot), t.hp(foot)) == (3, 4)
    t.end_turn()
    t.end_turn()
    assert not t.alive(foot)


@pytest.mark.cards("vandy-anadrose")
def test_black_vandy_anadrose_doom_outlives_her() -> None:
    t = t0("vandy-anadrose")
    v = units(t, 0, "vandy-anadrose")[0]
    t.thing(v).level = 4
    mine = t.put(0, "Tenderfoot")
    theirs = t.put(1, "Older Brother")
    t.act("level Vandy Anadrose 1")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    assert not t.alive(v)
    t.end_turn()
    t.end_turn()
    assert not t.alive(mine) and not t.alive(theirs)


@pytest.mark.cards("garth-torken")
def test_black_garth_torken_tech_reqs_means_the_building() -> None:
    t = t0()
    gt = units(t, 0, "garth-torken")[0]
    t.thing(gt).level = 6
    t.built(0, "tech1", "tech2", spec="necromancy")
    t.give(0, "Gorgon", zone="discard")  # a Disease tech II unit: P1's tech II is Necromancy
    t.act("level Garth Torken 1")
    assert t.s.pending is None and len(t.s.players[0].discard) == 1


@pytest.mark.cards("garth-torken")
def test_black_garth_torken_unit_is_free() -> None:
    t = t0(gold=1)
    gt = units(t, 0, "garth-torken")[0]
    t.thing(gt).level = 6
    t.built(0, "tech1")
    pit = t.give(0, "Plague Spitter", zone="discard")[0]  # tech I, costs 3
    t.act("level Garth Torken 1")
    t.act("choose Plague Spitter")
    assert t.alive(pit) and t.s.players[0].gold == 0


@pytest.mark.cards("nether-drain", "garth-torken")
def test_black_nether_drain_opponents_max_trigger_fizzles() -> None:
    t = t0()
    mine = units(t, 0, "garth-torken")[0]
    theirs = t.put(1, "garth-torken", level=5)
    t.built(1, "tech1")
    unit = t.give(1, "Bone Collector", zone="discard")[0]
    t.give(0, "Nether Drain")
    t.act("play Nether Drain")
    t.act(f"choose {t.name(mine)}")  # drained: our own hero
    assert t.thing(theirs).level == 7 and t.s.pending is None and unit in t.s.players[1].discard


@pytest.mark.cards("voidblocker")
def test_black_voidblocker_attack_allowed_with_nothing_to_exhaust() -> None:
    t = t0()
    t.thing(units(t, 0, "garth-torken")[0]).exhausted = True
    vb = t.put(1, "Voidblocker")
    t.put(0, "Iron Man")
    assert t.can("attack Iron Man -> Voidblocker")
    t.act("attack Iron Man -> Voidblocker")
    assert t.s.pending is None and t.thing(vb).damage == 3


@pytest.mark.cards("skeletal-lord", "skeleton")
def test_black_skeletal_lord_free_and_no_tech_needed() -> None:
    t = t0(gold=0)
    t.put(0, "Skeletal Lord")
    for _ in range(5):
        t.put(0, "Skeleton")
    lord = t.give(0, "Lord of Shadows")[0]  # tech III, costs 7
    t.act("ability Skeletal Lord")
    t.act("choose Lord of Shadows")
    assert t.alive(lord) and t.s.players[0].gold == 0


@pytest.mark.cards("skeletal-lord", "skeleton")
def test_black_skeletal_lord_new_skeletons_may_pay() -> None:
    t = t0()
    t.put(0, "Skeletal Lord")
    for _ in range(3):
        t.put(0, "Skeleton")
    t.give(0, "Summon Skeletons", "Tenderfoot")
    t.act("play Summon Skeletons")  # two Skeletons that arrived this turn
    t.act("ability Skeletal Lord")
    t.act("choose Tenderfoot")
    assert len(units(t, 0, "tenderfoot")) == 1
    assert all(t.thing(u).exhausted for u in units(t, 0, "skeleton"))


@pytest.mark.cards("cursed-crow")
def test_black_cursed_crow_must_hit_the_base_itself() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Cursed Crow")
    t.built(1, "tech1")
    t.s.players[1].tech[0].damage = 3
    t.give(1, "Spark", "Bloom")
    t.act("attack Cursed Crow -> tech1")
    assert t.s.players[1].tech[0].status == "destroyed" and t.base(1) == 2
    assert len(t.s.players[1].hand) == 2 and t.s.players[1].discard == []


@pytest.mark.cards("jandra-the-negator", "plague-spitter")
def test_black_jandra_rune_damage_counts_as_combat_damage() -> None:
    t = t0("orpal-gloor")
    t.put(0, "Plague Spitter")
    j = t.put(1, "Jandra, the Negator", slot="elite")
    plain = t.put(1, "Tenderfoot")
    demon = t.put(1, "Thieving Imp")
    t.act("attack Plague Spitter -> Jandra, the Negator")
    assert not t.alive(j) and not t.alive(plain) and t.alive(demon)


@pytest.mark.cards("graveyard")
def test_black_graveyard_buried_units_are_out_of_play() -> None:
    t = t0()
    t.put(0, "Graveyard")
    t.built(0, "tech1")
    iron = t.put(0, "Iron Man", runes=1, damage=2)
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "iron-man"}}}])
    assert not t.alive(iron) and t.s.players[0].zones["graveyard"] == [iron]
    t.act("ability Graveyard")
    t.act("choose Iron Man")
    th = t.thing(iron)
    assert (th.runes, th.damage, th.arrived) == (0, 0, t.s.turn) and t.hp(iron) == 4
    assert any(e.kind == "arrive" and e.data["uid"] == iron for e in t.events)


@pytest.mark.cards("hooded-executioner", "graveyard")
def test_general_boost_allowed_when_played_from_another_zone() -> None:
    t = t0(gold=5)
    t.put(0, "Graveyard")
    t.built(0, "tech1")
    he = t.put(0, "Hooded Executioner")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "hooded-executioner"}}}])
    foot = t.put(1, "Tenderfoot")
    iron = t.put(1, "Iron Man")
    t.act("ability Graveyard")
    t.act("choose Hooded Executioner")
    t.act("choose yes")
    assert t.alive(he) and t.s.players[0].gold == 0 and not t.alive(foot) and t.alive(iron)


@pytest.mark.cards("soul-stone")
def test_black_soul_stone_unit_does_not_die() -> None:
    t = t0("vandy-anadrose")
    t.end_turn()
    foot = t.put(1, "Tenderfoot")
    t.give(1, "Soul Stone")
    t.put(1, "vandy-anadrose")
    t.gold(1, 5)
    t.act("play Soul Stone")
    t.act("patrol Tenderfoot technician")
    t.end_turn()
    t.s.players[1].hand = []
    t.give(1, "Spark", zone="deck")  # what a technician death would draw
    t.put(0, "Iron Man")
    t.act("attack Iron Man -> Tenderfoot")
    assert t.alive(foot) and t.thing(foot).damage == 0 and units(t, 1, "soul-stone") == []
    assert t.s.players[1].hand == []  # no technician draw: it did not die


@pytest.mark.cards("soul-stone")
def test_black_soul_stone_after_two_lives() -> None:
    t = t0("vandy-anadrose")
    u = t.put(0, "Tenderfoot")
    t.thing(u).mods.append(Mod(kw=("two lives",), until="ever"))
    t.give(0, "Soul Stone")
    t.act("play Soul Stone")
    stone = units(t, 0, "soul-stone")[0]
    t.thing(u).damage = 5
    t.effect(0, [])
    assert t.alive(u) and t.thing(u).marks.get("crumbling") == 1 and t.alive(stone)  # two lives first
    t.thing(u).damage = 5
    t.effect(0, [])
    assert t.alive(u) and not t.alive(stone)  # then the Soul Stone: a third life
    t.thing(u).damage = 5
    t.effect(0, [])
    assert not t.alive(u)


@pytest.mark.cards("doom-grasp", "soul-stone")
def test_black_doom_grasp_soul_stone_counts_as_sacrificed() -> None:
    t = t0()
    foot = t.put(0, "Tenderfoot")
    stone = t.put(0, "Soul Stone")
    t.thing(stone).attached = foot
    iron = t.put(1, "Iron Man")
    t.give(0, "Doom Grasp")
    t.act("play Doom Grasp")
    t.act("choose Iron Man")
    assert t.alive(foot) and not t.alive(stone) and not t.alive(iron)
    # Two lives: the sacrifice is replaced by the crumbling rune, and it still counts.
    t = t0()
    rook = t.put(0, "Justice Juggernaut")
    iron = t.put(1, "Iron Man")
    t.give(0, "Doom Grasp")
    t.act("play Doom Grasp")
    t.act("choose Iron Man")
    assert t.alive(rook) and t.thing(rook).marks.get("crumbling") == 1 and not t.alive(iron)


def _meta(t: Table) -> int:
    v = units(t, 0, "vandy-anadrose")[0]
    t.thing(v).level = 5
    t.thing(v).max_at_start = True
    return v


@pytest.mark.cards("metamorphosis")
def test_black_metamorphosis_heroes_become_demons_once() -> None:
    t = t0("vandy-anadrose")
    v = _meta(t)
    assert "demon" not in t.q.subtypes(t.thing(v))
    t.give(0, "Metamorphosis")
    t.act("play Metamorphosis")
    assert "demon" in t.q.subtypes(t.thing(v)) and t.thing(v).runes == 2
    t.give(0, "Metamorphosis")
    t.act("play Metamorphosis")
    assert t.thing(v).runes == 2 and len(t.thing(v).mods) == 1


@pytest.mark.cards("metamorphosis")
def test_black_metamorphosis_lost_when_the_hero_leaves() -> None:
    t = t0("vandy-anadrose")
    v = _meta(t)
    t.give(0, "Metamorphosis")
    t.act("play Metamorphosis")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    t.s.players[0].cooldown.clear()
    t.act("summon Vandy Anadrose")
    th = t.thing(v)
    assert th.level == 1 and th.runes == 0 and "demon" not in t.q.subtypes(th)
    assert "readiness" not in t.kw(v) and "invisible" not in t.kw(v)


def _baron(t: Table) -> int:
    t.built(0, "tech1", "tech2", spec="demonology")
    return t.put(0, "Twilight Baron")


@pytest.mark.cards("twilight-baron")
def test_black_twilight_baron_may_join_tech_ii_units() -> None:
    t = t0("vandy-anadrose")
    t.built(0, "tech1", "tech2", spec="demonology")
    t.put(0, "Voidblocker")
    t.give(0, "Twilight Baron", "Blackhand Dozer")
    assert t.can("play Twilight Baron")
    t.act("play Twilight Baron")
    assert not t.can("play Blackhand Dozer")


@pytest.mark.cards("twilight-baron", "skeletal-lord")
def test_black_twilight_baron_allows_put_into_play() -> None:
    t = t0("vandy-anadrose")
    _baron(t)
    t.put(0, "Skeletal Lord")
    for _ in range(5):
        t.put(0, "Skeleton")
    dozer = t.give(0, "Blackhand Dozer")[0]
    assert not t.can("play Blackhand Dozer")
    t.act("ability Skeletal Lord")
    t.act("choose Blackhand Dozer")
    assert t.alive(dozer)


@pytest.mark.cards("twilight-baron", "shrine-of-forbidden-knowledge")
def test_black_twilight_baron_allows_tech_ii_buildings() -> None:
    t = t0("vandy-anadrose")
    _baron(t)
    t.give(0, "Shrine of Forbidden Knowledge")
    t.act("play Shrine of Forbidden Knowledge")
    assert units(t, 0, "shrine-of-forbidden-knowledge")


@pytest.mark.cards("twilight-baron")
def test_black_twilight_baron_forecast_units() -> None:
    t = t0("vandy-anadrose")
    t.built(0, "tech1", "tech2", spec="future")
    t.put(0, "Twilight Baron")
    t.give(0, "Reaver")
    assert not t.can("play Reaver")
    early = t.give(0, "Reaver", zone="hand")[0]
    t.s.players[0].hand.remove(early)
    t.s.players[0].future[early] = 1  # played before the Baron came: waiting in the future
    t.end_turn()
    t.end_turn()
    assert t.alive(early)


@pytest.mark.cards("shrine-of-forbidden-knowledge")
def test_black_shrine_draw_three_more_up_to_six() -> None:
    t = t0("vandy-anadrose")
    t.put(0, "Shrine of Forbidden Knowledge")
    t.give(0, *["Tenderfoot"] * 10, zone="deck")
    t.give(0, "Spark", "Bloom")
    t.act("end")
    assert len(t.s.players[0].hand) == 5


@pytest.mark.cards("blackhand-resurrector")
def test_black_blackhand_resurrector_ignores_cooldown() -> None:
    t = t0()
    g = units(t, 0, "garth-torken")[0]
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    t.end_turn()
    t.end_turn()
    assert g in t.s.players[0].cooldown and not t.can("summon Garth Torken")
    t.put(0, "Blackhand Resurrector")
    t.act("ability Blackhand Resurrector")
    assert t.alive(g) and t.thing(g).level == 7


@pytest.mark.cards("blackhand-resurrector", "vandy-anadrose")
def test_black_blackhand_resurrector_max_trigger_fires() -> None:
    t = t0("vandy-anadrose")
    v = units(t, 0, "vandy-anadrose")[0]
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"]}}}])
    mine = t.put(0, "Tenderfoot")
    theirs = t.put(1, "Tenderfoot")
    t.put(0, "Blackhand Resurrector")
    t.act("ability Blackhand Resurrector")
    assert t.alive(v) and t.thing(v).level == 5
    assert t.hp(mine) == 4 and t.hp(theirs) == 4  # her max-level ability happened


@pytest.mark.cards("graveyard", "promise-of-payment")
def test_purple_promise_of_payment_works_from_other_zones_b() -> None:
    t = t0("vir-garbarean", gold=0)
    t.put(0, "Graveyard")
    t.built(0, "tech1")
    iron = t.put(0, "Iron Man")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "iron-man"}}}])
    t.give(0, "Promise of Payment")
    t.act("play Promise of Payment")
    t.act("ability Graveyard")
    t.act("choose Iron Man")
    assert t.alive(iron) and t.s.players[0].gold == 0
    assert t.s.memory.get("promised", {}).get("0") == 3  # Iron Man's printed cost, owed next upkeep


@pytest.mark.cards("graveyard", "assimilate")
def test_purple_assimilate_graveyard() -> None:
    t = t0("vir-garbarean")
    yard = t.put(1, "Graveyard")
    foot, iron, dozer = t.put(1, "Tenderfoot"), t.put(1, "Iron Man"), t.put(1, "Blackhand Dozer")
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "side": "opponent"}}}])
    assert sorted(t.s.players[1].zones["graveyard"]) == sorted([foot, iron, dozer])
    t.give(0, "Assimilate")
    t.act("play Assimilate")  # the only card it may take
    assert t.thing(yard).ctrl == 0
    t.thing(yard).since = 0  # a turn later: no arrival fatigue for its ability
    t.act("ability Graveyard")
    assert t.s.pending["options"] == [foot, "done"]  # tech 0 always; Iron Man needs a Tech I building
    t.act("choose done")
    t.built(0, "tech1", "tech2", spec="necromancy")
    t.thing(yard).exhausted = False
    t.act("ability Graveyard")
    assert t.s.pending["options"] == [foot, iron, "done"]  # the Dozer's Demonology is not P1's Tech II spec
    t.act("choose Iron Man")
    assert t.alive(iron) and t.thing(iron).ctrl == 0 and t.thing(iron).owner == 1
