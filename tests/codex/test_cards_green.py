"""Green cards: the starter deck, Balance, Feral, Growth, the three heroes and the tokens Green makes."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table


def table(hero: str = "master-midori", level: int = 1, gold: int = 20) -> Table:
    """P1 (active) with a Green hero in play and gold; P2 with nothing. Hands and decks are empty."""
    t = Table()
    t.clear()
    t.gold(0, gold)
    t.put(0, hero, level=level)
    return t


def hero_of(t: Table, seat: int = 0) -> int:
    return next(u for u, th in t.s.things.items() if th.ctrl == seat and t.cat[th.card].type == "hero")


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


# ------------------------------------------------------------------------------------------ starter deck


@pytest.mark.cards("merfolk-prospector")
def test_merfolk_prospector_exhausts_for_a_gold_but_not_the_turn_it_arrives() -> None:
    t = table(gold=1)
    t.give(0, "Merfolk Prospector")
    t.act("play Merfolk Prospector")
    assert not t.can("ability Merfolk Prospector")  # arrival fatigue, no haste
    old = t.put(0, "Merfolk Prospector")
    t.act(f"ability {t.name(old)}")
    assert t.s.players[0].gold == 1 and t.thing(old).exhausted
    assert not t.can(f"ability {t.name(old)}")


@pytest.mark.cards("tiger-cub")
def test_tiger_cub_is_a_plain_two_two() -> None:
    t = table()
    t.give(0, "Tiger Cub")
    t.act("play Tiger Cub")
    (cub,) = things(t, "tiger-cub")
    assert (t.atk(cub), t.hp(cub)) == (2, 2) and t.s.players[0].gold == 18 and t.s.pending is None


@pytest.mark.cards("young-treant")
def test_young_treant_draws_on_arrival_and_cannot_attack() -> None:
    t = table()
    t.give(0, "Tiger Cub", zone="deck")
    t.give(0, "Young Treant")
    t.act("play Young Treant")
    hand = [t.s.cards[u][0] for u in t.s.players[0].hand]
    assert hand == ["tiger-cub"]
    old = t.put(0, "Young Treant")
    assert not any(a.startswith(f"attack {t.name(old)}") for a in t.legal())


@pytest.mark.cards("playful-panda", "wisp")
def test_playful_panda_arrives_exhausted_with_a_wisp() -> None:
    t = table()
    t.give(0, "Playful Panda")
    t.act("play Playful Panda")
    (panda,) = things(t, "playful-panda")
    (wisp,) = things(t, "wisp", 0)
    assert t.thing(panda).exhausted and not t.thing(wisp).exhausted
    assert (t.atk(wisp), t.hp(wisp)) == (0, 1)
    t.act(f"patrol {t.name(wisp)} squad leader")
    assert not t.can(f"patrol {t.name(panda)} elite")  # exhausted: it cannot patrol this turn


@pytest.mark.cards("ironbark-treant")
def test_ironbark_treant_trades_attack_for_armor_while_patrolling() -> None:
    t = table()
    tree = t.put(0, "Ironbark Treant")
    assert (t.atk(tree), t.q.armor_total(t.thing(tree))) == (3, 0)
    t.act("patrol Ironbark Treant elite")
    assert t.atk(tree) == 3  # a patrol plan on our own turn changes nothing
    t.end_turn()
    # On the opponent's turn it patrols the elite slot: 3 - 2 + 1.
    assert (t.atk(tree), t.q.armor_total(t.thing(tree))) == (2, 2)
    older = t.put(1, "Older Brother")
    t.act(f"attack {t.name(older)} -> Ironbark Treant")
    assert t.thing(tree).damage == 0 and t.thing(tree).armor_used == 2  # its armor soaked both


@pytest.mark.cards("spore-shambler")
def test_spore_shambler_arrives_with_two_runes_and_moves_them() -> None:
    t = table(gold=4)
    cub = t.put(0, "Tiger Cub")
    t.give(0, "Spore Shambler")
    t.act("play Spore Shambler")
    (sh,) = things(t, "spore-shambler")
    assert t.thing(sh).runes == 2 and (t.atk(sh), t.hp(sh)) == (2, 3)
    assert not t.can("ability Spore Shambler: exhaust")  # arrival fatigue for the exhaust form...
    t.put(1, "Older Brother")
    t.act("ability Spore Shambler: pay 1")  # ...but the gold form works at once
    assert t.s.pending["options"] == [cub, things(t, "older-brother")[0]]  # another unit: not itself
    t.act("choose Tiger Cub")
    assert t.thing(sh).runes == 1 and t.thing(cub).runes == 1 and t.s.players[0].gold == 0


@pytest.mark.cards("spore-shambler")
def test_spore_shambler_needs_a_rune_of_its_own_to_pay() -> None:
    t = table()
    sh = t.put(0, "Spore Shambler")
    t.put(0, "Tiger Cub", runes=1)
    assert not t.can("ability Spore Shambler: pay 1") and not t.can("ability Spore Shambler: exhaust")
    t.thing(sh).runes = 1
    t.act("ability Spore Shambler: exhaust")
    assert t.thing(sh).exhausted and t.thing(sh).runes == 0


@pytest.mark.cards("verdant-tree")
def test_verdant_tree_heals_and_makes_tech_buildings_operational_at_once() -> None:
    t = table()
    t.workers(0, 10)
    h = hero_of(t)
    t.thing(h).damage = 2
    t.give(0, "Verdant Tree")
    t.act("play Verdant Tree")
    assert not t.can("ability Verdant Tree")  # no haste: not the turn it arrives
    t.act("build tech1")
    t.end_turn()
    t.end_turn()
    assert t.thing(h).damage == 1  # healing 1 in our upkeep
    t.act("ability Verdant Tree")
    t.act("build tech2")
    t.act("build tech3")
    assert [b.status for b in t.s.players[0].tech] == ["built", "built", "built"]


@pytest.mark.cards("rich-earth")
def test_rich_earth_makes_hiring_free_but_still_once_a_turn() -> None:
    t = table(gold=3)
    t.give(0, "Rich Earth", "Tiger Cub", "Tiger Cub")
    t.act("play Rich Earth")
    assert t.s.players[0].gold == 0
    workers = t.s.players[0].workers
    t.act(f"worker {t.name(t.s.players[0].hand[0])}")
    assert t.s.players[0].workers == workers + 1 and t.s.players[0].gold == 0
    assert not any(a.startswith("worker") for a in t.legal())


@pytest.mark.cards("rampant-growth")
def test_rampant_growth_gives_two_attack_and_two_armor_this_turn() -> None:
    t = table(gold=2)
    cub = t.put(0, "Tiger Cub")
    t.put(1, "Older Brother")
    t.give(0, "Rampant Growth")
    t.act("play Rampant Growth")
    t.act("choose Tiger Cub")
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (4, 2)
    t.end_turn()
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (2, 0)


@pytest.mark.cards("forests-favor")
def test_forests_favor_runes_a_friendly_without_one() -> None:
    t = table(gold=4)
    cub = t.put(0, "Tiger Cub", runes=1)
    t.put(1, "Older Brother")
    t.give(0, "Forest's Favor", "Forest's Favor")
    t.act(f"play {t.name(t.s.players[0].hand[0])}")
    h = hero_of(t)
    assert t.thing(h).runes == 1 and t.thing(cub).runes == 1  # the hero was the only legal target
    assert not t.can(f"play {t.name(t.s.players[0].hand[0])}")


# ------------------------------------------------------------------------------------------ Balance


@pytest.mark.cards("gemscout-owl")
def test_gemscout_owl_gains_a_gold_each_upkeep_and_cannot_attack() -> None:
    t = table(gold=0)
    owl = t.put(0, "Gemscout Owl")
    assert not any(a.startswith("attack Gemscout Owl") for a in t.legal())
    assert {"flying", "resist"} <= set(t.kw(owl))
    workers = t.s.players[0].workers
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == workers + 1


@pytest.mark.cards("chameleon")
def test_chameleon_sneaks_past_patrollers() -> None:
    t = table()
    t.put(0, "Chameleon")
    t.put(1, "Older Brother", slot="squad leader")
    assert t.can("attack Chameleon -> base")


@pytest.mark.cards("potent-basilisk")
def test_potent_basilisk_may_destroy_an_upgrade_or_ongoing_spell() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    earth = t.put(1, "Rich Earth")
    t.give(0, "Potent Basilisk")
    t.act("play Potent Basilisk")
    t.act("choose yes")
    assert not t.alive(earth) and earth in t.s.players[1].discard
    (pb,) = things(t, "potent-basilisk")
    assert {"untargetable", "deathtouch"} <= set(t.kw(pb))


@pytest.mark.cards("potent-basilisk")
def test_potent_basilisk_may_decline() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    earth = t.put(1, "Rich Earth")
    t.give(0, "Potent Basilisk")
    t.act("play Potent Basilisk")
    t.act("choose no")
    assert t.alive(earth)


@pytest.mark.cards("final-showdown", "hunter")
def test_final_showdown_buffs_the_balance_hero_and_gives_the_foe_two_hunters() -> None:
    t = table(level=8)
    h = hero_of(t)
    t.thing(h).max_at_start = True
    t.give(0, "Final Showdown")
    t.give(0, "Tiger Cub", "Tiger Cub", zone="deck")
    t.act("play Final Showdown")
    assert (t.atk(h), t.hp(h)) == (4 + 3, 5 + 3)
    assert {"readiness", "resist"} <= set(t.kw(h)) and t.kw(h)["resist"] == 1
    hunters = things(t, "hunter", 1)
    assert len(hunters) == 2 and all("anti-air" in t.kw(u) for u in hunters)
    assert (t.atk(hunters[0]), t.hp(hunters[0])) == (3, 3)
    t.act("attack Master Midori -> base")
    assert len(t.s.players[0].hand) == 1  # draws when he attacks
    assert not t.thing(h).exhausted  # readiness
    assert not t.can("attack Master Midori -> base")  # ...but one attack a turn


@pytest.mark.cards("final-showdown")
def test_final_showdown_needs_midori_at_max_since_the_start_of_the_turn() -> None:
    t = table(level=8)
    t.give(0, "Final Showdown")
    assert not t.can("play Final Showdown")


# ------------------------------------------------------------------------------------------ Feral


@pytest.mark.cards("ferocity")
def test_ferocity_gives_your_units_armor_piercing_and_swift_strike_until_next_upkeep() -> None:
    t = table("calamandra-moss")
    cub = t.put(0, "Tiger Cub")
    foe = t.put(1, "Older Brother")
    t.give(0, "Ferocity")
    t.act("play Ferocity")
    assert {"armor piercing", "swift strike"} <= set(t.kw(cub))
    assert "swift strike" not in t.kw(hero_of(t)) and "swift strike" not in t.kw(foe)
    t.end_turn()
    assert "swift strike" in t.kw(cub)  # still on the opponent's turn
    t.end_turn()
    assert "swift strike" not in t.kw(cub)


@pytest.mark.cards("ferocity")
def test_ferocity_strikes_first_through_armor() -> None:
    t = table("calamandra-moss")
    cub = t.put(0, "Tiger Cub")
    foe = t.put(1, "Tiger Cub", slot="squad leader")
    t.give(0, "Ferocity")
    t.act("play Ferocity")
    t.act(f"attack {t.name(cub)} -> {t.name(foe)}")
    assert not t.alive(foe) and t.thing(cub).damage == 0  # 2 through the squad leader's armor, first


@pytest.mark.cards("murkwood-allies", "beast", "frog")
def test_murkwood_allies_choose_one_or_both_when_boosted() -> None:
    t = table("calamandra-moss")
    t.give(0, "Murkwood Allies")
    t.act("play Murkwood Allies")
    assert t.s.pending["options"] == ["a Beast", "four Frogs"]
    t.act("choose four Frogs")
    frogs = things(t, "frog", 0)
    assert len(frogs) == 4 and (t.atk(frogs[0]), t.hp(frogs[0])) == (1, 1) and not things(t, "beast")
    t.give(0, "Murkwood Allies")
    t.act("play Murkwood Allies boost")
    (beast,) = things(t, "beast", 0)
    assert (t.atk(beast), t.hp(beast)) == (4, 4) and len(things(t, "frog", 0)) == 8
    assert t.s.players[0].gold == 20 - 5 - 9


@pytest.mark.cards("huntress", "centaur", "barkcoat-bear")
def test_feral_keyword_units() -> None:
    t = table()
    hu, ce, bb = t.put(0, "Huntress"), t.put(0, "Centaur"), t.put(0, "Barkcoat Bear")
    assert {"sparkshot", "anti-air"} <= set(t.kw(hu)) and "overpower" in t.kw(ce)
    assert t.kw(bb)["resist"] == 2 and "overpower" in t.kw(bb)
    a = t.put(1, "Older Brother", slot="squad leader")
    b = t.put(1, "Tiger Cub", slot="elite")
    t.act("attack Huntress -> Older Brother")
    assert not t.alive(a)
    assert t.thing(b).damage == 1  # sparkshot next door
    t.act("attack Centaur -> Tiger Cub")
    assert t.base(1) == 2  # 3 ATK, 1 was enough to finish the Cub, 2 spill onto the base


# ------------------------------------------------------------------------------------------ Growth


@pytest.mark.cards("dinosize")
def test_dinosize_gives_six_attack_and_six_armor_this_turn() -> None:
    t = table("argagarg-garg")
    cub = t.put(0, "Tiger Cub")
    t.give(0, "Dinosize")
    t.act("play Dinosize")
    t.act("choose Tiger Cub")
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (8, 6)
    t.end_turn()
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (2, 0)


@pytest.mark.cards("spirit-of-the-panda")
def test_spirit_of_the_panda_attaches_buffs_pays_and_heals() -> None:
    t = table("argagarg-garg", gold=4)
    cub = t.put(0, "Tiger Cub", damage=1)
    h = hero_of(t)
    t.thing(h).damage = 2
    t.give(0, "Spirit of the Panda")
    t.act("play Spirit of the Panda")  # the only unit: chosen at once
    (sp,) = things(t, "spirit-of-the-panda")
    assert t.thing(sp).attached == cub and (t.atk(cub), t.hp(cub)) == (4, 4)
    t.act("attack Tiger Cub -> base")
    assert t.s.players[0].gold == 1 and t.base(1) == 4
    t.end_turn()
    t.end_turn()
    assert t.thing(cub).damage == 0 and t.thing(h).damage == 1  # healing 1 for the whole side


@pytest.mark.cards("spirit-of-the-panda")
def test_spirit_of_the_panda_goes_to_the_discard_with_its_host() -> None:
    t = table("argagarg-garg", gold=4)
    foe = t.put(1, "Older Brother")
    t.give(0, "Spirit of the Panda")
    t.act("play Spirit of the Panda")
    (sp,) = things(t, "spirit-of-the-panda")
    assert t.thing(sp).ctrl == 0 and (t.atk(foe), t.hp(foe)) == (4, 4)
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "card": "older-brother"}}}])
    assert not t.alive(sp) and sp in t.s.players[0].discard


@pytest.mark.cards("giant-panda", "wisp")
def test_giant_panda_arrives_exhausted_with_a_wisp() -> None:
    t = table()
    t.built(0, "tech1")
    t.give(0, "Giant Panda")
    t.act("play Giant Panda")
    (panda,) = things(t, "giant-panda")
    assert t.thing(panda).exhausted and len(things(t, "wisp", 0)) == 1
    assert (t.atk(panda), t.hp(panda)) == (2, 4)


@pytest.mark.cards("artisan-mantis")
def test_artisan_mantis_repairs_three_on_a_building() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="growth")
    t.s.players[0].base_damage = 5
    t.s.players[0].tech[0].damage = 2
    t.give(0, "Artisan Mantis")
    t.act("play Artisan Mantis")
    assert "my base" in t.legal()[0] or any(a == "choose my base" for a in t.legal())
    t.act("choose my base")
    assert t.base(0) == 2 and t.s.players[0].tech[0].damage == 2


@pytest.mark.cards("oversized-rhinoceros")
def test_oversized_rhinoceros_is_a_plain_seven_eight() -> None:
    t = table()
    r = t.put(0, "Oversized Rhinoceros")
    assert (t.atk(r), t.hp(r)) == (7, 8) and not t.q.abilities(t.thing(r)) and not t.kw(r)


# ------------------------------------------------------------------------------------------ heroes


@pytest.mark.cards("argagarg-garg", "wisp", "water-elemental")
def test_argagarg_garg_wisp_then_buff_then_water_elemental() -> None:
    t = Table()
    t.clear()
    t.gold(0, 20)
    p = t.s.players[0]
    p.command = []
    t.give(0, "Argagarg Garg", zone="command")
    t.act("summon Argagarg Garg")
    assert len(things(t, "wisp", 0)) == 1
    h = hero_of(t)
    cub = t.put(0, "Tiger Cub")
    t.act("level Argagarg Garg 2")
    assert not t.can("ability Argagarg Garg")  # level 3, but arrival fatigue
    t.end_turn()
    t.end_turn()
    t.act("ability Argagarg Garg")
    t.act("choose Tiger Cub")
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (3, 1) and t.thing(h).exhausted
    t.act("level Argagarg Garg 2")
    (we,) = things(t, "water-elemental", 0)
    assert (t.atk(we), t.hp(we)) == (3, 3) and "anti-air" in t.kw(we)
    assert (t.atk(h), t.hp(h)) == (1, 5)


@pytest.mark.cards("argagarg-garg")
def test_argagarg_garg_buff_targets_units_only() -> None:
    t = table("argagarg-garg", level=3)
    assert not t.can("ability Argagarg Garg")  # no unit to target (heroes are not units)
    t.put(1, "Older Brother")
    t.act("ability Argagarg Garg")
    assert t.atk(things(t, "older-brother")[0]) == 3


@pytest.mark.cards("rampaging-elephant")
def test_rampaging_elephant_readies_after_its_first_attack_each_turn() -> None:
    t = table()
    el = t.put(0, "Rampaging Elephant")
    t.act("attack Rampaging Elephant -> base")
    assert not t.thing(el).exhausted and t.base(1) == 6
    t.act("attack Rampaging Elephant -> base")
    assert t.thing(el).exhausted and t.base(1) == 12  # the second exhaust this turn sticks
    t.end_turn()
    t.end_turn()
    t.act("attack Rampaging Elephant -> base")
    assert not t.thing(el).exhausted  # a new turn, a new first time


@pytest.mark.cards("rampaging-elephant")
def test_rampaging_elephant_readies_when_an_effect_exhausts_it() -> None:
    t = table()
    el = t.put(1, "Rampaging Elephant")
    t.effect(0, [{"op": "exhaust", "to": {"each": {"kind": ["unit"], "card": "rampaging-elephant"}}}])
    assert not t.thing(el).exhausted
    t.effect(0, [{"op": "exhaust", "to": {"each": {"kind": ["unit"], "card": "rampaging-elephant"}}}])
    assert t.thing(el).exhausted


@pytest.mark.cards("master-midori", "wisp")
def test_master_midori_mid_band_buffs_units_with_no_abilities() -> None:
    t = table(level=4)
    cub = t.put(0, "Tiger Cub")
    owl = t.put(0, "Gemscout Owl")
    foe = t.put(1, "Tiger Cub")
    t.give(0, "Playful Panda")
    assert (t.atk(cub), t.hp(cub)) == (2, 2)
    t.act("level Master Midori 1")
    assert (t.atk(cub), t.hp(cub)) == (3, 3) and (t.atk(owl), t.hp(owl)) == (0, 1)
    assert (t.atk(foe), t.hp(foe)) == (2, 2)  # only your units
    h = hero_of(t)
    assert (t.atk(h), t.hp(h)) == (3, 4)  # heroes are not units
    t.act("play Playful Panda")
    (wisp,) = things(t, "wisp", 0)
    (panda,) = things(t, "playful-panda")
    assert (t.atk(wisp), t.hp(wisp)) == (1, 2) and (t.atk(panda), t.hp(panda)) == (2, 2)


@pytest.mark.cards("master-midori")
def test_master_midori_flies_on_her_own_turn_at_max_level() -> None:
    t = table(level=8)
    h = hero_of(t)
    assert "flying" in t.kw(h) and (t.atk(h), t.hp(h)) == (4, 5)
    t.end_turn()
    assert "flying" not in t.kw(h)
    t2 = table(level=7)
    assert "flying" not in t2.kw(hero_of(t2))


@pytest.mark.cards("behind-the-ferns")
def test_behind_the_ferns_gives_stealth_to_small_units_while_channelled() -> None:
    t = table("calamandra-moss")
    cub = t.put(0, "Tiger Cub")
    big = t.put(0, "Barkcoat Bear")
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Behind the Ferns")
    t.act("play Behind the Ferns")
    (ferns,) = things(t, "behind-the-ferns")
    assert "stealth" in t.kw(cub) and "stealth" not in t.kw(big)
    assert t.can("attack Tiger Cub -> base") and not t.can("attack Barkcoat Bear -> base")
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert not t.alive(ferns) and ferns in t.s.players[0].discard  # no Feral hero: sacrificed
    assert "stealth" not in t.kw(cub)


@pytest.mark.cards("moss-ancient", "squirrel")
def test_moss_ancient_brings_squirrels_with_haste_and_invisibility() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="feral")
    t.built(0, "tech3")
    t.give(0, "Moss Ancient")
    t.act("play Moss Ancient")
    (ma,) = things(t, "moss-ancient")
    sq = things(t, "squirrel", 0)
    assert len(sq) == 3 and all({"haste", "invisible"} <= set(t.kw(u)) for u in sq)
    assert (t.atk(sq[0]), t.hp(sq[0])) == (1, 1) and "untargetable" in t.kw(ma)
    t.put(1, "Older Brother", slot="squad leader")
    assert t.can(f"attack {t.name(sq[0])} -> base")  # haste, and invisible slips past the patroller
    t.end_turn()
    foe_sq = t.put(1, "Squirrel")
    assert "haste" not in t.kw(foe_sq)  # only your squirrels
    t.end_turn()
    t.act("attack Moss Ancient -> Older Brother")
    assert len(things(t, "squirrel", 0)) == 6


@pytest.mark.cards("fairie-dragon")
def test_fairie_dragon_feathers_a_tech_1_or_2_unit() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    iron = t.put(1, "Iron Man")
    t.put(1, "Older Brother")  # tech 0: not a legal choice
    t.give(0, "Fairie Dragon")
    t.act("play Fairie Dragon")
    t.act("choose yes")
    (fd,) = things(t, "fairie-dragon")
    assert set(t.s.pending["options"]) == {iron, fd}
    t.act("choose Iron Man")
    assert t.thing(iron).marks == {"feather": 1}
    assert (t.atk(iron), t.hp(iron)) == (3, 1) and "flying" in t.kw(iron)
    t.effect(1, [{"op": "destroy", "to": {"each": {"kind": ["unit"], "card": "fairie-dragon"}}}])
    assert (t.atk(iron), t.hp(iron)) == (3, 4) and "flying" not in t.kw(iron)


@pytest.mark.cards("wandering-mimic")
def test_wandering_mimic_borrows_listed_keywords_from_anything_in_play() -> None:
    t = table()
    mimic = t.put(0, "Wandering Mimic")
    assert not t.kw(mimic)
    t.put(1, "Cloud Sprite")  # flying
    t.put(1, "Revolver Ocelot")  # sparkshot
    t.put(0, "Tiny Basilisk")  # deathtouch: not on the list
    t.put(1, "Barkcoat Bear")  # resist 2 (not listed) and overpower
    assert t.kw(mimic) == {"flying": 1, "sparkshot": 1, "overpower": 1}


@pytest.mark.cards("dothram-horselord")
def test_dothram_horselord_joins_the_player_with_the_most_attack() -> None:
    t = table(gold=0)
    horse = t.put(0, "Dothram Horselord")
    t.put(1, "Oversized Rhinoceros")
    t.put(1, "Tiger Cub")  # 9 against P1's 6 + 2 (Midori)
    t.end_turn()
    t.end_turn()
    assert t.thing(horse).ctrl == 1 and t.thing(horse).since == t.s.turn
    assert "overpower" in t.kw(horse)


@pytest.mark.cards("dothram-horselord")
def test_dothram_horselord_stays_on_a_tie() -> None:
    t = table(gold=0)
    horse = t.put(0, "Dothram Horselord")  # 6 + Midori's 2
    t.put(1, "Oversized Rhinoceros")
    t.put(1, "Wisp")  # 7 + 0... one short
    t.put(1, "Merfolk Prospector")  # 8: equal totals, nobody has more
    t.end_turn()
    t.end_turn()
    assert t.thing(horse).ctrl == 0


@pytest.mark.cards("blooming-ancient")
def test_blooming_ancient_grows_when_another_fighter_of_yours_arrives() -> None:
    t = table()
    ba = t.put(0, "Blooming Ancient")
    t.give(0, "Tiger Cub", "Verdant Tree", "Rampant Growth")
    t.act("play Tiger Cub")
    assert t.thing(ba).runes == 1
    t.act("play Verdant Tree")  # a building: no rune
    assert t.thing(ba).runes == 1
    t.put(1, "Older Brother")
    t.effect(1, [{"op": "summon", "token": "wisp", "n": 1}])  # the opponent's arrivals don't count
    assert t.thing(ba).runes == 1
    t.act("ability Blooming Ancient")
    assert t.s.pending is not None and ba not in t.s.pending["options"]
    t.act("choose Tiger Cub")
    (cub,) = things(t, "tiger-cub")
    assert t.thing(ba).runes == 0 and t.thing(cub).runes == 1
    assert not t.can("ability Blooming Ancient")


@pytest.mark.cards("blooming-elm")
def test_blooming_elm_runes_and_overpower() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="growth")
    elm = t.put(0, "Blooming Elm")
    cub = t.put(0, "Tiger Cub")
    h = hero_of(t)
    assert "overpower" not in t.kw(cub)
    t.act("ability Blooming Elm")
    t.act("choose Tiger Cub")
    assert t.thing(cub).runes == 3 and "overpower" in t.kw(cub) and t.thing(elm).exhausted
    t.end_turn()
    t.end_turn()
    t.act("ability Blooming Elm")
    t.act("choose Master Midori")
    assert t.thing(h).runes == 1 and "overpower" in t.kw(h)


@pytest.mark.cards("might-of-leaf-and-claw")
def test_might_of_leaf_and_claw_counts_hits_and_pumps_at_five() -> None:
    t = table()
    might = t.put(0, "Might of Leaf and Claw")
    cubs = [t.put(0, "Tiger Cub") for _ in range(5)]
    h = hero_of(t)
    foe = t.put(1, "Tiger Cub")
    for i, c in enumerate(cubs[:4]):
        t.act(f"attack {t.name(c)} -> base")
        assert t.thing(might).marks == {"growth": i + 1}
    assert (t.atk(cubs[4]), t.hp(cubs[4])) == (2, 2)
    t.act(f"attack {t.name(cubs[4])} -> base")
    assert t.thing(might).marks == {"growth": 5}
    assert (t.atk(cubs[0]), t.hp(cubs[0])) == (7, 7) and (t.atk(h), t.hp(h)) == (7, 8)
    assert (t.atk(foe), t.hp(foe)) == (2, 2)


@pytest.mark.cards("might-of-leaf-and-claw")
def test_might_of_leaf_and_claw_ignores_defenders() -> None:
    t = table()
    might = t.put(0, "Might of Leaf and Claw")
    t.put(0, "Tiger Cub", slot="squad leader")
    t.end_turn()
    t.put(1, "Older Brother")
    t.act("attack Older Brother -> Tiger Cub")
    assert t.thing(might).marks == {}  # our patroller dealt damage, but not as an attacker of ours


@pytest.mark.cards("stampede")
def test_stampede_pumps_units_and_sends_excess_to_the_base() -> None:
    t = table("argagarg-garg", level=5)
    t.thing(hero_of(t)).max_at_start = True
    cub = t.put(0, "Tiger Cub")
    foe = t.put(1, "Older Brother")
    t.give(0, "Stampede")
    t.act("play Stampede")
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (5, 3)
    t.act("attack Tiger Cub -> Older Brother")
    assert not t.alive(foe) and t.base(1) == 3  # 2 to kill it, 3 more to the base
    assert t.thing(cub).damage == 0 and t.thing(cub).armor_used == 2
    t.end_turn()
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (2, 0)


@pytest.mark.cards("stampede")
def test_stampede_only_covers_units_in_play_when_it_resolves() -> None:
    t = table("argagarg-garg", level=5)
    t.thing(hero_of(t)).max_at_start = True
    t.give(0, "Stampede", "Tiger Cub")
    t.put(1, "Older Brother")
    t.act("play Stampede")
    t.act("play Tiger Cub")
    (cub,) = things(t, "tiger-cub")
    assert t.atk(cub) == 2


def stampede_table() -> Table:
    """Argagarg Garg at max since the start of the turn, Tiger Cub, and P2's Wisp patrolling as scavenger."""
    t = table("argagarg-garg", level=5)
    t.thing(hero_of(t)).max_at_start = True
    t.put(0, "Tiger Cub")
    t.put(1, "Wisp", slot="scavenger")
    t.give(0, "Stampede")
    t.act("play Stampede")
    return t


@pytest.mark.cards("stampede")
def test_stampede_does_not_follow_a_unit_that_left_play_and_came_back() -> None:
    t = stampede_table()
    (cub,) = things(t, "tiger-cub")
    t.effect(0, [{"op": "bounce", "to": {"each": {"kind": ["unit"], "card": "tiger-cub"}}}])
    t.act("play Tiger Cub")  # the same card, back in play as a new unit: neither +3/+3 nor the excess rule
    t.thing(cub).since = t.thing(cub).arrived = t.s.turn - 1  # let it attack at once
    assert t.atk(cub) == 2
    t.act("attack Tiger Cub -> Wisp")
    assert t.base(1) == 0


@pytest.mark.cards("stampede", "polymorph-squirrel", "dinosize")
def test_stampede_is_lost_with_the_other_earlier_effects_when_polymorphed() -> None:
    t = stampede_table()
    (cub,) = things(t, "tiger-cub")
    t.give(0, "Polymorph: Squirrel", "Dinosize")
    t.act("play Polymorph: Squirrel")
    t.act("choose Tiger Cub")
    t.act("play Dinosize")
    t.act("choose Tiger Cub")  # a later effect applies: 7 ATK
    assert t.atk(cub) == 7
    t.act("attack Tiger Cub -> Wisp")
    assert t.base(1) == 0  # 6 more than the Wisp needed, and none of it reaches the base


@pytest.mark.cards("galina-glimmer")
def test_galina_glimmer_gold_for_every_two_green_units() -> None:
    t = table(gold=0)
    t.put(0, "Galina Glimmer")
    for _ in range(3):
        t.put(0, "Wisp")
    t.put(0, "Older Brother")  # not green
    t.put(1, "Tiger Cub")  # not ours
    workers = t.s.players[0].workers
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == workers + 2
    assert "legendary" in t.kw(things(t, "galina-glimmer")[0])


@pytest.mark.cards("guargum-eternal-sentinel")
def test_guargum_makes_growth_spells_free_and_heroless() -> None:
    t = Table()
    t.clear()
    t.gold(0, 0)
    gu = t.put(0, "Guargum, Eternal Sentinel")
    assert {"resist", "obliterate"} <= set(t.kw(gu)) and t.kw(gu)["resist"] == 2
    t.put(0, "Tiger Cub")
    t.put(1, "Older Brother")
    t.give(0, "Dinosize", "Rampant Growth")
    assert t.can("play Dinosize") and not t.can("play Rampant Growth")
    t.act("play Dinosize")
    t.act("choose Tiger Cub")
    (cub,) = things(t, "tiger-cub")
    assert t.atk(cub) == 8 and t.s.players[0].gold == 0


@pytest.mark.cards("polymorph-squirrel")
def test_polymorph_squirrel_until_the_casters_next_upkeep() -> None:
    t = table("argagarg-garg")
    bear = t.put(1, "Barkcoat Bear")
    t.put(0, "Tiger Cub")
    t.give(0, "Polymorph: Squirrel")
    t.act("play Polymorph: Squirrel")
    t.act("choose Barkcoat Bear")
    assert t.s.players[0].gold == 20 - 3 - 2  # resist 2 was paid while it was still a Bear
    assert (t.atk(bear), t.hp(bear)) == (1, 1) and not t.kw(bear)
    assert t.q.card(t.thing(bear)).facts.colour == "green" and "squirrel" in t.q.card(t.thing(bear)).subtypes
    assert t.name(bear).startswith("Barkcoat Bear")  # still named by its own card
    t.end_turn()
    assert (t.atk(bear), t.hp(bear)) == (1, 1)  # through the opponent's turn
    t.end_turn()
    assert (t.atk(bear), t.hp(bear)) == (5, 5) and t.kw(bear)["resist"] == 2


@pytest.mark.cards("polymorph-squirrel", "moss-ancient", "master-midori")
def test_polymorph_squirrel_makes_a_real_squirrel() -> None:
    t = table("argagarg-garg")
    t.put(0, "master-midori", level=5)
    t.put(0, "Moss Ancient")
    cub = t.put(0, "Barkcoat Bear")
    t.give(0, "Polymorph: Squirrel")
    t.act("play Polymorph: Squirrel")  # Moss Ancient is untargetable: the Bear is the only unit to pick
    # Your squirrels have haste and invisibility (Moss Ancient) and so have abilities: no Midori bonus.
    assert {"haste", "invisible"} <= set(t.kw(cub)) and (t.atk(cub), t.hp(cub)) == (1, 1)
    dead = t.put(0, "Tiger Cub", damage=1)
    t.give(0, "Polymorph: Squirrel")
    t.act("play Polymorph: Squirrel")
    t.act(f"choose {t.name(dead)}")
    assert not t.alive(dead) and dead in t.s.players[0].discard  # a card, not a token: to the discard


# ------------------------------------------------------------------------------------------ codex and peace


@pytest.mark.cards("moments-peace")
def test_moments_peace_until_your_next_turn() -> None:
    t = table()
    cub = t.put(0, "Tiger Cub")
    t.act("patrol Tiger Cub squad leader")
    t.act("patrol Master Midori elite")
    t.give(0, "Moment's Peace")
    t.act("play Moment's Peace")
    assert not any(a.startswith("patrol Tiger Cub") for a in t.legal())  # units can't patrol...
    assert t.can("patrol Master Midori scavenger")  # ...heroes may
    foe = t.put(1, "Older Brother")
    river = t.put(1, "river-montoya")
    t.end_turn()
    assert t.s.players[0].patrol == [0, hero_of(t), 0, 0, 0]  # the Cub was taken off the plan
    assert not any(a.startswith("attack Older Brother") for a in t.legal())
    assert t.can("attack River Montoya -> Master Midori")  # a hero may attack (the patrolling Midori first)
    t.end_turn()
    t.act("patrol Tiger Cub squad leader")  # our next turn: over
    t.end_turn()
    assert t.can("attack Older Brother -> Tiger Cub") and t.alive(cub) and t.alive(foe) and t.alive(river)


@pytest.mark.cards("nature-reclaims")
def test_nature_reclaims_trashes_an_upgrade_ongoing_spell_or_building_card_and_itself() -> None:
    t = table()
    earth = t.put(1, "Rich Earth")
    ferns = t.put(1, "Behind the Ferns")
    tree = t.put(1, "Verdant Tree")
    t.built(1, "tech1")
    t.give(0, "Nature Reclaims")
    t.act("play Nature Reclaims")
    assert sorted(t.s.pending["options"]) == sorted([earth, ferns, tree])
    t.act("choose Behind the Ferns")
    assert not t.alive(ferns) and ferns in t.s.players[1].removed
    nr = next(u for u in t.s.players[0].removed)
    assert t.s.cards[nr][0] == "nature-reclaims" and not t.s.players[0].discard


@pytest.mark.cards("nature-reclaims")
def test_nature_reclaims_needs_something_to_trash() -> None:
    t = table()
    t.built(1, "tech1")
    t.give(0, "Nature Reclaims")
    assert not t.can("play Nature Reclaims")


@pytest.mark.cards("circle-of-life")
def test_circle_of_life_trades_a_green_unit_for_one_a_tech_higher() -> None:
    t = table()
    t.s.players[0].codex = {"gemscout-owl": 2, "tiny-basilisk": 2, "chameleon": 2, "iron-man": 2}
    t.put(0, "Older Brother")  # not green: cannot be sacrificed to it
    cub = t.put(0, "Tiger Cub")
    t.give(0, "Circle of Life")
    t.act("play Circle of Life")
    assert not t.alive(cub) and cub in t.s.players[0].discard
    # Green tech I units: Gemscout Owl and Tiny Basilisk (not the tech II Chameleon nor Iron Man, not green).
    assert t.s.pending["options"] == ["gemscout-owl", "tiny-basilisk"]
    assert "choose Tiny Basilisk" in t.legal()
    t.act("choose Tiny Basilisk")
    (tb,) = things(t, "tiny-basilisk")
    assert t.s.players[0].codex["tiny-basilisk"] == 1 and t.thing(tb).arrived == t.s.turn
    assert t.s.players[0].gold == 20 - 3


@pytest.mark.cards("circle-of-life", "manufactured-truth")
def test_circle_of_life_reads_the_tech_level_the_unit_had_as_it_was_sacrificed() -> None:
    t = table()
    t.s.players[0].codex = {"gemscout-owl": 2, "chameleon": 2}
    cub = t.put(0, "Tiger Cub")
    t.put(1, "Tiny Basilisk")
    t.give(0, "Manufactured Truth", "Circle of Life")
    t.act("play Manufactured Truth")  # this turn the Cub is a copy of the tech I Tiny Basilisk
    assert t.thing(cub).card == "tiny-basilisk"
    t.act("play Circle of Life")
    assert not t.alive(cub)
    # One tech higher than the tech I unit it was (the card is a tech 0 Tiger Cub again in the discard).
    assert t.s.pending["options"] == ["chameleon"]


@pytest.mark.cards("tiny-basilisk")
def test_tiny_basilisk_ignores_tech_0_units() -> None:
    t = table()
    tb = t.put(0, "Tiny Basilisk")
    t.put(1, "Tiger Cub", slot="squad leader")
    assert t.can("attack Tiny Basilisk -> base")  # a tech 0 patroller can't stop it
    t.s.players[1].patrol = [0, 0, 0, 0, 0]
    iron = t.put(1, "Iron Man", slot="squad leader")
    assert not t.can("attack Tiny Basilisk -> base") and t.can("attack Tiny Basilisk -> Iron Man")
    assert "deathtouch" in t.kw(tb) and t.alive(iron)
    t.end_turn()
    t.put(1, "Tiger Cub")
    t.put(1, "Wisp")
    attacks = {a for a in t.legal() if a.endswith("-> Tiny Basilisk")}
    assert attacks == {"attack Iron Man -> Tiny Basilisk"}  # tech 0 units can't attack it


@pytest.mark.cards("feral-strike")
def test_feral_strike_fetch_or_put_and_both_when_boosted() -> None:
    t = table("calamandra-moss", level=5)
    t.thing(hero_of(t)).max_at_start = True
    t.s.players[0].codex = {"huntress": 2, "gigadon": 2, "ferocity": 2}
    t.give(0, "Feral Strike", "Tiger Cub")
    t.act("play Feral Strike")
    assert t.s.pending["options"] == ["fetch", "put into play"]
    t.act("choose fetch")
    assert t.s.pending["options"] == ["gigadon", "huntress", "done"]  # units only
    t.act("choose Huntress")
    t.act("choose Huntress")
    hand = sorted(t.s.cards[u][0] for u in t.s.players[0].hand)
    assert hand == ["huntress", "huntress", "tiger-cub"] and "huntress" not in t.s.players[0].codex
    fetched = [u for u in t.s.players[0].hand if t.s.cards[u][0] == "huntress"]
    assert set(fetched) <= set(t.s.known)  # revealed
    t.gold(0, 20)
    t.give(0, "Feral Strike")
    t.built(0, "tech1")
    t.act("play Feral Strike boost")
    t.act("choose Gigadon")
    t.act("choose done")
    # Then up to two units from hand whose tech building we have: the Cub (tech 0: the base) and the
    # Huntresses (tech I), not Gigadon (no tech II building).
    ok = sorted(u for u in t.s.players[0].hand if t.s.cards[u][0] != "gigadon")
    assert sorted(t.s.pending["options"][:-1]) == ok and len(ok) == 3
    t.act("choose Tiger Cub")
    t.act(f"choose {t.name(t.s.pending['options'][0])}")
    assert len(things(t, "huntress", 0)) == 1 and len(things(t, "tiger-cub", 0)) == 1
    assert t.s.players[0].gold == 20 - 8 and t.s.pending is None


@pytest.mark.cards("feral-strike", "injunction")
def test_feral_strike_needs_an_operational_tech_building() -> None:
    t = table("calamandra-moss", level=5)
    t.thing(hero_of(t)).max_at_start = True
    t.built(0, "tech1")
    t.s.players[0].marks["tech1 off"] = t.s.players[0].turns  # an opponent's Injunction: out of order this turn
    t.s.players[0].codex = {}
    t.give(0, "Feral Strike", "Tiger Cub", "Huntress")
    t.act("play Feral Strike")  # nothing to fetch: the put-into-play mode
    assert [t.s.cards[u][0] for u in t.s.pending["options"] if u != "none"] == ["tiger-cub"]  # the base serves


@pytest.mark.cards("stalking-tiger")
def test_stalking_tiger_sneaks_to_units_and_hides_with_a_feral_hero() -> None:
    t = table()
    st = t.put(0, "Stalking Tiger")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "Iron Man")
    assert t.can("attack Stalking Tiger -> Iron Man")  # stealth while attacking a unit
    assert not t.can("attack Stalking Tiger -> base")
    assert "invisible" not in t.kw(st)
    t.put(0, "calamandra-moss")
    assert "invisible" in t.kw(st) and t.can("attack Stalking Tiger -> base")


@pytest.mark.cards("predator-tiger")
def test_predator_tiger_passes_tech_0_and_trashes_a_worker_at_the_base() -> None:
    t = table()
    t.put(0, "Predator Tiger")
    t.put(1, "Older Brother", slot="squad leader")
    workers = t.s.players[1].workers
    t.act("attack Predator Tiger -> base")
    assert t.base(1) == 4 and t.s.players[1].workers == workers - 1


@pytest.mark.cards("gigadon")
def test_gigadon_costs_less_per_green_unit() -> None:
    t = table("calamandra-moss")
    t.built(0, "tech1")
    t.built(0, "tech2", spec="feral")
    for _ in range(3):
        t.put(0, "Wisp")
    t.put(0, "Older Brother")
    t.put(1, "Tiger Cub")
    t.give(0, "Gigadon")
    t.act("play Gigadon")
    assert t.s.players[0].gold == 20 - 6
    (gi,) = things(t, "gigadon")
    assert "overpower" in t.kw(gi) and (t.atk(gi), t.hp(gi)) == (8, 8)


@pytest.mark.cards("calamandra-moss")
def test_calamandra_moss_all_bands() -> None:
    t = table("calamandra-moss", gold=4)
    h = hero_of(t)
    cub = t.put(0, "Tiger Cub")
    t.put(1, "Older Brother", slot="squad leader")
    t.give(0, "Tiger Cub")
    assert not t.can("ability Calamandra Moss")  # two cards to discard
    t.give(0, "Young Treant", "Rich Earth")
    t.act("ability Calamandra Moss")
    assert len(t.s.pending["options"]) == 3
    t.act("choose Young Treant")
    t.act("choose Rich Earth")
    assert len(t.s.players[0].hand) == 1 and len(t.s.players[0].discard) == 2
    assert "stealth" in t.kw(h) and t.can("attack Calamandra Moss -> base")
    assert "resist" not in t.kw(cub)
    t.thing(h).level = 3
    assert t.kw(cub)["resist"] == 1 and "resist" not in t.kw(h)
    t.thing(h).level = 5
    t.thing(h).exhausted = False
    t.s.players[0].codex = {"stalking-tiger": 1, "huntress": 2}
    t.act("ability Calamandra Moss: tiger")
    assert t.s.pending["options"] == ["stalking-tiger"]  # Tigers only: not the Huntress
    t.act("choose Stalking Tiger")
    assert things(t, "stalking-tiger", 0) and t.s.players[0].gold == 0 and t.thing(h).exhausted
    assert not t.s.players[0].codex.get("stalking-tiger")


@pytest.mark.cards("tyrannosaurus-rex")
def test_tyrannosaurus_rex_destroys_up_to_two_units_upgrades_or_workers() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    t.built(0, "tech3")
    bear = t.put(1, "Barkcoat Bear")
    earth = t.put(1, "Rich Earth")
    t.give(0, "Tyrannosaurus Rex")
    t.act("play Tyrannosaurus Rex")
    (rex,) = things(t, "tyrannosaurus-rex")
    assert {"overpower", "resist"} <= set(t.kw(rex)) and t.kw(rex)["resist"] == 2
    opts = t.s.pending["options"]
    assert {bear, earth, rex, "p1 worker", "p2 worker", "done"} <= set(opts)
    t.act("choose Barkcoat Bear")
    assert t.s.players[0].gold == 20 - 8 - 2  # resist paid when targeted
    t.act("choose done")
    assert not t.alive(bear) and t.alive(earth) and t.s.pending is None


@pytest.mark.cards("tyrannosaurus-rex")
def test_tyrannosaurus_rex_may_destroy_nothing() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    t.built(0, "tech3")
    workers = t.s.players[1].workers
    t.give(0, "Tyrannosaurus Rex")
    t.act("play Tyrannosaurus Rex")
    t.act("choose done")
    assert t.s.players[1].workers == workers and len(t.s.things) == 2


@pytest.mark.cards("tyrannosaurus-rex")
def test_tyrannosaurus_rex_must_target_a_flagbearer_first() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    t.built(0, "tech3")
    flag = t.put(1, "Granfalloon Flagbearer")
    t.put(1, "Older Brother")
    t.give(0, "Tyrannosaurus Rex")
    t.act("play Tyrannosaurus Rex")
    assert t.s.pending["options"] == [flag, "done"]  # no worker, no other unit until the flagbearer is picked
    t.act("choose Granfalloon Flagbearer")
    assert "p2 worker" in t.s.pending["options"] and len(t.s.pending["options"]) > 3


@pytest.mark.cards("verdant-tree")
def test_verdant_tree_finishes_a_building_already_under_way() -> None:
    t = table()
    t.workers(0, 10)
    t.put(0, "Verdant Tree")
    t.act("build tech1")
    assert t.s.players[0].tech[0].status == "building"
    t.act("ability Verdant Tree")
    assert t.s.players[0].tech[0].status == "built"
    t.act("build surplus")
    assert t.s.players[0].addon is not None and t.s.players[0].addon.status == "building"  # not a tech building


# ------------------------------------------------------------------------------------------ free-for-all


def ffa_table() -> Table:
    t = Table(players=3, hero1="master-midori", hero2="troq-bashar", hero3="river-montoya")
    t.clear()
    t.gold(0, 20)
    return t


@pytest.mark.cards("final-showdown", "hunter")
def test_final_showdown_in_free_for_all_the_caster_picks_the_opponent() -> None:
    t = ffa_table()
    h = t.put(0, "master-midori", level=8)
    t.thing(h).max_at_start = True
    t.give(0, "Final Showdown")
    t.act("play Final Showdown")
    assert t.s.pending["kind"] == "opponent"
    t.act("choose p3")
    assert [th.ctrl for th in t.s.things.values() if th.card == "hunter"] == [2, 2]


@pytest.mark.cards("moments-peace")
def test_moments_peace_in_free_for_all_protects_only_the_caster() -> None:
    t = ffa_table()
    t.put(0, "master-midori")
    t.give(0, "Moment's Peace")
    t.act("play Moment's Peace")
    t.end_turn()
    t.put(1, "Older Brother")
    t.put(2, "Tiger Cub")
    targets = {a.split(" -> ")[1] for a in t.legal() if a.startswith("attack Older Brother ->")}
    assert targets and all("p1" not in x and x != "Master Midori" for x in targets)
    assert any("Tiger Cub" in x or "p3" in x for x in targets)


# ------------------------------------------------------------------------------------------ 2v2


def two_v_two() -> Table:
    """P1+P3 against P2+P4; team B (P2, P4) is on turn."""
    t = Table(
        players=4,
        mode="2v2",
        hero1="master-midori",
        hero2="calamandra-moss",
        hero3="river-montoya",
        hero4="troq-bashar",
    )
    t.clear()
    t.end_turn()
    return t


@pytest.mark.cards("predator-tiger")
def test_predator_tiger_in_2v2_takes_a_worker_of_either_partner_at_the_shared_base() -> None:
    t = two_v_two()
    t.put(1, "Predator Tiger")
    t.workers(0, 0)  # the team's first seat, whose record holds the base, has no worker left...
    t.act("attack Predator Tiger -> base", 1)
    assert t.s.pending is None and [p.workers for p in t.s.players] == [0, 5, 3, 5]  # ...its partner has


@pytest.mark.cards("predator-tiger")
def test_predator_tiger_in_2v2_the_attacker_picks_whose_worker_when_both_have_one() -> None:
    t = two_v_two()
    t.put(1, "Predator Tiger")
    t.act("attack Predator Tiger -> base", 1)
    assert t.s.pending["options"] == ["p1 workers", "p3 workers"] and t.chooser() == 1
    t.act("choose p3 workers", 1)
    assert [p.workers for p in t.s.players] == [4, 5, 3, 5]


@pytest.mark.cards("predator-tiger")
def test_predator_tiger_in_free_for_all_hits_the_player_whose_base_it_hit() -> None:
    t = ffa_table()
    t.put(0, "Predator Tiger")
    t.act("attack Predator Tiger -> p3 base")
    assert t.s.pending is None and [p.workers for p in t.s.players] == [4, 5, 4]


@pytest.mark.cards("master-midori", "calamandra-moss", "behind-the-ferns", "moss-ancient", "might-of-leaf-and-claw")
def test_in_2v2_your_units_statics_leave_the_partners_units_alone() -> None:
    """Your units are what the card's controller controls: a 2v2 partner's units are friendly, not yours."""
    t = two_v_two()
    t.put(0, "master-midori", level=5)
    t.put(1, "calamandra-moss", level=3)
    t.put(1, "Behind the Ferns")
    t.put(1, "Moss Ancient")
    midori_own, midori_partner = t.put(0, "Tiger Cub"), t.put(2, "Tiger Cub")
    assert (t.atk(midori_own), t.hp(midori_own)) == (3, 3)
    assert (t.atk(midori_partner), t.hp(midori_partner)) == (2, 2)
    own, partner = t.put(1, "Squirrel"), t.put(3, "Squirrel")
    assert {"resist", "stealth", "haste", "invisible"} <= set(t.kw(own))
    assert not {"resist", "stealth", "haste", "invisible"} & set(t.kw(partner))
    might = t.put(1, "Might of Leaf and Claw")
    t.thing(might).marks["growth"] = 5
    assert (t.atk(own), t.hp(own)) == (6, 6)
    assert (t.atk(partner), t.hp(partner)) == (1, 1)


@pytest.mark.cards("ferocity", "forests-favor", "gigadon")
def test_in_2v2_your_and_friendly_are_told_apart() -> None:
    t = two_v_two()
    t.put(1, "calamandra-moss")
    t.gold(1, 20)
    own, partner = t.put(1, "Tiger Cub"), t.put(3, "Tiger Cub")
    t.give(1, "Ferocity")
    t.act("play Ferocity", 1)
    assert "swift strike" in t.kw(own) and "swift strike" not in t.kw(partner)
    # Forest's Favor says "friendly": the partner's unit may be picked.
    t.give(1, "Forest's Favor")
    t.act("play Forest's Favor", 1)
    assert partner in t.s.pending["options"] and own in t.s.pending["options"]
    t.act(f"choose {t.name(partner)}", 1)
    assert t.thing(partner).runes == 1
    # Gigadon counts only its player's own green units (the Tiger Cub), not the partner's Wisps.
    t.built(1, "tech1")
    t.built(1, "tech2", spec="feral")
    t.put(3, "Wisp")
    t.put(3, "Wisp")
    t.give(1, "Gigadon")
    before = t.s.players[1].gold
    t.act("play Gigadon", 1)
    assert before - t.s.players[1].gold == 9 - 1


@pytest.mark.cards("galina-glimmer")
def test_galina_glimmer_in_2v2_counts_only_her_players_green_units() -> None:
    t = two_v_two()
    t.put(0, "Galina Glimmer")
    t.put(0, "Tiger Cub")
    t.put(2, "Tiger Cub")
    t.put(2, "Tiger Cub")
    before, workers = t.s.players[0].gold, t.s.players[0].workers
    t.end_turn()
    assert t.s.players[0].gold - before == workers + 1


@pytest.mark.cards("stampede")
def test_stampede_in_free_for_all_sends_the_excess_to_the_base_of_the_unit_hit() -> None:
    t = ffa_table()
    h = t.put(0, "argagarg-garg", level=5)
    t.thing(h).max_at_start = True
    t.put(0, "Oversized Rhinoceros")
    cub = t.put(2, "Tiger Cub")
    t.give(0, "Stampede")
    t.act("play Stampede")
    t.act("attack Oversized Rhinoceros -> Tiger Cub")
    assert not t.alive(cub) and [t.base(s) for s in range(3)] == [0, 0, 10 - 2]


@pytest.mark.cards("final-showdown", "hunter")
def test_final_showdown_in_2v2_gives_the_hunters_to_a_player_of_the_other_team() -> None:
    t = two_v_two()
    h = t.put(1, "master-midori", level=8)
    t.thing(h).max_at_start = True
    t.gold(1, 10)
    t.give(1, "Final Showdown")
    t.act("play Final Showdown", 1)
    assert t.s.pending["options"] == ["p1", "p3"] and t.chooser() == 1
    t.act("choose p3", 1)
    assert [th.ctrl for th in t.s.things.values() if th.card == "hunter"] == [2, 2]


@pytest.mark.cards("young-treant")
def test_young_treant_draws_exactly_one_card() -> None:
    t = table()
    t.give(0, "Tiger Cub", "Tiger Cub", zone="deck")
    t.give(0, "Young Treant")
    t.act("play Young Treant")
    assert len(t.s.players[0].hand) == 1 and len(t.s.players[0].deck) == 1


@pytest.mark.cards("potent-basilisk")
def test_potent_basilisk_may_pick_an_ongoing_spell_but_no_unit() -> None:
    t = table()
    t.built(0, "tech1")
    t.built(0, "tech2", spec="balance")
    t.put(1, "calamandra-moss")
    ferns = t.put(1, "Behind the Ferns")
    earth = t.put(1, "Rich Earth")
    t.put(1, "Tiger Cub")
    t.give(0, "Potent Basilisk")
    t.act("play Potent Basilisk")
    t.act("choose yes")
    assert sorted(t.s.pending["options"]) == sorted([ferns, earth])
    t.act(f"choose {t.name(ferns)}")
    assert not t.alive(ferns) and t.alive(earth)


@pytest.mark.cards("circle-of-life")
def test_circle_of_life_offers_no_unit_costing_more_than_5() -> None:
    t = table()
    t.s.players[0].codex = {"rampaging-elephant": 2, "oversized-rhinoceros": 2}
    t.put(0, "Tiny Basilisk")
    t.give(0, "Circle of Life")
    t.act("play Circle of Life")
    # Rampaging Elephant (6 gold) is out of reach; the Rhinoceros (5) is the only choice.
    assert t.s.pending["options"] == ["oversized-rhinoceros"]


@pytest.mark.cards("predator-tiger")
def test_predator_tiger_is_stopped_by_a_tech_1_patroller() -> None:
    t = table()
    t.put(0, "Predator Tiger")
    t.put(1, "Centaur", slot="squad leader")
    assert not t.can("attack Predator Tiger -> base") and t.can("attack Predator Tiger -> Centaur")


@pytest.mark.cards("stalking-tiger")
def test_stalking_tiger_has_no_stealth_attacking_a_hero() -> None:
    t = table()
    t.put(0, "Stalking Tiger")
    t.put(1, "Older Brother", slot="squad leader")
    t.put(1, "troq-bashar")
    assert not t.can("attack Stalking Tiger -> Troq Bashar") and t.can("attack Stalking Tiger -> Older Brother")


@pytest.mark.cards("feral-strike")
def test_feral_strike_puts_at_most_two_units_into_play() -> None:
    t = table("calamandra-moss", level=5)
    t.thing(hero_of(t)).max_at_start = True
    t.give(0, "Feral Strike", "Tiger Cub", "Tiger Cub", "Tiger Cub")
    t.act("play Feral Strike")
    t.act("choose put into play")
    t.act(f"choose {t.name(t.s.pending['options'][0])}")
    t.act(f"choose {t.name(t.s.pending['options'][0])}")
    assert t.s.pending is None and len(things(t, "tiger-cub", 0)) == 2 and len(t.s.players[0].hand) == 1


@pytest.mark.cards("galina-glimmer")
def test_galina_glimmer_counts_green_units_only() -> None:
    t = table(gold=0)
    t.put(0, "Galina Glimmer")
    t.put(0, "Wisp")
    t.put(0, "Older Brother")
    t.put(0, "Older Brother")
    workers = t.s.players[0].workers
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == workers + 1  # two green units of four


@pytest.mark.cards("argagarg-garg")
def test_argagarg_garg_buff_ends_with_the_turn() -> None:
    t = table("argagarg-garg", level=3)
    cub = t.put(0, "Tiger Cub")
    t.act("ability Argagarg Garg")
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (3, 1)
    t.end_turn()
    assert (t.atk(cub), t.q.armor_total(t.thing(cub))) == (2, 0)


@pytest.mark.cards("dothram-horselord")
def test_dothram_horselord_stays_on_a_tie_whoever_is_seated_first() -> None:
    t = table(gold=0)
    t.put(0, "Tiger Cub")
    t.put(0, "Tiger Cub")  # P1: Midori's 2 + 2 + 2
    horse = t.put(1, "Dothram Horselord")  # P2: 6
    t.end_turn()  # P2's upkeep
    assert t.thing(horse).ctrl == 1


@pytest.mark.cards("stalking-tiger", "stampede")
def test_in_2v2_a_partners_feral_hero_or_stampede_does_not_count_as_yours() -> None:
    t = two_v_two()
    st = t.put(3, "Stalking Tiger")  # P4's; P2 (its partner) has Calamandra Moss
    t.put(1, "calamandra-moss")
    assert "invisible" not in t.kw(st)
    h = t.put(1, "argagarg-garg", level=5)
    t.thing(h).max_at_start = True
    t.gold(1, 10)
    rhino = t.put(3, "Oversized Rhinoceros")
    cub = t.put(0, "Tiger Cub")
    t.give(1, "Stampede")
    t.act("play Stampede", 1)
    assert t.atk(rhino) == 7
    t.act("attack Oversized Rhinoceros -> Tiger Cub", 3)
    assert not t.alive(cub) and t.base(0) == 0


@pytest.mark.cards("master-midori", "calamandra-moss", "argagarg-garg")
@pytest.mark.parametrize(
    ("hero", "bands"),
    [
        ("master-midori", {1: (2, 3), 4: (2, 3), 5: (3, 4), 7: (3, 4), 8: (4, 5)}),
        ("calamandra-moss", {1: (2, 3), 2: (2, 3), 3: (3, 4), 4: (3, 4), 5: (4, 5)}),
        ("argagarg-garg", {1: (1, 3), 2: (1, 3), 3: (1, 4), 4: (1, 4), 5: (1, 5)}),
    ],
)
def test_green_hero_bands_have_their_printed_stats(hero: str, bands: dict[int, tuple[int, int]]) -> None:
    for level, stats in bands.items():
        t = Table(hero1=hero, hero2="troq-bashar")
        t.clear()
        h = t.put(0, hero, level=level)
        assert (t.atk(h), t.hp(h)) == stats, level


@pytest.mark.cards("verdant-tree")
def test_verdant_tree_heals_the_partners_units_in_2v2() -> None:
    """Healing reaches friendly units and heroes: a 2v2 partner's count as friendly."""
    t = two_v_two()
    t.put(0, "Verdant Tree")
    partner = t.put(2, "Tiger Cub", damage=1)
    enemy = t.put(1, "Tiger Cub", damage=1)
    t.end_turn()  # team A's upkeep
    assert t.thing(partner).damage == 0 and t.thing(enemy).damage == 1
