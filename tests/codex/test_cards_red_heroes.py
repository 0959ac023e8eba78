"""Red's heroes in every band: Captain Zane (Anarchy), Drakk Ramhorn (Blood), Jaina Stormborne (Fire)."""

from __future__ import annotations

import pytest

from engine.codex.scenario import Table
from engine.codex.state import Mod
from tests.codex.red_helpers import of
from tests.codex.red_helpers import table as red_table


def table(hero: str, level: int = 1, gold: int = 20) -> tuple[Table, int]:
    return red_table(hero, level, gold, techs=False)


# -------------------------------------------------------------------------------------------- Zane


@pytest.mark.cards("captain-zane")
def test_zane_has_haste() -> None:
    t = Table()
    t.clear()
    t.gold(0, 2)
    t.s.players[0].command.append(t.g.new_card("captain-zane", 0))
    t.act("summon Captain Zane")
    t.act("attack Captain Zane -> base")
    assert t.base(1) == 2


@pytest.mark.cards("captain-zane")
def test_zane_mid_killing_a_scavenger_earns_a_gold() -> None:
    t, _zane = table("captain-zane", level=4, gold=0)
    foe = t.put(1, "Tenderfoot", slot="scavenger")
    t.act("attack Captain Zane -> Tenderfoot")
    t.act("choose Tenderfoot scavenger gold")  # the slot's reward and Zane's are two triggers: P1 orders them
    assert not t.alive(foe) and t.s.players[0].gold == 1 and t.s.players[1].gold == 1


@pytest.mark.cards("captain-zane")
def test_zane_mid_killing_a_technician_draws_a_card() -> None:
    t, _zane = table("captain-zane", level=4, gold=0)
    t.give(0, "Tenderfoot", "Tenderfoot", zone="deck")
    foe = t.put(1, "Tenderfoot", slot="technician")
    t.act("attack Captain Zane -> Tenderfoot")
    t.act("choose Captain Zane")  # before the slot's own reward (p2's draw)
    assert not t.alive(foe) and len(t.s.players[0].hand) == 1


@pytest.mark.cards("captain-zane")
def test_zane_mid_gets_nothing_for_other_patrollers_or_below_the_middle_band() -> None:
    t, _zane = table("captain-zane", level=4, gold=0)
    t.put(1, "Tenderfoot", slot="elite")
    t.act("attack Captain Zane -> Tenderfoot")
    assert t.s.players[0].gold == 0
    t2, _ = table("captain-zane", level=3, gold=0)
    t2.put(1, "Tenderfoot", slot="scavenger")
    t2.act("attack Captain Zane -> Tenderfoot")
    assert t2.s.players[0].gold == 0


@pytest.mark.cards("captain-zane", "scorch")
def test_zane_mid_a_lethal_hit_undone_does_not_make_a_later_spell_kill_his() -> None:
    """Zane's hit is lethal but a second life undoes it; a spell then kills the scavenger: not Zane's kill."""
    t, _zane = table("captain-zane", level=4, gold=3)
    foe = t.put(1, "Older Brother", slot="scavenger")
    t.thing(foe).mods.append(Mod(kw=("two lives",), until="ever"))
    t.act("attack Captain Zane -> Older Brother")
    assert t.alive(foe) and t.thing(foe).marks.get("crumbling") == 1
    t.give(0, "Scorch")
    t.act("play Scorch")  # the scavenger is the only patroller, the two bases the other choices
    t.act("choose Older Brother")
    assert not t.alive(foe) and t.s.players[0].gold == 0


@pytest.mark.cards("captain-zane")
def test_zane_max_shoves_a_patroller_then_pings_it() -> None:
    t, zane = table("captain-zane", level=5, gold=1)
    foe = t.put(1, "Older Brother", slot="squad leader")
    t.act("level Captain Zane 1")
    assert set(t.legal()) == {"choose elite", "choose scavenger", "choose technician", "choose lookout"}
    t.act("choose technician")
    assert t.s.players[1].patrol == [0, 0, 0, foe, 0] and t.thing(foe).damage == 1
    assert t.atk(zane) == 4 and t.hp(zane) == 4


@pytest.mark.cards("captain-zane")
def test_zane_max_shove_that_kills_into_the_scavenger_slot_pays() -> None:
    t, _zane = table("captain-zane", level=5, gold=1)
    foe = t.put(1, "Tenderfoot", slot="elite", damage=1)
    t.act("level Captain Zane 1")
    t.act("choose scavenger")
    t.act("choose Captain Zane")  # his reward and the slot's are two triggers
    assert not t.alive(foe) and t.s.players[0].gold == 1  # paid 1 to level, got 1 for the kill


# ------------------------------------------------------------------------------------------- Drakk


@pytest.mark.cards("drakk-ramhorn")
def test_drakk_dying_hits_each_opposing_base() -> None:
    t, drakk = table("drakk-ramhorn")
    iron = t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Drakk Ramhorn -> Iron Man")  # 1 ATK into the squad leader's armor
    assert not t.alive(drakk) and t.base(1) == 1 and t.base(0) == 0 and t.thing(iron).damage == 0


@pytest.mark.cards("drakk-ramhorn")
def test_drakk_mid_gives_your_units_frenzy() -> None:
    t, drakk = table("drakk-ramhorn", level=4)
    mine = t.put(0, "Older Brother")
    foe = t.put(1, "Older Brother")
    assert t.atk(mine) == 3 and t.atk(foe) == 2 and t.atk(drakk) == 2  # heroes are not units
    t.end_turn()
    assert t.atk(mine) == 2 and t.atk(foe) == 2  # the opponent's turn: their units never had it
    t2, _ = table("drakk-ramhorn", level=3)
    assert t2.atk(t2.put(0, "Older Brother")) == 2


@pytest.mark.cards("drakk-ramhorn")
def test_drakk_max_first_unit_from_hand_each_turn_gets_haste_for_good() -> None:
    t, _ = table("drakk-ramhorn", level=6)
    t.give(0, "Older Brother", "Tenderfoot")
    t.act("play Older Brother")
    t.act("play Tenderfoot")
    brother, foot = of(t, "older-brother")[0], of(t, "tenderfoot")[0]
    assert "haste" in t.kw(brother) and "haste" not in t.kw(foot)
    assert t.can("attack Older Brother -> base") and not t.can("attack Tenderfoot -> base")
    t.end_turn()
    t.end_turn()
    assert "haste" in t.kw(brother)


@pytest.mark.cards("drakk-ramhorn", "surprise-attack")
def test_drakk_max_ignores_units_that_do_not_come_from_the_hand() -> None:
    t, _ = table("drakk-ramhorn", level=6)
    t.put(0, "captain-zane")
    t.give(0, "Surprise Attack", "Older Brother")
    t.act("play Surprise Attack")  # tokens from a spell did not arrive from the hand
    t.act("play Older Brother")
    assert "haste" in t.kw(of(t, "older-brother")[0])


# ------------------------------------------------------------------------------------------- Jaina


@pytest.mark.cards("jaina-stormborne")
def test_jaina_sparkshot() -> None:
    t, _ = table("jaina-stormborne")
    a = t.put(1, "Tenderfoot", slot="elite")
    b = t.put(1, "Older Brother", slot="scavenger")
    t.act("attack Jaina Stormborne -> Tenderfoot")
    assert not t.alive(a) and t.thing(b).damage == 1


@pytest.mark.cards("jaina-stormborne")
def test_jaina_mid_pings_a_patrolling_unit_or_a_building() -> None:
    t, jaina = table("jaina-stormborne", level=4)
    t.put(1, "river-montoya", slot="squad leader")  # a patrolling hero is not a unit
    foe = t.put(1, "Tenderfoot", slot="elite")
    t.put(1, "Older Brother")  # not patrolling
    t.act("ability Jaina Stormborne")
    assert set(t.legal()) == {"choose Tenderfoot", "choose base", "choose my base"}
    t.act("choose Tenderfoot")
    assert t.thing(foe).damage == 1 and t.thing(jaina).exhausted


@pytest.mark.cards("jaina-stormborne")
def test_jaina_max_deals_three_to_a_unit_or_building() -> None:
    t, _jaina = table("jaina-stormborne", level=7)
    foe = t.put(1, "Iron Man")
    assert set(a for a in t.legal() if a.startswith("ability")) == {
        "ability Jaina Stormborne: ping",
        "ability Jaina Stormborne: blast",
    }
    t.act("ability Jaina Stormborne: blast")
    assert "choose Jaina Stormborne" not in t.legal()
    t.act("choose Iron Man")
    assert t.thing(foe).damage == 3 and not t.can("ability Jaina Stormborne: ping")


def test_a_hero_is_playable_only_once_its_colours_starter_deck_is_implemented() -> None:
    from engine.codex.cards import Catalog, catalog

    cat = catalog()
    facts = [c.facts for c in cat.cards.values()]
    data = {cid: c.data for cid, c in cat.cards.items() if cat.implemented(cid)}
    data.update({c.id: data.get(c.id, {}) for c in cat.starter("red")})
    assert "jaina-stormborne" in Catalog(facts, data, "test").playable_heroes()
    del data["nautical-dog"]
    assert "jaina-stormborne" not in Catalog(facts, data, "test").playable_heroes()


# (first level of the band, ATK, HP) for each band, as printed
RED_BANDS = {
    "captain-zane": [(1, 2, 2), (4, 3, 3), (6, 4, 4)],
    "drakk-ramhorn": [(1, 1, 3), (4, 2, 3), (6, 3, 4)],
    "jaina-stormborne": [(1, 2, 3), (4, 3, 3), (7, 4, 3)],
}


@pytest.mark.cards("captain-zane", "drakk-ramhorn", "jaina-stormborne")
@pytest.mark.parametrize("hero", sorted(RED_BANDS))
def test_red_hero_stats_at_every_level(hero: str) -> None:
    bands = RED_BANDS[hero]
    for level in range(1, bands[-1][0] + 1):
        _first, atk, hp = [b for b in bands if b[0] <= level][-1]
        t, uid = table(hero, level=level)
        assert (t.atk(uid), t.hp(uid)) == (atk, hp), (hero, level)
