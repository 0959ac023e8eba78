"""Purple's official rulings (tests/codex/rulings/purple.toml), one test per ruling id."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.codex.ops_cards import become_copy
from engine.codex.scenario import Table
from tests.codex.purple_tables import extra_ability, forecast, hero_of, table, things
from tests.codex.ruling_specs import untested

RULINGS = Path(__file__).parent / "rulings" / "purple.toml"
PAST, PRESENT = "prynn-pasternaak", "max-geiger"

NOT_HERE: dict[str, str] = {}
"""Ruling ids without a test here, and why."""


def test_every_purple_ruling_is_tested_or_listed() -> None:
    missing, stale = untested("purple", NOT_HERE)
    assert not missing, f"rulings with no test: {missing}"
    assert not stale, f"listed as untested but tested (or unknown): {stale}"


# ----------------------------------------------------------------------------------------- starter deck


@pytest.mark.cards("nullcraft")
def test_purple_nullcraft_buff_or_debuff_means_the_subtype() -> None:
    t = table()
    nc = t.put(1, "Nullcraft", slot="elite")
    t.put(1, "Older Brother")
    t.give(0, "Wither", "Spark")
    t.act("play Wither")
    assert "choose Nullcraft" not in t.legal() and "choose Older Brother" in t.legal()
    t.act("choose Older Brother")
    t.act("play Spark")
    assert not t.alive(nc)


@pytest.mark.cards("tinkerer")
def test_purple_tinkerer_may_touch_opponents_runes() -> None:
    t = table()
    t.put(0, "Tinkerer")
    fa = t.put(1, "Fading Argonaut")
    t.act("ability Tinkerer")
    t.act("choose remove")
    assert t.thing(fa).marks["time"] == 2


@pytest.mark.cards("hardened-mox")
def test_purple_hardened_mox_trashed_by_a_tech_2_unit_in_play_or_forecast_a() -> None:
    for spec, unit in (("present", "Hyperion"), ("future", "Reaver")):
        t = table()
        t.built(0, "tech1", "tech2", spec=spec)
        mox = t.put(0, "Hardened Mox")
        t.give(0, unit)
        t.act(f"play {unit}")
        assert not t.alive(mox) and mox in t.s.players[0].removed, unit


@pytest.mark.cards("hardened-mox")
def test_purple_hardened_mox_trashed_by_a_tech_2_unit_in_play_or_forecast_b() -> None:
    t = table()
    mox = t.put(0, "Hardened Mox")
    for name in ("Nebula", "Second Chances", "Slow-Time Generator"):
        t.put(0, name)
    t.put(1, "Hyperion")  # the opponent's tech II unit does not count either
    t.give(0, "Neo Plexus")
    t.act("play Neo Plexus")  # any action runs the state checks
    assert t.alive(mox)


@pytest.mark.cards("time-spiral")
def test_purple_time_spiral_may_touch_opponents_runes() -> None:
    t = table()
    fa = t.put(1, "Fading Argonaut")
    t.thing(fa).marks["time"] = 1
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose add")
    assert t.thing(fa).marks["time"] == 2


@pytest.mark.cards("temporal-research")
def test_purple_temporal_research_counts_every_time_rune_you_have() -> None:
    t = table()
    t.give(0, *["Neo Plexus"] * 5, zone="deck")
    t.thing(t.put(0, "Fading Argonaut")).marks["time"] = 1
    t.thing(t.put(0, "Tricycloid")).marks["time"] = 1
    forecast(t, 0, "Plasmodium", 1)
    t.give(0, "Temporal Research")
    t.act("play Temporal Research")
    assert len(t.s.players[0].hand) == 2


@pytest.mark.cards("temporal-research")
def test_purple_temporal_research_cannot_draw_itself() -> None:
    t = table()
    (old,) = t.give(0, "Neo Plexus", zone="discard")
    (tr,) = t.give(0, "Temporal Research")
    t.act("play Temporal Research")
    p = t.s.players[0]
    assert p.hand == [old] and p.discard == [tr] and p.deck == []


# ------------------------------------------------------------------------ general rulings about Purple


@pytest.mark.cards("time-spiral", "fading-argonaut")
def test_general_fading_last_rune_removed_by_other_means() -> None:
    t = table()
    fa = t.put(0, "Fading Argonaut")
    t.thing(fa).marks["time"] = 1
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose remove")
    assert not t.alive(fa) and fa in t.s.players[0].discard
    leave = next(e for e in t.events if e.kind == "leave" and e.data["uid"] == fa)
    assert leave.data["died"] and leave.data["how"] == "out of time"  # sacrificed, but not "from fading"


# ------------------------------------------------------------------------------------------------ Past


@pytest.mark.cards("vortoss-emblem", "temporal-research")
def test_purple_vortoss_emblem_on_an_enemy_stays_yours() -> None:
    t = table(PAST)
    t.give(0, *["Neo Plexus"] * 5, zone="deck")
    ob = t.put(1, "Older Brother")
    (em,) = t.give(0, "Vortoss Emblem")
    t.give(0, "Temporal Research")
    t.act("play Vortoss Emblem")  # the only unit: chosen at once
    assert "flagbearer" in t.kw(ob) and t.thing(em).ctrl == 0
    t.act("play Temporal Research")
    assert len(t.s.players[0].hand) == 2


def _technician_bounced(t: Table, spell: str) -> None:
    ob = t.put(1, "Older Brother", slot="technician")
    t.give(1, "Tenderfoot", zone="deck")
    t.give(0, spell)
    t.act(f"play {spell}")
    if t.s.pending is not None:
        t.act("choose yes")
    p2 = t.s.players[1]
    assert not t.alive(ob) and p2.hand == [ob] and len(p2.deck) == 1 and ob not in p2.discard


@pytest.mark.cards("undo")
def test_purple_undo_is_not_dying() -> None:
    _technician_bounced(table(PAST), "Undo")


@pytest.mark.cards("rewind")
def test_purple_rewind_is_not_dying() -> None:
    _technician_bounced(table(PAST, level=7, max_since_start=True), "Rewind")


@pytest.mark.cards("stewardess-of-the-undone")
def test_purple_stewardess_is_not_dying() -> None:
    t = table(PAST)
    t.built(0, "tech1")
    _technician_bounced(t, "Stewardess of the Undone")


@pytest.mark.cards("origin-story", "final-showdown")
def test_purple_origin_story_hero_starts_over() -> None:
    t = table(PAST)
    troq = t.put(1, "troq-bashar", level=5, damage=2, runes=1)
    t.give(0, "Origin Story")
    t.act("play Origin Story")
    t.act("choose Troq Bashar")
    assert troq in t.s.players[1].command
    t.end_turn()
    t.gold(1, 2)
    t.act("summon Troq Bashar")
    th = t.thing(troq)
    assert (th.level, th.damage, th.runes) == (1, 0, 0)
    t = table(PAST)
    midori = t.put(1, "master-midori", level=4)
    fs = t.put(1, "Final Showdown")
    t.thing(fs).attached = midori
    t.give(0, "Origin Story")
    t.act("play Origin Story")
    t.act("choose Master Midori")
    assert midori in t.s.players[1].command and not t.alive(fs) and fs in t.s.players[1].discard


@pytest.mark.cards("seer")
def test_purple_seer_may_touch_opponents_runes() -> None:
    t = table(PAST)
    t.built(0, "tech1")
    fa = t.put(1, "Fading Argonaut")
    t.thing(fa).marks["time"] = 1
    t.give(0, "Seer")
    t.act("play Seer")
    t.act("choose yes")
    t.act("choose add")
    assert t.thing(fa).marks["time"] == 2


# --------------------------------------------------------------------------------------------- Present


@pytest.mark.cards("ready-or-not")
def test_purple_ready_or_not_lets_a_unit_attack_twice() -> None:
    t = table(PRESENT)
    t.put(0, "Older Brother")
    t.give(0, "Ready or Not")
    t.act("attack Older Brother -> base")
    t.act("play Ready or Not")
    t.act("attack Older Brother -> base")
    assert t.base(1) == 4


@pytest.mark.cards("ready-or-not", "argonaut")
def test_purple_ready_or_not_does_not_beat_readiness() -> None:
    t = table(PRESENT)
    t.put(0, "Argonaut")
    t.give(0, "Ready or Not")
    t.act("attack Argonaut -> base")
    t.act("play Ready or Not")
    assert not t.can("attack Argonaut -> base") and t.base(1) == 3


@pytest.mark.cards("research-development")
def test_purple_research_and_development_cannot_draw_itself() -> None:
    t = table(PRESENT, level=5, max_since_start=True)
    old = t.give(0, "Neo Plexus", "Tenderfoot", zone="discard")
    (rd,) = t.give(0, "Research & Development")
    t.act("play Research & Development")
    p = t.s.players[0]
    assert sorted(p.hand) == sorted(old) and p.discard == [rd]


@pytest.mark.cards("research-development", "temporal-research")
def test_purple_research_and_development_one_reshuffle_per_main_phase() -> None:
    t = table(PRESENT, level=5, max_since_start=True)
    (old,) = t.give(0, "Neo Plexus", zone="discard")
    (tr,) = t.give(0, "Temporal Research")
    (rd,) = t.give(0, "Research & Development")
    t.act("play Temporal Research")
    assert t.s.players[0].hand == [rd, old]
    t.act("play Research & Development")
    p = t.s.players[0]
    assert p.hand == [old] and p.discard == [tr, rd] and p.deck == []
    assert "no_reshuffle" in t.kinds()


# ---------------------------------------------------------------------------------------------- Future


@pytest.mark.cards("xenostalker")
def test_purple_xenostalker_active_player_orders_simultaneous_deaths() -> None:
    gold = {"on": ["dies"], "do": [{"op": "gold", "n": 1}]}
    draw = {"on": ["dies"], "do": [{"op": "draw", "n": 1}]}
    with extra_ability("timely-messenger", gold), extra_ability("seer", draw):
        t = table()
        t.put(0, "Xenostalker")
        a = t.put(1, "Timely Messenger", slot="elite")
        b = t.put(1, "Seer", slot="scavenger")
        t.act("attack Xenostalker -> base")
        t.act("choose Timely Messenger")
        t.act("choose Seer")
        assert not t.alive(a) and not t.alive(b)
        assert t.s.pending["kind"] == "order" and t.chooser() == 0


@pytest.mark.cards("nebula")
def test_purple_nebula_ability_usable_the_turn_it_arrives() -> None:
    t = table()
    t.built(0, "tech1", "tech2", "tech3", spec="future")
    ob = t.put(1, "Older Brother")
    t.give(0, "Nebula")
    t.act("play Nebula")
    t.act("ability Nebula")
    assert not t.alive(ob)


@pytest.mark.cards("shimmer-ray", "helpful-turtle")
def test_purple_shimmer_ray_no_discarding_during_upkeep() -> None:
    t = table(PAST)
    sr = t.put(0, "Shimmer Ray")
    t.thing(sr).marks["time"] = 1
    t.put(0, "Helpful Turtle")
    t.end_turn()
    t.act("end")
    t.pick_tech(0)
    t.give(0, "Neo Plexus")
    assert t.s.pending is not None and t.s.pending["kind"] == "order"
    assert all(a.startswith("choose ") for a in t.legal(0))
    t.act(t.legal(0)[0])
    assert not t.alive(sr) and sr in t.s.players[0].discard


@pytest.mark.cards("shimmer-ray")
def test_general_fading_number_is_not_a_cap() -> None:
    t = table(PAST)
    sr = t.put(0, "Shimmer Ray")
    t.give(0, "Neo Plexus", "Tenderfoot", "Older Brother", "Seer")
    for _ in range(4):
        t.act("ability Shimmer Ray")
        if t.s.pending is not None:
            t.act(t.legal()[0])
    assert t.thing(sr).marks["time"] == 6 and not t.s.players[0].hand


@pytest.mark.cards("tricycloid", "max-geiger")
def test_purple_tricycloid_returns_as_a_fresh_copy_a() -> None:
    t = table(PRESENT, level=4, gold=1)
    tc = t.put(0, "Tricycloid")
    t.thing(tc).marks["time"] = 1
    t.act("level Max Geiger 1")
    t.act("choose yes")
    assert t.thing(tc).marks["time"] == 3 and (t.atk(tc), t.hp(tc)) == (6, 6)


@pytest.mark.cards("max-geiger")
def test_purple_max_geiger_return_keeps_the_last_controller() -> None:
    t = table(PRESENT, level=4, gold=1)
    ob = t.put(1, "Older Brother")
    t.effect(0, [{"op": "steal", "to": {"pick": {"kind": ["unit"]}}}])
    assert t.thing(ob).ctrl == 0
    t.act("level Max Geiger 1")
    t.act("choose yes")
    th = t.thing(ob)
    assert (th.ctrl, th.owner, th.arrived) == (0, 1, t.s.turn)


@pytest.mark.cards("max-geiger", "two-step")
def test_purple_max_geiger_return_is_a_new_object() -> None:
    t = table(PRESENT, level=4, gold=1)
    ob = t.put(0, "Older Brother", damage=1, runes=1, exhausted=True)
    tf = t.put(0, "Tenderfoot")
    river = t.put(0, "river-montoya")
    t.give(0, "Two Step")
    t.gold(0, 3)
    t.act("play Two Step")
    (ts,) = [u for u, th in t.s.things.items() if th.card == "two-step"]
    assert t.thing(ts).links == [ob, tf] and t.thing(ts).caster == river
    t.act("level Max Geiger 1")
    t.act("choose yes")
    t.act("choose Older Brother")
    th = t.thing(ob)
    assert (th.damage, th.runes, th.exhausted) == (0, 0, False)
    assert not t.alive(ts) and ts in t.s.players[0].discard
    assert not t.can("attack Older Brother -> base")


@pytest.mark.cards("yesterdays-golgort")
def test_purple_yesterdays_golgort_any_of_your_attackers_counts() -> None:
    t = table(PAST)
    yg = t.put(0, "Yesterday's Golgort")
    t.put(0, "Older Brother")
    t.act("attack Older Brother -> base")
    t.act("attack Prynn Pasternaak -> base")
    assert t.thing(yg).marks["time"] == 4 and t.base(1) == 3


@pytest.mark.cards("slow-time-generator")
def test_purple_slow_time_generator_caps_worker_gold() -> None:
    t = table(PAST, gold=0)
    t.put(1, "Slow-Time Generator")
    t.workers(0, 7)
    t.end_turn()
    t.end_turn()
    assert t.s.active == 0 and t.s.players[0].gold == 4


@pytest.mark.cards("chronofixer", "training-grounds")
def test_purple_chronofixer_no_levels_by_any_means() -> None:
    t = table(PRESENT)
    t.put(0, "Chronofixer")
    t.end_turn()
    troq = t.put(1, "troq-bashar")
    t.put(1, "Training Grounds")
    t.put(1, "Iron Man")
    t.gold(1, 10)
    assert not [a for a in t.legal() if a.startswith("level")]
    t.act("ability Training Grounds")
    t.act("choose Troq Bashar")
    assert t.thing(troq).level == 1
    t.act("attack Iron Man -> Max Geiger")
    assert not any(th.card == "max-geiger" for th in t.s.things.values())
    assert t.thing(troq).level == 1


@pytest.mark.cards("hive", "stinger")
def test_purple_hive_limit_counts_per_hive() -> None:
    t = table(gold=2)
    h1, h2 = t.put(0, "Hive"), t.put(0, "Hive")
    t.effect(0, [{"op": "summon", "token": "stinger", "n": 9}])
    t.act(f"ability {t.name(h1)}")
    assert len(things(t, "stinger")) == 10
    assert not t.can(f"ability {t.name(h1)}") and not t.can(f"ability {t.name(h2)}")


@pytest.mark.cards("hive", "stinger", "undo")
def test_purple_hive_leaving_active_player_picks_the_stingers() -> None:
    t = table(PAST)
    h1, _h2 = t.put(1, "Hive"), t.put(1, "Hive")
    t.effect(1, [{"op": "summon", "token": "stinger", "n": 7}])
    keep = things(t, "stinger")[:2]
    t.give(0, "Undo")
    t.act("play Undo")
    t.act(f"choose {t.name(h1)}")
    for _ in range(5):
        assert t.chooser() == 0
        t.act(next(a for a in t.legal() if all(t.name(k) not in a for k in keep)))
    assert things(t, "stinger") == keep


# ------------------------------------------------------------------------------ Promise of Payment, Vir


def owing(t: Table, seat: int = 0) -> int:
    return int(t.s.memory.get("promised", {}).get(str(seat), 0))


def promise(t: Table, card: str, *, gold: int = 0) -> None:
    """P1 casts Promise of Payment then plays `card` for free; then P1 holds `gold`."""
    t.give(0, "Promise of Payment", card)
    t.act("play Promise of Payment")
    t.act(f"play {card}")
    t.gold(0, gold)


@pytest.mark.cards("promise-of-payment")
def test_purple_promise_of_payment_upkeep_gold_comes_first_a() -> None:
    t = table()
    t.workers(0, 4)
    promise(t, "Hardened Mox")  # printed cost 3
    assert owing(t) == 3
    t.end_turn()
    t.end_turn()
    assert t.s.result is None and t.s.players[0].gold == 1 and owing(t) == 0


@pytest.mark.cards("promise-of-payment", "gemscout-owl", "merfolk-prospector")
def test_purple_promise_of_payment_upkeep_gold_comes_first_b() -> None:
    t = table()
    t.workers(0, 4)
    t.put(0, "Gemscout Owl")
    t.put(0, "Merfolk Prospector")
    t.built(0, "tech1", "tech2", spec="future")
    promise(t, "Void Star")  # printed cost 5
    t.end_turn()
    t.end_turn()
    assert t.s.pending["kind"] == "order" and all(a.startswith("choose") for a in t.legal())
    t.act("choose Gemscout Owl")
    assert t.s.result is None and t.s.players[0].gold == 0 and owing(t) == 0


@pytest.mark.cards("promise-of-payment")
def test_purple_promise_of_payment_only_cards_played() -> None:
    t = table(gold=10)
    t.workers(0, 5)
    t.put(0, "Tinkerer")
    t.put(0, "Fading Argonaut")
    (hire,) = t.give(0, "Neo Plexus")
    t.give(0, "Promise of Payment")
    t.act("play Promise of Payment")
    t.act(f"worker {t.name(hire)}")
    t.act("build tech1")
    t.act("ability Tinkerer")
    t.act("choose add")
    assert t.s.players[0].gold == 8 and owing(t) == 0
    t.give(0, "Neo Plexus")
    t.act("play Neo Plexus")
    assert t.s.players[0].gold == 8 and owing(t) == 2


@pytest.mark.cards("promise-of-payment", "vir-garbarean")
def test_purple_promise_of_payment_works_from_other_zones_a() -> None:
    t = table(level=5, gold=0)
    (np,) = t.give(0, "Neo Plexus", zone="deck")
    t.give(0, "Promise of Payment")
    t.act("play Promise of Payment")
    t.act("ability Vir Garbarean: play top")
    assert t.alive(np) and owing(t) == 2


@pytest.mark.cards("promise-of-payment", "cinderblast-dragon", "fire-dart")
def test_purple_promise_of_payment_takes_the_very_next_card() -> None:
    t = table(gold=5)
    t.put(0, "Cinderblast Dragon")
    t.s.players[0].codex = {"fire-dart": 1}
    t.give(0, "Promise of Payment", "Neo Plexus")
    t.act("play Promise of Payment")
    t.act("attack Cinderblast Dragon -> base")
    t.act("choose Fire Dart from codex")
    while t.s.pending is not None:
        t.act(t.legal()[0])
    assert owing(t) == 2
    t.act("play Neo Plexus")
    assert t.s.players[0].gold == 3 and owing(t) == 2


@pytest.mark.cards("promise-of-payment", "river-montoya")
def test_purple_promise_of_payment_owes_the_printed_cost() -> None:
    t = table()
    t.put(0, "river-montoya", level=5)
    promise(t, "Older Brother", gold=20)
    assert owing(t) == 2


@pytest.mark.cards("promise-of-payment")
def test_purple_promise_of_payment_with_no_next_card_owes_nothing() -> None:
    t = table(gold=0)
    t.workers(0, 4)
    t.give(0, "Promise of Payment")
    t.act("play Promise of Payment")
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].gold == 4 and owing(t) == 0 and t.s.result is None


@pytest.mark.cards("promise-of-payment", "murkwood-allies")
def test_purple_promise_of_payment_does_not_pay_boost() -> None:
    for gold, boost in ((4, True), (3, False)):
        t = table(gold=gold)
        t.put(0, "calamandra-moss")
        t.give(0, "Promise of Payment", "Murkwood Allies")
        t.act("play Promise of Payment")
        assert t.can("play Murkwood Allies") and t.can("play Murkwood Allies boost") == boost


@pytest.mark.cards("vir-garbarean")
def test_purple_vir_garbarean_no_draw_pile_nothing_to_look_at() -> None:
    t = table()
    t.give(0, "Neo Plexus", "Tenderfoot", "Older Brother", zone="discard")
    assert not t.can("ability Vir Garbarean: look")
    assert len(t.s.players[0].discard) == 3 and not t.s.players[0].deck


@pytest.mark.cards("vir-garbarean")
def test_purple_vir_garbarean_no_draw_pile_no_exchange() -> None:
    t = table(gold=1)
    t.give(0, "Neo Plexus", zone="discard")
    t.give(0, "Tenderfoot")
    assert not [a for a in t.legal() if a.startswith("ability Vir Garbarean")]


@pytest.mark.cards("vir-garbarean", "mech")
def test_purple_vir_garbarean_mech_arrives_after_two_upkeeps() -> None:
    t = table(level=6, gold=1)
    t.act("level Vir Garbarean 1")
    (mech,) = t.s.players[0].future
    assert t.s.players[0].future[mech] == 2
    t.end_turn()
    t.end_turn()
    assert t.s.players[0].future[mech] == 1
    t.end_turn()
    t.end_turn()
    assert t.alive(mech) and not t.can("attack Mech -> base") and "untargetable" in t.kw(mech)


# ---------------------------------------------------------------------------------------- Gilded Glaxx


def glaxx(t: Table, seat: int = 1, runes: int = 0, slot: str | None = None) -> int:
    gx = t.put(seat, "Gilded Glaxx", runes=-runes, slot=slot)
    t.gold(seat, 3)
    return gx


@pytest.mark.cards("gilded-glaxx", "sickness")
def test_purple_gilded_glaxx_dies_only_when_combat_damage_is_dealt() -> None:
    t = table()
    t.put(0, "Older Brother")
    t.put(0, "orpal-gloor")  # Sickness is his spec's spell
    gx = glaxx(t, runes=3)
    t.give(0, "Sickness")
    t.act("play Sickness")
    t.act("choose Gilded Glaxx")
    t.act("choose done")
    assert t.alive(gx) and t.hp(gx) == 0
    t.act("attack Older Brother -> Gilded Glaxx")
    assert not t.alive(gx) and gx in t.s.players[1].discard


@pytest.mark.cards("gilded-glaxx", "plague-spitter")
def test_purple_gilded_glaxx_rune_shaped_combat_damage_kills() -> None:
    t = table()
    t.put(0, "Plague Spitter", runes=2)
    gx = glaxx(t)
    t.act("attack Plague Spitter -> Gilded Glaxx")
    assert not t.alive(gx)


@pytest.mark.cards("gilded-glaxx", "tiny-basilisk")
def test_purple_gilded_glaxx_armor_only_hits_do_not_kill() -> None:
    for attacker, dies in (("Timely Messenger", False), ("Tiny Basilisk", True)):
        t = table()
        t.put(0, attacker)
        gx = glaxx(t, runes=4, slot="squad leader")
        t.act(f"attack {attacker} -> Gilded Glaxx")
        assert t.alive(gx) != dies, attacker


@pytest.mark.cards("gilded-glaxx", "sacrifice-the-weak")
def test_purple_gilded_glaxx_skipped_by_weakest_unit_effects() -> None:
    t = table()
    t.put(0, "troq-bashar")
    gx = glaxx(t)
    im = t.put(1, "Iron Man")
    t.give(0, "Sacrifice the Weak")
    t.act("play Sacrifice the Weak")
    assert t.alive(gx) and not t.alive(im)


@pytest.mark.cards("gilded-glaxx", "trojan-duck")
def test_gilded_glaxx_is_skipped_by_obliterate() -> None:
    t = table()
    t.s.options["trigger_order"] = "auto"
    t.put(0, "Trojan Duck")
    gx = glaxx(t)
    a, b = t.put(1, "Iron Man"), t.put(1, "Revolver Ocelot")
    t.act("attack Trojan Duck -> base")
    t.act("choose base")
    assert t.alive(gx) and not t.alive(a) and not t.alive(b)


@pytest.mark.cards("gilded-glaxx", "harvest-reaper")
def test_general_overpower_spill_is_combat_damage() -> None:
    t = table()
    t.put(0, "Harvest Reaper")
    tm = t.put(1, "Timely Messenger", slot="squad leader")
    gx = t.put(1, "Gilded Glaxx", slot="scavenger")
    t.gold(1, 3)
    t.act("attack Harvest Reaper -> Timely Messenger")
    assert not t.alive(tm) and not t.alive(gx) and t.s.players[1].gold == 4


@pytest.mark.cards("gilded-glaxx", "revolver-ocelot")
def test_general_sparkshot_is_combat_damage() -> None:
    t = table()
    oc = t.put(0, "Revolver Ocelot")
    ob = t.put(1, "Older Brother", slot="squad leader")
    gx = t.put(1, "Gilded Glaxx", slot="elite", damage=3)
    t.gold(1, 3)
    t.act("attack Revolver Ocelot -> Older Brother")
    assert not t.alive(gx) and not t.alive(ob) and t.thing(oc).damage == 2


# -------------------------------------------------------------------- Temporal Distortion, Warp Gate


@pytest.mark.cards("temporal-distortion", "gilded-glaxx")
def test_purple_temporal_distortion_needs_the_unit_to_leave() -> None:
    t = table(PRESENT, gold=3)
    gx = t.put(0, "Gilded Glaxx")
    t.s.players[0].codex = {"sentry": 1}
    t.give(0, "Temporal Distortion")
    t.act("play Temporal Distortion")
    assert t.alive(gx) and t.s.pending is None and not things(t, "sentry")


@pytest.mark.cards("temporal-distortion")
def test_purple_temporal_distortion_token_copy_counts_as_what_it_copies() -> None:
    t = table(PRESENT)
    hy = t.put(1, "Hyperion")
    t.effect(0, [{"op": "summon", "token": "stinger", "n": 1}])
    (st,) = things(t, "stinger")
    become_copy(t.g, st, hy, "ever")  # the token is now a Hyperion: tech II, cost 5
    t.s.players[0].codex = {"chronofixer": 1}
    t.give(0, "Temporal Distortion")
    t.act("play Temporal Distortion")
    assert not t.alive(st)
    t.act("choose Chronofixer")
    assert things(t, "chronofixer")


@pytest.mark.cards("tricycloid", "temporal-distortion")
def test_purple_tricycloid_returns_as_a_fresh_copy_b() -> None:
    t = table(PRESENT, gold=10)
    t.built(0, "tech1", "tech2", spec="present")
    tc = t.put(0, "Tricycloid")
    t.thing(tc).marks["time"] = 1
    t.give(0, "Temporal Distortion")
    t.act("play Temporal Distortion")
    if t.s.pending is not None:
        t.act("choose none")
    assert tc in t.s.players[0].hand
    t.act("play Tricycloid")
    assert t.thing(tc).marks["time"] == 3 and (t.atk(tc), t.hp(tc)) == (6, 6)


@pytest.mark.cards("warp-gate-disciple")
def test_purple_warp_gate_disciple_free_and_no_tech_needed() -> None:
    t = table(PRESENT, gold=1)
    t.put(0, "Warp Gate Disciple")
    t.s.players[0].codex = {"hyperion": 1}
    t.act("ability Warp Gate Disciple")
    t.act("choose Hyperion")
    assert things(t, "hyperion") and t.s.players[0].gold == 0


@pytest.mark.cards("warp-gate-disciple", "marauder")
def test_general_boost_not_available_when_put_into_play() -> None:
    t = table(PRESENT, gold=10)
    t.workers(1, 5)
    t.put(0, "Warp Gate Disciple")
    t.s.players[0].codex = {"marauder": 1}
    t.act("ability Warp Gate Disciple")
    t.act("choose Marauder")
    assert things(t, "marauder") and t.s.pending is None
    assert t.s.players[0].gold == 9 and t.s.players[1].workers == 5


# ------------------------------------------------------------------------------------------ Assimilate


@pytest.mark.cards("assimilate")
def test_purple_assimilate_control_lasts_the_owner_keeps_the_card() -> None:
    t = table()
    bs = t.put(1, "Battle Suits")
    t.give(0, "Assimilate")
    t.act("play Assimilate")
    t.end_turn()
    assert t.thing(bs).ctrl == 0
    t.end_turn()
    assert t.thing(bs).ctrl == 0
    t.effect(1, [{"op": "destroy", "to": {"pick": {"kind": ["upgrade"]}}}])
    assert bs in t.s.players[1].discard and bs not in t.s.players[0].discard


@pytest.mark.cards("assimilate")
def test_purple_assimilate_building_card_means_a_card() -> None:
    t = table()
    t.built(1, "tech1", "tower")
    stg = t.put(1, "Slow-Time Generator")
    t.give(0, "Assimilate")
    t.act("play Assimilate")  # the only legal choice: taken at once
    assert t.thing(stg).ctrl == 0 and t.s.players[1].addon is not None


@pytest.mark.cards("assimilate", "spirit-of-the-panda")
def test_purple_assimilate_spirit_of_the_panda_splits() -> None:
    t = table()
    vir = hero_of(t)
    t.thing(vir).damage = 1
    ob = t.put(1, "Older Brother")
    sp = t.put(1, "Spirit of the Panda")
    t.thing(sp).attached = ob
    t.give(0, "Assimilate")
    t.act("play Assimilate")
    assert t.thing(sp).ctrl == 0 and t.thing(sp).attached == ob and t.atk(ob) == 4
    t.end_turn()
    t.gold(1, 0)
    t.act("attack Older Brother -> base")
    assert t.s.players[1].gold == 1
    t.end_turn()
    assert t.thing(vir).damage == 0


@pytest.mark.cards("assimilate", "two-step")
def test_purple_assimilate_channeling_without_the_hero() -> None:
    t = table()
    river = t.put(1, "river-montoya")
    a, b = t.put(1, "Older Brother"), t.put(1, "Tenderfoot")
    ts = t.put(1, "Two Step")
    t.thing(ts).caster = river
    t.thing(ts).links = [a, b]
    t.give(0, "Assimilate")
    t.act("play Assimilate")
    assert not t.alive(ts) and ts in t.s.players[1].discard


# ------------------------------------------------------------------------------------ Omegacron, Reaver


@pytest.mark.cards("omegacron")
def test_purple_omegacron_where_sacrificed_things_go() -> None:
    t = table()
    om = forecast(t, 0, "Omegacron", 6)
    ob = t.put(1, "Older Brother")
    t.effect(0, [{"op": "steal", "to": {"pick": {"kind": ["unit"]}}}])
    bs = t.put(0, "Battle Suits")
    t.workers(0, 4)
    vir = hero_of(t)
    for pick in ("Older Brother", "Battle Suits", "a worker", "Vir Garbarean"):
        t.act("ability Omegacron")
        t.act(f"choose {pick}")
    p1, p2 = t.s.players
    assert ob in p2.discard and bs in p1.discard and p1.workers == 3 and vir in p1.command
    assert p1.future == {om: 2}


@pytest.mark.cards("reaver")
def test_purple_reaver_six_damage_to_any_two() -> None:
    for picks in (
        ("Regular-sized Rhinoceros#", "Regular-sized Rhinoceros#"),
        ("Troq Bashar", "River Montoya"),
        ("Troq Bashar", "Regular-sized Rhinoceros#"),
        ("River Montoya", None),
    ):
        t = table(gold=1)
        t.put(0, "Reaver")
        t.give(0, "Neo Plexus")
        foes = [t.put(1, "troq-bashar", level=4), t.put(1, "river-montoya", level=3)]
        foes += [t.put(1, "Regular-sized Rhinoceros"), t.put(1, "Regular-sized Rhinoceros")]
        t.act("ability Reaver")
        t.act("choose 6 damage")
        hit = []
        for pick in picks:
            if pick is None:
                t.act("choose done")
                break
            option = next(a for a in t.legal() if a.startswith(f"choose {pick}"))
            t.act(option)
            hit.append(option)
        dead = [u for u in foes if not t.alive(u)]
        assert len(dead) == len([p for p in picks if p]), picks


@pytest.mark.cards("reaver")
def test_purple_reaver_trashed_workers_are_not_chosen_or_seen() -> None:
    t = table(gold=1)
    t.put(0, "Reaver")
    t.give(0, "Neo Plexus")
    t.workers(1, 5)
    t.s.players[1].worker_cards = t.give(1, "Tenderfoot", "Older Brother", zone="discard")
    t.s.players[1].discard = []
    t.act("ability Reaver")
    t.act("choose trash 2 workers")
    t.act("choose p2 workers")
    assert t.s.players[1].workers == 3 and t.s.pending is None
    for e in t.events:
        if e.kind == "worker_trashed":
            assert e.visible_to(1) and not e.visible_to(0)


# ---------------------------------------------------------------------------------------- Rememberer


@pytest.mark.cards("rememberer", "time-spiral")
def test_purple_rememberer_returns_for_free() -> None:
    t = table(PAST, gold=1)
    t.built(0, "tech1", "tech2", spec="past")
    t.put(0, "Rememberer")
    (yg,) = t.give(0, "Yesterday's Golgort", zone="discard")
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose remove")
    t.act("choose Yesterday's Golgort")
    assert t.alive(yg) and t.s.players[0].gold == 0


@pytest.mark.cards("rememberer", "tinkerer")
def test_purple_rememberer_any_removal_counts() -> None:
    t = table(PAST)
    rm = t.put(0, "Rememberer")
    t.put(0, "Tinkerer")
    (fa,) = t.give(0, "Fading Argonaut", zone="discard")
    t.act("ability Tinkerer")  # Rememberer is the only card with time runes
    t.act("choose remove")
    assert t.thing(rm).marks["time"] == 2
    t.act("choose Fading Argonaut")
    assert t.alive(fa)


@pytest.mark.cards("rememberer")
def test_purple_rememberer_may_return_herself() -> None:
    t = table(PAST)
    t.built(0, "tech1", "tech2", spec="past")
    rm = t.put(0, "Rememberer")
    t.thing(rm).marks["time"] = 1
    t.end_turn()
    t.end_turn()
    assert t.s.pending["kind"] == "order" and t.chooser() == 0
    t.act("choose Rememberer fading")
    assert rm in t.s.players[0].discard
    t.act("choose Rememberer")
    assert t.alive(rm) and t.thing(rm).marks["time"] == 3


@pytest.mark.cards("rememberer", "time-spiral")
def test_purple_rememberer_tech_3_needs_its_building() -> None:
    for tech3 in (False, True):
        t = table(PAST)
        t.built(0, "tech1", "tech2", spec="past")
        if tech3:
            t.built(0, "tech3")
        t.put(0, "Rememberer")
        (ea,) = t.give(0, "Ebbflow Archon", zone="discard")
        t.give(0, "Time Spiral")
        t.act("play Time Spiral")
        t.act("choose remove")
        assert ("choose Ebbflow Archon" in t.legal()) == tech3
        if tech3:
            t.act("choose Ebbflow Archon")
            assert t.alive(ea)


# ------------------------------------------------------------------------------------- Second Chances


def resolve_all(t: Table) -> None:
    """Answer every pending choice with its first option (for steps a test does not look at)."""
    for _ in range(20):
        if t.s.pending is None:
            return
        t.act(t.legal()[0])


@pytest.mark.cards("second-chances", "undo", "two-step")
def test_purple_second_chances_returns_a_new_object() -> None:
    t = table(PAST)
    t.put(0, "Second Chances")
    river = t.put(0, "river-montoya")
    ob = t.put(0, "Older Brother", damage=1, runes=1, exhausted=True)
    tf = t.put(0, "Tenderfoot")
    ts = t.put(0, "Two Step")
    t.thing(ts).caster, t.thing(ts).links = river, [ob, tf]
    t.give(0, "Undo")
    t.act("play Undo")
    t.act("choose Older Brother")
    th = t.thing(ob)
    assert (th.damage, th.runes, th.exhausted, th.arrived) == (0, 0, False, t.s.turn)
    assert not t.alive(ts) and not t.can("attack Older Brother -> base")


@pytest.mark.cards("second-chances")
def test_purple_second_chances_once_each_turn_any_turn() -> None:
    t = table(PAST)
    t.put(0, "Second Chances")
    obs = [t.put(0, "Older Brother") for _ in range(3)]
    bounce = [{"op": "bounce", "to": {"pick": {"kind": ["unit"], "card": "older-brother"}}}]
    for _ in range(3):
        t.effect(t.s.active, bounce)
        resolve_all(t)
        assert all(t.alive(u) for u in obs)
        t.end_turn()


@pytest.mark.cards("second-chances", "kidnapping")
def test_purple_second_chances_returns_under_the_last_controller() -> None:
    t = table(PAST)
    t.put(0, "Second Chances")
    t.put(0, "drakk-ramhorn")
    im = t.put(1, "Iron Man")
    t.give(0, "Kidnapping")
    t.act("play Kidnapping")
    assert t.thing(im).ctrl == 0
    t.effect(0, [{"op": "sacrifice", "to": {"pick": {"kind": ["unit"], "card": "iron-man"}}}])
    assert t.thing(im).ctrl == 0 and t.thing(im).owner == 1
    t.end_turn()
    assert t.thing(im).ctrl == 0


@pytest.mark.cards("second-chances", "stinger")
def test_purple_second_chances_ignores_tokens() -> None:
    t = table(PAST)
    t.put(0, "Second Chances")
    t.effect(0, [{"op": "summon", "token": "stinger", "n": 1}])
    (st,) = things(t, "stinger")
    ob = t.put(0, "Older Brother")
    t.effect(0, [{"op": "destroy", "to": {"pick": {"kind": ["unit"], "card": "stinger"}}}])
    assert not t.alive(st) and not things(t, "stinger")
    t.effect(0, [{"op": "destroy", "to": {"pick": {"kind": ["unit"], "card": "older-brother"}}}])
    assert t.alive(ob) and ob not in t.s.players[0].discard


@pytest.mark.cards("second-chances", "revolver-ocelot")
def test_purple_second_chances_not_against_combat_damage_a() -> None:
    t = table(PAST)
    t.put(0, "Second Chances")
    t.put(1, "Second Chances")
    t.built(1, "tower")
    t.put(1, "Older Brother", slot="squad leader")
    tf = t.put(1, "Tenderfoot", slot="elite", damage=1)
    t.put(0, "Revolver Ocelot")
    tm = t.put(0, "Timely Messenger")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert not t.alive(tf) and tf in t.s.players[1].discard
    t.s.players[1].patrol = [0, 0, 0, 0, 0]  # nobody patrolling: the Messenger goes for the base
    t.act("attack Timely Messenger -> base")
    assert not t.alive(tm) and tm in t.s.players[0].discard
    # Everything that died (the Ocelot and the Older Brother too) died to combat damage: nothing came back.
    assert not [e for e in t.events if e.kind == "returns"]


@pytest.mark.cards("second-chances", "undo", "rewind", "doom-grasp", "hooded-executioner", "flame-arrow")
def test_purple_second_chances_not_against_combat_damage_b() -> None:
    ways = {
        "Undo": ("prynn-pasternaak", 1, []),
        "Rewind": ("prynn-pasternaak", 7, []),
        "Doom Grasp": ("garth-torken", 1, ["Tenderfoot"]),
        "Hooded Executioner": (None, 1, []),
        "Flame Arrow": ("jaina-stormborne", 1, ["unit or hero"]),
    }
    for card, (hero, level, picks) in ways.items():
        t = table(PAST)
        if hero:
            t.thing(t.put(0, hero, level=level)).max_at_start = True
        t.put(1, "Second Chances")
        ob = t.put(1, "Older Brother")
        t.put(0, "Tenderfoot")
        t.built(0, "tech1")
        t.give(0, card)
        t.act(f"play {card} boost" if card == "Hooded Executioner" else f"play {card}")
        for pick in picks:
            if t.can(f"choose {pick}"):
                t.act(f"choose {pick}")
        if t.can("choose Older Brother"):
            t.act("choose Older Brother")
        resolve_all(t)
        back = [e for e in t.events if e.kind == "returns" and e.data["uid"] == ob]
        assert back and t.alive(ob) and t.thing(ob).ctrl == 1, card
    # Doom Grasp's sacrifice, on the caster's side: no combat damage, so the caster's Second Chances acts too.
    t = table(PAST)
    t.thing(t.put(0, "garth-torken")).max_at_start = True
    t.put(0, "Second Chances")
    t.put(1, "Second Chances")
    tf, ob = t.put(0, "Tenderfoot"), t.put(1, "Older Brother")
    t.give(0, "Doom Grasp")
    t.act("play Doom Grasp")  # the Tenderfoot, P1's only unit, is sacrificed at once
    t.act("choose Older Brother")
    resolve_all(t)
    back = {e.data["uid"] for e in t.events if e.kind == "returns"}
    assert back == {tf, ob} and t.alive(tf) and t.alive(ob)


@pytest.mark.cards("second-chances", "trojan-duck")
def test_second_chances_saves_a_unit_from_obliterate() -> None:
    t = table(PAST)
    t.s.options["trigger_order"] = "auto"
    t.put(0, "Trojan Duck")
    t.put(1, "Second Chances")
    ob = t.put(1, "Older Brother")
    t.act("attack Trojan Duck -> base")
    resolve_all(t)
    assert t.alive(ob) and [e for e in t.events if e.kind == "returns" and e.data["uid"] == ob]


# ------------------------------------------------------------------------------------ Prynn Pasternaak


@pytest.mark.cards("prynn-pasternaak", "time-spiral")
def test_purple_prynn_pasternaak_fades_however_the_last_rune_goes() -> None:
    t = table(PAST)
    pr = hero_of(t)
    t.thing(pr).marks["time"] = 1
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose remove")
    assert not t.alive(pr) and pr in t.s.players[0].command


@pytest.mark.cards("prynn-pasternaak", "time-spiral")
def test_purple_prynn_pasternaak_dies_from_fading_only_by_fading() -> None:
    t = table(PAST, level=4)
    t.thing(hero_of(t)).marks["time"] = 1
    t.give(0, "Time Spiral")
    t.act("play Time Spiral")
    t.act("choose remove")
    assert not t.s.memory.get("skip draw")
    t = table(PAST, level=4)
    t.thing(hero_of(t)).marks["time"] = 1
    t.end_turn()
    t.end_turn()
    assert t.s.memory.get("skip draw") == {"1": 1}


@pytest.mark.cards("prynn-pasternaak")
def test_purple_prynn_pasternaak_spending_her_last_two_runes() -> None:
    t = table(PAST, level=7)
    pr = hero_of(t)
    t.thing(pr).marks["time"] = 2
    ob = t.put(1, "Older Brother")
    t.act("ability Prynn Pasternaak")
    assert not t.alive(pr) and pr in t.s.players[0].command
    assert t.alive(ob) and t.thing(ob).ctrl == 1 and ob not in t.s.players[1].removed
    trashed = [i for i, e in enumerate(t.events) if e.kind == "leave" and e.data["uid"] == ob]
    died = [i for i, e in enumerate(t.events) if e.kind == "leave" and e.data["uid"] == pr]
    assert trashed and died and trashed[0] < died[0]  # trashed first, then she dies
    assert not t.s.memory.get("skip draw")


@pytest.mark.cards("prynn-pasternaak", "origin-story")
def test_purple_prynn_pasternaak_returns_under_the_last_controller() -> None:
    t = table(PAST, level=7)
    t.thing(hero_of(t)).marks["time"] = 4
    ob = t.put(1, "Older Brother")
    t.effect(0, [{"op": "steal", "to": {"pick": {"kind": ["unit"]}}}])
    t.act("ability Prynn Pasternaak")
    assert ob in t.s.players[1].removed
    t.give(0, "Origin Story")
    t.act("play Origin Story")
    assert t.alive(ob) and (t.thing(ob).ctrl, t.thing(ob).owner) == (0, 1)


@pytest.mark.cards("prynn-pasternaak", "origin-story")
def test_purple_prynn_pasternaak_return_is_a_new_object() -> None:
    t = table(PAST, level=7)
    t.thing(hero_of(t)).marks["time"] = 4
    ob = t.put(1, "Older Brother", damage=1, runes=1, exhausted=True)
    t.act("ability Prynn Pasternaak")
    t.give(0, "Origin Story")
    t.act("play Origin Story")
    th = t.thing(ob)
    assert (th.damage, th.runes, th.exhausted, th.arrived) == (0, 0, False, t.s.turn)


# ---------------------------------------------------------------------------------------------- Sentry


@pytest.mark.cards("sentry", "revolver-ocelot")
def test_purple_sentry_stops_sparkshot_and_tower_damage() -> None:
    t = table(PRESENT)
    t.put(1, "Sentry")
    ob = t.put(1, "Older Brother", slot="squad leader")
    tf = t.put(1, "Tenderfoot", slot="elite")
    t.put(0, "Revolver Ocelot")
    t.act("attack Revolver Ocelot -> Older Brother")
    assert t.thing(tf).damage == 0 and not t.alive(ob)


@pytest.mark.cards("sentry", "xenostalker")
def test_sentry_picks_one_of_several_hit_at_once_at_random() -> None:
    spared = set()
    for seed in range(12):
        t = table(PRESENT)
        t.s.seed = seed
        t.put(1, "Sentry")
        a = t.put(1, "Tenderfoot", slot="elite")
        b = t.put(1, "Tenderfoot", slot="scavenger")
        t.put(0, "Xenostalker")
        t.act("attack Xenostalker -> base")
        t.act(f"choose {t.name(a)}")
        t.act(f"choose {t.name(b)}")
        hurt = [u for u in (a, b) if t.thing(u).damage]
        assert len(hurt) == 1
        spared.add(b if hurt == [a] else a)
    assert len(spared) == 2


# ----------------------------------------------------------------------------------------- Double Time


@pytest.mark.cards("double-time")
def test_purple_double_time_extra_turns_stack() -> None:
    t = table(gold=0)
    forecast(t, 0, "Double Time", 1)
    forecast(t, 0, "Double Time", 1)
    t.end_turn()
    t.end_turn()
    resolve_all(t)
    seats = []
    for _ in range(4):
        seats.append(t.s.active)
        t.act("end")
        if t.s.phase == "await_tech":
            t.pick_tech(t.s.active)
        resolve_all(t)
    assert seats == [0, 0, 0, 1]


@pytest.mark.cards("promise-of-payment", "building-inspector", "slow-time-generator")
def test_purple_promise_of_payment_increases_are_still_paid() -> None:
    t = table(gold=1)
    t.built(0, "tech1", "tech2", spec="past")
    t.put(1, "Building Inspector")
    t.give(0, "Promise of Payment", "Slow-Time Generator")
    t.act("play Promise of Payment")
    t.act("play Slow-Time Generator")
    assert things(t, "slow-time-generator") and t.s.players[0].gold == 0 and owing(t) == 5


@pytest.mark.cards("chronofixer", "blackhand-resurrector")
def test_purple_chronofixer_resurrected_hero_stays_at_level_1() -> None:
    t = table(PRESENT)
    t.put(0, "Chronofixer")
    t.end_turn()
    garth = t.put(1, "garth-torken", level=3)
    t.effect(0, [{"op": "destroy", "to": {"each": {"kind": ["hero"], "side": "opponent"}}}])
    assert garth in t.s.players[1].command
    t.put(1, "Blackhand Resurrector")
    t.act("ability Blackhand Resurrector")
    assert t.alive(garth) and t.thing(garth).level == 1
