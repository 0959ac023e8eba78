"""White cards: the starter deck, Discipline, Ninjutsu, Strength, their heroes and the tokens they make."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod


def table(hero: str = "grave-stormborne", level: int = 1) -> Table:
    """P1 (active) with a White hero in play and 20 gold; empty hands and decks."""
    t = Table()
    t.clear()
    t.gold(0, 20)
    t.put(0, hero, level=level)
    return t


def uid_of(t: Table, cid: str, seat: int | None = None) -> int:
    return next(u for u, th in sorted(t.s.things.items()) if th.card == cid and (seat is None or th.ctrl == seat))


def targets(t: Table, attacker: str) -> set[str]:
    prefix = f"attack {attacker} -> "
    return {a[len(prefix) :] for a in t.legal() if a.startswith(prefix)}


# -------------------------------------------------------------------------------------- starter deck


@pytest.mark.cards("savior-monk")
def test_savior_monk_heals_one_from_each_friendly_fighter_in_upkeep() -> None:
    t = table()
    hero = uid_of(t, "grave-stormborne")
    t.thing(hero).damage = 2
    t.put(0, "Savior Monk")
    u = t.put(0, "Older Brother", damage=1)
    foe = t.put(1, "Older Brother", damage=1)
    t.end_turn()
    t.end_turn()
    assert t.thing(hero).damage == 1 and t.thing(u).damage == 0 and t.thing(foe).damage == 1


@pytest.mark.cards("fox-viper")
def test_fox_viper_sparkshot_hits_an_adjacent_patroller() -> None:
    t = table()
    t.put(0, "Fox Viper")
    sl = t.put(1, "Tenderfoot", slot="squad leader")
    el = t.put(1, "Tenderfoot", slot="elite")
    t.act(f"attack Fox Viper -> {t.name(sl)}")
    assert t.thing(el).damage == 1 and t.thing(sl).damage == 1  # 2 ATK into 1 armor, then 1 sparkshot


@pytest.mark.cards("fox-primus")
def test_fox_primus_frenzy_and_anti_air() -> None:
    t = table()
    fp = t.put(0, "Fox Primus")
    t.put(1, "Cloud Sprite")
    assert t.atk(fp) == 3 and "Cloud Sprite" in targets(t, "Fox Primus")
    t.end_turn()
    assert t.atk(fp) == 2


@pytest.mark.cards("morningstar-flagbearer")
def test_morningstar_flagbearer_binds_opposing_targeted_effects() -> None:
    t = table()
    t.give(0, "Spark")
    flag = t.put(1, "Morningstar Flagbearer", slot="elite")
    t.put(1, "Tenderfoot", slot="squad leader")
    t.act("play Spark")
    assert t.thing(flag).damage == 1  # the flagbearer was the only legal target: picked at once


@pytest.mark.cards("aged-sensei")
def test_aged_sensei_gives_a_friend_attack_and_armor_this_turn() -> None:
    t = table()
    t.put(0, "Aged Sensei")
    ob = t.put(0, "Older Brother")
    t.put(1, "Tenderfoot")
    t.act("ability Aged Sensei")
    assert "choose Tenderfoot" not in t.legal()  # friendly units and heroes only
    t.act("choose Older Brother")
    assert t.atk(ob) == 3 and t.q.armor_left(t.thing(ob)) == 1
    assert t.thing(uid_of(t, "aged-sensei")).exhausted
    t.end_turn()
    assert t.atk(ob) == 2 and t.q.armor_left(t.thing(ob)) == 0


@pytest.mark.cards("aged-sensei")
def test_aged_sensei_needs_no_arrival_fatigue() -> None:
    t = table()
    t.put(0, "Aged Sensei", fresh=True)
    assert not t.can("ability Aged Sensei")


@pytest.mark.cards("senseis-advice")
def test_senseis_advice_buffs_up_to_two_of_your_units() -> None:
    t = table()
    a = t.put(0, "Older Brother")
    b = t.put(0, "Tenderfoot")
    t.put(1, "Tenderfoot")
    t.give(0, "Sensei's Advice")
    t.act("play Sensei's Advice")
    opts = set(t.s.pending["options"])
    assert opts == {a, b}  # your units only: not the hero, not the opponent's
    t.act(f"choose {t.name(a)}")
    t.act(f"choose {t.name(b)}")
    assert (t.atk(a), t.atk(b)) == (3, 2)
    assert t.q.armor_left(t.thing(a)) == 1 and t.q.armor_left(t.thing(b)) == 1
    assert t.s.players[0].gold == 19


@pytest.mark.cards("senseis-advice")
def test_senseis_advice_may_stop_after_one() -> None:
    t = table()
    a = t.put(0, "Older Brother")
    t.put(0, "Tenderfoot")
    t.give(0, "Sensei's Advice")
    t.act("play Sensei's Advice")
    t.act(f"choose {t.name(a)}")
    t.act("choose done")
    assert t.atk(a) == 3 and t.s.pending is None


@pytest.mark.cards("smoker")
def test_smoker_returns_to_hand_when_targeted_and_the_effect_misses() -> None:
    t = table()
    sm = t.put(1, "Smoker", slot="squad leader")
    t.give(0, "Spark")
    t.act("play Spark")
    assert not t.alive(sm) and sm in t.s.players[1].hand
    assert not any(e.kind == "damage" for e in t.events)


@pytest.mark.cards("smoker")
def test_smoker_bounces_even_from_its_own_players_targeting() -> None:
    t = table()
    sm = t.put(0, "Smoker")
    t.give(0, "Sensei's Advice")
    t.act("play Sensei's Advice")
    t.act("choose Smoker")
    assert sm in t.s.players[0].hand and t.s.pending is None


@pytest.mark.cards("smoker")
def test_smoker_has_stealth_and_is_not_bounced_by_untargeted_effects() -> None:
    t = table()
    sm = t.put(0, "Smoker")
    t.put(1, "Tenderfoot", slot="squad leader")
    assert "base" in targets(t, "Smoker")
    t.effect(0, [{"op": "damage", "n": 0, "to": {"each": {"kind": ["unit"], "card": "smoker"}}}])
    assert t.alive(sm)


@pytest.mark.cards("safe-attacking")
def test_safe_attacking_armor_only_while_attacking() -> None:
    t = table()
    t.put(0, "Safe Attacking")
    ob = t.put(0, "Older Brother")
    hi = t.put(0, "Iron Man")  # tech I: covered too
    foe = t.put(1, "Older Brother", slot="squad leader")
    assert t.q.armor_left(t.thing(ob)) == 0
    t.act(f"attack {t.name(ob)} -> {t.name(foe)}")
    # 2 damage back from the patroller: 1 soaked by the attack-time armor, 1 taken
    assert t.thing(ob).damage == 1 and t.q.armor_left(t.thing(ob)) == 0
    assert t.q.armor_total(t.thing(hi)) == 0


@pytest.mark.cards("safe-attacking")
def test_safe_attacking_skips_tech_two_units_and_heroes() -> None:
    t = table()
    t.put(0, "Safe Attacking")
    t.built(0, "tech1", "tech2")
    hero = uid_of(t, "grave-stormborne")
    t.act("attack Grave Stormborne -> base")
    assert any(e.kind == "attack" for e in t.events)
    t.s.combat = {"a": hero}
    assert t.q.armor_total(t.thing(hero)) == 0


@pytest.mark.cards("safe-attacking")
def test_safe_attacking_skips_a_tech_two_unit_that_attacks() -> None:
    t = table()
    t.put(0, "Safe Attacking")
    cs = t.put(0, "Cloud Sprite")  # tech II
    t.s.combat = {"a": cs}
    assert t.q.armor_total(t.thing(cs)) == 0
    tf = t.put(0, "Timely Messenger")  # tech 0
    t.s.combat = {"a": tf}
    assert t.q.armor_total(t.thing(tf)) == 1


@pytest.mark.cards("senseis-advice")
def test_senseis_advice_stops_at_two() -> None:
    t = table()
    units = [t.put(0, name) for name in ("Older Brother", "Tenderfoot", "Iron Man")]
    t.give(0, "Sensei's Advice")
    t.act("play Sensei's Advice")
    t.act(f"choose {t.name(units[0])}")
    t.act(f"choose {t.name(units[1])}")
    assert t.s.pending is None and t.atk(units[2]) == 3  # Iron Man untouched


@pytest.mark.cards("grappling-hook")
def test_grappling_hook_pulls_a_patroller_to_a_chosen_empty_slot() -> None:
    t = table()
    sl = t.put(1, "Tenderfoot", slot="squad leader")
    t.put(1, "Older Brother", slot="elite")
    t.give(0, "Grappling Hook")
    t.act("play Grappling Hook")
    t.act(f"choose {t.name(sl)}")
    assert set(t.s.pending["options"]) == {"scavenger", "technician", "lookout"}
    t.act("choose lookout")
    assert t.s.players[1].patrol == [0, uid_of(t, "older-brother", 1), 0, 0, sl]
    assert t.kw(sl).get("resist") == 1 and t.q.armor_left(t.thing(sl)) == 0
    # With the squad leader slot empty, any patroller may be attacked, but the base still may not
    assert "base" not in targets(t, "Grave Stormborne")


@pytest.mark.cards("grappling-hook")
def test_grappling_hook_with_one_empty_slot_moves_at_once_and_needs_a_patroller() -> None:
    t = table()
    t.give(0, "Grappling Hook")
    t.put(1, "Older Brother")
    assert not t.can("play Grappling Hook")
    units = [t.put(1, "Tenderfoot", slot=s) for s in ("squad leader", "elite", "scavenger", "technician")]
    t.act("play Grappling Hook")
    t.act(f"choose {t.name(units[0])}")
    assert t.s.players[1].patrol == [0, units[1], units[2], units[3], units[0]]
    assert t.s.pending is None


@pytest.mark.cards("snapback")
def test_snapback_sends_the_hero_home_and_back_fresh() -> None:
    t = table()
    foe = t.put(1, "river-montoya", level=5, runes=1, damage=2)
    t.give(0, "Snapback")
    t.act("play Snapback")
    assert t.alive(foe)  # the only hero in that command zone comes straight back
    th = t.thing(foe)
    assert (th.level, th.damage, th.runes, th.since) == (1, 0, 0, t.s.turn)
    assert foe not in t.s.players[1].command and foe not in t.s.players[1].cooldown
    assert t.s.players[0].gold == 17
    assert not any(e.kind == "level" and e.data.get("how") == "bounty" for e in t.events)  # it did not die


@pytest.mark.cards("snapback")
def test_snapback_needs_an_opposing_hero() -> None:
    t = table()
    t.give(0, "Snapback")
    assert not t.can("play Snapback")


@pytest.mark.cards("snapback")
def test_snapback_fields_another_hero_even_on_cooldown_and_locks_the_sent_one() -> None:
    t = Table(hero2=["river-montoya", "troq-bashar"])
    t.clear()
    t.gold(0, 20)
    t.put(0, "grave-stormborne")
    river = t.put(1, "river-montoya", level=3)
    p2 = t.s.players[1]
    troq = next(u for u in p2.command if t.s.cards[u][0] == "troq-bashar")
    p2.cooldown[troq] = 2
    t.give(0, "Snapback")
    t.act("play Snapback")
    p2 = t.s.players[1]
    assert t.alive(troq) and t.thing(troq).level == 1 and troq not in p2.cooldown
    assert river in p2.command and p2.cooldown[river] == 2
    t.end_turn()  # P2's next turn: River is still locked
    assert t.s.active == 1 and t.s.players[1].cooldown.get(river) == 1
    t.end_turn()
    t.end_turn()  # the turn after that: free again
    assert t.s.active == 1 and river not in t.s.players[1].cooldown


# -------------------------------------------------------------------------------------------- Discipline


def focus_table() -> tuple[Table, int]:
    """P2 controls Focus Master with its three focus runes; P1 is active."""
    t = table()
    fm = t.put(1, "Focus Master")
    t.thing(fm).marks["focus"] = 3
    return t, fm


def mod(t: Table, uid: int, *words: str, atk: int = 0) -> None:
    t.thing(uid).mods.append(Mod(atk=atk, kw=tuple(words), until="ever"))


@pytest.mark.cards("focus-master")
def test_focus_master_arrives_with_three_focus_runes() -> None:
    t = table()
    t.built(0, "tech1", "tech2", spec="discipline")
    t.give(0, "Focus Master")
    t.act("play Focus Master")
    assert t.thing(uid_of(t, "focus-master")).marks == {"focus": 3}


@pytest.mark.cards("focus-master")
def test_focus_master_shaves_one_off_exactly_lethal_damage_to_a_friend() -> None:
    t, fm = focus_table()
    tf = t.put(1, "Tenderfoot")  # 1/2
    t.effect(0, [{"op": "damage", "n": 2, "to": {"each": {"card": "tenderfoot"}}}])
    assert t.alive(tf) and t.thing(tf).damage == 1 and t.thing(fm).marks["focus"] == 2
    t.effect(0, [{"op": "damage", "n": 1, "to": {"each": {"card": "tenderfoot"}}}])  # exactly lethal again
    assert t.alive(tf) and t.thing(tf).damage == 1 and t.thing(fm).marks["focus"] == 1


@pytest.mark.cards("focus-master")
def test_focus_master_ignores_overkill_enemies_and_buildings() -> None:
    t, fm = focus_table()
    tf = t.put(1, "Tenderfoot")
    foe = t.put(0, "Tenderfoot")
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"card": "tenderfoot"}}}])
    assert not t.alive(tf) and not t.alive(foe) and t.thing(fm).marks["focus"] == 3
    t.effect(0, [{"op": "damage", "n": 20, "to": {"each": {"kind": ["base"], "side": "opponent"}}}])
    assert t.s.result is not None and t.thing(fm).marks["focus"] == 3


@pytest.mark.cards("focus-master")
def test_focus_master_counts_armor_and_saves_itself_and_heroes() -> None:
    t, fm = focus_table()
    sl = t.put(1, "Older Brother", slot="squad leader")  # 2/2 with 1 armor on P1's turn
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"card": "older-brother"}}}])
    assert t.alive(sl) and t.thing(sl).damage == 1
    hero = t.put(1, "river-montoya")  # 2/3
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert t.thing(hero).damage == 2
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"card": "focus-master"}}}])  # 4/3 itself
    assert t.alive(fm) and t.thing(fm).damage == 2 and t.thing(fm).marks["focus"] == 0
    t.effect(0, [{"op": "damage", "n": 1, "to": {"each": {"card": "focus-master"}}}])  # no runes left
    assert not t.alive(fm)


@pytest.mark.cards("focus-master")
def test_focus_master_stops_one_point_of_deathtouch() -> None:
    t, fm = focus_table()
    tf = t.put(0, "Tenderfoot")
    mod(t, tf, "deathtouch")
    ob = t.put(1, "Older Brother", slot="squad leader")
    t.act("attack Tenderfoot -> Older Brother")
    assert t.alive(ob) and t.thing(fm).marks["focus"] == 2
    assert not t.alive(tf)  # the brother hit back for 2


@pytest.mark.cards("focus-master")
def test_focus_master_judges_hits_landing_together_as_one_amount() -> None:
    # Focus Master (4/3) attacks Iron Man (3 ATK) past P2's Tower: 3 + 1 land at the same moment, 4 in all,
    # which is more than lethal, so nothing is prevented (judged hit by hit, 3 then 1 would each look exactly
    # lethal and spend two runes to save it).
    t = table()
    fm = t.put(0, "Focus Master")
    t.thing(fm).marks["focus"] = 3
    t.put(1, "Iron Man")
    t.built(1, "tower")
    t.act("attack Focus Master -> Iron Man")
    assert not t.alive(fm) and not any(e.kind == "rune_spent" for e in t.events)


@pytest.mark.cards("focus-master")
def test_focus_master_saves_a_friend_from_hits_that_together_are_exactly_lethal() -> None:
    # Older Brother's 2 and the Tower's 1 land together on the 3-HP Focus Master: exactly lethal in all.
    t = table()
    fm = t.put(0, "Focus Master")
    t.thing(fm).marks["focus"] = 3
    t.put(1, "Older Brother")
    t.built(1, "tower")
    t.act("attack Focus Master -> Older Brother")
    assert t.alive(fm) and t.thing(fm).damage == 2 and t.thing(fm).marks["focus"] == 2


@pytest.mark.cards("focus-master")
def test_focus_master_cannot_save_a_patroller_overpower_ran_over() -> None:
    t, fm = focus_table()
    im = t.put(0, "Iron Man")  # 3 ATK
    mod(t, im, "overpower")
    tf = t.put(1, "Tenderfoot", slot="elite")  # 1/2: 2 of the 3 damage are lethal, 1 spills over
    t.act("attack Iron Man -> Tenderfoot")
    t.act("choose base")
    assert not t.alive(tf) and t.base(1) == 1 and t.thing(fm).marks["focus"] == 3


# ------------------------------------------------------------------------------------------- Strength


@pytest.mark.cards("morningstar-pass")
def test_morningstar_pass_prevents_damage_to_its_players_other_buildings() -> None:
    t = table()
    mp = t.put(1, "Morningstar Pass")
    t.built(1, "tech1")
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"kind": ["building"], "side": "opponent"}}}])
    assert t.base(1) == 0 and t.s.players[1].tech[0].damage == 0 and t.thing(mp).damage == 3
    assert any(e.kind == "prevented" for e in t.events)
    t.effect(1, [{"op": "damage", "n": 2, "to": {"each": {"kind": ["base"]}}}])  # P1's base is not shielded
    assert t.base(0) == 2


@pytest.mark.cards("morningstar-pass")
def test_morningstar_pass_also_spares_the_base_when_a_tech_building_falls() -> None:
    t = table()
    t.put(1, "Morningstar Pass")
    t.built(1, "tech1")
    t.s.players[1].tech[0].damage = 5
    t.effect(0, [])  # state-based checks: the tech building is destroyed
    assert t.s.players[1].tech[0].status == "destroyed" and t.base(1) == 0


@pytest.mark.cards("morningstar-pass")
def test_morningstar_pass_prevents_combat_damage_to_the_base() -> None:
    t = table()
    t.put(1, "Morningstar Pass")
    t.act("attack Grave Stormborne -> base")
    assert t.base(1) == 0


@pytest.mark.cards("morningstar-pass")
def test_attacking_morningstar_pass_costs_one_gold_each_time() -> None:
    t = table()
    t.put(1, "Morningstar Pass")
    t.put(0, "Older Brother")
    t.gold(0, 0)
    assert "Morningstar Pass" not in targets(t, "Older Brother") and "base" in targets(t, "Older Brother")
    t.gold(0, 1)
    t.act("attack Older Brother -> Morningstar Pass")
    assert t.s.players[0].gold == 0 and any(e.kind == "attack_tax" for e in t.events)
    assert t.thing(uid_of(t, "morningstar-pass")).damage == 2
    assert "Morningstar Pass" not in targets(t, "Grave Stormborne")  # broke again: the hero can't follow


# -------------------------------------------------------------------------------------------- heroes


@pytest.mark.cards("setsuki-hiruki")
def test_setsuki_taxes_attacks_on_her_unless_she_patrols() -> None:
    t = table()
    st = t.put(1, "setsuki-hiruki")
    t.put(0, "Older Brother")
    t.gold(0, 0)
    assert "Setsuki Hiruki" not in targets(t, "Older Brother")
    t.gold(0, 2)
    t.act("attack Older Brother -> Setsuki Hiruki")
    assert t.s.players[0].gold == 1 and t.thing(st).damage == 2
    t2 = table()
    t2.put(1, "setsuki-hiruki", slot="elite")
    t2.put(0, "Older Brother")
    t2.gold(0, 0)
    t2.act("attack Older Brother -> Setsuki Hiruki")
    assert t2.s.players[0].gold == 0


@pytest.mark.cards("setsuki-hiruki")
def test_setsuki_mid_band_strikes_first_when_she_attacks() -> None:
    t = table("setsuki-hiruki", level=4)  # 2/3
    ob = t.put(1, "Older Brother")  # 2/2
    t.act("attack Setsuki Hiruki -> Older Brother")
    st = uid_of(t, "setsuki-hiruki")
    assert not t.alive(ob) and t.thing(st).damage == 0 and "swift strike" in t.kw(st)
    t.end_turn()
    assert "swift strike" not in t.kw(st)
    t3 = table("setsuki-hiruki", level=3)  # below the middle band: no swift strike
    ob3 = t3.put(1, "Older Brother")
    t3.act("attack Setsuki Hiruki -> Older Brother")
    assert t3.thing(uid_of(t3, "setsuki-hiruki")).damage == 2 and t3.thing(ob3).damage == 1


@pytest.mark.cards("setsuki-hiruki")
def test_setsuki_max_band_draws_two_in_upkeep() -> None:
    t = table("setsuki-hiruki", level=6)
    t.give(0, *["Spark"] * 10, zone="deck")
    t.end_turn()
    hand = len(t.s.players[0].hand)
    t.end_turn()
    assert len(t.s.players[0].hand) == hand + 2


@pytest.mark.cards("versatile-style")
def test_versatile_style_destroys_an_upgrade_or_disables_a_flier() -> None:
    t = table()
    up = t.put(1, "Safe Attacking")
    cs = t.put(1, "Cloud Sprite")
    t.give(0, "Versatile Style", "Versatile Style")
    first, second = t.s.players[0].hand
    t.act(f"play {t.name(first)}")
    assert t.s.pending["options"] == ["destroy an upgrade", "disable a flier", "repair a building", "hero detects"]
    t.act("choose destroy an upgrade")
    assert not t.alive(up) and up in t.s.players[1].discard
    t.act(f"play {t.name(second)}")
    t.act("choose disable a flier")
    th = t.thing(cs)
    assert th.exhausted and th.skip_ready and t.s.players[0].gold == 16


@pytest.mark.cards("versatile-style")
def test_versatile_style_repairs_a_building_or_makes_the_hero_a_detector() -> None:
    t = table()
    t.s.players[0].base_damage = 3
    t.give(0, "Versatile Style", "Versatile Style")
    first, second = t.s.players[0].hand
    t.act(f"play {t.name(first)}")
    assert t.s.pending["options"] == ["repair a building", "hero detects"]  # no upgrade, no flier
    t.act("choose repair a building")
    t.act("choose my base")
    assert t.base(0) == 1
    t.act(f"play {t.name(second)}")
    t.act("choose hero detects")
    hero = uid_of(t, "grave-stormborne")
    assert "detector" in t.kw(hero)
    t.end_turn()
    assert "detector" not in t.kw(hero)


@pytest.mark.cards("versatile-style")
def test_versatile_style_detector_sees_through_stealth() -> None:
    t = table()
    t.give(0, "Versatile Style")
    hidden = t.put(1, "Backstabber")  # invisible
    assert "Backstabber" not in targets(t, "Grave Stormborne")
    t.act("play Versatile Style")
    t.act("choose hero detects")
    assert "Backstabber" in targets(t, "Grave Stormborne") and t.alive(hidden)


@pytest.mark.cards("reversal")
def test_reversal_damages_and_disables_a_patroller() -> None:
    t = table()
    ob = t.put(1, "Iron Man", slot="elite")  # 3/4
    t.put(1, "Older Brother")
    t.give(0, "Reversal")
    t.act("play Reversal")
    th = t.thing(ob)
    assert th.damage == 3 and th.exhausted and th.skip_ready and t.s.players[1].patrol[1] == 0
    t.end_turn()
    assert t.thing(ob).exhausted  # it skips this ready step
    t.end_turn()
    t.end_turn()
    assert not t.thing(ob).exhausted


@pytest.mark.cards("reversal")
def test_reversal_on_a_patroller_it_kills_and_without_patrollers() -> None:
    t = table()
    t.give(0, "Reversal")
    t.put(1, "Older Brother")
    assert not t.can("play Reversal")
    tf = t.put(1, "Tenderfoot", slot="scavenger")
    t.act("play Reversal")
    assert not t.alive(tf) and t.s.players[1].gold == 1


def storms_table(*hand: str) -> Table:
    t = table(level=7)
    t.thing(uid_of(t, "grave-stormborne")).max_at_start = True
    t.give(0, "True Power of Storms", *hand)
    return t


@pytest.mark.cards("true-power-of-storms")
def test_true_power_of_storms_discards_two_three_costs_for_ten_damage() -> None:
    t = storms_table("Reversal", "Fox Primus", "Spark")
    im = t.put(1, "Iron Man")
    t.act("play True Power of Storms")
    t.act("choose Iron Man")
    assert not t.alive(im)
    p1 = t.s.players[0]
    assert [t.s.cards[u][0] for u in p1.hand] == ["spark"]
    assert {t.s.cards[u][0] for u in p1.discard} == {"reversal", "fox-primus", "true-power-of-storms"}


@pytest.mark.cards("true-power-of-storms")
def test_true_power_of_storms_picks_two_of_three_and_hits_a_building() -> None:
    t = storms_table("Reversal", "Fox Primus", "Morningstar Flagbearer")
    t.act("play True Power of Storms")
    assert len(t.s.pending["options"]) == 3
    t.act("choose Reversal")
    t.act("choose Fox Primus")
    t.act("choose base")
    assert t.base(1) == 10 and [t.s.cards[u][0] for u in t.s.players[0].hand] == ["morningstar-flagbearer"]


@pytest.mark.cards("true-power-of-storms")
def test_true_power_of_storms_counts_only_cards_that_cost_three() -> None:
    t = storms_table("Reversal", "Mind-Parry Monk", "Older Brother")  # 3, 5 and 2: only one costs 3
    im = t.put(1, "Iron Man")
    t.act("play True Power of Storms")
    assert t.s.pending is None and t.thing(im).damage == 0 and len(t.s.players[0].hand) == 3


@pytest.mark.cards("true-power-of-storms")
def test_true_power_of_storms_needs_the_hero_at_max_since_the_turn_began() -> None:
    t = storms_table("Reversal", "Fox Primus")
    t.thing(uid_of(t, "grave-stormborne")).max_at_start = False
    assert not t.can("play True Power of Storms")


@pytest.mark.cards("sparring-partner")
def test_sparring_partner_runes_a_friend_without_one() -> None:
    t = table()
    sp = t.put(0, "Sparring Partner")
    ob = t.put(0, "Older Brother", runes=1)
    t.put(1, "Tenderfoot")
    t.act("ability Sparring Partner: rune")
    hero = uid_of(t, "grave-stormborne")
    assert set(t.s.pending["options"]) == {hero, sp}  # friendly, no +1/+1 rune yet
    t.act(f"choose {t.name(sp)}")
    assert t.thing(sp).runes == 1 and t.thing(ob).runes == 1 and t.thing(sp).exhausted


@pytest.mark.cards("sparring-partner")
def test_sparring_partner_readies_for_two_gold_but_cannot_attack() -> None:
    t = table()
    sp = t.put(0, "Sparring Partner")
    t.act("attack Sparring Partner -> base")
    t.act("ability Sparring Partner: spar")
    assert not t.thing(sp).exhausted and t.s.players[0].gold == 18
    assert "base" not in targets(t, "Sparring Partner")
    t.end_turn()
    t.end_turn()
    assert "base" in targets(t, "Sparring Partner")


@pytest.mark.cards("young-lightning-dragon")
def test_young_lightning_dragon_pumps_attack_for_a_gold() -> None:
    t = table()
    yd = t.put(0, "Young Lightning Dragon")
    assert "flying" in t.kw(yd)
    t.act("ability Young Lightning Dragon")
    assert t.atk(yd) == 4 and t.s.players[0].gold == 19
    t.end_turn()
    assert t.atk(yd) == 3


@pytest.mark.cards("vigor-adept")
def test_vigor_adept_frenzy_and_readiness() -> None:
    t = table()
    va = t.put(0, "Vigor Adept")
    assert t.atk(va) == 6
    t.act("attack Vigor Adept -> base")
    assert not t.thing(va).exhausted and "base" not in targets(t, "Vigor Adept") and t.base(1) == 6


@pytest.mark.cards("mind-parry-monk")
def test_mind_parry_monk_shields_its_side_from_opposing_targeting() -> None:
    t = table()
    t.put(1, "Mind-Parry Monk")
    ob = t.put(1, "Older Brother", slot="elite")
    t.give(0, "Spark", "Sensei's Advice")
    assert not t.can("play Spark")
    mine = t.put(0, "Older Brother")
    t.act("play Sensei's Advice")
    assert ob not in t.s.pending["options"]
    t.act(f"choose {t.name(mine)}")  # the only unit left to choose: the spell is done
    assert t.atk(mine) == 3 and t.alive(ob) and t.s.pending is None


@pytest.mark.cards("mind-parry-monk")
def test_mind_parry_monk_does_not_stop_untargeted_effects_or_its_own_player() -> None:
    t = table()
    mp = t.put(0, "Mind-Parry Monk")
    t.put(0, "Aged Sensei")
    t.act("ability Aged Sensei")
    assert mp in t.s.pending["options"]


@pytest.mark.cards("training-grounds")
def test_training_grounds_gives_heroes_attack_and_sends_one_to_max() -> None:
    t = table()
    hero = uid_of(t, "grave-stormborne")
    t.thing(hero).damage = 2
    t.put(0, "Training Grounds")
    foe = t.put(1, "river-montoya")
    assert t.atk(hero) == 3 and t.atk(foe) == 2
    t.act("ability Training Grounds")
    t.act("choose Grave Stormborne")
    th = t.thing(hero)
    assert th.level == 7 and th.damage == 0 and th.marks == {"sword": 1}  # healed; max level trigger
    assert t.atk(hero) == 5
    assert not t.can("ability Training Grounds")


@pytest.mark.cards("training-grounds")
def test_training_grounds_has_arrival_fatigue() -> None:
    t = table()
    t.put(0, "Training Grounds", fresh=True)
    assert not t.can("ability Training Grounds")


@pytest.mark.cards("heros-monument", "daigo-stormborne")
def test_heros_monument_brings_daigo_and_buffs_heroes() -> None:
    t = table()
    t.built(0, "tech1", "tech2", "tech3", spec="discipline")
    t.give(0, "Hero's Monument")
    t.act("play Hero's Monument")
    mon = uid_of(t, "heros-monument")
    daigo = uid_of(t, "daigo-stormborne")
    hero = uid_of(t, "grave-stormborne")
    assert (t.atk(daigo), t.hp(daigo)) == (8, 8) and (t.atk(hero), t.hp(hero)) == (3, 4)
    kw = t.kw(daigo)
    assert {"indestructible", "untargetable", "unstoppable", "can't patrol", "legendary"} <= set(kw)
    assert "untargetable" in t.kw(mon)
    assert not any(a.startswith("patrol Daigo") for a in t.legal())
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "daigo-stormborne"}}}])
    assert t.alive(daigo) and t.thing(daigo).exhausted  # indestructible
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "heros-monument"}}}])
    assert not t.alive(mon) and not t.alive(daigo) and (t.atk(hero), t.hp(hero)) == (2, 3)
    assert any(e.kind == "leave" and e.data["uid"] == daigo and e.data["to"] == "trash" for e in t.events)


@pytest.mark.cards("heros-monument", "daigo-stormborne")
def test_daigo_is_unstoppable_and_the_monument_cannot_be_targeted() -> None:
    t = table()
    t.put(0, "Hero's Monument")
    t.effect(0, [{"op": "summon", "token": "daigo-stormborne", "n": 1}])
    t.thing(uid_of(t, "daigo-stormborne")).since = 0
    t.put(1, "Older Brother", slot="squad leader")
    assert "base" in targets(t, "Daigo Stormborne")
    t.effect(1, [{"op": "damage", "n": 1, "to": {"pick": {"kind": ["building"], "side": "opponent"}, "target": True}}])
    assert t.s.pending is None and t.base(0) == 1  # only the base was a legal target


@pytest.mark.cards("grave-stormborne")
def test_grave_stormborne_bands_sparkshot_then_readiness() -> None:
    t = table()
    hero = uid_of(t, "grave-stormborne")
    assert "sparkshot" in t.kw(hero) and "readiness" not in t.kw(hero)
    t.thing(hero).level = 3
    assert {"sparkshot", "readiness"} <= set(t.kw(hero)) and (t.atk(hero), t.hp(hero)) == (3, 4)


@pytest.mark.cards("grave-stormborne")
def test_grave_stormborne_max_sword_rune_destroys_a_fighter() -> None:
    t = table()
    t.act("level Grave Stormborne 6")
    hero = uid_of(t, "grave-stormborne")
    assert t.thing(hero).marks == {"sword": 1}
    foe = t.put(1, "river-montoya")
    t.act("ability Grave Stormborne")
    t.act("choose River Montoya")
    assert not t.alive(foe) and t.thing(hero).exhausted and not t.thing(hero).marks
    t.end_turn()
    t.end_turn()
    assert not t.can("ability Grave Stormborne")  # no sword rune left


@pytest.mark.cards("grave-stormborne")
def test_general_readiness_stays_ready_for_costs() -> None:
    t = Table()
    t.clear()
    grave = t.put(0, "grave-stormborne", level=7)
    t.thing(grave).marks["sword"] = 1
    im = t.put(1, "Iron Man")
    t.act("attack Grave Stormborne -> base")
    assert t.base(1) == 4 and not t.thing(grave).exhausted
    t.act("ability Grave Stormborne")
    t.act("choose Iron Man")
    assert t.thing(grave).exhausted and not t.alive(im)
    assert not any(a.startswith("attack Grave") for a in t.legal())


# -------------------------------------------------------------------------------------------- Ninjutsu


@pytest.mark.cards("hidden-ninja")
def test_hidden_ninja_gives_stealth_and_draws_for_a_ninja() -> None:
    t = table("setsuki-hiruki")
    fp = t.put(0, "Fox Primus")  # a Ninja, 3 ATK on our turn
    big = t.put(0, "Iron Man")
    t.put(0, "Vigor Adept")  # 6 ATK on our turn: not eligible
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Hidden Ninja")
    t.give(0, "Spark", zone="deck")
    t.act("play Hidden Ninja")
    assert set(t.s.pending["options"]) == {uid_of(t, "setsuki-hiruki"), fp, big}
    t.act("choose Fox Primus")
    t.act("choose Iron Man")
    assert "stealth" in t.kw(fp) and "stealth" in t.kw(big)
    assert len(t.s.players[0].hand) == 1  # drew for the Ninja
    assert "base" in targets(t, "Fox Primus")
    t.end_turn()
    assert "stealth" not in t.kw(fp)


@pytest.mark.cards("hidden-ninja")
def test_hidden_ninja_draws_for_the_ninjutsu_hero_but_not_for_others() -> None:
    t = table("setsuki-hiruki")
    ob = t.put(0, "Older Brother")
    t.give(0, "Hidden Ninja", "Hidden Ninja")
    t.give(0, "Spark", "Spark", zone="deck")
    first, second = t.s.players[0].hand
    t.act(f"play {t.name(first)}")
    t.act(f"choose {t.name(ob)}")
    t.act("choose done")
    assert len(t.s.players[0].hand) == 1  # only the other Hidden Ninja: no draw
    t.act(f"play {t.name(second)}")
    t.act("choose Setsuki Hiruki")
    t.act("choose done")
    assert [t.s.cards[u][0] for u in t.s.players[0].hand] == ["spark"]


@pytest.mark.cards("hidden-ninja")
def test_hidden_ninja_passes_over_five_atk() -> None:
    t = table("setsuki-hiruki")
    four = t.put(0, "Older Brother")
    five = t.put(0, "Tenderfoot")
    mod(t, four, atk=2)  # 4 ATK: eligible
    mod(t, five, atk=4)  # 5 ATK: not
    t.give(0, "Hidden Ninja")
    t.act("play Hidden Ninja")
    assert four in t.s.pending["options"] and five not in t.s.pending["options"]


@pytest.mark.cards("speed-of-the-fox")
def test_speed_of_the_fox_hastes_and_hardens_the_ninjutsu_hero() -> None:
    t = Table()
    t.clear()
    t.gold(0, 10)
    t.give(0, "Speed of the Fox")
    st = t.put(0, "setsuki-hiruki", fresh=True)
    tf = t.put(1, "Tenderfoot", slot="squad leader")  # 1/2, 1 armor as squad leader
    assert not targets(t, "Setsuki Hiruki")
    t.act("play Speed of the Fox")
    kw = t.kw(st)
    assert {"haste", "readiness", "armor piercing"} <= set(kw) and t.atk(st) == 2
    t.act("attack Setsuki Hiruki -> Tenderfoot")
    assert not t.alive(tf)  # armor piercing: the squad leader's armor does not soak her 2
    assert not t.thing(st).exhausted and not targets(t, "Setsuki Hiruki")  # readiness: once a turn


@pytest.mark.cards("speed-of-the-fox")
def test_speed_of_the_fox_needs_the_ninjutsu_hero() -> None:
    t = table("grave-stormborne")
    t.give(0, "Speed of the Fox")
    assert not t.can("play Speed of the Fox")


@pytest.mark.cards("shuriken-hail")
def test_shuriken_hail_hits_every_patroller_and_nothing_else() -> None:
    t = table("setsuki-hiruki")
    a = t.put(1, "Tenderfoot", slot="squad leader")
    b = t.put(1, "Older Brother", slot="lookout")
    c = t.put(1, "Iron Man")
    mine = t.put(0, "Tenderfoot")
    t.give(0, "Shuriken Hail")
    t.act("play Shuriken Hail")
    assert t.thing(a).damage == 0 and t.q.armor_left(t.thing(a)) == 0  # soaked by squad leader armor
    assert t.thing(b).damage == 1 and t.thing(c).damage == 0 and t.thing(mine).damage == 0


@pytest.mark.cards("shuriken-hail")
def test_shuriken_hail_hits_patrolling_heroes_too() -> None:
    t = table("setsuki-hiruki")
    river = t.put(1, "river-montoya", slot="elite")
    t.give(0, "Shuriken Hail")
    t.act("play Shuriken Hail")
    assert t.thing(river).damage == 1


@pytest.mark.cards("foxs-den-students", "ninja")
def test_foxs_den_students_ninjas_with_haste_and_stealth_this_turn() -> None:
    t = table("setsuki-hiruki", level=6)
    t.thing(uid_of(t, "setsuki-hiruki")).max_at_start = True
    fp = t.put(0, "Fox Primus", fresh=True)
    ob = t.put(0, "Older Brother", fresh=True)
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Fox's Den Students", "Fox Viper")
    t.act("play Fox's Den Students")
    ninjas = [u for u, th in t.s.things.items() if th.card == "ninja"]
    assert len(ninjas) == 4 and all((t.atk(u), t.hp(u)) == (1, 1) for u in ninjas)
    assert {"haste", "stealth"} <= set(t.kw(ninjas[0])) and {"haste", "stealth"} <= set(t.kw(fp))
    assert "haste" not in t.kw(ob) and "stealth" not in t.kw(uid_of(t, "setsuki-hiruki"))
    t.act("play Fox Viper")  # a Ninja arriving later this turn is covered too
    fv = uid_of(t, "fox-viper")
    assert {"haste", "stealth"} <= set(t.kw(fv)) and "base" in targets(t, "Fox Viper")
    t.end_turn()
    assert "stealth" not in t.kw(fv) and "haste" not in t.kw(ninjas[0])


@pytest.mark.cards("foxs-den-students")
def test_foxs_den_students_is_an_ultimate() -> None:
    t = table("setsuki-hiruki", level=6)
    t.give(0, "Fox's Den Students")
    assert not t.can("play Fox's Den Students")  # max level only since this turn


@pytest.mark.cards("fuzz-cuddles", "flying-fox", "glorious-ninja", "porcupine")
def test_ninjutsu_keyword_units() -> None:
    t = table("setsuki-hiruki")
    hero = uid_of(t, "setsuki-hiruki")
    t.thing(hero).damage = 2
    fc = t.put(0, "Fuzz Cuddles")
    ff = t.put(0, "Flying Fox")
    gn = t.put(0, "Glorious Ninja", fresh=True)
    pc = t.put(0, "Porcupine")
    assert t.kw(fc)["healing"] == 2 and "flying" in t.kw(ff) and {"haste", "swift strike"} <= set(t.kw(gn))
    assert "deathtouch" in t.kw(pc) and "base" in targets(t, "Glorious Ninja")
    foe = t.put(1, "Iron Man")
    t.act("attack Porcupine -> Iron Man")
    assert not t.alive(foe)
    t.end_turn()
    t.end_turn()
    assert t.thing(hero).damage == 0


@pytest.mark.cards("jade-fox-dens-headmistress", "ninja")
def test_jade_fox_brings_four_ninjas_that_fly_and_strike_first() -> None:
    t = table("setsuki-hiruki")
    t.built(0, "tech1", "tech2", "tech3", spec="ninjutsu")
    fp = t.put(0, "Fox Primus")
    ob = t.put(0, "Older Brother")
    t.give(0, "Jade Fox, Den's Headmistress")
    t.act("play Jade Fox, Den's Headmistress")
    jf = uid_of(t, "jade-fox-dens-headmistress")
    ninjas = [u for u, th in t.s.things.items() if th.card == "ninja"]
    assert len(ninjas) == 4
    for u in (jf, fp, *ninjas):
        assert {"flying", "swift strike"} <= set(t.kw(u))
    assert "flying" not in t.kw(ob)
    foe = t.put(1, "Iron Man")
    mod(t, foe, "anti-air")
    t.act("attack Fox Primus -> Iron Man")  # swift strike: 3 first, then Iron Man hits back for 3
    assert t.thing(foe).damage == 3 and not t.alive(fp)


# -------------------------------------------------------------------------------------------- Strength


@pytest.mark.cards("birds-nest", "bird")
def test_birds_nest_makes_two_birds_and_restores_lost_ones_each_upkeep() -> None:
    t = table("garus-rook")
    t.give(0, "Bird's Nest")
    t.act("play Bird's Nest")
    birds = [u for u, th in t.s.things.items() if th.card == "bird"]
    assert len(birds) == 2 and all("flying" in t.kw(b) and t.atk(b) == 1 for b in birds)
    nest = uid_of(t, "birds-nest")
    assert t.thing(nest).caster == uid_of(t, "garus-rook")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "bird"}}}])
    assert not [u for u, th in t.s.things.items() if th.card == "bird"]
    t.end_turn()
    t.end_turn()
    assert len([u for u, th in t.s.things.items() if th.card == "bird"]) == 2


@pytest.mark.cards("entangling-vines")
def test_entangling_vines_pulls_a_patroller_out_and_pins_it() -> None:
    t = table("garus-rook")
    im = t.put(1, "Iron Man", slot="elite")
    t.put(1, "Older Brother")
    t.give(0, "Entangling Vines")
    t.act("play Entangling Vines")
    vines = uid_of(t, "entangling-vines")
    assert t.thing(vines).attached == im and t.s.players[1].patrol[1] == 0
    assert {"can't attack", "can't patrol"} <= set(t.kw(im))
    t.end_turn()
    assert not any(a.startswith("attack Iron Man") or a.startswith("patrol Iron Man") for a in t.legal())
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "iron-man"}}}])
    assert not t.alive(vines) and vines in t.s.players[0].discard


@pytest.mark.cards("entangling-vines")
def test_entangling_vines_on_smoker_goes_to_the_discard() -> None:
    t = table("garus-rook")
    sm = t.put(1, "Smoker", slot="elite")
    t.give(0, "Entangling Vines")
    t.act("play Entangling Vines")
    vines = next(u for u in t.s.players[0].discard if t.s.cards[u][0] == "entangling-vines")
    assert sm in t.s.players[1].hand and not t.alive(vines)


@pytest.mark.cards("entangling-vines")
def test_entangling_vines_with_nothing_to_attach_to_goes_to_the_discard() -> None:
    # A table that lets spells be cast with no target: the Vines resolves, finds no patrolling unit, and does
    # not stay in play attached to nothing.
    t = Table(targetless="allow")
    t.clear()
    t.gold(0, 20)
    t.put(0, "garus-rook")
    t.put(1, "Older Brother")  # not patrolling
    t.give(0, "Entangling Vines")
    t.act("play Entangling Vines")
    assert not any(th.card == "entangling-vines" for th in t.s.things.values())
    assert [t.s.cards[u][0] for u in t.s.players[0].discard] == ["entangling-vines"]


@pytest.mark.cards("thunderclap")
def test_thunderclap_sidelines_up_to_three_cheap_ground_units() -> None:
    t = table("garus-rook")
    a = t.put(1, "Tenderfoot", slot="squad leader")
    b = t.put(1, "Older Brother", slot="elite")
    c = t.put(1, "Cloud Sprite", slot="scavenger")  # flying
    d = t.put(1, "Iron Man", slot="technician")  # costs 3
    t.give(0, "Thunderclap")
    t.act("play Thunderclap")
    assert set(t.s.pending["options"]) == {a, b}
    t.act("choose Tenderfoot")
    t.act("choose Older Brother")
    assert t.s.players[1].patrol == [0, 0, c, d, 0]


@pytest.mark.cards("earthquake")
def test_earthquake_four_to_damaged_buildings_one_to_the_rest() -> None:
    t = table("garus-rook", level=8)
    t.thing(uid_of(t, "garus-rook")).max_at_start = True
    t.built(1, "tech1", "tech2")
    t.s.players[1].tech[1].damage = 1
    tg = t.put(1, "Training Grounds")  # a building card, 4 HP
    t.thing(tg).damage = 1
    t.built(0, "tech1")
    t.give(0, "Earthquake")
    t.act("play Earthquake")
    p2 = t.s.players[1]
    assert p2.tech[1].status == "destroyed" and not t.alive(tg)  # 1 + 4 each
    assert p2.tech[0].damage == 1  # undamaged: the second sentence's 1
    # Only the lost Tech II costs the base (2); by the second sentence the base is damaged, so no 1 more.
    assert t.base(1) == 2
    assert t.s.players[0].tech[0].damage == 0 and t.base(0) == 0


@pytest.mark.cards("mythmaking")
def test_mythmaking_pumps_your_legends_and_shrinks_theirs() -> None:
    t = table("garus-rook")
    t.put(0, "Mythmaking")
    ab = t.put(0, "Ardra's Boulder")
    mp = t.put(0, "Morningstar Pass")
    ob = t.put(0, "Older Brother")
    foe = t.put(1, "Jefferson DeGrey, Ghostly Diplomat")
    assert (t.atk(ab), t.hp(ab)) == (2, 8) and t.hp(mp) == 6 and (t.atk(ob), t.hp(ob)) == (2, 2)
    assert (t.atk(foe), t.hp(foe)) == (3, 2)
    hero = uid_of(t, "garus-rook")
    assert (t.atk(hero), t.hp(hero)) == (2, 4)  # heroes are not units


@pytest.mark.cards("ardras-boulder")
def test_ardras_boulder_is_a_legendary_wall() -> None:
    t = table("garus-rook")
    t.built(0, "tech1")
    t.give(0, "Ardra's Boulder", "Ardra's Boulder")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    ab = uid_of(t, "ardras-boulder")
    assert (t.atk(ab), t.hp(ab)) == (0, 6)
    t.act("play Ardra's Boulder")  # a second copy: legendary, straight to the discard
    assert len([u for u, th in t.s.things.items() if th.card == "ardras-boulder"]) == 1


@pytest.mark.cards("doubling-barbarbarian")
def test_doubling_barbarbarian_doubles_every_gain() -> None:
    t = table("garus-rook")
    db = t.put(0, "Doubling Barbarbarian")
    assert (t.atk(db), t.hp(db)) == (3, 5) and "overpower" in t.kw(db)
    t.thing(db).mods.append(Mod(atk=2, hp=-1, until="turn"))
    assert (t.atk(db), t.hp(db)) == (7, 4)  # the gain doubles, the loss does not
    t.thing(db).runes = -1
    assert (t.atk(db), t.hp(db)) == (6, 3)


@pytest.mark.cards("whitestar-grappler")
def test_whitestar_grappler_wrestles_a_unit() -> None:
    t = table("garus-rook")
    wg = t.put(0, "Whitestar Grappler")  # 3/5
    big = t.put(1, "Harvest Reaper", slot="elite")  # 6/5, 7 ATK in the elite slot
    t.put(1, "Tenderfoot")
    t.act("ability Whitestar Grappler")
    t.act("choose Harvest Reaper")
    # The reaper lives (4 of 5) and hits back for its 7 ATK (elite slot): the Grappler dies; the reaper is
    # pulled out of the patrol zone all the same.
    assert t.thing(big).damage == 4 and t.s.players[1].patrol[1] == 0 and not t.alive(wg)


@pytest.mark.cards("whitestar-grappler")
def test_whitestar_grappler_takes_nothing_back_from_a_unit_it_kills() -> None:
    t = table("garus-rook")
    wg = t.put(0, "Whitestar Grappler")
    im = t.put(1, "Iron Man")  # 3/4
    t.act("ability Whitestar Grappler")
    assert set(t.s.pending["options"]) == {wg, im}  # any unit, even its own
    t.act("choose Iron Man")
    assert not t.alive(im) and t.thing(wg).damage == 0 and t.thing(wg).exhausted


@pytest.mark.cards("jefferson-degrey-ghostly-diplomat")
def test_jefferson_degrey_destroys_every_token() -> None:
    t = table("garus-rook")
    t.built(0, "tech1", "tech2", spec="strength")
    t.effect(0, [{"op": "summon", "token": "bird", "n": 2}])
    t.effect(1, [{"op": "summon", "token": "ninja", "n": 1}])
    ob = t.put(1, "Older Brother")
    t.give(0, "Jefferson DeGrey, Ghostly Diplomat")
    t.act("play Jefferson DeGrey, Ghostly Diplomat")
    assert not [u for u, th in t.s.things.items() if th.card in ("bird", "ninja")]
    assert t.alive(ob) and t.alive(uid_of(t, "jefferson-degrey-ghostly-diplomat"))


@pytest.mark.cards("inverse-power-ninja")
def test_inverse_power_ninja_shrinks_with_every_other_fighter_you_have() -> None:
    t = table("setsuki-hiruki")
    ipn = t.put(0, "Inverse Power Ninja")
    assert (t.atk(ipn), t.hp(ipn)) == (5, 5)  # Setsuki
    t.put(1, "Older Brother")  # the opponent's don't count
    t.effect(0, [{"op": "summon", "token": "ninja", "n": 2}])
    assert (t.atk(ipn), t.hp(ipn)) == (3, 3)
    t.effect(0, [{"op": "summon", "token": "ninja", "n": 3}])
    assert not t.alive(ipn)  # six others: 0 HP


@pytest.mark.cards("inverse-power-ninja")
def test_inverse_power_ninja_grows_back_as_others_leave() -> None:
    t = table("setsuki-hiruki")
    ipn = t.put(0, "Inverse Power Ninja")
    ob = t.put(0, "Older Brother")
    t.thing(ipn).damage = 3
    assert t.hp(ipn) == 4
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
    assert not t.alive(ob) and t.hp(ipn) == 5 and t.alive(ipn)


@pytest.mark.cards("martial-mastery")
def test_martial_mastery_discards_draws_two_and_looks_at_the_foes_hand() -> None:
    t = table()
    t.give(0, "Martial Mastery", "Spark", "Wither")
    t.give(0, "Tenderfoot", "Older Brother", zone="deck")
    t.give(1, "Bloom", "Fox Viper")
    t.act("play Martial Mastery")
    assert t.s.pending["kind"] == "discard"
    t.act("choose Spark")
    p1 = t.s.players[0]
    assert sorted(t.s.cards[u][0] for u in p1.hand) == ["older-brother", "tenderfoot", "wither"]
    assert [t.s.cards[u][0] for u in p1.discard] == ["spark", "martial-mastery"]
    looked = [e for e in t.events if e.kind == "looked"]
    assert looked and looked[-1].to == frozenset({0})
    assert sorted(looked[-1].data["names"]) == sorted(t.name(u) for u in t.s.players[1].hand)


@pytest.mark.cards("martial-mastery")
def test_martial_mastery_with_an_empty_hand_still_draws() -> None:
    t = table()
    t.give(0, "Martial Mastery")
    t.give(0, "Tenderfoot", "Older Brother", zone="deck")
    t.act("play Martial Mastery")
    assert len(t.s.players[0].hand) == 2 and t.s.pending is None


@pytest.mark.cards("masked-raccoon")
def test_masked_raccoon_slips_past_units_with_another_ninja() -> None:
    t = table("setsuki-hiruki")
    t.put(0, "Masked Raccoon")
    t.put(1, "Older Brother", slot="squad leader")
    assert "base" not in targets(t, "Masked Raccoon")
    fp = t.put(0, "Fox Primus")  # another Ninja
    assert "base" in targets(t, "Masked Raccoon")
    t.put(1, "river-montoya", slot="elite")  # a patrolling hero still stops it
    assert "base" not in targets(t, "Masked Raccoon") and "River Montoya" in targets(t, "Masked Raccoon")
    del fp


@pytest.mark.cards("masked-raccoon")
def test_masked_raccoon_unattackable_by_units_with_another_cute_animal() -> None:
    t = table()
    t.put(1, "Masked Raccoon")
    t.put(0, "Older Brother")
    assert "Masked Raccoon" in targets(t, "Older Brother")
    t.put(1, "Fuzz Cuddles")
    assert "Masked Raccoon" not in targets(t, "Older Brother")
    assert "Masked Raccoon" in targets(t, "Grave Stormborne")  # heroes still may


@pytest.mark.cards("foxs-den-school")
def test_foxs_den_school_hides_ninjas_and_cute_animals() -> None:
    t = table()
    school = t.put(1, "Fox's Den School")
    fp = t.put(1, "Fox Primus")
    fc = t.put(1, "Fuzz Cuddles")
    ob = t.put(1, "Older Brother")
    for u in (school, fp, fc):
        assert "invisible" in t.kw(u)
    assert "invisible" not in t.kw(ob)
    assert targets(t, "Grave Stormborne") == {"Older Brother", "base"}


@pytest.mark.cards("foxs-den-school")
def test_foxs_den_school_makes_a_unit_a_ninja() -> None:
    t = table()
    t.put(0, "Fox's Den School")
    ob = t.put(0, "Older Brother")
    t.put(0, "Jade Fox, Den's Headmistress")
    t.act("ability Fox's Den School")
    t.act(f"choose {t.name(ob)}")
    assert "ninja" in t.q.subtypes(t.thing(ob)) and "older brother" not in t.q.subtypes(t.thing(ob))
    assert {"invisible", "flying", "swift strike"} <= set(t.kw(ob)) and t.s.players[0].gold == 18
    assert not t.can("ability Fox's Den School")


@pytest.mark.cards("foxs-den-school")
def test_foxs_den_school_ninja_lasts_past_the_turn() -> None:
    t = table()
    t.put(0, "Fox's Den School")
    ob = t.put(0, "Older Brother")
    t.act("ability Fox's Den School")
    t.end_turn()
    t.end_turn()
    assert "ninja" in t.q.subtypes(t.thing(ob))


@pytest.mark.cards("colossus")
def test_colossus_is_unstoppable_only_against_bases() -> None:
    t = table("garus-rook")
    t.put(0, "Colossus")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Iron Man")
    t.built(1, "tech1")
    assert targets(t, "Colossus") == {"Older Brother", "base"}


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_oathkeeper_first_oath_bars_cards_from_hand_but_not_workers() -> None:
    t = table("garus-rook")
    t.built(0, "tech1", "tech2", "tech3", spec="strength")
    t.give(0, "Oathkeeper of Kor Mountain", "Spark", "Tenderfoot")
    t.act("play Oathkeeper of Kor Mountain")
    assert t.s.pending["options"] == ["no cards from hand", "skip the draw"]
    t.act("choose no cards from hand")
    ok = uid_of(t, "oathkeeper-of-kor-mountain")
    assert not t.can("play Spark") and not t.can("play Tenderfoot") and t.can("worker Spark")
    assert {"swift strike", "resist"} <= set(t.kw(ok)) and t.kw(ok)["resist"] == 2
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "oathkeeper-of-kor-mountain"}}}])
    assert t.can("play Tenderfoot")  # the oath binds only while Oathkeeper is in play


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_oathkeeper_first_oath_leaves_plays_from_other_zones_alone() -> None:
    # The oath is about the hand: a card played from elsewhere (a Graveyard, the codex) does not break it.
    t = table("garus-rook")
    ok = t.put(0, "Oathkeeper of Kor Mountain")
    t.effect(0, [{"op": "hook", "name": "swear", "args": {"oath": "no cards from hand"}}], src=ok)
    t.put(0, "Graveyard")
    buried = t.put(0, "Tenderfoot")
    t.effect(1, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])  # buried in the Graveyard
    t.give(0, "Older Brother")
    assert not t.can("play Older Brother") and t.can("ability Graveyard")
    t.act("ability Graveyard")
    t.act("choose Tenderfoot")
    assert t.alive(buried)


@pytest.mark.cards("oathkeeper-of-kor-mountain", "polymorph-squirrel")
def test_oathkeeper_oath_lapses_while_it_has_no_abilities() -> None:
    # "You can't break that oath" is Oathkeeper's own text: while it is a Squirrel with no abilities, nothing
    # holds its player to the oath; once it is Oathkeeper again, the oath binds again.
    t = table("garus-rook")
    ok = t.put(0, "Oathkeeper of Kor Mountain")
    t.effect(0, [{"op": "hook", "name": "swear", "args": {"oath": "no cards from hand"}}], src=ok)
    t.give(0, "Tenderfoot", "Older Brother")
    assert not t.can("play Tenderfoot")
    squirrel = {
        "op": "form",
        "into": "squirrel",
        "until": "turn",
        "to": {"each": {"card": "oathkeeper-of-kor-mountain"}},
    }
    t.effect(1, [squirrel])
    assert t.can("play Tenderfoot")
    t.act("play Tenderfoot")
    t.end_turn()
    t.end_turn()
    assert not t.can("play Older Brother")


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_oathkeeper_second_oath_keeps_the_hand() -> None:
    t = table("garus-rook")
    t.put(0, "Oathkeeper of Kor Mountain")
    t.effect(
        0,
        [{"op": "hook", "name": "swear", "args": {"oath": "skip the draw"}}],
        src=uid_of(t, "oathkeeper-of-kor-mountain"),
    )
    hand = t.give(0, "Spark", "Wither")
    t.give(0, *["Bloom"] * 5, zone="deck")
    t.act("end")
    assert t.s.players[0].hand == hand and len(t.s.players[0].deck) == 5


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_oathkeeper_pays_two_to_sideline_every_patroller() -> None:
    t = table("garus-rook")
    t.put(0, "Oathkeeper of Kor Mountain")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Tenderfoot", slot="lookout")
    t.put(1, "river-montoya", slot="elite")  # heroes are not units: it stays
    river = uid_of(t, "river-montoya")
    t.act("ability Oathkeeper of Kor Mountain")
    assert t.s.players[1].patrol == [0, river, 0, 0, 0] and t.s.players[0].gold == 18


@pytest.mark.cards("garus-rook")
def test_garus_rook_mid_band_passes_a_lone_patroller() -> None:
    t = table("garus-rook", level=5)
    t.put(1, "Older Brother", slot="elite")
    assert "base" in targets(t, "Garus Rook")
    t.put(1, "Tenderfoot", slot="squad leader")
    assert "base" not in targets(t, "Garus Rook")
    t2 = table("garus-rook", level=4)
    t2.put(1, "Older Brother", slot="elite")
    assert "base" not in targets(t2, "Garus Rook")


@pytest.mark.cards("garus-rook")
def test_garus_rook_max_band_has_two_lives() -> None:
    t = table("garus-rook", level=8)
    gr = uid_of(t, "garus-rook")
    assert (t.atk(gr), t.hp(gr)) == (4, 6) and "two lives" in t.kw(gr)
    t.effect(1, [{"op": "damage", "n": 6, "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert t.alive(gr) and t.thing(gr).damage == 0 and t.thing(gr).marks == {"crumbling": 1}
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert not t.alive(gr) and gr in t.s.players[0].command


def twins(t: Table) -> list[int]:
    return [u for u, th in sorted(t.s.things.items()) if th.card == "rambasa-twin"]


@pytest.mark.cards("rambasa-twin")
def test_rambasa_twin_may_bring_its_twin_from_the_codex() -> None:
    t = table()
    t.built(0, "tech1")
    t.s.players[0].codex["rambasa-twin"] = 1
    t.give(0, "Rambasa Twin")
    t.act("play Rambasa Twin")
    assert t.s.pending["options"] == ["rambasa-twin", "none"]
    t.act("choose Rambasa Twin")
    assert len(twins(t)) == 2 and "rambasa-twin" not in t.s.players[0].codex
    assert t.s.pending is None  # the second Twin finds no other in the codex
    assert t.s.players[0].gold == 16  # only the first was paid for


@pytest.mark.cards("rambasa-twin")
def test_rambasa_twin_may_stay_alone() -> None:
    t = table()
    t.built(0, "tech1")
    t.s.players[0].codex["rambasa-twin"] = 1
    t.give(0, "Rambasa Twin")
    t.act("play Rambasa Twin")
    t.act("choose none")
    assert len(twins(t)) == 1 and t.s.players[0].codex["rambasa-twin"] == 1


@pytest.mark.cards("rambasa-twin")
def test_rambasa_twin_first_death_each_turn_goes_back_to_the_codex() -> None:
    t = table()
    a = t.put(1, "Rambasa Twin", slot="technician")
    b = t.put(1, "Rambasa Twin")
    t.give(1, "Spark", "Wither", zone="deck")
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "rambasa-twin", "patrolling": True}}}])
    p2 = t.s.players[1]
    assert not t.alive(a) and p2.codex.get("rambasa-twin") == 1 and a not in p2.discard
    assert len(p2.hand) == 1  # it did die: the technician slot's draw
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "rambasa-twin"}}}])
    p2 = t.s.players[1]
    assert b in p2.discard and p2.codex.get("rambasa-twin") == 1  # the second death this turn
    c = t.put(1, "Rambasa Twin")
    t.end_turn()
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "rambasa-twin"}}}])
    assert not t.alive(c) and t.s.players[1].codex.get("rambasa-twin") == 2  # a new turn, a new first death


@pytest.mark.cards("rambasa-twin")
def test_rambasa_twins_of_both_players_dying_together_the_active_player_picks() -> None:
    t = table()
    mine = t.put(0, "Rambasa Twin")
    theirs = t.put(1, "Rambasa Twin")
    t.act(f"attack {t.name(mine)} -> {t.name(theirs)}")
    assert not twins(t)
    assert t.s.pending["kind"] == "twin home" and set(t.s.pending["options"]) == {mine, theirs}
    t.act(f"choose {t.name(theirs)}")
    assert t.s.players[1].codex.get("rambasa-twin") == 1 and mine in t.s.players[0].discard
    assert t.s.players[0].codex.get("rambasa-twin", 0) == 0


@pytest.mark.cards("rambasa-twin", "graveyard")
def test_rambasa_twin_and_a_graveyard_both_want_it_the_active_player_picks() -> None:
    # Its first death this turn sends it home, and its player's Graveyard buries it: two effects of the same
    # moment, so the active player orders them, and the first one gets the card.
    for choice in ("codex", "bury"):
        t = table()
        t.put(0, "Graveyard")
        a = t.put(0, "Rambasa Twin")
        b = t.put(0, "Rambasa Twin")
        t.effect(1, [{"op": "destroy", "to": {"each": {"card": "rambasa-twin", "other": True}}}], src=b)
        assert t.s.pending["kind"] == "twin or other" and t.s.pending["options"] == ["codex", "bury"]
        t.act(f"choose {choice}")
        p1 = t.s.players[0]
        if choice == "codex":
            assert p1.codex.get("rambasa-twin") == 1 and not p1.zones.get("graveyard")
        else:
            assert p1.codex.get("rambasa-twin", 0) == 0 and p1.zones["graveyard"] == [a]
        # Either way the first Twin death of the turn is behind us: the second one is simply buried.
        t.effect(1, [{"op": "destroy", "to": {"each": {"card": "rambasa-twin"}}}])
        assert t.s.pending is None and b in t.s.players[0].zones["graveyard"]


@pytest.mark.cards("thunderclap", "entangling-vines", "versatile-style")
def test_strength_and_discipline_spells_with_nothing_to_target_are_refused() -> None:
    t = table("garus-rook")
    t.give(0, "Thunderclap", "Entangling Vines")
    t.put(1, "Cloud Sprite")  # flying: not for Thunderclap
    t.put(1, "Iron Man")  # costs 3, and no unit patrols
    assert not t.can("play Thunderclap") and not t.can("play Entangling Vines")
    t2 = table()
    t2.give(0, "Versatile Style")
    t2.put(1, "Older Brother")
    assert t2.can("play Versatile Style")  # repairing a building and detecting always work


@pytest.mark.cards("aged-sensei", "morningstar-flagbearer")
def test_aged_sensei_is_not_bound_by_a_flagbearer_it_cannot_target() -> None:
    t = table()
    t.put(0, "Aged Sensei")
    t.put(1, "Morningstar Flagbearer")  # an opponent's flagbearer binds only effects that could target it
    t.act("ability Aged Sensei")
    assert all(t.s.things[u].ctrl == 0 for u in t.s.pending["options"])


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_oathkeeper_oath_binds_the_player_who_swore_it() -> None:
    t = table("garus-rook")
    ok = t.put(1, "Oathkeeper of Kor Mountain")
    t.effect(1, [{"op": "hook", "name": "swear", "args": {"oath": "no cards from hand"}}], src=ok)
    t.give(0, "Tenderfoot")
    assert t.can("play Tenderfoot")  # P2 swore, not P1
    t.thing(ok).ctrl = 0  # P1 takes Oathkeeper: the oath still binds P2, who swore it
    assert t.can("play Tenderfoot")


@pytest.mark.cards("oathkeeper-of-kor-mountain")
def test_oathkeeper_oath_may_bind_its_controller_instead() -> None:
    t = Table(oath_binds="controller")
    t.clear()
    t.gold(0, 20)
    t.put(0, "garus-rook")
    ok = t.put(1, "Oathkeeper of Kor Mountain")
    t.effect(1, [{"op": "hook", "name": "swear", "args": {"oath": "no cards from hand"}}], src=ok)
    t.give(0, "Tenderfoot")
    assert t.can("play Tenderfoot")
    t.thing(ok).ctrl = 0  # P1 takes Oathkeeper: with this option its oath now holds P1
    assert not t.can("play Tenderfoot")


# ------------------------------------------------------------------------------------------- card facts

FACTS: dict[str, tuple[int, int, int | None, int | None, list[str], bool]] = {
    "aged-sensei": (1, 0, 1, 1, ["monk"], False),
    "ardras-boulder": (2, 1, 0, 6, ["rock"], True),
    "bird": (0, 0, 1, 1, ["bird"], False),
    "birds-nest": (2, 0, None, None, ["summon"], False),
    "colossus": (6, 2, 6, 7, ["golem"], False),
    "daigo-stormborne": (0, 0, 8, 8, ["ghost"], True),
    "doubling-barbarbarian": (3, 2, 3, 5, ["warrior"], False),
    "earthquake": (5, 0, None, None, ["ultimate"], False),
    "entangling-vines": (3, 0, None, None, ["debuff"], False),
    "flying-fox": (2, 2, 3, 1, ["contraption", "ninja"], False),
    "focus-master": (3, 2, 4, 3, ["monk", "mystic"], False),
    "fox-primus": (3, 0, 2, 2, ["ninja"], False),
    "fox-viper": (2, 0, 2, 1, ["ninja"], False),
    "foxs-den-school": (4, 2, None, 4, [], True),
    "foxs-den-students": (4, 0, None, None, ["summon", "ultimate"], False),
    "fuzz-cuddles": (2, 1, 2, 3, ["cute animal"], False),
    "glorious-ninja": (5, 2, 4, 3, ["ninja"], False),
    "grappling-hook": (0, 0, None, None, [], False),
    "heros-monument": (5, 3, None, 6, ["monument"], True),
    "hidden-ninja": (2, 0, None, None, ["buff"], False),
    "inverse-power-ninja": (3, 1, 6, 6, ["ninja"], False),
    "jade-fox-dens-headmistress": (8, 3, 4, 6, ["ninja"], True),
    "jefferson-degrey-ghostly-diplomat": (3, 2, 4, 3, ["barrister"], True),
    "martial-mastery": (1, 0, None, None, [], False),
    "masked-raccoon": (4, 2, 3, 4, ["cute animal", "ninja"], False),
    "mind-parry-monk": (5, 2, 5, 4, ["monk", "mystic"], False),
    "morningstar-flagbearer": (3, 0, 2, 2, ["flagbearer"], False),
    "morningstar-pass": (4, 2, None, 4, [], True),
    "mythmaking": (2, 1, None, None, [], True),
    "ninja": (0, 0, 1, 1, ["ninja"], False),
    "oathkeeper-of-kor-mountain": (7, 3, 7, 8, ["warrior"], True),
    "porcupine": (3, 2, 2, 6, ["cute animal"], False),
    "rambasa-twin": (4, 1, 3, 2, ["monk", "tiger"], False),
    "reversal": (3, 0, None, None, ["debuff"], False),
    "safe-attacking": (1, 0, None, None, [], False),
    "savior-monk": (2, 0, 2, 2, ["monk"], False),
    "senseis-advice": (1, 0, None, None, ["buff"], False),
    "shuriken-hail": (1, 0, None, None, [], False),
    "smoker": (1, 0, 1, 1, ["ninja"], False),
    "snapback": (3, 0, None, None, [], False),
    "sparring-partner": (1, 1, 2, 2, ["monk"], False),
    "speed-of-the-fox": (2, 0, None, None, ["buff"], False),
    "thunderclap": (2, 0, None, None, ["debuff"], False),
    "training-grounds": (1, 2, None, 4, [], False),
    "true-power-of-storms": (3, 0, None, None, ["ultimate"], False),
    "versatile-style": (2, 0, None, None, [], False),
    "vigor-adept": (4, 2, 5, 5, ["monk"], False),
    "whitestar-grappler": (3, 2, 3, 5, ["warrior"], False),
    "young-lightning-dragon": (3, 2, 3, 3, ["dragon"], False),
}
"""Cost, tech level, ATK, HP, subtypes and legendary of every White card and token, as printed."""

BANDS = {
    "grave-stormborne": [(1, 2, 3), (3, 3, 4), (7, 4, 5)],
    "setsuki-hiruki": [(1, 1, 3), (4, 2, 3), (6, 3, 4)],
    "garus-rook": [(1, 2, 4), (5, 3, 5), (8, 4, 6)],
}
"""Each hero band's level, ATK and HP, as printed."""


def test_white_card_facts_are_as_printed() -> None:
    cat = Table().cat
    for cid, (cost, tech, atk, hp, subtypes, legendary) in FACTS.items():
        card = cat[cid]
        got = (card.facts.cost, card.tech, card.facts.atk, card.facts.hp, sorted(card.subtypes), card.facts.legendary)
        assert got == (cost, tech, atk, hp, subtypes, legendary), cid
    for cid, bands in BANDS.items():
        assert [(level, atk, hp) for level, atk, hp, _kw in cat[cid].bands] == bands, cid
        assert cat[cid].facts.cost == 2
