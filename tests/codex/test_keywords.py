"""Each keyword and status of the glossary (§13) not already covered by combat and card tests, and the
effect vocabulary's steps and triggers."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.codex.cards import catalog
from engine.codex.scenario import Table
from engine.codex.state import Mod


def table() -> Table:
    t = Table()
    t.clear()
    t.gold(0, 10)
    return t


@contextmanager
def extra_ability(cid: str, ability: dict[str, Any]) -> Iterator[None]:
    """Give a card one more ability for the length of a test (to test triggers on their own)."""
    card = catalog()[cid]
    card.abilities.append(ability)
    try:
        yield
    finally:
        card.abilities.remove(ability)


def test_boost_pays_more_when_played() -> None:
    t = table()
    t.built(0, "tech1", "tech2", spec="anarchy")
    t.s.players[0].tech2_spec = "anarchy"
    t.give(0, "Marauder")  # cost 3, boost 3
    assert t.can("play Marauder") and t.can("play Marauder boost")
    t.act("play Marauder boost")
    assert t.s.players[0].gold == 4


def test_forecast_waits_in_the_future_then_arrives_tired() -> None:
    t = table()
    t.give(0, "Plasmodium")  # forecast 3, haste
    t.act("play Plasmodium")
    p = t.s.players[0]
    assert len(p.future) == 1 and not any(th.card == "plasmodium" for th in t.s.things.values())
    for _ in range(3):
        t.end_turn()
        t.end_turn()
    assert p is not t.s.players[0] and not t.s.players[0].future
    uid = next(u for u, th in t.s.things.items() if th.card == "plasmodium")
    assert t.can("attack Plasmodium -> base")  # it has haste; it arrived this very upkeep
    assert t.thing(uid).arrived == t.s.turn


def test_forecast_token_goes_to_the_future_when_summoned() -> None:
    t = table()
    t.effect(0, [{"op": "summon", "token": "mech", "n": 1}])
    assert len(t.s.players[0].future) == 1


def test_fading_loses_a_time_rune_each_upkeep_then_is_sacrificed() -> None:
    t = table()
    t.give(0, "Fading Argonaut")
    t.act("play Fading Argonaut")
    uid = next(u for u, th in t.s.things.items() if th.card == "fading-argonaut")
    assert t.thing(uid).marks["time"] == 3
    for left in (2, 1):
        t.end_turn()
        t.end_turn()
        assert t.thing(uid).marks["time"] == left
    t.end_turn()
    t.end_turn()
    assert not t.alive(uid) and uid in t.s.players[0].discard


def test_ephemeral_dies_at_end_of_turn() -> None:
    t = table()
    t.effect(0, [{"op": "summon", "token": "shark", "n": 2}])
    sharks = [u for u, th in t.s.things.items() if th.card == "shark"]
    assert len(sharks) == 2 and t.can(f"attack {t.name(sharks[0])} -> base")
    t.act("end")
    assert not any(th.card == "shark" for th in t.s.things.values())


def test_indestructible_shrugs_off_death_but_not_trash() -> None:
    t = table()
    t.put(0, "Regular-sized Rhinoceros")
    imm = t.put(1, "Immortal")  # 5/5 indestructible
    t.act("attack Regular-sized Rhinoceros -> Immortal")
    assert t.alive(imm) and t.thing(imm).damage == 0 and t.thing(imm).exhausted
    t.effect(0, [{"op": "destroy", "to": {"each": {"card": "immortal"}}}])
    assert t.alive(imm)
    t.effect(0, [{"op": "trash", "to": {"each": {"card": "immortal"}}}])
    assert not t.alive(imm) and imm in t.s.players[1].removed


def test_illusion_dies_when_targeted() -> None:
    t = table()
    t.put(0, "troq-bashar")
    t.give(0, "Wither")
    ill = t.put(1, "Spectral Hound")
    t.act("play Wither")
    t.act("choose Spectral Hound")
    assert not t.alive(ill) and ill in t.s.players[1].discard


def test_illusion_survives_being_attacked() -> None:
    t = table()
    t.put(0, "Tenderfoot")
    ill = t.put(1, "Spectral Hound")  # 3/3
    t.act("attack Tenderfoot -> Spectral Hound")
    assert t.alive(ill) and t.thing(ill).damage == 1


def test_untargetable_cannot_be_targeted_but_can_be_attacked() -> None:
    t = table()
    t.put(0, "troq-bashar")
    t.give(0, "Wither")
    t.put(0, "Older Brother")
    u = t.put(1, "Chronofixer")
    t.act("play Wither")
    assert "choose Chronofixer" not in t.legal()
    t.act("choose Older Brother")
    assert t.alive(u) and t.thing(u).runes == 0


def test_untargetable_can_still_be_attacked() -> None:
    t = table()
    t.put(0, "Older Brother")
    t.put(1, "Chronofixer")
    assert t.can("attack Older Brother -> Chronofixer")


def test_unattackable_cannot_be_attacked_and_is_ignored_on_patrol() -> None:
    t = table()
    t.put(0, "Older Brother")
    u = t.put(1, "Tenderfoot", slot="squad leader")
    t.thing(u).mods.append(Mod(kw=("unattackable",), until="ever"))
    assert not t.can("attack Older Brother -> Tenderfoot") and t.can("attack Older Brother -> base")


def test_detector_sees_through_stealth() -> None:
    t = table()
    pig = t.put(0, "Sneaky Pig")
    t.thing(pig).mods.append(Mod(kw=("stealth",)))
    t.put(1, "Tenderfoot", slot="squad leader")
    t.put(1, "Eyes of the Chancellor")
    assert not t.can("attack Sneaky Pig -> base")


def test_resist_stacks_and_only_taxes_opponents() -> None:
    t = table()
    t.put(0, "troq-bashar")
    t.give(0, "Wither", "Bloom")
    bt = t.put(1, "Brick Thief", slot="lookout")  # resist 1 + lookout 1
    t.gold(0, 4)
    t.act("play Wither")
    t.act("choose Brick Thief")
    assert t.s.players[0].gold == 0 and not t.alive(bt)  # 2 for Wither, 2 for the stacked resist
    mine = t.put(0, "Brick Thief")
    t.gold(0, 2)
    t.act("play Bloom")
    t.act(f"choose {t.name(mine)}")
    assert t.s.players[0].gold == 0 and t.thing(mine).runes == 1


def test_armor_piercing_ignores_armor() -> None:
    t = table()
    a = t.put(0, "Older Brother")
    t.thing(a).mods.append(Mod(kw=("armor piercing",), until="ever"))
    sl = t.put(1, "Iron Man", slot="squad leader")
    t.act("attack Older Brother -> Iron Man")
    assert t.thing(sl).damage == 2


def test_temporary_armor_absorbs_any_damage() -> None:
    t = table()
    u = t.put(1, "Older Brother")
    t.effect(0, [{"op": "modify", "armor": 2, "until": "turn", "to": {"each": {"card": "older-brother"}}}])
    t.effect(0, [{"op": "damage", "n": 3, "to": {"each": {"card": "older-brother"}}}])
    assert t.thing(u).damage == 1


def test_legendary_second_copy_goes_to_the_discard() -> None:
    t = table()
    t.built(0, "tech1")
    t.s.players[0].heroes = ["troq-bashar"]
    t.put(0, "Galina Glimmer")
    second = t.give(0, "Galina Glimmer")[0]
    from engine.codex.zones import enter_play

    g = t.g
    enter_play(g, "galina-glimmer", 0, 0, uid=t.s.players[0].hand.pop())
    assert second in t.s.players[0].discard
    assert sum(1 for th in t.s.things.values() if th.card == "galina-glimmer") == 1


def test_disable_exhausts_skips_next_ready_and_sidelines() -> None:
    t = table()
    u = t.put(1, "Older Brother", slot="elite")
    t.effect(0, [{"op": "disable", "to": {"each": {"card": "older-brother"}}}])
    assert t.thing(u).exhausted and t.s.players[1].patrol[1] == 0
    t.end_turn()
    assert t.thing(u).exhausted  # did not ready in its controller's ready step
    t.end_turn()
    t.end_turn()
    assert not t.thing(u).exhausted


def test_sideline_removes_from_the_patrol() -> None:
    t = table()
    t.put(1, "Older Brother", slot="squad leader")
    t.effect(0, [{"op": "sideline", "to": {"each": {"patrolling": True}}}])
    assert t.s.players[1].patrol == [0, 0, 0, 0, 0]


def test_sacrifice_is_not_targeting_and_goes_to_discard() -> None:
    t = table()
    u = t.put(0, "Chronofixer")
    t.effect(0, [{"op": "sacrifice", "to": {"each": {"card": "chronofixer"}}}])
    assert not t.alive(u) and u in t.s.players[0].discard


def test_tokens_cease_to_exist_when_they_leave_play() -> None:
    t = table()
    t.effect(0, [{"op": "summon", "token": "dancer", "n": 1}])
    d = next(u for u, th in t.s.things.items() if th.card == "dancer")
    t.effect(0, [{"op": "bounce", "to": {"each": {"card": "dancer"}}}])
    p = t.s.players[0]
    assert d not in p.hand + p.discard + p.deck


def test_summon_limit_counts_tokens_in_play() -> None:
    t = table()
    t.effect(0, [{"op": "summon", "token": "dancer", "n": 5, "limit": 3}])
    assert sum(1 for th in t.s.things.values() if th.card == "dancer") == 3


def test_steal_until_end_of_turn_returns_control() -> None:
    t = table()
    u = t.put(1, "Older Brother")
    t.effect(0, [{"op": "steal", "until": "turn", "to": {"each": {"card": "older-brother"}}}])
    assert t.thing(u).ctrl == 0
    t.act("end")
    assert t.thing(u).ctrl == 1


def test_arrives_dies_and_leaves_triggers() -> None:
    t = table()
    dies = {"on": ["dies"], "do": [{"op": "gold", "n": 2}]}
    leaves = {"on": ["leaves"], "do": [{"op": "draw", "n": 1}]}
    with extra_ability("older-brother", dies), extra_ability("older-brother", leaves):
        u = t.put(0, "Older Brother")
        t.give(0, "Spark", "Bloom", zone="deck")
        t.effect(
            0,
            [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}],
        )
        if t.s.pending:
            t.act(t.legal()[0])
            if t.s.pending:
                t.act(t.legal()[0])
        assert not t.alive(u) and t.s.players[0].gold == 12 and len(t.s.players[0].hand) == 1


def test_max_level_trigger_fires_once() -> None:
    t = table()
    ab = {"on": ["max level"], "do": [{"op": "gold", "n": 1}]}
    with extra_ability("river-montoya", ab):
        t.put(0, "river-montoya", level=3)
        t.act("level River Montoya 2")
        assert t.s.players[0].gold == 10 - 2 + 1


def test_end_of_turn_trigger_only_on_its_controllers_turn() -> None:
    t = table()
    ab = {"on": ["end of turn"], "do": [{"op": "gold", "n": 1}]}
    with extra_ability("older-brother", ab):
        t.put(0, "Older Brother")
        t.act("end")
        assert t.s.players[0].gold == 11
        t.pick_tech(0)
        t.act("end", seat=1)
        assert t.s.players[0].gold == 11 + 4


def test_may_and_choose_one_and_if_steps() -> None:
    t = table()
    ops = [
        {"op": "may", "ask": "gain 1", "do": [{"op": "gold", "n": 1}]},
        {
            "op": "choose one",
            "options": [
                {"label": "gold", "do": [{"op": "gold", "n": 5}]},
                {"label": "card", "do": [{"op": "draw", "n": 1}]},
            ],
        },
        {"op": "if", "cond": "hand empty", "do": [{"op": "gold", "n": 100}]},
    ]
    t.effect(0, ops)
    assert t.legal() == ["choose yes", "choose no"]
    t.act("choose no")
    assert t.legal() == ["choose gold", "choose card"]
    t.act("choose gold")
    assert t.s.players[0].gold == 20  # 25, then the empty hand adds 100, capped at 20


def test_gold_is_capped_at_twenty_for_every_gain() -> None:
    t = table()
    t.gold(0, 15)
    t.effect(0, [{"op": "gold", "n": 7}])
    assert t.s.players[0].gold == 20


def test_obliterate_skips_indestructible_units() -> None:
    t = table()
    t.put(0, "Trojan Duck")
    mox = t.put(1, "Hardened Mox")  # tech 0 but indestructible (and no tech II unit beside it to trash it)
    a = t.put(1, "Iron Man")
    b = t.put(1, "Revolver Ocelot")
    t.s.options["trigger_order"] = "auto"
    t.act("attack Trojan Duck -> base")
    t.act("choose base")
    assert t.alive(mox) and not t.alive(a) and not t.alive(b)


def test_a_unit_dies_trigger_listens_to_both_sides() -> None:
    t = table()
    ab = {"on": ["a unit dies"], "do": [{"op": "gold", "n": 1}]}
    with extra_ability("iron-man", ab):
        t.put(0, "Iron Man")
        t.put(1, "Tenderfoot")
        t.put(0, "Older Brother")
        t.act("attack Older Brother -> Tenderfoot")
        assert t.s.players[0].gold == 10 + 1  # Tenderfoot died; Older Brother lived


def test_damages_building_trigger() -> None:
    t = table()
    ab = {"on": ["damages building"], "do": [{"op": "draw", "n": 1}]}
    with extra_ability("older-brother", ab):
        t.put(0, "Older Brother")
        t.give(0, "Spark", zone="deck")
        t.act("attack Older Brother -> base")
        assert len(t.s.players[0].hand) == 1


def test_dies_on_your_turn_and_on_another_turn() -> None:
    t = table()
    mine = {"on": ["dies on your turn"], "do": [{"op": "gold", "n": 1}]}
    theirs = {"on": ["dies on another turn"], "do": [{"op": "gold", "n": 5}]}
    with extra_ability("tenderfoot", mine), extra_ability("tenderfoot", theirs):
        t.put(0, "Tenderfoot")
        t.effect(0, [{"op": "destroy", "to": {"each": {"card": "tenderfoot"}}}])
        assert t.s.players[0].gold == 11


def test_attached_spell_buffs_its_host_and_leaves_with_it() -> None:
    t = table()
    t.put(0, "troq-bashar")
    host = t.put(0, "Older Brother")
    card = catalog()["wrecking-ball"]
    saved_play, saved_abilities = card.data.get("play"), list(card.abilities)
    # A stand-in "attach" spell: Wrecking Ball made ongoing for the length of this test.
    card.data["play"] = [{"op": "attach", "to": {"pick": {"kind": ["unit"], "side": "you"}, "target": True}}]
    card.abilities[:] = [{"static": "stats", "who": "host", "atk": 2, "hp": 2}]
    card.ongoing = True
    try:
        t.give(0, "Wrecking Ball")
        t.act("play Wrecking Ball")
        spell = next(u for u, th in t.s.things.items() if th.card == "wrecking-ball")
        assert t.thing(spell).attached == host and (t.atk(host), t.hp(host)) == (4, 4)
        t.effect(1, [{"op": "destroy", "to": {"each": {"card": "older-brother"}}}])
        assert not t.alive(spell) and spell in t.s.players[0].discard
    finally:
        card.data["play"] = saved_play
        card.abilities[:] = saved_abilities
        card.ongoing = False
