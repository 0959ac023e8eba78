"""Blue's Peace spec, General Onimaru and his Soldier tokens: Boot Camp, Elite Training, General's Hammer,
The Art of War, Overeager Cadet, Brave Knight, Drill Sergeant, Flagstone Spy, Debilitator Alpha, Air Hammer,
Flagstone Garrison, Patriot Gryphon."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table


def table(level: int = 1, gold: int = 20, max_since_start: bool = False) -> Table:
    """P1 (active) with General Onimaru in play and gold; P2 with nothing. Hands and decks are empty."""
    t = Table(hero1="general-onimaru")
    t.clear()
    t.gold(0, gold)
    h = t.put(0, "general-onimaru", level=level)
    t.thing(h).max_at_start = max_since_start
    return t


def things(t: Table, card: str, seat: int | None = None) -> list[int]:
    return sorted(u for u, th in t.s.things.items() if th.card == card and (seat is None or th.ctrl == seat))


def onimaru(t: Table) -> int:
    return things(t, "general-onimaru")[0]


# -------------------------------------------------------------------------------------------- Boot Camp


@pytest.mark.cards("boot-camp")
def test_boot_camp_exhausts_sidelines_adds_a_rune_and_draws() -> None:
    t = table()
    t.give(0, "Boot Camp")
    t.give(0, "Spark", zone="deck")
    u = t.put(1, "Older Brother", slot="elite")
    t.act("play Boot Camp")  # General Onimaru is a Peace hero: the brother is the only choice
    th = t.thing(u)
    assert th.exhausted and th.runes == 1 and u not in t.s.players[1].patrol and len(t.s.players[0].hand) == 1


@pytest.mark.cards("boot-camp")
def test_boot_camp_on_something_already_exhausted_still_gives_the_rune() -> None:
    t = table()
    t.give(0, "Boot Camp")
    mine = t.put(0, "Tenderfoot", exhausted=True)
    foe_hero = t.put(1, "troq-bashar")
    t.act("play Boot Camp")
    assert "choose Troq Bashar" in t.legal()  # a hero of another spec is fine
    t.act("choose Tenderfoot")
    assert t.thing(mine).runes == 1 and t.thing(foe_hero).runes == 0


# ----------------------------------------------------------------------------------------- Elite Training


@pytest.mark.cards("elite-training")
def test_elite_training_buffs_up_to_two_of_yours_until_your_next_upkeep() -> None:
    t = table()
    t.give(0, "Elite Training")
    a = t.put(0, "Older Brother")
    b = t.put(0, "Tenderfoot")
    t.act("play Elite Training")
    t.act("choose Older Brother")
    t.act("choose Tenderfoot")
    assert t.atk(a) == 3 and {"anti-air", "sparkshot"} <= set(t.kw(a)) and t.q.armor_left(t.thing(b)) == 1
    t.act("end")
    assert t.atk(a) == 3  # through the opponent's turn
    t.end_turn()
    assert t.atk(a) == 2 and "sparkshot" not in t.kw(a)


# -------------------------------------------------------------------------------------- General's Hammer


@pytest.mark.cards("generals-hammer")
def test_generals_hammer_deals_three_to_a_building() -> None:
    t = table()
    t.built(1, "tech1")
    t.give(0, "General's Hammer")
    t.act("play General's Hammer")
    t.act("choose tech1")
    assert t.s.players[1].tech[0].damage == 3


# ------------------------------------------------------------------------------------------ The Art of War


@pytest.mark.cards("the-art-of-war")
def test_the_art_of_war_arms_the_max_level_peace_hero() -> None:
    t = table(level=8, max_since_start=True)
    t.give(0, "The Art of War")
    t.put(1, "Older Brother", slot="squad leader")
    h = onimaru(t)
    t.act("play The Art of War")
    kw = t.kw(h)
    assert {"unstoppable", "swift strike"} <= set(kw) and t.q.armor_left(t.thing(h)) == 2
    assert t.atk(h) == 4 + 1 + 2  # max band, frenzy on his turn, +2
    assert t.can("attack General Onimaru -> base")


@pytest.mark.cards("the-art-of-war")
def test_the_art_of_war_needs_max_level_since_the_start_of_the_turn() -> None:
    t = table(level=8, max_since_start=False)
    t.give(0, "The Art of War")
    assert not t.can("play The Art of War")


# ------------------------------------------------------------------------------- Overeager Cadet


@pytest.mark.cards("overeager-cadet")
def test_overeager_cadet_is_a_free_tech_one_two_two() -> None:
    t = table(gold=0)
    t.built(0, "tech1")
    t.give(0, "Overeager Cadet")
    t.act("play Overeager Cadet")
    (c,) = things(t, "overeager-cadet")
    assert (t.atk(c), t.hp(c)) == (2, 2)


# ----------------------------------------------------------------------------------------- Brave Knight


@pytest.mark.cards("brave-knight")
def test_brave_knight_returns_to_hand_when_combat_damage_would_kill_him() -> None:
    t = table()
    bk = t.put(0, "Brave Knight")
    t.put(1, "Older Brother", slot="squad leader", runes=1)
    assert "readiness" in t.kw(bk)
    t.thing(bk).damage = 1
    t.act("attack Brave Knight -> Older Brother")
    assert not t.alive(bk) and bk in t.s.players[0].hand and bk not in t.s.players[0].discard


@pytest.mark.cards("brave-knight")
def test_brave_knight_dies_to_other_damage() -> None:
    t = table()
    bk = t.put(1, "Brave Knight", damage=2)
    t.put(0, "Tenderfoot")
    t.give(0, "Spark")
    t.s.players[1].patrol[1] = bk
    t.act("play Spark")
    assert bk in t.s.players[1].discard


# ---------------------------------------------------------------------------------------- Drill Sergeant


@pytest.mark.cards("drill-sergeant")
def test_drill_sergeant_grows_as_units_are_played_from_hand_and_passes_runes() -> None:
    t = table()
    t.built(0, "tech1")
    ds = t.put(0, "Drill Sergeant")
    other = t.put(0, "Tenderfoot")
    t.give(0, "Older Brother", "Wither")
    t.act("play Older Brother")
    assert t.thing(ds).runes == 1
    t.act("play Wither")
    t.act("choose Older Brother")
    assert t.thing(ds).runes == 1  # a spell is not a unit
    t.act("ability Drill Sergeant")
    assert "choose Drill Sergeant" not in t.legal()  # another unit
    t.act("choose Tenderfoot")
    assert t.thing(ds).runes == 0 and t.thing(other).runes == 1
    assert not t.can("ability Drill Sergeant")


# ----------------------------------------------------------------------------------------- Flagstone Spy


@pytest.mark.cards("flagstone-spy")
def test_flagstone_spy_damaging_a_building_looks_at_the_hand_and_steals() -> None:
    t = table()
    spy = t.put(0, "Flagstone Spy")
    t.put(1, "Older Brother", slot="squad leader")
    t.gold(1, 2)
    t.give(1, "Spark")
    assert "invisible" in t.kw(spy) and t.can("attack Flagstone Spy -> base")
    t.act("attack Flagstone Spy -> base")
    assert t.base(1) == 3 and t.s.players[1].gold == 1 and t.s.players[0].gold == 21 - 1
    assert any(e.kind == "looked" and e.to == frozenset({0}) for e in t.events)


# ------------------------------------------------------------------------------------- Debilitator Alpha


@pytest.mark.cards("debilitator-alpha")
def test_debilitator_alpha_weakens_units_attacking_it_as_squad_leader() -> None:
    t = table()
    alpha = t.put(1, "Debilitator Alpha", slot="squad leader")
    t.put(0, "Older Brother", runes=2)  # 4/4
    t.act("attack Older Brother -> Debilitator Alpha")
    assert t.thing(alpha).damage == 3 - 1  # 4 ATK - 1, and the squad leader's armor soaks 1


@pytest.mark.cards("debilitator-alpha")
def test_debilitator_alpha_elsewhere_does_nothing() -> None:
    t = table()
    alpha = t.put(1, "Debilitator Alpha", slot="elite")
    t.put(0, "Older Brother", runes=2)
    t.act("attack Older Brother -> Debilitator Alpha")
    assert t.thing(alpha).damage == 4


# ---------------------------------------------------------------------------------------------- Air Hammer


@pytest.mark.cards("air-hammer")
def test_air_hammer_hits_damaged_buildings_harder() -> None:
    t = table()
    t.put(0, "Air Hammer")
    t.built(1, "tech1")
    t.act("attack Air Hammer -> tech1")
    assert t.s.players[1].tech[0].damage == 3  # undamaged: 3
    t.end_turn()
    t.end_turn()
    t.act("attack Air Hammer -> tech1")
    assert t.s.players[1].tech[0].status == "destroyed"  # 3 + 5 >= 5


# -------------------------------------------------------------------------------------- Flagstone Garrison


@pytest.mark.cards("flagstone-garrison")
def test_flagstone_garrison_draws_for_units_played_from_hand() -> None:
    t = table()
    t.put(0, "Flagstone Garrison")
    t.give(0, "Tenderfoot")
    t.give(0, "Spark", "Wither", zone="deck")
    t.act("play Tenderfoot")
    assert len(t.s.players[0].hand) == 1


# ---------------------------------------------------------------------------------------- Patriot Gryphon


@pytest.mark.cards("patriot-gryphon")
def test_patriot_gryphon_ignores_small_patrollers_and_blasts_the_base() -> None:
    t = table()
    t.put(0, "Patriot Gryphon")
    t.put(1, "Spectral Aven", slot="squad leader")  # a flier with 2 ATK: can't stop him
    t.built(1, "tech1", "tech2")
    assert t.can("attack Patriot Gryphon -> tech2")
    t.act("attack Patriot Gryphon -> tech2")
    assert t.s.players[1].tech[1].status == "destroyed"
    assert t.base(1) == 2 + 6  # the lost building, then his ATK


@pytest.mark.cards("patriot-gryphon")
def test_patriot_gryphon_is_stopped_by_a_bigger_patroller() -> None:
    t = table()
    t.put(0, "Patriot Gryphon")
    t.put(1, "Spectral Aven", slot="squad leader", runes=1)  # a flier with 3 ATK
    assert not t.can("attack Patriot Gryphon -> base")


# --------------------------------------------------------------------------------- General Onimaru, Soldier


@pytest.mark.cards("general-onimaru", "soldier")
def test_onimaru_frenzy_readiness_and_three_soldiers_at_max() -> None:
    t = table(level=4)
    h = onimaru(t)
    assert t.atk(h) == 3  # frenzy on his own turn
    t.act("level General Onimaru 1")
    assert "readiness" in t.kw(h)
    t.act("level General Onimaru 3")
    soldiers = things(t, "soldier", 0)
    assert len(soldiers) == 3 and all(t.kw(s).get("sparkshot") == 1 for s in soldiers)
