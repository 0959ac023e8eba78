"""Red's Blood spec (Drakk Ramhorn's spells and the Blood units and buildings)."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from tests.codex.red_helpers import of, seats_table
from tests.codex.red_helpers import table as red_table


def table(level: int = 1, gold: int = 20, max_since_start: bool = False, techs: bool = True) -> tuple[Table, int]:
    return red_table("drakk-ramhorn", level, gold, max_since_start, techs)


# ---------------------------------------------------------------------------------------------- spells


@pytest.mark.cards("desperation")
def test_desperation_with_an_empty_hand_draws_three_and_leaves_the_game() -> None:
    t, _ = table()
    desp = t.give(0, "Desperation")[0]
    t.give(0, "Tenderfoot", "Older Brother", "Mad Man", "Spark", "Wither", zone="deck")
    t.act("play Desperation")
    p1 = t.s.players[0]
    assert len(p1.hand) == 3 and desp in p1.removed and desp not in p1.discard
    t.act("end")  # the hand is discarded as the main phase ends, then the draw phase draws 0 + 2
    p1 = t.s.players[0]
    assert len(p1.hand) == 2 and len(p1.discard) == 3


@pytest.mark.cards("desperation")
def test_desperation_with_cards_in_hand_draws_nothing_but_still_discards_the_hand() -> None:
    t, _ = table()
    desp, keep = t.give(0, "Desperation", "Tenderfoot")
    t.give(0, "Older Brother", "Mad Man", "Spark", zone="deck")
    t.act("play Desperation")
    p1 = t.s.players[0]
    assert p1.hand == [keep] and desp in p1.discard and not p1.removed
    t.act("end")
    p1 = t.s.players[0]
    assert keep in p1.discard and len(p1.hand) == 2


@pytest.mark.cards("kidnapping")
def test_kidnapping_borrows_an_opposing_unit_ready_and_hasty_for_the_turn() -> None:
    t, _ = table()
    brother = t.put(1, "Older Brother", exhausted=True)
    t.put(1, "Pirate Gunship")  # tech III: out of reach
    t.put(1, "troq-bashar")  # heroes are not units
    t.give(0, "Kidnapping")
    t.act("play Kidnapping")
    b = t.thing(brother)
    assert b.ctrl == 0 and not b.exhausted and t.s.players[0].gold == 16
    t.act("attack Older Brother -> base")
    assert t.base(1) == 2
    t.end_turn()
    assert t.thing(brother).ctrl == 1 and b.owner == 1
    assert "haste" not in t.kw(brother)  # the haste was for that turn only


@pytest.mark.cards("kidnapping")
def test_kidnapping_offers_only_opposing_units_never_your_own() -> None:
    t, _ = table()
    t.put(0, "Older Brother")
    foe = t.put(1, "Tenderfoot")
    theirs = t.put(1, "Older Brother")
    t.give(0, "Kidnapping")
    t.act("play Kidnapping")
    assert set(t.legal()) == {"choose Tenderfoot", f"choose {t.name(theirs)}"}
    t.act("choose Tenderfoot")
    assert t.thing(foe).ctrl == 0


@pytest.mark.cards("kidnapping")
def test_kidnapping_in_2v2_leaves_the_partner_s_units_alone() -> None:
    t = seats_table("2v2", "drakk-ramhorn", "river-montoya", "captain-zane", "troq-bashar")
    t.gold(0, 10)
    t.put(0, "drakk-ramhorn")
    t.put(2, "Tenderfoot")
    foe = t.put(3, "Older Brother")
    t.give(0, "Kidnapping")
    t.act("play Kidnapping")  # the partner's Tenderfoot is friendly: the one opposing unit is taken
    assert t.s.pending is None and t.thing(foe).ctrl == 0 and t.thing(of(t, "tenderfoot")[0]).ctrl == 2


@pytest.mark.cards("bloodlust")
def test_bloodlust_two_fighters_get_one_attack_and_haste_then_take_one() -> None:
    t, drakk = table()
    t.give(0, "Bloodlust", "Mad Man")
    t.act("play Mad Man")
    man = of(t, "mad-man")[0]
    old = t.put(0, "Older Brother", fresh=True)
    t.act("play Bloodlust")
    assert "choose base" not in t.legal() and "choose my base" not in t.legal()  # units and heroes only
    t.act("choose Older Brother")
    t.act("choose Drakk Ramhorn")
    assert t.atk(old) == 3 and t.atk(drakk) == 2 and t.atk(man) == 1
    t.act("attack Older Brother -> base")
    assert t.base(1) == 3
    t.end_turn()
    assert t.thing(old).damage == 1 and t.thing(drakk).damage == 1 and t.thing(man).damage == 0
    assert t.atk(old) == 2


@pytest.mark.cards("bloodlust")
def test_bloodlust_end_of_turn_damage_can_kill() -> None:
    t, _ = table()
    glider = t.put(0, "Tenderfoot", damage=1)  # 1/2 with 1 damage
    t.give(0, "Bloodlust")
    t.act("play Bloodlust")
    t.act("choose Tenderfoot")
    t.act("choose done")
    t.end_turn()
    assert not t.alive(glider)


@pytest.mark.cards("war-drums")
def test_war_drums_your_units_get_one_attack_per_unit_you_control() -> None:
    t, drakk = table(level=6, max_since_start=True)
    a = t.put(0, "Tenderfoot")
    b = t.put(0, "Pirate")
    foe = t.put(1, "Older Brother")
    t.give(0, "War Drums")
    t.act("play War Drums")
    # Two units: +2 each (and +1 from Drakk's frenzy band on our turn); not theirs, not heroes.
    assert t.atk(a) == 1 + 2 + 1 and t.atk(b) == 2 + 2 + 1 and t.atk(foe) == 2 and t.atk(drakk) == 3
    t.put(0, "Pirate")
    assert t.atk(a) == 1 + 3 + 1
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "drakk-ramhorn"}}}])
    assert of(t, "war-drums") == [] and t.atk(a) == 1  # channeling: gone with its hero


@pytest.mark.cards("war-drums")
def test_war_drums_is_an_ultimate_of_drakk() -> None:
    t, _ = table(level=6, max_since_start=False)
    t.give(0, "War Drums")
    assert not t.can("play War Drums")


# ----------------------------------------------------------------------------------------------- units


@pytest.mark.cards("crash-bomber")
def test_crash_bomber_dying_on_your_turn_pings_a_patroller_or_building() -> None:
    t, _ = table(techs=False)
    bomber = t.put(0, "Crash Bomber")
    foe = t.put(1, "Older Brother", slot="squad leader")
    t.act("attack Crash Bomber -> Older Brother")
    assert not t.alive(bomber)
    assert set(t.legal()) == {"choose Older Brother", "choose base", "choose my base"}
    t.act("choose base")
    assert t.base(1) == 1 and t.thing(foe).damage == 1  # the squad leader armor soaked 1 of the 2


@pytest.mark.cards("crash-bomber")
def test_crash_bomber_dying_on_another_players_turn_hits_that_players_base() -> None:
    t, _ = table()
    t.put(0, "Crash Bomber")
    t.end_turn()
    t.put(1, "Older Brother")
    t.act("attack Older Brother -> Crash Bomber")
    assert t.base(1) == 1 and t.base(0) == 0


@pytest.mark.cards("rickety-mine")
def test_rickety_mine_gold_then_a_coin_flip() -> None:
    seen = set()
    for seed in range(12):
        t = Table(seed=seed)
        t.clear()
        t.gold(0, 0)
        mine = t.put(0, "Rickety Mine")
        t.act("ability Rickety Mine")
        coin = [e for e in t.events if e.kind == "coin"]
        assert len(coin) == 1 and t.s.players[0].gold == 3
        heads = coin[0].data["heads"]
        seen.add(heads)
        if heads:
            assert t.alive(mine) and t.base(0) == 0
        else:
            assert not t.alive(mine) and t.base(0) == 2 and mine in t.s.players[0].discard
    assert seen == {True, False}


@pytest.mark.cards("shoddy-glider")
def test_shoddy_glider_flies_over_at_once_and_is_gone_at_end_of_turn() -> None:
    t, _ = table()
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Shoddy Glider")
    t.act("play Shoddy Glider")
    t.act("attack Shoddy Glider -> base")
    assert t.base(1) == 3
    t.end_turn()
    assert of(t, "shoddy-glider") == []


@pytest.mark.cards("captured-bugblatter")
def test_captured_bugblatter_a_death_on_your_turn_hits_an_opposing_base() -> None:
    t, _ = table()
    t.put(0, "Captured Bugblatter")
    t.put(0, "Older Brother")
    t.put(1, "Tenderfoot", slot="scavenger")
    iron = t.put(1, "Iron Man")
    t.built(1, "tech1")
    t.act("attack Older Brother -> Tenderfoot")  # an opponent's base is the only kind of target: no question
    # The scavenger slot's gold is a dies trigger of its own: the active player orders the two.
    assert t.legal() == ["choose Tenderfoot scavenger gold", "choose Captured Bugblatter"]
    t.act("choose Captured Bugblatter")
    assert t.base(1) == 1 and t.base(0) == 0 and t.s.pending is None and t.thing(iron).damage == 0
    assert t.s.players[1].gold == 1


@pytest.mark.cards("captured-bugblatter")
def test_captured_bugblatter_a_death_on_their_turn_hits_their_base() -> None:
    t, _ = table()
    t.put(0, "Captured Bugblatter")
    t.put(0, "Tenderfoot")
    t.end_turn()
    t.put(1, "Older Brother")
    t.act("attack Older Brother -> Tenderfoot")
    assert t.base(1) == 1 and t.base(0) == 0


@pytest.mark.cards("crashbarrow")
def test_crashbarrow_hasty_overpowering_and_ephemeral() -> None:
    t, _ = table()
    t.put(1, "Tenderfoot", slot="squad leader")
    t.give(0, "Crashbarrow")
    t.act("play Crashbarrow")
    t.act("attack Crashbarrow -> Tenderfoot")  # 6 ATK: 2 HP + 1 armor, the 3 left go to the base
    assert t.base(1) == 3
    t.end_turn()
    assert of(t, "crashbarrow") == []


@pytest.mark.cards("land-octopus")
def test_land_octopus_upkeep_two_workers_or_itself() -> None:
    t, _ = table()
    octo = t.put(0, "Land Octopus")
    assert not any(a.startswith("patrol Land Octopus") for a in t.legal())
    t.workers(0, 5)
    t.end_turn()
    t.end_turn()
    assert set(t.legal()) == {"choose trash two workers", "choose sacrifice Land Octopus"}
    t.act("choose trash two workers")
    assert t.s.players[0].workers == 3 and t.alive(octo)
    t.end_turn()
    t.end_turn()
    t.act("choose sacrifice Land Octopus")
    assert not t.alive(octo) and octo in t.s.players[0].discard and t.s.players[0].workers == 3


@pytest.mark.cards("land-octopus")
def test_land_octopus_overpowers_a_patroller_into_the_base() -> None:
    t, _ = table()
    t.put(0, "Land Octopus")
    t.put(1, "Tenderfoot", slot="squad leader")
    t.act("attack Land Octopus -> Tenderfoot")  # 8 ATK: 2 HP + 1 armor, the 5 left go to the base
    assert t.base(1) == 5


@pytest.mark.cards("land-octopus")
def test_land_octopus_with_fewer_than_two_workers_is_sacrificed() -> None:
    t, _ = table()
    octo = t.put(0, "Land Octopus")
    t.workers(0, 1)
    t.end_turn()
    t.end_turn()
    assert not t.alive(octo) and t.s.players[0].workers == 1


@pytest.mark.cards("ogre-recruiter")
def test_ogre_recruiter_takes_a_tech_0_or_1_unit_after_surviving_its_attack() -> None:
    t, _ = table()
    t.put(0, "Ogre Recruiter")
    foe = t.put(1, "Tenderfoot")
    t.put(1, "Iron Man")
    t.put(1, "Regular-Sized Rhinoceros")  # tech II: out of reach
    t.act("attack Ogre Recruiter -> base")
    assert set(t.legal()) == {"choose Tenderfoot", "choose Iron Man"}
    t.act("choose Tenderfoot")
    t.end_turn()
    assert t.thing(foe).ctrl == 0  # for good, not only this turn


@pytest.mark.cards("ogre-recruiter")
def test_ogre_recruiter_that_dies_in_the_combat_takes_nothing() -> None:
    t, _ = table()
    ogre = t.put(0, "Ogre Recruiter", damage=3)
    t.put(1, "Older Brother")
    t.act("attack Ogre Recruiter -> Older Brother")
    assert not t.alive(ogre) and t.s.pending is None
    assert all(x.ctrl == x.owner for x in t.s.things.values())


@pytest.mark.cards("pirate-gang-commander", "pirate")
def test_pirate_gang_commander_brings_pirates_whose_deaths_hit_the_enemy_base() -> None:
    t, _ = table()
    t.built(0, "tech3")
    t.give(0, "Pirate-Gang Commander")
    t.act("play Pirate-Gang Commander")
    pirates = of(t, "pirate")
    assert len(pirates) == 3 and t.s.players[0].gold == 14
    foe = t.put(1, "Iron Man")
    t.built(1, "tech1")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "pirate"}}}])
    assert t.base(1) == 3 and t.base(0) == 0  # each opposing base, nothing else of theirs
    assert t.thing(foe).damage == 0 and t.s.players[1].tech[0].damage == 0


@pytest.mark.cards("pirate-gang-commander")
def test_pirate_gang_commander_is_one_of_your_units_and_has_its_own_death_ping() -> None:
    t, _ = table()
    t.put(0, "Pirate-Gang Commander")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "pirate-gang-commander"}}}])
    assert t.base(1) == 1 and t.base(0) == 0


@pytest.mark.cards("pirate-gang-commander")
def test_pirate_gang_commander_gives_the_death_ping_to_your_units_only() -> None:
    t, _ = table()
    t.put(0, "Pirate-Gang Commander")
    t.put(1, "Older Brother")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert t.base(0) == 0 and t.base(1) == 0


@pytest.mark.cards("pirate-gang-commander", "pirate")
def test_pirate_gang_commander_dying_with_its_pirates_pings_for_all_four() -> None:
    t, _ = table()
    t.put(0, "Pirate-Gang Commander")
    for _ in range(3):
        t.put(0, "Pirate")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"]}}}])
    assert t.base(1) == 4


@pytest.mark.cards("pirate-gang-commander", "pirate")
def test_two_pirate_gang_commanders_each_give_the_death_ping() -> None:
    """Each Commander gives your units the ability, so a unit of yours has it twice and a death pings twice
    (non-keyword effects of two copies add up: Hotter Fire, Grounded Guide rulings)."""
    t, _ = table()
    t.put(0, "Pirate-Gang Commander")
    t.put(0, "Pirate-Gang Commander")
    t.put(0, "Pirate")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "pirate"}}}])
    assert t.base(1) == 2


@pytest.mark.cards("pirate-gang-commander")
def test_pirate_gang_commander_blood_tech_1_and_2_units_free_without_tech() -> None:
    t, _ = table(techs=False)
    t.put(0, "Pirate-Gang Commander")
    t.give(0, "Crash Bomber", "Land Octopus", "Gunpoint Taxman", "Pirate-Gang Commander")
    assert t.can("play Crash Bomber") and t.can("play Land Octopus")
    assert not t.can("play Gunpoint Taxman") and not t.can("play Pirate-Gang Commander")
    t.act("play Land Octopus")
    assert t.s.players[0].gold == 20


@pytest.mark.cards("pirate-gang-commander", "hotter-fire", "drakk-ramhorn")
def test_hotter_fire_raises_granted_and_hero_death_damage() -> None:
    """The "Dies:" ability Pirate-Gang Commander grants is printed on a red card: Hotter Fire adds 1 even when
    the unit dying is not red; Drakk's own death ping gets it too."""
    t, _ = table()
    t.put(0, "Pirate-Gang Commander")
    t.put(0, "Hotter Fire")
    t.put(0, "Older Brother")  # a neutral unit with the granted ability
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert t.base(1) == 2
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "drakk-ramhorn"}}}])
    assert t.base(1) == 4


@pytest.mark.cards("pirate-gang-commander", "hotter-fire", "pirate")
def test_hotter_fire_granted_ability_colour_option_holder() -> None:
    """With `granted_ability_colour: holder` an ability one card gives another has the colour of the thing that
    has it: a neutral unit's death ping is not raised, a red Pirate's still is."""
    t, _ = table()
    t.s.options["granted_ability_colour"] = "holder"
    t.put(0, "Pirate-Gang Commander")
    t.put(0, "Hotter Fire")
    t.put(0, "Older Brother")
    t.put(0, "Pirate")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert t.base(1) == 1
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "pirate"}}}])
    assert t.base(1) == 1 + 2
