"""Green's official rulings (tests/codex/rulings/green.toml), one test per ruling id, plus the general
rulings that wait for Green cards (Master Midori, Spirit of the Panda)."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.ruling_specs import untested

_CARD = "needs a card whose abilities are not in the ability data yet: "
NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_green_ruling_has_a_test() -> None:
    missing, stale = untested("green", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


def t0(gold: int = 0) -> Table:
    t = Table()
    t.clear()
    t.gold(0, gold)
    return t


def hero(t: Table, seat: int, cid: str, level: int = 1, max_since_start: bool = False) -> int:
    h = t.put(seat, cid, level=level)
    t.thing(h).max_at_start = max_since_start
    return h


def armor(t: Table, uid: int) -> int:
    return t.q.armor_left(t.thing(uid))


# ------------------------------------------------------------------------------------------ starter deck


@pytest.mark.cards("ironbark-treant")
def test_green_ironbark_treant_own_turn_is_plain() -> None:
    t = t0()
    tree = t.put(0, "Ironbark Treant")
    t.act("patrol Ironbark Treant elite")
    assert (t.atk(tree), t.hp(tree), armor(t, tree)) == (3, 2, 0)
    t.end_turn()
    assert (t.atk(tree), t.hp(tree), armor(t, tree)) == (2, 2, 2)


@pytest.mark.cards("ironbark-treant")
def test_green_ironbark_treant_loses_it_when_sidelined() -> None:
    t = t0()
    tree = t.put(0, "Ironbark Treant")
    hero(t, 1, "river-montoya", level=4)
    t.act("patrol Ironbark Treant scavenger")
    t.end_turn()
    assert (t.atk(tree), armor(t, tree)) == (1, 2)
    t.act("ability River Montoya")
    assert not t.q.patrolling(t.thing(tree))
    assert (t.atk(tree), armor(t, tree)) == (3, 0)


@pytest.mark.cards("ironbark-treant")
def test_green_ironbark_treant_armor_comes_back() -> None:
    t = Table(players=3, hero1="master-midori", hero2="troq-bashar", hero3="river-montoya")
    t.clear()
    tree = t.put(0, "Ironbark Treant")
    t.put(1, "Tiger Cub")
    t.act("patrol Ironbark Treant scavenger")
    t.end_turn()
    t.act("attack Tiger Cub -> Ironbark Treant")
    assert t.thing(tree).damage == 0 and armor(t, tree) == 0
    t.end_turn()
    assert t.s.active == 2 and t.q.patrolling(t.thing(tree))
    assert armor(t, tree) == 2 and t.thing(tree).damage == 0  # the next opponent finds it armoured again


@pytest.mark.cards("ironbark-treant")
def test_ironbark_treant_armor_comes_back_in_1v1_too() -> None:
    t = t0()
    tree = t.put(0, "Ironbark Treant")
    cub = t.put(1, "Tiger Cub")
    t.act("patrol Ironbark Treant scavenger")
    t.end_turn()
    t.act("attack Tiger Cub -> Ironbark Treant")
    assert t.thing(tree).damage == 0 and armor(t, tree) == 0 and t.thing(cub).damage == 1
    t.end_turn()
    t.act("patrol Ironbark Treant scavenger")
    t.end_turn()
    assert armor(t, tree) == 2 and t.thing(tree).damage == 0


@pytest.mark.cards("spore-shambler")
def test_green_spore_shambler_removing_a_rune_can_kill_it() -> None:
    t = t0()
    sh = t.put(0, "Spore Shambler", runes=1, damage=1)
    cub = t.put(0, "Tiger Cub")
    assert t.alive(sh) and (t.atk(sh), t.hp(sh)) == (1, 2)
    t.act("ability Spore Shambler: exhaust")
    assert not t.alive(sh) and sh in t.s.players[0].discard
    assert t.thing(cub).runes == 1 and (t.atk(cub), t.hp(cub)) == (3, 3)


@pytest.mark.cards("spore-shambler")
def test_green_spore_shambler_pays_with_its_own_rune() -> None:
    t = t0(gold=5)
    t.put(0, "Spore Shambler")
    t.put(0, "Tiger Cub", runes=1)
    assert not any(a.startswith("ability Spore Shambler") for a in t.legal())


@pytest.mark.cards("verdant-tree")
def test_green_verdant_tree_no_haste() -> None:
    t = t0(gold=2)
    hero(t, 0, "master-midori")
    t.give(0, "Verdant Tree")
    t.act("play Verdant Tree")
    assert not t.can("ability Verdant Tree")
    t.end_turn()
    t.end_turn()
    assert t.can("ability Verdant Tree")


@pytest.mark.cards("verdant-tree")
def test_green_verdant_tree_three_tech_buildings_in_one_turn() -> None:
    t = Table(hero1="troq-bashar")
    t.clear()
    t.gold(0, 10)
    t.workers(0, 10)
    t.put(0, "Verdant Tree")
    t.give(0, "Iron Man")
    t.act("ability Verdant Tree")
    t.act("build tech1")
    assert t.s.players[0].tech[0].status == "built"
    t.act("play Iron Man")  # tech I is already operational
    t.gold(0, 9)
    t.act("build tech2")
    t.act("build tech3")
    assert [b.status for b in t.s.players[0].tech] == ["built"] * 3


@pytest.mark.cards("rich-earth")
def test_green_rich_earth_still_a_card_and_once_a_turn() -> None:
    t = t0()
    t.put(0, "Rich Earth")
    assert not any(a.startswith("worker") for a in t.legal())  # no card to turn into a worker
    t.give(0, "Tiger Cub", "Older Brother")
    assert t.can("worker Tiger Cub") and t.can("worker Older Brother")
    t.act("worker Tiger Cub")
    assert not any(a.startswith("worker") for a in t.legal())


@pytest.mark.cards("rich-earth")
def test_green_rich_earth_increases_still_paid(monkeypatch: pytest.MonkeyPatch) -> None:
    t = t0(gold=2)
    # The ruling's hypothetical: something makes hiring cost 1 more for every player. No printed card
    # does, so a plain card in play is given that static for this test.
    taxman = t.cat["tenderfoot"]
    monkeypatch.setattr(taxman, "abilities", [{"static": "hire cost", "whose": "any", "delta": 1}])
    t.put(1, "Tenderfoot")
    t.put(0, "Rich Earth")
    t.gold(1, 2)
    t.give(0, "Tiger Cub")
    t.give(1, "Tiger Cub")
    t.act("worker Tiger Cub")
    assert t.s.players[0].gold == 1
    t.end_turn()
    t.gold(1, 2)
    t.act("worker Tiger Cub")
    assert t.s.players[1].gold == 0


@pytest.mark.cards("rampant-growth")
def test_green_rampant_growth_armor_ends_with_the_turn() -> None:
    t = t0(gold=2)
    hero(t, 0, "master-midori")
    cub = t.put(0, "Tiger Cub")
    t.give(0, "Rampant Growth")
    t.act("play Rampant Growth")
    t.act("choose Tiger Cub")
    assert (t.atk(cub), armor(t, cub)) == (4, 2)
    t.end_turn()
    assert (t.atk(cub), t.hp(cub), armor(t, cub)) == (2, 2, 0)


# ------------------------------------------------------------------------------------------ Balance


@pytest.mark.cards("final-showdown", "hunter")
def test_green_final_showdown_hunters_do_not_patrol() -> None:
    t = t0(gold=3)
    hero(t, 0, "master-midori", level=8, max_since_start=True)
    cub = t.put(0, "Tiger Cub")
    t.give(0, "Final Showdown")
    t.act("play Final Showdown")
    hunters = sorted(u for u, th in t.s.things.items() if th.card == "hunter")
    assert len(hunters) == 2 and all(t.thing(u).ctrl == 1 for u in hunters)
    assert t.s.players[1].patrol == [0, 0, 0, 0, 0]
    assert t.can("attack Tiger Cub -> base") and t.thing(cub).ctrl == 0  # nobody patrols in the way


# ------------------------------------------------------------------------------------------ Growth


@pytest.mark.cards("artisan-mantis")
def test_green_artisan_mantis_repairs_what_it_can() -> None:
    t = t0(gold=4)
    t.built(0, "tech1")
    t.built(0, "tech2", spec="growth")
    t.s.players[0].base_damage = 1
    t.give(0, "Artisan Mantis")
    t.act("play Artisan Mantis")
    t.act("choose my base")
    assert t.base(0) == 0


# ------------------------------------------------------------------------------------------ Master Midori


def midori_table(level: int = 5) -> Table:
    t = t0(gold=10)
    hero(t, 0, "master-midori", level=level)
    return t


@pytest.mark.cards("master-midori")
def test_green_midori_keywords_are_abilities() -> None:
    t = midori_table()
    ch, owl, cub = t.put(0, "Chameleon"), t.put(0, "Gemscout Owl"), t.put(0, "Tiger Cub")
    assert [(t.atk(u), t.hp(u)) for u in (ch, owl, cub)] == [(3, 3), (0, 1), (3, 3)]


@pytest.mark.cards("master-midori", "rampant-growth")
def test_green_midori_stats_damage_and_runes_are_not_abilities() -> None:
    t = midori_table()
    cub = t.put(0, "Tiger Cub", runes=1, damage=1)
    t.give(0, "Rampant Growth")
    t.act("play Rampant Growth")
    t.act("choose Tiger Cub")
    assert (t.atk(cub), t.hp(cub), t.thing(cub).damage) == (6, 4, 1) and armor(t, cub) == 2


@pytest.mark.cards("master-midori")
def test_green_midori_illusions_without_text_get_the_bonus() -> None:
    t = midori_table()
    hound = t.put(0, "Spectral Hound")
    printed = t.cat["spectral-hound"].facts
    assert "illusion" in t.cat["spectral-hound"].subtypes and not t.kw(hound)
    assert (t.atk(hound), t.hp(hound)) == ((printed.atk or 0) + 1, (printed.hp or 0) + 1)


@pytest.mark.cards("master-midori")
def test_green_midori_bonus_in_any_patrol_slot() -> None:
    t = midori_table()
    cub = t.put(0, "Tiger Cub")
    t.act("patrol Tiger Cub lookout")
    t.end_turn()
    assert t.kw(cub) == {"resist": 1}  # the slot's resist...
    assert (t.atk(cub), t.hp(cub)) == (3, 3)  # ...does not count as an ability of the unit


def test_general_illusion_is_a_subtype_not_an_ability() -> None:
    t = midori_table()
    hound = t.put(0, "Spectral Hound")
    assert (t.atk(hound), t.hp(hound)) == (4, 4)


def test_general_overpower_is_an_ability() -> None:
    t = midori_table()
    reaper, rhino = t.put(0, "Harvest Reaper"), t.put(0, "Regular-sized Rhinoceros")
    assert (t.atk(reaper), t.hp(reaper)) == (6, 5) and (t.atk(rhino), t.hp(rhino)) == (6, 7)


def test_general_sparkshot_is_an_ability() -> None:
    t = midori_table()
    ocelot = t.put(0, "Revolver Ocelot")
    assert (t.atk(ocelot), t.hp(ocelot)) == (3, 3)


# ------------------------------------------------------------------------------------------ Feral


def ferns_table() -> Table:
    """Calamandra (to cast Behind the Ferns), Midori one level short of her middle band, a Tech I."""
    t = t0(gold=20)
    hero(t, 0, "calamandra-moss")
    hero(t, 0, "master-midori", level=4)
    t.built(0, "tech1")
    t.give(0, "Behind the Ferns", "Iron Man")
    return t


def _iron_man(t: Table) -> tuple[int, int, bool]:
    (u,) = [x for x, th in t.s.things.items() if th.card == "iron-man"]
    return t.atk(u), t.hp(u), "stealth" in t.kw(u)


@pytest.mark.cards("behind-the-ferns", "steam-tank")
def test_green_behind_the_ferns_stealth_before_attack_bonuses() -> None:
    t = t0(gold=2)
    hero(t, 0, "calamandra-moss")
    tank = t.put(0, "Steam Tank")
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Behind the Ferns")
    assert not t.can("attack Steam Tank -> base")
    t.act("play Behind the Ferns")
    assert t.atk(tank) == 3 and "stealth" in t.kw(tank)
    t.act("attack Steam Tank -> base")
    assert t.base(1) == 7  # it slipped past at 3 ATK, then hit with the bonus


@pytest.mark.cards("behind-the-ferns", "master-midori")
@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (("ferns", "iron man", "midori"), (3, 4, True)),
        (("iron man", "ferns", "midori"), (3, 4, True)),
        (("midori", "iron man", "ferns"), (4, 5, False)),
        (("iron man", "midori", "ferns"), (4, 5, False)),
        (("ferns", "midori", "iron man"), (4, 5, False)),
        (("midori", "ferns", "iron man"), (4, 5, False)),
    ],
)
def test_green_behind_the_ferns_and_midori_go_by_order(order: tuple[str, ...], expected: tuple[int, int, bool]) -> None:
    t = ferns_table()
    steps = {
        "ferns": "play Behind the Ferns",
        "iron man": "play Iron Man",
        "midori": "level Master Midori 1",
    }
    for step in order:
        t.act(steps[step])
    assert _iron_man(t) == expected


@pytest.mark.cards("fairie-dragon")
def test_green_fairie_dragon_feather_needs_a_dragon_in_play() -> None:
    t = t0()
    dragon = t.put(0, "Fairie Dragon")
    iron = t.put(1, "Iron Man")
    t.thing(iron).marks["feather"] = 1
    assert (t.atk(iron), t.hp(iron), "flying" in t.kw(iron)) == (3, 1, True)
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "card": "fairie-dragon"}}}])
    assert not t.alive(dragon)
    assert (t.atk(iron), t.hp(iron), "flying" in t.kw(iron)) == (3, 4, False)
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    t.gold(0, 4)
    t.give(0, "Fairie Dragon")
    t.act("play Fairie Dragon")
    t.act("choose no")
    assert (t.atk(iron), t.hp(iron), "flying" in t.kw(iron)) == (3, 1, True)


@pytest.mark.cards("fairie-dragon")
def test_green_fairie_dragon_sets_base_stats_only() -> None:
    t = t0()
    t.put(0, "Fairie Dragon")
    iron = t.put(0, "Iron Man", runes=1)
    t.thing(iron).marks["feather"] = 1
    assert (t.atk(iron), t.hp(iron)) == (4, 2) and "flying" in t.kw(iron)


@pytest.mark.cards("fairie-dragon")
def test_green_fairie_dragon_feather_keeps_abilities() -> None:
    t = t0()
    t.put(0, "Fairie Dragon")
    hu = t.put(0, "Huntress")
    t.thing(hu).marks["feather"] = 1
    assert (t.atk(hu), t.hp(hu)) == (3, 1)
    assert {"flying", "sparkshot", "anti-air"} <= set(t.kw(hu))


@pytest.mark.cards("dothram-horselord")
def test_green_dothram_horselord_counts_itself() -> None:
    t = t0()
    horse = t.put(0, "Dothram Horselord")
    t.put(1, "Iron Man")
    t.put(1, "Older Brother")
    t.end_turn()
    t.end_turn()
    assert t.thing(horse).ctrl == 0


@pytest.mark.cards("dothram-horselord", "final-smash")
def test_green_dothram_horselord_beats_one_shot_steals() -> None:
    t = t0()
    horse = t.put(0, "Dothram Horselord")
    t.put(0, "Oversized Rhinoceros")
    t.end_turn()
    hero(t, 1, "troq-bashar", level=8, max_since_start=True)
    t.gold(1, 6)
    t.give(1, "Final Smash")
    t.act("play Final Smash")
    if t.s.pending is not None:
        t.act("choose Dothram Horselord")
    assert t.thing(horse).ctrl == 1
    t.end_turn()  # P1: Rhinoceros 7 against the Horselord's 6 plus Troq's 5: P2 keeps it for now
    t.end_turn()  # P2's upkeep: the Horselord's ability is P2's now, and P2 has more
    assert t.thing(horse).ctrl == 1
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"], "side": "you"}}}])
    t.end_turn()
    t.end_turn()  # P2's next upkeep: P1's 7 beats the Horselord's 6 alone
    assert t.thing(horse).ctrl == 0


@pytest.mark.cards("wandering-mimic")
def test_green_wandering_mimic_two_mimics_do_not_feed_each_other() -> None:
    t = t0()
    m1, m2 = t.put(0, "Wandering Mimic"), t.put(0, "Wandering Mimic")
    sprite = t.put(1, "Cloud Sprite")
    assert "flying" in t.kw(m1) and "flying" in t.kw(m2)
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "card": "cloud-sprite"}}}])
    assert not t.alive(sprite)
    assert "flying" not in t.kw(m1) and "flying" not in t.kw(m2)


@pytest.mark.cards("stampede", "wandering-mimic", "barkcoat-bear")
def test_green_stampede_overpower_stays_but_is_overruled() -> None:
    t = t0(gold=6)
    hero(t, 0, "argagarg-garg", level=5, max_since_start=True)
    bear = t.put(0, "Barkcoat Bear")
    mimic = t.put(0, "Wandering Mimic")
    cub = t.put(1, "Tiger Cub", slot="scavenger")
    t.built(1, "tech1")
    t.give(0, "Stampede")
    t.act("play Stampede")
    assert "overpower" in t.kw(bear) and "overpower" in t.kw(mimic)
    t.act("attack Barkcoat Bear -> Tiger Cub")
    assert t.s.pending is None  # no overpower choice to make
    assert not t.alive(cub) and t.base(1) == 6 and t.s.players[1].tech[0].damage == 0


@pytest.mark.cards("galina-glimmer")
def test_green_galina_glimmer_counts_herself() -> None:
    t = t0()
    t.put(0, "Galina Glimmer")
    t.put(0, "Tiger Cub")
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == t.s.players[0].workers + 1


@pytest.mark.cards("galina-glimmer")
def test_green_galina_glimmer_rounds_down() -> None:
    t = t0()
    t.put(0, "Galina Glimmer")
    t.put(0, "Tiger Cub")
    t.put(0, "Wisp")
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == t.s.players[0].workers + 1


@pytest.mark.cards("blooming-elm")
def test_green_blooming_elm_may_target_a_rune_bearer() -> None:
    t = t0()
    t.put(0, "Blooming Elm")
    cub = t.put(0, "Tiger Cub", runes=1)
    t.put(1, "Older Brother")
    t.act("ability Blooming Elm")
    assert cub in t.s.pending["options"]
    t.act("choose Tiger Cub")
    assert t.thing(cub).runes == 1


@pytest.mark.cards("might-of-leaf-and-claw", "wisp")
def test_green_might_of_leaf_and_claw_zero_damage_does_not_count() -> None:
    t = t0()
    might = t.put(0, "Might of Leaf and Claw")
    t.put(0, "Wisp")
    t.act("attack Wisp -> base")
    assert t.base(1) == 0 and t.thing(might).marks == {}


@pytest.mark.cards("might-of-leaf-and-claw", "rampant-growth")
def test_green_might_of_leaf_and_claw_armor_counts() -> None:
    t = t0()
    might = t.put(0, "Might of Leaf and Claw")
    t.put(0, "Tiger Cub")
    ob = t.put(1, "Older Brother", slot="squad leader")
    t.thing(ob).mods.append(Mod(armor=2, until="ever"))  # Rampant Growth's 2 armor, on top of the slot's 1
    t.act("attack Tiger Cub -> Older Brother")
    assert t.thing(ob).damage == 0 and t.thing(ob).armor_used == 2
    assert t.thing(might).marks == {"growth": 1}


@pytest.mark.cards("might-of-leaf-and-claw", "huntress")
def test_green_might_of_leaf_and_claw_one_rune_per_attack() -> None:
    t = t0()
    might = t.put(0, "Might of Leaf and Claw")
    t.put(0, "Huntress")
    ob = t.put(1, "Older Brother", slot="squad leader")
    cub = t.put(1, "Tiger Cub", slot="elite")
    t.act("attack Huntress -> Older Brother")
    assert t.thing(cub).damage == 1 and not t.alive(ob)
    assert t.thing(might).marks == {"growth": 1}


@pytest.mark.cards("guargum-eternal-sentinel", "stampede")
def test_green_guargum_free_growth_ultimate_at_once() -> None:
    t = t0()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="growth")
    t.built(0, "tech3")
    t.gold(0, 10)
    t.give(0, "Guargum, Eternal Sentinel", "Stampede")
    assert not t.can("play Stampede")
    t.act("play Guargum, Eternal Sentinel")
    assert t.s.players[0].gold == 0
    assert t.can("play Stampede")
    t.act("play Stampede")
    (gu,) = [u for u, th in t.s.things.items() if th.card == "guargum-eternal-sentinel"]
    assert t.atk(gu) == 15 and t.s.players[0].gold == 0


# ------------------------------------------------------------------------------------------ Polymorph: Squirrel


def polymorph_table(gold: int = 3) -> Table:
    t = t0(gold=gold)
    hero(t, 0, "argagarg-garg")
    t.give(0, "Polymorph: Squirrel")
    return t


def polymorph(t: Table, target: str) -> None:
    t.act("play Polymorph: Squirrel")
    if t.s.pending is not None:
        t.act(f"choose {target}")


@pytest.mark.cards("polymorph-squirrel", "spirit-of-the-panda")
def test_green_polymorph_squirrel_keeps_baggage() -> None:
    t = polymorph_table()
    iron = t.put(1, "Iron Man", runes=1, damage=1)
    panda = t.put(1, "Spirit of the Panda")
    t.thing(panda).attached = iron
    assert (t.atk(iron), t.hp(iron)) == (6, 7)
    arrivals = t.kinds().count("arrive")
    polymorph(t, "Iron Man")
    assert t.kinds().count("arrive") == arrivals  # nothing arrived
    assert t.alive(panda) and t.thing(panda).attached == iron
    assert (t.atk(iron), t.hp(iron), t.thing(iron).damage, t.thing(iron).runes) == (4, 4, 1, 1)


@pytest.mark.cards("polymorph-squirrel", "rampant-growth")
def test_green_polymorph_squirrel_loses_abilities_and_earlier_effects() -> None:
    t = polymorph_table(gold=7)
    hu = t.put(1, "Huntress")
    t.give(0, "Rampant Growth", "Rampant Growth")
    t.act(f"play {t.name(t.s.players[0].hand[1])}")
    t.act("choose Huntress")
    assert (t.atk(hu), armor(t, hu)) == (5, 2)
    polymorph(t, "Huntress")
    assert (t.atk(hu), t.hp(hu), armor(t, hu)) == (1, 1, 0) and not t.kw(hu)
    t.act("play Rampant Growth")
    t.act("choose Huntress")
    assert (t.atk(hu), t.hp(hu), armor(t, hu)) == (3, 1, 2)


@pytest.mark.cards("polymorph-squirrel")
def test_green_polymorph_squirrel_can_kill_a_damaged_unit() -> None:
    t = polymorph_table()
    iron = t.put(1, "Iron Man", damage=1)
    polymorph(t, "Iron Man")
    assert not t.alive(iron) and iron in t.s.players[1].discard


@pytest.mark.cards("polymorph-squirrel", "immortal")
def test_green_polymorph_squirrel_beats_indestructible() -> None:
    t = polymorph_table()
    imm = t.put(1, "Immortal")
    polymorph(t, "Immortal")
    assert "indestructible" not in t.kw(imm)
    t.effect(0, [{"op": "damage", "n": 1, "to": {"each": {"kind": ["unit"], "side": "opponent"}}}])
    assert not t.alive(imm) and imm in t.s.players[1].discard


@pytest.mark.cards("polymorph-squirrel", "the-boot")
def test_green_polymorph_squirrel_keeps_tech_level() -> None:
    t = polymorph_table(gold=6)
    hero(t, 0, "troq-bashar")
    rhino = t.put(1, "Regular-sized Rhinoceros")
    polymorph(t, "Regular-sized Rhinoceros")
    assert (t.atk(rhino), t.hp(rhino)) == (1, 1) and t.q.card(t.thing(rhino)).tech == 2
    t.give(0, "The Boot")
    assert not t.can("play The Boot")  # no tech 0 or I unit to target
    wisp = t.put(1, "Wisp")
    t.act("play The Boot")
    assert not t.alive(wisp) and t.alive(rhino)


@pytest.mark.cards("master-midori", "calamandra-moss")
def test_green_midori_bonus_lost_when_an_ability_is_gained() -> None:
    t = midori_table()
    hero(t, 0, "calamandra-moss", level=2)
    cub = t.put(0, "Tiger Cub", damage=2)
    assert t.alive(cub) and (t.atk(cub), t.hp(cub)) == (3, 3)
    t.act("level Calamandra Moss 1")
    assert not t.alive(cub) and cub in t.s.players[0].discard


# ------------------------------------------------------------------------------------------ codex cards


@pytest.mark.cards("moments-peace")
def test_green_moments_peace_covers_everything_you_control() -> None:
    t = t0(gold=2)
    hero(t, 0, "master-midori")
    cub = t.put(0, "Tiger Cub")
    t.built(0, "tech1")
    t.put(1, "Older Brother")
    hero(t, 1, "river-montoya")
    t.give(0, "Moment's Peace")
    t.act("play Moment's Peace")
    assert not any(a.startswith("patrol Tiger Cub") for a in t.legal())
    t.end_turn()
    assert not any(a.startswith("attack Older Brother") for a in t.legal())
    assert {
        "attack River Montoya -> base",
        "attack River Montoya -> tech1",
        "attack River Montoya -> Tiger Cub",
    } <= set(t.legal())
    assert t.alive(cub)


@pytest.mark.cards("moments-peace")
def test_green_moments_peace_two_versus_two() -> None:
    t = Table(
        players=4,
        mode="2v2",
        hero1="master-midori",
        hero2="troq-bashar",
        hero3="river-montoya",
        hero4="troq-bashar",
    )
    t.clear()
    t.gold(0, 2)
    hero(t, 0, "master-midori")
    t.put(0, "Tiger Cub")
    t.put(2, "Tenderfoot")
    t.built(0, "tech1")
    t.built(2, "tech1")
    t.give(0, "Moment's Peace")
    t.act("play Moment's Peace", 0)
    t.end_turn()
    ob = t.put(1, "Older Brother")
    hero(t, 1, "troq-bashar")
    t.put(3, "Iron Man")
    for seat, unit in ((1, "Older Brother"), (3, "Iron Man")):
        targets = {a.split(" -> ")[1] for a in t.legal(seat) if a.startswith(f"attack {unit} ->")}
        # Not P1's things nor the team's shared base; P1's partner's own things are fair game.
        assert targets == {"Tenderfoot", "p3 tech1"}, (seat, targets)
    heroes = {a.split(" -> ")[1] for a in t.legal(1) if a.startswith("attack Troq Bashar ->")}
    assert {"base", "Tiger Cub", "p1 tech1", "Master Midori"} <= heroes  # heroes are not units
    assert t.alive(ob)


@pytest.mark.cards("nature-reclaims")
def test_green_nature_reclaims_building_cards_only() -> None:
    t = t0(gold=2)
    hero(t, 0, "master-midori")
    t.built(1, "tech1", "tower")
    tree = t.put(1, "Verdant Tree")
    t.give(0, "Nature Reclaims")
    t.act("play Nature Reclaims")  # the only legal choice: taken at once
    assert not t.alive(tree) and tree in t.s.players[1].removed
    assert t.s.players[1].tech[0].alive and t.s.players[1].addon is not None
    assert [t.s.cards[u][0] for u in t.s.players[0].removed] == ["nature-reclaims"]


def circle_table(*codex: str) -> Table:
    t = t0(gold=3)
    hero(t, 0, "master-midori")
    t.s.players[0].codex = {cid: 2 for cid in codex}
    t.give(0, "Circle of Life")
    return t


@pytest.mark.cards("circle-of-life")
def test_green_circle_of_life_tech_0_gives_tech_1() -> None:
    t = circle_table("gemscout-owl", "tiny-basilisk", "chameleon")
    t.put(0, "Tiger Cub")
    t.act("play Circle of Life")
    assert t.s.pending["options"] == ["gemscout-owl", "tiny-basilisk"]
    t.act("choose Gemscout Owl")
    assert [th.card for th in t.s.things.values() if th.ctrl == 0 and th.card != "master-midori"] == ["gemscout-owl"]
    assert t.s.players[0].gold == 0


@pytest.mark.cards("circle-of-life")
def test_green_circle_of_life_no_green_tech_3_is_cheap() -> None:
    t = circle_table("tyrannosaurus-rex", "moss-ancient", "guargum-eternal-sentinel")
    ch = t.put(0, "Chameleon")
    t.act("play Circle of Life")
    assert not t.alive(ch) and ch in t.s.players[0].discard
    assert t.s.pending is None and [th.card for th in t.s.things.values()] == ["master-midori"]


@pytest.mark.cards("circle-of-life", "gigadon")
def test_green_circle_of_life_printed_cost() -> None:
    t = circle_table("gigadon", "wandering-mimic")
    tb = t.put(0, "Tiny Basilisk")
    for _ in range(9):
        t.put(0, "Wisp")
    t.act("play Circle of Life")
    if t.s.pending is not None and t.s.pending["kind"] == "pick":
        t.act(f"choose {t.name(tb)}")
    assert not t.alive(tb)
    assert t.s.pending["options"] == ["wandering-mimic"]  # Gigadon is not on offer
    t.act("choose Wandering Mimic")
    assert [th.card for th in t.s.things.values() if th.card == "wandering-mimic"] == ["wandering-mimic"]


@pytest.mark.cards("feral-strike")
def test_green_feral_strike_tech_buildings_of_any_spec() -> None:
    t = t0(gold=4)
    hero(t, 0, "calamandra-moss", level=5, max_since_start=True)
    t.built(0, "tech1")
    t.built(0, "tech2", spec="growth")
    t.give(0, "Feral Strike", "Tiger Cub", "Iron Man", "Regular-sized Rhinoceros", "Moss Ancient")
    t.s.players[0].codex = {}
    t.act("play Feral Strike")  # nothing to fetch: only "put into play" is open
    names = {t.name(u).split("#")[0] for u in t.s.pending["options"] if isinstance(u, int)}
    assert names == {"Tiger Cub", "Iron Man", "Regular-sized Rhinoceros"}
    t.act("choose Iron Man")
    t.act("choose Regular-sized Rhinoceros")
    assert {th.card for th in t.s.things.values() if th.ctrl == 0} == {
        "calamandra-moss",
        "iron-man",
        "regular-sized-rhinoceros",
    }


@pytest.mark.cards("gigadon")
def test_green_gigadon_printed_cost_elsewhere() -> None:
    t = t0()
    gi = t.put(0, "Gigadon")
    for _ in range(9):
        t.put(0, "Wisp")
    t.give(0, "Gigadon")
    assert t.q.card_cost(0, t.cat["gigadon"]) == 0  # what it would cost to play now
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "max_cost": 8}}}])
    assert t.alive(gi) and not [u for u, th in t.s.things.items() if th.card == "wisp"]


@pytest.mark.cards("gigadon")
def test_green_gigadon_cost_floor_zero() -> None:
    t = t0(gold=3)
    t.built(0, "tech1")
    t.built(0, "tech2", spec="feral")
    for _ in range(10):
        t.put(0, "Wisp")
    t.give(0, "Gigadon")
    t.act("play Gigadon")
    assert t.s.players[0].gold == 3


@pytest.mark.cards("master-midori", "gigadon")
def test_green_midori_costs_never_below_zero() -> None:
    t = t0(gold=2)
    hero(t, 0, "master-midori")
    t.built(0, "tech1")
    t.built(0, "tech2", spec="feral")
    for _ in range(10):
        t.put(0, "Tiger Cub")
    t.give(0, "Gigadon")
    t.act("play Gigadon")
    assert t.s.players[0].gold == 2 and [th for th in t.s.things.values() if th.card == "gigadon"]


@pytest.mark.cards("moss-ancient", "squirrel")
def test_green_moss_ancient_grant_only_while_it_stays() -> None:
    t = t0()
    ma = t.put(0, "Moss Ancient")
    squirrels = [t.put(0, "Squirrel") for _ in range(3)]
    assert all({"haste", "invisible"} <= set(t.kw(u)) for u in squirrels)
    t.thing(ma).ctrl = 1  # control changes (as a steal would)
    assert all(not t.kw(u) for u in squirrels)
    t.thing(ma).ctrl = 0
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "card": "moss-ancient"}}}])
    assert not t.alive(ma) and all(not t.kw(u) for u in squirrels)


@pytest.mark.cards("calamandra-moss", "stalking-tiger")
def test_green_calamandra_moss_tiger_free_without_tech() -> None:
    t = t0(gold=4)
    hero(t, 0, "calamandra-moss", level=5)
    t.s.players[0].codex = {"stalking-tiger": 2}
    t.act("ability Calamandra Moss: tiger")
    t.act("choose Stalking Tiger")
    tigers = [u for u, th in t.s.things.items() if th.card == "stalking-tiger"]
    assert len(tigers) == 1 and t.thing(tigers[0]).ctrl == 0
    assert t.s.players[0].gold == 0 and t.s.players[0].codex == {"stalking-tiger": 1}
    assert not any(b.alive for b in t.s.players[0].tech)


# ------------------------------------------------------------------------------------------ Tyrannosaurus Rex


def rex_table() -> Table:
    t = t0(gold=8)
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    t.built(0, "tech3")
    t.give(0, "Tyrannosaurus Rex")
    return t


@pytest.mark.cards("tyrannosaurus-rex")
def test_green_tyrannosaurus_rex_any_mix_of_two() -> None:
    t = rex_table()
    ob, earth = t.put(1, "Older Brother"), t.put(1, "Rich Earth")
    t.act("play Tyrannosaurus Rex")
    t.act("choose Older Brother")
    t.act("choose Rich Earth")
    assert not t.alive(ob) and not t.alive(earth) and t.s.pending is None
    t = rex_table()
    t.workers(1, 5)
    t.act("play Tyrannosaurus Rex")
    t.act("choose p2 worker")
    t.act("choose p2 worker")
    assert t.s.players[1].workers == 3


@pytest.mark.cards("tyrannosaurus-rex")
def test_green_tyrannosaurus_rex_worker_is_trashed() -> None:
    t = rex_table()
    (cub,) = t.give(1, "Tiger Cub")
    p2 = t.s.players[1]
    p2.hand.remove(cub)
    p2.worker_cards, p2.workers = [cub], 1  # the only worker is the hired Tiger Cub
    t.act("play Tyrannosaurus Rex")
    t.act("choose p2 worker")
    t.act("choose done")
    assert p2 is not t.s.players[1]
    p2 = t.s.players[1]
    assert p2.workers == 0 and p2.removed == [cub] and not p2.discard


@pytest.mark.cards("tyrannosaurus-rex")
def test_green_tyrannosaurus_rex_workers_are_anonymous() -> None:
    t = rex_table()
    cub, ob = t.give(1, "Tiger Cub", "Older Brother")
    p2 = t.s.players[1]
    p2.hand = []
    p2.worker_cards, p2.workers = [cub, ob], 2
    t.act("play Tyrannosaurus Rex")
    assert not {cub, ob} & set(t.s.pending["options"])  # never a particular card
    seen = len(t.events)
    t.act("choose p2 worker")
    t.act("choose done")
    gone = [u for u in (cub, ob) if u in t.s.players[1].removed]
    assert len(gone) == 1 and t.s.players[1].workers == 1
    for e in t.events[seen:]:
        if e.to is None or 0 in e.to:  # whatever P1 may see
            assert gone[0] not in e.data.values() and t.name(gone[0]) not in str(e.data)


@pytest.mark.cards("spirit-of-the-panda", "immortal")
def test_general_indestructible_removes_attachments_not_runes() -> None:
    t = t0()
    imm = t.put(0, "Immortal", runes=1)
    panda = t.put(0, "Spirit of the Panda")
    t.thing(panda).attached = imm
    assert (t.atk(imm), t.hp(imm)) == (8, 8)
    t.effect(1, [{"op": "damage", "n": 8, "to": {"each": {"kind": ["unit"], "card": "immortal"}}}])
    assert t.alive(imm) and t.thing(imm).exhausted and t.thing(imm).damage == 0
    assert not t.alive(panda) and panda in t.s.players[0].discard
    assert t.thing(imm).runes == 1 and (t.atk(imm), t.hp(imm)) == (6, 6)


# ------------------------------------------------------------------------------------------ copies


def manufactured_truth(t: Table, copier: str, original: str) -> None:
    """P1 casts Manufactured Truth (Blue; 1 more gold off colour): `copier` copies `original` this turn."""
    t.give(0, "Manufactured Truth")
    t.act("play Manufactured Truth")
    for name in (copier, original):
        if t.s.pending is not None:
            t.act(f"choose {name}")


@pytest.mark.cards("fairie-dragon", "manufactured-truth")
def test_green_fairie_dragon_copies_lack_the_feather() -> None:
    t = t0(gold=2)
    hero(t, 0, "master-midori")
    t.put(0, "Fairie Dragon")
    iron = t.put(0, "Iron Man")
    t.thing(iron).marks["feather"] = 1
    ob = t.put(0, "Older Brother")
    manufactured_truth(t, "Older Brother", "Iron Man")
    assert t.thing(ob).card == "iron-man" and not t.thing(ob).marks
    assert (t.atk(ob), t.hp(ob), "flying" in t.kw(ob)) == (3, 4, False)
    assert (t.atk(iron), t.hp(iron), "flying" in t.kw(iron)) == (3, 1, True)


@pytest.mark.cards("polymorph-squirrel", "spirit-of-the-panda", "manufactured-truth")
def test_green_polymorph_squirrel_copies_are_squirrels() -> None:
    t = polymorph_table(gold=5)
    iron = t.put(1, "Iron Man", runes=1)
    panda = t.put(1, "Spirit of the Panda")
    t.thing(panda).attached = iron
    polymorph(t, "Iron Man")
    ob = t.put(0, "Older Brother")
    manufactured_truth(t, "Older Brother", "Iron Man")
    assert t.thing(ob).card == "iron-man" and t.s.players[0].gold == 0
    assert (t.atk(ob), t.hp(ob)) == (1, 1) and not t.kw(ob) and t.thing(ob).runes == 0
    assert not t.q.has_abilities(t.thing(ob)) and "squirrel" in t.q.card(t.thing(ob)).subtypes


@pytest.mark.cards("dothram-horselord", "mind-control")
def test_green_dothram_horselord_loses_to_mind_control() -> None:
    t = t0()
    horse = t.put(0, "Dothram Horselord")
    t.put(0, "Oversized Rhinoceros")
    t.put(0, "Tiger Cub")
    t.end_turn()
    hero(t, 1, "sirus-quince", level=5, max_since_start=True)
    t.gold(1, 5)
    t.give(1, "Mind Control")
    t.act("play Mind Control")
    if t.s.pending is not None:
        t.act("choose Dothram Horselord")
    assert t.thing(horse).ctrl == 1
    t.end_turn()
    t.end_turn()  # P2's upkeep: P1's 9 beats P2's 7, but Mind Control keeps applying
    assert t.thing(horse).ctrl == 1
    assert sum(t.atk(u) for u, th in t.s.things.items() if th.ctrl == 0 and t.cat[th.card].is_fighter_card) == 9
