"""Red's Fire spec (Jaina Stormborne's spells and the Fire units, buildings and upgrade)."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from tests.codex.red_helpers import seats_table
from tests.codex.red_helpers import table as red_table


def table(level: int = 1, gold: int = 20, max_since_start: bool = False, techs: bool = True) -> tuple[Table, int]:
    return red_table("jaina-stormborne", level, gold, max_since_start, techs)


# ---------------------------------------------------------------------------------------------- spells


@pytest.mark.cards("fire-dart")
def test_fire_dart_three_to_a_unit_or_two_to_a_building() -> None:
    t, _ = table()
    foe = t.put(1, "Iron Man")
    t.give(0, "Fire Dart", "Fire Dart")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    assert set(t.legal()) == {"choose unit", "choose building"}
    t.act("choose unit")  # a unit, not a hero: Iron Man is the only candidate, chosen at once
    assert t.thing(foe).damage == 3
    t.act("play Fire Dart")
    t.act("choose building")
    assert "choose Iron Man" not in t.legal() and "choose base" in t.legal()  # a building only
    t.act("choose base")
    assert t.base(1) == 2 and t.s.players[0].gold == 16


@pytest.mark.cards("flame-arrow")
def test_flame_arrow_four_to_a_unit_or_hero_or_three_to_a_building() -> None:
    t, _ = table()
    troq = t.put(1, "troq-bashar", level=5, damage=0)
    rhino = t.put(1, "Regular-Sized Rhinoceros")
    t.give(0, "Flame Arrow", "Flame Arrow", "Flame Arrow")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    t.act("choose unit or hero")
    assert "choose base" not in t.legal()  # units and heroes only
    t.act("choose Troq Bashar")
    assert not t.alive(troq) and troq in t.s.players[1].command  # 4 HP at level 5: a hero can be hit
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    t.act("choose unit or hero")
    t.act("choose Regular-Sized Rhinoceros")
    assert t.thing(rhino).damage == 4
    t.act("play Flame Arrow")
    t.act("choose building")
    t.act("choose base")
    assert t.base(1) == 3 and t.s.players[0].gold == 8


@pytest.mark.cards("flame-arrow", "granfalloon-flagbearer")
def test_a_mode_that_could_target_a_flagbearer_must_be_chosen() -> None:
    t, _ = table()
    flag = t.put(1, "Granfalloon Flagbearer")
    t.give(0, "Flame Arrow")
    t.act("play Flame Arrow")  # only the unit-or-hero mode can hit the flagbearer: it is the only mode left
    assert not t.alive(flag) and t.s.pending is None


@pytest.mark.cards("ember-sparks")
def test_ember_sparks_divides_three_among_up_to_three_patrollers_or_buildings() -> None:
    t, _ = table()
    t.built(1, "tech1")
    a = t.put(1, "Older Brother", slot="elite")
    b = t.put(1, "Tenderfoot", slot="scavenger")
    t.put(1, "Iron Man")  # not patrolling: no candidate
    t.give(0, "Ember Sparks")
    t.act("play Ember Sparks")
    assert set(t.legal()) == {"choose Older Brother", "choose Tenderfoot", "choose base", "choose tech1"} | {
        "choose my base",
        "choose my tech1",
        "choose my tech2",
    }
    t.act("choose Older Brother")
    t.act("choose Older Brother")
    t.act("choose tech1")
    assert not t.alive(a) and t.alive(b) and t.s.players[1].tech[0].damage == 1


@pytest.mark.cards("ember-sparks")
def test_ember_sparks_no_fourth_target() -> None:
    t, _ = table()
    units = [t.put(1, "Tenderfoot", slot=s) for s in ("elite", "scavenger", "technician")]
    t.give(0, "Ember Sparks")
    t.act("play Ember Sparks")
    t.act(f"choose {t.name(units[0])}")
    t.act(f"choose {t.name(units[1])}")
    assert "choose base" in t.legal()
    t.act(f"choose {t.name(units[2])}")
    assert all(t.thing(u).damage == 1 for u in units) and t.base(1) == 0


@pytest.mark.cards("ember-sparks", "hotter-fire", "spectral-hound")
def test_ember_sparks_an_illusion_that_dies_on_its_point_is_still_one_of_the_three_targets() -> None:
    t, _ = table()
    t.put(0, "Hotter Fire")  # 4 points, so only the three-target limit can stop a fourth target
    ghost = t.put(1, "Spectral Hound", slot="squad leader")
    units = [t.put(1, "Iron Man", slot=s) for s in ("elite", "scavenger", "technician")]
    t.give(0, "Ember Sparks")
    t.act("play Ember Sparks")
    t.act("choose Spectral Hound")  # targeted: it dies at once and its point is lost
    t.act(f"choose {t.name(units[0])}")
    t.act(f"choose {t.name(units[1])}")
    assert not t.alive(ghost) and set(t.legal()) == {f"choose {t.name(units[0])}", f"choose {t.name(units[1])}"}
    t.act(f"choose {t.name(units[1])}")
    assert [t.thing(u).damage for u in units] == [1, 2, 0] and t.s.pending is None


@pytest.mark.cards("burning-volley")
def test_burning_volley_divides_five_among_units_heroes_and_buildings() -> None:
    t, _ = table(level=7, max_since_start=True)
    river = t.put(1, "river-montoya")
    brother = t.put(1, "Older Brother")
    t.give(0, "Burning Volley")
    t.act("play Burning Volley")
    for pick in ("River Montoya", "Older Brother", "River Montoya", "Older Brother", "River Montoya"):
        t.act(f"choose {pick}")
    assert not t.alive(river) and not t.alive(brother) and t.base(1) == 0
    assert t.s.pending is None and t.s.players[0].gold == 17


@pytest.mark.cards("burning-volley")
def test_burning_volley_is_jaina_s_ultimate() -> None:
    t, _ = table(level=7, max_since_start=False)
    t.give(0, "Burning Volley")
    assert not t.can("play Burning Volley")


# ----------------------------------------------------------------------------------------------- units


@pytest.mark.cards("lobber")
def test_lobber_hasty_building_pinger() -> None:
    t, _ = table()
    t.put(1, "Older Brother")
    t.give(0, "Lobber")
    t.act("play Lobber")
    t.act("ability Lobber")
    assert set(t.legal()) == {"choose base", "choose my base", "choose my tech1", "choose my tech2"}
    t.act("choose base")
    assert t.base(1) == 1


@pytest.mark.cards("firebat")
def test_firebat_pays_one_to_hit_a_patroller_or_building_for_two() -> None:
    t, _ = table()
    t.put(0, "Firebat")
    hero = t.put(1, "river-montoya", slot="technician")
    t.put(1, "Older Brother")  # not patrolling
    t.act("ability Firebat")
    assert "choose Older Brother" not in t.legal()
    t.act("choose River Montoya")
    assert t.thing(hero).damage == 2 and t.s.players[0].gold == 19


@pytest.mark.cards("bamstamper-lizzo")
def test_bamstamper_lizzo_arrives_dealing_three_to_a_unit() -> None:
    t, _ = table()
    foe = t.put(1, "Iron Man")
    t.give(0, "Bamstamper Lizzo")
    t.act("play Bamstamper Lizzo")
    assert set(t.legal()) == {"choose Iron Man", "choose Bamstamper Lizzo"}
    t.act("choose Iron Man")
    assert t.thing(foe).damage == 3


@pytest.mark.cards("doubleshot-archer")
def test_doubleshot_archer_attacks_and_hits_the_base_for_three() -> None:
    t, _ = table()
    archer = t.put(0, "Doubleshot Archer")
    t.put(1, "Older Brother", slot="squad leader")
    t.act("attack Doubleshot Archer -> Older Brother")
    assert t.base(1) == 3 and t.thing(archer).damage == 0  # long-range: the defender hits nothing back


@pytest.mark.cards("molting-firebird")
def test_molting_firebird_hitting_a_building_burns_every_enemy_fighter() -> None:
    t, jaina = table()
    t.put(0, "Molting Firebird")
    mine = t.put(0, "Older Brother")
    a = t.put(1, "Tenderfoot")
    river = t.put(1, "river-montoya")
    t.act("attack Molting Firebird -> base")
    assert t.base(1) == 4 and t.thing(a).damage == 1 and t.thing(river).damage == 1
    assert t.thing(mine).damage == 0 and t.thing(jaina).damage == 0


@pytest.mark.cards("molting-firebird")
def test_molting_firebird_in_free_for_all_burns_only_the_player_it_hit() -> None:
    t = seats_table("ffa", "jaina-stormborne", "river-montoya", "troq-bashar")
    t.put(0, "Molting Firebird")
    hit, hero = t.put(1, "Tenderfoot"), t.put(1, "river-montoya")
    spared, other_hero = t.put(2, "Tenderfoot"), t.put(2, "troq-bashar")
    t.act("attack Molting Firebird -> p2 base")
    assert t.base(1) == 4 and t.thing(hit).damage == 1 and t.thing(hero).damage == 1
    assert t.thing(spared).damage == 0 and t.thing(other_hero).damage == 0


@pytest.mark.cards("molting-firebird")
def test_molting_firebird_in_2v2_the_shared_base_is_both_opponents_but_a_tech_building_one() -> None:
    t = seats_table("2v2", "jaina-stormborne", "river-montoya", "captain-zane", "troq-bashar")
    t.put(0, "Molting Firebird")
    t.put(0, "Molting Firebird")
    mine, partners = t.put(0, "Tenderfoot"), t.put(2, "Tenderfoot")
    p2, p4 = t.put(1, "Tenderfoot"), t.put(3, "Iron Man")
    t.built(3, "tech1")
    t.act("attack Molting Firebird#1 -> base")  # the team's one base: both of that team are "that opponent"
    assert (t.thing(p2).damage, t.thing(p4).damage, t.thing(mine).damage, t.thing(partners).damage) == (1, 1, 0, 0)
    t.act("attack Molting Firebird#2 -> p4 tech1")  # p4's own building: only p4
    assert (t.thing(p2).damage, t.thing(p4).damage) == (1, 2)


@pytest.mark.cards("molting-firebird")
def test_molting_firebird_flies_over_a_ground_squad_leader() -> None:
    t, _ = table()
    t.put(0, "Molting Firebird")
    t.put(1, "Older Brother", slot="squad leader")
    assert t.can("attack Molting Firebird -> base")


@pytest.mark.cards("molting-firebird")
def test_molting_firebird_fighting_a_unit_burns_nothing() -> None:
    t, _ = table()
    t.put(0, "Molting Firebird")
    a = t.put(1, "Tenderfoot")
    river = t.put(1, "river-montoya")
    t.act("attack Molting Firebird -> Tenderfoot")
    assert not t.alive(a) and t.thing(river).damage == 0


@pytest.mark.cards("firehouse")
def test_firehouse_readies_when_its_shot_destroys_the_target() -> None:
    t, _ = table()
    house = t.put(0, "Firehouse")
    t.put(1, "Tenderfoot")
    t.put(1, "Older Brother", damage=1)
    iron = t.put(1, "Iron Man")
    t.act("ability Firehouse")
    t.act("choose Tenderfoot")
    assert not t.thing(house).exhausted
    t.act("ability Firehouse")
    t.act("choose Older Brother")
    assert not t.thing(house).exhausted
    t.act("ability Firehouse")
    t.act("choose Iron Man")  # 4 HP: survives
    assert t.thing(house).exhausted and t.thing(iron).damage == 2
    assert not t.can("ability Firehouse")


@pytest.mark.cards("firehouse")
def test_firehouse_destroying_a_tech_building_readies_it() -> None:
    t, _ = table()
    house = t.put(0, "Firehouse")
    t.built(1, "tech1")
    t.s.players[1].tech[0].damage = 4
    t.act("ability Firehouse")
    t.act("choose tech1")
    assert t.s.players[1].tech[0].status == "destroyed" and not t.thing(house).exhausted


@pytest.mark.cards("hotter-fire")
def test_hotter_fire_adds_one_to_your_red_spells_and_abilities() -> None:
    t, _ = table()
    t.put(0, "Hotter Fire")
    t.put(0, "Lobber")
    t.give(0, "Fire Dart")
    foe = t.put(1, "Iron Man", slot="elite")
    t.act("ability Lobber")
    t.act("choose base")
    assert t.base(1) == 2
    t.act("play Fire Dart")
    t.act("choose unit")
    t.act("choose Iron Man")
    assert not t.alive(foe)  # 3 + 1 = 4 damage on a 4-HP unit


@pytest.mark.cards("hotter-fire")
def test_hotter_fire_not_other_colours_not_combat_and_not_the_opponents() -> None:
    t, _ = table()
    t.put(0, "Hotter Fire")
    t.put(1, "Hotter Fire")
    t.give(0, "Spark")  # a neutral spell
    t.put(0, "Older Brother")
    foe = t.put(1, "Tenderfoot", slot="elite")
    t.act("play Spark")
    assert t.thing(foe).damage == 1
    t.s.players[1].patrol = [0, 0, 0, 0, 0]
    t.act("attack Older Brother -> base")
    assert t.base(1) == 2  # combat damage is never raised


@pytest.mark.cards("cinderblast-dragon")
def test_cinderblast_dragon_arrives_and_casts_a_fire_spell_from_the_codex_for_free() -> None:
    t, _ = table()
    t.built(0, "tech3")
    t.s.players[0].codex = {"fire-dart": 2, "burning-volley": 2, "lobber": 2}
    t.give(0, "Cinderblast Dragon", "Ember Sparks")
    t.act("play Cinderblast Dragon")
    assert set(t.legal()) == {"choose Ember Sparks", "choose Fire Dart from codex", "choose no"}
    t.act("choose Fire Dart from codex")
    t.act("choose building")
    t.act("choose base")
    p1 = t.s.players[0]
    assert t.base(1) == 2 and p1.gold == 13 and p1.codex["fire-dart"] == 1
    assert [t.s.cards[u][0] for u in p1.discard] == ["fire-dart"]


@pytest.mark.cards("cinderblast-dragon")
def test_cinderblast_dragon_attacking_casts_from_hand_without_a_fire_hero() -> None:
    t = Table()
    t.clear()
    t.gold(0, 0)
    t.put(0, "troq-bashar")
    t.put(0, "Cinderblast Dragon")
    t.give(0, "Fire Dart")
    t.act("attack Cinderblast Dragon -> base")
    t.act("choose Fire Dart")
    t.act("choose building")
    t.act("choose base")
    assert t.base(1) == 2 + 6 and t.s.players[0].gold == 0 and not t.s.players[0].hand


@pytest.mark.cards("cinderblast-dragon", "censorship-council")
def test_cinderblast_dragon_free_spell_from_hand_is_still_a_card_played_from_hand() -> None:
    """Under an opponent's Censorship Council, the Dragon was this turn's one card from hand: a Fire spell in
    hand can't be played too, one from the codex can (it does not come from the hand)."""
    t, _ = table()
    t.built(0, "tech3")
    t.put(1, "Censorship Council")
    t.s.players[0].codex = {"fire-dart": 2}
    t.give(0, "Cinderblast Dragon", "Flame Arrow")
    t.act("play Cinderblast Dragon")
    assert set(t.legal()) == {"choose Fire Dart from codex", "choose no"}
    # Attacking, with nothing played yet: the free spell from hand is this turn's one card from hand.
    a, _ = table()
    a.put(0, "Cinderblast Dragon")
    a.put(1, "Censorship Council")
    a.give(0, "Fire Dart", "Tenderfoot")
    a.act("attack Cinderblast Dragon -> base")
    a.act("choose Fire Dart")
    a.act("choose building")
    a.act("choose base")
    assert a.base(1) == 2 + 6 and not a.can("play Tenderfoot")


@pytest.mark.cards("cinderblast-dragon")
def test_cinderblast_dragon_may_decline() -> None:
    t, _ = table()
    dragon = t.put(0, "Cinderblast Dragon")
    t.give(0, "Fire Dart")
    t.act("attack Cinderblast Dragon -> base")
    t.act("choose no")
    assert t.base(1) == 6 and len(t.s.players[0].hand) == 1 and t.kw(dragon)["resist"] == 2
