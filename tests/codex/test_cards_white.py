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
